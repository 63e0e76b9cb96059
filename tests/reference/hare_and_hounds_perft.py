#!/usr/bin/env python3
"""Independent reference perft for Hare and Hounds (the French Military Game).

Written from a plain statement of the rules only (standard library, Python 3),
to cross-check another program's move counts.

RULES AS IMPLEMENTED
--------------------
* Board: 11 points on a lattice of files a..e (x = 0..4, left to right) and
  ranks 1..3 (y = 0..2, bottom to top): a2; b1 b2 b3; c1 c2 c3; d1 d2 d3; e2.
* Lines (a piece steps along one line to the adjacent point on it):
    horizontal  a2-b2-c2-d2-e2, b1-c1-d1, b3-c3-d3
    vertical    b1-b2-b3, c1-c2-c3, d1-d2-d3
    diagonal    a2-b1, a2-b3, b1-c2-d3, b3-c2-d1, d1-e2, d3-e2
  So c2 is joined to all eight points around it, b2 only to a2, b1, b3, c2.
* Hounds (H, 3 pieces) start on a2, b1, b3; the hare (R, 1 piece) on e2.  The
  hounds move first; the players alternate.  A turn moves exactly one piece
  one step along a line to an adjacent EMPTY point.  No jumps, no captures.
* A hound moves only east (+x), north-east, south-east, north or south; never
  west, north-west or south-west.  The hare moves along any of its lines.
* End of the game, checked after every move, in this order:
    1. The hare wins when its file is strictly less than the file of every
       hound (checked after either side's move).  With no hounds at all this
       holds vacuously; with no hare it never holds.
    2. Stalling: the hare wins when the hounds have made 10 vertical (north or
       south) moves in a row.  Only hound moves count; hare moves neither
       count nor break the run; a hound move with an eastward component
       resets the run to 0.  The game ends right after the 10th such move
       (a position whose streak is >= 10 is finished).
    3. The side to move with no legal move loses (a trapped hare loses,
       hounds that cannot move lose too).
  A finished position has no moves.

Perft: perft(pos, 0) = 1; perft(pos, d) = sum over legal moves of
perft(child, d - 1).

POSITION NOTATION
-----------------
    TURN:SIDE:SIDE[:streak Hn]     e.g.   H:Ha2,b1,b3:Re2
                                          R:Hc1,c3,d2:Rb2:streak H4
TURN is H or R (side to move).  Each SIDE is the player letter (H or R)
followed by comma-separated points (possibly none); the two sides may come in
either order, and each must be given exactly once.  The optional part
"streak Hn" gives the hounds' current run of vertical moves (0 if absent).
Errors: unknown point, point given twice, a side missing or given twice,
more than one hare, a malformed or unknown extra part.  Other piece counts
(fewer or more hounds, no hare) are accepted.  Output lists the hounds first,
points ordered by file then rank (a2, b1, b2, b3, c1, ...), and writes
":streak Hn" only when n is nonzero.

Moves are written "from-to", e.g. b1-c1.

COMMANDS
--------
    hare_and_hounds_perft.py start DEPTH
        perft from the start position, "perft(d) = n" for d = 1..DEPTH.
    hare_and_hounds_perft.py position "POSITION" DEPTH
        the same from a given position.
    hare_and_hounds_perft.py divide "POSITION" DEPTH
        every legal move with its perft(DEPTH-1), sorted by move text, then
        the total.
    hare_and_hounds_perft.py random COUNT PLIES SEED DEPTH
        COUNT random games with random.Random(SEED); each game lasts
        rng.randint(1, PLIES) plies or until it ends; at each ply the move is
        rng.choice() over the legal moves sorted by their text.  Prints for
        each game "POSITION | perft(1) ... perft(DEPTH)" for its final
        position (finished games included).
    hare_and_hounds_perft.py selftest
        hand-checked rule assertions.
"""

import random
import sys
import time

HOUNDS, HARE = "H", "R"
STALL_LIMIT = 10

