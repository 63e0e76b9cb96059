"""Perft for Fetlar hnefatafl, written from the written rules alone.

An independent check of the engine's move generator: it shares no code with
the engine and was written from docs/rules.md (perft, move and
position notation) and the Fetlar rules as the project fixes them:

- 11x11 board, files a..k, ranks 1..11; throne f6; corners a1 k1 a11 k11.
- 24 attackers (A), 12 defenders (D) and the king (K) on f6; A moves first.
- Every piece moves like a rook over empty squares; only the king may stop
  on the throne or a corner; the empty throne may be passed over.
- Custodial capture of soldiers only: an enemy soldier next to the moved
  piece is taken when the square beyond it holds a piece of the mover's side
  (king included) or is hostile and empty (a corner; the throne when empty).
- The king is taken (attackers win) when, after an attacker's move, all four
  of its neighbours are attackers, or three are and the fourth is the empty
  throne; never on an edge square.
- The king on a corner wins for the defenders; no legal move loses.

perft(pos, 0) = 1; perft(pos, d) sums perft after each legal move at d - 1;
a position where the game is over counts 0 at depth >= 1 (so a winning move
counts 1 at depth 1 and nothing deeper).

Run:
    python3 tests/reference/fetlar_perft.py 3
    python3 tests/reference/fetlar_perft.py 2 --divide --position A:Ad1,e1:Dd5,Ke5
Options:
    --divide         for the last depth, print each first move and its count
    --position POS   start from POS (TURN:SIDE:SIDE, e.g. A:Aa4,b6:De5,Kf6)
    --mover-adjacent (variant, not the default) the king is captured only if
                     the attacker that just moved is one of its neighbours
    --no-tt          disable the transposition table (slower, same numbers)
Timing goes to stderr.
"""
import sys
import time

N = 11
FILES = "abcdefghijk"
EMPTY, ATT, DEF, KING = 0, 1, 2, 3


def sq(label):
    f = FILES.index(label[0])
    r = int(label[1:]) - 1
    if not (0 <= f < N and 0 <= r < N) or label[1:] != str(r + 1):
        raise ValueError("bad square %r" % label)
    return r * N + f


