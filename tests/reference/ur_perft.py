"""Perft for the Royal Game of Ur (Finkel's rules), written from
docs/rules.md (moves, perft over dice rolls, notation) and the
Royal Game of Ur rules of docs/games.md alone (with its
note on how perft counts), in the style of the Konane and Tablut
references in tests/reference/.

An independent check of the engine's move generator: it shares no code or
tables with the engine (the tracks are typed in by hand below from the rules
text). Run:
    python3 tests/reference/ur_perft.py 6
    python3 tests/reference/ur_perft.py 3 --position 'W:Wd1,e2,@5:Bd3,@6' --divide
    python3 tests/reference/ur_perft.py 4 --no-cache      (slower cross-check of the cache)

Rules as read (docs/games.md):
- Each player has 7 pieces and a 14-point track: White d1 c1 b1 a1 a2 b2 c2
  d2 e2 f2 g2 h2 h1 g1, Black d3 c3 b3 a3 a2 b2 c2 d2 e2 f2 g2 h2 h3 g3, then
  off. Rosettes a1, a3, d2, g1, g3. White starts with 7 in hand each.
- A ply is a roll 0..4 and a move taking one piece exactly `roll` points
  along its track.

Readings fixed here (places where the text leaves room):
- Track points are numbered 1..14, "off" is 15. A piece in hand stands at
  point 0, so entering with roll r lands on track point r (1 d1 .. 4 a1)
  and bearing off from point p needs exactly the roll 15 - p; a roll that
  would carry a piece past "off" is no move.
- Both players run the shared row the same way, a2 to h2 (the text says
  Black's track is "the same" with rank 3 for rank 1), so track points 5..12
  are the same squares for both; points 1-4 and 13-14 are private.
- A piece moves over any pieces, own or enemy; only the landing point
  matters. It may not land on an own piece (this also blocks entering), nor
  on an enemy piece standing on a rosette (only d2 can hold one); landing on
  an enemy piece elsewhere on rank 2 captures it: it goes back to its
  owner's hand (his hand count + 1).
- Pieces in hand are all alike: entering is one move per roll (`3:@b1`),
  never one per piece.
- Landing on a rosette (a1/g1 for White, a3/g3 for Black, d2 for both) gives
  the same player the next ply; that includes entering on a1/a3 with a 4.
  Bearing off is not landing on a rosette: the turn passes. A pass always
  hands the ply to the opponent.
- A roll of 0, or a roll 1..4 under which the player has no legal move, is a
  forced pass: exactly one move, written `ROLL:pass` (`0:pass` every ply).
  Unlike Tablut there is no loss for having no move under any roll: the text
  only says that such a roll is a pass.
- Perft (docs/games.md, docs/rules.md): perft(p, 0) = 1; at depth d >= 1 it sums,
  over the rolls 0..4 unweighted, perft(child, d - 1) over the legal moves of
  that roll (a forced pass being one move). The game ends the moment a player
  has borne off all 7 pieces; a finished position counts 0 at depth >= 1
  (nothing below it), so the winning move itself counts 1 at depth 1 and
  contributes nothing deeper -- as the Tablut reference does. A position read
  with --position in which either player has no piece left on the board or in
  hand is such a finished position.
- Position notation (the other program's): `TURN:Wlist:Blist`, TURN `W` or
  `B` the side to move, each list the player's letter and comma-separated
  items: point names of its pieces on the board and `@N` for N pieces in hand
  (no `@` item: empty hand). Pieces neither on the board nor in hand are
  off. The two lists may come in either order. A point must lie on the
  player's own track (White: ranks 1-2, Black: ranks 2-3), and a side holds
  at most 7 pieces.
- Moves: `ROLL:FROM-TO` on the board, `ROLL:@TO` entering, `ROLL:FROM-off`
  bearing off, `ROLL:pass`. --divide lists them with their subtree counts in
  plain byte order of the notation.
"""
import argparse
import sys

PIECES = 7
OFF = 15  # track point after the last (14)
TRACK = {
    "W": "d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 h2 h1 g1".split(),
    "B": "d3 c3 b3 a3 a2 b2 c2 d2 e2 f2 g2 h2 h3 g3".split(),
}
ROSETTE_NAMES = {"a1", "a3", "d2", "g1", "g3"}
OTHER = {"W": "B", "B": "W"}


def _tables():
    # Track point (1..14) -> name, and name -> track point, per player.
    name = {s: {i + 1: p for i, p in enumerate(TRACK[s])} for s in "WB"}
    index = {s: {p: i for i, p in name[s].items()} for s in "WB"}
    rosette = {s: frozenset(i for i, p in name[s].items() if p in ROSETTE_NAMES)
               for s in "WB"}
    # Points both players can stand on: the same square on both tracks.
    shared = {}
    for i, p in name["W"].items():
        j = index["B"].get(p)
        if j is not None:
            shared[i] = j
    return name, index, rosette, shared


NAME, INDEX, ROSETTE, SHARED = _tables()
# The text says Black's track is White's with rank 3 for rank 1, so a shared
# square has the same track number for both players; the move generator
# relies on that (an enemy piece on my point i is on its own point i).
assert all(i == j for i, j in SHARED.items()) and sorted(SHARED) == list(range(5, 13))
assert ROSETTE["W"] == ROSETTE["B"] == frozenset((4, 8, 14))


