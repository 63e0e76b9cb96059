"""Perft from OpenSpiel's own implementations (pip package `open_spiel`),
an engine written without any knowledge of rulebook, for the games both
systems have.

    pip install open_spiel
    python3 tests/reference/openspiel_perft.py GAME DEPTH [PARAM=VALUE ...]
    python3 tests/reference/openspiel_perft.py othello-positions COUNT PLIES SEED DEPTH
    python3 tests/reference/openspiel_perft.py hex-positions SIZE COUNT PLIES SEED DEPTH
    python3 tests/reference/openspiel_perft.py morris-perft DEPTH
    python3 tests/reference/openspiel_perft.py amazons-positions COUNT PLIES SEED DEPTH
    python3 tests/reference/openspiel_perft.py morris-positions COUNT PLIES SEED DEPTH
    python3 tests/reference/openspiel_perft.py go-games SIZE COUNT PLIES SEED DEPTH [STOP]
    python3 tests/reference/openspiel_perft.py go-plies SIZE DEPTH PLY PLY ...
    python3 tests/reference/openspiel_perft.py sowing-games GAME COUNT PLIES SEED DEPTH

GAME is an OpenSpiel short name (tic_tac_toe, connect_four, gomoku, ...).
Prints the counts for depths 1..DEPTH on one line. A finished game has no
moves; the last ply is counted by the length of the legal-move list.
The tables in tests/perft.txt that cite this script were generated once with
open_spiel 2.0.2 and are stored there; the tests do not need OpenSpiel.
"""

import sys

import pyspiel


def perft(state, depth):
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.child(a)
        total += perft(child, depth - 1)
    return total


def main():
    if sys.argv[1] == "hex-positions":
        # hex-positions SIZE COUNT PLIES SEED DEPTH
        hex_positions(*(int(a) for a in sys.argv[2:7]))
        return
    if sys.argv[1] == "morris-perft":
        state = pyspiel.load_game("nine_mens_morris").new_initial_state()
        depth = int(sys.argv[2])
        print(" ".join(str(morris_perft(state, d)) for d in range(1, depth + 1)))
        return
    if sys.argv[1] == "morris-positions":
        # morris-positions COUNT PLIES SEED DEPTH
        morris_positions(*(int(a) for a in sys.argv[2:6]))
        return
    if sys.argv[1] == "amazons-positions":
        # amazons-positions COUNT PLIES SEED DEPTH
        amazons_positions(*(int(a) for a in sys.argv[2:6]))
        return
    if sys.argv[1] == "go-games":
        # go-games SIZE COUNT PLIES SEED DEPTH [STOP]
        go_games(*(int(a) for a in sys.argv[2:8]))
        return
    if sys.argv[1] == "go-plies":
        # go-plies SIZE DEPTH PLY PLY ... (in rulebook's notation: @c5, pass)
        go_plies(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:])
        return
    if sys.argv[1] == "sowing-games":
        # sowing-games oware|mancala COUNT PLIES SEED DEPTH
        sowing_games(sys.argv[2], *(int(a) for a in sys.argv[3:7]))
        return
    if sys.argv[1] == "othello-positions":
        # othello-positions COUNT PLIES SEED DEPTH
        othello_positions(*(int(a) for a in sys.argv[2:6]))
        return
    name, depth = sys.argv[1], int(sys.argv[2])
    params = {}
    for kv in sys.argv[3:]:
        k, v = kv.split("=", 1)
        try:
            params[k] = int(v)
        except ValueError:
            try:
                params[k] = float(v)
            except ValueError:
                params[k] = v
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    print(" ".join(str(perft(state, d)) for d in range(1, depth + 1)))



def whole_moves(game, plies, rng):
    """A state after `plies` random whole moves: a player's actions until the
    turn passes (a removal, a shot) make one."""
    state = game.new_initial_state()
    done = 0
    while done < plies and not state.is_terminal():
        player = state.current_player()
        state = state.child(rng.choice(state.legal_actions()))
        if state.is_terminal() or state.current_player() != player:
            done += 1
    return state


