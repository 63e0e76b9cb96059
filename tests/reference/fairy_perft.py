"""Perft from Fairy-Stockfish (pip package `pyffish`), an engine written
without any knowledge of rulebook, for the chess variants both know.

    pip install pyffish
    python3 tests/reference/fairy_perft.py VARIANT FEN DEPTH
    python3 tests/reference/fairy_perft.py positions VARIANT FILE COUNT PLIES SEED DEPTH
    python3 tests/reference/fairy_perft.py VARIANT FEN DEPTH no-pawn-drop-mate

VARIANT is Fairy-Stockfish's name (makruk, shatranj, losalamos, gardner,
xiangqi, ...); FEN `start` is the variant's own start. The first prints the
counts for depths 1..DEPTH. The second plays COUNT random games of up to
PLIES plies (seeded; a game stops where Fairy-Stockfish sees it over) and
prints a tests/perft.txt line for the position each reached, naming FILE.
Counts are of the legal moves Fairy-Stockfish lists; positions where a rule
ends the game are never counted past. The lines in tests/perft.txt that cite
this script were generated once with pyffish 0.0.90 and are stored there;
the tests do not need it.
"""

import random
import sys

import pyffish as sf


def over(variant, fen):
    ended, _ = sf.is_optional_game_end(variant, fen, [])
    immediate, _ = sf.is_immediate_game_end(variant, fen, [])
    return ended or immediate


# With `no-pawn-drop-mate`, a pawn drop that leaves the opponent in check with
# no legal move is refused, the shogi rule Fairy-Stockfish's minishogi does not
# play (the filter PlayStrategy puts over Fairy-Stockfish for the same reason).
NO_PAWN_DROP_MATE = "no-pawn-drop-mate" in sys.argv


def mates(variant, fen, move):
    after = sf.get_fen(variant, fen, [move])
    return sf.gives_check(variant, fen, [move]) and not sf.legal_moves(variant, after, [])


def legal(variant, fen):
    moves = sf.legal_moves(variant, fen, [])
    if NO_PAWN_DROP_MATE:
        moves = [m for m in moves if not (m.startswith("P@") and mates(variant, fen, m))]
    return moves


def perft(variant, fen, depth):
    if over(variant, fen):
        return 0
    moves = legal(variant, fen)
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def counts(variant, fen, depth):
    return " ".join(str(perft(variant, fen, d)) for d in range(1, depth + 1))


def positions(variant, file, count, plies, seed, depth):
    rng = random.Random(seed)
    for _ in range(count):
        fen = sf.start_fen(variant)
        for _ in range(rng.randint(plies // 2, plies)):
            moves = sf.legal_moves(variant, fen, [])
            if not moves or over(variant, fen):
                break
            fen2 = sf.get_fen(variant, fen, [rng.choice(moves)])
            if over(variant, fen2):
                break
            fen = fen2
        print(f"{file} | - | {fen} | {counts(variant, fen, depth)}")


def main():
    if sys.argv[1] == "positions":
        variant, file = sys.argv[2], sys.argv[3]
        positions(variant, file, *(int(a) for a in sys.argv[4:8]))
        return
    variant, fen, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if fen == "start":
        fen = sf.start_fen(variant)
    print(counts(variant, fen, depth))


if __name__ == "__main__":
    main()
