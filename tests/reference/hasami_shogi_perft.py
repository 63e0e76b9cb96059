"""Perft for Hasami shogi, written from docs/games.md and docs/rules.md alone.

An independent check of the engine's perft numbers: it shares no code or
tables with the engine (the board is built here from the written rules).

Rules as read (docs/games.md, "Hasami shogi"):
- Board a1-i9, orthogonal lines. Black: 9 pieces on rank 1; White: 9 on
  rank 9. Black moves first.
- A piece slides orthogonally over empty points, any distance (no leaps).
- After a move, in each orthogonal direction from the piece that moved, an
  unbroken run of one or more enemy pieces ended directly by a friendly piece
  is captured (a run ended by the edge or by an empty point is not).
- An enemy on a corner point is captured when both its orthogonal neighbours
  are the mover's pieces, the piece that moved being one of them.
- Only the mover captures: a piece may move between enemies safely.
- A player left with fewer than two pieces loses at once (checked after every
  move). Option `--first-to N`: instead, the first player to have captured N
  enemy pieces (9 minus the pieces the opponent has left) wins at once.
- A player with no legal move loses. A finished game counts 0 at depth >= 1.

Notation: a move is `FROM-TO` (`a1-a5`); captures are implied.
Position: `B:Ba1,b1,...:Wa9,b9,...` (player to move, then black, then white).

Run:
    python3 tests/reference/hasami_shogi_perft.py 3
    python3 tests/reference/hasami_shogi_perft.py 3 --first-to 5
    python3 tests/reference/hasami_shogi_perft.py 2 --position 'B:Ba1,c3:Wb3,a5' --divide
"""
import sys

FILES = "abcdefghi"
W = 11  # 9x9 board inside a one-point wall: index = (y + 1) * 11 + (x + 1)
EMPTY, BLACK, WHITE, WALL = 0, 1, 2, 3
DIRS = (1, -1, W, -W)


def idx(x, y):
    return (y + 1) * W + (x + 1)


NAME = {}
BY_NAME = {}
for y in range(9):
    for x in range(9):
        n = FILES[x] + str(y + 1)
        NAME[idx(x, y)] = n
        BY_NAME[n] = idx(x, y)

EMPTY_BOARD = [WALL] * (W * W)
for i in NAME:
    EMPTY_BOARD[i] = EMPTY

# Corners and their two orthogonal neighbours.
CORNERS = []
for cx, cy in ((0, 0), (8, 0), (0, 8), (8, 8)):
    c = idx(cx, cy)
    ns = [c + d for d in DIRS if EMPTY_BOARD[c + d] != WALL]
    assert len(ns) == 2
    CORNERS.append((c, ns[0], ns[1]))
# For each point next to a corner: (corner, the corner's other neighbour).
CORNER_OF = {}
for c, n1, n2 in CORNERS:
    CORNER_OF.setdefault(n1, []).append((c, n2))
    CORNER_OF.setdefault(n2, []).append((c, n1))

INITIAL = 9  # pieces each player starts with


class State:
    __slots__ = ("board", "turn", "pieces")

    def __init__(self, board, turn, pieces):
        self.board = board      # list, WALL / EMPTY / BLACK / WHITE
        self.turn = turn        # BLACK or WHITE
        self.pieces = pieces    # {BLACK: [points], WHITE: [points]}


def game_over(st, first_to):
    nb, nw = len(st.pieces[BLACK]), len(st.pieces[WHITE])
    if first_to is None:
        return nb < 2 or nw < 2
    return INITIAL - nw >= first_to or INITIAL - nb >= first_to


def gen(st):
    """Plain (from, to) moves of the player to move."""
    b = st.board
    out = []
    for p in st.pieces[st.turn]:
        for d in DIRS:
            q = p + d
            while b[q] == EMPTY:
                out.append((p, q))
                q += d
    return out


def count(st):
    b = st.board
    c = 0
    for p in st.pieces[st.turn]:
        for d in DIRS:
            q = p + d
            while b[q] == EMPTY:
                c += 1
                q += d
    return c


def play(st, mv):
    frm, to = mv
    me = st.turn
    en = WHITE if me == BLACK else BLACK
    b = st.board[:]
    b[frm] = EMPTY
    b[to] = me
    taken = []
    # Runs of enemies ended directly by a friendly piece, in each direction.
    for d in DIRS:
        q = to + d
        run = []
        while b[q] == en:
            run.append(q)
            q += d
        if run and b[q] == me:
            taken.extend(run)
    # Corner capture: the moved piece is one neighbour of an enemy corner,
    # the corner's other neighbour is the mover's.
    for c, other in CORNER_OF.get(to, ()):
        if b[c] == en and b[other] == me and c not in taken:
            taken.append(c)
    for q in taken:
        b[q] = EMPTY
    mine = [to if p == frm else p for p in st.pieces[me]]
    if taken:
        ts = set(taken)
        theirs = [p for p in st.pieces[en] if p not in ts]
    else:
        theirs = st.pieces[en]
    return State(b, en, {me: mine, en: theirs})


def perft(st, depth, first_to):
    if depth == 0:
        return 1
    if game_over(st, first_to):
        return 0
    if depth == 1:
        return count(st)
    return sum(perft(play(st, m), depth - 1, first_to) for m in gen(st))


START = ("B:Ba1,b1,c1,d1,e1,f1,g1,h1,i1:"
         "Wa9,b9,c9,d9,e9,f9,g9,h9,i9")


def parse(pos):
    parts = pos.strip().split(":")
    if len(parts) != 3 or parts[0] not in ("B", "W"):
        raise SystemExit("bad position: " + pos)
    board = EMPTY_BOARD[:]
    pieces = {BLACK: [], WHITE: []}
    for side in parts[1:]:
        if not side or side[0] not in "BW":
            raise SystemExit("bad side: " + side)
        who = BLACK if side[0] == "B" else WHITE
        body = side[1:]
        for tok in body.split(",") if body else []:
            tok = tok.strip()
            if tok not in BY_NAME:
                raise SystemExit("bad point: " + tok)
            i = BY_NAME[tok]
            if board[i] != EMPTY:
                raise SystemExit("two pieces on " + tok)
            board[i] = who
            pieces[who].append(i)
    return State(board, BLACK if parts[0] == "B" else WHITE, pieces)


def main(argv):
    args = argv[1:]
    depth, pos, divide, first_to = None, START, False, None
    usage = "usage: hasami_shogi_perft.py DEPTH [--position POS] [--divide] [--first-to N]"
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--position":
            pos = args[i + 1]
            i += 2
            continue
        if a == "--first-to":
            first_to = int(args[i + 1])
            i += 2
            continue
        if a == "--divide":
            divide = True
        elif depth is None:
            depth = int(a)
        else:
            raise SystemExit(usage)
        i += 1
    if depth is None:
        depth = 3
    st = parse(pos)
    for d in range(1, depth + 1):
        if d == depth and divide:
            rows = []
            if not game_over(st, first_to):
                for m in gen(st):
                    rows.append((NAME[m[0]] + "-" + NAME[m[1]],
                                 perft(play(st, m), d - 1, first_to)))
            print("perft(%d) = %d" % (d, sum(c for _, c in rows)))
            for n, c in sorted(rows, key=lambda r: r[0].encode()):
                print("%s: %d" % (n, c))
        else:
            print("perft(%d) = %d" % (d, perft(st, d, first_to)))
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv)
