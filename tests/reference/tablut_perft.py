"""Perft for Tablut, written from docs/rules.md alone.

An independent check of the engine's perft numbers. It shares no code with
rulebook, and in the dice game it generates the moves of every roll one by
one (the engine instead weights each move by the rolls that allow it). Run:
    python3 tests/reference/tablut_perft.py 3 [--no-dice] [--opposite]
"""
import sys
from functools import lru_cache

N = 9
THRONE = (4, 4)
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def sq(label):
    return ("abcdefghi".index(label[0]), int(label[1:]) - 1)


ATT = [sq(s) for s in "d1 e1 f1 e2 d9 e9 f9 e8 a4 a5 a6 b5 i4 i5 i6 h5".split()]
DEF = [sq(s) for s in "e3 e4 e6 e7 c5 d5 f5 g5".split()]
KING = sq("e5")


def on(p):
    return 0 <= p[0] < N and 0 <= p[1] < N


def add(p, d, k=1):
    return (p[0] + d[0] * k, p[1] + d[1] * k)


def side_of(piece):
    return "A" if piece == "A" else "D"


def gen(board, side, limit):
    """(from, to-or-None, dir, distance) for every move of distance <= limit."""
    out = []
    for p, piece in board:
        if side_of(piece) != side:
            continue
        cells = dict(board)
        for d in ORTH:
            k = 1
            q = add(p, d)
            while on(q) and q not in cells and k <= limit:
                if q != THRONE or piece == "K":
                    out.append((p, q, d, k))
                k += 1
                q = add(q, d)
            if piece == "K" and not on(q) and k <= limit:
                out.append((p, None, d, k))
    return out


def play(board, side, mv, one_of_each):
    """The new board and whether the game ended (winner or None)."""
    p, q, d, _ = mv
    cells = dict(board)
    piece = cells.pop(p)
    if q is None:
        return tuple(sorted(cells.items())), "D"
    cells[q] = piece
    captured = set()
    friend = lambda s: s in cells and side_of(cells[s]) == side
    for d2 in ORTH:
        t = add(q, d2)
        if t not in cells or side_of(cells[t]) == side or cells[t] == "K":
            continue
        if friend(add(t, d2)):
            captured.add(t)
        elif one_of_each and any(friend(add(t, e)) for e in ORTH if e not in (d2, (-d2[0], -d2[1]))):
            captured.add(t)
    winner = None
    if side == "A":
        king = next(s for s, v in cells.items() if v == "K") if "K" in cells.values() else None
        if king and king_captured(cells, king, q):
            winner = "A"
    for t in captured:
        del cells[t]
    if winner == "A":
        cells = {s: v for s, v in cells.items() if v != "K"}
    return tuple(sorted(cells.items())), winner


def hostile(cells, s):
    return (s in cells and cells[s] == "A") or (s == THRONE and s not in cells)


def king_captured(cells, k, mover):
    sides = [add(k, d) for d in ORTH]
    if not all(on(s) for s in sides):
        return False  # never on an edge square
    if all(hostile(cells, s) for s in sides) and mover in sides:
        return True
    friends = [s for s in sides if s in cells and cells[s] == "D"]
    if len(friends) != 1:
        return False
    f = friends[0]
    if not all(hostile(cells, s) for s in sides if s != f):
        return False
    around = [add(f, d) for d in ORTH if add(f, d) != k and on(add(f, d))]
    if not all(hostile(cells, s) for s in around):
        return False
    return mover in sides or mover in around


def make_perft(dice, one_of_each):
    @lru_cache(maxsize=None)
    def perft(board, side, depth):
        if depth == 0:
            return 1
        other = "D" if side == "A" else "A"
        if not gen(board, side, 6 if dice else 99):
            return 0
        total = 0
        for roll in (range(1, 7) if dice else [99]):
            ms = gen(board, side, roll)
            if not ms:
                total += perft(board, other, depth - 1)  # pass
                continue
            for m in ms:
                nb, winner = play(board, side, m, one_of_each)
                total += 1 if depth == 1 else (0 if winner else perft(nb, other, depth - 1))
        return total
    return perft


if __name__ == "__main__":
    depth = int(sys.argv[1])
    dice = "--no-dice" not in sys.argv
    one = "--opposite" not in sys.argv
    board = tuple(sorted([(s, "A") for s in ATT] + [(s, "D") for s in DEF] + [(KING, "K")]))
    perft = make_perft(dice, one)
    for d in range(1, depth + 1):
        print(d, perft(board, "A", d))
