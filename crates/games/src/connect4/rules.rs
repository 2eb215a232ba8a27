//! Connect Four's implementation of the core traits' rules and presentation: moves,
//! the end of the game, text, move codes and the drop-in-column board view.

use super::Move;
use super::bitboard::{self, HEIGHT, WIDTH};
use super::look::{self, COUNTER};
use super::notation::SIDE_NAMES;
use super::position::ConnectFour;
use ply_core::{
    BoardView, Cell, EndReason, InputStyle, MoveCode, MoveError, Outcome, PieceLook, Player,
    PositionError, Present, Rules, SideColors,
};

impl Rules for ConnectFour {
    const ID: &'static str = "connect4";
    const RULES_VERSION: u32 = 1;
    type Move = Move;
    /// Nothing needs saving: the column says which counter to lift out again.
    type Undo = ();

    fn start() -> Self {
        ConnectFour::empty()
    }

    fn from_text(text: &str) -> Result<Self, PositionError> {
        ConnectFour::from_moves(text)
    }

    fn to_text(&self) -> String {
        self.to_moves()
    }

    fn to_move(&self) -> Player {
        self.turn()
    }

    #[inline]
    fn gen_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves(out);
    }

    #[inline]
    fn make(&mut self, mv: Move) {
        self.play(mv.column());
    }

    #[inline]
    fn unmake(&mut self, mv: Move, _undo: ()) {
        self.take_back(mv.column());
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.is_won() {
            Some(Outcome::Win {
                winner: self.turn().opponent(),
                reason: EndReason::FourInARow,
            })
        } else if self.is_full() {
            Some(Outcome::Draw {
                reason: EndReason::BoardFull,
            })
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        ConnectFour::hash(self)
    }

    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    fn move_text(&self, mv: Move) -> String {
        mv.number().to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_column(text)
    }

    /// The column number, 1..7.
    fn move_code(mv: Move) -> MoveCode {
        MoveCode(u64::from(mv.number()))
    }

    fn legal_move_from_code(&self, code: MoveCode) -> Option<Move> {
        let mv = u8::try_from(code.0).ok().and_then(Move::from_number)?;
        (!self.is_won() && self.can_play(mv.column())).then_some(mv)
    }
}

impl Present for ConnectFour {
    const NAME: &'static str = "Connect Four";
    // At most 21 moves a side: short games.
    const TIME_PRESETS: &'static [ply_core::TimeControl] = &[
        ply_core::TimeControl::minutes(1, 2),
        ply_core::TimeControl::minutes(2, 3),
        ply_core::TimeControl::minutes(5, 5),
    ];
    const SUMMARY: &'static str =
        "Drop counters into a standing grid and be the first to line up four of your colour.";

    fn side_name(player: Player) -> &'static str {
        SIDE_NAMES[player.index()]
    }

    fn side_colors(player: Player) -> SideColors {
        look::side_colors(player)
    }

    const PIECES: &'static [PieceLook] = look::PIECES;
    const BOTTOM: Player = Player::First;

    fn column_label(column: usize) -> Option<String> {
        look::column_number(column, WIDTH)
    }

    fn row_label(_row: usize) -> Option<String> {
        None
    }

    fn view(&self) -> BoardView {
        let mut view = BoardView::empty(
            usize::from(WIDTH),
            usize::from(HEIGHT),
            InputStyle::DropInColumn,
        );
        view.may_rotate = false;
        view.checkered = false;
        for row in 0..HEIGHT {
            for column in 0..WIDTH {
                let index = view.index(usize::from(column), usize::from(row));
                view.cells[index] = Cell {
                    piece: self.owner(column, row).map(|player| (player, COUNTER)),
                    ..Cell::default()
                };
            }
        }
        view
    }

    /// The single cell where the counter lands.
    fn move_path(&self, mv: Move) -> Vec<usize> {
        let landing = self.landing_cell(mv.column());
        if landing == 0 {
            return Vec::new();
        }
        let (column, row) = bitboard::column_and_row(landing);
        vec![usize::from(row) * usize::from(WIDTH) + usize::from(column)]
    }
}
