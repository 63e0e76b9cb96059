#!/usr/bin/env bash
# How strong the agents are, and how fast they search: measured by playing,
# never in tests. Build first: cargo build --release.
#
#   scripts/strength.sh strength [GAMES_PER_SIDE] [MCTS_BUDGET] [THREADS]
#       mcts against greedy in Tabal, English draughts, Breakthrough and
#       Brandubh, each side GAMES_PER_SIDE times (default 100, budget
#       time=1s: the issue's target, about 4 hours a game on one core;
#       iterations=N budgets are reproducible, time budgets are not).
#   scripts/strength.sh all [GAMES_PER_SIDE] [MCTS_BUDGET] [THREADS]
#       mcts against greedy in every shipped two-player game and variant,
#       each side GAMES_PER_SIDE times (default 20 at iterations=1000: the
#       small-budget target, about 20 minutes on two threads); one line a
#       file, as `match` prints its first agent's line.
#   scripts/strength.sh speed [SECONDS]
#       MCTS iterations/s and alpha-beta nodes/s per game: one search of
#       SECONDS (default 1) from the start position.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/rulebook
[ -x "$bin" ] || { echo "build first: cargo build --release" >&2; exit 2; }
mode=${1:-strength}
# The players of each game, first and second.
sides() {
    case "$1" in
        tabal|breakthrough) echo "white black" ;;
        english-draughts) echo "black white" ;;
        brandubh|tablut) echo "attackers defenders" ;;
    esac
}
case "$mode" in
    strength)
        per_side=${2:-100}
        budget=${3:-time=1s}
        threads=${4:-1}
        for game in tabal english-draughts breakthrough brandubh; do
            read -r first second <<<"$(sides "$game")"
            "$bin" match "games/$game.game" --player "$first=mcts:$budget" --player "$second=greedy" \
                --games $((2 * per_side)) --swap --threads "$threads" --seed 1
            echo
        done
        ;;
    all)
        per_side=${2:-20}
        budget=${3:-iterations=1000}
        threads=${4:-2}
        for file in games/*.game games/variants/*.toml; do
            game=$file
            if [[ $file == *.toml ]]; then
                game="games/$(sed -n 's/^extends *= *"\(.*\)"/\1/p' "$file" | sed 's#.*/##')"
            fi
            # The first two players the file declares (games of more players are left out).
            mapfile -t players < <(sed -n 's/^player \([a-z-]*\).*/\1/p' "$game")
            [ "${#players[@]}" -eq 2 ] || continue
            line=$("$bin" match "$file" --player "${players[0]}=mcts:$budget" --player "${players[1]}=greedy" \
                --games $((2 * per_side)) --swap --threads "$threads" --seed 1 | sed -n 2p)
            echo "$file: ${line#  }"
        done
        ;;
    speed)
        secs=${2:-1}
        for game in tabal tablut english-draughts breakthrough brandubh; do
            read -r first second <<<"$(sides "$game")"
            for agent in mcts alphabeta; do
                # One search from the start position (both seats agents: no one is asked to type).
                out=$("$bin" play "games/$game.game" --seed 1 --player "$first=$agent:time=${secs}s" \
                    --player "$second=random" --max-plies 1 --verbose </dev/null)
                echo "$game: $(grep -m1 "^  $agent" <<<"$out" | sed 's/^  //')"
            done
        done
        ;;
    *)
        echo "usage: scripts/strength.sh strength|all [GAMES_PER_SIDE] [MCTS_BUDGET] [THREADS] | speed [SECONDS]" >&2
        exit 2
        ;;
esac