FILES = "abcde"
POINT_NAMES = ["a2", "b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3", "e2"]
# Points are (x, y) tuples; ORDER gives the output order (file, then rank).
POINTS = [(FILES.index(n[0]), int(n[1]) - 1) for n in POINT_NAMES]
POINT_SET = set(POINTS)

LINES = [
    "a2 b2 c2 d2 e2", "b1 c1 d1", "b3 c3 d3",
    "b1 b2 b3", "c1 c2 c3", "d1 d2 d3",
    "a2 b1", "a2 b3", "b1 c2 d3", "b3 c2 d1", "d1 e2", "d3 e2",
]


def pt_name(p):
    return FILES[p[0]] + str(p[1] + 1)


def parse_point(text):
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "123":
        raise ValueError("bad point %r" % text)
    p = (FILES.index(text[0]), int(text[1]) - 1)
    if p not in POINT_SET:
        raise ValueError("%r is not a point of the board" % text)
    return p


def build_neighbours():
    nb = {p: set() for p in POINTS}
    for line in LINES:
        pts = [parse_point(n) for n in line.split()]
        for a, b in zip(pts, pts[1:]):
            nb[a].add(b)
            nb[b].add(a)
    return {p: sorted(s) for p, s in nb.items()}


NEIGHBOURS = build_neighbours()


def sign(v):
    return (v > 0) - (v < 0)


class Position:
    def __init__(self, hounds, hares, turn, streak=0):
        self.hounds = frozenset(hounds)
        self.hares = frozenset(hares)  # 0 or 1 point
        self.turn = turn
        self.streak = streak

    @staticmethod
    def start():
        return parse_position("H:Ha2,b1,b3:Re2")

    def winner(self):
        """None while the game goes on, else the winning side (H or R)."""
        if self.hares:
            (hx, _), = self.hares
            if all(hx < p[0] for p in self.hounds):
                return HARE  # 1. the hare has passed every hound
        if self.streak >= STALL_LIMIT:
            return HARE  # 2. stalling hounds lose
        if not self._moves():
            return HARE if self.turn == HOUNDS else HOUNDS  # 3. no move
        return None

    def _moves(self):
        occupied = self.hounds | self.hares
        moves = []
        pieces = self.hounds if self.turn == HOUNDS else self.hares
        for a in pieces:
            for b in NEIGHBOURS[a]:
                if b in occupied:
                    continue
                if self.turn == HOUNDS and b[0] < a[0]:
                    continue  # hounds never step west (W, NW, SW)
                moves.append((a, b))
        return moves

    def legal_moves(self):
        if self.hares:
            (hx, _), = self.hares
            if all(hx < p[0] for p in self.hounds):
                return []
        if self.streak >= STALL_LIMIT:
            return []
        return self._moves()

    def play(self, move):
        a, b = move
        if self.turn == HOUNDS:
            hounds = (self.hounds - {a}) | {b}
            streak = self.streak + 1 if b[0] == a[0] else 0
            return Position(hounds, self.hares, HARE, streak)
        hares = (self.hares - {a}) | {b}
        return Position(self.hounds, hares, HOUNDS, self.streak)

    def __str__(self):
        def side(letter, pts):
            return letter + ",".join(pt_name(p) for p in POINTS if p in pts)
        s = "%s:%s:%s" % (self.turn, side(HOUNDS, self.hounds),
                          side(HARE, self.hares))
        if self.streak:
            s += ":streak H%d" % self.streak
        return s


def move_text(m):
    return "%s-%s" % (pt_name(m[0]), pt_name(m[1]))


