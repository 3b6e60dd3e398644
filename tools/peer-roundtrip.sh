#!/usr/bin/env bash
# Round trip through the peers: python-chess and pgn-extract must read `arbiter export`
# output of the orthodox chess fixtures to the final positions `arbiter fen` gives.
# Needs python-chess (`pip install chess`) and pgn-extract (Debian: `pgn-extract`).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --locked
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pgn_extract" ] || { echo "pgn-extract is not installed" >&2; exit 2; }
python3 -c 'import chess' || { echo "python-chess is not installed (pip install chess)" >&2; exit 2; }
records=(fixtures/games/*.pgn fixtures/records/*.pgn)
python3 tools/peer_roundtrip.py target/debug/arbiter "$pgn_extract" "${records[@]}" "$@"
