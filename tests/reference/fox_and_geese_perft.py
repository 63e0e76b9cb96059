"""Perft for Fox and geese, written from docs/games.md and docs/rules.md alone.

An independent check of the engine's perft numbers: it shares no code or
tables with the engine (the board is built here from the written rules).

Rules as read (docs/games.md, "Fox and geese"):
- 33-point cross: c1-e7 and a3-g5. Lines join orthogonal neighbours, and
  diagonal neighbours through points whose file number plus rank is even.
- A goose steps to an adjacent empty point north, east or west. Geese never
  capture.
- The fox steps along any line to an adjacent empty point, or leaps over an
  adjacent goose, along a straight line, to the empty point right beyond it.
  After a leap it may leap again in any direction, and may stop after any leap
  (each stopping place is a move of its own). Jumped geese leave at once. A
  chain may land again on a point it already stood on, its start included.
- The fox wins (at once) when fewer than 4 geese remain; a player with no
  legal move on its turn loses. A finished game counts 0 at depth >= 1.

Notation: `d3-d4` for a step, `d5xd3xb3` for a chain of leaps.
Position: `G:Gc1,d1,...:FFd5` (player to move, then geese, then the fox).

Run:
    python3 tests/reference/fox_and_geese_perft.py 6
    python3 tests/reference/fox_and_geese_perft.py 3 --position 'F:Gd4,d3:FFd5' --divide
"""
import sys

FILES = "abcdefg"


def on_board(x, y):
    return 0 <= x < 7 and 0 <= y < 7 and (2 <= x <= 4 or 2 <= y <= 4)


# A point (x, y), x = file a..g = 0..6, y = rank 1..7 = 0..6, is bit y * 8 + x
# (column 7 is always empty, so shifting by 1 never wraps onto the board).
POINTS = [(x, y) for y in range(7) for x in range(7) if on_board(x, y)]
assert len(POINTS) == 33
INDEX = {p: p[1] * 8 + p[0] for p in POINTS}
IDS = [INDEX[p] for p in POINTS]
NAME = {INDEX[(x, y)]: FILES[x] + str(y + 1) for x, y in POINTS}
BY_NAME = {n: i for i, n in NAME.items()}
BOARD = 0
for i in IDS:
    BOARD |= 1 << i

# nb[i][(dx, dy)] = neighbour along a line in that direction.
nb = {i: {} for i in IDS}
for (x, y) in POINTS:
    i = INDEX[(x, y)]
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if (dx, dy) == (0, 0):
                continue
            if dx != 0 and dy != 0:
                # Diagonal lines only through points whose file + rank is even
                # (file a = 1, rank 1 = 1: the same parity as x + y here).
                if (x + y) % 2 != 0:
                    continue
            q = (x + dx, y + dy)
            if on_board(*q):
                nb[i][(dx, dy)] = INDEX[q]
# Links are symmetric; the cross has 52 orthogonal and 20 diagonal links.
for i in IDS:
    for d, j in nb[i].items():
        assert nb[j][(-d[0], -d[1])] == i
assert sum(len(d) for d in nb.values()) == 2 * 72

FOX_STEPS = [list(nb[i].values()) if i in nb else [] for i in range(56)]
# Leaps: (over, land) along one straight line.
FOX_LEAPS = [[] for _ in range(56)]
for i in IDS:
    for d, j in nb[i].items():
        k = nb[j].get(d)
        if k is not None:
            FOX_LEAPS[i].append((j, k))
# Geese: north (+rank), east (+file), west (-file).
GOOSE_STEPS = [[nb[i][d] for d in ((0, 1), (1, 0), (-1, 0)) if d in nb[i]] if i in nb else []
               for i in range(56)]
BIT = [1 << i for i in range(56)]
STEP_MASK = [sum(BIT[j] for j in FOX_STEPS[i]) for i in range(56)]


def popcount(m):
    return m.bit_count()


def goose_moves(geese, fox):
    """Yields (name, new_geese) for the geese to move."""
    occ = geese | BIT[fox] if fox is not None else geese
    out = []
    m = geese
    while m:
        low = m & -m
        i = low.bit_length() - 1
        m ^= low
        for j in GOOSE_STEPS[i]:
            if not occ & BIT[j]:
                out.append((NAME[i] + "-" + NAME[j], geese ^ low ^ BIT[j]))
    return out


