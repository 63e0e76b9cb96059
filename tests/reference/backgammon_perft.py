#!/usr/bin/env python3
"""Independent reference implementation of Backgammon move generation and perft.

Written from the rules alone (not from the engine under test), to check it.
Python 3 standard library only; the `crosscheck` subcommand additionally uses
`pyspiel` (the `open_spiel` pip package) when it is installed.

Board, notation
---------------
24 points named file+rank.  Rank 2, left to right: a2 b2 c2 d2 e2 f2 h2 i2 j2
k2 l2 m2; rank 1: a1 .. f1 h1 .. m1 (no file g: the bar column).
White's track (index 0..23, then off):
    m2 l2 k2 j2 i2 h2 f2 e2 d2 c2 b2 a2 a1 b1 c1 d1 e1 f1 h1 i1 j1 k1 l1 m1
Black's track is the exact reverse.  Home = track indices 18..23 (white h1..m1,
black h2..m2).  Start: white m2=2 a2=5 e1=3 h1=5, black m1=2 a1=5 e2=3 h2=5,
white to move.

Position notation `TURN:SIDE1:SIDE2`, e.g. the start is
    W:Wa2=5,e1=3,h1=5,m2=2:Ba1=5,e2=3,h2=5,m1=2
A side is its letter followed by comma-separated `POINT=COUNT` (`POINT` alone
for one checker; `POINT=1` is accepted on input) and `@N` for N checkers on
the bar.  Borne-off checkers are implicit (15 minus the rest).  On output the
white side is written first, entries sorted by point name, bar entry last.

Rules as implemented
--------------------
* A roll is two dice; doubles give four moves of that number.  For perft the
  21 distinct rolls (11, 21, 22, 31, ... 66) are each counted once.
* Each die moves one checker exactly that many points forward along the
  mover's own track.  A checker may land on an empty point, an own point, or
  an enemy blot (which is hit and goes to its owner's bar), never on a point
  with two or more enemy checkers.  Passing over anything is allowed.
* Checkers on the bar must all enter before any other move; a die d enters
  on track index d-1.
* Bearing off is allowed only when every checker of the mover that is not
  yet off stands in home (judged before each single checker move).  Die d
  bears off the checker at index 24-d; a larger die may bear off the checker
  at index i (i + d > 24) only when no own checker stands on a lower index.
* The maximum number of dice must be used (both, or as many of the four of a
  double as possible).  If only one die of a non-double can be used, the
  larger must be used when it can.  If nothing can move the turn is a pass.
  Note: this is literal even when a checker bears off the last checker: e.g.
  one checker on index 19 with roll 61 must play 1 then 6 (two dice), not 6
  alone.  Both give "all off" anyway, but a hit on the way (19->20*) is part
  of the resulting position.
* The legal moves of a turn are the DISTINCT resulting positions (board, bars,
  borne-off counts; the turn passes to the opponent).  A pass is exactly one
  move (same board, the other side to move).
* The game is over when a side has borne off all 15; a finished position has
  no moves (perft 0 at depth >= 1; perft(pos, 0) = 1 always).

Internal representation: the position is held "from the mover's view": a
tuple of 26 ints, s[0..23] = the mover's track indices (positive = own
checkers, negative = enemy checkers), s[24] = mover's bar, s[25] = enemy bar.
Flipping to the opponent's view reverses and negates the board and swaps bars.

Interface
---------
  backgammon_perft.py perft DEPTH [POSITION]
      prints perft(1) .. perft(DEPTH) space separated on one line.
  backgammon_perft.py results
      reads lines `POSITION ROLL` from stdin; prints for each line the
      resulting positions (sorted as strings, joined by one space); a pass
      prints the unchanged board with the other side to move; a finished
      position prints an empty line.
  backgammon_perft.py random N SEED
      plays N random games from the start (each die uniform 1..6, then a
      uniform choice among the distinct legal results) and prints every
      position that occurs, one per line, each distinct position once, in
      order of first occurrence.
  backgammon_perft.py crosscheck N SEED
      compares the move generator with OpenSpiel's backgammon (see below).
  backgammon_perft.py stats N SEED
      plays N random games as `random` does and prints how many each side
      won and the mean length in plies (a pass is a ply); `stats 100000 1`
      gave white 51421, black 48579, mean 95.992 plies.
  backgammon_perft.py selftest N SEED
      (extra) compares the fast counting routines used at perft leaves with
      the plain set-of-positions generator on positions from random games.

Perft implementation: interior nodes expand the distinct result positions
(naive generation: every order of every die, results collected in a set);
at depth 1 only the NUMBER of distinct results per roll is needed, computed by
faster routines and memoised:
  * doubles: distinct results <-> distinct multisets of single steps (all of
    the same length d, so the step multiset can be recovered from the final
    board, and the hits are determined by it); every legal multiset is legal
    when played in ascending source order (bar first), so the count is the
    number of legal non-decreasing step sequences of maximal length;
  * non-doubles: each two-step play is reduced to a canonical key (net
    sources, net destinations, hit points) that determines the result.
  The depth-1 memo key is the mover's checkers + bar with the enemy checkers
  clipped to {blot, block}, which is all the move count depends on.
`selftest` verifies these routines against the naive generator.

Cross-check against OpenSpiel (`crosscheck`)
--------------------------------------------
Random OpenSpiel games are played; at every decision node that starts a turn
(i.e. right after a dice roll) every complete turn is enumerated through
OpenSpiel's legal actions (each action encodes up to two checker moves; on
doubles the same player acts twice, so the second action is followed too).
The set of distinct resulting boards is translated (OpenSpiel player 0 'x'
uses board indices 0..23 that coincide with white's track indices; player 1
'o' uses the same physical numbering and moves 23 -> 0, which is black's
track; so x = W, o = B, bar = board(p, 100), borne off = 15 - rest) and
compared with this file's results for the same position and roll.
The 30 possible opening rolls of OpenSpiel are compared first.
Differences of OpenSpiel from the rules above: its first roll of a game is
never a double and decides who starts (here white always starts; the
comparison is per position+roll, so this does not matter); games are cut
after 500 turns (max_player_turns).  On doubles OpenSpiel applies the "use as
many dice as possible" rule to each half (pair of moves) separately, which in
principle could admit a first pair that leaves the second pair stuck while
another first pair allows more moves; such cases would be reported as
"os_half_turn_deviation" (this file follows the whole-turn rule).  None was
ever found: neither in the comparisons, nor in a simulation of the per-half
semantics on ~170,000 double turns from random games and 200,000 random
sparse/bear-off positions.  Otherwise OpenSpiel implements the same rules
(bar first, larger die when only one can be used, bear-off with a larger die
only from the rearmost checker, maximum dice even when the last checker goes
off).

Results obtained (this file, CPython 3.11, one core):
  perft from the start: 447, 202782, 116154993 (depth 3 in about 1 minute);
  a plain perft without the counting shortcuts gives the same depth-3 figure.
  `crosscheck 1000 7`: 30 opening rolls + 1000 random OpenSpiel games,
  96699 position/roll pairs compared (15802 doubles, 4514 passes, 33345 with
  the mover on the bar, 8922 bear-off positions), all identical.
  `selftest 30 1`: 63000 position/roll counts agree with the naive generator.
"""

