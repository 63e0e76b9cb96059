#!/usr/bin/env python3
"""Independent reference implementation of Senet (after Timothy Kendall's
reconstruction), for cross-checking another engine.  Standard library only.

Board / track
-------------
30 squares, files a..j, ranks 1..3.  Track order (squares 1..30):
  a1 b1 c1 d1 e1 f1 g1 h1 i1 j1   (1-10)
  j2 i2 h2 g2 f2 e2 d2 c2 b2 a2   (11-20)
  a3 b3 c3 d3 e3 f3 g3 h3 i3 j3   (21-30), then off the board (31).
White (W) and black (B), 5 pieces each.  Start: W on a1 c1 e1 g1 i1,
B on b1 d1 f1 h1 j1, white to move:
  W:Wa1,c1,e1,g1,i1:Bb1,d1,f1,h1,j1

Position notation: TURN:SIDE:SIDE[:borne off W<n> B<n>]
  SIDE = its letter then its squares comma-separated (any order on input,
  track order on output); a side with no pieces on the board is just its
  letter.  The "borne off" part lists only nonzero counts (W first) and is
  omitted when both are 0.
Move notation: ROLL:FROM-TO, ROLL:FROM-off (bearing off), ROLL:pass.
  A move into the water is written with TO = g3 (the square landed on),
  e.g. 1:f3-g3; the resulting position shows the piece on f2 (or earlier).

Rules implemented
-----------------
* Throw: 4 two-sided sticks; marked sides up 1..4 = throw, none up = 5.
  perft counts throws 1..5 once each; random games use odds 4,6,4,1,1 / 16.
* A move takes one of the mover's pieces exactly THROW squares forward
  (there are no backward moves).
* It may not land on one of the mover's own pieces.
* It may land on an enemy piece only if that piece is not protected and not
  on a safe square; the two then swap (enemy goes to the mover's origin).
  Protected = an enemy piece with another piece of its side on the track
  square immediately before or after it.
* Blockade: 3+ enemy pieces on consecutive track squares (runs are taken on
  the track, so e.g. i1 j1 j2 = squares 9,10,11 is a run) cannot be passed:
  no move may pass over any square of such a run (landing on one is already
  forbidden by protection).  This also applies to bearing off (e.g. f3 with
  5 cannot pass a run on h3 i3 j3).
* Safe squares f3 h3 i3 j3 (26, 28, 29, 30): enemies there cannot be landed on.
* f3 (26) must be stopped on: a move from a square < 26 to a square > 26
  (including off the board) is illegal.  Consequently the water g3 (27) can
  only be reached from f3 with a throw of 1.
* Water g3 (27): a piece landing there goes at once to f2 (15), or if f2 is
  occupied to the nearest empty square before it (14, 13, ...).  Nothing
  else happens.  (With at most 9 other pieces on the board an empty square
  in 1..15 always exists.)
* Bearing off: exactly one square past 30 (j3 with 1, i3 with 2, h3 with 3,
  f3 with 5).  Moves going further past the end are illegal.
* No legal move: the ply is a pass (ROLL:pass).
* After a throw of 1, 4 or 5 the same player moves again (moved or passed);
  after 2 or 3 the other player is to move.  This also applies to the ply
  that ends the game (the TURN letter of a finished position follows the
  same rule).
* A side that has borne off all 5 pieces wins; a finished position has no
  moves (not even a pass).  Input positions must have, for each side,
  pieces on board + borne off == 5, no piece on g3, no shared squares.

Perft
-----
perft(pos, 0) = 1; finished position at depth >= 1 counts 0;
perft(pos, d) = sum over throws 1..5 of sum over that throw's legal moves
(distinct FROM-TO) or the single pass, of perft(child, d-1).
A transposition table (keyed on position and remaining depth) is used;
add --nomemo to disable it (for self-checking).

Command line
------------
  senet_perft.py perft DEPTH [POSITION]   perft 1..DEPTH, space separated
  senet_perft.py moves POSITION ROLL      legal moves (string-sorted), each
                                          followed by a space and the result
  senet_perft.py random N SEED            N random games from the start;
                                          every distinct position met, one
                                          per line, in order of first meeting
  senet_perft.py stats N SEED             N random games:
      games N white W black B mean_plies X unfinished U
      (a ply = one throw and its move or pass; games are capped at 2000
      plies and counted as unfinished; mean_plies includes them, at 2000)
Random games: random.Random(SEED); throw from randrange(16) (0-3 -> 1,
4-9 -> 2, 10-13 -> 3, 14 -> 4, 15 -> 5); move chosen uniformly with
rng.choice among the string-sorted legal moves.
"""

import random
import sys

