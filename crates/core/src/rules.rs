//! The traits a game mode implements: `Rules` (what is legal and how the game ends),
//! `Heuristics` (how good a position looks, for the computer player) and `Present`
//! (how the board looks and how a person enters moves).

use crate::{
    BoardView, ChanceCurve, MoveError, Outcome, PieceLook, Player, PositionError, Rungs,
    STANDARD_RUNGS, Score, SideColors, TimeControl,
};
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A move as a small number whose meaning never changes for a given mode, so that it
/// can cross crate, thread and network boundaries without knowing the mode's types.
/// Each mode documents its own encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MoveCode(pub u64);

/// The rules of one game mode: positions, legal moves, and the end of the game.
///
/// Positions know nothing of the game's history beyond what their own text records, so
/// repetition is judged by whoever keeps the history (see [`Rules::repetition_outcome`]).
pub trait Rules: Clone + PartialEq + Debug + Send + Sync + 'static {
    /// The mode's stable identifier, used by saves, the network and help pages.
    const ID: &'static str;
    /// Bumped whenever the rules change in a way that could make old move lists illegal.
    const RULES_VERSION: u32;

    /// A move. Small and cheap to copy.
    type Move: Copy + Eq + Debug + Send + Sync + 'static;
    /// What `make` returns so that `unmake` can restore the position.
    type Undo;

    /// The usual starting position.
    fn start() -> Self;
    /// Reads a position in the mode's position text.
    fn from_text(text: &str) -> Result<Self, PositionError>;
    /// Writes the position in the mode's position text.
    fn to_text(&self) -> String;

    /// Whose turn it is.
    fn to_move(&self) -> Player;
    /// Appends every legal move to `out`: nothing once `outcome` has a winner; draws by
    /// a rule (a move counter, insufficient material) leave the moves listed.
    /// Must not allocate once `out` has grown to its working size.
    fn gen_moves(&self, out: &mut Vec<Self::Move>);
    /// Plays a move known to be legal, keeping the hash current.
    fn make(&mut self, mv: Self::Move) -> Self::Undo;
    /// Takes back the move that `make` returned `undo` for.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);

    /// How the game has ended in this position, if it has (not counting repetition).
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the position is drawn by a rule that leaves moves on the board (a move
    /// counter, insufficient material). The search asks this only where moves exist,
    /// where `outcome` can only be such a draw; modes override it with something cheaper.
    fn drawn_by_rule(&self) -> bool {
        self.outcome().is_some()
    }
    /// Whether `side` could still win by some series of legal moves, for a game whose
    /// opponent runs out of time (chess: whether it has the material to checkmate).
    /// Modes where running out of time always loses keep the default.
    fn can_still_win(&self, _side: Player) -> bool {
        true
    }
    /// What it means when this position occurs for the third time, if anything.
    fn repetition_outcome(&self) -> Option<Outcome> {
        None
    }
    /// How many plies back this position could have occurred before: plies since the
    /// last move that can never be undone (a capture or a pawn move, in chess). The
    /// default, no limit, is always correct, only slower.
    fn plies_since_irreversible(&self) -> usize {
        usize::MAX
    }

    /// The position's Zobrist hash, kept up to date by `make`.
    fn hash(&self) -> u64;
    /// The hash computed from scratch; tests compare it with [`Rules::hash`].
    fn recompute_hash(&self) -> u64;

    /// The move in the mode's move text (the position is the one before the move).
    fn move_text(&self, mv: Self::Move) -> String;
    /// Reads a legal move from move text.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        let mut moves = Vec::new();
        self.gen_moves(&mut moves);
        moves
            .into_iter()
            .find(|&mv| self.move_text(mv) == text)
            .ok_or_else(|| MoveError::illegal(text))
    }
    /// The move as players read it in a move list (for chess, SAN).
    fn display_move(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }

    /// The move's stable code.
    fn move_code(mv: Self::Move) -> MoveCode;
    /// The legal move with this code, if there is one.
    fn legal_move_from_code(&self, code: MoveCode) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.gen_moves(&mut moves);
        moves.into_iter().find(|&mv| Self::move_code(mv) == code)
    }
}

/// How many keys [`Heuristics::correction_key`] gives.
pub const CORRECTION_KEYS: usize = 3;

/// What the computer player needs beyond the rules.
pub trait Heuristics: Rules {
    /// A modest advantage in the mode's score units (a pawn, in chess): the scale of
    /// the search's margin-based pruning (futility and the like). `None`, the default,
    /// turns that pruning off, for modes where one quiet move can decide the game.
    const PRUNING_UNIT: Option<i32> = None;
    /// How the mode's scores translate into a chance of winning (the game review's
    /// and the evaluation bar's curve), fitted to the project's own games with
    /// `ply tune curve`.
    const CHANCE_CURVE: ChanceCurve;
    /// How the computer's levels below the whole engine search and choose in this mode
    /// (docs/levels.md): chess's ladder unless the mode measured one of its own.
    const RUNGS: Rungs = STANDARD_RUNGS;