import os
import sys
import random
import time

WHITE_TRACK = ("m2 l2 k2 j2 i2 h2 f2 e2 d2 c2 b2 a2 "
               "a1 b1 c1 d1 e1 f1 h1 i1 j1 k1 l1 m1").split()
POINT_INDEX = {name: i for i, name in enumerate(WHITE_TRACK)}  # white index
ROLLS = [(hi, lo) for hi in range(1, 7) for lo in range(1, hi + 1)]
START = "W:Wa2=5,e1=3,h1=5,m2=2:Ba1=5,e2=3,h2=5,m1=2"
NCHECKERS = 15


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------

def parse_position(text):
    """Return (turn, board, wbar, bbar); board = 24 signed ints indexed by
    WHITE track index (positive white, negative black)."""
    parts = text.strip().split(":")
    if len(parts) != 3 or parts[0] not in ("W", "B"):
        raise ValueError("bad position %r" % text)
    turn = parts[0]
    board = [0] * 24
    bars = {}
    seen = set()
    for side in parts[1:]:
        if not side or side[0] not in "WB" or side[0] in seen:
            raise ValueError("bad side %r in %r" % (side, text))
        colour = side[0]
        seen.add(colour)
        sign = 1 if colour == "W" else -1
        total = 0
        bar = 0
        body = side[1:]
        if body:
            for entry in body.split(","):
                if entry.startswith("@"):
                    n = int(entry[1:])
                    if n < 0:
                        raise ValueError("bad bar entry %r" % entry)
                    bar += n
                    total += n
                    continue
                if "=" in entry:
                    name, cnt = entry.split("=", 1)
                    cnt = int(cnt)
                else:
                    name, cnt = entry, 1
                if name not in POINT_INDEX or cnt <= 0:
                    raise ValueError("bad entry %r" % entry)
                i = POINT_INDEX[name]
                if board[i] != 0:
                    raise ValueError("point %s given twice" % name)
                board[i] = sign * cnt
                total += cnt
        if total > NCHECKERS:
            raise ValueError("more than 15 checkers for %s" % colour)
        bars[colour] = bar
    return turn, tuple(board), bars["W"], bars["B"]


