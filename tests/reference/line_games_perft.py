"""Perft for the line-placement games (tic-tac-toe, Connect Four, gomoku),
written from the rules alone (as stated in the task brief that asked for this
script, restated below), without reading the engine's source, tests or game
files.

An independent check of the engine's move generators: it shares no code or
tables with the engine (boards and lines are built below from the written
rules). Standard library only.

Run, for example:
    python3 tests/reference/line_games_perft.py tictactoe 9
    python3 tests/reference/line_games_perft.py connect4 8 --time
    python3 tests/reference/line_games_perft.py gomoku 4 --size 7 --rule standard
    python3 tests/reference/line_games_perft.py tictactoe 3 --position 'O:Xa1,b2:Oc3' --divide
    python3 tests/reference/line_games_perft.py connect4 --random 5 --seed 1 --plies 20
    python3 tests/reference/line_games_perft.py gomoku --random 5 --seed 1 --plies 40 --rule standard
    python3 tests/reference/line_games_perft.py --selftest

Rules implemented:
- Two players; on a turn the player to move places one of their own stones on
  an empty point (unlimited supply; nothing is ever captured or moved).
- After each placement, if the placing player has a line of the required
  length through the stone just placed (along the row, the column or either
  diagonal), that player wins and the game is over. Otherwise, if the board is
  full, the game is a draw and over. A position where the game is over has no
  moves.
- tictactoe: 3 x 3, files a..c, ranks 1..3. `X` moves first, then `O`.
  A line is 3 (or more) in a row.
- connect4: 7 columns (a..g) x 6 rows (1..6, rank 1 at the bottom). `R` moves
  first, then `Y`. The legal moves are, for each column that is not full, its
  lowest empty point (at most 7 moves). A line is 4 or more in a row.
- gomoku: 15 x 15 (files a..o, ranks 1..15), or N x N with --size N (5..19).
  `B` moves first, then `W`. Any empty point.
    freestyle (default): 5 or more in a row wins.
    standard (--rule standard): exactly 5 wins. Along each of the four lines
    through the placed stone, take the maximal run of the player's stones; the
    placement wins if at least one of those runs has length exactly 5 (a run of
    6 or more, an overline, does not win along that line).
- Position notation: `TURN:SIDE:SIDE`. TURN is the letter of the player to
  move; each SIDE is a player's letter followed by that player's stones as
  comma-separated point labels (`O:Xa1,b2:Oc3`); the first player's side comes
  first; a side with no stones is just its letter (`X:X:O`). Points are written
  in board order, index = y * width + x ascending (rank 1 first, file a first).
- A position read from notation is over (no moves) if the player NOT to move
  (the last mover) has a winning line anywhere on the board, or the board is
  full. (Connect Four positions are taken as given: a column's move is its
  lowest empty point even if stones float above it.)
- Perft: perft(pos, 0) = 1; perft(pos, d) = sum over legal moves of
  perft(child, d - 1); a finished position has no moves, so it counts 0 at
  depth >= 1.

Output: the counts for depths 1..DEPTH on one line, separated by spaces
(--time: each depth's time on stderr; --divide: then each first move of the
last depth and its count, one per line). --random N --seed S --plies K plays N
games from the start (or --position) choosing uniformly among the legal moves
(listed in board order) with one random.Random(S), and prints the position
after K plies of each; if that position is over (the game ended at or before
ply K) the line gets `  # over: X wins` or `  # over: draw` appended.
--tt memoizes perft by position (sound here: a node's subtree depends only on
the board, and, within one perft tree, the board also fixes the side to move;
finished nodes are never stored). --selftest runs the built-in checks.
"""
import random
import sys
import time

EMPTY = 0
FIRST, SECOND = 1, 2
LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


