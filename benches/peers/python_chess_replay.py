"""The python-chess peer of the benchmark: reads every game of a PGN file with
chess.pgn.read_game and plays its main line, as a user of python-chess validating a
file would. Prints the number of games and plies read."""

import sys

import chess.pgn


def main(path):
    games = plies = 0
    with open(path, encoding="utf-8", errors="replace") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            games += 1
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                plies += 1
    print(f"{games} games, {plies} plies")


if __name__ == "__main__":
    main(sys.argv[1])