# ---------------------------------------------------------------------------
# Squares
NAMES = ([None]
         + [f + '1' for f in 'abcdefghij']
         + [f + '2' for f in 'jihgfedcba']
         + [f + '3' for f in 'abcdefghij'])
NAMES.append('off')  # index 31
INDEX = {n: i for i, n in enumerate(NAMES) if n is not None and i <= 30}

SAFE_MASK = (1 << 26) | (1 << 28) | (1 << 29) | (1 << 30)
F3, WATER, F2, OFF = 26, 27, 15, 31
EXTRA_TURN = (False, True, False, False, True, True)  # indexed by roll
START = 'W:Wa1,c1,e1,g1,i1:Bb1,d1,f1,h1,j1'

# State: (turn, W, B, bw, bb); turn 0 = white, 1 = black; W/B are bitmasks
# with bit i set when the side has a piece on track square i (1..30).


def gen_moves(own, opp, r):
    """Legal moves for the side owning `own` with throw r.
    Returns list of (from, to, new_own, new_opp, borne_increment)."""
    runs = opp & (opp >> 1) & (opp >> 2)
    blocked = runs | (runs << 1) | (runs << 2)
    res = []
    o = own
    while o:
        low = o & -o
        o ^= low
        s = low.bit_length() - 1
        t = s + r
        if t > OFF:
            continue
        if s < F3 < t:
            continue
        passed = ((1 << t) - 1) ^ ((1 << (s + 1)) - 1)  # squares s+1..t-1
        if passed & blocked:
            continue
        if t == OFF:
            res.append((s, t, own ^ low, opp, 1))
            continue
        tb = 1 << t
        if own & tb:
            continue
        if opp & tb:
            if tb & SAFE_MASK:
                continue
            if opp & ((tb << 1) | (tb >> 1)):
                continue
            res.append((s, t, own ^ low ^ tb, opp ^ tb ^ low, 0))
            continue
        if t == WATER:
            nown = own ^ low
            occ = nown | opp
            q = F2
            while (occ >> q) & 1:
                q -= 1
            assert q >= 1
            res.append((s, t, nown | (1 << q), opp, 0))
            continue
        res.append((s, t, own ^ low ^ tb, opp, 0))
    return res


def count_moves(own, opp, r):
    """Number of legal moves (same tests as gen_moves, no construction)."""
    runs = opp & (opp >> 1) & (opp >> 2)
    blocked = runs | (runs << 1) | (runs << 2)
    n = 0
    o = own
    while o:
        low = o & -o
        o ^= low
        s = low.bit_length() - 1
        t = s + r
        if t > OFF or (s < F3 < t):
            continue
        if (((1 << t) - 1) ^ ((1 << (s + 1)) - 1)) & blocked:
            continue
        if t == OFF:
            n += 1
            continue
        tb = 1 << t
        if own & tb:
            continue
        if opp & tb:
            if tb & SAFE_MASK or opp & ((tb << 1) | (tb >> 1)):
                continue
        n += 1
    return n


def finished(st):
    return st[3] == 5 or st[4] == 5


def children(st, r):
    """List of (move_string, child_state) for throw r (pass included).
    Empty list for a finished position."""
    turn, W, B, bw, bb = st
    if bw == 5 or bb == 5:
        return []
    nt = turn if EXTRA_TURN[r] else 1 - turn
    if turn == 0:
        ms = gen_moves(W, B, r)
    else:
        ms = gen_moves(B, W, r)
    if not ms:
        return [('%d:pass' % r, (nt, W, B, bw, bb))]
    out = []
    for s, t, no, np_, inc in ms:
        mv = '%d:%s-%s' % (r, NAMES[s], NAMES[t])
        if turn == 0:
            child = (nt, no, np_, bw + inc, bb)
        else:
            child = (nt, np_, no, bw, bb + inc)
        out.append((mv, child))
    out.sort()
    return out


# ---------------------------------------------------------------------------
# Perft

def perft(st, depth, memo):
    if depth == 0:
        return 1
    turn, W, B, bw, bb = st
    if bw == 5 or bb == 5:
        return 0
    if turn == 0:
        own, opp = W, B
    else:
        own, opp = B, W
    if depth == 1:
        total = 0
        for r in (1, 2, 3, 4, 5):
            n = count_moves(own, opp, r)
            total += n if n else 1
        return total
    if memo is not None:
        key = (st, depth)
        v = memo.get(key)
        if v is not None:
            return v
    total = 0
    d1 = depth - 1
    for r in (1, 2, 3, 4, 5):
        nt = turn if EXTRA_TURN[r] else 1 - turn
        ms = gen_moves(own, opp, r)
        if not ms:
            total += perft((nt, W, B, bw, bb), d1, memo)
            continue
        for _s, _t, no, np_, inc in ms:
            if turn == 0:
                total += perft((nt, no, np_, bw + inc, bb), d1, memo)
            else:
                total += perft((nt, np_, no, bw, bb + inc), d1, memo)
    if memo is not None:
        memo[key] = total
    return total


