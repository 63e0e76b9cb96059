#!/usr/bin/env python3
"""Independent reference move counter (perft) for Chinese checkers.

Written from a rules statement only (no engine source consulted), to
cross-check another implementation.  Standard library only.

RULES AS IMPLEMENTED
====================

Board
-----
* Lattice points (x, y), x = 0..16, y = 0..16.  Label = file letter for x
  (a = 0 ... q = 16) followed by rank y + 1: (0,0) = "a1", (12,0) = "m1",
  (16,16) = "q17".
* Cube coordinates q = x - 8, r = y - 8, s = -q - r.  A point is on the board
  iff (q >= -4 and r >= -4 and s >= -4) or (q <= 4 and r <= 4 and s <= 4):
  121 points = central hexagon of 61 + six triangles of 10.
* Neighbours: the on-board points at lattice offsets (+1,0), (-1,0), (0,+1),
  (0,-1), (+1,-1), (-1,+1).  (+1,+1) and (-1,-1) are NOT neighbours.
* Triangles by cycle index: C0: r < -4, C1: s > 4, C2: q < -4, C3: r > 4,
  C4: s < -4, C5: q > 4.  Opposite of Ci is C((i+3) mod 6).

Players
-------
* By cycle index: C0 red R, C1 purple P, C2 yellow Y, C3 green G, C4 blue B,
  C5 white W.
* 2 players: R G; 3 players: R Y B; 4 players: R P G B; 6 players: R P Y G B W.
  Turn order = that order (increasing cycle index), round robin; red first.
* Start: each player's 10 pieces fill its own triangle; its target is the
  opposite triangle.

Moves (one piece of the player to move)
---------------------------------------
* Step: to an adjacent EMPTY point.
* Jump sequence: one or more jumps; a jump goes over an adjacent OCCUPIED
  point (any player's piece) to the point directly beyond in the same
  direction, which must be on the board and EMPTY.  The piece may stop after
  any jump or continue in any direction.  During the sequence the starting
  point counts as empty (so it can be landed on / passed through, never
  jumped over).  Nothing is captured.
* A move is identified by (from, to) only: all paths to one destination are a
  single move; a step and a jump ending on the same point would be deduped.
  A sequence ending on its starting point is not a move.
* Pieces may go anywhere on the board, including other triangles.
* Optional KEPT RULE (off by default; on with the `--kept` flag): a piece
  that stands in its player's target triangle at the start of a move may
  only END that move on a point of that target triangle.  Its intermediate
  jump landings may be anywhere (the flood fill is unchanged; only the
  destination is filtered).  A piece outside its target moves as before.
  With the rule on, "legal move" everywhere below (passing, game over,
  perft, random play) means legal under the rule: e.g. a player whose only
  moves would take target pieces out of the target must pass.
* Implementation: precomputed neighbour and (over, landing) jump tables; the
  jump destinations are found by a flood fill over landing points with a
  visited set.

End of game / passing
---------------------
* A player has WON when it has at least one piece and ALL of its pieces stand
  in its target triangle (with the standard 10 pieces: all 10 in target).
  This is judged for every player in any position; a position where some
  player has won is finished: it has no moves.
  (Interpretation: a player with zero pieces is NOT considered to have won;
  a position read from notation with a different piece count uses "all of
  its pieces".)
* Otherwise, if the player to move has no legal move but at least one other
  player has one, the only move is "pass" (counts as one move; the turn goes
  to the next player in order, board unchanged).
* If no player has a legal move, the game is over: finished, no moves.

Play on for places (the `--places` flag; off by default)
-------------------------------------------------------
With 2 players the flag changes nothing (also not the notation).  With 3, 4
or 6 players, instead of the two paragraphs above:
* A player whose move puts the last of its pieces into its target (all
  pieces in target, at least one piece) FINISHES: it takes the next place
  (first, second, ...).  Its pieces stay where they are, as obstacles that
  others may jump over; nobody moves them; it never moves again.
* The turn passes to the next player in turn order that has not finished
  (after any move or pass).
* The game ends when exactly one player has not finished (it takes the last
  place): such a position has no moves; its turn letter is that player.
* Passing as above, among the players that have not finished: the player to
  move, having no legal move, passes if some other player that has not
  finished has one; if none of the unfinished players has a move, the game
  is over (no moves).  Finished players are ignored for this.
* Notation: a last part `:places L1 L2 ...` lists the letters of the finished
  players in the order they finished, one space apart (e.g.
  `Y:R...:Y...:B...:places R`).  It is written only when at least one player
  has finished.  Reading (with the flag only) accepts it, or none when nobody
  has finished; it rejects a letter that is not a player of the game or is
  given twice, a listed player that has not all its pieces in its target
  (or has none), an unlisted player with all its pieces in its target, and a
  turn letter that is listed.

Perft
-----
* perft(pos, 0) = 1; perft(pos, d) = sum over legal moves of
  perft(child, d - 1); a finished position has perft 0 for d >= 1.  The last
  ply is counted in bulk.  All depths 1..D are produced by one traversal.

Notation
--------
* Position: TURN:SIDE:SIDE:...  e.g. R:Ra1,b2:Gq17,p16.  TURN = letter of the
  player to move.  One field per player in turn order; each field = player
  letter followed by its pieces' labels separated by commas, written sorted
  by y ascending then x ascending.  A player with no pieces is just its
  letter.  The number of fields gives the player count (2, 3, 4 or 6); the
  letters must be the expected ones in order.  Reading accepts the points in
  any order (duplicates / off-board points are rejected).
* Move: FROM-TO with labels ("e4-e5"), or "pass".
* "Sorted" move lists (for the `moves` command and for random play) are
  sorted as plain Python strings (lexicographic, e.g. "j3-j5" < "j4-i5").

Command line
------------
  The flag `--kept` may be placed anywhere on any command line; it switches
  on the KEPT RULE (see Moves) for that run.  Without it the rule is off.
  Likewise `--places` switches on play on for places for that run.

  perft PLAYERS DEPTH [POSITION]   counts for depth 1..DEPTH on one line
                                   (if POSITION is given PLAYERS is ignored;
                                   a mismatch is reported on stderr)
  moves POSITION                   legal moves, one per line, sorted
  start PLAYERS                    start position notation
  random PLAYERS N PLIES SEED DEPTH
      N games from the start with ONE random.Random(SEED) for the whole run;
      each ply: rng.choice(sorted legal move strings) (also called when the
      only move is "pass"); a game stops after PLIES plies or when the
      position has no moves.  Prints "POSITION | c1 ... cDEPTH" per game.
  selftest                         built-in sanity checks (with --kept:
                                   the same checks under the rule, plus
                                   extra KEPT RULE checks; with --places:
                                   the same checks without it, plus play on
                                   for places checks)
  time PLAYERS DEPTH               start-position perft with elapsed time
"""

