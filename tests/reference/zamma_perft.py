#!/usr/bin/env python3
"""Independent reference perft for Zamma (and its Srand removal variant).

Written from a plain statement of the rules only (standard library, Python 3),
to cross-check another program's move counts.

RULES AS IMPLEMENTED
--------------------
* Board 9x9 points, files a..i (x = 0..8, left to right), ranks 1..9
  (y = 0..8, bottom to top).  Lines join orthogonal neighbours everywhere;
  diagonal lines exist only through points with x + y even (the Alquerque
  pattern): such a point is joined to its four diagonal neighbours, a point
  with x + y odd has no diagonal line.  A straight line continues by the same
  step while the line exists (diagonals only through even points).
* Black (B) moves first and moves north (+y); White (W) moves south (-y).
* Start: Black men on ranks 1..4 and f5 g5 h5 i5; White men on ranks 6..9 and
  a5 b5 c5 d5; e5 empty.  40 men a side.
* Man, simple move: one step along a line to an adjacent empty point, forward
  or diagonally forward only (Black: N, NE, NW; White: S, SE, SW).
* Mullah (king), simple move: any number of steps along one line, in any of
  the 8 directions where lines exist, through empty points.
* Capturing is compulsory: if a capture exists, only captures are legal.
* Man capture: in ANY direction its lines allow (backward and sideways too),
  an adjacent enemy piece (man or mullah) with the next point beyond it on the
  same line empty; the man leaps there.
* Mullah capture (flying): along a line, zero or more empty points, one enemy
  piece, then one or more empty points: it may land on any of those (up to the
  next occupied point or the end of the line).
* Multiple capture: after a leap, if the same piece can capture again from the
  landing point (same rules, any direction), it must; the move ends only when
  no capture is possible.  Different routes are different moves, even if they
  take the same pieces and end on the same point (a move is its start point
  plus its sequence of landing points; the landings determine the pieces
  taken, since one leap passes exactly one piece).
* Removal "end" (Zamma, the default): jumped pieces stay on the board until
  the move ends; they still block (nothing lands on or passes through them)
  and may not be jumped again.  Removal "once" (Srand): a jumped piece is
  removed at once; its point is empty for the rest of the move.  In both, the
  moving piece's starting point is empty during the move (it may pass over or
  land on it), and every point it landed on is empty once it leaves it.
  (For men the two rules give the same moves: a man only leaps two steps,
  so its landing points keep the parity of both coordinates of its start
  while every point it jumps has at least one coordinate of the other
  parity; only a mullah can reach a jumped point or fly past it.)
* Majority rule: among all captures (of all pieces) only those taking the
  greatest number of pieces are legal (each piece counts one); among equal
  counts, any.
* Promotion: a man that ENDS its move on the far rank (9 for Black, 1 for
  White) becomes a mullah.  A man passing the far rank mid-capture goes on as
  a man.  A man standing on its far rank stays a man (it has no simple move,
  but may capture).
* A side with no legal move loses; for perft such a node counts 0 below it.
  (Repetition draws need history; perft ignores them.)

Perft: perft(pos, 0) = 1; perft(pos, d) = sum over legal moves of
perft(child, d - 1).

POSITION NOTATION
-----------------
    TURN:SIDE:SIDE        e.g.   B:Ba1,b1,Ke4:Wd5,Kf6
TURN is B or W.  Each SIDE is a player letter (B or W) followed by
comma-separated pieces: a point name (a1..i9) is a man, K + point a mullah.
Both sides must be present, once each, in either order; a side may be empty
("B:Ba1:W").  Anything else (other parts, unknown points, empty items, a point
given twice, lower-case letters) is an error.  Output lists Black first, then
White, points ordered by rank then file (a1, b1, ..., i1, a2, ...).

Moves: "from-to" for a simple move; a capture is the start point followed by
"x" + each landing point, e.g. "e3xe5xc7".

COMMANDS
--------
    zamma_perft.py start D [end|once]
        perft(1..D) from the start position, one line "perft(d) = n" each
        (time per depth on stderr).
    zamma_perft.py position POS D [end|once]
        the same from a position.
    zamma_perft.py divide POS D [end|once]
        every root move with its perft(D-1), sorted by move text, then
        "total N".
    zamma_perft.py random N PLIES SEED D [end|once]
        N random games with rng = random.Random(SEED).  For each game:
        length = rng.randint(1, PLIES); then up to length plies, each
        rng.choice(moves sorted by their text), stopping early when the side
        to move has no move.  Prints "POSITION | c1 c2 ... cD" (the final
        position and its perft 1..D).
    zamma_perft.py selftest
        hand-checked rule assertions.
"""

