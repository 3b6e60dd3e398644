#!/usr/bin/env bash
# Draws the README's pictures: one position of each variant, as PNG files made by
# the tool itself, into docs/pictures/. Run from anywhere; needs a sans-serif font
# (fonts-dejavu-core) for the text in the pictures.
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/pictures
mkdir -p "$out"
cargo build --quiet
arbiter=target/debug/arbiter
# variant  record  ply
while read -r variant record ply; do
    "$arbiter" diagram "fixtures/records/$record" --ply "$ply" --size 420 -o "$out/$variant.png"
    echo "$out/$variant.png"
done <<'LIST'
chess opera-game.pgn 33
tilting tilting-samples.pgn 6
bouncing bouncing-seed.pgn 2
koopa koopa-seed.pgn 4
bellows bellows-queen-raid.pgn 4
bubble-fizz bubble-fizz-invigorated.pgn 13
LIST
