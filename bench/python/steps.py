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


def rulebook_steps(path, seconds):
    game = rulebook.load(path)
    rng = random.Random(1)
    steps, start = 0, time.time()
    while time.time() - start < seconds:
        state = game.new_state()
        while state.outcome is None and len(state.plies) < 300:
            state.play(rng.choice(state.legal_moves()))
            steps += 1
    return steps / (time.time() - start)


def openspiel_steps(name, seconds):
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    steps, start = 0, time.time()
    while time.time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.time() - start)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    for _ in range(rounds):
        for path, name in [("games/breakthrough.game", "breakthrough"), ("games/english-draughts.game", "checkers")]:
            ours, theirs = rulebook_steps(path, seconds), openspiel_steps(name, seconds)
            print(f"{name:13} rulebook {ours:8.0f} steps/s   pyspiel {theirs:8.0f} steps/s   ratio {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