import random
import sys
import time

# Optional KEPT RULE (see docstring); set from the command line (--kept).
KEPT = False
# Play on for places (see docstring); set from the command line (--places).
PLACES = False

# ---------------------------------------------------------------------------
# Board geometry
# ---------------------------------------------------------------------------

LETTERS = "RPYGBW"  # by cycle index
PLAYERS_BY_COUNT = {
    2: (0, 3),
    3: (0, 2, 4),
    4: (0, 1, 3, 4),
    6: (0, 1, 2, 3, 4, 5),
}
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def on_board(x, y):
    if not (0 <= x <= 16 and 0 <= y <= 16):
        return False
    q = x - 8
    r = y - 8
    s = -q - r
    return (q >= -4 and r >= -4 and s >= -4) or (q <= 4 and r <= 4 and s <= 4)


def triangle_of(x, y):
    """Cycle index of the triangle containing (x, y), or None (hexagon)."""
    q = x - 8
    r = y - 8
    s = -q - r
    if r < -4:
        return 0
    if s > 4:
        return 1
    if q < -4:
        return 2
    if r > 4:
        return 3
    if s < -4:
        return 4
    if q > 4:
        return 5
    return None


# Points sorted by y ascending then x ascending (the notation order).
POINTS = [(x, y) for y in range(17) for x in range(17) if on_board(x, y)]
NPTS = len(POINTS)
INDEX = {pt: i for i, pt in enumerate(POINTS)}
LABELS = [chr(ord("a") + x) + str(y + 1) for (x, y) in POINTS]
LABEL_INDEX = {lab: i for i, lab in enumerate(LABELS)}
TRI = [triangle_of(x, y) for (x, y) in POINTS]
TRIANGLE_POINTS = [[i for i in range(NPTS) if TRI[i] == c] for c in range(6)]

NB = []  # NB[i] = tuple of neighbour indices
JT = []  # JT[i] = tuple of (over, landing) index pairs
for (x, y) in POINTS:
    nb = []
    jt = []
    for dx, dy in DIRS:
        n = (x + dx, y + dy)
        if n in INDEX:
            nb.append(INDEX[n])
            l = (x + 2 * dx, y + 2 * dy)
            if l in INDEX:
                jt.append((INDEX[n], INDEX[l]))
    NB.append(tuple(nb))
    JT.append(tuple(jt))
NB = tuple(NB)
JT = tuple(JT)

# TARGET_FLAG[c][i] = 1 if point i is in the target triangle of cycle c.
TARGET_FLAG = [
    tuple(1 if TRI[i] == (c + 3) % 6 else 0 for i in range(NPTS)) for c in range(6)
]


def point_sort_key(i):
    x, y = POINTS[i]
    return (y, x)


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------


class Position:
    """players: tuple of cycle indices in turn order; seat = index into it.
    board[i] = 0 (empty) or seat + 1; pieces[seat] = list of point indices;
    turn = seat to move; intgt[seat] = number of its pieces in its target;
    places = seats that have finished, in finishing order (play on for
    places only; always empty without it or with 2 players)."""

    __slots__ = ("players", "board", "pieces", "turn", "intgt", "places")

    def __init__(self, players, pieces, turn, places=()):
        self.players = tuple(players)
        self.pieces = [list(p) for p in pieces]
        self.turn = turn
        self.places = list(places)
        self.board = [0] * NPTS
        for seat, pl in enumerate(self.pieces):
            for i in pl:
                if self.board[i]:
                    raise ValueError("two pieces on " + LABELS[i])
                self.board[i] = seat + 1
        self.intgt = [
            sum(TARGET_FLAG[self.players[s]][i] for i in self.pieces[s])
            for s in range(len(self.players))
        ]

    def copy(self):
        return Position(self.players, self.pieces, self.turn, self.places)

    def has_won(self, seat):
        n = len(self.pieces[seat])
        return n > 0 and self.intgt[seat] == n

    def winner_exists(self):
        return any(self.has_won(s) for s in range(len(self.players)))

    def for_places(self):
        """Is play on for places in force for this position?"""
        return PLACES and len(self.players) > 2

    def over(self):
        """Finished without looking for moves: a win, or with play on for
        places, at most one player left that has not finished."""
        if self.for_places():
            return len(self.places) >= len(self.players) - 1
        return self.winner_exists()

    def next_seat(self, seat):
        """The next seat after seat that has not finished."""
        n = len(self.players)
        t = (seat + 1) % n
        while t in self.places:
            t = (t + 1) % n
        return t


