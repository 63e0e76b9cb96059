"""Perft for the draughts family, written from docs/rules.md and the
draughts rule choices of docs/games.md alone.

An independent check of the engine's draughts move generators: it shares no
code or tables with the engine (boards, rays and rulesets are built below from
the written rules). Standard library only. Run, for example:
    python3 tests/reference/draughts_perft.py russian 8
    python3 tests/reference/draughts_perft.py international 8 --distinct
    python3 tests/reference/draughts_perft.py pool 1 --divide --position W:WKa1:Bc3,f4

Rulesets (all: dark squares, White on the first ranks moves first):
  russian        8x8, men capture backward too, flying kings, free choice of
                 capture, promotion in passing (a man crowned mid-capture goes
                 on as a king), the landing rule.
  pool           as russian, but promotion only where the move ends.
  brazilian      8x8 international: majority capture, promotion where the move ends.
  international  10x10, as brazilian.
  czech          8x8, men move and capture forward only, flying kings, a king
                 capture takes precedence over a man capture, landing rule.
  italian        8x8 with h1 a playing square, men forward only and may not
                 capture kings, short kings, the Italian order of precedence.
  frisian        10x10, diagonal and orthogonal captures, value majority,
                 at most three plain moves in a row with the same king.
                 Value: a man 1, a king 2 - e with e infinitesimal (docs/games.md:
                 "slightly less than two men"; so 2 men > 1 king, 2 kings >
                 3 men, 3 kings > 5 men); i.e. compare men + 2 * kings, then
                 the fewer kings. The 3-move count is per side, reset by a man
                 move or any capture; it is not part of the position string
                 (a --position starts with no count).

Counting: perft counts move paths (docs/rules.md): two capture sequences with
different landings are two moves. --distinct merges, at every ply, captures
that take the same set of pieces from the same start to the same end (and
leave the same piece there), the convention of published draughts tables.

Output: "perft(d) = N" for d = 1..DEPTH on stdout; the time each depth took on
stderr. --divide prints, for the last depth, each first move and its count.
"""
import sys
import time

# ---------------------------------------------------------------- rulesets
# back:     men capture backward as well as forward
# flying:   kings move and capture any distance along a line
# passing:  a man landing on the far rank mid-capture is crowned at once and
#           goes on capturing as a king (otherwise it goes on as a man and is
#           crowned only if the move ends there)
# landing:  the landing rule: a flying king that has jumped a piece must land
#           where it can go on capturing, if any of the landing squares allows it
# mck:      men may capture kings
# ortho:    orthogonal captures (Frisian)
# select:   the rule that chooses among captures
# odd:      the playing squares are those with x + y odd (a1 is not one)
RULESETS = {
    "russian": dict(n=8, rows=3, back=True, flying=True, passing=True,
                    landing=True, mck=True, ortho=False, select="free", odd=False),
    "pool": dict(n=8, rows=3, back=True, flying=True, passing=False,
                 landing=True, mck=True, ortho=False, select="free", odd=False),
    "brazilian": dict(n=8, rows=3, back=True, flying=True, passing=False,
                      landing=False, mck=True, ortho=False, select="max", odd=False),
    "international": dict(n=10, rows=4, back=True, flying=True, passing=False,
                          landing=False, mck=True, ortho=False, select="max", odd=False),
    "czech": dict(n=8, rows=3, back=False, flying=True, passing=False,
                  landing=True, mck=True, ortho=False, select="czech", odd=False),
    "italian": dict(n=8, rows=3, back=False, flying=False, passing=False,
                    landing=False, mck=False, ortho=False, select="italian", odd=True),
    "frisian": dict(n=10, rows=4, back=True, flying=True, passing=False,
                    landing=False, mck=True, ortho=True, select="frisian", odd=False),
}

# Pieces on the board: 0 empty, +1 white man, +2 white king, -1 black man,
# -2 black king. The side to move is +1 (White) or -1 (Black); a square holds
# an enemy piece when piece * side < 0.
WHITE, BLACK = 1, -1


