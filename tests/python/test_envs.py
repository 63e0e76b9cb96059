"""The Gymnasium and PettingZoo environments (rulebook.envs) over every
shipped game, checked by the two projects' own test functions."""

import functools
import pathlib
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import rulebook  # noqa: E402
from rulebook.envs import aec_env, gym_env  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "games").glob("*.game")) + sorted((ROOT / "games/variants").glob("*.toml"))


@pytest.fixture(autouse=True)
def quiet():
    # PettingZoo advises Box observations and `player_0` names; the classic
    # games it ships have dict observations too, and the game names its players.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_pettingzoo_api_test_passes(path):
    api_test(aec_env(path, max_plies=200), num_cycles=200)


@pytest.mark.parametrize("players", ["3", "4", "6"])
def test_pettingzoo_api_test_passes_with_more_players(players):
    env = aec_env(ROOT / "games/chinese-checkers.game", options={"players": players}, max_plies=60)
    assert len(env.possible_agents) == int(players)
    api_test(env, num_cycles=60)


@pytest.mark.parametrize("name", ["tablut", "backgammon", "english-draughts"])
def test_pettingzoo_seed_test_passes(name):
    seed_test(functools.partial(aec_env, ROOT / f"games/{name}.game", max_plies=100), num_cycles=100)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_gymnasium_env_checker_passes(path):
    check_env(gym_env(path, seat=1, max_plies=100, illegal="lose"), skip_render_check=True)


def random_game_rewards(env, seed):
    """Plays `env` to its end with random legal actions; each agent's last reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return final


def test_an_aec_game_to_its_end_rewards_the_winner():
    env = aec_env(ROOT / "games/tic-tac-toe.game")
    final = random_game_rewards(env, 1)
    winner = env.unwrapped.state.outcome["winner"]
    assert winner is not None  # this seed's game is won
    assert final == {p: (1 if p == winner else -1) for p in env.possible_agents}


def test_an_aec_game_played_on_for_places_rewards_each_place():
    env = aec_env(ROOT / "games/ludo.game", options={"places": "all"}, max_plies=5000)
    api_test(env, num_cycles=300)
    final = random_game_rewards(env, 2)
    places = env.unwrapped.state.outcome["places"]
    assert sorted(places) == sorted(env.possible_agents)
    # First to last: 1, 1/3, -1/3, -1.
    assert [final[p] for p in places] == pytest.approx([1, 1 / 3, -1 / 3, -1])


def test_gym_seat_against_an_agent_or_a_function():
    env = gym_env(ROOT / "games/breakthrough.game", seat=1, opponent="greedy")
    obs, info = env.reset(seed=3)
    assert info["plies"] == 1  # white, the greedy agent, has moved
    again, _ = env.reset(seed=3)
    assert (obs["observation"] == again["observation"]).all()
    calls = []

    def first_move(state):
        calls.append(state.position)
        return state.legal_moves()[0]

    env = gym_env(ROOT / "games/breakthrough.game", seat=0, opponent=first_move)
    obs, _ = env.reset(seed=0)
    assert calls == []  # the seat moves first
    total, done = 0.0, False
    while not done:
        mask = env.unwrapped.action_masks()
        obs, reward, done, truncated, info = env.step(int(np.flatnonzero(mask)[-1]))
        total += reward
    assert calls and total in (1.0, -1.0) and info["outcome"]["winner"] in ("white", "black")
    strict = gym_env(ROOT / "games/breakthrough.game")
    strict.reset(seed=0)
    with pytest.raises(rulebook.IllegalMove, match="not open"):
        strict.step(strict.action_space.n - 1)