def parse_position(text):
    parts = text.strip().split(":")
    turn = parts[0].strip().upper()
    if turn not in (HOUNDS, HARE):
        raise ValueError("bad side to move %r" % parts[0])
    sides = {}
    streak = None
    seen = set()
    for part in parts[1:]:
        part = part.strip()
        if part.lower().startswith("streak"):
            if streak is not None:
                raise ValueError("streak given twice")
            rest = part[len("streak"):].strip()
            if len(rest) < 2 or rest[0].upper() != HOUNDS or not rest[1:].isdigit():
                raise ValueError("bad streak part %r" % part)
            streak = int(rest[1:])
            continue
        letter = part[:1].upper()
        if letter not in (HOUNDS, HARE):
            raise ValueError("bad part %r" % part)
        if letter in sides:
            raise ValueError("side %s given twice" % letter)
        body = part[1:].strip()
        pts = [] if body == "" else [parse_point(t) for t in body.split(",")]
        for p in pts:
            if p in seen:
                raise ValueError("point %s given twice" % pt_name(p))
            seen.add(p)
        sides[letter] = pts
    for letter in (HOUNDS, HARE):
        if letter not in sides:
            raise ValueError("side %s missing" % letter)
    if len(sides[HARE]) > 1:
        raise ValueError("more than one hare")
    return Position(sides[HOUNDS], sides[HARE], turn, streak or 0)


# --------------------------------------------------------------------- perft

def perft(pos, depth):
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.play(m), depth - 1) for m in moves)


def sorted_moves(pos):
    return sorted(pos.legal_moves(), key=move_text)


def print_perfts(pos, depth):
    for d in range(1, depth + 1):
        t0 = time.time()
        n = perft(pos, d)
        print("perft(%d) = %d" % (d, n), flush=True)
        print("  (%.2f s)" % (time.time() - t0), file=sys.stderr, flush=True)


def divide(pos, depth):
    total = 0
    for m in sorted_moves(pos):
        n = perft(pos.play(m), depth - 1)
        total += n
        print("%s %d" % (move_text(m), n))
    print("total %d" % total)


def random_games(count, plies, seed, depth):
    rng = random.Random(seed)
    for _ in range(count):
        pos = Position.start()
        length = rng.randint(1, plies)
        for _ in range(length):
            moves = sorted_moves(pos)
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        counts = [str(perft(pos, d)) for d in range(1, depth + 1)]
        print("%s | %s" % (pos, " ".join(counts)), flush=True)


# ------------------------------------------------------------------ selftest

def move_list(text):
    return sorted(move_text(m) for m in parse_position(text).legal_moves())


