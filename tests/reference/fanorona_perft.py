"""Perft for Fanorona (Fanoron-tsivy, 9 x 5), written from
docs/rules.md (move, perft, notation conventions) and the
Fanorona rules (and perft conventions) of docs/games.md alone, in
the style of tests/reference/konane_perft.py. Standard library only.

An independent check of the engine's move generator: it shares no code or
tables with the engine (the board is built by hand below). Run:
    python3 tests/reference/fanorona_perft.py 4
    python3 tests/reference/fanorona_perft.py 3 --position 'W:Wa1,b2,e3:Bc3,d4' --divide

Board: files a-i (x = 0..8), ranks 1-5 (y = 0..4). Orthogonal neighbours are
always linked; diagonal neighbours are linked through the points whose file
number plus rank is even (a1, c1, b2, ..., e3), i.e. where x + y is even. A
diagonal line therefore only ever meets such points, so following a
direction d from a point on a line stays on that line to the board edge.

Start: White on ranks 1-2, Black on ranks 4-5, rank 3 = a..i
B W B W . B W B W. White moves first.

Readings fixed here (the rules and the brief leave them open or imply them):
- a step moves one piece one point along a line (orthogonal, or diagonal only
  where the link exists) to an empty point;
- approach after a step P->Q in direction d: the enemy on Q+d and the
  unbroken run of enemies beyond it in d (stopping at the board edge, an
  empty point or a friendly piece) are captured; withdrawal: the enemy on P-d
  and the unbroken run beyond it in -d. A step that could do both is two
  moves (`..A`, `..W`); a step that does neither captures nothing;
- capture is compulsory for the first step only: if any step of any piece
  captures, every move starts with a capturing step; otherwise every plain
  step (`e2-e3`) is a move;
- after a capturing step the same piece may go on with further *capturing*
  steps (never a plain step), and may stop after any capturing step: every
  stopping place is a move of its own (so a chain of k captures gives k
  moves, one per prefix, plus branches);
- "not the same direction twice in a row" compares the direction of travel
  of a step with that of the step just before it (only consecutive steps;
  the capture type does not matter: an approach step east after a withdrawal
  step east is still forbidden);
- "not landing on a point it has stood on during this turn": the start point
  and every landing point so far are forbidden landing points for later
  steps; only landing points count (a step passes no other point);
- captured pieces leave at once: a later step of the chain may land on a point
  just emptied, and sees the removed pieces gone when it looks for runs;
- the moving piece's start point is empty once it has left (it can still
  break a run or stop a later withdrawal, as any empty point);
- moves are distinct by their notation (every landing point with its A/W
  mark), which here is the same as distinct by path and capture choice;
- terminal positions (perft 0 at depth >= 1, as in docs/rules.md): the side to
  move has no legal move, or either side has no pieces. (A position where the
  side *not* to move has no pieces cannot arise in play; the rules say "a
  side with no pieces or no move loses" without "on its turn", so it is read
  as decided. --on-turn-only counts it by moves instead.)
- no draw rule, so no repetition or move-count limit.
Output format copied from konane_perft.py: "perft(D) = N" lines, then with
--divide one "MOVE N" line per depth-1 move, in plain byte order.
"""
import argparse
import sys

FILES = "abcdefghi"
NX, NY = 9, 5
NPTS = NX * NY


def idx(name):
    return (int(name[1:]) - 1) * NX + FILES.index(name[0])


