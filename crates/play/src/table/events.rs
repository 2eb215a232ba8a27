//! What a move did, worked out from the pictures of the board before and after it: the
//! piece that moved, the pieces it took (or that exploded), a promotion or crowning, a
//! check. Board views animate these, the panel counts captures from them, and sounds
//! play for them; none of them counts pieces on the board to guess.

use crate::message::Message;
use ply_core::{BoardView, Outcome, Player};

/// A piece on the board: its owner and kind.
pub type Piece = (Player, ply_core::PieceKind);

/// Everything one move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEffects {
    /// The side that moved.
    pub side: Player,
    /// The move as it appears in the move list.
    pub display: String,
    /// The cells the move went through, from start to end.
    pub path: Vec<usize>,
    /// The piece that moved (for a dropped counter, the counter).
    pub piece: Option<Piece>,
    /// Pieces taken off the board, with the cells they stood on (the mover itself when
    /// it exploded).
    pub captured: Vec<(usize, Piece)>,
    /// Other pieces that moved with it (the rook in castling): from, to, piece.
    pub companions: Vec<(usize, usize, Piece)>,
    /// The moving piece blew up with its capture (atomic chess).
    pub exploded: bool,
    /// What the moving piece became (promotion, crowning).
    pub promoted: Option<Piece>,
    /// The move gives check.
    pub check: bool,
}

/// Something that happened at the table, for the board view, the panel and sounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableEvent {
    /// A move was played.
    Moved(MoveEffects),
    /// The last move was taken back (the board jumps back, no animation).
    Undone,
    /// A side offers a draw.
    DrawOffered(Player),
    /// A side declined the draw offered to it.
    DrawDeclined(Player),
    /// The game ended.
    Ended(Outcome),
    /// The referee refused something a seat at this computer asked for.
    Refused(String),
    /// News for the player (a player dropped, chat), with what it is about.
    Notice(NoticeKind, Message),
    /// This side's clock fell below ten seconds.
    LowTime(Player),
    /// A side asks to take back its last move.
    TakebackAsked(Player),
    /// A side declined to take back a move.
    TakebackDeclined(Player),
    /// The game was aborted with no result.
    Aborted,
}

/// What news from the other players is about, so that it can sound like what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// A chat message.
    Chat,
    /// A player lost the connection or left.
    Left,
    /// A player is back.
    Back,
    /// Anything else (a refusal, the connection ending).
    Other,
}

/// Works out what a move did from the board before and after it and its path.
pub fn effects(
    before: &BoardView,
    after: &BoardView,
    path: &[usize],
    side: Player,
    display: String,
) -> MoveEffects {
    let piece_at = |view: &BoardView, cell: usize| view.cells.get(cell).and_then(|c| c.piece);
    let (start, end) = (path.first().copied(), path.last().copied());
    let mover = start
        .and_then(|cell| piece_at(before, cell))
        .filter(|(owner, _)| *owner == side);
    let arrived = end
        .and_then(|cell| piece_at(after, cell))
        .filter(|(owner, _)| *owner == side);
    let piece = mover.or(arrived);
    let mut left: Vec<(usize, Piece)> = Vec::new();
    let mut came: Vec<(usize, Piece)> = Vec::new();
    for cell in 0..before.cells.len().min(after.cells.len()) {
        let (was, now) = (piece_at(before, cell), piece_at(after, cell));
        if was == now {
            continue;
        }
        if let Some(was) = was
            && !(Some(cell) == start && mover.is_some())
        {
            left.push((cell, was));
        }
        if let Some(now) = now
            && !(Some(cell) == end && arrived.is_some())
        {
            came.push((cell, now));
        }
    }
    let mut companions = Vec::new();
    for (to, piece) in came {
        if let Some(found) = left.iter().position(|(_, gone)| *gone == piece) {
            let (from, _) = left.remove(found);
            companions.push((from, to, piece));
        }
    }
    let exploded = mover.is_some() && arrived.is_none();
    let mut captured = left;
    if exploded && let (Some(mover), Some(end)) = (mover, end) {
        captured.push((end, mover));
    }
    let promoted = match (mover, arrived) {
        (Some(was), Some(now)) if was != now => Some(now),
        _ => None,
    };
    MoveEffects {
        side,
        display,
        path: path.to_vec(),
        piece,
        captured,
        companions,
        exploded,
        promoted,
        check: !after.in_check.is_empty(),
    }
}

/// The pieces each side has lost and the material each side leads by, from the moves'
/// effects and each piece's value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The pieces each side has lost, first player first, in the order they were lost.
    pub lost: [Vec<Piece>; 2],
    /// The value each side has gained by promotion or crowning.
    pub promoted: [i64; 2],
}

impl Tally {
    /// Counts the captures and promotions of `moves`, valuing pieces with `value`.
    pub fn of<'a>(
        moves: impl IntoIterator<Item = &'a MoveEffects>,
        value: impl Fn(Piece) -> i64,
    ) -> Tally {
        let mut tally = Tally::default();
        for effects in moves {
            for &(_, piece) in &effects.captured {
                tally.lost[piece.0.index()].push(piece);
            }
            if let (Some(was), Some(now)) = (effects.piece, effects.promoted) {
                tally.promoted[effects.side.index()] += value(now) - value(was);
            }
        }
        tally
    }

    /// How much material `side` leads by (negative when behind), counting captures and
    /// promotions since the game's start position.
    pub fn lead(&self, side: Player, value: impl Fn(Piece) -> i64) -> i64 {
        let worth = |player: Player| -> i64 {
            let taken: i64 = self.lost[player.opponent().index()]
                .iter()
                .map(|&p| value(p))
                .sum();
            taken + self.promoted[player.index()]
        };
        worth(side) - worth(side.opponent())
    }
}