def selftest():
    start = Position.start()
    assert str(start) == "H:Ha2,b1,b3:Re2", str(start)
    # Start, hounds to move:
    #   a2: b2 (E) empty; b1 (SE) and b3 (NE) occupied          -> 1
    #   b1: b2 (N), c1 (E), c2 (NE); a2 is NW (forbidden)         -> 3
    #   b3: b2 (S), c3 (E), c2 (SE); a2 is SW (forbidden)         -> 3
    # total 7.
    assert move_list("H:Ha2,b1,b3:Re2") == [
        "a2-b2", "b1-b2", "b1-c1", "b1-c2", "b3-b2", "b3-c2", "b3-c3"]
    assert perft(start, 1) == 7
    # Hare on e2, to move: d1, d2, d3 (all three lines from e2).
    assert move_list("R:Ha2,b1,b3:Re2") == ["e2-d1", "e2-d2", "e2-d3"]
    # Adjacency: c2 sees all eight around it; b2 has no diagonals.
    assert move_list("R:Ha2:Rc2") == ["c2-b1", "c2-b2", "c2-b3", "c2-c1",
                                      "c2-c3", "c2-d1", "c2-d2", "c2-d3"]
    # (a2 is taken by the hound, which keeps the hare from having passed.)
    assert move_list("R:Ha2:Rb2") == ["b2-b1", "b2-b3", "b2-c2"]
    # A hound never steps west: hound on c2 has NE, SE, N, S (E is d2, taken
    # by the hare); none of b1, b2, b3.  The hound on a2 keeps the hare from
    # having passed every hound.
    assert move_list("H:Ha2,c2:Rd2") == ["a2-b1", "a2-b2", "a2-b3",
                                         "c2-c1", "c2-c3", "c2-d1", "c2-d3"]
    # Notation: either order, output hounds first, sorted by file then rank.
    p = parse_position("R:Rb2:Hd2,c3,c1:streak H4")
    assert str(p) == "R:Hc1,c3,d2:Rb2:streak H4", str(p)
    assert str(parse_position("H:Hc1:R:streak H0")) == "H:Hc1:R"
    for bad in ("H:Ha1:Re2", "H:Ha2,a2:Re2", "H:Ha2:Rb2,e2", "H:Ha2:Ra2",
                "X:Ha2:Re2", "H:Ha2", "H:Ha2:Re2:Hb2", "H:Ha2:Re2:bogus"):
        try:
            parse_position(bad)
            raise AssertionError("accepted %r" % bad)
        except ValueError:
            pass

    # Hare on a2 with every hound to its east: game over (hare won), no moves.
    p = parse_position("H:Hb1,b3,c2:Ra2")
    assert p.winner() == HARE and p.legal_moves() == [] and perft(p, 3) == 0
    assert perft(p, 0) == 1
    # ... also reached by a hound's forward step: hare b2, hounds b1 (same
    # file, so not yet passed), c1, c3; b1-c2 leaves every hound east of it.
    p = parse_position("H:Hb1,c1,c3:Rb2")
    assert p.winner() is None
    q = p.play((parse_point("b1"), parse_point("c2")))
    assert q.winner() == HARE and q.legal_moves() == []
    # A hound on the same file as the hare: not passed.
    assert parse_position("R:Hb1,c2,c3:Rb2").winner() is None

    # Stalling: streak 9, a vertical hound move ends the game.
    p = parse_position("H:Hb1,c1,d1:Re2:streak H9")
    assert p.winner() is None
    q = p.play((parse_point("b1"), parse_point("b2")))
    assert str(q) == "R:Hb2,c1,d1:Re2:streak H10", str(q)
    assert q.winner() == HARE and q.legal_moves() == [] and perft(q, 2) == 0
    # ... an eastward hound move resets it; a hare move keeps it.
    q = p.play((parse_point("b1"), parse_point("c2")))
    assert q.streak == 0 and q.legal_moves()
    p = parse_position("R:Hb1,c1,d1:Re2:streak H9")
    q = p.play((parse_point("e2"), parse_point("d2")))
    assert q.streak == 9 and q.turn == HOUNDS
    # perft(2) from streak 9: 1 ply vertical hound moves end the game.
    p = parse_position("H:Hb1,c1,d1:Re2:streak H9")
    expected = 0
    for m in p.legal_moves():
        c = p.play(m)
        expected += len(c.legal_moves())
        if m[0][0] == m[1][0]:
            assert c.legal_moves() == []
    assert perft(p, 2) == expected

    # Trapped hare: on e2 with hounds on d1, d2, d3 -> no moves, hounds win.
    p = parse_position("R:Hd1,d2,d3:Re2")
    assert p.legal_moves() == [] and p.winner() == HOUNDS and perft(p, 1) == 0
    # Hounds with no move lose (same pieces, hounds to move).
    p = parse_position("H:Hd1,d2,d3:Re2")
    assert p.legal_moves() == [] and p.winner() == HARE

    # Perft divide sanity.
    assert sum(perft(start.play(m), 3) for m in start.legal_moves()) == perft(start, 4)
    print("selftest passed")


# ---------------------------------------------------------------------- main

USAGE = __doc__[__doc__.index("COMMANDS"):]


def main(argv):
    if not argv:
        print(USAGE)
        return 2
    cmd = argv[0]
    if cmd == "start" and len(argv) == 2:
        print_perfts(Position.start(), int(argv[1]))
    elif cmd == "position" and len(argv) == 3:
        print_perfts(parse_position(argv[1]), int(argv[2]))
    elif cmd == "divide" and len(argv) == 3:
        divide(parse_position(argv[1]), int(argv[2]))
    elif cmd == "random" and len(argv) == 5:
        random_games(int(argv[1]), int(argv[2]), int(argv[3]), int(argv[4]))
    elif cmd == "selftest" and len(argv) == 1:
        selftest()
    else:
        print(USAGE)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