def start_position(nplayers):
    if nplayers not in PLAYERS_BY_COUNT:
        raise ValueError("player count must be 2, 3, 4 or 6")
    players = PLAYERS_BY_COUNT[nplayers]
    return Position(players, [TRIANGLE_POINTS[c] for c in players], 0)


def to_notation(pos):
    fields = [LETTERS[pos.players[pos.turn]]]
    for seat, c in enumerate(pos.players):
        labs = ",".join(LABELS[i] for i in sorted(pos.pieces[seat], key=point_sort_key))
        fields.append(LETTERS[c] + labs)
    if pos.places:
        fields.append("places " + " ".join(LETTERS[pos.players[s]] for s in pos.places))
    return ":".join(fields)


def parse_notation(text):
    text = text.strip()
    parts = text.split(":")
    if len(parts) < 2:
        raise ValueError("bad position: " + text)
    turn_letter = parts[0].strip()
    fields = [f.strip() for f in parts[1:]]
    places_part = None
    if PLACES and fields and fields[-1].split()[:1] == ["places"]:
        places_part = fields.pop().split()[1:]
    n = len(fields)
    if n not in PLAYERS_BY_COUNT:
        raise ValueError("position must have 2, 3, 4 or 6 player fields")
    players = PLAYERS_BY_COUNT[n]
    pieces = []
    for seat, c in enumerate(players):
        f = fields[seat]
        if not f or f[0] != LETTERS[c]:
            raise ValueError("field %d must start with %s: %r" % (seat + 1, LETTERS[c], f))
        rest = f[1:].strip()
        pl = []
        if rest:
            for lab in rest.split(","):
                lab = lab.strip()
                if lab not in LABEL_INDEX:
                    raise ValueError("not a board point: %r" % lab)
                pl.append(LABEL_INDEX[lab])
        pieces.append(pl)
    letters = [LETTERS[c] for c in players]
    if turn_letter not in letters:
        raise ValueError("turn letter %r is not a player" % turn_letter)
    pos = Position(players, pieces, letters.index(turn_letter))
    if places_part is not None and n == 2:
        raise ValueError("no places part with 2 players")
    if pos.for_places():
        for c in places_part or []:
            if c not in letters:
                raise ValueError("places: %r is not a player" % c)
            if letters.index(c) in pos.places:
                raise ValueError("places: %s given twice" % c)
            pos.places.append(letters.index(c))
        for seat in range(n):
            if pos.has_won(seat) and seat not in pos.places:
                raise ValueError("%s has finished but is not in places" % letters[seat])
            if not pos.has_won(seat) and seat in pos.places:
                raise ValueError("%s is in places but has not finished" % letters[seat])
        if pos.turn in pos.places:
            raise ValueError("turn letter %s has finished" % turn_letter)
    return pos


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------


def destinations(board, a):
    """Set of destination points for the piece on a (steps + jump chains)."""
    own = board[a]
    board[a] = 0  # the starting point counts as empty while moving
    res = set()
    for n in NB[a]:
        if not board[n]:
            res.add(n)
    seen = {a}
    stack = [a]
    while stack:
        c = stack.pop()
        for o, l in JT[c]:
            if board[o] and not board[l] and l not in seen:
                seen.add(l)
                stack.append(l)
    board[a] = own
    seen.discard(a)
    res |= seen
    return res


def kept_destinations(board, a, tf):
    """destinations() under the KEPT RULE for a piece whose target flags are
    tf: a piece starting in its target may only end in its target."""
    ds = destinations(board, a)
    if tf[a]:
        return {b for b in ds if tf[b]}
    return ds


def seat_has_move(board, plist, tf=None):
    """Does a piece of plist have a move?  tf (target flags of the seat) is
    given only when the KEPT RULE is on."""
    for a in plist:
        if tf is not None and tf[a]:
            if kept_destinations(board, a, tf):
                return True
            continue
        for n in NB[a]:
            if not board[n]:
                return True
        for o, l in JT[a]:
            if board[o] and not board[l]:
                return True
    return False


def other_has_move(pos, seat):
    board = pos.board
    for s in range(len(pos.players)):
        tf = TARGET_FLAG[pos.players[s]] if KEPT else None
        if s != seat and s not in pos.places and seat_has_move(board, pos.pieces[s], tf):
            return True
    return False


def legal_moves(pos):
    """List of moves: (from, to) index pairs, or ["pass"], or [] if finished."""
    if pos.over():
        return []
    board = pos.board
    moves = []
    tf = TARGET_FLAG[pos.players[pos.turn]]
    for a in pos.pieces[pos.turn]:
        ds = kept_destinations(board, a, tf) if KEPT else destinations(board, a)
        for b in ds:
            moves.append((a, b))
    if moves:
        return moves
    if other_has_move(pos, pos.turn):
        return ["pass"]
    return []


def move_str(m):
    if m == "pass":
        return "pass"
    return LABELS[m[0]] + "-" + LABELS[m[1]]


def apply_move(pos, m):
    """Play m on pos in place."""
    seat = pos.turn
    if m != "pass":
        a, b = m
        pl = pos.pieces[seat]
        pl[pl.index(a)] = b
        pos.board[a] = 0
        pos.board[b] = seat + 1
        tf = TARGET_FLAG[pos.players[seat]]
        pos.intgt[seat] += tf[b] - tf[a]
        if pos.for_places() and pos.has_won(seat):
            pos.places.append(seat)  # seat finishes
    pos.turn = pos.next_seat(seat)