class Game:
    def __init__(self, name, distinct=False):
        r = RULESETS[name]
        self.name = name
        self.r = r
        self.distinct = distinct
        n = self.n = r["n"]
        self.playing = [sq for sq in range(n * n)
                        if (sq % n + sq // n) % 2 == (1 if r["odd"] else 0)]
        self.names = [chr(97 + sq % n) + str(sq // n + 1) for sq in range(n * n)]
        self.index = {nm: sq for sq, nm in enumerate(self.names)}
        playing = set(self.playing)

        def ray(sq, dx, dy):
            out = []
            x, y = sq % n + dx, sq // n + dy
            while 0 <= x < n and 0 <= y < n:
                out.append(x + y * n)
                x += dx
                y += dy
            return out

        diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
        # Orthogonal lines: the playing squares on a file or rank are two apart.
        orth = [(0, 2), (0, -2), (2, 0), (-2, 0)] if r["ortho"] else []
        self.cap_rays = [None] * (n * n)    # king capture rays
        self.move_rays = [None] * (n * n)   # king plain-move rays (diagonal)
        self.man_jumps = {WHITE: [None] * (n * n), BLACK: [None] * (n * n)}
        self.man_steps = {WHITE: [None] * (n * n), BLACK: [None] * (n * n)}
        for sq in self.playing:
            drays = [ray(sq, dx, dy) for dx, dy in diag]
            orays = [ray(sq, dx, dy) for dx, dy in orth]
            for rr in drays + orays:
                assert all(q in playing for q in rr)
            if not r["flying"]:
                drays = [rr[:2] for rr in drays]   # short king: over, land
                orays = [rr[:2] for rr in orays]
            self.cap_rays[sq] = [rr for rr in drays + orays if len(rr) >= 2]
            mr = [rr for rr in drays if rr]
            if not r["flying"]:
                mr = [rr[:1] for rr in mr]
            self.move_rays[sq] = mr
            for side in (WHITE, BLACK):
                jumps, steps = [], []
                for dx, dy in diag + orth:
                    if dy and (dy > 0) != (side == WHITE) and not r["back"]:
                        continue  # a backward capture, not allowed to men here
                    rr = ray(sq, dx, dy)
                    if len(rr) >= 2:
                        jumps.append((rr[0], rr[1]))
                for dx, dy in diag:
                    if (dy > 0) == (side == WHITE):
                        rr = ray(sq, dx, dy)
                        if rr:
                            steps.append(rr[0])
                self.man_jumps[side][sq] = jumps
                self.man_steps[side][sq] = steps
        self.far = {WHITE: frozenset(q for q in self.playing if q // n == n - 1),
                    BLACK: frozenset(q for q in self.playing if q // n == 0)}
        self.board = [0] * (n * n)
        self.side = WHITE
        # Frisian: for each side, [square of the king that made the side's
        # last plain moves, how many in a row]. Only the count matters when
        # the side still has men.
        self.kstate = {WHITE: [-1, 0], BLACK: [-1, 0]}

    # ------------------------------------------------------------ positions
    def set_start(self):
        n, rows = self.n, self.r["rows"]
        self.board = [0] * (n * n)
        for sq in self.playing:
            if sq // n < rows:
                self.board[sq] = 1
            elif sq // n >= n - rows:
                self.board[sq] = -1
        self.side = WHITE
        self.kstate = {WHITE: [-1, 0], BLACK: [-1, 0]}

    def set_fen(self, fen):
        """`W:Wa1,c1,Kc5:Bd6,e7`: side to move, then each side's pieces."""
        n = self.n
        self.board = [0] * (n * n)
        parts = fen.strip().split(":")
        turn = parts[0].strip().upper()
        assert turn in ("W", "B"), fen
        self.side = WHITE if turn == "W" else BLACK
        for part in parts[1:]:
            part = part.strip()
            if not part:
                continue
            colour = WHITE if part[0].upper() == "W" else BLACK
            assert part[0].upper() in "WB", fen
            for tok in part[1:].split(","):
                tok = tok.strip()
                if not tok:
                    continue
                kind = 1
                if tok[0] == "K":
                    kind, tok = 2, tok[1:]
                sq = self.index[tok]
                assert sq in self.playing, tok + " is not a playing square"
                self.board[sq] = kind * colour
        self.kstate = {WHITE: [-1, 0], BLACK: [-1, 0]}

    # ---------------------------------------------------------- generation
    def captures(self, side):
        """Every complete capture sequence of `side`, before any selection.

        A capture: (start, path, jumped, final_piece, mover_was_king). Jumped
        pieces stay on the board until the sequence ends: they block, and may
        not be jumped twice. The mover's start square is vacant meanwhile.
        """
        board = self.board
        r = self.r
        flying, passing, landing, mck = r["flying"], r["passing"], r["landing"], r["mck"]
        cap_rays = self.cap_rays
        man_jumps = self.man_jumps[side]
        far = self.far[side]
        out = []
        path = []
        jumped = []

        def king_dfs(cur, start, was_king):
            # Returns True if at least one leap was made from `cur`.
            found = False
            for rr in cap_rays[cur]:
                i = 0
                ln = len(rr)
                if flying:
                    while i < ln and board[rr[i]] == 0:
                        i += 1
                    if i >= ln - 1:
                        continue
                over = rr[i]
                q = board[over]
                if q * side >= 0 or over in jumped:
                    continue
                i += 1
                if board[rr[i]] != 0:
                    continue
                found = True
                jumped.append(over)
                if flying:
                    lands = []
                    while i < ln and board[rr[i]] == 0:
                        lands.append(rr[i])
                        i += 1
                else:
                    lands = [rr[i]]
                if landing and len(lands) > 1:
                    # The landing rule: keep the landings from which the
                    # capture goes on, if there are any.
                    saved = len(out)
                    cont_results = []
                    stop_results = []
                    for land in lands:
                        path.append(land)
                        mark = len(out)
                        went_on = king_dfs(land, start, was_king)
                        path.pop()
                        (cont_results if went_on else stop_results).append(out[mark:])
                        del out[mark:]
                    del out[saved:]
                    for chunk in (cont_results if cont_results else stop_results):
                        out.extend(chunk)
                else:
                    for land in lands:
                        path.append(land)
                        king_dfs(land, start, was_king)
                        path.pop()
                jumped.pop()
            if not found and path:
                out.append((start, tuple(path), tuple(jumped),
                            2 * side, was_king))
            return found

        def man_dfs(cur, start):
            found = False
            for over, land in man_jumps[cur]:
                q = board[over]
                if q * side >= 0 or board[land] != 0 or over in jumped:
                    continue
                if not mck and (q == 2 or q == -2):
                    continue
                found = True
                jumped.append(over)
                path.append(land)
                if passing and land in far:
                    # Crowned in passing: goes on capturing as a king.
                    king_dfs(land, start, False)
                else:
                    man_dfs(land, start)
                path.pop()
                jumped.pop()
            if not found and path:
                final = 2 * side if cur in far else side
                out.append((start, tuple(path), tuple(jumped), final, False))
            return found

        for sq in self.playing:
            p = board[sq]
            if p * side <= 0:
                continue
            board[sq] = 0
            if p == side:
                man_dfs(sq, sq)
            else:
                king_dfs(sq, sq, True)
            board[sq] = p
        return out

    def select(self, caps):
        """Apply the ruleset's precedence among captures."""
        rule = self.r["select"]
        if rule == "free" or not caps:
            return caps
        if rule == "max":
            best = max(len(c[2]) for c in caps)
            return [c for c in caps if len(c[2]) == best]
        if rule == "czech":
            kings = [c for c in caps if c[4]]
            return kings if kings else caps
        board = self.board
        if rule == "italian":
            # most pieces; then with a king; then most kings taken; then the
            # sequence meeting a king earliest (positions of the captured
            # kings in the order of capture, compared from the first).
            def key(c):
                kpos = tuple(-i for i, q in enumerate(c[2]) if board[q] in (2, -2))
                return (len(c[2]), c[4], len(kpos), kpos)
        elif rule == "frisian":
            # value: a man 1, a king slightly less than 2 (2 - e, e
            # infinitesimal): compare men + 2 * kings, then fewer kings; on
            # equal value, a capture with a king before one with a man.
            def key(c):
                k = sum(1 for q in c[2] if board[q] in (2, -2))
                m = len(c[2]) - k
                return (m + 2 * k, -k, c[4])
        else:
            raise ValueError(rule)
        keys = [key(c) for c in caps]
        best = max(keys)
        return [c for c, k in zip(caps, keys) if k == best]

    def moves(self):
        """Legal moves of the side to move: (start, path, jumped, final, was_king)."""
        side = self.side
        caps = self.select(self.captures(side))
        if caps:
            if self.distinct:
                seen = {}
                for c in caps:
                    k = (c[0], c[1][-1], frozenset(c[2]), c[3])
                    if k not in seen:
                        seen[k] = c
                caps = list(seen.values())
            return caps
        board = self.board
        out = []
        far = self.far[side]
        steps = self.man_steps[side]
        move_rays = self.move_rays
        blocked = -1
        if self.r["select"] == "frisian":
            ks, cnt = self.kstate[side]
            if cnt >= 3 and board[ks] == 2 * side and any(
                    board[q] == side for q in self.playing):
                blocked = ks
        for sq in self.playing:
            p = board[sq]
            if p == side:
                for t in steps[sq]:
                    if board[t] == 0:
                        out.append((sq, (t,), (), 2 * side if t in far else side, False))
            elif p == 2 * side and sq != blocked:
                for rr in move_rays[sq]:
                    for t in rr:
                        if board[t] != 0:
                            break
                        out.append((sq, (t,), (), p, True))
        return out

    def notation(self, m):
        names = self.names
        if m[2]:
            return names[m[0]] + "x" + "x".join(names[q] for q in m[1])
        return names[m[0]] + "-" + names[m[1][0]]

    # ------------------------------------------------------- make / unmake
    def make(self, m):
        board = self.board
        start, path, jumped, final, was_king = m
        piece = board[start]
        taken = [board[q] for q in jumped]
        board[start] = 0
        for q in jumped:
            board[q] = 0
        board[path[-1]] = final
        ks = self.kstate[self.side]
        old = (ks[0], ks[1])
        if not jumped and was_king:
            if ks[0] == start:
                ks[0], ks[1] = path[-1], ks[1] + 1
            else:
                ks[0], ks[1] = path[-1], 1
        else:
            ks[0], ks[1] = -1, 0
        self.side = -self.side
        return (piece, taken, old)

    def unmake(self, m, undo):
        self.side = -self.side
        board = self.board
        start, path, jumped, final, was_king = m
        piece, taken, old = undo
        board[path[-1]] = 0
        for q, t in zip(jumped, taken):
            board[q] = t
        board[start] = piece
        ks = self.kstate[self.side]
        ks[0], ks[1] = old

    def perft(self, depth):
        if depth == 0:
            return 1
        ms = self.moves()
        if depth == 1:
            return len(ms)
        total = 0
        for m in ms:
            u = self.make(m)
            total += self.perft(depth - 1)
            self.unmake(m, u)
        return total


def main(argv):
    args = list(argv)
    distinct = "--distinct" in args
    divide = "--divide" in args
    args = [a for a in args if a not in ("--distinct", "--divide")]
    fen = None
    if "--position" in args:
        i = args.index("--position")
        fen = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2 or args[0] not in RULESETS:
        sys.stderr.write("usage: draughts_perft.py {%s} DEPTH [--distinct] "
                         "[--divide] [--position FEN]\n" % ",".join(RULESETS))
        return 2
    g = Game(args[0], distinct)
    depth = int(args[1])
    if fen:
        g.set_fen(fen)
    else:
        g.set_start()
    for d in range(1, depth + 1):
        t0 = time.time()
        n = g.perft(d)
        print("perft(%d) = %d" % (d, n), flush=True)
        sys.stderr.write("  depth %d: %.2fs\n" % (d, time.time() - t0))
    if divide and depth >= 1:
        rows = []
        for m in g.moves():
            u = g.make(m)
            rows.append((g.notation(m), g.perft(depth - 1)))
            g.unmake(m, u)
        for nm, c in sorted(rows, key=lambda t: t[0].encode()):
            print("%s %d" % (nm, c))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
