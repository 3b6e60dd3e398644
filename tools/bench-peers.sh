#!/usr/bin/env bash
# Installs the peers the benchmark compares arbiter with (pgn-extract from Debian,
# python-chess from pip, GNU time for peak memory), then runs the peers benchmark.
#   tools/bench-peers.sh                         # the repository's 3,000 games
#   tools/bench-peers.sh path/to/games.pgn       # another corpus
# Environment variables of the benchmark (ARBITER_BENCH_RUNS, ..._ONLY, ..._SKIP,
# ..._PERFT_DEPTH, ..._GAMES) pass through; see benches/peers/main.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v pgn-extract >/dev/null || [ -x /usr/games/pgn-extract ] || need+=(pgn-extract)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
python3 -c 'import chess.pgn' 2>/dev/null || python3 -m pip install -q chess
cargo build --release --quiet --bin arbiter
cargo bench --bench peers -- "$@"