def sorted_move_strings(pos):
    return sorted(move_str(m) for m in legal_moves(pos))


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------


def perft_counts(root, depth):
    """[perft(root, 1), ..., perft(root, depth)] in one traversal."""
    counts = [0] * (depth + 1)
    if depth <= 0:
        return []
    pos = root.copy()
    if pos.over():
        return counts[1:]
    board = pos.board
    pieces = pos.pieces
    intgt = pos.intgt
    nseats = len(pos.players)
    tflags = [TARGET_FLAG[c] for c in pos.players]
    dest = destinations
    kept = KEPT
    kdest = kept_destinations
    places = pos.for_places()
    fin = [s in pos.places for s in range(nseats)]  # all False without places
    left = [nseats - len(pos.places)]  # players that have not finished

    def others_can_move(turn):
        for s in range(nseats):
            if s != turn and not fin[s] and seat_has_move(board, pieces[s], tflags[s] if kept else None):
                return True
        return False

    def next_seat(turn):
        t = (turn + 1) % nseats
        while fin[t]:
            t = (t + 1) % nseats
        return t

    def rec(turn, k):
        # position is known not to be finished by a win (with places: turn
        # has not finished and at least two players have not)
        plist = pieces[turn]
        if k + 1 == depth:
            c = 0
            if kept:
                tf = tflags[turn]
                for a in plist:
                    c += len(kdest(board, a, tf))
            else:
                for a in plist:
                    c += len(dest(board, a))
            if c == 0 and others_can_move(turn):
                c = 1
            counts[depth] += c
            return
        moves = []
        if kept:
            tf = tflags[turn]
            for i, a in enumerate(plist):
                for b in kdest(board, a, tf):
                    moves.append((i, a, b))
        else:
            for i, a in enumerate(plist):
                for b in dest(board, a):
                    moves.append((i, a, b))
        nxt = next_seat(turn)
        if not moves:
            if others_can_move(turn):
                counts[k + 1] += 1
                rec(nxt, k + 1)  # pass: board unchanged, no new winner
            return
        counts[k + 1] += len(moves)
        tf = tflags[turn]
        npieces = len(plist)
        v = turn + 1
        for i, a, b in moves:
            board[a] = 0
            board[b] = v
            plist[i] = b
            d = tf[b] - tf[a]
            intgt[turn] += d
            if intgt[turn] != npieces:  # mover did not just win
                rec(nxt, k + 1)
            elif places and left[0] > 2:  # mover finishes, the game goes on
                fin[turn] = True
                left[0] -= 1
                rec(next_seat(turn), k + 1)
                left[0] += 1
                fin[turn] = False
            intgt[turn] -= d
            plist[i] = a
            board[b] = 0
            board[a] = v

    rec(pos.turn, 0)
    return counts[1:]


def perft_slow(pos, depth):
    """Straightforward recursive perft via legal_moves/apply (for testing)."""
    if depth == 0:
        return 1
    total = 0
    for m in legal_moves(pos):
        child = pos.copy()
        apply_move(child, m)
        total += perft_slow(child, depth - 1)
    return total


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------


def brute_destinations(pos, a):
    """Independent enumeration of every jump PATH (simple paths over landing
    points), in cube coordinates, plus steps.  Returns the list of all
    (destination) endpoints of all paths, WITH multiplicity."""
    occupied = set()
    for pl in pos.pieces:
        for i in pl:
            occupied.add(POINTS[i])
    start = POINTS[a]
    occupied.discard(start)
    ends = []
    for dx, dy in DIRS:
        t = (start[0] + dx, start[1] + dy)
        if on_board(*t) and t not in occupied:
            ends.append(t)

    def walk(cur, path):
        for dx, dy in DIRS:
            o = (cur[0] + dx, cur[1] + dy)
            l = (cur[0] + 2 * dx, cur[1] + 2 * dy)
            if on_board(*o) and on_board(*l) and o in occupied and l not in occupied and l not in path:
                if l != start:
                    ends.append(l)
                path.add(l)
                walk(l, path)
                path.discard(l)

    walk(start, {start})
    return [INDEX[p] for p in ends]


def rotate60(i):
    """Rotate a point by 60 degrees: cube (q,r,s) -> (-s,-q,-r); maps Ci to C(i+1)."""
    x, y = POINTS[i]
    q, r = x - 8, y - 8
    s = -q - r
    q2, r2 = -s, -q
    return INDEX[(q2 + 8, r2 + 8)]


