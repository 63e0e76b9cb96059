"""Perft for Bagh-Chal (tigers and goats), written from docs/games.md
(the Bagh-Chal rules) and docs/rules.md alone.

An independent check of the engine's move generator: it shares no code or
tables with the engine (the board is built below from the written rules).

Conventions:
- Board: 5 x 5 Alquerque, a1-e5. Orthogonal lines between neighbours; diagonal
  lines through the points whose file number plus rank is even (a1, c1, b2, ...).
- Players: goats `G` (move first), tigers `T`. Kinds: goat (no prefix), tiger `T`.
- Goat turn: with goats in hand, place one on any empty point (`@c3`); with none
  in hand, step along a line to an adjacent empty point (`c3-c4`).
- Tiger turn: step along a line to an adjacent empty point (`a1-b2`), or leap over
  an adjacent goat along a line to the empty point just beyond (`a1xc3`), taking it.
  One capture per move; capturing is optional.
- Game over: 5 goats captured (captured = 20 - goats on board - goats in hand;
  tigers win), or the player to move has no legal move (that player loses).
- Perft: depth 0 counts 1; a finished position counts 0 at depth >= 1.
- Position: `TURN:SIDE1:SIDE2`, e.g. `G:G@20:TTa1,Te1,Ta5,Te5` (the start) or
  `T:Gc3,@19:TTa1,Te1,Ta5,Te5`.

Run:
    python3 tests/reference/bagh_chal_perft.py 5
    python3 tests/reference/bagh_chal_perft.py 3 --position 'T:Gc3,@19:TTa1,Te1,Ta5,Te5' --divide
"""
import sys
import time

FILES = "abcde"
N = 25
TOTAL_GOATS = 20
CAPTURES_TO_WIN = 5
START = "G:G@20:TTa1,Te1,Ta5,Te5"

EMPTY, GOAT, TIGER = 0, 1, 2


