"""The speed-up of rulebook.cluster from 1 to 2 Ray workers on this machine:
the same series (a simulation and a match) timed on a local cluster of one
worker and of two, each in a fresh process, the figures checked equal.
Speed is measured here, never in tests.

    pip install '.[cluster]'
    python3 bench/python/cluster.py [ROUNDS]
"""

import json
import subprocess
import sys

RUN = r"""
import json, sys, time, ray, rulebook
from rulebook import cluster
ray.init(num_cpus=int(sys.argv[1]), log_to_driver=False, include_dashboard=False)
game = rulebook.load("games/breakthrough.game")
times, figures = {}, {}
start = time.time()
figures["simulate"] = cluster.simulate(game, games=100_000, seed=1, progress=False)
times["simulate"] = time.time() - start
start = time.time()
m = cluster.match(game, {"white": "mcts:iterations=300", "black": "greedy"}, games=40, seed=1, swap=True,
                  progress=False)
times["match"] = time.time() - start
for work in m["speed"].values():
    work.pop("per_second")
figures["match"] = m
print(json.dumps({"times": times, "figures": figures}))
"""


def run(workers):
    out = subprocess.run([sys.executable, "-c", RUN, str(workers)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    for _ in range(rounds):
        one, two = run(1), run(2)
        assert one["figures"] == two["figures"], "the figures differ between 1 and 2 workers"
        for what in ("simulate", "match"):
            a, b = one["times"][what], two["times"][what]
            print(f"{what:9} 1 worker {a:6.2f} s   2 workers {b:6.2f} s   speed-up {a / b:.2f}x", flush=True)


if __name__ == "__main__":
    main()
