#!/usr/bin/env python3
"""Independent reference move counter (perft) for 4-player Ludo.

Written from a plain statement of the rules alone (no code or tables shared
with the program under test; the tracks are typed in below from that
statement and checked by `selftest`).  Python 3 standard library only.

Board
-----
Points are labelled file a..o + rank 1..15; only the 72 points on the four
tracks exist.  Each player's track has 56 points, in running order:
  red    g2 g3 g4 g5 g6 f7 e7 d7 c7 b7 a7 a8 a9 b9 c9 d9 e9 f9 g10 g11 g12 g13
         g14 g15 h15 i15 i14 i13 i12 i11 i10 j9 k9 l9 m9 n9 o9 o8 o7 n7 m7 l7
         k7 j7 i6 i5 i4 i3 i2 i1 h1 | h2 h3 h4 h5 h6
  green  starts b9, home column b8 c8 d8 e8 f8
  yellow starts i14, home column h14 h13 h12 h11 h10
  blue   starts n7, home column n8 m8 l8 k8 j8
(full lists in TRACK below).  Track indices 0..50 are a stretch of one
shared 52-point loop (each player skips the loop point just behind its
start: red g1, green a9, yellow i15, blue o7); indices 51..55 are the
player's own home column; index 56 is "off" (finished).
Safe squares: g2 c7 b9 g13 i14 m9 n7 i3 (the four start points included).

Rules as implemented
--------------------
* Players R, G, Y, B move in that order, red first; 4 pieces each, all in
  hand at the start.
* A ply: the mover rolls one die (1..6) and makes one move with it.
  - Entering (roll 6 only, a piece in hand): onto the track's first point
    (track index 0).  One entering move per roll (pieces in hand are alike).
  - Moving: a piece on the board goes exactly `roll` points forward along its
    own track (index i -> i + roll), passing over anything.  i + roll == 56
    bears it off; i + roll > 56 is no move.
  - Landing (entering and moving): allowed on an empty point, on own pieces
    (any number stack), on exactly one piece of another player, which is
    captured and returned to its owner's hand -- but NOT on a safe square
    holding any piece of another player; never on two or more pieces of
    another player.  Consequently a point never holds pieces of two players,
    and a player cannot enter while another player's piece stands on its
    start point (a safe square).
  - Moves are identified by their text: pieces on one point are alike, so
    "one of the pieces on g5" is a single move.
  - No legal move for the roll: exactly one move, `pass`.
  - After a roll of 6 (move or pass) the same player moves again; after any
    other roll the turn goes to the next player.  No limit on sixes.
* End: a player wins as soon as all 4 of its pieces are off.  A finished
  position (any player with all 4 off, also when read from notation) has no
  moves.  Reading chosen here: the turn letter of the position reached by the
  winning move follows the normal rule (same player after a 6, else next),
  though nothing is generated from it.
* perft(pos, 0) = 1; for d >= 1: 0 if finished, else the sum over rolls 1..6
  (unweighted) of the sum over that roll's moves (pass = one move) of
  perft(child, d - 1).  The last ply is counted in bulk.

Play on for places (flag --places; off by default)
-------------------------------------------------
* A player whose move bears off its last piece "finishes": it takes the next
  place (first, second, third).  It never moves again.
* The turn then passes to the next player in turn order that has not
  finished: a finishing move earns no further throw, even on a 6.  Otherwise
  the normal rule applies (same player after a 6, move or pass; else the next
  player, skipping finished ones).
* The game ends when exactly one player has not finished (it takes the last
  place): that position has no moves (perft 0 below it); its turn letter is
  that last player.  Nothing else ends the game.
* perft over rolls is counted as above.

Notation
--------
Position `TURN:SIDE:SIDE:SIDE:SIDE`; TURN is the mover's letter; sides are
written red, green, yellow, blue: the letter, then comma-separated items:
each occupied point (`g5`, or `g5=2` for N >= 2 pieces), in the player's own
track order, then `@N` for N > 0 pieces in hand.  Pieces neither on the board
nor in hand are off.  Start: `R:R@4:G@4:Y@4:B@4`; e.g. `G:Rg2,g5=2,@1:G@4:Y@4:B@4`.
Reading accepts items in any order (also `=1`), and the four sides in any
order (each letter once).  It rejects unknown points, points not on that
player's track, a point listed twice, two players on one point, more than 4
pieces for a player.
Moves: `ROLL:@g2` (enter), `ROLL:FROM-TO`, `ROLL:FROM-off`, `ROLL:pass`.
With --places, a sixth part `:places L1 L2 ...` follows when at least one
player has finished: the letters of the finished players in the order they
finished, one space apart (e.g. `B:R:G@4:Y@4:Bj8:places R`).  A finished
player's side is just its letter (all pieces off).  Reading (with --places
only) accepts the part, or none when nobody has finished; it rejects a letter
twice, a listed player with a piece left, a player with all pieces off that
is not listed, and a turn letter that is listed.

Command line
------------
  The flag `--places` may be placed anywhere on any command line; it switches
  on play on for places (see above) for that run; `rates` then plays each
  game on to its end and reports places (see below).
  ludo_perft.py perft DEPTH [POSITION]     counts for depths 1..DEPTH
  ludo_perft.py moves POSITION ROLL        legal moves, one per line, sorted
  ludo_perft.py random N PLIES SEED DEPTH  N seeded random games from the start
      (one random.Random(SEED); each ply roll = rng.randint(1, 6), then
      rng.choice over the sorted move strings of that roll, also when the only
      move is a pass; a game stops after PLIES plies or when finished); prints
      "POSITION | c1 ... cDEPTH" per game.
  ludo_perft.py divide DEPTH [POSITION]    per-move subtree counts (DEPTH >= 1)
  ludo_perft.py rates N SEED               N seeded random games from the start
      played to the end (one random.Random(SEED); each ply roll =
      rng.randint(1, 6), then rng.choice over that roll's legal moves in
      generation order, a forced pass being the only move; no ply limit);
      prints per player in turn order "NAME WINS SHARE% (95%: LO-HI%)"
      (Wilson score interval), then "mean plies X" (passes included).
      With --places: the same random play (a pass hands the turn to the next
      unfinished player unless the roll is 6), each game played on until one
      player is left (three have finished); prints per player in turn order
      four lines "NAME place K: COUNT SHARE% (95%: LO-HI%)" for K = 1..4 (the
      share of the N games in which NAME took place K, Wilson score interval;
      the last player left takes place 4), then "NAME mean place X"; and at
      the end "plies mean X sd Y" over the N game lengths in plies (one ply =
      one roll and its move or pass, passes included; sd with divisor N - 1).
  ludo_perft.py selftest                   rule and data checks (with
      --places: the same checks, without the flag, plus play on for places
      checks)
"""
import random
import sys
import time

