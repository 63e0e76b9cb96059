"""Chess perft from python-chess (pip package `chess`), a well-known move
generator written without any knowledge of rulebook.

    pip install chess
    python3 tests/reference/chess_perft.py FEN DEPTH
    python3 tests/reference/chess_perft.py positions COUNT PLIES SEED DEPTH

The first prints the counts for depths 1..DEPTH of one position. The second
plays COUNT random games of up to PLIES plies (seeded; each stops short of a
finished game, and of the 50-move rule within DEPTH plies) and prints, for
the position each reached, a line for tests/perft.txt: the FEN, then the
counts. The lines in tests/perft.txt that cite this script were generated
once with python-chess 1.11 and are stored there; the tests do not need it.
"""

import random
import sys

import chess


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def counts(board, depth):
    return " ".join(str(perft(board, d)) for d in range(1, depth + 1))


def positions(count, plies, seed, depth):
    rng = random.Random(seed)
    for _ in range(count):
        board = chess.Board()
        for _ in range(rng.randint(plies // 2, plies)):
            moves = list(board.legal_moves)
            if not moves or board.halfmove_clock + depth >= 96:
                break
            board.push(rng.choice(moves))
        if board.is_game_over() and board.legal_moves.count() > 0:
            continue
        fen = board.fen(en_passant="fen")
        print(f"games/chess.game | - | {fen} | {counts(board, depth)}")


def main():
    if sys.argv[1] == "positions":
        positions(*(int(a) for a in sys.argv[2:6]))
        return
    print(counts(chess.Board(sys.argv[1]), int(sys.argv[2])))


if __name__ == "__main__":
    main()
