#!/usr/bin/env python3
"""Hill climb against the Bubble Fizz search: how easily are positions beyond its budget found?

Starts from the Bubble Fizz positions of fixtures/explosive/positions.txt (lines whose
variant index is 5), changes one thing at a time (a unit moved, added or removed, a
pause counter set, a bubble added or removed), keeps a change when `arbiter validate`
takes at least as long on the new position (within 5%), and prints every position whose
question "does White have a legal turn" the search leaves undecided. Each climb starts
again from a random seed position after 60 changes or a find.

    tools/fizz-climb.py --arbiter target/release/arbiter --seconds 120 --seed 11

The last line gives the number of positions tried and of positions beyond the budget;
compare builds with the same seed and time (the counts drift with the machine's speed).
"""
import argparse
import random
import resource
import subprocess
import tempfile
import time
from pathlib import Path

FILES = "abcdefgh"


def parse(fen):
    """The board as 8 rows (rank 8 first), the middle fields, bubbles and counters."""
    fields = fen.split()
    grid = []
    for row in fields[0].split("/"):
        cells = []
        for ch in row:
            cells.extend("." * int(ch) if ch.isdigit() else ch)
        grid.append(cells)
    bubbles = [] if fields[6] == "-" else fields[6].split(",")
    counters = {}
    if len(fields) > 7 and fields[7] != "-":
        counters = dict(item.split(":") for item in fields[7].split(","))
    return grid, fields[1:6], bubbles, counters


def write(grid, middle, bubbles, counters):
    rows = []
    for cells in grid:
        text, gap = "", 0
        for ch in cells:
            if ch == ".":
                gap += 1
                continue
            text += (str(gap) if gap else "") + ch
            gap = 0
        rows.append(text + (str(gap) if gap else ""))
    pauses = ",".join(f"{sq}:{n}" for sq, n in counters.items()) or "-"
    return " ".join(["/".join(rows), *middle, ",".join(bubbles) or "-", pauses])


def square(file, row):
    return f"{FILES[file]}{8 - row}"


def mutate(fen, rng):
    """One change to `fen`, or None when the change drawn does not apply."""
    grid, middle, bubbles, counters = parse(fen)
    cells = [(f, r) for r in range(8) for f in range(8)]
    empty = [c for c in cells if grid[c[1]][c[0]] == "."]
    units = [c for c in cells if grid[c[1]][c[0]] not in ".Kk"]
    change = rng.randrange(7)
    if change == 0 and units and empty:
        (f, r), (g, s) = rng.choice(units), rng.choice(empty)
        unit = grid[r][f]
        if unit in "Pp" and s in (0, 7):
            return None
        grid[r][f], grid[s][g] = ".", unit
        if square(f, r) in counters:
            counters[square(g, s)] = counters.pop(square(f, r))
    elif change in (1, 2) and empty:
        g, s = rng.choice(empty)
        unit = rng.choice("NBRQP" if change == 1 else "nbrqp")
        if unit in "Pp" and s in (0, 7):
            return None
        grid[s][g] = unit
        if change == 1 and rng.random() < 0.7:
            counters[square(g, s)] = "0"
    elif change == 3 and units:
        f, r = rng.choice(units)
        grid[r][f] = "."
        counters.pop(square(f, r), None)
    elif change == 4 and units:
        f, r = rng.choice(units)
        if not grid[r][f].isupper():
            return None
        counters[square(f, r)] = rng.choice("00123")
    elif change == 5 and empty:
        g, s = rng.choice(empty)
        if not 0 < s < 7:
            return None
        bubbles.append(square(g, s) + rng.choice("wb"))
    elif change == 6 and bubbles:
        bubbles.pop(rng.randrange(len(bubbles)))
    else:
        return None
    return write(grid, middle, bubbles, counters)


def judge(arbiter, record, fen, birth):
    """Processor time of `arbiter validate` on the position, and what it said."""
    record.write_text(f'[Variant "Bubble Fizz"]\n[FEN "{fen}"]\n[Rules "birth={birth}"]\n\n*\n')
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    verdict = subprocess.run([arbiter, "validate", str(record)], capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    first = verdict.split("\n", 1)[0]
    if "beyond what arbiter decides" in first:
        return seconds, "beyond"
    return seconds, "decided" if ": valid" in first else "refused"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--arbiter", default="target/release/arbiter")
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", default=str(Path(__file__).parent.parent / "fixtures/explosive/positions.txt"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seeds = [line.split(" ", 1)[1].strip() for line in open(args.positions) if line.startswith("5 ")]
    record = Path(tempfile.mkdtemp()) / "climb.pgn"
    tried, found, start = 0, 0, time.time()
    while time.time() - start < args.seconds:
        fen, birth = rng.choice(seeds), rng.choice(["fizzle", "strike"])
        cost, verdict = judge(args.arbiter, record, fen, birth)
        if verdict != "decided":
            continue
        for _ in range(60):
            if time.time() - start >= args.seconds:
                break
            changed = mutate(fen, rng)
            if changed is None:
                continue
            seconds, verdict = judge(args.arbiter, record, changed, birth)
            tried += 1
            if verdict == "beyond":
                found += 1
                print(f"beyond the budget (birth={birth}, {seconds:.2f} s): {changed}", flush=True)
                break
            if verdict == "decided" and seconds >= cost * 0.95:
                fen, cost = changed, seconds
    print(f"{tried} positions tried, {found} beyond the budget, in {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
