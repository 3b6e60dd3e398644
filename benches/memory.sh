#!/usr/bin/env bash
# Throughput and peak memory of `arbiter validate` on growing inputs: 10 MB and
# 100 MB (and 1 GB with `--gigabyte`) made by concatenating the games of
# fixtures/games/*.pgn. Prints, per size: MB/s and the peak resident set size.
# Needs GNU time (/usr/bin/time) for the memory column; builds the release binary.
#   benches/memory.sh              # 10 MB and 100 MB
#   benches/memory.sh --gigabyte   # 1 GB too (written to a scratch folder)
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=(10 100)
[ "${1:-}" = "--gigabyte" ] && sizes+=(1000)
cargo build --release --quiet --bin arbiter
binary=target/release/arbiter
scratch=$(mktemp -d "${TMPDIR:-/tmp}/arbiter-memory.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
seed="$scratch/seed.pgn"
cat fixtures/games/*.pgn > "$seed"
printf '\n' >> "$seed"
printf '%8s %10s %10s %12s %s\n' "size" "seconds" "MB/s" "peak RSS" "verdict"
for mb in "${sizes[@]}"; do
  file="$scratch/games-$mb.pgn"
  : > "$file"
  while [ "$(stat -c %s "$file")" -lt $((mb * 1000 * 1000)) ]; do cat "$seed" >> "$file"; done
  bytes=$(stat -c %s "$file")
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$scratch/rss" "$binary" validate "$file" > "$scratch/out" 2> /dev/null || true
    rss="$(($(cat "$scratch/rss") / 1024)) MB"
  else
    "$binary" validate "$file" > "$scratch/out" 2> /dev/null || true
    rss="(no /usr/bin/time)"
  fi
  end=$(date +%s.%N)
  seconds=$(echo "$end - $start" | bc -l)
  rate=$(echo "$bytes / 1000000 / $seconds" | bc -l)
  printf '%6s MB %10.2f %10.1f %12s %s\n' "$mb" "$seconds" "$rate" "$rss" "$(tail -1 "$scratch/out")"
  rm -f "$file"
done