# Play on for places (see docstring); set from the command line (--places).
PLACES = False

PLAYERS = "RGYB"
PIECES = 4
TRACK_LEN = 56
OFF = 56

TRACK = [
    # red
    ("g2 g3 g4 g5 g6 f7 e7 d7 c7 b7 a7 a8 a9 b9 c9 d9 e9 f9 g10 g11 g12 g13 "
     "g14 g15 h15 i15 i14 i13 i12 i11 i10 j9 k9 l9 m9 n9 o9 o8 o7 n7 m7 l7 "
     "k7 j7 i6 i5 i4 i3 i2 i1 h1 h2 h3 h4 h5 h6").split(),
    # green
    ("b9 c9 d9 e9 f9 g10 g11 g12 g13 g14 g15 h15 i15 i14 i13 i12 i11 i10 j9 "
     "k9 l9 m9 n9 o9 o8 o7 n7 m7 l7 k7 j7 i6 i5 i4 i3 i2 i1 h1 g1 g2 g3 g4 "
     "g5 g6 f7 e7 d7 c7 b7 a7 a8 b8 c8 d8 e8 f8").split(),
    # yellow
    ("i14 i13 i12 i11 i10 j9 k9 l9 m9 n9 o9 o8 o7 n7 m7 l7 k7 j7 i6 i5 i4 "
     "i3 i2 i1 h1 g1 g2 g3 g4 g5 g6 f7 e7 d7 c7 b7 a7 a8 a9 b9 c9 d9 e9 f9 "
     "g10 g11 g12 g13 g14 g15 h15 h14 h13 h12 h11 h10").split(),
    # blue
    ("n7 m7 l7 k7 j7 i6 i5 i4 i3 i2 i1 h1 g1 g2 g3 g4 g5 g6 f7 e7 d7 c7 b7 "
     "a7 a8 a9 b9 c9 d9 e9 f9 g10 g11 g12 g13 g14 g15 h15 i15 i14 i13 i12 "
     "i11 i10 j9 k9 l9 m9 n9 o9 o8 n8 m8 l8 k8 j8").split(),
]
SAFE = frozenset("g2 c7 b9 g13 i14 m9 n7 i3".split())
INDEX = [{pt: i for i, pt in enumerate(t)} for t in TRACK]
ALL_POINTS = frozenset(pt for t in TRACK for pt in t)
START = "R:R@4:G@4:Y@4:B@4"


# ---------------------------------------------------------------------------
# Position: (turn, board, hand, places)
#   turn  : 0..3 (index into PLAYERS)
#   board : dict point label -> (player, count), count >= 1
#   hand  : tuple of 4 ints
#   places: tuple of the finished players in finishing order (--places only;
#           always () without the flag)
# Positions are never mutated after construction.

def n_off(board, hand, p):
    on = sum(n for (q, n) in board.values() if q == p)
    return PIECES - on - hand[p]


def finished(pos):
    _, board, hand, places = pos
    if PLACES:
        return len(places) >= 3
    return any(n_off(board, hand, p) == PIECES for p in range(4))


