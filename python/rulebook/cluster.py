"""Series of games spread over a Ray cluster: ``match``, ``balance`` and
``simulate`` with the figures of the functions of the same name in
``rulebook``, whatever the number of workers.

A series is split into ranges of games; each range is a Ray task that plays
its games (game ``i`` from the series' seed and ``i`` alone, as one process
plays it) and returns their counts, and the counts are merged exactly. With
no ``address`` the functions start (or join) a Ray cluster on this machine;
``address="auto"`` or ``"ray://host:10001"`` joins an existing one. Every
node must be able to read the game files at the same paths (docs/python.md,
"Past one machine").

Needs ``ray`` (``pip install '.[cluster]'``).
"""

from __future__ import annotations

import sys
import time

import ray

from . import _native

__all__ = ["match", "balance", "simulate"]


def _start(address):
    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False, include_dashboard=False)


def _ranges(games, parts):
    """`parts` ranges of about equal size covering 0..games, in order."""
    if parts is None:
        parts = max(1, int(ray.cluster_resources().get("CPU", 1)) * 4)
    parts = max(1, min(parts, games))
    size, extra = divmod(games, parts)
    first = 0
    for k in range(parts):
        count = size + (1 if k < extra else 0)
        yield first, count
        first += count


@ray.remote
def _part(name, args, kwargs):
    return getattr(_native, name)(*args, **kwargs)


def _gather(what, tasks, progress):
    """The tasks' results in the order given, showing the games done so far."""
    refs = [_part.remote(*t) for t, _ in tasks]
    sizes = dict(zip(refs, (count for _, count in tasks)))
    total, done, pending, shown = sum(sizes.values()), 0, list(refs), 0.0
    while pending:
        ready, pending = ray.wait(pending, num_returns=1, timeout=1.0)
        done += sum(sizes[r] for r in ready)
        if progress and (time.time() - shown > 0.5 or not pending):
            print(f"\r{what}: {done}/{total} games", end="" if pending else "\n", file=sys.stderr, flush=True)
            shown = time.time()
    return ray.get(refs)


def match(game, players, games=100, seed=1, swap=False, max_plies=None, position=None, *, address=None,
          parts=None, progress=True):
    """``rulebook.match`` over Ray: the same figures for the same seed."""
    _start(address)
    tasks = [(("_match_part", (game, players, seed, first, count),
               {"swap": swap, "max_plies": max_plies, "position": position}), count)
             for first, count in _ranges(games, parts)]
    return _native._match_merge(game, players, seed, swap, _gather("match", tasks, progress))


def balance(games_to_compare, agent="mcts:iterations=1000", games=100, seed=1, max_plies=None, *, address=None,
            parts=None, progress=True):
    """``rulebook.balance`` over Ray: the same figures for the same seed."""
    _start(address)
    ranges = list(_ranges(games, parts))
    tasks = [(("_balance_part", (game, agent, seed, first, count), {"max_plies": max_plies}), count)
             for game in games_to_compare for first, count in ranges]
    results = _gather("balance", tasks, progress)
    per_game = [results[i * len(ranges):(i + 1) * len(ranges)] for i in range(len(games_to_compare))]
    return _native._balance_merge(games_to_compare, agent, seed, per_game)


def simulate(game, games=1000, seed=1, max_plies=None, position=None, *, address=None, parts=None, progress=True):
    """``rulebook.simulate`` over Ray: the same figures for the same seed."""
    _start(address)
    tasks = [(("_simulate_part", (game, seed, first, count), {"max_plies": max_plies, "position": position}), count)
             for first, count in _ranges(games, parts)]
    return _native._simulate_merge(game, seed, max_plies, _gather("simulate", tasks, progress))