# ---------------------------------------------------------------------------
# Notation

def fail(msg):
    sys.stderr.write('error: %s\n' % msg)
    sys.exit(2)


def parse_position(text):
    parts = text.strip().split(':')
    if len(parts) < 3:
        fail('bad position %r' % text)
    if parts[0] not in ('W', 'B'):
        fail('bad turn in %r' % text)
    turn = 0 if parts[0] == 'W' else 1
    masks = {}
    borne = {'W': 0, 'B': 0}
    rest = parts[1:]
    if rest and rest[-1].startswith('borne off'):
        for tok in rest[-1][len('borne off'):].split():
            if len(tok) < 2 or tok[0] not in 'WB' or not tok[1:].isdigit():
                fail('bad borne-off part in %r' % text)
            borne[tok[0]] = int(tok[1:])
        rest = rest[:-1]
    if len(rest) != 2:
        fail('need exactly two sides in %r' % text)
    for side in rest:
        side = side.strip()
        if not side or side[0] not in 'WB' or side[0] in masks:
            fail('bad side %r' % side)
        m = 0
        body = side[1:]
        if body:
            for sq in body.split(','):
                sq = sq.strip()
                if sq not in INDEX:
                    fail('bad square %r' % sq)
                i = INDEX[sq]
                if i == WATER:
                    fail('a piece cannot stand on g3')
                if (m >> i) & 1:
                    fail('duplicate square %r' % sq)
                m |= 1 << i
        masks[side[0]] = m
    W, B = masks['W'], masks['B']
    if W & B:
        fail('both sides on one square in %r' % text)
    bw, bb = borne['W'], borne['B']
    if bin(W).count('1') + bw != 5 or bin(B).count('1') + bb != 5:
        fail('each side needs pieces on board + borne off == 5: %r' % text)
    return (turn, W, B, bw, bb)


def squares(mask):
    return [i for i in range(1, 31) if (mask >> i) & 1]


def format_position(st):
    turn, W, B, bw, bb = st
    s = '%s:W%s:B%s' % ('WB'[turn],
                        ','.join(NAMES[i] for i in squares(W)),
                        ','.join(NAMES[i] for i in squares(B)))
    b = []
    if bw:
        b.append('W%d' % bw)
    if bb:
        b.append('B%d' % bb)
    if b:
        s += ':borne off ' + ' '.join(b)
    return s


# ---------------------------------------------------------------------------
# Random games

def throw(rng):
    x = rng.randrange(16)
    if x < 4:
        return 1
    if x < 10:
        return 2
    if x < 14:
        return 3
    if x < 15:
        return 4
    return 5


def play_game(rng, cap=2000, seen=None, order=None):
    """Returns (winner or None, plies)."""
    st = parse_position(START)
    if seen is not None and st not in seen:
        seen.add(st)
        order.append(st)
    plies = 0
    while plies < cap:
        r = throw(rng)
        ch = children(st, r)
        _mv, st = rng.choice(ch)
        plies += 1
        if seen is not None and st not in seen:
            seen.add(st)
            order.append(st)
        if st[3] == 5:
            return 'W', plies
        if st[4] == 5:
            return 'B', plies
    return None, plies


# ---------------------------------------------------------------------------

def main(argv):
    nomemo = '--nomemo' in argv
    argv = [a for a in argv if a != '--nomemo']
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    cmd = argv[1]
    if cmd == 'perft':
        depth = int(argv[2])
        st = parse_position(argv[3] if len(argv) > 3 else START)
        memo = None if nomemo else {}
        print(' '.join(str(perft(st, d, memo)) for d in range(1, depth + 1)))
    elif cmd == 'moves':
        st = parse_position(argv[2])
        r = int(argv[3])
        if r not in (1, 2, 3, 4, 5):
            fail('roll must be 1..5')
        for mv, child in children(st, r):
            print(mv, format_position(child))
    elif cmd == 'random':
        n, seed = int(argv[2]), int(argv[3])
        rng = random.Random(seed)
        seen, order = set(), []
        for _ in range(n):
            play_game(rng, seen=seen, order=order)
        out = sys.stdout
        for st in order:
            out.write(format_position(st) + '\n')
    elif cmd == 'stats':
        n, seed = int(argv[2]), int(argv[3])
        rng = random.Random(seed)
        wins = {'W': 0, 'B': 0, None: 0}
        total = 0
        for _ in range(n):
            w, p = play_game(rng)
            wins[w] += 1
            total += p
        print('games %d white %d black %d mean_plies %.3f unfinished %d'
              % (n, wins['W'], wins['B'], total / n if n else 0.0, wins[None]))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv))
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