def next_turn(turn, places):
    """The next player after turn that has not finished."""
    t = (turn + 1) % 4
    while t in places:
        t = (t + 1) % 4
    return t


def can_land(board, p, to):
    occ = board.get(to)
    if occ is None or occ[0] == p:
        return True
    if occ[1] >= 2:
        return False
    if to in SAFE:
        return False
    return True  # capture of a lone piece


def make_child(pos, roll, frm, to):
    """frm: point label or None (enter); to: point label or None (off)."""
    turn, board, hand, places = pos
    p = turn
    nb = dict(board)
    nh = list(hand)
    if frm is None:
        nh[p] -= 1
    else:
        q, n = nb[frm]
        assert q == p
        if n == 1:
            del nb[frm]
        else:
            nb[frm] = (p, n - 1)
    if to is not None:
        occ = nb.get(to)
        if occ is None:
            nb[to] = (p, 1)
        elif occ[0] == p:
            nb[to] = (p, occ[1] + 1)
        else:
            assert occ[1] == 1 and to not in SAFE
            nh[occ[0]] += 1
            nb[to] = (p, 1)
    nh = tuple(nh)
    if PLACES and to is None and n_off(nb, nh, p) == PIECES:
        places = places + (p,)                  # p finishes: no further throw
        return (next_turn(turn, places), nb, nh, places)
    nturn = turn if roll == 6 else next_turn(turn, places)
    return (nturn, nb, nh, places)


def move_targets(pos, roll):
    """Legal moves for one roll as (frm, to) pairs, in no particular order:
    frm None = enter, to None = off; [] if there is none (a pass)."""
    turn, board, hand, _ = pos
    p = turn
    out = []
    if roll == 6 and hand[p] > 0:
        to = TRACK[p][0]
        if can_land(board, p, to):
            out.append((None, to))
    for frm, (q, n) in board.items():
        if q != p:
            continue
        j = INDEX[p][frm] + roll
        if j == OFF:
            out.append((frm, None))
        elif j < OFF:
            to = TRACK[p][j]
            if can_land(board, p, to):
                out.append((frm, to))
    return out


def legal_moves(pos, roll):
    """List of (move string, child) for one roll, sorted by string."""
    if finished(pos):
        return []
    turn, board, hand, places = pos
    out = {}
    for frm, to in move_targets(pos, roll):
        if frm is None:
            m = "%d:@%s" % (roll, to)
        elif to is None:
            m = "%d:%s-off" % (roll, frm)
        else:
            m = "%d:%s-%s" % (roll, frm, to)
        out[m] = make_child(pos, roll, frm, to)
    if not out:
        nturn = turn if roll == 6 else next_turn(turn, places)
        out["%d:pass" % roll] = (nturn, board, hand, places)
    return sorted(out.items())


def count_moves(pos, roll):
    """Number of moves for one roll (pass = 1), without building children."""
    turn, board, hand, _ = pos
    p = turn
    c = 0
    if roll == 6 and hand[p] > 0 and can_land(board, p, TRACK[p][0]):
        c += 1
    for frm, (q, n) in board.items():
        if q != p:
            continue
        j = INDEX[p][frm] + roll
        if j == OFF or (j < OFF and can_land(board, p, TRACK[p][j])):
            c += 1
    return c if c else 1


def perft(pos, depth):
    if depth == 0:
        return 1
    if finished(pos):
        return 0
    if depth == 1:
        return sum(count_moves(pos, r) for r in range(1, 7))
    total = 0
    for r in range(1, 7):
        for _, child in legal_moves(pos, r):
            total += perft(child, depth - 1)
    return total


# ---------------------------------------------------------------------------
# Notation

def write_pos(pos):
    turn, board, hand, places = pos
    fields = [PLAYERS[turn]]
    for p in range(4):
        items = []
        for pt in TRACK[p]:
            occ = board.get(pt)
            if occ is not None and occ[0] == p:
                items.append(pt if occ[1] == 1 else "%s=%d" % (pt, occ[1]))
        if hand[p] > 0:
            items.append("@%d" % hand[p])
        fields.append(PLAYERS[p] + ",".join(items))
    if places:
        fields.append("places " + " ".join(PLAYERS[p] for p in places))
    return ":".join(fields)