def selftest():
    global PLACES
    places = PLACES
    PLACES = False  # the checks up to places_selftest are without the flag
    ok = True

    def check(cond, msg):
        nonlocal ok
        print(("ok   " if cond else "FAIL ") + msg)
        if not cond:
            ok = False

    check(NPTS == 121, "board has 121 points (%d)" % NPTS)
    check(all(len(TRIANGLE_POINTS[c]) == 10 for c in range(6)), "each triangle has 10 points")
    check(sum(1 for t in TRI if t is None) == 61, "hexagon has 61 points")
    check((0, 0) not in INDEX and LABELS[INDEX[(12, 0)]] == "m1" and LABELS[INDEX[(16, 4)]] == "q5",
          "labels: a1 off board, (12,0) = m1, (16,4) = q5")
    check(LABEL_INDEX["m1"] == INDEX[(12, 0)] and LABEL_INDEX["e17"] == INDEX[(4, 16)],
          "m1 and e17 are the apexes of C0 / C3")
    check(sum(len(n) for n in NB) % 2 == 0 and all(
        i in NB[j] for i in range(NPTS) for j in NB[i]), "neighbour relation symmetric")
    check(all(rotate60(i) != i or POINTS[i] == (8, 8) for i in range(NPTS)), "rotation fixes only centre")
    check(all(TRI[rotate60(i)] == (None if TRI[i] is None else (TRI[i] + 1) % 6)
              for i in range(NPTS)), "rotation maps Ci to C(i+1)")

    # Start position, 2 players: red's 14 moves by hand.
    st = start_position(2)
    expect = sorted([
        "j4-j5", "j4-i5", "k4-k5", "k4-j5", "l4-l5", "l4-k5", "m4-m5", "m4-l5",
        "k3-k5", "k3-i5", "l3-l5", "l3-j5", "m3-m5", "m3-k5",
    ])
    got = sorted_move_strings(st)
    check(got == expect, "2p start: red has the 14 hand-derived moves %s" % got)
    check(to_notation(st) == "R:Rm1,l2,m2,k3,l3,m3,j4,k4,l4,m4:Ge14,f14,g14,h14,e15,f15,g15,e16,f16,e17",
          "2p start notation " + to_notation(st))

    # Hand-made double path: g7 reaches i9 via i7 and via g9.
    p = parse_notation("R:Rg7:Gh7,i8,g8,h9")
    got = sorted_move_strings(p)
    expect = ["g7-f7", "g7-f8", "g7-g6", "g7-g9", "g7-h6", "g7-i7", "g7-i9"]
    check(got == expect, "two jump paths to i9 give one move: %s" % got)

    # Long chains: mover at the centre, blockers on every point of the other
    # three parity classes within distance 2 of it -> many paths per landing.
    cx, cy = 8, 8
    blockers = []
    for (x, y) in POINTS:
        q, r = x - cx, y - cy
        dist = max(abs(q), abs(r), abs(q + r))
        if 0 < dist <= 3 and (x % 2, y % 2) != (cx % 2, cy % 2):
            blockers.append(LABELS[INDEX[(x, y)]])
    pos = parse_notation("R:R" + LABELS[INDEX[(cx, cy)]] + ":G" + ",".join(blockers))
    a = INDEX[(cx, cy)]
    ends = brute_destinations(pos, a)
    mv = sorted_move_strings(pos)
    check(len(mv) == len(set(mv)), "long chain: no duplicate moves")
    check(set(mv) == set(LABELS[a] + "-" + LABELS[e] for e in ends),
          "long chain: move set equals brute-force path endpoints (%d moves, %d paths)"
          % (len(mv), len(ends)))
    check(len(ends) > len(mv), "long chain really has several paths per destination")

    # Notation round trip, shuffled input order.
    rng = random.Random(12345)
    rt_ok = True
    for n in (2, 3, 4, 6):
        for _ in range(50):
            players = PLAYERS_BY_COUNT[n]
            pts = rng.sample(range(NPTS), rng.randint(0, 60))
            pcs = [[] for _ in players]
            for i in pts:
                pcs[rng.randrange(n)].append(i)
            pos = Position(players, pcs, rng.randrange(n))
            s = to_notation(pos)
            fields = s.split(":")
            shuffled = [fields[0]]
            for f in fields[1:]:
                labs = f[1:].split(",") if len(f) > 1 else []
                rng.shuffle(labs)
                shuffled.append(f[0] + ",".join(labs))
            pos2 = parse_notation(":".join(shuffled))
            if to_notation(pos2) != s or pos2.board != pos.board or pos2.turn != pos.turn:
                rt_ok = False
    check(rt_ok, "notation round trip (400 random positions, shuffled point order)")
    bad = 0
    for s in ("R:Ra1:Gb2", "R:Rm1:Pm2", "X:Rm1:Gm2", "R:Rm1,m1:G", "R:Rm1:G:B"):
        try:
            parse_notation(s)
        except ValueError:
            bad += 1
    check(bad == 5, "invalid notations rejected")

    # Random positions: flood fill vs brute-force path enumeration.
    fl_ok = True
    for _ in range(300):
        pts = rng.sample(range(NPTS), rng.randint(10, 80))
        pcs = [[], []]
        for i in pts:
            pcs[rng.randrange(2)].append(i)
        pos = Position((0, 3), pcs, 0)
        for a in pos.pieces[0]:
            if destinations(pos.board, a) != set(brute_destinations(pos, a)):
                fl_ok = False
    check(fl_ok, "flood fill == brute-force paths on 300 random positions")

    # Fast perft == slow perft, and rotational symmetry of the start.
    for n, d in ((2, 3), (3, 3), (4, 2), (6, 2)):
        st = start_position(n)
        fast = perft_counts(st, d)
        slow = [perft_slow(st, k) for k in range(1, d + 1)]
        check(fast == slow, "%dp start: fast perft == slow perft %s" % (n, fast))
    sym_ok = True
    for n, d in ((2, 3), (3, 3), (6, 3)):
        st = start_position(n)
        base = perft_counts(st, d)
        for t in range(1, n):
            st2 = start_position(n)
            st2.turn = t
            if perft_counts(st2, d) != base:
                sym_ok = False
    check(sym_ok, "start perft identical whichever player moves first (2p/3p/6p rotational symmetry)")

    # Rotation invariance of random 6p positions (relabel players by +1).
    rot_ok = True
    for _ in range(20):
        pts = rng.sample(range(NPTS), 40)
        pcs = [[] for _ in range(6)]
        for i in pts:
            pcs[rng.randrange(6)].append(i)
        t = rng.randrange(6)
        pos = Position(PLAYERS_BY_COUNT[6], pcs, t)
        rp = [[] for _ in range(6)]
        for s in range(6):
            rp[(s + 1) % 6] = [rotate60(i) for i in pcs[s]]
        pos2 = Position(PLAYERS_BY_COUNT[6], rp, (t + 1) % 6)
        if perft_counts(pos, 3) != perft_counts(pos2, 3):
            rot_ok = False
    check(rot_ok, "perft invariant under 60-degree rotation (random 6p positions)")

    # End of game: win, pass, no-move.
    won = parse_notation("G:R" + ",".join(LABELS[i] for i in TRIANGLE_POINTS[3]) + ":Gi9")
    check(legal_moves(won) == [] and perft_counts(won, 3) == [0, 0, 0], "red all in target: finished")
    tri3 = [LABELS[i] for i in TRIANGLE_POINTS[3]]
    check(tri3[0] == "e14", "first point of C3 in notation order is e14")
    almost = parse_notation("R:R" + ",".join(tri3[1:]) + ",e13:Gi9")
    ms = sorted_move_strings(almost)
    check("e13-e14" in ms, "almost-won position has the winning move")
    child = almost.copy()
    apply_move(child, (LABEL_INDEX["e13"], LABEL_INDEX["e14"]))
    check(child.has_won(0) and legal_moves(child) == [], "after the winning move the position is finished")
    c = perft_counts(almost, 3)
    check(c == [perft_slow(almost, k) for k in (1, 2, 3)], "perft around a win, fast == slow %s" % c)
    # Pass: red's only piece m1 boxed in by green pieces (neighbours and jump
    # landings); green also has i9 so it has not won (its target is C0).
    m1 = LABEL_INDEX["m1"]
    box = list(NB[m1]) + [l for (o, l) in JT[m1]] + [LABEL_INDEX["i9"]]
    ps = Position((0, 3), [[m1], box], 0)
    check(legal_moves(ps) == ["pass"], "boxed-in mover must pass (%s)" % sorted_move_strings(ps))
    c = perft_counts(ps, 3)
    check(c[0] == 1 and c == [perft_slow(ps, k) for k in (1, 2, 3)], "pass counted as one move %s" % c)
    # Nobody can move: no pieces at all, or all pieces boxed in.
    empty_both = Position((0, 3), [[], []], 0)
    check(legal_moves(empty_both) == [] and perft_counts(empty_both, 2) == [0, 0],
          "nobody can move (no pieces): finished")
    # Every point occupied (no player all in target): nobody can move.
    allpts = list(range(NPTS))
    full = Position((0, 3), [allpts[:60], allpts[60:]], 0)
    check(not full.winner_exists() and legal_moves(full) == [] and perft_counts(full, 2) == [0, 0],
          "full board: nobody can move, finished")
    # 3 players: red must pass while yellow/blue can move; pass goes to yellow.
    ps3 = Position((0, 2, 4), [[m1], box, []], 0)
    check(legal_moves(ps3) == ["pass"], "3p pass")
    ch = ps3.copy()
    apply_move(ch, "pass")
    check(ch.turn == 1 and ch.board == ps3.board, "pass hands the turn to the next player")
    if KEPT:
        ok = kept_selftest(check) and ok
    if places:
        PLACES = True
        ok = places_selftest(check) and ok
    print("SELFTEST", "PASSED" if ok else "FAILED")
    return ok


