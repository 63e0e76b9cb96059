#!/usr/bin/env python3
"""Independent reference perft for Thai draughts (Mak-hot).

Written from a plain statement of the rules only (standard library, Python 3),
to cross-check another program's move counts.

RULES AS IMPLEMENTED
--------------------
* Board 8x8, files a..h (left to right), ranks 1..8 (bottom to top).  Only the
  dark squares are used: (file index f, rank index r), both 0..7, is used when
  f + r is even (a1, c1, e1, g1, b2, ..., h8).
* White moves first.  White men start on a1 c1 e1 g1 b2 d2 f2 h2 and move up
  (towards rank 8); Black men start on a7 c7 e7 g7 b8 d8 f8 h8 and move down.
* Man, simple move: one square diagonally forward onto an empty square.
* King, simple move: any number of empty squares along any of the four
  diagonals (like a chess bishop).
* Capturing is compulsory.  If any piece of the side to move can capture, only
  capture moves are legal; the player may choose any piece and any capture
  sequence (no majority rule, no king priority).
* Man capture: forward only (two forward diagonals).  The adjacent forward
  square holds an enemy piece (man or king) and the square directly beyond it
  is empty: the man jumps there.
* King capture ("flying"): along a diagonal, any number (0 or more) of empty
  squares, then an enemy piece, and the square directly beyond it empty: the
  king lands exactly on that square (never further).  If the first piece met
  is its own, or the square beyond the enemy is occupied or off the board,
  there is no capture in that direction.
* A captured piece is removed immediately when jumped: it no longer blocks,
  and later leaps of the same move may pass over its square.  The moving
  piece's starting square is empty while the move is in progress, and so is
  each point it lands on once it leaps on from there.  (That last clause was
  added after the first comparison with rulebook: the first version left the
  piece standing on its earlier landings, which the rules do not say.)
* After each leap, if the same piece can capture again from its landing
  square (men forward only; kings in all four directions, including straight
  back), it must continue.  The move ends when no further capture is possible.
  Different continuations are different moves.
* Promotion: a man ending its move on the farthest rank (8 for White, 1 for
  Black) becomes a king.  A man reaching that rank during a capture stops
  there (promoted) and does not continue capturing.
* A side with no legal move has lost; for perft such a node counts 0 below it.

Perft: perft(pos, 0) = 1; perft(pos, d) = sum over legal moves of
perft(child, d - 1).  A move is identified by its starting square plus its
sequence of landing squares; each distinct such move is counted once.

POSITION NOTATION
-----------------
    TURN:SIDE:SIDE[:extra...]      e.g.   W:Wa1,c1,Kd4:Bb8,Kh2
TURN is W or B (side to move).  Each SIDE is the player's letter (W or B)
followed by comma-separated pieces: a square name is a man (an optional
leading M is accepted), K + square is a king.  A side may be empty ("W:W:Bb8").
Further ':'-separated parts that are not a W/B letter followed by a
syntactically valid piece list (e.g. "quiet 3", "Bogus") are ignored.  A
piece list naming a light square, a square given twice, or a side given twice
is an error.  A man placed on its own farthest rank stays a man (it simply has
no moves).  Output positions list White then Black, squares ordered by rank
then file (a1, c1, e1, g1, b2, ...), kings as K + square, men without M.

Move notation: "from-to" for a simple move, "fromxland1xland2..." for a
capture (e.g. c3xe5xg7).

COMMANDS
--------
    thai_draughts_perft.py start DEPTH
        perft from the start position, depths 1..DEPTH ("depth N: COUNT").
    thai_draughts_perft.py position "POSITION" DEPTH
        the same from a given position.
    thai_draughts_perft.py divide "POSITION" DEPTH
        every legal move with its perft(DEPTH-1), sorted, then the total.
    thai_draughts_perft.py random COUNT PLIES SEED DEPTH
        COUNT random games with random.Random(SEED); each lasts
        rng.randint(PLIES // 2, PLIES) plies (stopping early if the side to
        move has no move); at each ply the move is rng.choice() over the legal
        moves sorted by their notation.  Prints for each game
        "POSITION | perft(1) ... perft(DEPTH)" for its final position.
    thai_draughts_perft.py selftest
        hand-made rule checks (asserts).
"""

import random
import sys
import time

WHITE, BLACK = "W", "B"
# Board cells hold None (empty) or a piece: (colour, is_king).
FILES = "abcdefgh"


def sq_index(f, r):
    return r * 8 + f


