"""Board games as text files, checked, played and simulated by one generic
engine: load a game, play it by move notation or by action numbers, step
batches of games, and (in ``rulebook.envs``) Gymnasium and PettingZoo
environments for any game file. See docs/python.md."""

from ._native import Batch, Game, GameError, IllegalMove, State, balance, load, simulate
from ._native import match  # noqa: F401 (a soft keyword, fine as a name)

__all__ = ["Batch", "Game", "GameError", "IllegalMove", "State", "balance", "load", "match", "simulate"]