def kept_selftest(check):
    """Extra checks of the KEPT RULE (run by `selftest --kept`)."""
    global KEPT
    ok = True

    def kcheck(cond, msg):
        nonlocal ok
        check(cond, "kept: " + msg)
        ok = ok and cond

    def unrestricted(pos):
        global KEPT
        KEPT = False
        try:
            return sorted_move_strings(pos)
        finally:
            KEPT = True

    def expected_kept(pos, free):
        tf = TARGET_FLAG[pos.players[pos.turn]]
        keep = []
        for m in free:
            if m == "pass":
                continue
            a, b = (LABEL_INDEX[t] for t in m.split("-"))
            if not tf[a] or tf[b]:
                keep.append(m)
        return keep

    # Red f14 (in target) reaches h14 only through landings f12, h12 outside
    # the target: allowed, only the end point matters.
    p = parse_notation("R:Rj5,f14:Gf13,g12,h13")
    got = sorted_move_strings(p)
    free = unrestricted(p)
    kcheck("f14-h14" in got, "f14-h14 via f12, h12 (outside the target) is kept")
    kcheck(got == expected_kept(p, free) and len(got) < len(free),
           "moves == unrestricted moves minus target->outside (%d of %d)" % (len(got), len(free)))
    # Forced pass: red's h14 (in target) can only step out to h13 / i13,
    # red's m1 is boxed in; green can move.
    m1 = LABEL_INDEX["m1"]
    box = list(NB[m1]) + [l for (o, l) in JT[m1]]
    box += [LABEL_INDEX[t] for t in ("g14", "g15", "f14", "f16")]
    ps = Position((0, 3), [[m1, LABEL_INDEX["h14"]], box], 0)
    free = unrestricted(ps)
    kcheck(free == ["h14-h13", "h14-i13"] and legal_moves(ps) == ["pass"],
           "target piece whose only moves leave the target: pass (free: %s)" % free)
    c = perft_counts(ps, 3)
    kcheck(c[0] == 1 and c == [perft_slow(ps, k) for k in (1, 2, 3)],
           "forced pass, fast == slow %s" % c)
    # Random positions with many pieces in targets: move lists == filtered
    # unrestricted lists; fast perft == slow perft.
    rng = random.Random(777)
    f_ok = True
    p_ok = True
    nin = 0
    for n in (2, 3, 4, 6):
        for it in range(40 if n == 2 else 20):
            players = PLAYERS_BY_COUNT[n]
            pcs = [[] for _ in players]
            used = set()
            for s, c in enumerate(players):
                tgt = TRIANGLE_POINTS[(c + 3) % 6]
                for i in rng.sample(tgt, rng.randint(1, 9)):
                    if i not in used:
                        used.add(i)
                        pcs[s].append(i)
            for i in rng.sample(range(NPTS), rng.randint(5, 40)):
                if i not in used:
                    used.add(i)
                    pcs[rng.randrange(n)].append(i)
            pos = Position(players, pcs, rng.randrange(n))
            free = unrestricted(pos)
            got = sorted_move_strings(pos)
            if free and free != ["pass"]:
                exp = expected_kept(pos, free)
                if exp:
                    if got != exp:
                        f_ok = False
                elif got not in (["pass"], []):  # all moves removed
                    f_ok = False
                if len(got) < len(free):
                    nin += 1
            if it < 8:
                d = 3 if n <= 3 else 2
                if perft_counts(pos, d) != [perft_slow(pos, k) for k in range(1, d + 1)]:
                    p_ok = False
    kcheck(f_ok and nin > 50, "random positions: moves == filtered unrestricted moves (%d restricted)" % nin)
    kcheck(p_ok, "random positions: fast perft == slow perft")
    return ok


