"""Shogi perft from cshogi (pip package `cshogi`, a C++ shogi library from
the computer-shogi community, written without any knowledge of rulebook),
for games/shogi.game. cshogi lists every legal move, unpromoted ones too,
and refuses a pawn drop that mates.

    pip install cshogi
    python3 tests/reference/shogi_perft.py start DEPTH
    python3 tests/reference/shogi_perft.py positions COUNT PLIES SEED DEPTH
    python3 tests/reference/shogi_perft.py sfen "SFEN" DEPTH

The first prints the counts from the start for depths 1..DEPTH. The second
plays COUNT random games of up to PLIES plies (seeded; a game stops where a
side has no move) and prints a tests/perft.txt line for the position each
reached; the third, a line for the position in SFEN. Positions are
written in the FEN that games/shogi.game reads (Fairy-Stockfish's: files a..i
from sente's left, ranks 1..9 from sente's side, hands in brackets). The
lines in tests/perft.txt that cite this script were generated once with
cshogi 1.1.0 and are stored there; the tests do not need it.
"""

import random
import sys

import cshogi


def perft(board, depth):
    moves = list(board.legal_moves)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total


def counts(board, depth):
    return " ".join(str(perft(board, d)) for d in range(1, depth + 1))


def fen(board):
    """SFEN lists ranks from gote's side, files 9..1 from sente's left: the
    same order as Fairy-Stockfish's FEN; only the side and the hands differ."""
    placement, side, hands, ply = board.sfen().split()
    held = ""
    if hands != "-":
        count = ""
        for c in hands:
            if c.isdigit():
                count += c
            else:
                held += c * int(count or 1)
                count = ""
    turn = "w" if side == "b" else "b"
    return f"{placement}[{held}] {turn} - - 0 {(int(ply) + 1) // 2}"


def positions(count, plies, seed, depth):
    rng = random.Random(seed)
    for _ in range(count):
        board = cshogi.Board()
        for _ in range(rng.randint(plies // 2, plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        print(f"games/shogi.game | - | {fen(board)} | {counts(board, depth)}")


def main():
    if sys.argv[1] == "positions":
        positions(*(int(a) for a in sys.argv[2:6]))
        return
    if sys.argv[1] == "sfen":
        board = cshogi.Board(sys.argv[2])
        print(f"games/shogi.game | - | {fen(board)} | {counts(board, int(sys.argv[3]))}")
        return
    print(counts(cshogi.Board(), int(sys.argv[2])))


if __name__ == "__main__":
    main()
