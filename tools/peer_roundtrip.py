#!/usr/bin/env python3
"""Round trip through the peers: `arbiter export` output of orthodox chess records is
read by python-chess and pgn-extract, and each game's final position must be the one
`arbiter fen` gives (the first four FEN fields: placement, side, castling, en passant).
The UCI export (`--notation uci`) is replayed move by move with python-chess's
`Board.push_uci`.

Usage: peer_roundtrip.py ARBITER PGN_EXTRACT RECORD...
Games that arbiter does not find valid, and games of other variants, are skipped.
"""

import io
import os
import re
import subprocess
import sys

import chess
import chess.pgn
from concurrent.futures import ThreadPoolExecutor

CHESS_NAMES = {"", "chess", "standard", "normal", "chess960", "chess 960", "fischerandom", "fischer random",
               "from position", "frc"}
TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def run(args, text=None):
    return subprocess.run(args, input=text, capture_output=True, text=True, check=False)


def games_of(exported):
    """The games of an export: each starts with its `[Event` tag (the roster comes first)."""
    starts = [m.start() for m in re.finditer(r"^\[Event ", exported, re.M)]
    return [exported[a:b] for a, b in zip(starts, starts[1:] + [len(exported)])]


def tags_of(game):
    return {m.group(1): m.group(2) for m in map(TAG.match, game.splitlines()) if m}


def fields(fen):
    return " ".join(fen.split()[:4])


def movetext_tokens(game):
    """The main line's tokens of one exported game: no tags, comments, variations,
    NAGs, move numbers or result."""
    body = "\n".join(line for line in game.splitlines() if not line.startswith("["))
    body = re.sub(r"\{[^}]*\}", " ", body)
    body = re.sub(r";[^\n]*", " ", body)
    while True:
        stripped = re.sub(r"\([^()]*\)", " ", body)
        if stripped == body:
            break
        body = stripped
    tokens = []
    for token in body.split():
        token = re.sub(r"^\d+\.+", "", token)
        if token and not token.startswith("$") and token not in RESULTS:
            tokens.append(token)
    return tokens


def start_board(tags):
    chess960 = tags.get("Variant", "").lower() in {"chess960", "chess 960", "fischerandom", "fischer random", "frc"}
    fen = tags.get("FEN")
    return chess.Board(fen, chess960=chess960) if fen else chess.Board(chess960=chess960)


def python_chess_san(game):
    parsed = chess.pgn.read_game(io.StringIO(game))
    if parsed is None or parsed.errors:
        return None, f"python-chess: {parsed.errors[0] if parsed else 'no game'}"
    return parsed.end().board().fen(), None


def python_chess_uci(game):
    board = start_board(tags_of(game))
    for token in movetext_tokens(game):
        try:
            board.push_uci(token)
        except ValueError as error:
            return None, f"push_uci({token!r}): {error}"
    return board.fen(), None


def pgn_extract(program, game):
    """The final FEN pgn-extract writes (`-F`) for one game."""
    done = run([program, "-F", "--nofauxep", "--quiet", "-s"], game)
    found = re.findall(r'\{\s*"([^"]+)"\s*\}', done.stdout)
    if found:
        return found[-1], None
    if games_of(done.stdout) and not movetext_tokens(game):
        # A game without moves gets no FEN comment: it ends where it starts.
        return start_board(tags_of(game)).fen(), None
    return None, done.stderr.strip()[:300] or "no game written"


def check_game(arbiter, pgn_extract_program, record, number, game, uci_game):
    """The failures of one exported game, or None when it is not checked (another
    variant, broken, or without a final position)."""
    tags = tags_of(game)
    if tags.get("Variant", "").lower() not in CHESS_NAMES or "{arbiter:" in game:
        return None
    fen = run([arbiter, "fen", "-"], game)
    if fen.returncode != 0 or not fen.stdout.strip():
        # Not valid for arbiter (a game copied as written after a syntax error, say).
        return None
    expected = fields(fen.stdout.strip())
    readers = [
        ("python-chess", python_chess_san(game)),
        ("pgn-extract", pgn_extract(pgn_extract_program, game)),
        ("push_uci", python_chess_uci(uci_game)),
    ]
    failures = []
    for name, (got, error) in readers:
        if got is None:
            failures.append(f"{record} game {number}: {name} could not read the export: {error}")
        elif fields(got) != expected:
            failures.append(f"{record} game {number}: {name} ends in {fields(got)}, arbiter in {expected}")
    return failures


def check_file(arbiter, pgn_extract_program, record):
    san = run([arbiter, "export", record]).stdout
    uci = run([arbiter, "export", "--notation", "uci", record]).stdout
    san_games, uci_games = games_of(san), games_of(uci)
    failures, checked = [], 0
    if len(san_games) != len(uci_games):
        failures.append(f"{record}: {len(san_games)} games exported in SAN, {len(uci_games)} in UCI")
    jobs = [(number, game, uci_game) for number, (game, uci_game) in enumerate(zip(san_games, uci_games), start=1)]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for result in pool.map(lambda job: check_game(arbiter, pgn_extract_program, record, *job), jobs):
            if result is not None:
                checked += 1
                failures += result
    return checked, failures


def main(argv):
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    arbiter, pgn_extract, records = argv[1], argv[2], argv[3:]
    total, all_failures = 0, []
    for record in records:
        checked, failures = check_file(arbiter, pgn_extract, record)
        print(f"{record}: {checked} games checked, {len(failures)} failures")
        total += checked
        all_failures += failures
    for failure in all_failures[:50]:
        print(failure)
    print(f"peer round trip: {total} games, {len(all_failures)} failures")
    return 1 if all_failures or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