def fox_moves(geese, fox):
    """Yields (name, new_geese, new_fox) for the fox to move."""
    out = []
    for j in FOX_STEPS[fox]:
        if not geese & BIT[j]:
            out.append((NAME[fox] + "-" + NAME[j], geese, j))

    # Chains of leaps. The fox has left its start, so the start is empty.
    def chain(cur, g, name):
        for over, land in FOX_LEAPS[cur]:
            if g & BIT[over] and not g & BIT[land]:
                g2 = g ^ BIT[over]  # jumped geese leave at once
                n2 = name + "x" + NAME[land]
                out.append((n2, g2, land))
                chain(land, g2, n2)

    chain(fox, geese, NAME[fox])
    return out


def game_over(geese):
    return popcount(geese) < 4


def moves(state):
    turn, geese, fox = state
    if game_over(geese):
        return []
    if turn == "G":
        return [(n, ("F", g, fox)) for n, g in goose_moves(geese, fox)]
    if fox is None:
        return []
    return [(n, ("G", g, f)) for n, g, f in fox_moves(geese, fox)]


def fox_count(geese, fox):
    """The number of fox moves: steps, plus one per leap of every chain."""
    c = (STEP_MASK[fox] & ~geese).bit_count()

    def chain(cur, g):
        n = 0
        for over, land in FOX_LEAPS[cur]:
            if g & BIT[over] and not g & BIT[land]:
                n += 1 + chain(land, g ^ BIT[over])
        return n

    return c + chain(fox, geese)


def next_states(state):
    """The positions after each legal move (no names: the perft inner loop)."""
    turn, geese, fox = state
    if game_over(geese):
        return []
    out = []
    if turn == "G":
        occ = geese | BIT[fox] if fox is not None else geese
        m = geese
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            for j in GOOSE_STEPS[i]:
                if not occ & BIT[j]:
                    out.append(("F", geese ^ low ^ BIT[j], fox))
        return out
    if fox is None:
        return out
    for j in FOX_STEPS[fox]:
        if not geese & BIT[j]:
            out.append(("G", geese, j))

    def chain(cur, g):
        for over, land in FOX_LEAPS[cur]:
            if g & BIT[over] and not g & BIT[land]:
                g2 = g ^ BIT[over]
                out.append(("G", g2, land))
                chain(land, g2)

    chain(fox, geese)
    return out


def count_moves(state):
    turn, geese, fox = state
    if game_over(geese):
        return 0
    if turn == "G":
        free = BOARD & ~(geese | BIT[fox] if fox is not None else geese)
        # Steps north (+8), east (+1), west (-1) onto free points.
        return (((geese << 8) & free).bit_count() + ((geese << 1) & free).bit_count()
                + ((geese >> 1) & free).bit_count())
    if fox is None:
        return 0
    return fox_count(geese, fox)


def perft(state, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return count_moves(state)
    if depth == 2:
        return sum(count_moves(s) for s in next_states(state))
    return sum(perft(s, depth - 1) for s in next_states(state))


START = "G:Gc1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3:FFd5"


def parse(pos):
    parts = pos.strip().split(":")
    if len(parts) != 3 or parts[0] not in ("G", "F"):
        raise SystemExit("bad position: " + pos)
    geese, fox = 0, None
    for side in parts[1:]:
        if not side or side[0] not in "GF":
            raise SystemExit("bad side: " + side)
        body = side[1:]
        for tok in body.split(",") if body else []:
            tok = tok.strip()
            kind = "G"
            if tok and tok[0] in "GF":
                kind, tok = tok[0], tok[1:]
            if tok not in BY_NAME:
                raise SystemExit("bad point: " + tok)
            i = BY_NAME[tok]
            if kind == "F":
                if fox is not None:
                    raise SystemExit("two foxes")
                fox = i
            else:
                geese |= BIT[i]
    if fox is not None and geese & BIT[fox]:
        raise SystemExit("fox and goose on one point")
    return (parts[0], geese, fox)


def main(argv):
    args = argv[1:]
    depth, pos, divide = None, START, False
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--position":
            pos = args[i + 1]
            i += 2
            continue
        if a == "--divide":
            divide = True
        elif depth is None:
            depth = int(a)
        else:
            raise SystemExit("usage: fox_and_geese_perft.py DEPTH [--position POS] [--divide]")
        i += 1
    if depth is None:
        depth = 5
    state = parse(pos)
    for d in range(1, depth + 1):
        if d == depth and divide:
            rows = [(n, perft(s, d - 1)) for n, s in moves(state)]
            print("perft(%d) = %d" % (d, sum(c for _, c in rows)))
            for n, c in sorted(rows, key=lambda r: r[0].encode()):
                print("%s: %d" % (n, c))
        else:
            print("perft(%d) = %d" % (d, perft(state, d)))
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv)