def read_pos(text):
    parts = text.strip().split(":")
    places_part = None
    if PLACES and len(parts) == 6 and parts[5].split()[:1] == ["places"]:
        places_part = parts.pop().split()[1:]
    if len(parts) != 5:
        raise ValueError("position needs 5 ':'-separated fields: %r" % text)
    if parts[0] not in PLAYERS or len(parts[0]) != 1:
        raise ValueError("bad turn %r" % parts[0])
    turn = PLAYERS.index(parts[0])
    board = {}
    hand = [None] * 4
    for f in parts[1:]:
        if not f or f[0] not in PLAYERS:
            raise ValueError("bad side %r" % f)
        p = PLAYERS.index(f[0])
        if hand[p] is not None:
            raise ValueError("side %s given twice" % f[0])
        h = 0
        seen_hand = False
        total = 0
        body = f[1:]
        for item in (body.split(",") if body else []):
            if item.startswith("@"):
                if seen_hand:
                    raise ValueError("two hand items in %r" % f)
                seen_hand = True
                h = int(item[1:])
                if h < 0:
                    raise ValueError("bad hand %r" % item)
                total += h
                continue
            if "=" in item:
                pt, ns = item.split("=", 1)
                n = int(ns)
            else:
                pt, n = item, 1
            if pt not in ALL_POINTS:
                raise ValueError("no such point %r" % pt)
            if pt not in INDEX[p]:
                raise ValueError("%r is not on %s's track" % (pt, f[0]))
            if n < 1:
                raise ValueError("bad count %r" % item)
            if pt in board:
                raise ValueError("point %r listed twice" % pt)
            board[pt] = (p, n)
            total += n
        if total > PIECES:
            raise ValueError("more than %d pieces for %s" % (PIECES, f[0]))
        hand[p] = h
    if any(h is None for h in hand):
        raise ValueError("missing side in %r" % text)
    hand = tuple(hand)
    places = ()
    if PLACES:
        for c in places_part or []:
            if c not in PLAYERS or len(c) != 1:
                raise ValueError("bad letter %r in places" % c)
            if PLAYERS.index(c) in places:
                raise ValueError("%s listed twice in places" % c)
            places += (PLAYERS.index(c),)
        for p in range(4):
            done = n_off(board, hand, p) == PIECES
            if done and p not in places:
                raise ValueError("%s has finished but is not in places"
                                 % PLAYERS[p])
            if not done and p in places:
                raise ValueError("%s is in places but has pieces left"
                                 % PLAYERS[p])
        if turn in places:
            raise ValueError("turn %s has finished" % PLAYERS[turn])
    return (turn, board, hand, places)


# ---------------------------------------------------------------------------
# Self test

