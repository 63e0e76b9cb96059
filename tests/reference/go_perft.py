#!/usr/bin/env python3
"""Independent reference perft for Go on an N x N board (N = 9 or 13).

This file was written from the rules alone (as stated in its brief), WITHOUT
reading the engine under test (nothing under src/ or tests/it/ was consulted).
It uses only the Python standard library.

Rules implemented:
  * points a1.. (files a, b, c, ... consecutive letters, no gap at i; ranks 1..N),
    orthogonal neighbours;
  * Black moves first; a move is `@c5` (place) or `pass`;
  * placing removes adjacent enemy groups without liberties, then the move is
    illegal if the placed stone's own group has no liberty (no suicide);
  * ko: `simple` = the resulting board may not equal the board two plies
    earlier (before the opponent's last move, pass or not);
    `superko` = the resulting board may not equal any earlier board of the game
    (the empty start board and the board after every earlier ply);
  * passes are always legal; two consecutive passes end the game.
  * perft(pos, 0) = 1; perft of an ended game at depth > 0 is 0.

Command lines:
  python3 tests/reference/go_perft.py plies SIZE KO DEPTH PLY PLY ...
      KO is `simple` or `superko`.  Plays the plies from the empty board
      (asserting legality) and prints
      `start then PLY PLY ... | c1 c2 ... cDEPTH`.
      (With no plies the line is `start then | c1 ...`.)
  python3 tests/reference/go_perft.py differ SIZE COUNT SEED DEPTH MAXPLIES
      Random games (random.Random(SEED), superko) looking for positions where
      the number of legal moves under superko differs from simple ko.
      For each found position prints
      `start then PLIES | c1 ... cDEPTH`   (perft under superko)
      `# simple: c1 ... cDEPTH`            (perft under simple ko, same history)
      At most one position per game, at most 2000 games; a summary goes to
      stderr.
  python3 tests/reference/go_perft.py selftest
      Hand-made checks (ko, suicide, 2-stone capture, two-pass end) and the
      known empty-board 9x9 simple-ko perft 82, 6643, 531522.
"""

import random
import sys

FILES = "abcdefghijklmnopqrstuvwxyz"
PASS = -1


class Rules:
    def __init__(self, n):
        self.n = n
        self.nn = n * n
        nb = []
        for p in range(self.nn):
            r, f = divmod(p, n)
            lst = []
            if f > 0:
                lst.append(p - 1)
            if f < n - 1:
                lst.append(p + 1)
            if r > 0:
                lst.append(p - n)
            if r < n - 1:
                lst.append(p + n)
            nb.append(tuple(lst))
        self.nbrs = nb
        self.empty = bytes(self.nn)

    # --- notation -------------------------------------------------------
    def parse(self, s):
        if s == "pass":
            return PASS
        if not s.startswith("@"):
            raise ValueError("bad move %r" % s)
        f = FILES.index(s[1])
        r = int(s[2:])
        if not (0 <= f < self.n and 1 <= r <= self.n):
            raise ValueError("off-board move %r" % s)
        return (r - 1) * self.n + f

    def fmt(self, m):
        if m == PASS:
            return "pass"
        r, f = divmod(m, self.n)
        return "@%s%d" % (FILES[f], r + 1)

    # --- placement ------------------------------------------------------
    def place(self, board, p, c):
        """Return the board after colour c (1 black, 2 white) places at p,
        or None if the point is occupied or the move is suicide.
        Ko is not checked here."""
        if board[p]:
            return None
        nbrs = self.nbrs
        b = bytearray(board)
        b[p] = c
        o = 3 - c
        has_lib = False
        for q in nbrs[p]:
            v = b[q]
            if v == 0:
                has_lib = True
            elif v == o:
                grp = [q]
                seen = {q}
                libs = False
                i = 0
                while i < len(grp) and not libs:
                    x = grp[i]
                    i += 1
                    for y in nbrs[x]:
                        w = b[y]
                        if w == 0:
                            libs = True
                            break
                        if w == o and y not in seen:
                            seen.add(y)
                            grp.append(y)
                if not libs:
                    for x in grp:
                        b[x] = 0
                    has_lib = True  # q is now empty and adjacent to p
        if not has_lib:
            # own group liberties
            grp = [p]
            seen = {p}
            i = 0
            while i < len(grp):
                x = grp[i]
                i += 1
                for y in nbrs[x]:
                    w = b[y]
                    if w == 0:
                        has_lib = True
                        break
                    if w == c and y not in seen:
                        seen.add(y)
                        grp.append(y)
                if has_lib:
                    break
            if not has_lib:
                return None
        return bytes(b)


