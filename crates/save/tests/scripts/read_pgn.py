"""Reads a PGN file with python-chess, an independent PGN reader, for the export tests.

For each game it prints one line: the Result tag, the result python-chess finds by
replaying the moves on the board of the game's Variant (claimable draws included; "*"
when the position is not over), the moves in UCI, the TimeControl tag ("-" if none)
and the clock after each move in whole seconds ("-" for a move without one). Any move python-chess cannot
read, or a game it reads with errors, stops the script with status 1. Then, for reviewed
games, the evaluation of each move from White's view ("cp:17", "#-2", "-" for none) and
its NAGs ("4", "-" for none).
"""

import sys

import chess
import chess.pgn


def eval_text(score):
    """An evaluation from White's view: "cp:17", "#3", "#-2", or "-" when there is none."""
    if score is None:
        return "-"
    white = score.white()
    if white.is_mate():
        return f"#{white.mate()}"
    return f"cp:{white.score()}"


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
            evals = []
            nags = []
            for node in game.mainline():
                move = node.move
                if not board.is_legal(move):
                    sys.exit(f"python-chess finds {move.uci()} illegal in {board.fen()}")
                moves.append(move.uci())
                clock = node.clock()
                clocks.append("-" if clock is None else str(round(clock)))
                evals.append(eval_text(node.eval()))
                nags.append(",".join(str(nag) for nag in sorted(node.nags)) or "-")
                board.push(move)
            outcome = board.outcome(claim_draw=True)
            found = outcome.result() if outcome else "*"
            control = game.headers.get("TimeControl", "-")
            print(
                game.headers["Result"],
                found,
                " ".join(moves),
                control,
                " ".join(clocks),
                " ".join(evals),
                " ".join(nags),
                sep="\t",
            )


if __name__ == "__main__":
    main(sys.argv[1])