def format_position(turn, board, wbar, bbar):
    wpts, bpts = [], []
    for i in range(24):
        v = board[i]
        if v > 0:
            wpts.append((WHITE_TRACK[i], v))
        elif v < 0:
            bpts.append((WHITE_TRACK[i], -v))

    def side(letter, pts, bar):
        ents = [n if c == 1 else "%s=%d" % (n, c) for n, c in sorted(pts)]
        if bar:
            ents.append("@%d" % bar)
        return letter + ",".join(ents)

    return "%s:%s:%s" % (turn, side("W", wpts, wbar), side("B", bpts, bbar))


def to_canon(turn, board, wbar, bbar):
    """Absolute position -> mover-view tuple of 26."""
    if turn == "W":
        return tuple(board) + (wbar, bbar)
    return tuple(-board[23 - i] for i in range(24)) + (bbar, wbar)


def from_canon(turn, s):
    """Mover-view tuple (mover = turn) -> absolute (turn, board, wbar, bbar)."""
    if turn == "W":
        return turn, tuple(s[:24]), s[24], s[25]
    return turn, tuple(-s[23 - i] for i in range(24)), s[25], s[24]


def canon_str(turn, s):
    return format_position(*from_canon(turn, s))


def other(turn):
    return "B" if turn == "W" else "W"


def flip(s):
    """Mover-view tuple -> the same position seen by the opponent."""
    return (-s[23], -s[22], -s[21], -s[20], -s[19], -s[18], -s[17], -s[16],
            -s[15], -s[14], -s[13], -s[12], -s[11], -s[10], -s[9], -s[8],
            -s[7], -s[6], -s[5], -s[4], -s[3], -s[2], -s[1], -s[0],
            s[25], s[24])


def finished(s):
    """True when either side has borne off all its checkers."""
    mine = s[24]
    theirs = s[25]
    for i in range(24):
        v = s[i]
        if v > 0:
            mine += v
        elif v < 0:
            theirs -= v
    return mine == 0 or theirs == 0


# ---------------------------------------------------------------------------
# Naive move generation (sets of resulting tuples)
# ---------------------------------------------------------------------------

def single_moves(s, d):
    """All positions (mover view, same mover) after one legal move of die d."""
    out = []
    if s[24]:
        t = d - 1
        v = s[t]
        if v >= -1:
            l = list(s)
            l[24] -= 1
            if v == -1:
                l[t] = 1
                l[25] += 1
            else:
                l[t] = v + 1
            out.append(tuple(l))
        return out
    first = 0
    while first < 24 and s[first] <= 0:
        first += 1
    allhome = first >= 18
    for i in range(first, 24):
        if s[i] > 0:
            t = i + d
            if t < 24:
                v = s[t]
                if v >= -1:
                    l = list(s)
                    l[i] -= 1
                    if v == -1:
                        l[t] = 1
                        l[25] += 1
                    else:
                        l[t] = v + 1
                    out.append(tuple(l))
            elif allhome and (t == 24 or i == first):
                l = list(s)
                l[i] -= 1
                out.append(tuple(l))
    return out


