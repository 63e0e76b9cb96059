"""Actions, observations, batches and agents from Python, against the
notation API of the same package: a move played by its actions is the move
played by its notation, a batch steps exactly as single states do."""

import pathlib
import random

import numpy as np
import pytest

import rulebook

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "games").glob("*.game"))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_moves_played_by_actions_are_the_moves(path):
    game = rulebook.load(path)
    by_actions, by_notation = game.new_state(seed=3), game.new_state(seed=3)
    rng = random.Random(path.stem)
    while by_notation.outcome is None and len(by_notation.plies) < 150:
        moves = by_notation.legal_moves()
        move = rng.choice(moves)
        actions = by_actions.actions(move)
        firsts = sorted({by_actions.actions(m)[0] for m in moves})
        assert by_actions.legal_actions() == firsts
        mask = by_actions.action_mask()
        assert mask.shape == (game.num_actions,) and mask.dtype == np.int8
        assert list(np.flatnonzero(mask)) == firsts
        for i, a in enumerate(actions):
            assert a in by_actions.legal_actions()
            assert by_actions.pending == actions[:i]
            obs = by_actions.observation()
            assert obs.shape == (game.observation_size,) and obs.dtype == np.float32
            assert obs[-1] == 1.0  # the observer is to move
            by_actions.apply_action(a)
        by_notation.play(move)
        assert by_actions.position == by_notation.position
        assert by_actions.pending == []
    assert by_actions.returns() == by_notation.returns()


def test_observation_layout_adds_up_and_sees_from_each_seat():
    game = rulebook.load(ROOT / "games/tabal.game")
    layout = dict((name, tuple(shape)) for name, shape in game.observation_layout)
    assert layout["pieces"] == (2, len(game.kinds), len(game.points))
    assert sum(int(np.prod(shape)) for shape in layout.values()) == game.observation_size
    state = game.new_state()
    n = len(game.points) * len(game.kinds)
    mine, theirs = state.observation(player=0), state.observation(player=1)
    # Each seat sees its own pieces first: white's planes for white are black's second planes.
    assert (mine[:n] == theirs[n : 2 * n]).all() and (mine[n : 2 * n] == theirs[:n]).all()
    # Where the position notation puts white's men (`W:Wa1,c1,...:B...`), and nowhere else.
    white = state.position.split(":")[1][1:].split(",")
    assert [game.points[i] for i in np.flatnonzero(mine[:n])] == sorted(white, key=game.points.index)
    assert (mine[-1], theirs[-1]) == (1.0, 0.0)


def test_a_choice_of_kind_and_a_declinable_promotion_are_actions_of_their_own():
    chess = rulebook.load(ROOT / "games/chess.game")
    state = chess.new_state(position="k7/4P3/8/8/8/8/8/K7 w - - 0 1")
    step = state.actions("e7-e8=Q")[0]
    assert chess.action_name(step) == "e7-e8"
    state.apply_action(step)
    assert sorted(chess.action_name(a) for a in state.legal_actions()) == ["=B", "=N", "=Q", "=R"]
    state.undo()  # the chosen step only
    assert state.pending == [] and state.plies == []
    shogi = rulebook.load(ROOT / "games/shogi.game")
    state = shogi.new_state(position="S:SKe1,e6:GKa9")
    # e6-e7 may promote or not: the step, then the kind or `pass` to decline.
    assert [shogi.action_name(a) for a in state.actions("e6-e7")] == ["e6-e7", "pass"]
    assert [shogi.action_name(a) for a in state.actions("e6-e7=T")] == ["e6-e7", "=T"]
    with pytest.raises(rulebook.IllegalMove, match="not open"):
        state.apply_action(state.actions("e6-e7")[1])


def test_a_capture_sequence_and_a_dice_turn_are_one_action_a_step():
    draughts = rulebook.load(ROOT / "games/english-draughts.game")
    state = draughts.new_state(position="B:W18,27:B14")  # PDN square numbers
    assert state.legal_moves() == ["c5xe3xg1"]
    assert [draughts.action_name(a) for a in state.actions("c5xe3xg1")] == ["c5-e3", "e3-g1"]
    state.apply_action(state.actions("c5xe3xg1")[0])
    assert state.turn == "black" and state.plies == []  # still black's move, half made
    backgammon = rulebook.load(ROOT / "games/backgammon.game")
    state = backgammon.new_state(seed=2)
    turn = state.legal_moves()[0]
    assert len(state.actions(turn)) == turn.count(",") + 1


