//! Hnefatafl's implementation of the core traits: rules (outcomes and notation),
//! heuristics for the computer player, and presentation.

use super::Move;
use super::board::{CORNERS, RESTRICTED, SIZE, has, neighbours, parse_square, square_name};
use super::evaluation::ATTACKER_WORTH;
use super::look;
use super::position::{Hnefatafl, START};
use crate::chess::network::{Committed, PieceNetwork};
use ply_core::{
    BoardView, CellMark, ChanceCurve, EndReason, Heuristics, InputStyle, Ladder, MoveCode,
    MoveError, Outcome, PieceLook, Player, PositionError, Present, Rules, Rungs, Score, SideColors,
};

impl Rules for Hnefatafl {
    const ID: &'static str = "hnefatafl";
    const RULES_VERSION: u32 = 1;
    type Move = Move;
    ply_core::copy_make!(play);

    fn start() -> Self {
        Self::from_text(START).expect("the start position is valid")
    }

    fn from_text(text: &str) -> Result<Self, PositionError> {
        Hnefatafl::from_text(text)
    }

    fn to_text(&self) -> String {
        Hnefatafl::to_text(self)
    }

    fn to_move(&self) -> Player {
        self.turn
    }

    fn gen_moves(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position_outcome()
    }

    /// A third occurrence is forbidden to the defenders: they lose.
    fn repetition_outcome(&self) -> Option<Outcome> {
        Some(Outcome::Win {
            winner: Player::First,
            reason: EndReason::Repetition,
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    fn move_text(&self, mv: Move) -> String {
        format!("{}-{}", square_name(mv.from), square_name(mv.to))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let (from, to) = Self::read_squares(text)?;
        let wanted = Move { from, to };
        let mut moves = Vec::with_capacity(128);
        self.generate(&mut moves);
        if moves.contains(&wanted) {
            Ok(wanted)
        } else {
            Err(MoveError::illegal(text))
        }
    }

    /// The move text followed by `x` and each square it captures on, as game records
    /// write it (`g3-e3xe2`).
    fn display_move(&self, mv: Move) -> String {
        let mut text = self.move_text(mv);
        for square in self.captured_by(mv) {
            text.push('x');
            text += &square_name(square);
        }
        text
    }

    fn move_code(mv: Move) -> MoveCode {
        MoveCode(mv.code())
    }
}

/// The scale of the chance-of-winning curve, fitted with `ply tune curve`.
const CHANCE_SCALE: f64 = 0.16;

/// Hnefatafl's own ladder (docs/levels.md): with its learned correction, chess's rungs
/// stepped about 290 from depth 3 to 5 and over 500 from depth 5 with four lines to
/// depth 8, so this ladder starts a ply higher and puts two measured rungs (fewer lines
/// at depth 5, then depth 6) below depth 8.
const HNEFATAFL_RUNGS: Rungs = [
    Ladder::at_depth(2, 10, 4.5),
    Ladder::at_depth(3, 8, 4.0),
    Ladder::at_depth(4, 6, 2.5),
    Ladder::at_depth(5, 4, 1.2),
    Ladder::at_depth(5, 2, 0.3),
    Ladder::at_depth(6, 2, 0.3),
    Ladder::at_depth(8, 2, 0.3),
    Ladder::after_nodes(250_000, 1, 0.0),
];

impl Heuristics for Hnefatafl {
    const PRUNING_UNIT: Option<i32> = Some(ATTACKER_WORTH);
    const CHANCE_CURVE: ChanceCurve = ChanceCurve {
        scale: CHANCE_SCALE,
    };
    const RUNGS: Rungs = HNEFATAFL_RUNGS;

    /// The weight table's evaluation and the learned network's correction of it
    /// (`network`).
    fn evaluate(&self) -> Score {
        let network = PieceNetwork::committed(Committed::Hnefatafl);
        Score(self.table_score() + network.evaluate(self.network_pieces(), self.turn))
    }

    /// Passing is a fair guess here: with dozens of moves each turn, a side is almost
    /// never better off not moving, so zugzwang does not mislead the search.
    fn null_move(&self) -> Option<Self> {
        Some(self.passed())
    }

    /// The captures (the king's included) and the king's escapes to a corner.
    fn noisy_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.generate(out);
        let enemies = self.side_pieces(self.turn.opponent());
        // Every capture, shieldwalls and the king's included, lands beside an enemy.
        let beside_enemies = neighbours(enemies);
        let mut index = start;
        while index < out.len() {
            let mv = out[index];
            let escapes = self.king == Some(mv.from) && has(CORNERS, mv.to);
            if !escapes && !has(beside_enemies, mv.to) {
                out.swap_remove(index);
                continue;
            }
            let mut after = *self;
            after.play(mv);
            if escapes || after.side_pieces(self.turn.opponent()) != enemies {
                index += 1;
            } else {
                out.swap_remove(index);
            }
        }
    }
}

impl Present for Hnefatafl {
    const NAME: &'static str = "Hnefatafl";
    // Hnefatafl games are long: many moves, much thinking.
    const TIME_PRESETS: &'static [ply_core::TimeControl] = &[
        ply_core::TimeControl::minutes(5, 5),
        ply_core::TimeControl::minutes(10, 10),
        ply_core::TimeControl::minutes(20, 20),
        ply_core::TimeControl::minutes(45, 30),
    ];
    const SUMMARY: &'static str = "The Viking game (Copenhagen rules, 11x11): the king flees to a corner while the \
         attackers close in to capture him.";

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "Attackers",
            Player::Second => "Defenders",
        }
    }

    fn side_colors(player: Player) -> SideColors {
        look::side_colors(player)
    }

    const PIECES: &'static [PieceLook] = look::PIECES;
    const BOTTOM: Player = look::BOTTOM;

    fn column_label(column: usize) -> Option<String> {
        look::file_label(column, SIZE)
    }

    fn row_label(row: usize) -> Option<String> {
        look::rank_label(row, SIZE)
    }

    fn view(&self) -> BoardView {
        let size = usize::from(SIZE);
        let mut view = BoardView::empty(size, size, InputStyle::PickAndPlace);
        view.may_rotate = true;
        for (index, cell) in view.cells.iter_mut().enumerate() {
            let square = index as u8;
            cell.piece = self
                .piece_at(square)
                .map(|piece| (piece.side(), look::kind(piece)));
            if has(RESTRICTED, square) {
                cell.mark = CellMark::Special;
            }
        }
        view
    }

    fn move_path(&self, mv: Move) -> Vec<usize> {
        vec![usize::from(mv.from), usize::from(mv.to)]
    }
}

impl Hnefatafl {
    /// Reads the two squares of move text such as `d1-d3`, without judging legality.
    pub(super) fn read_squares(text: &str) -> Result<(u8, u8), MoveError> {
        let text = text.trim();
        let (from, to) = text.split_once('-').ok_or_else(|| {
            MoveError::malformed(text, "expected two squares joined by '-', such as d1-d3")
        })?;
        let square = |part: &str, which: &str| {
            parse_square(part).ok_or_else(|| {
                MoveError::malformed(
                    text,
                    format!("'{part}' is not a {which} square (files a to k, ranks 1 to 11)"),
                )
            })
        };
        Ok((square(from, "from")?, square(to, "to")?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noisy_moves_are_the_captures() {
        let position =
            Hnefatafl::from_text("11/11/5k5/11/11/11/11/11/11/1ad8/3a7 a").expect("position");
        let mut noisy = Vec::new();
        position.noisy_moves(&mut noisy);
        let texts: Vec<String> = noisy.iter().map(|&mv| position.move_text(mv)).collect();
        assert_eq!(texts, vec!["d1-d2".to_string()]);
    }
}
