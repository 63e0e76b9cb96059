"""Perft from OpenSpiel's own implementations (pip package `open_spiel`),
an engine written without any knowledge of rulebook, for the games both
systems have.

    pip install open_spiel
    python3 tests/reference/openspiel_perft.py GAME DEPTH [PARAM=VALUE ...]
    python3 tests/reference/openspiel_perft.py othello-positions COUNT PLIES SEED DEPTH
    python3 tests/reference/openspiel_perft.py hex-positions SIZE COUNT PLIES SEED DEPTH

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
    if sys.argv[1] == "hex-positions":
        # hex-positions SIZE COUNT PLIES SEED DEPTH
        hex_positions(*(int(a) for a in sys.argv[2:7]))
        return
    if sys.argv[1] == "othello-positions":
        # othello-positions COUNT PLIES SEED DEPTH
        othello_positions(*(int(a) for a in sys.argv[2:6]))
        return
    name, depth = sys.argv[1], int(sys.argv[2])
    params = {}
    for kv in sys.argv[3:]:
        k, v = kv.split("=", 1)
        params[k] = int(v) if v.lstrip("-").isdigit() else v
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    print(" ".join(str(perft(state, d)) for d in range(1, depth + 1)))



def hex_positions(size, count, plies, seed, depth):
    """Positions of random Hex games (OpenSpiel's `hex`, no swap) in rulebook's
    notation (games/hex.game with that size: the same labels, red = OpenSpiel's
    x, joining ranks), with OpenSpiel's perft from each."""
    import random

    rng = random.Random(seed)
    game = pyspiel.load_game("hex", {"board_size": size})
    for _ in range(count):
        state = game.new_initial_state()
        for _ in range(plies):
            if state.is_terminal():
                break
            state = state.child(rng.choice(state.legal_actions()))
        sides = {"x": [], "o": []}
        for row, line in enumerate(str(state).splitlines()[:size]):
            for file, c in zip("abcdefghijklmnopqrs", line.split()):
                if c in sides:
                    sides[c].append((row + 1, file))
        def side(letter, key):
            return letter + ",".join(f + str(r) for r, f in sorted(sides[key]))
        turn = "R" if state.current_player() in (0, pyspiel.PlayerId.TERMINAL) and len(sides["x"]) == len(sides["o"]) else "B"
        counts = " ".join(str(perft(state, d)) for d in range(1, depth + 1))
        print(f"{turn}:{side('R', 'x')}:{side('B', 'o')} | {counts}")


def othello_positions(count, plies, seed, depth):
    """Positions of random Othello games in rulebook's notation (games/reversi.game:
    OpenSpiel's board labels are the same squares), with OpenSpiel's perft from each."""
    import random

    rng = random.Random(seed)
    game = pyspiel.load_game("othello")
    for _ in range(count):
        state = game.new_initial_state()
        for _ in range(plies):
            if state.is_terminal():
                break
            state = state.child(rng.choice(state.legal_actions()))
        rows = str(state).splitlines()[2:10]
        sides = {"x": [], "o": []}
        for line in rows:
            cells = line.split()
            row = cells[0]
            for file, c in zip("abcdefgh", cells[1:9]):
                if c in sides:
                    sides[c].append((int(row), file))
        def side(letter, key):
            return letter + ",".join(f + str(r) for r, f in sorted(sides[key]))
        turn = "B" if state.current_player() == 0 else "W"
        counts = " ".join(str(perft(state, d)) for d in range(1, depth + 1))
        print(f"{turn}:{side('B', 'x')}:{side('W', 'o')} | {counts}")


if __name__ == "__main__":
    main()
