"""Perft for Permainan Tabal, written from docs/rules.md alone.

An independent check of the engine's deeper perft numbers: it shares no code
or tables with rulebook (the board is typed in by hand below). Run:
    python3 tests/reference/tabal_perft.py 5
"""
import sys

FILES = "abcde"
# Points and the lines of docs/rules.md, typed in from the text.
square = [f + str(r) for r in range(3, 8) for f in FILES]
points = square + "a1 c1 e1 b2 c2 d2 b8 c8 d8 a9 c9 e9".split()
xy = {p: (FILES.index(p[0]), int(p[1:]) - 1) for p in points}
at = {v: k for k, v in xy.items()}
links = set()
for p in square:
    x, y = xy[p]
    for dx, dy in ((1, 0), (0, 1)):
        q = at.get((x + dx, y + dy))
        if q in square:
            links.add((p, q))
    if (x + y) % 2 == 0:
        for dx, dy in ((1, 1), (1, -1)):
            q = at.get((x + dx, y + dy))
            if q in square:
                links.add((p, q))
for line in ["c3 b2 a1", "c3 c2 c1", "c3 d2 e1", "b2 c2 d2", "a1 c1 e1",
             "c7 b8 a9", "c7 c8 c9", "c7 d8 e9", "b8 c8 d8", "a9 c9 e9"]:
    ps = line.split()
    for a, b in zip(ps, ps[1:]):
        links.add((a, b))
sign = lambda v: (v > 0) - (v < 0)
nb = {}
for a, b in links:
    (ax, ay), (bx, by) = xy[a], xy[b]
    d = (sign(bx - ax), sign(by - ay))
    nb[(a, d)] = b
    nb[(b, (-d[0], -d[1]))] = a
assert len(points) == 37 and len(links) == 76
DIRS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
FWD = {"W": 1, "B": -1}
FAR = {"W": 8, "B": 0}


def man_steps(side):
    f = FWD[side]
    return [(0, f), (1, f), (-1, f), (1, 0), (-1, 0)]


# Pieces: men are "W"/"B"; kings are "WK"/"BK" (upper() of both gives the side).
def is_king(piece):
    return piece.endswith("K")


def side_of(piece):
    return piece[0]


def play(board, side, mv):
    start, path, jumped = mv
    b = dict(board)
    piece = b.pop(start)
    for j in jumped:
        del b[j]
    end = path[-1]
    if not is_king(piece) and xy[end][1] == FAR[side]:
        piece = side + "K"
    b[end] = piece
    return b


def captures_impl(board, side, start, king):
    out = []

    def vacant(q):
        return q == start or q not in board

    def enemy(q, jumped):
        return q in board and q != start and side_of(board[q]) != side and q not in jumped

    def go(cur, path, jumped):
        found = False
        for d in DIRS:
            if not king:
                over = nb.get((cur, d))
                if over is None or not enemy(over, jumped):
                    continue
                land = nb.get((over, d))
                if land is None or not vacant(land):
                    continue
                found = True
                go(land, path + [land], jumped | {over})
            else:
                q = nb.get((cur, d))
                while q is not None and vacant(q):
                    q = nb.get((q, d))
                if q is None or not enemy(q, jumped):
                    continue
                land = nb.get((q, d))
                while land is not None and vacant(land):
                    found = True
                    go(land, path + [land], jumped | {q})
                    land = nb.get((land, d))
        if not found and path:
            out.append((path, jumped))

    go(start, [], frozenset())
    return out


def moves(board, side):
    caps, plain = [], []
    for p, piece in board.items():
        if side_of(piece) != side:
            continue
        for path, jumped in captures_impl(board, side, p, is_king(piece)):
            caps.append((p, path, jumped))
        for d in (DIRS if is_king(piece) else man_steps(side)):
            q = nb.get((p, d))
            while q is not None and q not in board:
                plain.append((p, [q], frozenset()))
                if not is_king(piece):
                    break
                q = nb.get((q, d))
    return caps if caps else plain


def perft(board, side, depth):
    if depth == 0:
        return 1
    ms = moves(board, side)
    if depth == 1:
        return len(ms)
    other = "B" if side == "W" else "W"
    return sum(perft(play(board, side, m), other, depth - 1) for m in ms)


if __name__ == "__main__":
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    start = {p: "W" for p in points if xy[p][1] <= 3}
    start.update({p: "B" for p in points if xy[p][1] >= 5})
    for d in range(1, depth + 1):
        print(d, perft(start, "W", d))
