#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with seeds taken from the project's fixtures:
# every record file (and each of its games) for `record` and `validate`, every
# snapshot written in the example files and perft tables for `snapshot`, the example
# files for `example_files`, and positions built to explode each variant's search
# (`fixtures/explosive/*.fen`, first word the variant) for `snapshot` and `validate`.
# The first byte of a `validate` or `snapshot` input picks the variant.
set -euo pipefail
cd "$(dirname "$0")"
fixtures=../fixtures
mkdir -p corpus/record corpus/validate corpus/snapshot corpus/example_files
n=0
for file in "$fixtures"/records/*.pgn "$fixtures"/records/*/*.pgn; do
  [ -f "$file" ] || continue
  n=$((n + 1))
  cp "$file" "corpus/record/file-$n.pgn"
  for pick in 0 1 2 3 4 5; do
    { printf "\\x$(printf %02x "$pick")"; cat "$file"; } > "corpus/validate/file-$n-$pick.pgn"
  done
done
# Snapshots: `start:` and `snapshot:` values of the example files, `epd` lines of perft tables.
i=0
{
  grep -hoE '(start|snapshot): *"[^"]+"' "$fixtures"/examples/*.yaml | sed -E 's/^[a-z]+: *"(.*)"$/\1/'
  grep -hE '^epd ' "$fixtures"/perft/*.epd | sed 's/^epd //'
} | sort -u | while IFS= read -r fen; do
  i=$((i + 1))
  for pick in 0 1 2 3 4 5; do
    { printf "\\x$(printf %02x "$pick")"; printf '%s' "$fen"; } > "corpus/snapshot/fen-$i-$pick"
  done
done
for file in "$fixtures"/examples/*.yaml; do
  cp "$file" "corpus/example_files/$(basename "$file")"
done
# Explosive positions: one per line, `variant-index snapshot`; the index is the pick byte.
j=0
grep -hvE '^(#|$)' "$fixtures"/explosive/positions.txt | while read -r pick fen; do
  j=$((j + 1))
  { printf "\\x$(printf %02x "$pick")"; printf '%s' "$fen"; } > "corpus/snapshot/explosive-$j"
  { printf "\\x$(printf %02x "$pick")"; printf '[FEN "%s"]\n\n*\n' "$fen"; } > "corpus/validate/explosive-$j.pgn"
done
echo "seeded: $(ls corpus/record | wc -l) record, $(ls corpus/validate | wc -l) validate, $(ls corpus/snapshot | wc -l) snapshot, $(ls corpus/example_files | wc -l) example_files inputs"