def selftest():
    checks = 0

    def ok(cond, msg):
        nonlocal checks
        checks += 1
        if not cond:
            raise AssertionError(msg)

    def mv(position, roll):
        return [m for m, _ in legal_moves(read_pos(position), roll)]

    def child(position, move):
        roll = int(move.split(":")[0])
        for m, c in legal_moves(read_pos(position), roll):
            if m == move:
                return write_pos(c)
        raise AssertionError("no move %s in %s" % (move, position))

    # --- track data
    for p in range(4):
        ok(len(TRACK[p]) == TRACK_LEN, "track length %s" % PLAYERS[p])
        ok(len(set(TRACK[p])) == TRACK_LEN, "repeat in track %s" % PLAYERS[p])
    ok(len(ALL_POINTS) == 72, "72 points, got %d" % len(ALL_POINTS))
    # the shared loop: red's 51 loop points plus the one point it skips;
    # green's track reaches g2 (red's start) right after that point.
    skipped = TRACK[1][TRACK[1].index("g2") - 1]
    ok(skipped == "g1", "red skips g1")
    loop = TRACK[0][:51] + [skipped]
    ok(len(set(loop)) == 52, "loop has 52 points")
    for p in range(4):
        s = loop.index(TRACK[p][0])
        rot = loop[s:] + loop[:s]
        ok(TRACK[p][:51] == rot[:51], "track %s is the loop rotated" % PLAYERS[p])
        ok(not set(TRACK[p][51:]) & set(loop), "home column off the loop")
        # home columns are private
        for q in range(4):
            if q != p:
                ok(not set(TRACK[p][51:]) & set(TRACK[q]), "private home")
    starts = [t[0] for t in TRACK]
    ok([loop.index(s) for s in starts] == [0, 13, 26, 39], "starts 13 apart")
    ok(SAFE <= set(loop) and set(starts) <= SAFE, "safe squares")
    ok(all(all(c in "abcdefghijklmno" for c in pt[0]) and 1 <= int(pt[1:]) <= 15
           for pt in ALL_POINTS), "labels a..o 1..15")

    # --- notation round trip
    for s in [START, "G:Rg2,g5=2,@1:G@4:Y@4:B@4", "B:Rh6:Gb9=3,f8:Yi14,@3:Bn7=4",
              "R:R:G@4:Y@4:B@4"]:
        ok(write_pos(read_pos(s)) == s, "round trip %s" % s)
    ok(write_pos(read_pos("R:R@1,g5=2,g2:G@4:B@4:Y@4")) ==
       "R:Rg2,g5=2,@1:G@4:Y@4:B@4", "any item order")
    for bad in ["R:Rb8:G@4:Y@4:B@4", "R:Rz9:G@4:Y@4:B@4",
                "R:R@5:G@4:Y@4:B@4", "R:Rg5,@4:G@4:Y@4:B@4",
                "R:Rg5:Gg5:Y@4:B@4", "R:R@4:G@4:Y@4", "X:R@4:G@4:Y@4:B@4"]:
        try:
            read_pos(bad)
        except ValueError:
            ok(True, "")
        else:
            ok(False, "accepted bad position %s" % bad)

    # --- entering only on 6
    for r in range(1, 6):
        ok(mv(START, r) == ["%d:pass" % r], "start roll %d is a pass" % r)
        ok(child(START, "%d:pass" % r) == "G:R@4:G@4:Y@4:B@4", "pass -> next")
    ok(mv(START, 6) == ["6:@g2"], "enter on 6")
    ok(child(START, "6:@g2") == "R:Rg2,@3:G@4:Y@4:B@4", "6 -> same player")
    ok(mv("G:R@4:G@4:Y@4:B@4", 6) == ["6:@b9"], "green enters b9")
    ok(mv("Y:R@4:G@4:Y@4:B@4", 6) == ["6:@i14"], "yellow enters i14")
    ok(mv("B:R@4:G@4:Y@4:B@4", 6) == ["6:@n7"], "blue enters n7")
    # entering onto own pieces is allowed; one entering move per roll
    ok(mv("R:Rg2=2,@2:G@4:Y@4:B@4", 6) == ["6:@g2", "6:g2-e7"], "enter stacks")
    ok(child("R:Rg2=2,@2:G@4:Y@4:B@4", "6:g2-e7") == "R:Rg2,e7,@2:G@4:Y@4:B@4",
       "moving one of a stack")
    # entry blocked by a foreign piece on the (safe) start point
    ok(mv("R:R@4:Gg2:Y@4:B@4", 6) == ["6:pass"], "entry blocked")
    ok(child("R:R@4:Gg2:Y@4:B@4", "6:pass") == "R:R@4:Gg2:Y@4:B@4",
       "pass on 6 keeps the turn")

    # --- captures
    p = "R:Rg3,@3:Gg5,@3:Y@4:B@4"
    ok(mv(p, 2) == ["2:g3-g5"], "capture move")
    ok(child(p, "2:g3-g5") == "G:Rg5,@3:G@4:Y@4:B@4", "captured piece to hand")
    p = "B:Rf7:G@4:Y@4:Bg3,@3"      # blue g3 idx 14, f7 idx 18
    ok(mv(p, 4) == ["4:g3-f7"], "blue hits red")
    ok(child(p, "4:g3-f7") == "R:R@1:G@4:Y@4:Bf7,@3", "hit piece to hand, B -> R")
    # yellow a9 (idx 38) hits green on c9 (green idx 1, yellow idx 40)
    p = "Y:R@4:Gc9,@3:Ya9,@3:B@4"
    ok(mv(p, 2) == ["2:a9-c9"], "yellow hits green")
    ok(child(p, "2:a9-c9") == "B:R@4:G@4:Yc9,@3:B@4", "green to hand")

    # --- lone piece on a safe square cannot be hit
    p = "R:Rg5,@3:Gc7,@3:Y@4:B@4"   # red g5 idx 3, c7 idx 8 (safe)
    ok(mv(p, 5) == ["5:pass"], "safe square blocks")
    ok(mv(p, 4) == ["4:g5-d7"] and mv(p, 6) == ["6:@g2", "6:g5-b7"], "pass over")
    # but own pieces may join on a safe square
    p = "R:Rg5,c7:G@4:Y@4:B@4"
    ok(mv(p, 5) == ["5:c7-b9", "5:g5-c7"], "own stack on safe square")
    ok(child(p, "5:g5-c7") == "G:Rc7=2:G@4:Y@4:B@4", "stacked")

    # --- a pair cannot be landed on by others, but by its owner
    p = "R:Rg3:Gg5=2,@2:Y@4:B@4"
    ok(mv(p, 2) == ["2:pass"], "pair blocks")
    ok(mv(p, 3) == ["3:g3-g6"], "pair passed over")
    p = "G:Rg6:Gg2,g5=2,@1:Y@4:B@4"  # green g2 idx 39, g5 idx 42, g6 idx 43
    ok(mv(p, 3) == ["3:g2-g5", "3:g5-e7"], "own pair may be landed on")
    ok(child(p, "3:g2-g5") == "Y:Rg6:Gg5=3,@1:Y@4:B@4", "three stack")
    ok(mv(p, 1) == ["1:g2-g3", "1:g5-g6"], "lone piece hit from a pair")
    ok(child(p, "1:g5-g6") == "Y:R@1:Gg2,g5,g6,@1:Y@4:B@4", "hit from a pair")
    # more than 2 foreign also blocks
    ok(mv("R:Rg3:Gg5=3,@1:Y@4:B@4", 2) == ["2:pass"], "triple blocks")

    # --- exact bearing off
    p = "R:Rh4:G@4:Y@4:B@4"          # h4 idx 53
    ok(mv(p, 1) == ["1:h4-h5"] and mv(p, 2) == ["2:h4-h6"], "home column")
    ok(mv(p, 3) == ["3:h4-off"], "exact off")
    for r in (4, 5):
        ok(mv(p, r) == ["%d:pass" % r], "overshoot %d" % r)
    ok(mv(p, 6) == ["6:pass"], "overshoot 6")
    ok(child(p, "6:pass") == p, "pass on 6 keeps the turn (board move)")
    ok(child(p, "4:pass") == "G:Rh4:G@4:Y@4:B@4", "pass -> next")
    ok(child(p, "3:h4-off") == "G:R:G@4:Y@4:B@4", "borne off")
    ok(mv("R:Rh1,@1:G@4:Y@4:B@4", 6) == ["6:@g2", "6:h1-off"], "6 from h1 off")
    ok(mv("G:R@4:Ga8:Y@4:B@4", 6) == ["6:a8-off"], "green off from a8")
    ok(mv("Y:R@4:G@4:Yh15,h10:B@4", 1) == ["1:h10-off", "1:h15-h14"], "yellow")
    ok(mv("B:R@4:G@4:Y@4:Bo9,j8", 2) == ["2:o9-n8"], "blue into home")

    # --- the end
    p = "R:Rh6:G@4:Y@4:B@4"
    ok(mv(p, 1) == ["1:h6-off"], "last piece off")
    ok(perft(read_pos("G:R:G@4:Y@4:B@4"), 1) == 0, "finished position")
    ok(mv("G:R:G@4:Y@4:B@4", 6) == [], "no moves when finished")
    ok(finished(read_pos(child(p, "1:h6-off"))), "win ends the game")
    # perft 1 of this position counts the winning move; perft 2 gets nothing
    # below it: rolls 2..6 pass (to G / to R again on 6)
    pos = read_pos(p)
    ok(perft(pos, 1) == 6, "perft1 end")
    ok(perft(pos, 2) == 0 + 4 * 6 + perft(read_pos("R:Rh6:G@4:Y@4:B@4"), 1),
       "perft2 end")
    ok(perft(read_pos("R:Rh6,@1:G:Y@4:B@4"), 3) == 0, "read finished (green)")

    # --- small perfts worked out by hand
    start = read_pos(START)
    ok(perft(start, 0) == 1, "perft0")
    ok(perft(start, 1) == 6, "perft1")
    ok(perft(start, 2) == 5 * 6 + 7, "perft2")
    # extra turn: perft(start,3) = 5 * perft2(green to move at start) +
    #   perft2(R:Rg2,@3...)
    after6 = read_pos("R:Rg2,@3:G@4:Y@4:B@4")
    ok(perft(start, 3) == 5 * 37 + perft(after6, 2), "perft3 composition")
    # count_moves agrees with legal_moves
    rng = random.Random(7)
    for _ in range(300):
        pos = start
        for _ in range(rng.randint(0, 200)):
            if finished(pos):
                break
            r = rng.randint(1, 6)
            ms = legal_moves(pos, r)
            ok(count_moves(pos, r) == len(ms), "bulk count")
            # invariants: no point shared, counts within 4, round trip
            _, b, h, _ = pos
            for q in range(4):
                ok(0 <= n_off(b, h, q) <= 4, "piece count")
            ok(read_pos(write_pos(pos)) == pos, "round trip random")
            pos = rng.choice(ms)[1]
    return checks