def hex_positions(size, count, plies, seed, depth):
    """Positions of random Hex games (OpenSpiel's `hex`, no swap) in rulebook's
    notation (games/hex.game with that size: the same labels, red = OpenSpiel's
    x, joining ranks), with OpenSpiel's perft from each."""
    import random

    rng = random.Random(seed)
    game = pyspiel.load_game("hex", {"board_size": size})
    for _ in range(count):
        state = whole_moves(game, plies, rng)
        sides = {"x": [], "o": []}
        for row, line in enumerate(str(state).splitlines()[:size]):
            for file, c in zip("abcdefghijklmnopqrs", line.split()):
                if c in sides:
                    sides[c].append((row + 1, file))
        def side(letter, key):
            return letter + ",".join(f + str(r) for r, f in sorted(sides[key]))
        turn = "R" if state.current_player() in (0, pyspiel.PlayerId.TERMINAL) and len(sides["x"]) == len(sides["o"]) else "B"
        counts = " ".join(str(perft(state, d)) for d in range(1, depth + 1))
        print(f"{turn}:{side('R', 'x')}:{side('B', 'o')} | {counts}")


MORRIS_POINTS = "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1".split()
# Where each point stands in OpenSpiel's drawing of the board: (line, column).
MORRIS_DRAWN = [(0, 0), (0, 7), (0, 14), (2, 2), (2, 7), (2, 12), (4, 4), (4, 7), (4, 10),
                (6, 0), (6, 2), (6, 4), (6, 10), (6, 12), (6, 14), (8, 4), (8, 7), (8, 10),
                (10, 2), (10, 7), (10, 12), (12, 0), (12, 7), (12, 14)]