def turn_results(s, hi, lo):
    """Set of distinct results (mover view) of a whole turn; {s} for a pass.
    The caller must not pass a finished position."""
    if hi == lo:
        level = {s}
        for _ in range(4):
            nxt = set()
            for x in level:
                nxt.update(single_moves(x, hi))
            if not nxt:
                break
            level = nxt
        return level
    first_hi = single_moves(s, hi)
    first_lo = single_moves(s, lo)
    two = set()
    for x in first_hi:
        two.update(single_moves(x, lo))
    for x in first_lo:
        two.update(single_moves(x, hi))
    if two:
        return two
    if first_hi:
        return set(first_hi)
    if first_lo:
        return set(first_lo)
    return {s}


def results_by_dice_used(s, hi, lo):
    """For diagnostics: dict k -> set of positions reachable using exactly k
    dice (in some order, any choice, not applying the maximum rule)."""
    out = {0: {s}}
    if hi == lo:
        level = {s}
        for k in range(1, 5):
            nxt = set()
            for x in level:
                nxt.update(single_moves(x, hi))
            out[k] = nxt
            level = nxt
        return out
    a = set(single_moves(s, hi)) | set(single_moves(s, lo))
    out[1] = a
    two = set()
    for x in single_moves(s, hi):
        two.update(single_moves(x, lo))
    for x in single_moves(s, lo):
        two.update(single_moves(x, hi))
    out[2] = two
    return out


# ---------------------------------------------------------------------------
# Fast counting of distinct results (used at perft leaves)
# ---------------------------------------------------------------------------

def _sources(b, d):
    """Legal source indices (-1 = bar) for a single move of die d."""
    if b[24]:
        return [-1] if b[d - 1] >= -1 else []
    first = 0
    while first < 24 and b[first] <= 0:
        first += 1
    out = []
    allhome = first >= 18
    for i in range(first, 24):
        if b[i] > 0:
            t = i + d
            if t < 24:
                if b[t] >= -1:
                    out.append(i)
            elif allhome and (t == 24 or i == first):
                out.append(i)
    return out


def count_nondouble(b, hi, lo):
    """Number of distinct results for a non-double roll; b is a mutable list
    (restored on return)."""
    keys = set()
    n1 = {}
    for d1, d2 in ((hi, lo), (lo, hi)):
        srcs = _sources(b, d1)
        n1[d1] = len(srcs)
        for p in srcs:
            # apply first step
            if p < 0:
                t1 = d1 - 1
                b[24] -= 1
            else:
                t1 = p + d1
                b[p] -= 1
            hit1 = False
            if t1 < 24:
                v = b[t1]
                if v == -1:
                    hit1 = True
                    b[t1] = 1
                    b[25] += 1
                else:
                    b[t1] = v + 1
            else:
                t1 = 24
            for q in _sources(b, d2):
                t2 = (d2 - 1) if q < 0 else q + d2
                if t2 >= 24:
                    t2 = 24
                    hit2 = False
                else:
                    hit2 = b[t2] == -1
                mask = ((1 << t1) if hit1 else 0) | ((1 << t2) if hit2 else 0)
                if q == t1:
                    key = (p, t2, mask)
                elif p == t2:
                    key = (q, t1, mask)
                elif p <= q:
                    key = (p, q, t1, t2, mask) if t1 <= t2 else (p, q, t2, t1, mask)
                else:
                    key = (q, p, t1, t2, mask) if t1 <= t2 else (q, p, t2, t1, mask)
                keys.add(key)
            # undo first step
            if t1 < 24:
                if hit1:
                    b[t1] = -1
                    b[25] -= 1
                else:
                    b[t1] -= 1
            if p < 0:
                b[24] += 1
            else:
                b[p] += 1
    if keys:
        return len(keys)
    if n1[hi]:
        return n1[hi]
    if n1[lo]:
        return n1[lo]
    return 1


