"""rulebook.cluster: match, balance and simulate spread over a local Ray
cluster of several worker processes give the single process's figures."""

import pathlib
import pickle

import pytest

ray = pytest.importorskip("ray")

import rulebook  # noqa: E402
from rulebook import cluster  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", autouse=True)
def local_cluster():
    ray.init(num_cpus=4, log_to_driver=False, include_dashboard=False)
    yield
    ray.shutdown()


def test_a_game_is_pickled_as_its_file_and_options():
    game = rulebook.load(ROOT / "games/tablut.game", options={"dice": "false"})
    again = pickle.loads(pickle.dumps(game))
    assert again.options == {"dice": "false"} and again.perft(2) == game.perft(2) == 4376


@pytest.mark.parametrize("parts", [1, 3, 8])
def test_simulate_over_workers_equals_one_process(parts):
    game = rulebook.load(ROOT / "games/backgammon.game")
    one = rulebook.simulate(game, games=300, seed=7, max_plies=200)
    assert cluster.simulate(game, games=300, seed=7, max_plies=200, parts=parts, progress=False) == one
    assert one["games"] == 300 and one["unfinished"] + one["draws"] + sum(
        p["wins"] for p in one["players"].values()) == 300


def test_match_over_workers_equals_one_process():
    game = rulebook.load(ROOT / "games/breakthrough.game")
    players = {"white": "mcts:iterations=30", "black": "greedy"}
    one = rulebook.match(game, players, games=10, seed=2, swap=True)
    many = cluster.match(game, players, games=10, seed=2, swap=True, parts=4, progress=False)
    for figures in (one, many):
        for work in figures["speed"].values():
            work.pop("per_second")  # a rate over time; the work itself must agree
    assert many == one


def test_a_match_of_three_seats_over_workers_equals_one_process():
    # The parts' counts are per agent and seat, and merge for any number of them.
    game = rulebook.load(ROOT / "games/chinese-checkers.game", options={"players": "3"})
    players = {"red": "alphabeta:depth=1", "yellow": "random", "blue": "greedy"}
    one = rulebook.match(game, players, games=6, seed=3, swap=True, max_plies=30)
    many = cluster.match(game, players, games=6, seed=3, swap=True, max_plies=30, parts=3, progress=False)
    for figures in (one, many):
        for work in figures["speed"].values():
            work.pop("per_second")
    assert many == one
    assert len(one["agents"]) == 3 and one["elo"] is None
    assert all(a["sides"][s]["games"] == 2 for a in one["agents"] for s in ("red", "yellow", "blue"))


def test_balance_over_workers_equals_one_process():
    games = [rulebook.load(ROOT / "games/tabal.game"), rulebook.load(ROOT / "games/variants/tabal-black-first.toml")]
    one = rulebook.balance(games, agent="greedy", games=40, seed=4)
    assert cluster.balance(games, agent="greedy", games=40, seed=4, parts=3, progress=False) == one
    assert [f["file"] for f in one["files"]] == [str(ROOT / "games/tabal.game"),
                                                str(ROOT / "games/variants/tabal-black-first.toml")]
