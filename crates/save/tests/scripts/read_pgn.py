"""Reads a PGN file with python-chess, an independent PGN reader, for the export tests.

For each game it prints one line: the Result tag, the result python-chess finds by
replaying the moves on the board of the game's Variant (claimable draws included; "*"
when the position is not over), the moves in UCI, the TimeControl tag ("-" if none)
and the clock after each move in whole seconds ("-" for a move without one). Any move python-chess cannot
read, or a game it reads with errors, stops the script with status 1.
"""

import sys

import chess
import chess.pgn


def main(path):
    with open(path, encoding="utf-8") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            if game.errors:
                sys.exit(f"python-chess could not read a game: {game.errors}")
            board = game.board()
            moves = []
            clocks = []
            for node in game.mainline():
                move = node.move
                if not board.is_legal(move):
                    sys.exit(f"python-chess finds {move.uci()} illegal in {board.fen()}")
                moves.append(move.uci())
                clock = node.clock()
                clocks.append("-" if clock is None else str(round(clock)))
                board.push(move)
            outcome = board.outcome(claim_draw=True)
            found = outcome.result() if outcome else "*"
            control = game.headers.get("TimeControl", "-")
            print(game.headers["Result"], found, " ".join(moves), control, " ".join(clocks), sep="\t")


if __name__ == "__main__":
    main(sys.argv[1])