def morris_perft(state, depth):
    """perft with a mill's removal in the same ply as the move that made it
    (OpenSpiel makes it an action of its own by the same player), as
    rulebook's notation writes it (`a1-a4xd7`)."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    player = state.current_player()
    total = 0
    for a in state.legal_actions():
        child = state.child(a)
        same = not child.is_terminal() and child.current_player() == player
        total += morris_perft(child, depth if same else depth - 1)
    return total


def morris_positions(count, plies, seed, depth):
    """Positions of random Nine Men's Morris games (OpenSpiel's
    `nine_mens_morris`) in rulebook's notation (games/nine-mens-morris.game),
    each after a whole ply, with the merged perft from each."""
    import random

    rng = random.Random(seed)
    game = pyspiel.load_game("nine_mens_morris")
    for _ in range(count):
        state = whole_moves(game, plies, rng)
        lines = str(state).splitlines()
        men = {"W": [], "B": []}
        for point, (row, col) in zip(MORRIS_POINTS, MORRIS_DRAWN):
            c = lines[row][col]
            if c in men:
                men[c].append(point)
        deploy = next(l for l in lines if l.startswith("Men to deploy:")).split()[-2:]
        turn = next(l for l in lines if l.startswith("Current player:")).split()[-1]
        order = {p: i for i, p in enumerate(sorted(MORRIS_POINTS, key=lambda p: (int(p[1]), p[0])))}
        def side(letter, hand):
            pieces = sorted(men[letter], key=order.get)
            if int(hand) > 0:
                pieces.append(f"@{hand}")
            return letter + ",".join(pieces)
        if turn not in "WB":
            turn = "W"
        counts = " ".join(str(morris_perft(state, d)) for d in range(1, depth + 1))
        print(f"{turn}:{side('W', deploy[0])}:{side('B', deploy[1])} | {counts}")


def amazons_positions(count, plies, seed, depth):
    """Positions of random Amazons games (OpenSpiel's `amazons`, whose move is
    three actions: from, to, shot) in rulebook's notation (games/amazons.game:
    OpenSpiel's row 1 is rank 10; arrows written as white's), each after whole
    moves, with the perft of whole moves from each."""
    import random

    rng = random.Random(seed)
    game = pyspiel.load_game("amazons")
    for _ in range(count):
        state = whole_moves(game, plies, rng)
        rows = str(state).splitlines()[:10]
        found = {"X": [], "O": [], "#": []}
        for r, line in enumerate(rows):
            for c, ch in enumerate(line[:10]):
                if ch in found:
                    found[ch].append((10 - r, "abcdefghij"[c]))
        label = lambda rf: rf[1] + str(rf[0])
        white = [label(p) for p in sorted(found["X"])] + ["A" + label(p) for p in sorted(found["#"])]
        black = [label(p) for p in sorted(found["O"])]
        turn = "W" if state.current_player() == 0 else "B"
        counts = " ".join(str(morris_perft(state, d)) for d in range(1, depth + 1))
        print(f"{turn}:W{','.join(white)}:B{','.join(black)} | {counts}")


def othello_positions(count, plies, seed, depth):
    """Positions of random Othello games in rulebook's notation (games/reversi.game:
    OpenSpiel's board labels are the same squares), with OpenSpiel's perft from each."""
    import random

    rng = random.Random(seed)
    game = pyspiel.load_game("othello")
    for _ in range(count):
        state = whole_moves(game, plies, rng)
        rows = str(state).splitlines()[2:10]
        sides = {"x": [], "o": []}
        for line in rows:
            cells = line.split()
            row = cells[0]
            for file, c in zip("abcdefgh", cells[1:9]):
                if c in sides:
                    sides[c].append((int(row), file))
        def side(letter, key):
            return letter + ",".join(f + str(r) for r, f in sorted(sides[key]))
        turn = "B" if state.current_player() == 0 else "W"
        counts = " ".join(str(perft(state, d)) for d in range(1, depth + 1))
        print(f"{turn}:{side('B', 'x')}:{side('W', 'o')} | {counts}")


def go_games(size, count, plies, seed, depth, stop=1):
    """Random games of OpenSpiel's `go` (komi 7.5, simple ko, no suicide), as
    `start then PLIES` in rulebook's notation (games/go.game with that size:
    files a.. without a gap, so OpenSpiel's column j is rulebook's i), with
    OpenSpiel's perft from where each ends. The plies rather than the board,
    since a position in notation does not say where a ko forbids a move.
    Each game stops at PLIES, or with STOP 1 (the default) earlier, at the
    first ply after which an empty point may not be played (a ko or a
    suicide), to test those rules."""
    import random

    rng = random.Random(seed)
    game = pyspiel.load_game("go", {"board_size": size, "komi": 7.5})
    files = "abcdefghijklmnopqrs"
    for _ in range(count):
        state = game.new_initial_state()
        played = []
        while len(played) < plies and not state.is_terminal():
            a = rng.choice(state.legal_actions())
            played.append("pass" if a == size * size else "@" + files[a % size] + str(a // size + 1))
            state = state.child(a)
            if stop and not state.is_terminal() and len(state.legal_actions()) - 1 < empty_points(state, size):
                break
        counts = " ".join(str(perft(state, d)) for d in range(1, depth + 1))
        print(f"start then {' '.join(played)} | {counts}")


def go_plies(size, depth, plies):
    """OpenSpiel's perft after the given plies of Go, written as rulebook writes them."""
    game = pyspiel.load_game("go", {"board_size": size, "komi": 7.5})
    files = "abcdefghijklmnopqrs"
    state = game.new_initial_state()
    for ply in plies:
        a = size * size if ply == "pass" else (int(ply[2:]) - 1) * size + files.index(ply[1])
        assert a in state.legal_actions(), ply
        state = state.child(a)
    counts = " ".join(str(perft(state, d)) for d in range(1, depth + 1))
    print(f"start then {' '.join(plies)} | {counts}")


def empty_points(state, size):
    """The empty points of the board OpenSpiel prints (`+`)."""
    rows = [line for line in str(state).splitlines() if line[:3].strip().isdigit()]
    return sum(line[3:].strip()[:size].count("+") for line in rows)


def sowing_label(game, player, action):
    """An OpenSpiel sowing action as the pit's label in games/oware.game or
    games/kalah.game (`mancala` is OpenSpiel's Kalah)."""
    if game == "oware":
        return "abcdef"[action] + "1" if player == 0 else "fedcba"[action] + "2"
    return "bcdefg"[action - 1] + "1" if action < 7 else "gfedcb"[action - 8] + "3"


def sowing_games(game_name, count, plies, seed, depth):
    """Random games of Oware or Kalah: the plies played from the start, in
    rulebook's notation, then OpenSpiel's perft from where they lead."""
    import random

    rng = random.Random(seed)
    game = pyspiel.load_game(game_name)
    for _ in range(count):
        state = game.new_initial_state()
        played = []
        for _ in range(plies):
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            played.append(sowing_label(game_name, state.current_player(), action))
            state = state.child(action)
        counts = " ".join(str(perft(state, d)) for d in range(1, depth + 1))
        print(f"start then {' '.join(played)} | {counts}")


if __name__ == "__main__":
    main()

