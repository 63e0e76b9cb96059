"""Perft from OpenSpiel's own implementations (pip package `open_spiel`),
an engine written without any knowledge of rulebook, for the games both
systems have.

    pip install open_spiel
    python3 tests/reference/openspiel_perft.py GAME DEPTH [PARAM=VALUE ...]

GAME is an OpenSpiel short name (tic_tac_toe, connect_four, gomoku, ...).
Prints the counts for depths 1..DEPTH on one line. A finished game has no
moves; the last ply is counted by the length of the legal-move list.
The tables in tests/perft.txt that cite this script were generated once with
open_spiel 2.0.2 and are stored there; the tests do not need OpenSpiel.
"""

import sys

import pyspiel


def perft(state, depth):
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.child(a)
        total += perft(child, depth - 1)
    return total


def main():
    name, depth = sys.argv[1], int(sys.argv[2])
    params = {}
    for kv in sys.argv[3:]:
        k, v = kv.split("=", 1)
        params[k] = int(v) if v.lstrip("-").isdigit() else v
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    print(" ".join(str(perft(state, d)) for d in range(1, depth + 1)))


if __name__ == "__main__":
    main()