def places_selftest():
    """Checks of play on for places (run by `selftest --places`, with the
    flag on)."""
    checks = 0

    def ok(cond, msg):
        nonlocal checks
        checks += 1
        if not cond:
            raise AssertionError("places: " + msg)

    def mv(position, roll):
        return [m for m, _ in legal_moves(read_pos(position), roll)]

    def child(position, move):
        roll = int(move.split(":")[0])
        for m, c in legal_moves(read_pos(position), roll):
            if m == move:
                return write_pos(c)
        raise AssertionError("no move %s in %s" % (move, position))

    # --- notation
    for s in [START, "G:R:G@4:Y@4:B@4:places R",
              "B:Rh6:G:Y:Bn7=2,@2:places Y G", "B:R:G:Y:B@4:places R G Y"]:
        ok(write_pos(read_pos(s)) == s, "round trip %s" % s)
    ok(write_pos(read_pos("G:R@4:G@4:Y@4:B@4:places")) == "G:R@4:G@4:Y@4:B@4",
       "empty places part")
    for bad in ["G:R:G@4:Y@4:B@4",              # finished, not listed
                "R:R:G@4:Y@4:B@4:places R",     # turn has finished
                "G:R:G@4:Y@4:B@4:places R R",   # listed twice
                "G:Rg2:G@4:Y@4:B@4:places R",   # listed, pieces left
                "G:R:G@4:Y@4:B@4:places X",     # no such player
                "B:R:G:Y:B:places R G Y B"]:
        try:
            read_pos(bad)
        except ValueError:
            ok(True, "")
        else:
            ok(False, "accepted bad position %s" % bad)

    # --- a finishing move hands the turn on, even on a 6
    p = "R:Rh6:G@4:Y@4:B@4"
    ok(mv(p, 1) == ["1:h6-off"], "last piece off")
    ok(child(p, "1:h6-off") == "G:R:G@4:Y@4:B@4:places R", "R first, G to move")
    q = read_pos("G:R:G@4:Y@4:B@4:places R")
    ok(not finished(q) and perft(q, 1) == 6, "the game goes on")
    # roll 1 finishes (G at its start after it: 6), rolls 2..5 pass to G (6
    # each), roll 6 passes and R throws again (6)
    ok(perft(read_pos(p), 2) == 6 + 4 * 6 + 6, "perft2 through a finish")
    ok(child("R:Rh1:G@4:Y@4:B@4", "6:h1-off") == "G:R:G@4:Y@4:B@4:places R",
       "finishing on a 6: no further throw")
    ok(child("R:Rh1,@1:G@4:Y@4:B@4", "6:h1-off") == "R:R@1:G@4:Y@4:B@4",
       "bearing off on a 6 without finishing: throw again")
    ok(child("R:Rh6,@1:G@4:Y@4:B@4", "1:h6-off") == "G:R@1:G@4:Y@4:B@4",
       "bearing off without finishing")
    ok(child("G:R@4:Ga8:Y:B@4:places Y", "6:a8-off") ==
       "B:R@4:G:Y:B@4:places Y G", "finishing skips a finished next player")
    # finished players are skipped by the turn
    ok(child("R:Rh6:G:Y@4:B@4:places G", "2:pass") == "Y:Rh6:G:Y@4:B@4:places G",
       "pass skips a finished player")
    ok(child("R:Rh6:G:Y@4:B@4:places G", "6:pass") == "R:Rh6:G:Y@4:B@4:places G",
       "pass on a 6 keeps the turn")
    ok(child("B:R:G@4:Y@4:Bn7:places R", "1:n7-m7") == "G:R:G@4:Y@4:Bm7:places R",
       "B's move passes the turn to G, over R")
    ok(child("B:R:G:Y@4:Bn7:places R G", "3:n7-k7") == "Y:R:G:Y@4:Bk7:places R G",
       "B's move passes the turn to Y, over R and G")

    # --- the third finish ends the game: one unfinished player left
    p = "Y:R:G:Yh10:B@4:places R G"
    ok(mv(p, 1) == ["1:h10-off"], "third finish")
    end = child(p, "1:h10-off")
    ok(end == "B:R:G:Y:B@4:places R G Y", "B last, B's letter")
    e = read_pos(end)
    ok(finished(e) and all(legal_moves(e, r) == [] for r in range(1, 7)),
       "no moves with one unfinished player")
    ok([perft(e, d) for d in (1, 2, 3)] == [0, 0, 0], "perft 0 at the end")
    ok(perft(read_pos("B:R:G:Y:Bn7,@3:places G R Y"), 2) == 0, "read end")
    ok(perft(read_pos(p), 2) == 0 + 4 * 6 + 6, "perft2 through the end")
    # the same without the flag ends at the first finish
    global PLACES
    PLACES = False
    ok(perft(read_pos("R:Rh6:G@4:Y@4:B@4"), 2) == 0 + 4 * 6 + 6,
       "without the flag the first finish ends the game")
    PLACES = True

    # --- random games to the end: invariants
    rng = random.Random(11)
    start = read_pos(START)
    ends = 0
    for _ in range(40):
        pos = start
        while not finished(pos):
            r = rng.randint(1, 6)
            ms = legal_moves(pos, r)
            ok(count_moves(pos, r) == len(ms), "bulk count")
            turn, b, h, pl = pos
            ok(turn not in pl, "turn never a finished player")
            ok([q for q in range(4) if n_off(b, h, q) == PIECES] == sorted(pl),
               "finished == all pieces off")
            ok(read_pos(write_pos(pos)) == pos, "round trip random")
            m, c = rng.choice(ms)
            if len(c[3]) > len(pl):
                ok(m.endswith("-off") and c[3][-1] == turn and
                   c[0] == next_turn(turn, c[3]), "finishing move")
            pos = c
        ends += len(pos[3]) == 3 and pos[0] not in pos[3]
    ok(ends == 40, "every game ends with three places")
    return checks


