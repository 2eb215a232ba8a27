//! Checkers' implementation of the core traits: rules (outcomes included), heuristics
//! for the computer player (it evaluates with the network on the pieces, `network`; the
//! weight table in `evaluation` explains its moves and is what the tuner fits), and
//! presentation.

use super::Move;
use super::geometry::{CROWNING_ROW, bit, cell_of, squares};
use super::look;
use super::position::{Checkers, START};
use crate::chess::network::{Committed, PieceNetwork};
use ply_core::{
    BoardView, CellMark, ChanceCurve, EndReason, Heuristics, InputStyle, Ladder, MoveCode,
    MoveError, Outcome, PieceLook, Player, PositionError, Present, Rules, Rungs, Score, SideColors,
};

/// Plies without a capture or a man moving after which the game is drawn.
pub(super) const NO_PROGRESS_PLIES: u32 = 80;

impl Rules for Checkers {
    const ID: &'static str = "checkers";
    const RULES_VERSION: u32 = 1;
    type Move = Move;
    ply_core::copy_make!(play);

    fn start() -> Self {
        Self::from_pdn(START).expect("the start position is valid")
    }

    fn from_text(text: &str) -> Result<Self, PositionError> {
        Self::from_pdn(text)
    }

    fn to_text(&self) -> String {
        self.to_pdn()
    }

    fn to_move(&self) -> Player {
        self.turn
    }

    fn gen_moves(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }

    fn outcome(&self) -> Option<Outcome> {
        let loser = self.turn;
        let lost = |reason| {
            Some(Outcome::Win {
                winner: loser.opponent(),
                reason,
            })
        };
        if self.pieces[loser.index()] == 0 {
            return lost(EndReason::NoPiecesLeft);
        }
        if !self.can_move() {
            return lost(EndReason::NoLegalMoves);
        }
        if self.quiet_plies >= NO_PROGRESS_PLIES {
            return Some(Outcome::Draw {
                reason: EndReason::NoProgress,
            });
        }
        None
    }

    fn repetition_outcome(&self) -> Option<Outcome> {
        Some(Outcome::Draw {
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
        self.notation(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_notation(text)
    }

    fn move_code(mv: Move) -> MoveCode {
        MoveCode(mv.code())
    }
}

/// Move ordering's hint per piece a move captures.
const CAPTURED_PIECE_HINT: i32 = 100;
/// The extra hint per king among them.
const CAPTURED_KING_HINT: i32 = 50;
/// The hint for a man reaching its crowning row.
const CROWNING_HINT: i32 = 60;

/// The scale of the chance-of-winning curve, fitted with `ply tune curve`.
const CHANCE_SCALE: f64 = 0.105;

/// Checkers' own ladder (docs/levels.md): a ply and a lower temperature are worth far
/// more here than in chess, and more still since the network evaluates (depth 5 with
/// four lines at 1.2 scored 4.8% against depth 6 with two at 0.3), so these rungs were
/// chosen from `ply match` measurements of candidates to step about 200 to 420 apart.
const CHECKERS_RUNGS: Rungs = [
    Ladder::at_depth(1, 12, 5.0),
    Ladder::at_depth(2, 10, 3.0),
    Ladder::at_depth(3, 8, 1.8),
    Ladder::at_depth(4, 6, 1.2),
    Ladder::at_depth(5, 4, 1.2),
    Ladder::at_depth(5, 2, 0.3),
    Ladder::at_depth(8, 2, 0.3),
    Ladder::after_nodes(100_000, 1, 0.0),
];

/// No margin-based pruning (the default `PRUNING_UNIT`): with compulsory jumps and
/// tempo fights, pruning quiet-looking moves lost more than it saved (`ply match` at
/// 200 ms against the previous search: 47.5% with it, 62.5% without, same openings).
impl Heuristics for Checkers {
    const CHANCE_CURVE: ChanceCurve = ChanceCurve {
        scale: CHANCE_SCALE,
    };
    const RUNGS: Rungs = CHECKERS_RUNGS;

    /// The learned network's evaluation (`network`); the weight table's terms still
    /// explain the moves.
    fn evaluate(&self) -> Score {
        let network = PieceNetwork::committed(Committed::Checkers);
        Score(network.evaluate(self.network_pieces(), self.turn))
    }

    fn noisy_moves(&self, out: &mut Vec<Move>) {
        self.generate_captures(out);
    }

    /// Captures by what they take (a king counts more than a man), and crowning: since
    /// captures are compulsory, this orders a capture position's moves by their haul.
    fn order_hint(&self, mv: Move) -> i32 {
        let crowns =
            self.kings & bit(mv.from) == 0 && CROWNING_ROW[self.turn.index()] & bit(mv.to) != 0;
        CAPTURED_PIECE_HINT * mv.captured.count_ones() as i32
            + CAPTURED_KING_HINT * (mv.captured & self.kings).count_ones() as i32
            + CROWNING_HINT * i32::from(crowns)
    }
}

impl Present for Checkers {
    const NAME: &'static str = "Checkers";
    const TIME_PRESETS: &'static [ply_core::TimeControl] = &[
        ply_core::TimeControl::minutes(3, 2),
        ply_core::TimeControl::minutes(5, 3),
        ply_core::TimeControl::minutes(10, 5),
        ply_core::TimeControl::minutes(15, 10),
    ];
    const SUMMARY: &'static str = "English draughts: move diagonally, jump to capture (jumping is compulsory) and crown your men on the far row.";

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "Black",
            Player::Second => "White",
        }
    }

