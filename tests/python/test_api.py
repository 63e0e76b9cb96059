"""The Python package against the engine's own answers: perft tables that
tests/perft.txt checks, whole random games, errors with the checker's codes.
Run by .ci/run after `pip install .` (pytest tests/python docs/python.md)."""

import random
import pathlib

import pytest

import rulebook

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "games").glob("*.game"))


def test_perft_matches_the_published_tables():
    assert rulebook.load(ROOT / "games/tabal.game").perft(6) == 6416
    assert rulebook.load(ROOT / "games/english-draughts.game").perft(6) == 36768
    assert rulebook.load(ROOT / "games/kalah.game").perft(5) == 4690
    chess = rulebook.load(ROOT / "games/chess.game")
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert chess.perft(2, position=kiwipete) == 2039


def test_options_change_the_game():
    no_dice = rulebook.load(ROOT / "games/tablut.game", options={"dice": "false"})
    assert no_dice.perft(2) == 4376
    with pytest.raises(rulebook.GameError) as caught:
        rulebook.load(ROOT / "games/tablut.game", options={"dice": "sometimes"})
    assert caught.value.diagnostics[0]["code"] == "E0602"


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_random_games_end_or_stop_and_undo_restores(path):
    game = rulebook.load(path)
    state = game.new_state(seed=7)
    rng = random.Random(path.stem)
    positions = [state.position]
    while state.outcome is None and len(state.plies) < 120:
        moves = state.legal_moves()
        assert moves == sorted(moves)
        state.play(rng.choice(moves))
        positions.append(state.position)
    if state.outcome is not None:
        assert state.outcome["reason"]
        assert state.outcome["winner"] in game.players + [None]
    # Each undo brings back the position before the ply.
    for before in reversed(positions[-4:-1]):
        state.undo()
        assert state.position == before
    assert state.svg().startswith("<svg")
    assert game.new_state(position=state.position).position == state.position


def test_illegal_moves_say_why():
    state = rulebook.load(ROOT / "games/tabal.game").new_state()
    assert state.why("c4-c5") is None
    assert state.why("c4-c7") == "the way from c4 to c7 is blocked at c6"
    with pytest.raises(rulebook.IllegalMove, match="c4-c7"):
        state.play("c4-c7")
    assert state.plies == []
    state.play("c4-c5")
    assert state.why("e6-e5") == "capturing is compulsory, and captures exist: c6xc4"


def test_a_bad_game_file_raises_with_the_checker_s_diagnostics():
    with pytest.raises(rulebook.GameError) as caught:
        rulebook.load(ROOT / "tests/check/fail/rules-sowing-misused.game")
    codes = {d["code"] for d in caught.value.diagnostics}
    assert {"E0531", "E0522"} <= codes
    first = caught.value.diagnostics[0]
    assert first["line"] > 0 and first["file"].endswith("rules-sowing-misused.game")


def test_dice_are_rolled_once_a_ply_and_seeded():
    def first_rolls(seed):
        state = rulebook.load(ROOT / "games/tablut.game").new_state(seed=seed)
        rolls = []
        for _ in range(6):
            roll = state.roll()
            assert state.roll() == roll  # the same until a move is made
            rolls.append(roll)
            state.play(state.legal_moves()[0])
        return rolls

    assert first_rolls(5) == first_rolls(5)
    assert all(1 <= r <= 6 for r in first_rolls(5))
