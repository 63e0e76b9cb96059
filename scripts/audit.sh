#!/usr/bin/env bash
# Checks the locked dependencies against the RustSec advisory database
# (unmaintained crates, known vulnerabilities). It needs the network to fetch
# the database from GitHub, which this project's CI machines cannot reach, so
# it is run by hand before a release: scripts/audit.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v cargo-audit >/dev/null; then
    echo "installing cargo-audit (cargo install cargo-audit --locked)" >&2
    cargo install cargo-audit --locked
fi
cargo audit --deny warnings "$@"