class Game:
    """A game variant: board size, players, line length, rule, move kind."""

    def __init__(self, name, width, height, players, need, exact=False, gravity=False):
        self.name = name
        self.w, self.h = width, height
        self.n = width * height
        self.players = players          # (first letter, second letter)
        self.need = need
        self.exact = exact              # standard gomoku: exactly `need`
        self.gravity = gravity          # connect4: lowest empty point per column
        # RAYS[p]: for each of the 4 lines through p, (forward cells, backward cells),
        # each list running outward from p. Only `need` cells are ever needed on a
        # side (need - 1 for "at least", need to see an overline for "exactly").
        reach = need if exact else need - 1
        self.rays = []
        for p in range(self.n):
            x, y = p % width, p // width
            lines = []
            for dx, dy in DIRS:
                fwd, bwd = [], []
                for sgn, out in ((1, fwd), (-1, bwd)):
                    cx, cy = x, y
                    for _ in range(reach):
                        cx += sgn * dx
                        cy += sgn * dy
                        if not (0 <= cx < width and 0 <= cy < height):
                            break
                        out.append(cy * width + cx)
                lines.append((tuple(fwd), tuple(bwd)))
            self.rays.append(tuple(lines))

    # ---------------------------------------------------------------- points
    def label(self, p):
        return LETTERS[p % self.w] + str(p // self.w + 1)

    def index(self, text):
        if len(text) < 2 or text[0] not in LETTERS[:self.w] or not text[1:].isdigit() \
                or text[1] == "0":
            raise ValueError("bad point %r" % text)
        x, y = LETTERS.index(text[0]), int(text[1:]) - 1
        if not 0 <= y < self.h:
            raise ValueError("bad point %r" % text)
        return y * self.w + x

    # ---------------------------------------------------------------- rules
    def wins_at(self, board, p, c):
        """Does colour c (with a stone on p) have a winning line through p?"""
        need = self.need
        for fwd, bwd in self.rays[p]:
            run = 1
            for q in fwd:
                if board[q] != c:
                    break
                run += 1
            for q in bwd:
                if board[q] != c:
                    break
                run += 1
            if run == need if self.exact else run >= need:
                return True
        return False

    def has_line(self, board, c):
        """Does colour c have a winning line anywhere on the board?"""
        return any(board[p] == c and self.wins_at(board, p, c) for p in range(self.n))

    def moves(self, board):
        """Legal placements (ignoring whether the game is over), in board order."""
        if self.gravity:
            w = self.w
            out = []
            for x in range(w):
                for p in range(x, self.n, w):
                    if board[p] == EMPTY:
                        out.append(p)
                        break
            out.sort()
            return out
        return [p for p in range(self.n) if board[p] == EMPTY]


def make_game(name, rule=None, size=None):
    if name == "tictactoe":
        if rule is not None or size is not None:
            raise ValueError("--rule and --size are for gomoku only")
        return Game("tictactoe", 3, 3, ("X", "O"), 3)
    if name == "connect4":
        if rule is not None or size is not None:
            raise ValueError("--rule and --size are for gomoku only")
        return Game("connect4", 7, 6, ("R", "Y"), 4, gravity=True)
    if name == "gomoku":
        if rule not in (None, "freestyle", "standard"):
            raise ValueError("unknown rule %r (freestyle or standard)" % rule)
        n = 15 if size is None else size
        if not 5 <= n <= 19:
            raise ValueError("--size must be 5..19")
        return Game("gomoku", n, n, ("B", "W"), 5, exact=(rule == "standard"))
    raise ValueError("unknown game %r (tictactoe, connect4, gomoku)" % name)


# -------------------------------------------------------------------- positions
class Position:
    def __init__(self, game, board, turn, over, winner=None):
        self.game = game
        self.board = board      # list of EMPTY / FIRST / SECOND
        self.turn = turn        # FIRST or SECOND
        self.over = over
        self.winner = winner    # FIRST / SECOND / None (draw or not over)

    def stones(self):
        return sum(1 for v in self.board if v != EMPTY)


def start(game):
    return Position(game, [EMPTY] * game.n, FIRST, False)


def parse(game, text):
    text = text.split("#", 1)[0].strip()
    parts = text.split(":")
    if len(parts) != 3:
        raise ValueError("position must be TURN:SIDE:SIDE, got %r" % text)
    a, b = game.players
    if parts[0] not in (a, b):
        raise ValueError("bad side to move %r" % parts[0])
    turn = FIRST if parts[0] == a else SECOND
    board = [EMPTY] * game.n
    for colour, letter, side in ((FIRST, a, parts[1]), (SECOND, b, parts[2])):
        if not side.startswith(letter):
            raise ValueError("side %r should start with %r" % (side, letter))
        body = side[1:]
        if body:
            for pt in body.split(","):
                p = game.index(pt.strip())
                if board[p] != EMPTY:
                    raise ValueError("point %s given twice" % pt)
                board[p] = colour
    last = 3 - turn
    if game.has_line(board, last):
        return Position(game, board, turn, True, last)
    if EMPTY not in board:
        return Position(game, board, turn, True, None)
    return Position(game, board, turn, False)


def fmt(pos):
    g = pos.game
    sides = []
    for colour, letter in ((FIRST, g.players[0]), (SECOND, g.players[1])):
        pts = [g.label(p) for p in range(g.n) if pos.board[p] == colour]
        sides.append(letter + ",".join(pts))
    return "%s:%s:%s" % (g.players[pos.turn - 1], sides[0], sides[1])


def moves(pos):
    return [] if pos.over else pos.game.moves(pos.board)


def play(pos, p):
    g = pos.game
    assert not pos.over and pos.board[p] == EMPTY
    board = list(pos.board)
    c = pos.turn
    board[p] = c
    if g.wins_at(board, p, c):
        return Position(g, board, 3 - c, True, c)
    if EMPTY not in board:
        return Position(g, board, 3 - c, True, None)
    return Position(g, board, 3 - c, False)


# -------------------------------------------------------------------- perft
def _perft(g, board, c, empties, depth):
    """perft of a position that is not over; board is restored on return."""
    ms = g.moves(board)
    if depth == 1:
        return len(ms)
    total = 0
    wins_at = g.wins_at
    for p in ms:
        board[p] = c
        if not wins_at(board, p, c) and empties > 1:
            total += _perft(g, board, 3 - c, empties - 1, depth - 1)
        board[p] = EMPTY
    return total


def _perft_tt(g, board, c, empties, depth, tt):
    ms = g.moves(board)
    if depth == 1:
        return len(ms)
    key = (bytes(board), depth)
    hit = tt.get(key)
    if hit is not None:
        return hit
    total = 0
    wins_at = g.wins_at
    for p in ms:
        board[p] = c
        if not wins_at(board, p, c) and empties > 1:
            total += _perft_tt(g, board, 3 - c, empties - 1, depth - 1, tt)
        board[p] = EMPTY
    tt[key] = total
    return total


def perft(pos, depth, tt=False):
    if depth == 0:
        return 1
    if pos.over:
        return 0
    board = list(pos.board)
    empties = board.count(EMPTY)
    if tt:
        return _perft_tt(pos.game, board, pos.turn, empties, depth, {})
    return _perft(pos.game, board, pos.turn, empties, depth)


def perft_slow(pos, depth):
    """Straightforward perft through moves()/play(), used by the self-tests."""
    if depth == 0:
        return 1
    return sum(perft_slow(play(pos, m), depth - 1) for m in moves(pos))


def perft_whole_board(pos, depth):
    """Perft deciding game over by re-reading every child from its notation
    (whole-board line scan for the last mover). Agrees with perft() on positions
    reachable in play; used by the self-tests."""
    if depth == 0:
        return 1
    total = 0
    for m in moves(pos):
        child = play(pos, m)
        reread = parse(pos.game, fmt(child))
        assert reread.over == child.over and reread.winner == child.winner, fmt(child)
        total += perft_whole_board(reread, depth - 1)
    return total


def finished_games(pos):
    """Number of distinct move sequences from pos that end the game."""
    if pos.over:
        return 1
    return sum(finished_games(play(pos, m)) for m in moves(pos))


# -------------------------------------------------------------------- random games
def random_games(game, root, count, seed, plies):
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        pos = root
        for _ in range(plies):
            ms = moves(pos)
            if not ms:
                break
            pos = play(pos, rng.choice(ms))
        line = fmt(pos)
        if pos.over:
            if pos.winner is None:
                line += "  # over: draw"
            else:
                line += "  # over: %s wins" % game.players[pos.winner - 1]
        lines.append(line)
    return lines


# -------------------------------------------------------------------- self-tests
def selftest():
    ok = True

    def check(what, got, want):
        nonlocal ok
        if got != want:
            ok = False
            print("FAIL %s: got %r, want %r" % (what, got, want))
        else:
            print("ok   %s" % what)

    ttt = make_game("tictactoe")
    c4 = make_game("connect4")
    free = make_game("gomoku")
    std = make_game("gomoku", rule="standard")
    free7 = make_game("gomoku", size=7)
    std7 = make_game("gomoku", rule="standard", size=7)

    # Known counts.
    s = start(ttt)
    check("tictactoe perft 1..9", [perft(s, d) for d in range(1, 10)],
          [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872])
    check("tictactoe finished games", finished_games(s), 255168)
    check("tictactoe perft 9 with --tt", perft(s, 9, tt=True), 127872)
    s = start(c4)
    check("connect4 perft 1..4", [perft(s, d) for d in range(1, 5)], [7, 49, 343, 2401])
    check("connect4 perft 7 (first win possible at ply 7)", perft(s, 7), 7 ** 7 - 7)
    check("gomoku 15x15 perft 1..2", [perft(start(free), d) for d in (1, 2)],
          [225, 225 * 224])

    # Notation.
    for g, text in ((ttt, "X:X:O"), (ttt, "O:Xa1,b2:Oc3"), (c4, "Y:Ra1,b1:Ya2"),
                    (free, "W:Ba1,h8,o15:Wb1")):
        check("round trip %s" % text, fmt(parse(g, text)), text)
    check("board-order output", fmt(parse(ttt, "X:Xc3,a1,b1:Oa3,c1")), "X:Xa1,b1,c3:Oc1,a3")
    check("start notation", fmt(start(c4)), "R:R:Y")
    for g, bad in ((ttt, "X:Xa1"), (ttt, "Z:X:O"), (ttt, "X:O:X"), (ttt, "X:Xd1:O"),
                   (ttt, "X:Xa1:Oa1"), (ttt, "X:Xa0:O"), (free, "B:Bp1:W")):
        try:
            parse(g, bad)
            check("reject %s" % bad, "accepted", "rejected")
        except ValueError:
            check("reject %s" % bad, "rejected", "rejected")

    # Standard gomoku: an overline does not win, an exact five does.
    pos = "B:Ba1,b1,d1,e1,f1:Wa3,c5,e7,g9,i11"
    for g, want in ((std, False), (free, True)):
        child = play(parse(g, pos), g.index("c1"))
        check("%s: c1 making six in a row wins?" % ("standard" if g.exact else "freestyle"),
              child.over, want)
    pos = "B:Ba1,b1,d1,e1:Wa3,c5,e7,g9"
    for g in (std, free):
        child = play(parse(g, pos), g.index("c1"))
        check("%s: c1 making exactly five wins" % ("standard" if g.exact else "freestyle"),
              (child.over, child.winner), (True, FIRST))
    # Overline along the row, exact five along the column through the same stone.
    pos = "B:Ba1,b1,d1,e1,f1,c2,c3,c4,c5:Wa9,b9,d9,e9,h9,h11,j11,l11,n11"
    child = play(parse(std, pos), std.index("c1"))
    check("standard: six along a row but five along a column wins",
          (child.over, child.winner), (True, FIRST))
    # An exact five blocked at one end by the opponent wins in both rules.
    pos = "B:Bb1,c1,e1,f1:Wa1,g1,a3,a5"
    for g in (std, free):
        check("%s: five with both ends blocked by W wins" % ("standard" if g.exact else "freestyle"),
              play(parse(g, pos), g.index("d1")).over, True)
    pos = "B:Ba1,b1,d1,e1,f1,a7:Wa3,c5,e7,g6,g4,b7"
    check("7x7 overline threat: perft 2 standard vs freestyle",
          (perft(parse(std7, pos), 2), perft(parse(free7, pos), 2)),
          (37 * 36, 36 * 36))
    # Read positions: last mover's exact five is over; an overline is not (standard).
    check("standard: read position with last mover's overline is not over",
          parse(std, "W:Ba1,b1,c1,d1,e1,f1:Wa3,b3,c3,d3,e3").over, False)
    check("standard: ... while the player to move's five there does not end it",
          perft(parse(std, "W:Ba1,b1,c1,d1,e1,f1:Wa3,b3,c3,d3,e3"), 1), 225 - 11)
    check("freestyle: read position with last mover's overline is over",
          perft(parse(free, "W:Ba1,b1,c1,d1,e1,f1:Wa3,b3,c3,d3,e3"), 1), 0)
    check("standard: read position with last mover's exact five is over",
          perft(parse(std, "W:Ba1,b1,c1,d1,e1:Wa3,b3,c3,d3"), 2), 0)
    check("gomoku diagonal five", play(parse(free, "B:Ba1,b2,c3,e5:Wa2,a3,a4,a5"),
                                       free.index("d4")).over, True)
    check("gomoku anti-diagonal five", play(parse(free, "B:Ba5,b4,d2,e1:Wa2,a3,a4,a1"),
                                            free.index("c3")).over, True)

    # Connect Four: a full column is not offered; stones drop to the lowest point.
    pos = parse(c4, "R:Ra1,a2,a5,a6,b1:Ya3,a4,b2,c1,d1")
    check("connect4 full column a not offered",
          [c4.label(p) for p in moves(pos)], ["e1", "f1", "g1", "c2", "d2", "b3"])
    check("connect4 full column a: perft 1", perft(pos, 1), 6)
    check("connect4 vertical four wins", play(parse(c4, "R:Ra1,a2,a3:Yb1,b2,b3"),
                                               c4.index("a4")).winner, FIRST)
    check("connect4 won position (Y just made a row) has no moves",
          perft(parse(c4, "R:Ra2,a3,c2,d2,e2:Ya1,b1,c1,d1"), 3), 0)
    check("connect4 diagonal four wins",
          play(parse(c4, "R:Ra1,b2,c3,b1,c1,d2:Ya2,b3,c2,d1,d3,e1"), c4.index("d4")).winner,
          FIRST)
    board = [EMPTY] * c4.n
    for p in range(c4.n):
        x, y = p % 7, p // 7
        board[p] = FIRST if ((x + (y // 2)) % 2 == 0) else SECOND
    has = c4.has_line(board, FIRST) or c4.has_line(board, SECOND)
    text = fmt(Position(c4, board, FIRST, False))
    check("connect4 constructed full board has no line", has, False)
    check("connect4 full board is over (draw)", (parse(c4, text).over, parse(c4, text).winner),
          (True, None))

    # Tic-tac-toe: won and drawn positions have no moves.
    check("tictactoe won position has no moves", perft(parse(ttt, "O:Xa1,b1,c1:Oa2,b2"), 1), 0)
    check("tictactoe won on a diagonal", perft(parse(ttt, "X:Xa2,b1:Oa3,b2,c1"), 2), 0)
    check("tictactoe position where the mover's opponent has no line",
          perft(parse(ttt, "O:Xa1,b1,c2:Oa2,b2"), 1), 4)
    draw = parse(ttt, "O:Xa1,c1,a2,b3,c3:Ob1,b2,c2,a3")
    check("tictactoe full board is a draw", (draw.over, draw.winner, perft(draw, 1)),
          (True, None, 0))
    check("tictactoe last placement fills the board with a win",
          play(parse(ttt, "X:Xa1,b1,b2,c3:Oa2,a3,c1,c2"), ttt.index("b3")).winner, FIRST)

    # Fast perft agrees with move-list perft and with whole-board over detection.
    for g, depth, text in ((ttt, 6, "X:X:O"), (c4, 5, "R:R:Y"),
                           (c4, 4, "R:Ra1,a2,a3,b1,c1:Ya4,b2,b3,c2,d1"),
                           (free7, 3, "B:B:W"), (std7, 3, "B:B:W"),
                           (std7, 3, "B:Ba1,b1,d1,e1,f1,a7:Wa3,c5,e7,g6,g4,b7"),
                           (free7, 3, "B:Ba1,b1,d1,e1,f1,a7:Wa3,c5,e7,g6,g4,b7")):
        pos = parse(g, text)
        want = perft_slow(pos, depth)
        check("%s%s %s perft %d fast = slow" % (g.name, " std" if g.exact else "", text, depth),
              perft(pos, depth), want)
        check("%s%s %s perft %d --tt = slow" % (g.name, " std" if g.exact else "", text, depth),
              perft(pos, depth, tt=True), want)
        check("%s%s %s perft %d whole-board = slow" % (g.name, " std" if g.exact else "", text,
                                                       depth),
              perft_whole_board(pos, depth), want)
    # Random games: every game either reaches the ply count or ends, and the
    # printed positions read back to themselves.
    for g, plies in ((ttt, 9), (c4, 42), (std7, 49)):
        for line in random_games(g, start(g), 20, 7, plies):
            pos = parse(g, line)
            if line.endswith("draw") or line.endswith("wins"):
                if not pos.over:
                    check("random game over line re-reads as over", line, "over")
            elif pos.stones() != plies or pos.over:
                check("random game line", line, "%d plies, not over" % plies)
            if fmt(pos) != line.split("  #")[0]:
                check("random game line round trip", fmt(pos), line)
    print("selftest", "passed" if ok else "FAILED")
    return 0 if ok else 1


# -------------------------------------------------------------------- command line
USAGE = """usage:
  line_games_perft.py GAME DEPTH [--position POS] [--rule standard] [--size N] [--divide] [--time] [--tt]
  line_games_perft.py GAME --random N --seed S --plies K [--position POS] [--rule ...] [--size N]
  line_games_perft.py --selftest
GAME: tictactoe, connect4, gomoku"""


def main(argv):
    args = list(argv)
    if "--selftest" in args:
        return selftest()
    flags = {}
    for f in ("--divide", "--time", "--tt"):
        flags[f] = f in args
        args = [a for a in args if a != f]
    opts = {}
    for o in ("--position", "--rule", "--size", "--random", "--seed", "--plies"):
        if o in args:
            k = args.index(o)
            if k + 1 >= len(args):
                print(USAGE, file=sys.stderr)
                return 2
            opts[o] = args[k + 1]
            del args[k:k + 2]
    try:
        if not args:
            raise ValueError("missing GAME")
        game = make_game(args[0], opts.get("--rule"),
                         int(opts["--size"]) if "--size" in opts else None)
        root = parse(game, opts["--position"]) if "--position" in opts else start(game)
        if "--random" in opts:
            if len(args) != 1 or "--plies" not in opts:
                raise ValueError("--random needs --plies (and --seed) and no DEPTH")
            seed = int(opts.get("--seed", "0"))
            for line in random_games(game, root, int(opts["--random"]), seed,
                                     int(opts["--plies"])):
                print(line)
            return 0
        if len(args) != 2:
            raise ValueError("need GAME DEPTH")
        depth = int(args[1])
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        print(USAGE, file=sys.stderr)
        return 2
    counts = []
    for d in range(1, depth + 1):
        t0 = time.time()
        counts.append(perft(root, d, tt=flags["--tt"]))
        if flags["--time"]:
            print("perft(%d) = %d  (%.2fs)" % (d, counts[-1], time.time() - t0), file=sys.stderr)
    print(" ".join(str(n) for n in counts))
    if flags["--divide"] and depth >= 1:
        for m in moves(root):
            print("%s %d" % (game.label(m), perft(play(root, m), depth - 1, tt=flags["--tt"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
