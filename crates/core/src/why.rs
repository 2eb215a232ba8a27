//! Why a move is not legal: the `Explain` trait each mode implements so that a person
//! who tries a move the rules refuse is told why, in the mode's own terms, with the
//! squares the reason refers to.

use crate::{MoveError, PieceKind, Rules};
use std::fmt::Debug;

/// A move as a person tried it: the cells they touched, in order, as indices into the
/// mode's [`BoardView`](crate::BoardView). One cell is a piece picked up (or a column
/// chosen, in Connect Four); two are where a piece starts and where it is put down; more
/// are each landing of a checkers multi-jump.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attempt {
    /// The cells touched, the start first.
    pub cells: Vec<usize>,
    /// The piece a pawn is to become, when one was named (an index into the mode's
    /// [`Present::PIECES`](crate::Present::PIECES)).
    pub promotion: Option<PieceKind>,
}

impl Attempt {
    /// An attempt that touched `cells`, with no promotion named.
    pub fn cells(cells: impl Into<Vec<usize>>) -> Attempt {
        Attempt {
            cells: cells.into(),
            promotion: None,
        }
    }
}

/// A reason a move is not legal, as a person is told it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhyNot {
    /// A stable identifier of the kind of reason (`pinned`, `jump-compulsory`), for
    /// tests and tools; never shown to a player.
    pub kind: &'static str,
    /// One short sentence in the mode's terms ("Your king would be in check from the
    /// bishop on b5.").
    pub sentence: String,
    /// The cells the sentence refers to, to mark on the board (the checking piece, the
    /// pieces that can jump, the pinned line, the throne).
    pub marks: Vec<usize>,
}

impl WhyNot {
    /// The reason every mode gives once the game is over.
    pub fn game_over() -> WhyNot {
        WhyNot {
            kind: "game-over",
            sentence: "The game is over: no more moves can be played.".into(),
            marks: Vec::new(),
        }
    }

    /// The reason given to a person who tries to move while `side` is to move and it is
    /// not their turn (the computer's or the other player's turn).
    pub fn not_your_turn(side: &str) -> WhyNot {
        WhyNot {
            kind: "not-your-turn",
            sentence: format!("It is not your turn: {side} is to move."),
            marks: Vec::new(),
        }
    }
}

/// A mode's reasons: what kind each one is, what it says, and what it points at.
pub trait Reason: Clone + Debug + PartialEq {
    /// The stable identifier of the reason's kind (see [`WhyNot::kind`]).
    fn kind(&self) -> &'static str;
    /// The cells the reason refers to.
    fn marks(&self) -> Vec<usize>;
}

/// How a mode explains the moves it refuses.
pub trait Explain: Rules {
    /// The mode's reasons, each with the squares it refers to.
    type Reason: Reason;

    /// Reads move text as the cells it names, without judging whether the move is
    /// legal; refuses text that is not written in the mode's notation.
    fn read_attempt(&self, text: &str) -> Result<Attempt, MoveError>;

    /// The legal moves that fit the attempt (every move of a picked-up piece, every
    /// promotion choice, every jump path between two squares), or why none does.
    /// Positions the rules have already decided have no reason here: the caller says
    /// that the game is over.
    fn judge(&self, attempt: &Attempt) -> Result<Vec<Self::Move>, Self::Reason>;

    /// The reason in one short sentence, in the mode's terms.
    fn sentence(&self, reason: &Self::Reason) -> String;

    /// The reason as a person is told it.
    fn why_not(&self, reason: &Self::Reason) -> WhyNot {
        WhyNot {
            kind: reason.kind(),
            sentence: self.sentence(reason),
            marks: reason.marks(),
        }
    }
}