def name(i):
    return FILES[i % 5] + str(i // 5 + 1)


def index(pt):
    if len(pt) != 2 or pt[0] not in FILES or pt[1] not in "12345":
        raise ValueError("bad point %r" % pt)
    return FILES.index(pt[0]) + 5 * (int(pt[1]) - 1)


def on_board(x, y):
    return 0 <= x < 5 and 0 <= y < 5


def build_tables():
    """NB[p]: points joined to p by a line. LEAP[p]: (over, land) pairs on one line."""
    nb, leap = [], []
    ortho = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    for p in range(N):
        x, y = p % 5, p // 5
        # file number (1..5) plus rank (1..5) even  <=>  x + y even
        dirs = ortho + (diag if (x + y) % 2 == 0 else [])
        ns, ls = [], []
        for dx, dy in dirs:
            if on_board(x + dx, y + dy):
                ns.append((x + dx) + 5 * (y + dy))
                # the point one further on the same straight line; a diagonal
                # through a point with x+y even stays on such points, so the
                # second link exists whenever the point exists
                if on_board(x + 2 * dx, y + 2 * dy):
                    ls.append(((x + dx) + 5 * (y + dy), (x + 2 * dx) + 5 * (y + 2 * dy)))
        nb.append(tuple(ns))
        leap.append(tuple(ls))
    return tuple(nb), tuple(leap)


NB, LEAP = build_tables()
# sanity: 40 orthogonal links + 16 diagonal links on the Alquerque board
assert sum(len(n) for n in NB) == 2 * (40 + 16)


class Pos:
    __slots__ = ("board", "hand", "goats", "turn")

    def __init__(self, board, hand, turn):
        self.board = board          # list of 25: EMPTY / GOAT / TIGER
        self.hand = hand            # goats in hand
        self.goats = board.count(GOAT)
        self.turn = turn            # "G" or "T"

    def captured(self):
        return TOTAL_GOATS - self.goats - self.hand


def parse(text):
    parts = text.strip().split(":")
    if len(parts) != 3 or parts[0] not in ("G", "T"):
        raise ValueError("position must be TURN:SIDE1:SIDE2 with TURN G or T: %r" % text)
    board = [EMPTY] * N
    hand = 0
    seen = set()
    for side in parts[1:]:
        if not side or side[0] not in "GT":
            raise ValueError("side must start with G or T: %r" % side)
        who, body = side[0], side[1:]
        if who in seen:
            raise ValueError("side %s given twice" % who)
        seen.add(who)
        items = [s.strip() for s in body.split(",")] if body.strip() else []
        for it in items:
            kind = GOAT
            if it.startswith("T"):
                kind, it = TIGER, it[1:]
            if it.startswith("@"):
                n = int(it[1:])
                if kind != GOAT or who != "G":
                    raise ValueError("only goats are held in hand")
                hand += n
                continue
            if (who == "G") != (kind == GOAT):
                raise ValueError("piece %r on the wrong side" % it)
            i = index(it)
            if board[i] != EMPTY:
                raise ValueError("point %s occupied twice" % it)
            board[i] = kind
    if seen != {"G", "T"}:
        raise ValueError("need both sides G and T")
    pos = Pos(board, hand, parts[0])
    if pos.captured() < 0:
        raise ValueError("more than 20 goats")
    return pos


def moves(pos):
    """Legal moves as (notation, kind, a, b, c) tuples; [] when the game is over."""
    b = pos.board
    out = []
    if pos.captured() >= CAPTURES_TO_WIN:
        return out
    if pos.turn == "G":
        if pos.hand > 0:
            for i in range(N):
                if b[i] == EMPTY:
                    out.append(("@" + name(i), "place", i, None, None))
        else:
            for i in range(N):
                if b[i] == GOAT:
                    for j in NB[i]:
                        if b[j] == EMPTY:
                            out.append((name(i) + "-" + name(j), "step", i, j, None))
    else:
        for i in range(N):
            if b[i] == TIGER:
                for j in NB[i]:
                    if b[j] == EMPTY:
                        out.append((name(i) + "-" + name(j), "step", i, j, None))
                for o, l in LEAP[i]:
                    if b[o] == GOAT and b[l] == EMPTY:
                        out.append((name(i) + "x" + name(l), "leap", i, l, o))
    return out


def play(pos, mv):
    _, kind, a, c, o = mv
    b = list(pos.board)
    hand = pos.hand
    if kind == "place":
        b[a] = GOAT
        hand -= 1
    else:
        b[c] = b[a]
        b[a] = EMPTY
        if kind == "leap":
            b[o] = EMPTY
    return Pos(b, hand, "T" if pos.turn == "G" else "G")


def perft_fast(board, tigers, goats, hand, goat_turn, depth):
    """Counting perft with make/unmake on a shared board list.

    board: list of 25 cells; tigers: list of tiger points (mutated and restored);
    goats: goats on board; hand: goats in hand.
    """
    if depth == 0:
        return 1
    if TOTAL_GOATS - goats - hand >= CAPTURES_TO_WIN:
        return 0
    total = 0
    if goat_turn:
        if hand > 0:
            if depth == 1:
                return N - len(tigers) - goats
            for i in range(N):
                if board[i] == EMPTY:
                    board[i] = GOAT
                    total += perft_fast(board, tigers, goats + 1, hand - 1, False, depth - 1)
                    board[i] = EMPTY
            return total
        if depth == 1:
            for i in range(N):
                if board[i] == GOAT:
                    for j in NB[i]:
                        if board[j] == EMPTY:
                            total += 1
            return total
        for i in range(N):
            if board[i] == GOAT:
                board[i] = EMPTY
                for j in NB[i]:
                    if board[j] == EMPTY:
                        board[j] = GOAT
                        total += perft_fast(board, tigers, goats, hand, False, depth - 1)
                        board[j] = EMPTY
                board[i] = GOAT
        return total
    # tigers
    if depth == 1:
        for t in tigers:
            for j in NB[t]:
                if board[j] == EMPTY:
                    total += 1
            for o, l in LEAP[t]:
                if board[o] == GOAT and board[l] == EMPTY:
                    total += 1
        return total
    for k in range(len(tigers)):
        t = tigers[k]
        board[t] = EMPTY
        for j in NB[t]:
            if board[j] == EMPTY:
                board[j] = TIGER
                tigers[k] = j
                total += perft_fast(board, tigers, goats, hand, True, depth - 1)
                board[j] = EMPTY
        for o, l in LEAP[t]:
            if board[o] == GOAT and board[l] == EMPTY:
                board[o] = EMPTY
                board[l] = TIGER
                tigers[k] = l
                total += perft_fast(board, tigers, goats - 1, hand, True, depth - 1)
                board[l] = EMPTY
                board[o] = GOAT
        tigers[k] = t
        board[t] = TIGER
    return total


def perft(pos, depth):
    board = list(pos.board)
    tigers = [i for i in range(N) if board[i] == TIGER]
    return perft_fast(board, tigers, pos.goats, pos.hand, pos.turn == "G", depth)


def perft_slow(pos, depth):
    """Straightforward perft through moves()/play(), used by --check."""
    if depth == 0:
        return 1
    return sum(perft_slow(play(pos, m), depth - 1) for m in moves(pos))


def main(argv):
    args = list(argv)
    divide = "--divide" in args
    check = "--check" in args      # also run the slow move-list perft and compare
    timing = "--time" in args      # print each depth's time on stderr
    args = [a for a in args if a not in ("--divide", "--check", "--time")]
    text = START
    if "--position" in args:
        k = args.index("--position")
        text = args[k + 1]
        del args[k:k + 2]
    if len(args) != 1:
        print("usage: bagh_chal_perft.py DEPTH [--position POS] [--divide] [--time] [--check]",
              file=sys.stderr)
        return 2
    depth = int(args[0])
    pos = parse(text)
    for d in range(1, depth + 1):
        t0 = time.time()
        n = perft(pos, d)
        if check:
            assert n == perft_slow(pos, d), "fast and slow perft disagree at depth %d" % d
        print("perft(%d) = %d" % (d, n))
        if timing:
            print("  (%.2fs)" % (time.time() - t0), file=sys.stderr)
        sys.stdout.flush()
    if divide and depth >= 1:
        rows = []
        for m in moves(pos):
            rows.append((m[0], perft(play(pos, m), depth - 1)))
        for mv, n in sorted(rows, key=lambda r: r[0].encode()):
            print("%s %d" % (mv, n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
