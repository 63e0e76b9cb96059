"""Perft for Konane (6 x 6), written from docs/rules.md and the
Konane rules of docs/games.md alone.

An independent check of the engine's move generator: it shares no code or
tables with the engine (the board is built by hand below). Run:
    python3 tests/reference/konane_perft.py 6
    python3 tests/reference/konane_perft.py 3 --position 'W:Ba1:Wb1' --divide

Readings fixed by the brief:
- a player's first move is recognised by that player still having all 18
  stones; while it does, lifting is its only kind of move;
- Black lifts one of its stones from a1, c3, d4 or f6; White lifts one of its
  stones orthogonally next to an empty point;
- every later move is a capture along one direction, stopping after any leap;
- no legal move: the player to move loses (perft 0 below it).
"""
import argparse
import sys

FILES = "abcdef"
N = 6
FULL = 18  # stones per side at the start


def idx(name):
    return (int(name[1:]) - 1) * N + FILES.index(name[0])


def name(i):
    return FILES[i % N] + str(i // N + 1)


# Neighbour of point i in direction d, or None off the board.
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
NB = {}
for i in range(N * N):
    x, y = i % N, i // N
    for d in DIRS:
        nx, ny = x + d[0], y + d[1]
        NB[(i, d)] = ny * N + nx if 0 <= nx < N and 0 <= ny < N else None

BLACK_LIFTS = [idx(p) for p in ("a1", "c3", "d4", "f6")]


def start_position():
    black = white = 0
    for i in range(N * N):
        x, y = i % N, i // N
        # file number + rank, with a = 1 and rank 1 = 1: (x+1)+(y+1)
        if (x + 1 + y + 1) % 2 == 0:
            black |= 1 << i
        else:
            white |= 1 << i
    return "B", black, white


def popcount(v):
    return bin(v).count("1")


def moves(turn, black, white):
    """List of (notation, black, white) after the move."""
    own, opp = (black, white) if turn == "B" else (white, black)
    occ = own | opp
    out = []
    if popcount(own) == FULL:
        # Opening: a lift is the only kind of move.
        if turn == "B":
            cands = [i for i in BLACK_LIFTS if own >> i & 1]
        else:
            cands = []
            for i in range(N * N):
                if not own >> i & 1:
                    continue
                for d in DIRS:
                    q = NB[(i, d)]
                    if q is not None and not occ >> q & 1:
                        cands.append(i)
                        break
        for i in cands:
            nown = own & ~(1 << i)
            out.append(("x" + name(i),) + ((nown, opp) if turn == "B" else (opp, nown)))
        return out
    for s in range(N * N):
        if not own >> s & 1:
            continue
        for d in DIRS:
            cur = s
            nown = own & ~(1 << s)
            nopp = opp
            note = name(s)
            while True:
                over = NB[(cur, d)]
                if over is None or not nopp >> over & 1:
                    break
                land = NB[(over, d)]
                if land is None or (nown | nopp) >> land & 1:
                    break
                nopp &= ~(1 << over)  # removed at once
                cur = land
                note += "x" + name(land)
                fown = nown | (1 << land)
                out.append((note,) + ((fown, nopp) if turn == "B" else (nopp, fown)))
    return out


OTHER = {"B": "W", "W": "B"}
_cache = {}


def perft(turn, black, white, depth, use_cache=True):
    if depth == 0:
        return 1
    key = (turn, black, white, depth)
    if use_cache and key in _cache:
        return _cache[key]
    ms = moves(turn, black, white)
    if depth == 1:
        n = len(ms)
    else:
        o = OTHER[turn]
        n = sum(perft(o, b, w, depth - 1, use_cache) for _, b, w in ms)
    if use_cache:
        _cache[key] = n
    return n


def parse_position(text):
    parts = text.strip().split(":")
    if len(parts) != 3 or parts[0] not in ("B", "W"):
        raise ValueError("position must be TURN:Bpoints:Wpoints")
    sides = {"B": 0, "W": 0}
    seen = set()
    for part in parts[1:]:
        if not part or part[0] not in sides or part[0] in seen:
            raise ValueError("bad side: %r" % part)
        seen.add(part[0])
        bits = 0
        body = part[1:]
        for p in (body.split(",") if body else []):
            p = p.strip()
            if len(p) != 2 or p[0] not in FILES or p[1] not in "123456":
                raise ValueError("bad point: %r" % p)
            bits |= 1 << idx(p)
        sides[part[0]] = bits
    if sides["B"] & sides["W"]:
        raise ValueError("a point holds two stones")
    return parts[0], sides["B"], sides["W"]


def format_position(turn, black, white):
    def pts(v):
        return ",".join(name(i) for i in range(N * N) if v >> i & 1)
    return "%s:B%s:W%s" % (turn, pts(black), pts(white))


def main(argv):
    ap = argparse.ArgumentParser(description="Konane 6x6 perft (reference)")
    ap.add_argument("depth", type=int)
    ap.add_argument("--position", default=None)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--no-cache", action="store_true",
                    help="disable the transposition cache (slower cross-check)")
    a = ap.parse_args(argv)
    pos = parse_position(a.position) if a.position else start_position()
    use_cache = not a.no_cache
    turn, black, white = pos
    for d in range(1, a.depth + 1):
        print("perft(%d) = %d" % (d, perft(turn, black, white, d, use_cache)))
        sys.stdout.flush()
    if a.divide and a.depth >= 1:
        rows = []
        for note, b, w in moves(turn, black, white):
            rows.append((note, perft(OTHER[turn], b, w, a.depth - 1, use_cache)))
        rows.sort(key=lambda r: r[0].encode())
        for note, n in rows:
            print("%s %d" % (note, n))


if __name__ == "__main__":
    main(sys.argv[1:])
