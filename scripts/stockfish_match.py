#!/usr/bin/env python3
"""rulebook's alphabeta against Stockfish in chess: a measurement, never a test.

    apt-get install stockfish && pip install chess && cargo build --release
    python3 scripts/stockfish_match.py [GAMES_PER_SIDE] [BUDGET] [SKILL] [SEED]

Plays GAMES_PER_SIDE games with rulebook as White and as many as Black
(default 50; BUDGET `time=1s`, Stockfish's Skill Level SKILL, default 0, its
lowest, at 0.1 s a move). python-chess keeps the game and judges its end by
the FIDE rules games/chess.game plays (checkmate, stalemate, threefold
repetition and the 50-move rule as automatic draws; dead positions too); a
game still going after 300 plies is a draw. rulebook is asked for each of its
moves from the position's FEN (`rulebook play --position FEN --max-plies 1`),
so its search starts afresh each move, as it does inside `rulebook play`.
Prints one line a game and the score with a 95% interval.
"""

import math
import random
import subprocess
import sys

import chess
import chess.engine

BIN = "target/release/rulebook"


def rulebook_move(board, budget, seed):
    side = "white" if board.turn == chess.WHITE else "black"
    other = "black" if side == "white" else "white"
    out = subprocess.run(
        [BIN, "play", "games/chess.game", "--position", board.fen(), "--player", f"{side}=alphabeta:{budget}",
         "--player", f"{other}=random", "--max-plies", "1", "--seed", str(seed)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, check=True).stdout
    played = [l for l in out.splitlines() if l.startswith("The game: ")][-1].removeprefix("The game: ").strip()
    text = played.replace("x", "-")
    frm, rest = text.split("-", 1)
    to, _, promo = rest.partition("=")
    return chess.Move.from_uci(frm + to + promo.lower())


def play(rulebook_white, budget, sf, skill, seed):
    board = chess.Board()
    rng = random.Random(seed)
    while not board.is_game_over(claim_draw=True) and board.ply() < 300:
        if (board.turn == chess.WHITE) == rulebook_white:
            move = rulebook_move(board, budget, rng.randrange(1 << 30))
        else:
            move = sf.play(board, chess.engine.Limit(time=0.1)).move
        if move not in board.legal_moves:
            raise SystemExit(f"illegal move {move} in {board.fen()}")
        board.push(move)
    result = board.result(claim_draw=True)
    if result == "*":
        result = "1/2-1/2"
    points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
    return points if rulebook_white else 1 - points, result, board.ply()


def main():
    per_side = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    budget = sys.argv[2] if len(sys.argv) > 2 else "time=1s"
    skill = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    sf = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
    sf.configure({"Skill Level": skill, "Threads": 1, "Hash": 16})
    scores = {True: [], False: []}
    for i in range(2 * per_side):
        white = i % 2 == 0
        points, result, plies = play(white, budget, sf, skill, seed * 1000 + i)
        scores[white].append(points)
        side = "White" if white else "Black"
        print(f"game {i + 1}: rulebook {side}, {result} in {plies} plies, rulebook scores {points}", flush=True)
    sf.quit()
    every = scores[True] + scores[False]
    for name, s in [("as White", scores[True]), ("as Black", scores[False]), ("in all", every)]:
        n = len(s)
        mean = sum(s) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in s) / max(n - 1, 1))
        half = 1.96 * sd / math.sqrt(n)
        print(f"rulebook {name}: {sum(s)}/{n} = {mean:.3f} (95% interval {max(0, mean - half):.3f}-{min(1, mean + half):.3f})")


if __name__ == "__main__":
    main()
