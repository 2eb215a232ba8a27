//! How the end of a game is told: a headline saying who won, a sentence saying why in
//! the mode's own words (whose pieces ran out, whose king escaped), and the cells that
//! decided it, to be marked on the final position.

use ply_core::{BoardView, EndReason, Outcome, Player};
use ply_modes::AnyGame;
use ply_play::MoveEffects;

/// The banner's headline: "White wins" or "Draw"; with the players' `names`, "Ada wins
/// (White)".
pub fn headline(game: &dyn AnyGame, outcome: Outcome, names: [Option<&str>; 2]) -> String {
    match outcome.winner() {
        Some(winner) => match names[winner.index()] {
            Some(name) => format!("{name} wins ({})", game.side_name(winner)),
            None => ply_core::wins(game.side_name(winner)),
        },
        None => "Draw".to_string(),
    }
}

/// Why the game ended, naming the side concerned.
pub fn reason(game: &dyn AnyGame, outcome: Outcome) -> String {
    let winner = outcome.winner().unwrap_or(game.to_move());
    let (won, lost) = (game.side_name(winner), game.side_name(winner.opponent()));
    let stuck = game.side_name(game.to_move());
    match outcome.reason() {
        EndReason::Checkmate => format!("{lost} is checkmated."),
        EndReason::Stalemate => format!("{stuck} cannot move but is not in check: stalemate."),
        EndReason::Repetition => "The same position came up for the third time.".into(),
        EndReason::NoProgress => "Too many moves passed without a capture or a pawn move.".into(),
        EndReason::InsufficientMaterial => "Neither side has enough pieces left to win.".into(),
        EndReason::KingExploded => format!("{lost}'s king was caught in an explosion."),
        EndReason::KingOnHill => format!("{won}'s king reached the hill."),
        EndReason::NoPiecesLeft => format!("{lost} has no pieces left."),
        EndReason::NoLegalMoves => format!("{lost} has no move left."),
        EndReason::KingEscaped => "The king escaped to a corner.".into(),
        EndReason::ExitFort => "The king is safe in a fort on the edge.".into(),
        EndReason::KingCaptured => "The king was surrounded and captured.".into(),
        EndReason::Encircled => format!("{won} surrounded every one of {lost}'s pieces."),
        EndReason::MoveLimit => "The game reached its move limit.".into(),
        EndReason::FourInARow => format!("{won} made four in a row."),
        EndReason::BoardFull => "The board is full and nobody made four in a row.".into(),
        EndReason::Resignation => format!("{lost} resigned."),
        EndReason::DrawAgreed => "Both players agreed to a draw.".into(),
        EndReason::OutOfTime => format!("{lost} ran out of time."),
        EndReason::OutOfTimeNoMaterial => {
            let other = game.side_name(game.to_move().opponent());
            format!("{stuck} ran out of time, but {other} could not have won.")
        }
        EndReason::Abandoned if outcome.winner().is_some() => {
            format!("{lost} left the game and stayed away; {won} claimed the win.")
        }
        EndReason::Abandoned => {
            "A player left the game and stayed away; it was called a draw.".into()
        }
    }
}

/// The cells that decided the game: the four in a row, the king's way to the corner,
/// the mated king, the explosion, the square where the king was taken.
pub fn deciding_cells(
    outcome: Outcome,
    view: &BoardView,
    last: Option<&MoveEffects>,
) -> Vec<usize> {
    let path = || last.map(|m| m.path.clone()).unwrap_or_default();
    let taken = || {
        last.map(|m| m.captured.iter().map(|(cell, _)| *cell).collect())
            .unwrap_or_default()
    };
    match outcome.reason() {
        EndReason::Checkmate => view.in_check.clone(),
        EndReason::KingEscaped => path(),
        // The hill square the king reached, not the square it came from.
        EndReason::KingOnHill => path().last().copied().into_iter().collect(),
        EndReason::KingExploded | EndReason::KingCaptured | EndReason::NoPiecesLeft => taken(),
        EndReason::FourInARow => match (outcome.winner(), last.and_then(|m| m.path.last())) {
            (Some(winner), Some(&cell)) => line_through(view, cell, winner),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// The longest straight line (at least four) of `owner`'s pieces through `cell`.
fn line_through(view: &BoardView, cell: usize, owner: Player) -> Vec<usize> {
    let (w, h) = (view.width as i64, view.height as i64);
    let owns = |c: i64, r: i64| {
        c >= 0
            && r >= 0
            && c < w
            && r < h
            && view.cells[(r * w + c) as usize]
                .piece
                .is_some_and(|(who, _)| who == owner)
    };
    let (c0, r0) = (cell as i64 % w, cell as i64 / w);
    let mut best = Vec::new();
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let mut line = vec![cell];
        for sign in [1, -1] {
            let (mut c, mut r) = (c0 + sign * dc, r0 + sign * dr);
            while owns(c, r) {
                line.push((r * w + c) as usize);
                c += sign * dc;
                r += sign * dr;
            }
        }
        if line.len() >= 4 && line.len() > best.len() {
            best = line;
        }
    }
    best.sort_unstable();
    best
}
