"""Perft for Mak-yek, written from docs/rules.md and the Mak-yek
rules of docs/games.md alone.

An independent check of the engine's move generator: it shares no code or
tables with the engine. Standard library only. Run:
    python3 tests/reference/mak_yek_perft.py 4
    python3 tests/reference/mak_yek_perft.py 3 --position W:Wa1,b1:Bc8,d8 --divide

Rules as read here:
- Board a1-h8, orthogonal lines. White (W) on ranks 1 and 3, Black (B) on
  ranks 6 and 8, White first. One kind of piece.
- A move slides one piece orthogonally over any number of empty points
  (rook move), written FROM-TO.
- With the board as the piece lands (its starting point now empty), two tests
  are made and everything found is removed together:
  custodial: each enemy orthogonally next to the moved piece with a friendly
  piece directly beyond it (same line) is taken (single pieces, not runs);
  intervention: on each of the two lines (rank, file) where the moved piece
  has an enemy directly next to it on both sides, both are taken.
  The mover is never taken by its own move.
- The player to move with no pieces or no legal move has lost: such a
  position has no moves (perft 0 at depth >= 1).
"""
import argparse
import sys

FILES = "abcdefgh"
EMPTY, WHITE, BLACK, OFF = 0, 1, 2, 3
# 10 x 10 mailbox: a one-point border of OFF around the 8 x 8 board.
W10 = 10


def sq(f, r):
    """Mailbox index of file f (0..7), rank r (0..7)."""
    return (r + 1) * W10 + (f + 1)


NAME = {}
INDEX = {}
for _r in range(8):
    for _f in range(8):
        NAME[sq(_f, _r)] = FILES[_f] + str(_r + 1)
        INDEX[FILES[_f] + str(_r + 1)] = sq(_f, _r)
BOARD_SQUARES = sorted(NAME)
DIRS = (1, -1, W10, -W10)
AXES = (1, W10)  # horizontal, vertical
LETTER = {WHITE: "W", BLACK: "B"}
SIDE = {"W": WHITE, "B": BLACK}


def empty_board():
    b = [OFF] * 100
    for s in BOARD_SQUARES:
        b[s] = EMPTY
    return b


def start_position():
    b = empty_board()
    for f in range(8):
        b[sq(f, 0)] = WHITE
        b[sq(f, 2)] = WHITE
        b[sq(f, 5)] = BLACK
        b[sq(f, 7)] = BLACK
    return b, WHITE


def parse_position(text):
    """`TURN:Wpieces:Bpieces`, e.g. `W:Wa1,b1:Bc8,d8` (either side may be empty)."""
    parts = text.strip().split(":")
    if len(parts) != 3:
        raise ValueError("position must be TURN:SIDE:SIDE, got %r" % text)
    turn = parts[0].strip()
    if turn not in SIDE:
        raise ValueError("bad side to move %r" % turn)
    b = empty_board()
    seen = set()
    for part in parts[1:]:
        part = part.strip()
        if not part or part[0] not in SIDE:
            raise ValueError("bad side %r" % part)
        if part[0] in seen:
            raise ValueError("side %s given twice" % part[0])
        seen.add(part[0])
        colour = SIDE[part[0]]
        body = part[1:].strip()
        if not body:
            continue
        for p in body.split(","):
            p = p.strip()
            if p not in INDEX:
                raise ValueError("bad point %r" % p)
            if b[INDEX[p]] != EMPTY:
                raise ValueError("point %s given twice" % p)
            b[INDEX[p]] = colour
    return b, SIDE[turn]


def format_position(b, side):
    out = [LETTER[side]]
    for colour in (WHITE, BLACK):
        pts = [NAME[s] for s in BOARD_SQUARES if b[s] == colour]
        pts.sort(key=lambda n: (int(n[1:]), n[0]))
        out.append(LETTER[colour] + ",".join(pts))
    return ":".join(out)


def gen_moves(b, side):
    """All legal moves as (from, to) mailbox indices."""
    ms = []
    for s in BOARD_SQUARES:
        if b[s] != side:
            continue
        for d in DIRS:
            t = s + d
            while b[t] == EMPTY:
                ms.append((s, t))
                t += d
    return ms


def count_moves(b, side):
    n = 0
    for s in BOARD_SQUARES:
        if b[s] != side:
            continue
        for d in DIRS:
            t = s + d
            while b[t] == EMPTY:
                n += 1
                t += d
    return n


def captures(b, side, q):
    """Points taken when a piece of `side` has just landed on q (board as it lands)."""
    enemy = BLACK if side == WHITE else WHITE
    taken = set()
    # custodial: enemy next to q with a friendly piece directly beyond it
    for d in DIRS:
        n1 = q + d
        if b[n1] == enemy and b[n1 + d] == side:
            taken.add(n1)
    # intervention: enemies directly on both sides of q along one line
    for a in AXES:
        if b[q + a] == enemy and b[q - a] == enemy:
            taken.add(q + a)
            taken.add(q - a)
    return taken


def make(b, side, mv):
    s, t = mv
    b[s] = EMPTY
    b[t] = side
    taken = captures(b, side, t)
    for x in taken:
        b[x] = EMPTY
    return taken


def unmake(b, side, mv, taken):
    s, t = mv
    enemy = BLACK if side == WHITE else WHITE
    for x in taken:
        b[x] = enemy
    b[t] = EMPTY
    b[s] = side


def perft(b, side, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return count_moves(b, side)
    other = BLACK if side == WHITE else WHITE
    total = 0
    for mv in gen_moves(b, side):
        taken = make(b, side, mv)
        total += perft(b, other, depth - 1)
        unmake(b, side, mv, taken)
    return total


def notation(mv):
    return NAME[mv[0]] + "-" + NAME[mv[1]]


def divide(b, side, depth):
    other = BLACK if side == WHITE else WHITE
    rows = []
    for mv in gen_moves(b, side):
        taken = make(b, side, mv)
        rows.append((notation(mv), perft(b, other, depth - 1)))
        unmake(b, side, mv, taken)
    rows.sort(key=lambda r: r[0].encode())
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description="Mak-yek perft (independent reference)")
    ap.add_argument("depth", type=int)
    ap.add_argument("--position", help="TURN:Wpieces:Bpieces, e.g. W:Wa1,b1:Bc8,d8")
    ap.add_argument("--divide", action="store_true",
                    help="also list the first moves of the last depth with their counts")
    args = ap.parse_args(argv)
    if args.position:
        b, side = parse_position(args.position)
    else:
        b, side = start_position()
    if args.depth <= 0:
        print("perft(0) = 1")
    for d in range(1, args.depth + 1):
        print("perft(%d) = %d" % (d, perft(b, side, d)))
        sys.stdout.flush()
    if args.divide and args.depth >= 1:
        for name, n in divide(b, side, args.depth):
            print("%s: %d" % (name, n))


if __name__ == "__main__":
    main()