def count_double(b, d):
    """Number of distinct results for double d (mutable list b, restored)."""
    best = [-1, 0]  # max number of steps, number of multisets of that size

    def record(k, n):
        if k > best[0]:
            best[0] = k
            best[1] = n
        elif k == best[0]:
            best[1] += n

    def rec(start, k):
        # k steps done; next source must be >= start (bar = -1 first)
        moved = False
        if b[24]:
            t = d - 1
            v = b[t]
            if v >= -1:
                moved = True
                if k == 3:
                    record(4, 1)
                else:
                    b[24] -= 1
                    if v == -1:
                        b[t] = 1
                        b[25] += 1
                    else:
                        b[t] = v + 1
                    rec(-1, k + 1)
                    b[t] = v
                    if v == -1:
                        b[25] -= 1
                    b[24] += 1
        else:
            first = 0
            while first < 24 and b[first] <= 0:
                first += 1
            allhome = first >= 18
            i = start if start > first else first
            n_last = 0
            while i < 24:
                if b[i] > 0:
                    t = i + d
                    if t < 24:
                        v = b[t]
                        if v >= -1:
                            moved = True
                            if k == 3:
                                n_last += 1
                            else:
                                b[i] -= 1
                                if v == -1:
                                    b[t] = 1
                                    b[25] += 1
                                else:
                                    b[t] = v + 1
                                rec(i, k + 1)
                                b[t] = v
                                if v == -1:
                                    b[25] -= 1
                                b[i] += 1
                    elif allhome and (t == 24 or i == first):
                        moved = True
                        if k == 3:
                            n_last += 1
                        else:
                            b[i] -= 1
                            rec(i, k + 1)
                            b[i] += 1
                i += 1
            if n_last:
                record(4, n_last)
        if not moved:
            record(k, 1)

    rec(-1, 0)
    return best[1]


def count_turn(s, hi, lo):
    b = list(s)
    if hi == lo:
        return count_double(b, hi)
    return count_nondouble(b, hi, lo)


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

_memo1 = {}
_memo = {}
_results_memo = {}


def _clip_key(s):
    return tuple([v if v > -2 else -2 for v in s[:25]])


def perft1(s):
    if finished(s):
        return 0
    key = _clip_key(s)
    r = _memo1.get(key)
    if r is None:
        b = list(s)
        r = 0
        for hi, lo in ROLLS:
            if hi == lo:
                r += count_double(b, hi)
            else:
                r += count_nondouble(b, hi, lo)
        _memo1[key] = r
    return r


def children(s):
    """Distinct children (opponent view) of a non-finished position, per roll
    (a list over the 21 rolls of lists of child tuples)."""
    r = _results_memo.get(s)
    if r is None:
        r = [[flip(x) for x in turn_results(s, hi, lo)] for hi, lo in ROLLS]
        _results_memo[s] = r
    return r


