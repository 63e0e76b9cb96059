#!/usr/bin/env bash
# Appends this commit's `rulebook bench` figures to bench/history.jsonl, one JSON line per run,
# so speed can be compared across commits. Run on a quiet machine; name the machine with
# MACHINE=... (figures from different machines are not comparable).
#   scripts/bench-history.sh [SECONDS] [GAME...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-3}"
shift || true
cargo build --release -q
commit=$(git rev-parse --short HEAD)
dirty=$(git diff --quiet && echo false || echo true)
figures=$(./target/release/rulebook bench --seconds "$seconds" --format json "$@")
mkdir -p bench
printf '{"commit":"%s","dirty":%s,"machine":"%s","date":"%s","bench":%s}\n' \
  "$commit" "$dirty" "${MACHINE:-$(hostname)}" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
  "$(echo "$figures" | tr -d '\n' | tr -s ' ')" >> bench/history.jsonl
tail -n 1 bench/history.jsonl