def popcount(v):
    return bin(v).count("1")


# A state is (turn, white_mask, white_hand, black_mask, black_hand): bit i of a
# mask is a piece on that player's track point i (1..14).

def finished(state):
    _, wm, wh, bm, bh = state
    return (wm == 0 and wh == 0) or (bm == 0 and bh == 0)


def gen(state, roll):
    """List of (notation, child state) for the moves under this roll; empty
    when the roll forces a pass."""
    turn, wm, wh, bm, bh = state
    if roll == 0:
        return []
    own, hand, opp, ohand = (wm, wh, bm, bh) if turn == "W" else (bm, bh, wm, wh)
    names = NAME[turn]
    rosettes = ROSETTE[turn]
    out = []
    sources = ([0] if hand > 0 else []) + [i for i in range(1, 15) if own >> i & 1]
    for src in sources:
        dst = src + roll
        if dst > OFF:
            continue
        nown = own & ~(1 << src) if src else own
        nhand = hand - 1 if src == 0 else hand
        nopp, nohand = opp, ohand
        nxt = OTHER[turn]
        if dst == OFF:
            note = "%d:%s-off" % (roll, names[src])
        else:
            if own >> dst & 1:
                continue  # own piece there
            if dst in SHARED and opp >> dst & 1:
                if dst in rosettes:
                    continue  # enemy safe on the rosette d2
                nopp = opp & ~(1 << dst)  # captured: back to hand
                nohand = ohand + 1
            nown |= 1 << dst
            if dst in rosettes:
                nxt = turn  # another turn
            frm = "@" if src == 0 else names[src] + "-"
            note = "%d:%s%s" % (roll, frm, names[dst])
        if turn == "W":
            child = (nxt, nown, nhand, nopp, nohand)
        else:
            child = (nxt, nopp, nohand, nown, nhand)
        out.append((note, child))
    return out


def pass_state(state):
    turn, wm, wh, bm, bh = state
    return (OTHER[turn], wm, wh, bm, bh)


def plies(state):
    """Every (notation, child) of one ply, all rolls 0..4 together."""
    out = []
    for roll in range(5):
        ms = gen(state, roll)
        if ms:
            out.extend(ms)
        else:
            out.append(("%d:pass" % roll, pass_state(state)))
    return out


_cache = {}


def perft(state, depth, use_cache=True):
    if depth == 0:
        return 1
    if finished(state):
        return 0
    key = (state, depth)
    if use_cache and key in _cache:
        return _cache[key]
    ms = plies(state)
    if depth == 1:
        n = len(ms)
    else:
        n = sum(perft(c, depth - 1, use_cache) for _, c in ms)
    if use_cache:
        _cache[key] = n
    return n


def parse_position(text):
    parts = text.strip().split(":")
    if len(parts) != 3 or parts[0] not in ("W", "B"):
        raise ValueError("position must be TURN:Wlist:Blist with TURN W or B")
    sides = {}
    for part in parts[1:]:
        if not part or part[0] not in "WB" or part[0] in sides:
            raise ValueError("bad side: %r" % part)
        s = part[0]
        mask, hand, hand_seen = 0, 0, False
        body = part[1:]
        for item in (body.split(",") if body else []):
            item = item.strip()
            if item.startswith("@"):
                if hand_seen or not item[1:].isdigit():
                    raise ValueError("bad hand item: %r" % item)
                hand, hand_seen = int(item[1:]), True
            else:
                i = INDEX[s].get(item)
                if i is None:
                    raise ValueError("%r is not on %s's track" % (item, s))
                if mask >> i & 1:
                    raise ValueError("%r given twice" % item)
                mask |= 1 << i
        if popcount(mask) + hand > PIECES:
            raise ValueError("side %s has more than %d pieces" % (s, PIECES))
        sides[s] = (mask, hand)
    (wm, wh), (bm, bh) = sides["W"], sides["B"]
    for i in SHARED:
        if wm >> i & 1 and bm >> SHARED[i] & 1:
            raise ValueError("%s holds two pieces" % NAME["W"][i])
    return (parts[0], wm, wh, bm, bh)


def format_position(state):
    turn, wm, wh, bm, bh = state

    def side(s, mask, hand):
        items = [NAME[s][i] for i in range(1, 15) if mask >> i & 1]
        if hand:
            items.append("@%d" % hand)
        return s + ",".join(items)
    return "%s:%s:%s" % (turn, side("W", wm, wh), side("B", bm, bh))


START = ("W", 0, PIECES, 0, PIECES)


def main(argv):
    ap = argparse.ArgumentParser(description="Royal Game of Ur perft (reference)")
    ap.add_argument("depth", type=int)
    ap.add_argument("--position", default=None)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--no-cache", action="store_true",
                    help="disable the transposition cache (slower cross-check)")
    a = ap.parse_args(argv)
    try:
        state = parse_position(a.position) if a.position else START
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    use_cache = not a.no_cache
    for d in range(1, a.depth + 1):
        print("perft(%d) = %d" % (d, perft(state, d, use_cache)))
        sys.stdout.flush()
    if a.divide and a.depth >= 1 and not finished(state):
        rows = [(note, perft(c, a.depth - 1, use_cache)) for note, c in plies(state)]
        rows.sort(key=lambda r: r[0].encode())
        for note, n in rows:
            print("%s %d" % (note, n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
