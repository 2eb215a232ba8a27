//! Hnefatafl positions set up by hand: a [`Setup`] written as the position text for
//! `from_text` to judge (piece counts, one king, only the king on the throne and the
//! corners), and a position described as a setup to edit.

use super::Piece;
use super::board::SIZE;
use super::look;
use super::position::Hnefatafl;
use ply_core::{Compose, PieceKind, Player, PositionError, PositionFault, Present, Setup};

/// Every piece, by its kind.
const PIECES: [Piece; 3] = [Piece::Attacker, Piece::Defender, Piece::King];

fn refused(fault: PositionFault, reason: &str) -> PositionError {
    PositionError::new("", fault, reason)
}

impl Compose for Hnefatafl {
    const PALETTE: &'static [(Player, PieceKind)] = &[
        (Player::First, look::kind(Piece::Attacker)),
        (Player::Second, look::kind(Piece::Defender)),
        (Player::Second, look::kind(Piece::King)),
    ];

    /// Writes the position text; a board without its king is refused here, since the
    /// text of a game the attackers already won (the king taken, the defenders to move)
    /// is readable, but no one sets up a game to begin after its end.
    fn setup_text(setup: &Setup) -> Result<String, PositionError> {
        let size = usize::from(SIZE);
        if setup.width != size || setup.height != size || setup.cells.len() != size * size {
            return Err(refused(
                PositionFault::Notation,
                "a hnefatafl board is 11 by 11 squares",
            ));
        }
        let mut text = String::with_capacity(64);
        for row in (0..size).rev() {
            let mut empty = 0;
            for column in 0..size {
                let Some((side, kind)) = setup.cells[row * size + column] else {
                    empty += 1;
                    continue;
                };
                let piece = PIECES
                    .into_iter()
                    .find(|&piece| look::kind(piece) == kind && piece.side() == side)
                    .ok_or_else(|| {
                        refused(
                            PositionFault::Notation,
                            "the attackers have only attackers; the king and the defenders \
                             are one side",
                        )
                    })?;
                if empty > 0 {
                    text += &empty.to_string();
                    empty = 0;
                }
                text.push(piece.letter());
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            if row > 0 {
                text.push('/');
            }
        }
        let king = look::kind(Piece::King);
        if !setup.pieces().any(|(_, (_, kind))| kind == king) {
            return Err(refused(
                PositionFault::Impossible,
                "the king is missing: every game has one king, and the game ends when he is \
                 captured",
            ));
        }
        text.push_str(match setup.to_move {
            Player::First => " a",
            Player::Second => " d",
        });
        Ok(text)
    }

    fn setup(&self) -> Setup {
        let view = self.view();
        Setup {
            cells: view.cells.iter().map(|cell| cell.piece).collect(),
            to_move: self.turn,
            ..Setup::empty(view.width, view.height)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hnefatafl::START;
    use ply_core::Rules;

    fn reason(setup: &Setup) -> String {
        let error = Hnefatafl::compose(setup).expect_err("refused");
        assert_eq!(error.fault, PositionFault::Impossible);
        error.reason
    }

    #[test]
    fn the_start_is_written_as_its_text_and_comes_back() {
        let start = Hnefatafl::start().setup();
        assert_eq!(Hnefatafl::setup_text(&start).expect("written"), START);
        assert_eq!(Hnefatafl::compose(&start).expect("accepted").setup(), start);
    }

    #[test]
    fn the_king_must_be_there_once() {
        assert_eq!(
            reason(&Setup::empty(11, 11)),
            "the king is missing: every game has one king, and the game ends when he is \
             captured"
        );
        let mut two_kings = Hnefatafl::start().setup();
        two_kings.cells[1] = Some((Player::Second, look::kind(Piece::King)));
        assert_eq!(reason(&two_kings), "there is more than one king");
    }

    #[test]
    fn a_side_with_more_pieces_than_it_starts_with_is_refused() {
        let mut crowded = Hnefatafl::start().setup();
        let free = (12..110)
            .find(|&cell| crowded.cells[cell].is_none() && cell != 60)
            .expect("a free square");
        crowded.cells[free] = Some((Player::First, look::kind(Piece::Attacker)));
        assert_eq!(
            reason(&crowded),
            "the attackers have 25 pieces; they start with 24"
        );
        crowded.cells[free] = Some((Player::Second, look::kind(Piece::Defender)));
        assert_eq!(
            reason(&crowded),
            "the defenders have 13 pieces besides the king; they start with 12"
        );
    }

    #[test]
    fn an_attacking_king_cannot_be_written() {
        let mut setup = Hnefatafl::start().setup();
        setup.cells[60] = Some((Player::First, look::kind(Piece::King)));
        let error = Hnefatafl::setup_text(&setup).expect_err("no such piece");
        assert_eq!(error.fault, PositionFault::Notation);
    }
}
