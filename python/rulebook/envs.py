"""Learning environments for any game file: a PettingZoo AEC environment
(every seat an agent) and a Gymnasium environment (one seat against a
built-in agent or a function).

Actions are the game's action numbers (``Game.num_actions``; a move is one
action or a few, see docs/python.md), observations a dict of
``"observation"`` (float32, laid out as ``Game.observation_layout`` says,
from the observing seat) and ``"action_mask"`` (int8, 1 for each open
action). Dice are rolled by the environment; the roll is in the observation.
A seed given to ``reset`` makes the game's dice and the built-in opponent
reproducible.

Needs ``gymnasium`` and ``pettingzoo`` (``pip install .[envs]``).
"""

from __future__ import annotations

import os
import random

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import Game, State, load

__all__ = ["RulebookAEC", "RulebookGym", "aec_env", "gym_env"]


def _game(game, options) -> Game:
    if isinstance(game, Game):
        if options:
            raise ValueError("options are given when loading a game; pass a path to have them applied")
        return game
    return load(os.fspath(game), options=options)


def _spaces(game: Game):
    obs = spaces.Dict(
        {
            "observation": spaces.Box(0.0, np.inf, (game.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8),
        }
    )
    return obs, spaces.Discrete(game.num_actions)


def _render(state: State, mode):
    if mode == "ansi":
        return state.render()
    if mode == "svg":
        return state.svg()
    if mode == "human":
        print(state.render())
    return None


class RulebookAEC(AECEnv):
    """Every player of the game is an agent, named as the game names its
    players; the agent to act is the player to move (several actions in a
    row while a move of several actions is chosen). Rewards: 1 to the
    winner, -1 to the loser, 0 to all for a draw or a game cut at
    ``max_plies``."""

    metadata = {"render_modes": ["human", "ansi", "svg"], "name": "rulebook_v0", "is_parallelizable": False}

    def __init__(self, game, options=None, max_plies=None, render_mode=None):
        super().__init__()
        self.game = _game(game, options)
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.possible_agents = list(self.game.players)
        obs, act = _spaces(self.game)
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: act for a in self.possible_agents}
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = random.getrandbits(63)
        self.state = self.game.new_state(seed=seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.state.current_player]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
            mask = self.state.action_mask()
        else:
            mask = np.zeros(self.game.num_actions, np.int8)
        return {"observation": self.state.observation(player=seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self.state.apply_action(int(action))
        if self.state.outcome is not None:
            scores = self.state.returns()
            self.rewards = {a: scores[i] for i, a in enumerate(self.agents)}
            self.terminations = {a: True for a in self.agents}
        else:
            self.rewards = {a: 0 for a in self.agents}
            if self.max_plies is not None and len(self.state.plies) >= self.max_plies:
                self.truncations = {a: True for a in self.agents}
        self.agent_selection = self.agents[self.state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        return _render(self.state, self.render_mode)

    def close(self):
        pass


def aec_env(game, options=None, max_plies=None, render_mode=None):
    """The PettingZoo AEC environment of a game (a path, or a loaded
    ``Game``), wrapped as PettingZoo's own games are (order enforced)."""
    return wrappers.OrderEnforcingWrapper(RulebookAEC(game, options, max_plies, render_mode))


class RulebookGym(gymnasium.Env):
    """One seat of a game against an opponent, which plays its moves inside
    ``reset`` and ``step``: a built-in agent as ``rulebook match`` names it
    (``"random"``, ``"greedy"``, ``"mcts:iterations=200"``), or a function
    from the state to a move in notation. The reward is 1, -1 or 0 when the
    game ends (0 if cut at ``max_plies``), else 0. An action that is not
    open raises ``rulebook.IllegalMove``, or with ``illegal="lose"`` ends the
    episode with reward -1 (``info["illegal"]`` is then True).
    ``action_masks()`` gives the mask as sb3-contrib's maskable agents ask."""

    metadata = {"render_modes": ["human", "ansi", "svg"]}

    def __init__(self, game, seat=0, opponent="random", options=None, max_plies=None, render_mode=None, illegal="raise"):
        super().__init__()
        if illegal not in ("raise", "lose"):
            raise ValueError(f'illegal is "raise" or "lose", not {illegal!r}')
        self.illegal = illegal
        self.game = _game(game, options)
        if not 0 <= seat < len(self.game.players):
            raise ValueError(f"no seat {seat}: the game has {len(self.game.players)} players")
        self.seat = seat
        self.opponent = opponent
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.observation_space, self.action_space = _spaces(self.game)
        self.state = None

    def _observe(self):
        return {"observation": self.state.observation(player=self.seat), "action_mask": self.state.action_mask()}

    def _cut(self):
        return self.max_plies is not None and len(self.state.plies) >= self.max_plies

    def _opponents_play(self):
        while self.state.outcome is None and self.state.current_player != self.seat and not self._cut():
            if callable(self.opponent):
                self.state.play(self.opponent(self.state))
            else:
                self.state.play(self.state.agent_move(self.opponent))

    def _info(self):
        return {"plies": len(self.state.plies), "outcome": self.state.outcome}

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**63 - 1))
        self.state = self.game.new_state(seed=seed)
        self._opponents_play()
        return self._observe(), self._info()

    def action_masks(self):
        return self.state.action_mask().astype(bool)

    def step(self, action):
        if self.illegal == "lose" and int(action) not in self.state.legal_actions():
            return self._observe(), -1.0, True, False, dict(self._info(), illegal=True)
        self.state.apply_action(int(action))
        self._opponents_play()
        terminated = self.state.outcome is not None
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        truncated = not terminated and self._cut()
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self):
        return _render(self.state, self.render_mode)


def gym_env(game, seat=0, opponent="random", options=None, max_plies=None, render_mode=None, illegal="raise"):
    """The Gymnasium environment of one seat of a game (a path, or a loaded ``Game``)."""
    return RulebookGym(game, seat, opponent, options, max_plies, render_mode, illegal)