    /// A static estimate of the position from the side to move's point of view.
    fn evaluate(&self) -> Score;
    /// The legal moves worth searching past the horizon (captures and the like).
    fn noisy_moves(&self, _out: &mut Vec<Self::Move>) {}
    /// How promising a legal move looks before searching it, for move ordering:
    /// positive for moves to try early (captures of valuable pieces first), 0 for quiet
    /// moves.
    fn order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }
    /// Whether the side to move faces a threat it must answer at once (check, in chess):
    /// the search then looks one ply further and never stands pat.
    fn in_check(&self) -> bool {
        false
    }
    /// Whether, reached at or past the search's horizon, this position can go
    /// straight to quiescence without generating every move: the game cannot have
    /// ended here by a rule only the whole list of moves (or the mode's own endings)
    /// would show, and the side to move is not in check. A stalemate there is then
    /// left unseen, as engines do. The default says no: every such position is
    /// searched as a full node.
    fn quiet_past_horizon(&self) -> bool {
        false
    }
    /// The position with the turn passed to the opponent, for the search's null-move
    /// pruning; `None` where passing would mislead the search: in check, where zugzwang
    /// is likely, and in modes where passing is never a fair guess (the default).
    fn null_move(&self) -> Option<Self> {
        None
    }
    /// Keys for the parts of the position whose misjudgement by [`Self::evaluate`]
    /// lasts from move to move (in chess: the pawns, and each side's other pieces): the
    /// search learns, per key, how far its results differ from the evaluation and
    /// corrects it by the average over the keys. `None`, the default, learns nothing.
    fn correction_key(&self) -> Option<[u64; CORRECTION_KEYS]> {
        None
    }
    /// Whether the move `mv` loses material once the exchange it starts is played out
    /// (static exchange evaluation; for a quiet move, the captures on the square it
    /// lands on): the search then tries a noisy one late and leaves it out of
    /// quiescence, and skips a quiet one near the horizon. The default knows no
    /// exchanges and says no.
    fn losing_exchange(&self, _mv: Self::Move) -> bool {
        false
    }
    /// For a mode that can be played perfectly: a move that keeps the position's exact
    /// value, with that value from the side to move's view, found before `deadline`
    /// (and before `stop` is raised). `None` when the mode has no such player or it
    /// cannot finish in time; the ordinary search then plays.
    fn perfect_move(&self, _deadline: Instant, _stop: &AtomicBool) -> Option<(Self::Move, Score)> {
        None
    }
    /// For a mode that can be solved: the position's exact value from the side to
    /// move's view (a win or loss in so many plies, or a draw) with a move that keeps
    /// it, proven before `deadline` (and before `stop` is raised): what an analysis
    /// shows as a certainty. `None` when the mode has no solver, the game is over, or
    /// the proof does not finish in time.
    fn exact_value(&self, _deadline: Instant, _stop: &AtomicBool) -> Option<(Self::Move, Score)> {
        None
    }
}

/// How a mode is shown and played by a person.
pub trait Present: Rules {
    /// The mode's name in menus.
    const NAME: &'static str;
    /// One sentence for the mode list.
    const SUMMARY: &'static str;

    /// What each side is called ("White", "Attackers", "Red").
    fn side_name(player: Player) -> &'static str;
    /// The time controls offered when a game of this mode is set up, shortest first.
    const TIME_PRESETS: &'static [TimeControl] = crate::GENERAL_PRESETS;
    /// The colours of each side's pieces.
    fn side_colors(player: Player) -> SideColors;
    /// Every kind of piece, indexed by [`PieceKind`]: name, value and drawing recipe.
    const PIECES: &'static [PieceLook];
    /// The side drawn at the bottom of the board unless the front end turns it to face
    /// a person: the side whose pieces start on the bottom rows of the view (White in
    /// chess; White in checkers, as in the usual diagram with Black's squares 1-12 at
    /// the top).
    const BOTTOM: Player;
    /// The label shown under column `column` (0 at the left), if any: "a" in chess,
    /// "1" in Connect Four.
    fn column_label(column: usize) -> Option<String>;
    /// The label shown beside row `row` (0 at the bottom), if any: "1" in chess.
    fn row_label(row: usize) -> Option<String>;
    /// A label shown on the cell itself, if any: checkers' square numbers 1-32.
    fn cell_label(_index: usize) -> Option<String> {
        None
    }
    /// A picture of the position, independent of any drawing library.
    fn view(&self) -> BoardView;
    /// The cells a move touches, in order (where it starts, where it lands on the way,
    /// where it ends), as indices into [`BoardView::cells`].
    fn move_path(&self, mv: Self::Move) -> Vec<usize>;
}