def name(i):
    return FILES[i % NX] + str(i // NX + 1)


# Directions as (dx, dy); index k and its opposite OPP[k].
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
OPP = (1, 0, 3, 2, 5, 4, 7, 6)

# NB[i][k]: the point linked to i in direction k, or -1 (off board or no line).
NB = []
for i in range(NPTS):
    x, y = i % NX, i // NX
    row = []
    for dx, dy in DIRS:
        nx, ny = x + dx, y + dy
        ok = 0 <= nx < NX and 0 <= ny < NY
        if ok and dx != 0 and dy != 0 and (x + y) % 2 != 0:
            ok = False  # diagonal only through points with x + y even
        row.append(ny * NX + nx if ok else -1)
    NB.append(tuple(row))
NB = tuple(NB)


def start_position():
    white = black = 0
    for i in range(NPTS):
        y = i // NX
        if y <= 1:
            white |= 1 << i
        elif y >= 3:
            black |= 1 << i
    for f, c in zip(FILES, "BWBW.BWBW"):
        if c == "W":
            white |= 1 << idx(f + "3")
        elif c == "B":
            black |= 1 << idx(f + "3")
    return "W", white, black


def run_from(p, k, opp):
    """Bitmask of the unbroken run of enemies starting at p in direction k."""
    m = 0
    while p >= 0 and opp >> p & 1:
        m |= 1 << p
        p = NB[p][k]
    return m


def captures_from(cur, occ, opp, visited, last):
    """Capturing steps of the piece on cur: list of (k, q, mark, run)."""
    out = []
    for k in range(8):
        if k == last:
            continue
        q = NB[cur][k]
        if q < 0 or occ >> q & 1 or visited >> q & 1:
            continue
        a = NB[q][k]
        if a >= 0 and opp >> a & 1:
            out.append((k, q, "A", run_from(a, k, opp)))
        w = NB[cur][OPP[k]]
        if w >= 0 and opp >> w & 1:
            out.append((k, q, "W", run_from(w, OPP[k], opp)))
    return out


def chains(note, cur, own, opp, visited, last, out):
    """Extend a capture chain of the piece on cur (own excludes it)."""
    occ = own | opp | (1 << cur)
    for k, q, mark, run in captures_from(cur, occ, opp, visited, last):
        nopp = opp & ~run  # removed at once
        n = note + "-" + name(q) + mark
        out.append((n, own | (1 << q), nopp))
        chains(n, q, own, nopp, visited | (1 << q), k, out)


def moves(turn, white, black):
    """List of (notation, white, black) after the move."""
    own, opp = (white, black) if turn == "W" else (black, white)
    raw = []
    if own:
        occ = own | opp
        pieces = [i for i in range(NPTS) if own >> i & 1]
        for s in pieces:
            chains(name(s), s, own & ~(1 << s), opp, 1 << s, -1, raw)
        if not raw:
            for s in pieces:
                for k in range(8):
                    q = NB[s][k]
                    if q >= 0 and not occ >> q & 1:
                        raw.append((name(s) + "-" + name(q),
                                    own & ~(1 << s) | (1 << q), opp))
    if turn == "W":
        return raw
    return [(n, o, w) for n, w, o in raw]


OTHER = {"B": "W", "W": "B"}
_cache = {}
ON_TURN_ONLY = False


def perft(turn, white, black, depth, use_cache=True):
    if depth == 0:
        return 1
    if not ON_TURN_ONLY and not (white and black):
        return 0
    key = (turn, white, black, depth)
    if use_cache and key in _cache:
        return _cache[key]
    ms = moves(turn, white, black)
    if depth == 1:
        n = len(ms)
    else:
        o = OTHER[turn]
        n = sum(perft(o, w, b, depth - 1, use_cache) for _, w, b in ms)
    if use_cache:
        _cache[key] = n
    return n


def parse_position(text):
    parts = text.strip().split(":")
    if len(parts) != 3 or parts[0] not in ("B", "W"):
        raise ValueError("position must be TURN:Wpoints:Bpoints")
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
            if len(p) != 2 or p[0] not in FILES or p[1] not in "12345":
                raise ValueError("bad point: %r" % p)
            if bits >> idx(p) & 1:
                raise ValueError("point listed twice: %r" % p)
            bits |= 1 << idx(p)
        sides[part[0]] = bits
    if sides["B"] & sides["W"]:
        raise ValueError("a point holds two pieces")
    return parts[0], sides["W"], sides["B"]


def format_position(turn, white, black):
    def pts(v):
        return ",".join(name(i) for i in range(NPTS) if v >> i & 1)
    return "%s:W%s:B%s" % (turn, pts(white), pts(black))


def main(argv):
    global ON_TURN_ONLY
    ap = argparse.ArgumentParser(description="Fanorona perft (reference)")
    ap.add_argument("depth", type=int)
    ap.add_argument("--position", default=None)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--no-cache", action="store_true",
                    help="disable the transposition cache (slower cross-check)")
    ap.add_argument("--on-turn-only", action="store_true",
                    help="a side without pieces loses only on its own turn")
    a = ap.parse_args(argv)
    ON_TURN_ONLY = a.on_turn_only
    try:
        pos = parse_position(a.position) if a.position else start_position()
    except ValueError as e:
        ap.error(str(e))
    use_cache = not a.no_cache
    turn, white, black = pos
    for d in range(1, a.depth + 1):
        print("perft(%d) = %d" % (d, perft(turn, white, black, d, use_cache)))
        sys.stdout.flush()
    if a.divide and a.depth >= 1:
        rows = []
        terminal = not ON_TURN_ONLY and not (white and black)
        for note, w, b in ([] if terminal else moves(turn, white, black)):
            rows.append((note, perft(OTHER[turn], w, b, a.depth - 1, use_cache)))
        rows.sort(key=lambda r: r[0].encode())
        for note, n in rows:
            print("%s %d" % (note, n))


if __name__ == "__main__":
    main(sys.argv[1:])