# ---------------------------------------------------------------------------
# Win rates of uniformly random play

NAMES = ("red", "green", "yellow", "blue")


def rates(n, seed):
    """Play n random games to the end; returns (wins per player, total
    plies including passes)."""
    rng = random.Random(seed)
    randint, choice = rng.randint, rng.choice
    wins = [0, 0, 0, 0]
    plies = 0
    pass_only = [None]
    for _ in range(n):
        pos = (0, {}, (PIECES,) * 4, ())
        while True:
            plies += 1
            roll = randint(1, 6)
            ms = move_targets(pos, roll)
            m = choice(ms if ms else pass_only)
            turn, board, hand, places = pos
            if m is None:                       # pass
                if roll != 6:
                    pos = ((turn + 1) % 4, board, hand, places)
                continue
            pos = make_child(pos, roll, m[0], m[1])
            # only a bearing off can finish a game, and only for the mover
            if m[1] is None and pos[2][turn] == 0 and not any(
                    q == turn for (q, _) in pos[1].values()):
                wins[turn] += 1
                break
    return wins, plies


def rates_places(n, seed):
    """Play n random games to the end in places mode (PLACES must be on);
    returns (counts, lengths): counts[p][k] = games in which player p took
    place k + 1; lengths = plies of each game (passes included)."""
    assert PLACES
    rng = random.Random(seed)
    randint, choice = rng.randint, rng.choice
    counts = [[0] * 4 for _ in range(4)]
    lengths = []
    pass_only = [None]
    for _ in range(n):
        pos = (0, {}, (PIECES,) * 4, ())
        plies = 0
        while len(pos[3]) < 3:
            plies += 1
            roll = randint(1, 6)
            ms = move_targets(pos, roll)
            m = choice(ms if ms else pass_only)
            turn, board, hand, places = pos
            if m is None:                       # pass
                if roll != 6:
                    pos = (next_turn(turn, places), board, hand, places)
                continue
            pos = make_child(pos, roll, m[0], m[1])
        turn, board, hand, places = pos
        order = places + (turn,)               # the last one left is 4th
        assert sorted(order) == [0, 1, 2, 3]
        assert [q for q in range(4) if n_off(board, hand, q) == PIECES] == \
            sorted(places) and n_off(board, hand, turn) < PIECES
        for k, p in enumerate(order):
            counts[p][k] += 1
        lengths.append(plies)
    return counts, lengths