import random
import sys
import time

FILES = "abcdefghi"
SIZE = 9
NPTS = SIZE * SIZE

# Cell contents.
EMPTY, BMAN, BKING, WMAN, WKING, JUMPED = 0, 1, 2, 3, 4, 5
B, W = "B", "W"

# ENEMY[side][cell] -> True if cell holds an enemy (not yet jumped) piece.
ENEMY = {
    B: (False, False, False, True, True, False),
    W: (False, True, True, False, False, False),
}
OWN_MAN = {B: BMAN, W: WMAN}
OWN_KING = {B: BKING, W: WKING}
OTHER = {B: W, W: B}
FAR_RANK = {B: SIZE - 1, W: 0}


def pt(x, y):
    return y * SIZE + x


def pt_name(p):
    return FILES[p % SIZE] + str(p // SIZE + 1)


# Directions as (dx, dy): N, NE, E, SE, S, SW, W, NW.
DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


def build_tables():
    """RAYS[p]: tuple of rays (tuples of points, outward from p, non-empty)
    along every line through p.  FWD[side][p]: adjacent points a man of that
    side may step to (forward or diagonally forward, along lines)."""
    rays = []
    fwd = {B: [], W: []}
    for p in range(NPTS):
        x0, y0 = p % SIZE, p // SIZE
        even = (x0 + y0) % 2 == 0
        rs = []
        fb, fw = [], []
        for dx, dy in DIRS:
            if dx != 0 and dy != 0 and not even:
                continue  # no diagonal lines through odd points
            ray = []
            x, y = x0 + dx, y0 + dy
            while 0 <= x < SIZE and 0 <= y < SIZE:
                ray.append(pt(x, y))
                x, y = x + dx, y + dy
            if not ray:
                continue
            rs.append(tuple(ray))
            if dy == 1:
                fb.append(ray[0])
            elif dy == -1:
                fw.append(ray[0])
        rays.append(tuple(rs))
        fwd[B].append(tuple(fb))
        fwd[W].append(tuple(fw))
    return tuple(rays), {B: tuple(fwd[B]), W: tuple(fwd[W])}


RAYS, FWD = build_tables()


# --------------------------------------------------------------- move search
# A move is a tuple (start, landings, captured): landings a tuple of points
# (one for a simple move), captured a tuple of points (empty for a simple move).

def _caps(board, here, man, enemy, mark, start, path, taken, out):
    """Depth-first search of capture continuations from `here`.  The moving
    piece is not on the board (its start and earlier landings are empty);
    jumped pieces are set to `mark` (JUMPED or EMPTY) while below them."""
    found = False
    for ray in RAYS[here]:
        if man:
            if len(ray) < 2:
                continue
            v = ray[0]
            if not enemy[board[v]] or board[ray[1]] != EMPTY:
                continue
            lands = (ray[1],)
        else:
            n = len(ray)
            i = 0
            while i < n and board[ray[i]] == EMPTY:
                i += 1
            if i >= n - 1:
                continue
            v = ray[i]
            if not enemy[board[v]]:
                continue
            j = i + 1
            lands = []
            while j < n and board[ray[j]] == EMPTY:
                lands.append(ray[j])
                j += 1
            if not lands:
                continue
        found = True
        old = board[v]
        board[v] = mark
        taken.append(v)
        for l in lands:
            path.append(l)
            _caps(board, l, man, enemy, mark, start, path, taken, out)
            path.pop()
        taken.pop()
        board[v] = old
    if not found and path:
        out.append((start, tuple(path), tuple(taken)))


def legal_moves(board, turn, mark):
    """All legal moves of `turn` on `board` (a list; not modified on return).
    mark is JUMPED for removal=end, EMPTY for removal=once."""
    enemy = ENEMY[turn]
    man_v, king_v = OWN_MAN[turn], OWN_KING[turn]
    caps = []
    own = []
    for p in range(NPTS):
        c = board[p]
        if c != man_v and c != king_v:
            continue
        own.append(p)
        if c == man_v:
            # cheap pre-test: any adjacent enemy with an empty point beyond?
            for ray in RAYS[p]:
                if len(ray) >= 2 and enemy[board[ray[0]]] and board[ray[1]] == EMPTY:
                    break
            else:
                continue
            board[p] = EMPTY
            _caps(board, p, True, enemy, mark, p, [], [], caps)
            board[p] = c
        else:
            board[p] = EMPTY
            _caps(board, p, False, enemy, mark, p, [], [], caps)
            board[p] = c
    if caps:
        best = max(len(m[2]) for m in caps)
        return [m for m in caps if len(m[2]) == best]
    moves = []
    fwd = FWD[turn]
    for p in own:
        if board[p] == man_v:
            for t in fwd[p]:
                if board[t] == EMPTY:
                    moves.append((p, (t,), ()))
        else:
            for ray in RAYS[p]:
                for t in ray:
                    if board[t] != EMPTY:
                        break
                    moves.append((p, (t,), ()))
    return moves


def play(board, turn, move):
    """Board after `move` (a new list)."""
    start, lands, taken = move
    b = board[:]
    c = b[start]
    b[start] = EMPTY
    for v in taken:
        b[v] = EMPTY
    end = lands[-1]
    if c == OWN_MAN[turn] and end // SIZE == FAR_RANK[turn]:
        c = OWN_KING[turn]
    b[end] = c
    return b


def move_str(move):
    start, lands, taken = move
    sep = "x" if taken else "-"
    return sep.join([pt_name(start)] + [pt_name(l) for l in lands])


# ------------------------------------------------------------------ position

class Position:
    def __init__(self, board, turn):
        self.board = board
        self.turn = turn

    @staticmethod
    def start():
        board = [EMPTY] * NPTS
        for y in range(SIZE):
            for x in range(SIZE):
                if y < 4 or (y == 4 and x > 4):
                    board[pt(x, y)] = BMAN
                elif y > 4 or (y == 4 and x < 4):
                    board[pt(x, y)] = WMAN
        return Position(board, B)

    def moves(self, removal="end"):
        return legal_moves(self.board, self.turn, mark_of(removal))

    def play(self, move):
        return Position(play(self.board, self.turn, move), OTHER[self.turn])

    def __str__(self):
        parts = [self.turn]
        for side, man_v, king_v in ((B, BMAN, BKING), (W, WMAN, WKING)):
            items = []
            for p in range(NPTS):
                if self.board[p] == man_v:
                    items.append(pt_name(p))
                elif self.board[p] == king_v:
                    items.append("K" + pt_name(p))
            parts.append(side + ",".join(items))
        return ":".join(parts)


def mark_of(removal):
    if removal == "end":
        return JUMPED
    if removal == "once":
        return EMPTY
    raise ValueError("removal must be 'end' or 'once', not %r" % removal)


def parse_point(text):
    if (len(text) != 2 or text[0] not in FILES
            or text[1] not in "123456789"):
        raise ValueError("bad point %r" % text)
    return pt(FILES.index(text[0]), int(text[1]) - 1)


def parse_position(text):
    parts = text.split(":")
    if len(parts) != 3:
        raise ValueError("position needs TURN:SIDE:SIDE, got %r" % text)
    turn = parts[0]
    if turn not in (B, W):
        raise ValueError("bad side to move %r" % turn)
    board = [EMPTY] * NPTS
    seen = set()
    for part in parts[1:]:
        if not part or part[0] not in (B, W):
            raise ValueError("bad side %r" % part)
        side = part[0]
        if side in seen:
            raise ValueError("side %s given twice" % side)
        seen.add(side)
        body = part[1:]
        if body == "":
            continue
        for item in body.split(","):
            king = item.startswith("K")
            p = parse_point(item[1:] if king else item)
            if board[p] != EMPTY:
                raise ValueError("point %s given twice" % pt_name(p))
            board[p] = OWN_KING[side] if king else OWN_MAN[side]
    return Position(board, turn)


# --------------------------------------------------------------------- perft

def _perft(board, turn, depth, mark):
    moves = legal_moves(board, turn, mark)
    if depth == 1:
        return len(moves)
    other = OTHER[turn]
    total = 0
    for m in moves:
        total += _perft(play(board, turn, m), other, depth - 1, mark)
    return total


def perft(pos, depth, removal="end"):
    if depth < 0:
        raise ValueError("negative depth")
    if depth == 0:
        return 1
    return _perft(pos.board[:], pos.turn, depth, mark_of(removal))


def sorted_moves(pos, removal="end"):
    return sorted(pos.moves(removal), key=move_str)


def print_perfts(pos, depth, removal):
    for d in range(1, depth + 1):
        t0 = time.time()
        n = perft(pos, d, removal)
        print("perft(%d) = %d" % (d, n), flush=True)
        print("  (%.2f s)" % (time.time() - t0), file=sys.stderr, flush=True)


def divide(pos, depth, removal):
    if depth < 1:
        raise ValueError("divide needs a depth of at least 1")
    total = 0
    for m in sorted_moves(pos, removal):
        n = perft(pos.play(m), depth - 1, removal)
        total += n
        print("%s %d" % (move_str(m), n))
    print("total %d" % total)


def random_games(count, plies, seed, depth, removal):
    rng = random.Random(seed)
    for _ in range(count):
        pos = Position.start()
        length = rng.randint(1, plies)
        for _ in range(length):
            moves = sorted_moves(pos, removal)
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        counts = [str(perft(pos, d, removal)) for d in range(1, depth + 1)]
        print("%s | %s" % (pos, " ".join(counts)), flush=True)


# ------------------------------------------------------------------ selftest

def move_list(fen, removal="end"):
    return sorted(move_str(m) for m in parse_position(fen).moves(removal))


def check(fen, expected, removal="end"):
    got = move_list(fen, removal)
    exp = sorted(expected)
    assert got == exp, "%s (%s): expected %s, got %s" % (fen, removal, exp, got)


def after(fen, text, removal="end"):
    """Position after the move whose text is `text`."""
    pos = parse_position(fen)
    for m in pos.moves(removal):
        if move_str(m) == text:
            return str(pos.play(m))
    raise AssertionError("%s: no move %s" % (fen, text))


def selftest():
    both = ("end", "once")

    # Start position and its first plies (worked out by hand: only e5 is
    # empty; d4-e5, e4-e5, f4-e5; White must then capture into the vacated
    # point: after d4-e5 only f6xd4 (b6, d6 face white c5, d5; b4 is Black);
    # after e4-e5 only e6xe4 (e4 is odd: no diagonal); after f4-e5 three:
    # d6xf4 over e5, f6xf4 over f5, h6xf4 over g5.  No continuation.)
    start = Position.start()
    assert str(start) == (
        "B:Ba1,b1,c1,d1,e1,f1,g1,h1,i1,a2,b2,c2,d2,e2,f2,g2,h2,i2,"
        "a3,b3,c3,d3,e3,f3,g3,h3,i3,a4,b4,c4,d4,e4,f4,g4,h4,i4,f5,g5,h5,i5:"
        "Wa5,b5,c5,d5,a6,b6,c6,d6,e6,f6,g6,h6,i6,a7,b7,c7,d7,e7,f7,g7,h7,i7,"
        "a8,b8,c8,d8,e8,f8,g8,h8,i8,a9,b9,c9,d9,e9,f9,g9,h9,i9"), str(start)
    for r in both:
        assert [move_str(m) for m in sorted_moves(start, r)] == \
            ["d4-e5", "e4-e5", "f4-e5"]
        assert perft(start, 2, r) == 5
    assert sorted(move_list(after(str(start), "d4-e5"))) == ["f6xd4"]
    assert move_list(after(str(start), "e4-e5")) == ["e6xe4"]
    assert move_list(after(str(start), "f4-e5")) == ["d6xf4", "f6xf4", "h6xf4"]

    # Notation: round trip, either side order, empty side, errors.
    p = parse_position("W:WKf6,d5:BKe4,a1,b1")
    assert str(p) == "W:Ba1,b1,Ke4:Wd5,Kf6", str(p)
    assert str(parse_position("B:Ba1:W")) == "B:Ba1:W"
    assert str(parse_position("B:W:B")) == "B:B:W"
    for bad in ("B:Ba1:Wa1", "B:Ba1,a1:W", "B:Bj1:W", "B:Ba0:W", "B:Ba10:W",
                "X:Ba1:W", "B:Ba1:Bb2", "B:Ba1", "B:Ba1:W:extra", "B:Ba1,:W",
                "B:Ba1:Wkb2", "b:Ba1:W", "B:BMa1:W", "B:Ba1:W "):
        try:
            parse_position(bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % bad)

    # Man simple moves: forward / diagonally forward, diagonals only from even
    # points; White moves south.
    check("B:Bd4:Wi9", ["d4-c5", "d4-d5", "d4-e5"])       # d4 even
    check("B:Be4:Wi9", ["e4-e5"])                         # e4 odd
    check("W:Ba1:We5", ["e5-d4", "e5-e4", "e5-f4"])
    check("W:Ba1:Wd5", ["d5-d4"])
    # A man on its far rank has no simple move: side to move loses.
    check("B:Ba9:We5", [])
    assert perft(parse_position("B:Ba9:We5"), 3) == 0
    # Simple-move promotion.
    check("B:Bd8:Wa1", ["d8-c9", "d8-d9", "d8-e9"])
    assert after("B:Bd8:Wa1", "d8-d9") == "W:BKd9:Wa1"
    assert after("W:Bi9:Wb2", "b2-b1") == "B:Bi9:WKb1"

    # Mullah simple moves: any distance along lines, blocked by pieces.
    assert len(move_list("B:BKe5:W")) == 32               # even point: 8 lines
    assert len(move_list("B:BKd5:W")) == 16               # odd: 4+4+5+3
    # e7 blocks north (only e6), plus man e7: e8, d8, f8.
    assert len(move_list("B:Be7,Ke5:W")) == 29 + 3

    # Man captures: backward and sideways too; no diagonal capture through an
    # odd point; compulsory.
    check("B:Be5:We4", ["e5xe3"])
    check("W:Bd4:We4", ["e4xc4"])
    check("B:Be4:Wf5", ["e4-e5"])        # e4 odd: no diagonal line to f5
    check("B:Be1,a5:We2", ["e1xe3"])     # capture compulsory
    check("B:Be1:We2,e3", ["e1-d2", "e1-f2"])        # e3 behind: no leap
    # Man captures a mullah.
    check("B:Bc3:WKd4", ["c3xe5"])

    # A man's chain of leaps changing direction (backward S, then SW, W):
    # e5 over e4 to e3, over d2 to c1, over b1 to a1.
    for r in both:
        check("B:Be5:We4,d2,b1", ["e5xe3xc1xa1"], r)
    assert after("B:Be5:We4,d2,b1", "e5xe3xc1xa1") == "W:Ba1:W"
    assert perft(parse_position("B:Be5:We4,d2,b1"), 2) == 0

    # The start point is empty during the move; different routes are different
    # moves.  a1 loops a1xa3xc3xa1 (a2, b3, b2) or a1xc3xa3xa1 (b2, b3, a2);
    # the shorter a1xa3xc1 (a2, b2) and its kin are cut by the majority rule.
    for r in both:
        check("B:Ba1:Wa2,b2,b3", ["a1xa3xc3xa1", "a1xc3xa3xa1"], r)
    assert after("B:Ba1:Wa2,b2,b3", "a1xa3xc3xa1") == "W:Ba1:W"

    # Majority rule.  Two pieces: a1 takes 2 (a2, a4), i1 only 1 (i2).
    for r in both:
        check("B:Ba1,i1:Wa2,a4,i2", ["a1xa3xa5"], r)
        # Without a4 both single captures are legal.
        check("B:Ba1,i1:Wa2,i2", ["a1xa3", "i1xi3"], r)
        # One piece, two branches: e1xg1 (f1) takes 1, e1xe3xe5 (e2, e4) 2.
        check("B:Be1:We2,e4,f1", ["e1xe3xe5"], r)
        check("B:Be1:We2,f1", ["e1xe3", "e1xg1"], r)

    # Mullah flying capture with several landing points.
    check("B:BKa1:Wc3", ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8", "a1xi9"])
    # Landings stop before the next occupied point; then it must go on.
    for r in both:
        check("B:BKa1:Wc3,g7", ["a1xd4xh8", "a1xd4xi9", "a1xe5xh8",
                                "a1xe5xi9", "a1xf6xh8", "a1xf6xi9"], r)
    # No flying capture over two pieces in a row (a1-b2, a2..a9, b1..i1),
    # nor past an own piece (K: b2, a2..a9, b1..i1; man c3: b4, c4, d4), nor
    # of a piece on the edge (b2..h8, a2..a9, b1..i1); a mullah on an odd
    # point has no diagonal line.
    check("B:BKa1:Wc3,d4", ["a1-b2"] + ["a1-a%d" % i for i in range(2, 10)]
          + ["a1-%s1" % f for f in "bcdefghi"])
    check("B:BKa1,c3:We5", ["a1-b2", "c3-b4", "c3-c4", "c3-d4"]
          + ["a1-a%d" % i for i in range(2, 10)]
          + ["a1-%s1" % f for f in "bcdefghi"])
    check("B:BKa1:Wi9", ["a1-%s%d" % (FILES[i], i + 1) for i in range(1, 8)]
          + ["a1-a%d" % i for i in range(2, 10)]
          + ["a1-%s1" % f for f in "bcdefghi"])
    check("B:BKb1:Wc2", ["b1-a1"] + ["b1-b%d" % i for i in range(2, 10)]
          + ["b1-%s1" % f for f in "cdefghi"])
    # A White man (e6, odd) takes a mullah: S over e5 to e4.
    check("W:BKe5:We6", ["e6xe4"])

    # Man passing the far rank mid-capture stays a man: e7 over e8 to e9,
    # then (as a man, not flying to b9) over f8 to g7: two pieces; e7xg9
    # (one piece, promotion) is cut by the majority rule.
    for r in both:
        check("B:Be7:We8,f8,b9", ["e7xe9xg7"], r)
        assert after("B:Be7:We8,f8,b9", "e7xe9xg7", r) == "W:Bg7:Wb9"
    # Had it been crowned on e9 it would take b9 as well (a mullah can):
    check("B:BKe9:Wf8,b9", ["e9xa9", "e9xg7", "e9xh6", "e9xi5"])
    # Ending on the far rank by capture promotes.
    assert after("B:Be7:Wf8", "e7xg9") == "W:BKg9:W"
    assert after("W:Bd2:We3", "e3xc1") == "B:B:WKc1"

    # Deferred removal.  Mullah c1, White b1 and d1.
    #   end:  c1xa1, or c1xe1..c1xi1, then the jumped piece blocks the way
    #         back along rank 1: 6 moves of one capture.
    #   once: the jumped piece is gone, so the mullah flies back over its
    #         point and the start point to take the other: 10 moves of two.
    end_moves = ["c1xa1"] + ["c1x%s1" % f for f in "efghi"]
    once_moves = (["c1xa1x%s1" % f for f in "efghi"]
                  + ["c1x%s1xa1" % f for f in "efghi"])
    check("B:BKc1:Wb1,d1", end_moves, "end")
    check("B:BKc1:Wb1,d1", once_moves, "once")
    assert perft(parse_position("B:BKc1:Wb1,d1"), 1, "end") == 6
    assert perft(parse_position("B:BKc1:Wb1,d1"), 1, "once") == 10
    # Landing on a jumped piece's point.  Mullah a1 takes c1 (landing d1..i1).
    #   end:  from d1 over d2 up the d-file (d3..d9), or from e1 over d2 to
    #         c3/b4/a5; from c3 the leap over c2 would land on c1, still
    #         occupied by the jumped piece: 10 moves of two (f1..i1: one).
    #   once: c1 is empty again, so from c3 it takes c2 landing on c1: the
    #         only move of three.
    check("B:BKa1:Wc1,c2,d2",
          ["a1xd1xd%d" % i for i in range(3, 10)]
          + ["a1xe1xa5", "a1xe1xb4", "a1xe1xc3"], "end")
    check("B:BKa1:Wc1,c2,d2", ["a1xe1xc3xc1"], "once")
    # A flying mullah passes over its own start point (empty during the
    # move): c3 over d3 to e3, over e4 to e5, then down the diagonal through
    # d4 and c3 over b2 to a1 (three); c3xa1 at once, or stopping at f3..i3
    # or e6..e9, takes fewer.
    for r in both:
        check("B:BKc3:Wd3,e4,b2", ["c3xe3xe5xa1"], r)
    # (For men the removal rule cannot matter: a man's landing points keep
    # the parity of both coordinates of its start, a jumped point never does.)

    # Flying capture straight down to the edge: two landings.
    check("B:BKe5:We3", ["e5xe1", "e5xe2"])
    # A jumped piece is not jumped twice (end) / is gone (once).
    for r in both:
        check("B:Ba1:Wa2", ["a1xa3"], r)
    # Loops through the start point, in two orders (4 pieces each):
    # a3 over a2 to a1, over b1 to c1, over b2 (NW) to a3, over a4 to a5;
    # or a3 over b2 to c1, over b1 to a1, over a2 to a3, over a4 to a5.
    # (a3xa5 alone, a3xa1xc3 etc. are shorter and cut.)
    for r in both:
        check("B:Ba3:Wa2,b1,b2,a4", ["a3xa1xc1xa3xa5", "a3xc1xa1xa3xa5"], r)
    for r in both:
        check("B:Ba1:Wb1,c2,b3,a2", ["a1xa3xc3xc1xa1", "a1xc1xc3xa3xa1"], r)

    # Perft divide sanity: sum of divide equals perft.
    pos = parse_position("B:BKe5,c3:Wd4,g7,e7,Kb8")
    for r in both:
        assert sum(perft(pos.play(m), 2, r) for m in pos.moves(r)) == \
            perft(pos, 3, r)
    print("selftest passed")


# ---------------------------------------------------------------------- main

USAGE = __doc__[__doc__.index("COMMANDS"):]


def main(argv):
    if not argv:
        print(USAGE)
        return 2
    cmd, args = argv[0], argv[1:]
    try:
        return run(cmd, args)
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2


def run(cmd, args):
    def removal_arg(rest):
        if len(rest) == 0:
            return "end"
        if len(rest) == 1 and rest[0] in ("end", "once"):
            return rest[0]
        raise ValueError("bad removal argument %r (end or once)" % rest)

    if cmd == "start" and len(args) in (1, 2):
        print_perfts(Position.start(), int(args[0]), removal_arg(args[1:]))
    elif cmd == "position" and len(args) in (2, 3):
        print_perfts(parse_position(args[0]), int(args[1]), removal_arg(args[2:]))
    elif cmd == "divide" and len(args) in (2, 3):
        divide(parse_position(args[0]), int(args[1]), removal_arg(args[2:]))
    elif cmd == "random" and len(args) in (4, 5):
        random_games(int(args[0]), int(args[1]), int(args[2]), int(args[3]),
                     removal_arg(args[4:]))
    elif cmd == "selftest" and not args:
        selftest()
    else:
        print(USAGE)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