@pytest.mark.parametrize("name", ["english-draughts", "backgammon", "shogi", "oware"])
def test_a_batch_steps_as_single_states_do(name):
    game = rulebook.load(ROOT / f"games/{name}.game")
    batch = game.batch(3, seed=10, max_plies=60)
    states = [game.new_state(seed=10 + i) for i in range(3)]
    next_seed = 13
    rng = np.random.default_rng(0)
    for _ in range(400):
        actions, starts = batch.legal_actions()
        masks = batch.action_masks()
        chosen = []
        for i, state in enumerate(states):
            open_ = list(actions[starts[i] : starts[i + 1]])
            assert open_ == state.legal_actions() == list(np.flatnonzero(masks[i]))
            chosen.append(int(rng.choice(open_)))
        assert list(batch.current_players()) == [s.current_player for s in states]
        assert (batch.observations() == np.stack([s.observation() for s in states])).all()
        rewards, ended, cut = batch.step(np.array(chosen, dtype=np.int64))
        for i, state in enumerate(states):
            state.apply_action(chosen[i])
            over = state.outcome is not None
            assert ended[i] == over
            assert cut[i] == (not over and len(state.plies) >= 60)
            if over:
                assert list(rewards[i]) == state.returns()
            if ended[i] or cut[i]:
                states[i] = game.new_state(seed=next_seed)  # the batch starts again, the next seed
                next_seed += 1
            else:
                assert list(rewards[i]) == [0.0, 0.0]
        assert batch.positions() == [s.position for s in states]
    with pytest.raises(rulebook.IllegalMove, match="game 0"):
        batch.step(np.array([game.num_actions, 0, 0], dtype=np.int64))


def test_random_steps_end_games_and_start_new_ones():
    batch = rulebook.load(ROOT / "games/tic-tac-toe.game").batch(8, seed=1)
    assert batch.random_steps(9) == 8  # every game ends within nine plies, none before five
    assert len(batch) == 8


def test_agents_choose_legal_moves_reproducibly():
    game = rulebook.load(ROOT / "games/breakthrough.game")
    state = game.new_state(seed=4)
    chosen = state.agent_move("mcts:iterations=200")
    assert chosen in state.legal_moves()
    assert game.new_state(seed=4).agent_move("mcts:iterations=200") == chosen
    assert state.agent_move("greedy") in state.legal_moves()
    with pytest.raises(ValueError, match="`nobody` is not an agent"):
        state.agent_move("nobody")


def _cli():
    for build in ("release", "debug"):
        binary = ROOT / "target" / build / "rulebook"
        if binary.exists():
            return binary
    pytest.skip("no rulebook binary built (cargo build) to compare with")


def _without_speed(figures):
    for agent in figures.get("speed", {}).values():
        agent.pop("per_second")  # a rate over time: the same work, not the same speed
    return figures


def test_match_from_python_gives_the_commands_figures():
    import json
    import subprocess

    path = ROOT / "games/tic-tac-toe.game"
    args = ["--player", "cross=mcts:iterations=50", "--player", "nought=greedy", "--games", "12", "--seed", "3"]
    cli = subprocess.run([_cli(), "match", path, *args, "--swap", "--threads", "2", "--format", "json"],
                         capture_output=True, text=True, check=True)
    figures = rulebook.match(rulebook.load(path), {"cross": "mcts:iterations=50", "nought": "greedy"},
                             games=12, seed=3, swap=True)
    assert _without_speed(figures) == _without_speed(json.loads(cli.stdout))
    assert figures["games"] == 12 and figures["agents"][0]["agent"] == "mcts:iterations=50"
    with pytest.raises(ValueError, match="is not a player of this game"):
        rulebook.match(rulebook.load(path), {"white": "random", "nought": "random"})


def test_balance_from_python_gives_the_commands_figures():
    import json
    import subprocess

    paths = [ROOT / "games/tabal.game", ROOT / "games/variants/tabal-black-first.toml"]
    cli = subprocess.run([_cli(), "balance", *paths, "--agent", "greedy", "--games", "30", "--seed", "5",
                          "--format", "json"], capture_output=True, text=True, check=True)
    figures = rulebook.balance([rulebook.load(p) for p in paths], agent="greedy", games=30, seed=5, threads=2)
    assert figures == json.loads(cli.stdout)
    assert [f["games"] for f in figures["files"]] == [30, 30]


def test_simulate_from_python_gives_the_commands_figures():
    import json
    import subprocess

    path = ROOT / "games/ur.game"
    cli = subprocess.run([_cli(), "simulate", path, "--games", "500", "--seed", "9", "--threads", "2", "--format",
                          "json"], capture_output=True, text=True, check=True)
    figures = rulebook.simulate(rulebook.load(path), games=500, seed=9)
    assert figures == json.loads(cli.stdout)
    assert sum(p["wins"] for p in figures["players"].values()) + figures["draws"] + figures["unfinished"] == 500


def test_the_default_ply_limit_is_the_commands():
    # 200 a player, or four a point where that is more, as `--max-plies` is by default.
    assert rulebook.simulate(rulebook.load(ROOT / "games/ur.game"), games=1)["max_plies"] == 400
    go = rulebook.load(ROOT / "games/variants/go-19x19.toml")
    assert rulebook.simulate(go, games=1)["max_plies"] == 4 * 361
    assert rulebook.simulate(go, games=1, max_plies=30)["max_plies"] == 30


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_points_lie_apart_on_the_lattice(path):
    game = rulebook.load(path)
    width, height = game.board_size
    coords = game.point_coordinates
    assert len(coords) == len(game.points) == len(set(coords))
    assert all(0 <= x < width and 0 <= y < height for x, y in coords)