def sq_name(s):
    return FILES[s % 8] + str(s // 8 + 1)


def is_dark(f, r):
    return (f + r) % 2 == 0


DARK_SQUARES = [sq_index(f, r) for r in range(8) for f in range(8) if is_dark(f, r)]

# Diagonal directions as (file step, rank step).
DIRECTIONS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]


def build_rays():
    """RAYS[s][d] = list of squares from s (exclusive) outwards in direction d."""
    rays = {}
    for s in DARK_SQUARES:
        f0, r0 = s % 8, s // 8
        rays[s] = {}
        for d in DIRECTIONS:
            ray = []
            f, r = f0 + d[0], r0 + d[1]
            while 0 <= f < 8 and 0 <= r < 8:
                ray.append(sq_index(f, r))
                f, r = f + d[0], r + d[1]
            rays[s][d] = ray
    return rays


RAYS = build_rays()


def forward_dirs(colour):
    step = 1 if colour == WHITE else -1
    return [(1, step), (-1, step)]


def last_rank(colour):
    return 7 if colour == WHITE else 0


def opponent(colour):
    return BLACK if colour == WHITE else WHITE


class Move:
    """A move: start square, landing squares, captured squares (in order)."""

    def __init__(self, start, landings, captured):
        self.start = start
        self.landings = tuple(landings)
        self.captured = tuple(captured)

    def key(self):
        return (self.start, self.landings)

    def __str__(self):
        sep = "x" if self.captured else "-"
        return sep.join([sq_name(self.start)] + [sq_name(s) for s in self.landings])


class Position:
    def __init__(self, board, turn):
        self.board = board  # list of 64 cells
        self.turn = turn

    @staticmethod
    def start():
        board = [None] * 64
        for name in "a1 c1 e1 g1 b2 d2 f2 h2".split():
            board[parse_square(name)] = (WHITE, False)
        for name in "a7 c7 e7 g7 b8 d8 f8 h8".split():
            board[parse_square(name)] = (BLACK, False)
        return Position(board, WHITE)

    # ---------------------------------------------------------- move generation

    def legal_moves(self):
        captures = []
        for s in DARK_SQUARES:
            piece = self.board[s]
            if piece is not None and piece[0] == self.turn:
                captures.extend(self.captures_from(s))
        if captures:
            # Each (start, landings) counted once.
            unique = {}
            for m in captures:
                unique.setdefault(m.key(), m)
            return list(unique.values())
        moves = []
        for s in DARK_SQUARES:
            piece = self.board[s]
            if piece is not None and piece[0] == self.turn:
                moves.extend(self.simple_moves_from(s, piece))
        return moves

    def simple_moves_from(self, s, piece):
        colour, king = piece
        moves = []
        if king:
            for d in DIRECTIONS:
                for t in RAYS[s][d]:
                    if self.board[t] is not None:
                        break
                    moves.append(Move(s, [t], []))
        else:
            for d in forward_dirs(colour):
                ray = RAYS[s][d]
                if ray and self.board[ray[0]] is None:
                    moves.append(Move(s, [ray[0]], []))
        return moves

    def captures_from(self, s):
        """All complete capture sequences of the piece on s."""
        board = self.board[:]  # scratch copy, modified during the search
        piece = board[s]
        board[s] = None  # the start square is vacated while moving
        results = []
        self._extend_capture(board, piece, s, s, [], [], results)
        return results

    def _extend_capture(self, board, piece, start, here, landings, captured, results):
        colour, king = piece
        enemy = opponent(colour)
        found = False
        dirs = DIRECTIONS if king else forward_dirs(colour)
        for d in dirs:
            ray = RAYS[here][d]
            i = 0
            if king:
                while i < len(ray) and board[ray[i]] is None:
                    i += 1  # fly over empty squares
            # ray[i] must be an enemy piece and ray[i+1] must exist and be empty
            if i + 1 >= len(ray):
                continue
            victim, land = ray[i], ray[i + 1]
            if board[victim] is None or board[victim][0] != enemy:
                continue
            if board[land] is not None:
                continue
            found = True
            taken = board[victim]
            board[victim] = None  # removed at once
            board[here] = None  # the piece moves on: the point it leaves is vacant
            board[land] = piece
            new_landings = landings + [land]
            new_captured = captured + [victim]
            if not king and land // 8 == last_rank(colour):
                # A man reaching the far rank stops there (and promotes).
                results.append(Move(start, new_landings, new_captured))
            else:
                self._extend_capture(board, piece, start, land, new_landings,
                                     new_captured, results)
            board[land] = None
            board[victim] = taken
            board[here] = piece if here != start else None
        if not found and landings:
            results.append(Move(start, landings, captured))

    # --------------------------------------------------------------- make move

    def play(self, move):
        board = self.board[:]
        colour, king = board[move.start]
        board[move.start] = None
        for c in move.captured:
            board[c] = None
        end = move.landings[-1]
        if not king and end // 8 == last_rank(colour):
            king = True
        board[end] = (colour, king)
        return Position(board, opponent(self.turn))

    # ------------------------------------------------------------------- text

    def __str__(self):
        parts = [self.turn]
        for colour in (WHITE, BLACK):
            items = []
            for s in DARK_SQUARES:  # ordered by rank, then file
                p = self.board[s]
                if p is not None and p[0] == colour:
                    items.append(("K" if p[1] else "") + sq_name(s))
            parts.append(colour + ",".join(items))
        return ":".join(parts)