    fn side_colors(player: Player) -> SideColors {
        look::side_colors(player)
    }

    const PIECES: &'static [PieceLook] = look::PIECES;
    const BOTTOM: Player = look::BOTTOM;

    fn column_label(_column: usize) -> Option<String> {
        None
    }

    fn row_label(_row: usize) -> Option<String> {
        None
    }

    fn cell_label(cell: usize) -> Option<String> {
        look::square_number(cell)
    }

    fn view(&self) -> BoardView {
        let mut view = BoardView::empty(8, 8, InputStyle::PickAndPlace);
        view.checkered = true;
        for (index, cell) in view.cells.iter_mut().enumerate() {
            if (index % 8 + index / 8) % 2 == 1 {
                cell.mark = CellMark::Unused;
            }
        }
        for side in Player::BOTH {
            for index in squares(self.pieces[side.index()]) {
                let kind = if self.kings & bit(index) != 0 {
                    look::CROWNED_MAN
                } else {
                    look::MAN
                };
                view.cells[cell_of(index)].piece = Some((side, kind));
            }
        }
        view
    }

    fn move_path(&self, mv: Move) -> Vec<usize> {
        mv.path_cells()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_balanced_and_its_view_matches_the_numbering() {
        let start = Checkers::start();
        assert_eq!(start.table_eval(), Score::ZERO);
        assert!(start.evaluate().0.abs() < 50, "{:?}", start.evaluate());
        let view = start.view();
        // Square 1 (b8) holds a black man; square 29 (a1) a white man; b1 is light.
        assert_eq!(
            view.cells[7 * 8 + 1].piece,
            Some((Player::First, look::MAN))
        );
        assert_eq!(view.cells[0].piece, Some((Player::Second, look::MAN)));
        assert_eq!(view.cells[1].mark, CellMark::Unused);
        assert_eq!(view.cells[0].mark, CellMark::Plain);
        let occupied = view
            .cells
            .iter()
            .filter(|cell| cell.piece.is_some())
            .count();
        assert_eq!(occupied, 24);
    }

    #[test]
    fn noisy_moves_are_the_captures() {
        let position = Checkers::from_pdn("B:W15,K30:B11,1").expect("position");
        let mut noisy = Vec::new();
        position.noisy_moves(&mut noisy);
        let mut legal = Vec::new();
        position.gen_moves(&mut legal);
        assert_eq!(noisy, legal);
        assert_eq!(noisy.len(), 1);
        let quiet = Checkers::start();
        noisy.clear();
        quiet.noisy_moves(&mut noisy);
        assert!(noisy.is_empty());
    }

    #[test]
    fn captures_are_hinted_by_their_haul_and_crowning_before_quiet_moves() {
        // 10x17x26 takes two men, 12x19 takes the king on 16.
        let captures = Checkers::from_pdn("B:W14,22,K16:B10,12").expect("position");
        let hint = |position: &Checkers, text: &str| {
            position.order_hint(position.parse_move(text).expect("legal"))
        };
        assert!(hint(&captures, "10x17x26") > hint(&captures, "12x19"));
        assert!(hint(&captures, "12x19") > 0);
        // 25 crowns on 29 or 30; 24's steps are quiet.
        let crowning = Checkers::from_pdn("B:WK5:B24,25").expect("position");
        assert!(hint(&crowning, "25-29") > 0);
        assert_eq!(hint(&crowning, "24-27"), 0);
        let start = Checkers::start();
        assert_eq!(hint(&start, "11-15"), 0);
    }

    #[test]
    fn a_move_path_lists_the_start_and_every_landing() {
        let position = Checkers::from_pdn("B:W14,22:B10").expect("position");
        let mv = position.parse_move("10x17x26").expect("legal");
        // 10 = d6, 17 = b4, 26 = d2.
        assert_eq!(position.move_path(mv), vec![5 * 8 + 3, 3 * 8 + 1, 8 + 3]);
    }
}