def wilson(k, n, z=1.959963984540054):
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    ph = k / n
    d = 1 + z * z / n
    c = (ph + z * z / (2 * n)) / d
    h = z / d * (ph * (1 - ph) / n + z * z / (4 * n * n)) ** 0.5
    return c - h, c + h


# ---------------------------------------------------------------------------

def main(argv):
    global PLACES
    if "--places" in argv:
        PLACES = True
        argv = [a for a in argv if a != "--places"]
    if not argv:
        print(__doc__)
        return 2
    cmd = argv[0]
    if cmd == "perft":
        depth = int(argv[1])
        pos = read_pos(argv[2] if len(argv) > 2 else START)
        print(" ".join(str(perft(pos, d)) for d in range(1, depth + 1)))
    elif cmd == "moves":
        pos = read_pos(argv[1])
        for m, _ in legal_moves(pos, int(argv[2])):
            print(m)
    elif cmd == "divide":
        depth = int(argv[1])
        pos = read_pos(argv[2] if len(argv) > 2 else START)
        total = 0
        for r in range(1, 7):
            for m, c in legal_moves(pos, r):
                n = perft(c, depth - 1)
                total += n
                print(m, n)
        print("total", total)
    elif cmd == "random":
        n, plies, seed, depth = (int(x) for x in argv[1:5])
        rng = random.Random(seed)
        for _ in range(n):
            pos = read_pos(START)
            for _ in range(plies):
                if finished(pos):
                    break
                roll = rng.randint(1, 6)
                ms = legal_moves(pos, roll)
                m = rng.choice([s for s, _ in ms])
                pos = dict(ms)[m]
            print("%s | %s" % (write_pos(pos), " ".join(
                str(perft(pos, d)) for d in range(1, depth + 1))))
    elif cmd == "rates":
        n, seed = int(argv[1]), int(argv[2])
        if PLACES:
            counts, lengths = rates_places(n, seed)
            for p in range(4):
                for k in range(4):
                    c = counts[p][k]
                    lo, hi = wilson(c, n)
                    print("%s place %d: %d %.2f%% (95%%: %.2f-%.2f%%)" % (
                        NAMES[p], k + 1, c, 100.0 * c / n, 100 * lo, 100 * hi))
                print("%s mean place %.4f" % (NAMES[p], sum(
                    (k + 1) * counts[p][k] for k in range(4)) / n))
            mean = sum(lengths) / n
            sd = (sum((x - mean) ** 2 for x in lengths) / (n - 1)) ** 0.5 \
                if n > 1 else 0.0
            print("plies mean %.2f sd %.2f" % (mean, sd))
            return 0
        wins, plies = rates(n, seed)
        for p in range(4):
            lo, hi = wilson(wins[p], n)
            print("%s %d %.2f%% (95%%: %.2f-%.2f%%)" % (
                NAMES[p], wins[p], 100.0 * wins[p] / n, 100 * lo, 100 * hi))
        print("mean plies %.2f" % (plies / n))
    elif cmd == "selftest":
        t = time.time()
        places, PLACES = PLACES, False
        n = selftest()
        if places:
            PLACES = True
            n += places_selftest()
        print("selftest ok: %d checks in %.1fs" % (n, time.time() - t))
    else:
        print("unknown command %r" % cmd, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