class Game:
    """A game history: boards[k] is the board after k plies (boards[0] empty)."""

    def __init__(self, rules, ko):
        assert ko in ("simple", "superko")
        self.R = rules
        self.ko = ko
        self.boards = [rules.empty]
        self.counts = {rules.empty: 1}  # board -> multiplicity in history
        self.passes = 0  # consecutive passes at the end of the history
        self.moves = []
        self.pass_stack = []

    def to_play(self):
        return 1 if len(self.boards) % 2 == 1 else 2

    def over(self):
        return self.passes >= 2

    def ko_forbids(self, nb, ko=None):
        ko = ko or self.ko
        if ko == "simple":
            return len(self.boards) >= 2 and nb == self.boards[-2]
        return nb in self.counts

    def legal(self, ko=None):
        """List of (move, new_board) for the side to move (empty if over)."""
        if self.over():
            return []
        R = self.R
        cur = self.boards[-1]
        c = self.to_play()
        out = []
        for p in range(R.nn):
            if cur[p]:
                continue
            nb = R.place(cur, p, c)
            if nb is None or self.ko_forbids(nb, ko):
                continue
            out.append((p, nb))
        out.append((PASS, cur))
        return out

    def push(self, m, nb):
        self.boards.append(nb)
        self.counts[nb] = self.counts.get(nb, 0) + 1
        self.pass_stack.append(self.passes)
        self.passes = self.passes + 1 if m == PASS else 0
        self.moves.append(m)

    def pop(self):
        nb = self.boards.pop()
        k = self.counts[nb] - 1
        if k:
            self.counts[nb] = k
        else:
            del self.counts[nb]
        self.passes = self.pass_stack.pop()
        self.moves.pop()

    def play(self, m):
        """Play move m, asserting it is legal."""
        assert not self.over(), "game is over"
        cur = self.boards[-1]
        if m == PASS:
            self.push(PASS, cur)
            return
        nb = self.R.place(cur, m, self.to_play())
        assert nb is not None, "illegal (occupied/suicide): %s" % self.R.fmt(m)
        assert not self.ko_forbids(nb), "illegal (ko): %s" % self.R.fmt(m)
        self.push(m, nb)

    def perft(self, depth, ko=None):
        if depth == 0:
            return 1
        if self.over():
            return 0
        mv = self.legal(ko)
        if depth == 1:
            return len(mv)
        t = 0
        for m, nb in mv:
            self.push(m, nb)
            t += self.perft(depth - 1, ko)
            self.pop()
        return t

    def copy_with(self, ko):
        g = Game(self.R, ko)
        for m in self.moves:
            g.play(m)
        return g

    def history_str(self):
        return " ".join(self.R.fmt(m) for m in self.moves)


def line(game, depth, ko=None):
    cs = [game.perft(d, ko) for d in range(1, depth + 1)]
    h = game.history_str()
    return ("start then " + h).rstrip() + " | " + " ".join(map(str, cs))


# ----------------------------------------------------------------------------
def cmd_plies(args):
    size, ko, depth = int(args[0]), args[1], int(args[2])
    R = Rules(size)
    g = Game(R, ko)
    for s in args[3:]:
        g.play(R.parse(s))
    print(line(g, depth))


def ko_difference(g, ever):
    """True iff the legal-move count under superko differs from simple ko.

    Simple ko forbids only boards[-2], which is itself an earlier board, so
    simple-forbidden is a subset of superko-forbidden; the counts differ iff
    some non-suicide placement yields an earlier board other than boards[-2].
    Such a result has a stone on the placed point p, so p must have been
    occupied in some earlier board: only points in `ever` are tried."""
    if g.over():
        return False
    R = g.R
    cur = g.boards[-1]
    c = g.to_play()
    prev2 = g.boards[-2] if len(g.boards) >= 2 else None
    for p in ever:
        if cur[p]:
            continue
        nb = R.place(cur, p, c)
        if nb is not None and nb in g.counts and nb != prev2:
            return True
    return False


