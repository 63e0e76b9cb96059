"""Random-game steps per second through the Python package, side by side with
OpenSpiel's `pyspiel` in the same run (pip packages `rulebook` from this
repository and `open_spiel`). A step is one action: a jump of a capture
sequence is one in both systems. Speed is measured here, never in tests.

    pip install . open_spiel
    python3 bench/python/steps.py [SECONDS] [ROUNDS]

Ways measured, each a random game to its end or 300 plies:
- `moves`: `State.legal_moves()` and `State.play(text)` (move notation; one step a move);
- `actions`: `State.legal_actions()` and `State.apply_action(a)`, as pyspiel is driven;
- `batch`: 256 games a `Batch`, one `Batch.step` a step of all, the actions drawn
  by NumPy from `Batch.legal_actions()` (Python per step of the batch, not per game);
- `engine`: the same batch stepped by `Batch.random_steps` (no Python per step).
"""

import random
import sys
import time

import numpy as np
import pyspiel

import rulebook

GAMES = 256


def steps_per_second(new_game, over, moves, play, seconds):
    """Random games for `seconds`: steps made a second, games cut at 300 steps."""
    rng = random.Random(1)
    steps, start = 0, time.time()
    while time.time() - start < seconds:
        state, plies = new_game(), 0
        while not over(state) and plies < 300:
            play(state, rng.choice(moves(state)))
            plies += 1
        steps += plies
    return steps / (time.time() - start)


def by_moves(game, seconds):
    return steps_per_second(game.new_state, lambda s: s.outcome is not None, lambda s: s.legal_moves(),
                            lambda s, m: s.play(m), seconds)


def by_actions(game, seconds):
    return steps_per_second(game.new_state, lambda s: s.outcome is not None, lambda s: s.legal_actions(),
                            lambda s, a: s.apply_action(a), seconds)


def by_batch(game, seconds):
    batch, rng = game.batch(GAMES, seed=1, max_plies=300), np.random.default_rng(1)
    steps, start = 0, time.time()
    while time.time() - start < seconds:
        actions, starts = batch.legal_actions()
        counts = np.diff(starts)
        batch.step(actions[starts[:-1] + (rng.random(GAMES) * counts).astype(np.int64)])
        steps += GAMES
    return steps / (time.time() - start)


def by_engine(game, seconds):
    batch = game.batch(GAMES, seed=1, max_plies=300)
    steps, start = 0, time.time()
    while time.time() - start < seconds:
        batch.random_steps(10)
        steps += 10 * GAMES
    return steps / (time.time() - start)


def openspiel(name, seconds):
    game = pyspiel.load_game(name)
    return steps_per_second(game.new_initial_state, lambda s: s.is_terminal(), lambda s: s.legal_actions(),
                            lambda s, a: s.apply_action(a), seconds)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    ways = {"moves": by_moves, "actions": by_actions, "batch": by_batch, "engine": by_engine}
    for _ in range(rounds):
        for path, name in [("games/breakthrough.game", "breakthrough"), ("games/english-draughts.game", "checkers")]:
            game = rulebook.load(path)
            theirs = openspiel(name, seconds)
            ours = {way: f(game, seconds) for way, f in ways.items()}
            line = "  ".join(f"{way} {v:9.0f} ({v / theirs:5.2f}x)" for way, v in ours.items())
            print(f"{name:13} pyspiel {theirs:8.0f} steps/s | rulebook {line}", flush=True)


if __name__ == "__main__":
    main()