def parse_square(text):
    """'d4' -> square index; ValueError if malformed or a light square."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise ValueError("bad square %r" % text)
    f, r = FILES.index(text[0]), int(text[1]) - 1
    if not is_dark(f, r):
        raise ValueError("square %r is not a playing (dark) square" % text)
    return sq_index(f, r)


def looks_like_piece_list(text):
    """True if text is '' or comma-separated items of the form [K|M]file rank."""
    if text.strip() == "":
        return True
    for item in text.split(","):
        item = item.strip().lower()
        if item[:1] in ("k", "m"):
            item = item[1:]
        if len(item) != 2 or item[0] not in FILES or item[1] not in "12345678":
            return False
    return True


def parse_piece_list(text):
    """'a1,Kd4,Mc3' -> list of (square, is_king)."""
    pieces = []
    if text.strip() == "":
        return pieces
    for item in text.split(","):
        item = item.strip()
        king = False
        if item[:1] in ("K", "k"):
            king, item = True, item[1:]
        elif item[:1] in ("M", "m"):
            item = item[1:]
        pieces.append((parse_square(item), king))
    return pieces


def parse_position(text):
    parts = text.strip().split(":")
    turn = parts[0].strip().upper()
    if turn not in (WHITE, BLACK):
        raise ValueError("bad side to move %r" % parts[0])
    board = [None] * 64
    seen = set()
    for part in parts[1:]:
        part = part.strip()
        if not part or part[0] not in (WHITE, BLACK):
            continue  # not a side: ignored extra part
        if not looks_like_piece_list(part[1:]):
            continue  # e.g. "Bogus": not a side either, ignored
        pieces = parse_piece_list(part[1:])  # raises on a light square
        colour = part[0]
        if colour in seen:
            raise ValueError("side %s given twice" % colour)
        seen.add(colour)
        for s, king in pieces:
            if board[s] is not None:
                raise ValueError("square %s given twice" % sq_name(s))
            board[s] = (colour, king)
    return Position(board, turn)


# --------------------------------------------------------------------- perft

def perft(pos, depth):
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.play(m), depth - 1) for m in moves)


def sorted_moves(pos):
    return sorted(pos.legal_moves(), key=str)


def print_perfts(pos, depth):
    for d in range(1, depth + 1):
        t0 = time.time()
        n = perft(pos, d)
        print("depth %d: %d" % (d, n), flush=True)
        print("  (%.2f s)" % (time.time() - t0), file=sys.stderr, flush=True)


def divide(pos, depth):
    total = 0
    for m in sorted_moves(pos):
        n = perft(pos.play(m), depth - 1)
        total += n
        print("%s %d" % (m, n))
    print("total %d" % total)


def random_games(count, plies, seed, depth):
    rng = random.Random(seed)
    for _ in range(count):
        pos = Position.start()
        length = rng.randint(plies // 2, plies)
        for _ in range(length):
            moves = sorted_moves(pos)
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
        counts = [str(perft(pos, d)) for d in range(1, depth + 1)]
        print("%s | %s" % (pos, " ".join(counts)), flush=True)


# ------------------------------------------------------------------ selftest

def move_list(fen):
    return sorted(str(m) for m in parse_position(fen).legal_moves())


def check(fen, expected):
    got = move_list(fen)
    exp = sorted(expected)
    assert got == exp, "%s: expected %s, got %s" % (fen, exp, got)


def selftest():
    # Start position: 7 moves each side.
    start = Position.start()
    assert str(start) == "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8"
    assert perft(start, 1) == 7 and perft(start, 2) == 49

    # Notation: round trip, M prefix, empty side, ignored extra parts.
    p = parse_position("W:WMa1,c1,Kd4:BKb8,h2:quiet 3")
    assert str(p) == "W:Wa1,c1,Kd4:Bh2,Kb8", str(p)
    try:
        parse_position("W:Wa2:Bb8")
        raise AssertionError("light square accepted")
    except ValueError:
        pass
    assert str(parse_position("B:Wa1:Bb8:Bogus:quiet 3")) == "B:Wa1:Bb8"
    p = parse_position("B:W:Bb8")
    assert str(p) == "B:W:Bb8" and perft(parse_position("W:W:Bb8"), 1) == 0

    # Man simple moves: forward only; black moves down.
    check("W:Wd4:Bh8", ["d4-c5", "d4-e5"])
    check("B:Wa1:Bd4", ["d4-c3", "d4-e3"])

    # Man captures forward only (white up, black down), never backward.
    check("W:Wd4:Bc3,e5", ["d4xf6"])
    # Black c3 has white d4 behind it (up-right): backward, not capturable.
    # Black e5 -> d4 is white, but c3 beyond is occupied: no capture.
    check("B:Wd4:Bc3,e5", ["c3-b2", "c3-d2", "e5-f4"])
    check("B:Wc3:Bd4", ["d4xb2"])
    # White man with black man behind it (c3 behind d4): no capture.
    check("W:Wd4:Bc3", ["d4-c5", "d4-e5"])
    # Man may capture a king.
    check("W:Wc3:BKd4", ["c3xe5"])

    # King simple moves: any distance, four directions, blocked by pieces.
    check("W:WKd4:Bh8", ["d4-a1", "d4-a7", "d4-b2", "d4-b6", "d4-c3", "d4-c5",
                         "d4-e3", "d4-e5", "d4-f2", "d4-f6", "d4-g1", "d4-g7"])

    # King flying capture lands only directly behind the victim.
    check("W:WKa1:Bd4", ["a1xe5"])
    # Square behind occupied: no capture (two pieces in a row).
    check("W:WKa1:Bd4,e5", ["a1-b2", "a1-c3"])
    check("W:WKa1:Bc3,d4", ["a1-b2"])
    # First piece met is its own: no capture past it.
    check("W:WKa1,c3:Be5", ["a1-b2", "c3-b4", "c3-d4"])
    # Victim on the edge (nothing beyond): no capture.
    check("W:WKa1:Bh8", ["a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7"])
    # King continues after landing, in a new direction.
    check("W:WKa1:Bc3,e5", ["a1xd4xf6"])

    # King continues straight back: the jumped piece (and the vacated start
    # square) no longer block.
    check("W:WKd4:Bf6,b2", ["d4xa1xg7", "d4xg7xa1"])

    # Compulsory capture; any capture may be chosen (no majority rule).
    check("W:Wa1,e3:Bf4", ["e3xg5"])
    check("W:Wa3,e3:Bb4,d6,f4", ["a3xc5xe7", "e3xg5"])
    # A capturing king and a capturing man: both allowed (no king priority).
    check("W:WKa1,e3:Bc3,f4", ["a1xd4", "e3xg5"])
    # Men must continue capturing.
    check("W:Wa1:Bb2,d4,f6,h8", ["a1xc3xe5xg7"])

    # Promotion ends a capture: white man b6 takes c7 to d8 and stops there,
    # even though a king on d8 could take e7 next.
    check("W:Wb6:Bc7,e7", ["b6xd8"])
    pos = parse_position("W:Wb6:Bc7,e7")
    after = pos.play(pos.legal_moves()[0])
    assert str(after) == "B:WKd8:Be7", str(after)
    # Black man promoting while capturing.
    pos = parse_position("B:Wb2,d4:Bc3")
    check("B:Wb2,d4:Bc3", ["c3xa1"])
    assert str(pos.play(pos.legal_moves()[0])) == "W:Wd4:BKa1"
    # Simple-move promotion.
    pos = parse_position("W:Wa7:Bh2")
    check("W:Wa7:Bh2", ["a7-b8"])
    assert str(pos.play(pos.legal_moves()[0])) == "B:WKb8:Bh2"
    # A man's capture may branch; every complete sequence is its own move,
    # short or long (no majority rule).
    check("W:Wc3:Bb4,d4,d6,f6", ["c3xa5", "c3xe5xc7", "c3xe5xg7"])
    # King flies again on its second leap (empty e5 before the victim f6).
    check("W:WKa1:Bc3,f6", ["a1xd4xg7"])
    # King: second leap in a new direction (c5 over d4 to e3); nothing more.
    check("W:WKa3:Bb4,d4", ["a3xc5xe3"])

    # Perft divide sanity: sum of divide equals perft.
    pos = Position.start()
    assert sum(perft(pos.play(m), 2) for m in pos.legal_moves()) == perft(pos, 3)
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