def perft(s, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return perft1(s)
    if finished(s):
        return 0
    key = (s, depth)
    r = _memo.get(key)
    if r is not None:
        return r
    total = 0
    for lst in children(s):
        for c in lst:
            total += perft(c, depth - 1)
    if depth >= 3:
        _memo[key] = total
    return total


def perft_naive(s, depth):
    """Plain perft without counting shortcuts (for self-tests)."""
    if depth == 0:
        return 1
    if finished(s):
        return 0
    total = 0
    for hi, lo in ROLLS:
        for x in turn_results(s, hi, lo):
            total += perft_naive(flip(x), depth - 1)
    return total


# ---------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------

def parse_roll(text):
    text = text.strip()
    if len(text) != 2 or not text.isdigit():
        raise ValueError("bad roll %r" % text)
    a, b = int(text[0]), int(text[1])
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise ValueError("bad roll %r" % text)
    return max(a, b), min(a, b)


def result_strings(turn, s, hi, lo):
    if finished(s):
        return []
    nxt = other(turn)
    return sorted(canon_str(nxt, flip(x)) for x in turn_results(s, hi, lo))


def cmd_perft(args):
    depth = int(args[0])
    pos = args[1] if len(args) > 1 else START
    turn, board, wbar, bbar = parse_position(pos)
    s = to_canon(turn, board, wbar, bbar)
    out = []
    for d in range(1, depth + 1):
        t0 = time.time()
        out.append(str(perft(s, d)))
        if os.environ.get("BG_PERFT_VERBOSE"):
            sys.stderr.write("depth %d: %s (%.1fs)\n"
                             % (d, out[-1], time.time() - t0))
    print(" ".join(out))


def cmd_results(args):
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        pos, roll = line.split()
        turn, board, wbar, bbar = parse_position(pos)
        hi, lo = parse_roll(roll)
        s = to_canon(turn, board, wbar, bbar)
        print(" ".join(result_strings(turn, s, hi, lo)))
        sys.stdout.flush()


def random_game(rng, max_turns=100000):
    """Yield (turn, s) of every position of one random game from the start."""
    turn, board, wbar, bbar = parse_position(START)
    s = to_canon(turn, board, wbar, bbar)
    yield turn, s
    for _ in range(max_turns):
        if finished(s):
            return
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        res = sorted(turn_results(s, max(a, b), min(a, b)))
        s = flip(rng.choice(res))
        turn = other(turn)
        yield turn, s


def cmd_random(args):
    n, seed = int(args[0]), int(args[1])
    rng = random.Random(seed)
    seen = set()
    for _ in range(n):
        for turn, s in random_game(rng):
            txt = canon_str(turn, s)
            if txt not in seen:
                seen.add(txt)
                print(txt)


def cmd_stats(args):
    """`stats N SEED`: N random games from the start (uniform among the
    distinct results of each throw of two dice); prints how many each side
    won and the mean game length in plies (a pass is a ply)."""
    n, seed = int(args[0]), int(args[1])
    rng = random.Random(seed)
    wins = {"W": 0, "B": 0}
    plies = 0
    for _ in range(n):
        last = None
        for k, (turn, s) in enumerate(random_game(rng)):
            last = turn
            plies_here = k
        # The game ends with the side to move having lost: the other bore off all.
        wins[other(last)] += 1
        plies += plies_here
    print("games %d white %d black %d mean_plies %.3f" % (n, wins["W"], wins["B"], plies / n))


def cmd_selftest(args):
    n = int(args[0]) if args else 20
    seed = int(args[1]) if len(args) > 1 else 1
    rng = random.Random(seed)
    npos = nchk = 0
    for _ in range(n):
        for turn, s in random_game(rng):
            if finished(s):
                continue
            npos += 1
            # round trip of the notation
            txt = canon_str(turn, s)
            t2, b2, w2, k2 = parse_position(txt)
            assert to_canon(t2, b2, w2, k2) == s, txt
            for hi, lo in ROLLS:
                res = turn_results(s, hi, lo)
                c = count_turn(s, hi, lo)
                nchk += 1
                if c != len(res):
                    print("COUNT MISMATCH", txt, "%d%d" % (hi, lo), c, len(res))
                    sys.exit(1)
                # results never contain duplicates and keep 15 checkers
                for x in res:
                    assert x != s or len(res) == 1
    # a few naive perfts against the shortcut perft
    for d in (1, 2):
        a = perft(to_canon(*parse_position(START)), d)
        b = perft_naive(to_canon(*parse_position(START)), d)
        assert a == b, (d, a, b)
    print("selftest ok: %d positions, %d position/roll counts agree" % (npos, nchk))


# ---------------------------------------------------------------------------
# OpenSpiel cross-check
# ---------------------------------------------------------------------------

OS_BAR = 100  # OpenSpiel's kBarPos, accepted by state.board(player, pos)


def os_position(state, turn):
    """Translate an OpenSpiel backgammon state to (turn, board, wbar, bbar)."""
    board = [0] * 24
    for i in range(24):
        x = state.board(0, i)
        o = state.board(1, i)
        if x and o:
            raise AssertionError("both players on point %d" % i)
        board[i] = x - o
    return turn, tuple(board), state.board(0, OS_BAR), state.board(1, OS_BAR)


def os_turn_results(state, player):
    """All distinct absolute positions after complete turns from `state`."""
    out = set()
    stack = [state]
    while stack:
        st = stack.pop()
        for a in st.legal_actions():
            c = st.clone()
            c.apply_action(a)
            if (not c.is_terminal()) and (not c.is_chance_node()) \
                    and c.current_player() == player:
                stack.append(c)  # second half of a double
            else:
                out.add(os_position(c, "B" if player == 0 else "W"))
    return out


def cmd_crosscheck(args):
    n = int(args[0]) if args else 20
    seed = int(args[1]) if len(args) > 1 else 1
    try:
        import pyspiel  # noqa
    except ImportError:
        print("crosscheck skipped: pyspiel not installed")
        return
    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    stats = {"compared": 0, "agree": 0, "doubles": 0, "passes": 0,
             "bar": 0, "bearoff": 0, "os_half_turn_deviation": 0,
             "mismatch": 0, "games": 0, "finished_games": 0, "moves": 0,
             "opening_rolls": 0}
    examples = []

    def compare(state, player):
        obs = state.observation_tensor(0)
        d1, d2 = int(obs[198]), int(obs[199])
        hi, lo = max(d1, d2), min(d1, d2)
        assert 1 <= lo <= hi <= 6, (d1, d2)
        turn = "W" if player == 0 else "B"
        pos = os_position(state, turn)
        s = to_canon(*pos)
        mine = set(from_canon(other(turn), flip(x))
                   for x in turn_results(s, hi, lo))
        theirs = os_turn_results(state, player)
        stats["compared"] += 1
        if hi == lo:
            stats["doubles"] += 1
        if s[24]:
            stats["bar"] += 1
        if all(v <= 0 for v in s[:18]) and s[24] == 0:
            stats["bearoff"] += 1
        if mine == {from_canon(other(turn), flip(s))}:
            stats["passes"] += 1
        if mine == theirs:
            stats["agree"] += 1
            return
        # classify: OpenSpiel plays a double as two separate halves
        by_k = results_by_dice_used(s, hi, lo)
        fewer = set()
        for v in by_k.values():
            fewer |= set(from_canon(other(turn), flip(x)) for x in v)
        if hi == lo and mine <= theirs and (theirs - mine) <= fewer:
            stats["os_half_turn_deviation"] += 1
        else:
            stats["mismatch"] += 1
        if len(examples) < 10:
            examples.append((format_position(*pos), "%d%d" % (hi, lo),
                             sorted(format_position(*x) for x in mine - theirs),
                             sorted(format_position(*x) for x in theirs - mine)))

    # every opening roll OpenSpiel can produce (never a double; either side)
    first = game.new_initial_state()
    for a, _ in first.chance_outcomes():
        st = first.clone()
        st.apply_action(a)
        compare(st, st.current_player())
        stats["opening_rolls"] += 1

    for _ in range(n):
        state = game.new_initial_state()
        turn_start = False
        stats["games"] += 1
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rng.random()
                acc = 0.0
                act = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        act = a
                        break
                state.apply_action(act)
                turn_start = True
                continue
            player = state.current_player()
            if turn_start:
                turn_start = False
                compare(state, player)
            legal = state.legal_actions()
            state.apply_action(rng.choice(legal))
            stats["moves"] += 1
        sc = state.observation_tensor(0)
        if sc[193] == 15 or sc[196] == 15:
            stats["finished_games"] += 1
    for k in ("opening_rolls", "games", "finished_games", "moves",
              "compared", "agree",
              "doubles", "passes", "bar", "bearoff",
              "os_half_turn_deviation", "mismatch"):
        print("%s: %d" % (k, stats[k]))
    for pos, roll, only_mine, only_os in examples:
        print("DIFF %s %s\n  only here: %s\n  only OpenSpiel: %s"
              % (pos, roll, " ".join(only_mine), " ".join(only_os)))
    if stats["mismatch"]:
        sys.exit(1)


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    cmd, args = argv[0], argv[1:]
    if cmd == "perft":
        cmd_perft(args)
    elif cmd == "results":
        cmd_results(args)
    elif cmd == "random":
        cmd_random(args)
    elif cmd == "crosscheck":
        cmd_crosscheck(args)
    elif cmd == "stats":
        cmd_stats(args)
    elif cmd == "selftest":
        cmd_selftest(args)
    else:
        print("unknown command %r" % cmd, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