def name(s):
    return "%s%d" % (FILES[s % N], s // N + 1)


THRONE = sq("f6")
CORNERS = frozenset(sq(c) for c in ("a1", "k1", "a11", "k11"))
RESTRICTED = CORNERS | {THRONE}   # squares only the king may stop on

START_ATT = ("a4 a5 a6 a7 a8 b6 k4 k5 k6 k7 k8 j6 d1 e1 f1 g1 h1 f2 "
             "d11 e11 f11 g11 h11 f10").split()
START_DEF = "f4 e5 f5 g5 d6 e6 g6 h6 e7 f7 g7 f8".split()
START_KING = "f6"

DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def _on(f, r):
    return 0 <= f < N and 0 <= r < N


# RAYS[s]: for each of the four directions, the squares from s outward.
RAYS = []
# PAIRS[s]: (neighbour, beyond) for each direction where both exist.
PAIRS = []
# NEIGH[s]: the orthogonal neighbours of s.
NEIGH = []
EDGE = [False] * (N * N)
for s in range(N * N):
    f, r = s % N, s // N
    rays, pairs, neigh = [], [], []
    for df, dr in DIRS:
        ray = []
        k = 1
        while _on(f + df * k, r + dr * k):
            ray.append((r + dr * k) * N + f + df * k)
            k += 1
        if ray:
            rays.append(tuple(ray))
            neigh.append(ray[0])
        if len(ray) >= 2:
            pairs.append((ray[0], ray[1]))
    RAYS.append(tuple(rays))
    PAIRS.append(tuple(pairs))
    NEIGH.append(tuple(neigh))
    EDGE[s] = len(neigh) < 4


class Pos:
    """Board (list of 121), piece sets, king square, side to move."""

    def __init__(self, att, dfn, king, turn):
        self.board = [EMPTY] * (N * N)
        for s in att:
            self.board[s] = ATT
        for s in dfn:
            self.board[s] = DEF
        self.king = king
        if king is not None:
            self.board[king] = KING
        self.att = set(att)
        self.dfn = set(dfn)      # defender soldiers, not the king
        self.turn = turn         # ATT or DEF

    def key(self):
        return (bytes(self.board), self.turn)


def parse_position(text):
    parts = text.strip().split(":")
    if len(parts) != 3 or parts[0] not in ("A", "D"):
        raise ValueError("position must be TURN:SIDE:SIDE, got %r" % text)
    att, dfn, king = [], [], None
    seen = set()
    for part in parts[1:]:
        if not part or part[0] not in "AD":
            raise ValueError("bad side %r" % part)
        who, body = part[0], part[1:]
        for item in (x.strip() for x in body.split(",")):
            if not item:
                continue
            kind = ""
            if item[0] == "K":
                kind, item = "K", item[1:]
            s = sq(item)
            if s in seen:
                raise ValueError("two pieces on %s" % item)
            seen.add(s)
            if kind == "K":
                if who != "D" or king is not None:
                    raise ValueError("only one king, a defender")
                king = s
            elif who == "A":
                att.append(s)
            else:
                dfn.append(s)
    return Pos(att, dfn, king, ATT if parts[0] == "A" else DEF)


def format_position(p):
    a = ",".join(name(s) for s in sorted(p.att, key=lambda s: (s % N, s // N)))
    d = [name(s) for s in sorted(p.dfn, key=lambda s: (s % N, s // N))]
    if p.king is not None:
        d.append("K" + name(p.king))
    return "%s:A%s:D%s" % ("A" if p.turn == ATT else "D", a, ",".join(d))


def start_position():
    return Pos([sq(x) for x in START_ATT], [sq(x) for x in START_DEF],
               sq(START_KING), ATT)


def game_over(p):
    """The winner if the position is already decided by a piece placement."""
    if p.king is None:
        return ATT
    if p.king in CORNERS:
        return DEF
    return None


def gen_moves(p):
    board = p.board
    out = []
    if p.turn == ATT:
        pieces = p.att
    else:
        pieces = list(p.dfn)
        if p.king is not None:
            pieces.append(p.king)
    for s in pieces:
        is_king = board[s] == KING
        for ray in RAYS[s]:
            for t in ray:
                if board[t]:
                    break
                if is_king or t not in RESTRICTED:
                    out.append((s, t))
    return out


def count_moves(p):
    board = p.board
    n = 0
    if p.turn == ATT:
        pieces = p.att
    else:
        pieces = p.dfn
        k = p.king
        if k is not None:
            for ray in RAYS[k]:
                for t in ray:
                    if board[t]:
                        break
                    n += 1
    for s in pieces:
        for ray in RAYS[s]:
            for t in ray:
                if board[t]:
                    break
                if t != THRONE:      # corners are ray ends: never passed
                    n += 1
                    if t in CORNERS:
                        n -= 1
    return n


def make(p, mv, mover_adjacent=False):
    """Play mv; return (undo info, winner or None)."""
    s, t = mv
    board = p.board
    piece = board[s]
    board[s] = EMPTY
    board[t] = piece
    side = p.turn
    captured = []
    if side == ATT:
        p.att.discard(s)
        p.att.add(t)
        for n1, b in PAIRS[t]:
            if board[n1] == DEF:
                o = board[b]
                if o == ATT or (o == EMPTY and b in RESTRICTED):
                    captured.append(n1)
        for c in captured:
            board[c] = EMPTY
            p.dfn.discard(c)
    else:
        if piece == KING:
            p.king = t
        else:
            p.dfn.discard(s)
            p.dfn.add(t)
        for n1, b in PAIRS[t]:
            if board[n1] == ATT:
                o = board[b]
                if o == DEF or o == KING or (o == EMPTY and b in RESTRICTED):
                    captured.append(n1)
        for c in captured:
            board[c] = EMPTY
            p.att.discard(c)
    winner = None
    k = p.king
    if side == ATT:
        if k is not None and not EDGE[k]:
            nb = NEIGH[k]
            ok = True
            for x in nb:
                if not (board[x] == ATT or (x == THRONE and board[x] == EMPTY)):
                    ok = False
                    break
            if ok and (not mover_adjacent or t in nb):
                winner = ATT
    else:
        if piece == KING and t in CORNERS:
            winner = DEF
    p.turn = DEF if side == ATT else ATT
    return (s, t, piece, captured, side), winner


def unmake(p, undo):
    s, t, piece, captured, side = undo
    board = p.board
    board[t] = EMPTY
    board[s] = piece
    p.turn = side
    if side == ATT:
        p.att.discard(t)
        p.att.add(s)
        for c in captured:
            board[c] = DEF
            p.dfn.add(c)
    else:
        if piece == KING:
            p.king = s
        else:
            p.dfn.discard(t)
            p.dfn.add(s)
        for c in captured:
            board[c] = ATT
            p.att.add(c)


def move_name(mv):
    return "%s-%s" % (name(mv[0]), name(mv[1]))


class Perft:
    def __init__(self, mover_adjacent=False, use_tt=True):
        self.adj = mover_adjacent
        self.tt = {} if use_tt else None

    def run(self, p, depth):
        """perft of a position that is not over (caller checks)."""
        if depth == 0:
            return 1
        if depth == 1:
            return count_moves(p)
        tt = self.tt
        if tt is not None:
            key = (bytes(p.board), p.turn, depth)
            v = tt.get(key)
            if v is not None:
                return v
        total = 0
        for mv in gen_moves(p):
            undo, winner = make(p, mv, self.adj)
            if winner is None:
                total += self.run(p, depth - 1)
            unmake(p, undo)
        if tt is not None:
            tt[key] = total
        return total

    def perft(self, p, depth):
        if depth == 0:
            return 1
        if game_over(p) is not None:
            return 0
        return self.run(p, depth)

    def divide(self, p, depth):
        res = []
        if depth == 0 or game_over(p) is not None:
            return res
        for mv in gen_moves(p):
            undo, winner = make(p, mv, self.adj)
            if depth == 1:
                n = 1
            else:
                n = 0 if winner is not None else self.run(p, depth - 1)
            unmake(p, undo)
            res.append((move_name(mv), n))
        res.sort(key=lambda x: x[0].encode())
        return res


def main(argv):
    args = list(argv)
    divide = "--divide" in args
    adj = "--mover-adjacent" in args
    use_tt = "--no-tt" not in args
    args = [a for a in args if a not in ("--divide", "--mover-adjacent", "--no-tt")]
    pos = None
    if "--position" in args:
        i = args.index("--position")
        if i + 1 >= len(args):
            sys.stderr.write("--position needs a value\n")
            return 2
        pos = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1 or not args[0].isdigit():
        sys.stderr.write("usage: fetlar_perft.py DEPTH [--position POS] [--divide] "
                         "[--mover-adjacent] [--no-tt]\n")
        return 2
    depth = int(args[0])
    p = parse_position(pos) if pos else start_position()
    pf = Perft(adj, use_tt)
    t0 = time.time()
    for d in range(1, depth + 1):
        n = pf.perft(p, d)
        print("perft(%d) = %d" % (d, n), flush=True)
        sys.stderr.write("  depth %d: %.2fs\n" % (d, time.time() - t0))
    if divide and depth >= 1:
        for nm, c in pf.divide(p, depth):
            print("%s %d" % (nm, c))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
