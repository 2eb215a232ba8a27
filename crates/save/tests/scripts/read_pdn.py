"""Reads a PDN file with pydraughts, an independent PDN reader, for the export tests.

For each game it prints one line: the result token, the winner pydraughts finds by
replaying the moves on an English draughts board ("black", "white", "draw", or "*"
when the game is not over), and the moves as read. A move pydraughts does not find
among the legal moves stops the script with status 1.
"""

import sys

from draughts import BLACK, WHITE, Board, Move
from draughts.PDN import PDNReader

WINNERS = {BLACK: "black", WHITE: "white", 0: "draw", None: "*"}


def main(path):
    for game in PDNReader(filename=path).games:
        if game.variant != "english":
            sys.exit(f"pydraughts reads the game type as {game.variant!r}")
        fen = game.tags.get("FEN")
        board = Board("english", fen) if fen else Board("english")
        for text in game.moves:
            try:
                board.push(Move(board, pdn_move=text))
            except KeyError:
                sys.exit(f"pydraughts finds {text} illegal in {board.fen}")
        print(game.game_ending, WINNERS[board.winner()], " ".join(game.moves), sep="\t")


if __name__ == "__main__":
    main(sys.argv[1])
