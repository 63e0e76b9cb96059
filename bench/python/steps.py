"""Random-game steps per second through the Python package, side by side with
OpenSpiel's `pyspiel` in the same run (pip packages `rulebook` from this
repository and `open_spiel`). Speed is measured here, never in tests.

    pip install . open_spiel
    python3 bench/python/steps.py [SECONDS] [ROUNDS]
"""

import random
import sys
import time

import pyspiel

import rulebook


def steps_per_second(new_game, over, moves, play, seconds):
    """Random games for `seconds`: plies made a second, games cut at 300 plies."""
    rng = random.Random(1)
    steps, start = 0, time.time()
    while time.time() - start < seconds:
        state, plies = new_game(), 0
        while not over(state) and plies < 300:
            play(state, rng.choice(moves(state)))
            plies += 1
        steps += plies
    return steps / (time.time() - start)


def rulebook_steps(path, seconds):
    game = rulebook.load(path)
    return steps_per_second(game.new_state, lambda s: s.outcome is not None, lambda s: s.legal_moves(),
                            lambda s, m: s.play(m), seconds)


def openspiel_steps(name, seconds):
    game = pyspiel.load_game(name)
    return steps_per_second(game.new_initial_state, lambda s: s.is_terminal(), lambda s: s.legal_actions(),
                            lambda s, a: s.apply_action(a), seconds)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    for _ in range(rounds):
        for path, name in [("games/breakthrough.game", "breakthrough"), ("games/english-draughts.game", "checkers")]:
            ours, theirs = rulebook_steps(path, seconds), openspiel_steps(name, seconds)
            print(f"{name:13} rulebook {ours:8.0f} steps/s   pyspiel {theirs:8.0f} steps/s   ratio {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