def places_selftest(check):
    """Checks of play on for places (run by `selftest --places`, with or
    without --kept)."""
    global PLACES
    ok = True

    def pcheck(cond, msg):
        nonlocal ok
        check(cond, "places: " + msg)
        ok = ok and cond

    def tri(c):
        return ",".join(LABELS[i] for i in TRIANGLE_POINTS[c])

    def play(pos, move):
        child = pos.copy()
        apply_move(child, (LABEL_INDEX[move[:move.index("-")]], LABEL_INDEX[move[move.index("-") + 1:]])
                   if move != "pass" else "pass")
        return child

    # 3 players: red has finished (C3 full); yellow (target C5) has 9 home
    # and steps m8-n8 to finish.
    text = ("Y:R" + tri(3) + ":Yn5,o5,p5,q5,n6,o6,p6,n7,o7,m8:"
            "Be5,f5,e6,g7,h7,i8,j9,l9,i10,k10:places R")
    p = parse_notation(text)
    pcheck(to_notation(p) == text and p.places == [0], "notation round trip with places")
    ms = sorted_move_strings(p)
    pcheck("m8-n8" in ms and "m8-m9" in ms, "the finishing move is there: %s" % ms)
    ch = play(p, "m8-m9")
    pcheck(ch.turn == 2 and ch.places == [0], "a move that does not finish: Y -> B")
    ch = play(ch, "i8-h8")
    pcheck(ch.turn == 1 and ch.places == [0], "B -> Y, over the finished R")
    end = play(p, "m8-n8")
    pcheck(end.places == [0, 1] and end.turn == 2 and to_notation(end).endswith(":places R Y"),
           "Y finishes second; B, the last player, has the turn: " + to_notation(end))
    pcheck(legal_moves(end) == [] and perft_counts(end, 2) == [0, 0]
           and seat_has_move(end.board, end.pieces[2]),
           "one unfinished player left: no moves (though B could move)")
    c = perft_counts(p, 3)
    pcheck(c == [perft_slow(p, k) for k in (1, 2, 3)], "fast == slow around a finish %s" % c)
    # The finishing child counts 0 below it; the 7 others hand B the turn.
    pcheck(c[1] == sum(perft_counts(play(p, m), 1)[0] for m in ms),
           "perft 2 == sum of the children's perft 1")
    # Without the flag red's win ends the game.
    PLACES = False
    q = parse_notation(text[:text.index(":places")])
    pcheck(legal_moves(q) == [] and perft_counts(q, 2) == [0, 0], "without the flag: finished")
    PLACES = True

    # 4 players: purple has finished (C4 full); red (target C3) finishes with
    # e13-e14, and the turn goes to green, over purple.
    text = ("R:R" + tri(3).replace("e14,", "") + ",e13:P" + tri(4) +
            ":Gk3,i9,h10:Bi5,j6,i7:places P")
    p = parse_notation(text)
    ch = play(p, "e13-e14")
    pcheck(ch.places == [1, 0] and ch.turn == 2 and legal_moves(ch) != [],
           "R finishes second, G to move (P skipped): " + to_notation(ch))
    ch = play(play(ch, "i9-i8"), "j6-j5")
    pcheck(ch.turn == 2, "B -> G, over R and P")
    c = perft_counts(p, 4)
    pcheck(c == [perft_slow(p, k) for k in (1, 2, 3, 4)], "4p fast == slow %s" % c)

    # Passing among the players that have not finished.  Yellow has no
    # marbles: it passes while blue can move; with blue's marbles gone too,
    # nobody unfinished can move (red, finished, is ignored): no moves.
    p = parse_notation("Y:R" + tri(3) + ":Y:Bm1,i9:places R")
    pcheck(legal_moves(p) == ["pass"] and play(p, "pass").turn == 2, "Y passes to B")
    c = perft_counts(p, 3)
    pcheck(c == [1, perft_slow(p, 2), perft_slow(p, 3)], "pass: fast == slow %s" % c)
    p = parse_notation("Y:R" + tri(3) + ":Y:B:places R")
    pcheck(legal_moves(p) == [] and perft_counts(p, 2) == [0, 0], "no unfinished player can move")
    p = parse_notation("B:R" + tri(3) + ":Y:Bm1,i9:places R")
    pcheck(sorted_move_strings(play(p, "i9-i8")) == ["pass"], "B -> Y, who passes")

    # Notation: what is rejected.
    bad = 0
    for s in ("Y:R" + tri(3) + ":Yi9:Bm1",                      # R finished, not listed
              "R:R" + tri(3) + ":Yi9:Bm1:places R",             # turn listed
              "Y:R" + tri(3) + ":Yi9:Bm1:places R R",           # listed twice
              "Y:R" + tri(3) + ":Yi9:Bm1:places R P",           # not a player
              "Y:R" + tri(3) + ":Yi9:Bm1:places R B",           # B has not finished
              "Y:R:Yi9:Bm1:places R",                           # no marbles
              "G:R" + tri(3) + ":Gm2:places R"):                # 2 players
        try:
            parse_notation(s)
        except ValueError:
            bad += 1
    pcheck(bad == 7, "invalid places notations rejected (%d of 7)" % bad)
    pcheck(to_notation(parse_notation("R:Rm1:Yi9:Bm2:places")) == "R:Rm1:Yi9:Bm2",
           "an empty places part is accepted")

    # 2 players: the flag changes nothing.
    almost = "R:R" + tri(3).replace("e14,", "") + ",e13:Gi9"
    p = parse_notation(almost)
    end = play(p, "e13-e14")
    pcheck(legal_moves(end) == [] and ":places" not in to_notation(end), "2p: a win ends the game")
    c = perft_counts(p, 3)
    PLACES = False
    pcheck(c == perft_counts(parse_notation(almost), 3), "2p: same counts with and without")
    PLACES = True

    # Random positions with finished players and players close to finishing:
    # fast perft == slow perft; finishes happen in the trees.
    rng = random.Random(4242)
    f_ok = True
    nfin = 0
    for n in (3, 4, 6):
        for _ in range(8):
            players = PLAYERS_BY_COUNT[n]
            seats = list(range(n))
            rng.shuffle(seats)
            done = seats[:rng.randint(0, n - 2)]
            pcs = [[] for _ in players]
            used = set()
            for s in done:
                pcs[s] = list(TRIANGLE_POINTS[(players[s] + 3) % 6])
                used.update(pcs[s])
            for s in range(n):
                if s in done:
                    continue
                tgt = TRIANGLE_POINTS[(players[s] + 3) % 6]
                pcs[s] = rng.sample(tgt, rng.randint(0, 3))
                used.update(pcs[s])
                free = [i for i in range(NPTS) if i not in used and not TARGET_FLAG[players[s]][i]
                        and any(TARGET_FLAG[players[s]][j] for j in NB[i])]
                pcs[s].append(rng.choice(free))
                used.add(pcs[s][-1])
            pos = Position(players, pcs, rng.choice([s for s in range(n) if s not in done]), done)
            pos = parse_notation(to_notation(pos))
            c = perft_counts(pos, 3)
            if c != [perft_slow(pos, k) for k in (1, 2, 3)]:
                f_ok = False
            for m in legal_moves(pos):
                if m != "pass":
                    ch = pos.copy()
                    apply_move(ch, m)
                    nfin += len(ch.places) > len(pos.places)
    pcheck(f_ok and nfin >= 10, "random positions: fast perft == slow perft (%d finishing moves at ply 1)" % nfin)
    return ok


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def main(argv):
    global KEPT, PLACES
    if "--kept" in argv:
        KEPT = True
        argv = [a for a in argv if a != "--kept"]
    if "--places" in argv:
        PLACES = True
        argv = [a for a in argv if a != "--places"]
    if not argv:
        print(__doc__)
        return 2
    cmd = argv[0]
    if cmd == "perft":
        nplayers = int(argv[1])
        depth = int(argv[2])
        if len(argv) > 3:
            pos = parse_notation(argv[3])
            if len(pos.players) != nplayers:
                print("note: PLAYERS=%d ignored, position has %d players"
                      % (nplayers, len(pos.players)), file=sys.stderr)
        else:
            pos = start_position(nplayers)
        print(" ".join(str(c) for c in perft_counts(pos, depth)))
    elif cmd == "moves":
        pos = parse_notation(argv[1])
        for s in sorted_move_strings(pos):
            print(s)
    elif cmd == "start":
        print(to_notation(start_position(int(argv[1]))))
    elif cmd == "random":
        nplayers, ngames, plies, seed, depth = (int(v) for v in argv[1:6])
        rng = random.Random(seed)
        for _ in range(ngames):
            pos = start_position(nplayers)
            for _ in range(plies):
                moves = legal_moves(pos)
                if not moves:
                    break
                by_str = {move_str(m): m for m in moves}
                choice = rng.choice(sorted(by_str))
                apply_move(pos, by_str[choice])
            counts = perft_counts(pos, depth)
            print(to_notation(pos) + " | " + " ".join(str(c) for c in counts))
    elif cmd == "selftest":
        return 0 if selftest() else 1
    elif cmd == "time":  # helper: perft with timing per player count
        nplayers = int(argv[1])
        depth = int(argv[2])
        t0 = time.time()
        c = perft_counts(start_position(nplayers), depth)
        print(nplayers, " ".join(map(str, c)), "%.1fs" % (time.time() - t0))
    else:
        print("unknown command " + cmd, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
