#!/usr/bin/env python3
"""Differential sweep: seeded random games of a reference replayed by arbiter.

Goes further than the outputs kept in fixtures/reference (20 games of 40 plies per
option set): as many games as asked, as long as asked, started in turn from the
variant's start and from each constructed position of the reference. For every game
it writes a record, runs `arbiter replay --format json` on it and compares, ply by
ply, the canonical turn and the snapshot after it; with --moves it also compares the
sorted legal turns of every position of the game with `arbiter moves`.

usage: sweep.py VARIANT [OPTIONS] [--first N] [--games N] [--plies N] [--moves]
                [--arbiter PATH]

  VARIANT   bellows, bubble_fizz, bouncing, koopa or tilting
  OPTIONS   rule options as `key=value`, several separated by commas, or `-` for
            none (`schedule=8-10-12-10,turn=move`, `birth=strike`)

Prints one line per game that differs (its record is kept in the current folder as
`sweep-VARIANT-SEED.pgn`) and a summary; exits 1 when any game differed.
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = {'bellows': ('Bellows', 'bellows'), 'bubble_fizz': ('Bubble Fizz', 'bubble-fizz'),
         'bouncing': ('Bouncing Pieces', 'bouncing'), 'koopa': ('Koopa', 'koopa'),
         'tilting': ('Tilting the Balance', 'tilting')}


def load(variant):
    spec = importlib.util.spec_from_file_location(variant, os.path.join(HERE, variant + '.py'))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def starts(ref, variant, opts):
    if variant == 'bellows':
        positions = ref.option_positions(opts.get('schedule', '8-10-12'))
    else:
        positions = ref.POSITIONS
    return [ref.START] + [position[1] for position in positions]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('variant', choices=sorted(NAMES))
    parser.add_argument('options', nargs='?', default='-')
    parser.add_argument('--first', type=int, default=1000)
    parser.add_argument('--games', type=int, default=100)
    parser.add_argument('--plies', type=int, default=80)
    parser.add_argument('--moves', action='store_true')
    parser.add_argument('--arbiter', default=os.path.join(HERE, '..', '..', 'target', 'release', 'arbiter'))
    args = parser.parse_args()
    ref = load(args.variant)
    name, variant_id = NAMES[args.variant]
    opts = dict(o.split('=', 1) for o in args.options.split(',') if o and o != '-')
    rule_args = [a for k, v in opts.items() for a in ('--rule', '%s=%s' % (k, v))]
    firsts = starts(ref, args.variant, opts)
    differ = plies = positions = 0
    for seed in range(args.first, args.first + args.games):
        start = firsts[seed % len(firsts)]
        start_pos = ref.parse(start, **opts)
        game = ref.random_game(seed, args.plies, start=start, **opts)
        record = '[Variant "%s"]\n[FEN "%s"]\n' % (name, ref.write(start_pos))
        if opts:
            record += '[Rules "%s"]\n' % '; '.join('%s=%s' % kv for kv in opts.items())
        record += '\n' + ' '.join(san for san, _ in game) + ' *\n'
        path = 'sweep-%s-%d.pgn' % (args.variant, seed)
        with open(path, 'w') as out:
            out.write(record)
        run = subprocess.run([args.arbiter, 'replay', '--format', 'json', '--jobs', '1', path],
                             capture_output=True, text=True)
        rows = json.loads(run.stdout) if run.stdout.strip().startswith('[') else []
        problem = None
        if len(rows) != len(game):
            problem = 'arbiter replayed %d plies of %d: %s' % (len(rows), len(game), run.stderr.strip()[:400])
        for ply, (row, (san, snapshot)) in enumerate(zip(rows, game), 1):
            if row.get('canonical') != san or row.get('snapshot') != snapshot:
                problem = 'ply %d: reference %s -> %s; arbiter %s -> %s' % (
                    ply, san, snapshot, row.get('canonical'), row.get('snapshot'))
                break
        plies += len(game)
        if problem is None and args.moves:
            snapshots = [ref.write(start_pos)] + [snapshot for _, snapshot in game]
            for snapshot in snapshots:
                expected = [turn[0] for turn in ref.turns(ref.parse(snapshot, **opts))]
                listed = subprocess.run([args.arbiter, 'moves', '--variant', variant_id, '--fen', snapshot]
                                        + rule_args, capture_output=True, text=True)
                positions += 1
                if listed.stdout.split('\n')[:-1] != expected:
                    problem = 'legal turns differ in %s' % snapshot
                    break
        if problem is None:
            os.remove(path)
        else:
            differ += 1
            print('seed %d (%s): %s' % (seed, path, problem), flush=True)
    print('%s %s: %d games, %d plies%s compared, %d differ' % (
        args.variant, args.options, args.games, plies,
        ', %d positions\' legal turns' % positions if args.moves else '', differ), flush=True)
    sys.exit(1 if differ else 0)


if __name__ == '__main__':
    main()