def cmd_differ(args):
    size, count, seed, depth, maxplies = map(int, args)
    R = Rules(size)
    rng = random.Random(seed)
    # Bias: random placements are restricted to a small k x k corner region
    # (points a1..), with k chosen per game from {3, 4, 5}; a pass is played
    # with probability 0.05, or when no placement in the region is legal.
    # All moves are legal under superko, so the games are legal superko games
    # on the full board; the perft counts are over the full board.
    found = 0
    games = 0
    max_games = 2000
    while found < count and games < max_games:
        games += 1
        k = rng.choice((3, 4, 5))
        region = [r * size + f for r in range(k) for f in range(k)]
        g = Game(R, "superko")
        ever = set()
        for _ in range(maxplies):
            if g.over():
                break
            cur = g.boards[-1]
            c = g.to_play()
            cands = []
            for p in region:
                if cur[p]:
                    continue
                nb = R.place(cur, p, c)
                if nb is None or nb in g.counts:
                    continue
                cands.append((p, nb))
            if not cands or rng.random() < 0.05:
                m, nb = PASS, cur
            else:
                m, nb = rng.choice(cands)
            g.push(m, nb)
            if m != PASS:
                ever.add(m)
            if ko_difference(g, ever):
                gs = g.copy_with("superko")  # replays, asserting legality
                gk = g.copy_with("simple")
                n1s = len(gs.legal())
                n1k = len(gk.legal())
                assert n1s != n1k, "filter disagreed with full count"
                print(line(gs, depth))
                print("# simple: " + " ".join(
                    str(gk.perft(d)) for d in range(1, depth + 1)))
                sys.stdout.flush()
                found += 1
                break
    print("found %d position(s) in %d game(s)" % (found, games), file=sys.stderr)


# ----------------------------------------------------------------------------
def board_of(g):
    return g.boards[-1]


def at(g, s):
    return board_of(g)[g.R.parse(s)]


def seq(R, ko, moves):
    g = Game(R, ko)
    for s in moves.split():
        g.play(R.parse(s))
    return g


def is_legal(g, s):
    m = g.R.parse(s)
    return any(mm == m for mm, _ in g.legal())


