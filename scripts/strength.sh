#!/usr/bin/env bash
# How strong the agents are, and how fast they search: measured by playing,
# never in tests. Build first: cargo build --release.
#
#   scripts/strength.sh strength [GAMES_PER_SIDE] [MCTS_BUDGET] [THREADS]
#       mcts against greedy in Tabal, English draughts, Breakthrough and
#       Brandubh, each side GAMES_PER_SIDE times (default 100, budget
#       time=1s: the issue's target, about 4 hours a game on one core;
#       iterations=N budgets are reproducible, time budgets are not).
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
        echo "usage: scripts/strength.sh strength [GAMES_PER_SIDE] [MCTS_BUDGET] [THREADS] | speed [SECONDS]" >&2
        exit 2
        ;;
esac