def cmd_selftest(args):
    R = Rules(9)
    ok = True

    def check(name, cond):
        nonlocal ok
        print(("ok   " if cond else "FAIL ") + name)
        ok = ok and cond

    # notation
    check("parse/fmt round trip 9x9",
          all(R.fmt(R.parse(R.fmt(p))) == R.fmt(p) for p in range(81)))
    check("i is a file on 9x9", R.parse("@i9") == 80)
    R13 = Rules(13)
    check("m13 on 13x13", R13.parse("@m13") == 168 and R13.fmt(168) == "@m13")

    for ko in ("simple", "superko"):
        # ko: W c4 surrounded by B c5 b4 c3; B d4 surrounded by W d5 e4 d3.
        g = seq(R, ko, "@c5 @d5 @b4 @e4 @c3 @d3 @h8 @c4 @d4")
        check(ko + ": ko capture removes c4", at(g, "@c4") == 0 and at(g, "@d4") == 1)
        check(ko + ": immediate retake @c4 illegal", not is_legal(g, "@c4"))
        check(ko + ": count = 73 empties -1 ko +pass",
              len(g.legal()) == (81 - 8) - 1 + 1)
        g.play(R.parse("@a9"))  # white elsewhere
        g.play(R.parse("@b9"))  # black elsewhere
        check(ko + ": retake legal after exchange", is_legal(g, "@c4"))
        g.play(R.parse("@c4"))
        check(ko + ": retake captured d4", at(g, "@d4") == 0 and at(g, "@c4") == 2)
        # after a pass the ko can be retaken under simple ko
        g = seq(R, ko, "@c5 @d5 @b4 @e4 @c3 @d3 @h8 @c4 @d4 pass pass")
        check(ko + ": two passes end the game",
              g.over() and g.perft(1) == 0 and g.perft(2) == 0 and g.perft(0) == 1)
        g = seq(R, ko, "@c5 @d5 @b4 @e4 @c3 @d3 @h8 @c4 @d4 pass")
        # black to move; black filling elsewhere fine, game not over
        check(ko + ": one pass does not end", not g.over() and g.perft(1) > 0)

        # suicide at a1
        g = seq(R, ko, "@e5 @a2 @e6 @b1")
        check(ko + ": black a1 suicide illegal", not is_legal(g, "@a1"))
        check(ko + ": suicide count", len(g.legal()) == 81 - 4 - 1 + 1)
        # multi-stone suicide: black a1 b1 eye-less group filling last liberty
        g = seq(R, ko, "@a1 @a2 @e5 @b2 @e6 @c1")
        check(ko + ": black b1 (group suicide) illegal", not is_legal(g, "@b1"))
        g = seq(R, ko, "@b1 @a2 @e5 @a3 @b2 @e6")  # B b1,b2 ; W a2,a3 ; black to move
        # black a1: own group a1 b1 b2 has liberties -> legal; white a2 a3 not captured
        check(ko + ": black a1 legal", is_legal(g, "@a1"))
        # capture on a point with no own liberty: white stone on a1 in atari
        g = seq(R, ko, "@a2 @a1 @e5 @c1 @e6 @b2")  # B a2 e5 e6; W a1 c1 b2
        # black b1: neighbours a1(W, only liberty b1), c1(W), b2(W) -> captures a1
        check(ko + ": capture-suicide-looking b1 legal", is_legal(g, "@b1"))
        g.play(R.parse("@b1"))
        check(ko + ": b1 captured a1", at(g, "@a1") == 0 and at(g, "@b1") == 1)

        # capture of a 2-stone group
        g = seq(R, ko, "@a2 @a1 @b2 @b1 @c1")
        check(ko + ": 2-stone group a1 b1 captured",
              at(g, "@a1") == 0 and at(g, "@b1") == 0 and at(g, "@c1") == 1)
        check(ko + ": white may play a1 after 2-capture (no ko)",
              is_legal(g, "@a1") and is_legal(g, "@b1"))
        # after the capture white cannot recreate a previous board by one stone
        check(ko + ": count after 2-capture", len(g.legal()) == 81 - 3 + 1)

    # superko vs simple, hand-made: B c2 is captured with c1 by W c3
    # ("send two"), then B c1 would recreate the board after ply 14.
    P = ("@c1 @b1 @d4 @c3 @d3 @a2 @b3 @d1 @a4 @d2 @c4 @b2 @a3 @b4 @c2 @c3")
    g = seq(R, "superko", P)
    gk = seq(R, "simple", P)
    check("superko forbids @c1 (repeats board after ply 14)",
          not is_legal(g, "@c1") and g.boards[14] == R.place(
              g.boards[-1], R.parse("@c1"), 1))
    check("simple ko allows @c1", is_legal(gk, "@c1"))
    check("superko/simple counts 67 vs 68",
          len(g.legal()) == 67 and len(gk.legal()) == 68)
    # check the differ filter against full counts on random small-region games

    rng = random.Random(7)
    agree = True
    positives = 0
    for _ in range(150):
        g = Game(R, "superko")
        ever = set()
        region = [r * 9 + f for r in range(4) for f in range(4)]
        for _ in range(60):
            if g.over():
                break
            cur = g.boards[-1]
            c = g.to_play()
            cands = [(p, nb) for p in region if not cur[p]
                     for nb in [R.place(cur, p, c)]
                     if nb is not None and nb not in g.counts]
            m, nb = rng.choice(cands) if cands and rng.random() > 0.05 else (PASS, cur)
            g.push(m, nb)
            if m != PASS:
                ever.add(m)
            full = len(g.legal("superko")) != len(g.legal("simple"))
            positives += full
            if full != ko_difference(g, ever):
                agree = False
    check("superko/simple differences occur in test games (%d)" % positives,
          positives > 0)
    check("ko_difference filter agrees with full counts", agree)

    # known perft from empty 9x9, simple ko
    g = Game(R, "simple")
    res = [g.perft(d) for d in (1, 2, 3)]
    check("empty 9x9 simple perft 1..3 = 82 6643 531522 (got %s)" % res,
          res == [82, 6643, 531522])
    g = Game(R, "superko")
    res = [g.perft(d) for d in (1, 2)]
    check("empty 9x9 superko perft 1..2 = 82 6643 (got %s)" % res,
          res == [82, 6643])
    g = Game(R13, "simple")
    res = [g.perft(d) for d in (1, 2)]
    check("empty 13x13 perft 1..2 = 170, 169*169+170 (got %s)" % res,
          res == [170, 169 * 169 + 170])
    print("ALL OK" if ok else "SOME FAILED")
    return 0 if ok else 1


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    cmd, args = argv[0], argv[1:]
    if cmd == "plies":
        cmd_plies(args)
    elif cmd == "differ":
        cmd_differ(args)
    elif cmd == "selftest":
        return cmd_selftest(args)
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
