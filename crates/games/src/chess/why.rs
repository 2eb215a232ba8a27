//! Why a chess move is not legal, for every rule set: the reasons (check, pins, castling,
//! how each piece moves, atomic explosions, holes) with the squares they refer to, and
//! the search for the reason that best explains a tried move or a piece that cannot move.

use super::bits::Bits;
use super::geometry::Geometry;
use super::look;
use super::position::{BLACK_LONG, BLACK_SHORT, Chess, Set, WHITE_LONG, WHITE_SHORT};
use super::variants::Variant;
use super::{Move, Role};
use ply_core::{Attempt, Explain, MoveError, Player, Reason};

type G<V> = <V as Variant>::Geometry;

/// Why a chess move is not legal. Squares are numbered `rank * files + file`, as the
/// board view's cells are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChessReason {
    /// A square that is not on the board.
    OffBoard,
    /// Nothing stands on the square the move starts from.
    Empty {
        /// The empty square.
        square: u8,
    },
    /// The square is a hole (hole chess): nothing stands on it.
    Hole {
        /// The hole.
        square: u8,
    },
    /// The piece belongs to the side that is not to move.
    NotYourTurn {
        /// The piece's square.
        square: u8,
        /// Whose turn it is.
        turn: Player,
    },
    /// The piece has no legal move at all, and nothing deeper explains it (it is boxed
    /// in by its own pieces or blocked).
    NoMove {
        /// The piece's square.
        square: u8,
        /// What it is.
        role: Role,
    },
    /// A piece of the mover's own side stands on the target.
    OwnPiece {
        /// The target square.
        to: u8,
    },
    /// The piece does not move that way, even on an empty board.
    NotHowItMoves {
        /// Where it starts.
        from: u8,
        /// What it is.
        role: Role,
    },
    /// A pawn moving sideways, backwards, or two squares after its first move.
    PawnWrongWay {
        /// The pawn.
        from: u8,
    },
    /// A pawn trying to go straight ahead onto an occupied square.
    PawnCannotTakeAhead {
        /// The occupied square ahead.
        blocker: u8,
    },
    /// A pawn moving diagonally onto a square with nothing to take.
    PawnTakesOnlyDiagonally {
        /// The empty target.
        to: u8,
    },
    /// A piece stands on the way.
    Blocked {
        /// The piece in the way (the nearest one).
        blocker: u8,
    },
    /// A hole lies on the way (hole chess).
    HoleInTheWay {
        /// The hole (the nearest one).
        hole: u8,
    },
    /// The move would leave or put the mover's king in check.
    KingWouldBeInCheck {
        /// Where the king would stand.
        king: u8,
        /// A piece that would give check.
        by: u8,
    },
    /// The piece is pinned to its king: moving it off the line exposes the king.
    Pinned {
        /// The pinned piece.
        piece: u8,
        /// The king behind it.
        king: u8,
        /// The enemy piece pinning it.
        by: u8,
        /// The line from the king to the pinning piece, both included.
        line: Vec<u8>,
    },
    /// The king is in check and the move does not answer it.
    MustGetOutOfCheck {
        /// The king in check.
        king: u8,
        /// The pieces giving check.
        by: Vec<u8>,
    },
    /// Castling after the king has moved.
    CastleKingMoved {
        /// The king.
        king: u8,
    },
    /// Castling on a side whose rook has moved (or is gone).
    CastleRookMoved {
        /// The rook's home corner.
        corner: u8,
    },
    /// Castling with a piece between king and rook.
    CastleBlocked {
        /// The piece in the way.
        blocker: u8,
    },
    /// Castling while in check.
    CastleOutOfCheck {
        /// The king.
        king: u8,
        /// A piece giving check.
        by: u8,
    },
    /// Castling across an attacked square.
    CastleThroughCheck {
        /// The square the king would cross.
        square: u8,
        /// A piece attacking it.
        by: u8,
    },
    /// A rule set without castling (mega chess).
    NoCastling {
        /// The king.
        king: u8,
    },
    /// A promotion named for a move that does not promote.
    NotAPromotion {
        /// The piece moved.
        from: u8,
    },
    /// Atomic: the capture's explosion would destroy the mover's own king.
    ExplodesOwnKing {
        /// The capture square.
        at: u8,
        /// The mover's king.
        king: u8,
    },
    /// Atomic: kings never capture.
    KingCannotCapture {
        /// The king.
        king: u8,
        /// What it tried to take.
        target: u8,
    },
}

impl Reason for ChessReason {
    fn kind(&self) -> &'static str {
        match self {
            ChessReason::OffBoard => "off-board",
            ChessReason::Empty { .. } => "empty-square",
            ChessReason::Hole { .. } => "hole",
            ChessReason::NotYourTurn { .. } => "not-your-turn",
            ChessReason::NoMove { .. } => "no-move",
            ChessReason::OwnPiece { .. } => "own-piece",
            ChessReason::NotHowItMoves { .. } => "not-how-it-moves",
            ChessReason::PawnWrongWay { .. } => "pawn-wrong-way",
            ChessReason::PawnCannotTakeAhead { .. } => "pawn-cannot-take-ahead",
            ChessReason::PawnTakesOnlyDiagonally { .. } => "pawn-diagonal-only-to-take",
            ChessReason::Blocked { .. } => "blocked",
            ChessReason::HoleInTheWay { .. } => "hole-in-the-way",
            ChessReason::KingWouldBeInCheck { .. } => "king-would-be-in-check",
            ChessReason::Pinned { .. } => "pinned",
            ChessReason::MustGetOutOfCheck { .. } => "must-get-out-of-check",
            ChessReason::CastleKingMoved { .. } => "castle-king-moved",
            ChessReason::CastleRookMoved { .. } => "castle-rook-moved",
            ChessReason::CastleBlocked { .. } => "castle-blocked",
            ChessReason::CastleOutOfCheck { .. } => "castle-out-of-check",
            ChessReason::CastleThroughCheck { .. } => "castle-through-check",
            ChessReason::NoCastling { .. } => "no-castling",
            ChessReason::NotAPromotion { .. } => "not-a-promotion",
            ChessReason::ExplodesOwnKing { .. } => "explodes-own-king",
            ChessReason::KingCannotCapture { .. } => "king-cannot-capture",
        }
    }

    fn marks(&self) -> Vec<usize> {
        let squares: Vec<u8> = match self {
            ChessReason::OffBoard => Vec::new(),
            ChessReason::Empty { square }
            | ChessReason::Hole { square }
            | ChessReason::NotYourTurn { square, .. }
            | ChessReason::NoMove { square, .. } => vec![*square],
            ChessReason::OwnPiece { to } | ChessReason::PawnTakesOnlyDiagonally { to } => {
                vec![*to]
            }
            ChessReason::NotHowItMoves { from, .. }
            | ChessReason::PawnWrongWay { from }
            | ChessReason::NotAPromotion { from } => vec![*from],
            ChessReason::PawnCannotTakeAhead { blocker }
            | ChessReason::Blocked { blocker }
            | ChessReason::CastleBlocked { blocker } => vec![*blocker],
            ChessReason::HoleInTheWay { hole } => vec![*hole],
            ChessReason::KingWouldBeInCheck { king, by } => vec![*by, *king],
            ChessReason::Pinned { line, .. } => line.clone(),
            ChessReason::MustGetOutOfCheck { king, by } => {
                by.iter().copied().chain([*king]).collect()
            }
            ChessReason::CastleKingMoved { king } | ChessReason::NoCastling { king } => {
                vec![*king]
            }
            ChessReason::CastleRookMoved { corner } => vec![*corner],
            ChessReason::CastleOutOfCheck { king, by } => vec![*by, *king],
            ChessReason::CastleThroughCheck { square, by } => vec![*by, *square],
            ChessReason::ExplodesOwnKing { at, king } => vec![*at, *king],
            ChessReason::KingCannotCapture { king, target } => vec![*king, *target],
        };
        squares.into_iter().map(usize::from).collect()
    }
}

/// The name players use for a piece.
fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// Where reasons come first when several explain why a piece cannot move: the most
/// telling one wins.
fn weight(reason: &ChessReason) -> u8 {
    match reason {
        ChessReason::MustGetOutOfCheck { .. } => 6,
        ChessReason::Pinned { .. } => 5,
        ChessReason::ExplodesOwnKing { .. } => 4,
        ChessReason::KingWouldBeInCheck { .. } => 3,
        ChessReason::KingCannotCapture { .. } => 2,
        _ => 0,
    }
}

impl<V: Variant> Chess<V> {
    /// The number of squares on the board.
    const SQUARES: usize = G::<V>::SQUARES;

    /// The name of the piece on `square` ("bishop"), or "piece".
    fn name_at(&self, square: u8) -> &'static str {
        self.piece_at(square)
            .map_or("piece", |(_, role)| role_name(role))
    }

    /// `square` described as a piece: "the bishop on b5".
    fn piece_on(&self, square: u8) -> String {
        format!(
            "the {} on {}",
            self.name_at(square),
            Self::square_name(square)
        )
    }

    /// The square of `set` nearest to `from` (sets along one line from `from`).
    fn nearest(set: Set<V>, from: u8) -> Option<u8> {
        set.squares().min_by_key(|&square| square.abs_diff(from))
    }

    /// Why the piece of `role` on `from` has no legal move at all.
    fn why_stuck(&self, from: u8, role: Role) -> ChessReason {
        (0..Self::SQUARES)
            .map(|to| to as u8)
            .filter(|&to| to != from)
            .map(|to| self.why_not_move(from, to, role))
            .filter(|reason| weight(reason) > 0)
            .max_by_key(weight)
            .unwrap_or(ChessReason::NoMove { square: from, role })
    }

    /// Why the piece of `role` on `from`, of the side to move, cannot go to `to` (a
    /// move the caller knows is not legal).
    fn why_not_move(&self, from: u8, to: u8, role: Role) -> ChessReason {
        let us = self.turn;
        let them = us.opponent();
        if V::holes().has(to) {
            return ChessReason::Hole { square: to };
        }
        let files = Self::FILES;
        let same_rank = from / files == to / files;
        if role == Role::King && same_rank && from.abs_diff(to) == 2 {
            let home = match us {
                Player::First => 0,
                Player::Second => (Self::RANKS - 1) * files,
            };
            if from / files == home / files {
                return self.why_not_castle(from, to, home);
            }
        }
        if self.colors[us.index()].has(to) {
            return ChessReason::OwnPiece { to };
        }
        if let Some(reason) = self.why_not_pattern(from, to, role) {
            return reason;
        }
        let theirs = self.colors[them.index()];
        if V::ATOMIC && role == Role::King && theirs.has(to) {
            return ChessReason::KingCannotCapture {
                king: from,
                target: to,
            };
        }
        let mut after = *self;
        after.play(Move::new(from, to));
        if V::ATOMIC
            && let Some(king) = self.king_of(us)
            && after.king_of(us).is_none()
        {
            return ChessReason::ExplodesOwnKing { at: to, king };
        }
        if V::ROYAL
            && after.king_of(them).is_some()
            && after.in_check(us)
            && let Some(king) = after.king_of(us)
        {
            let attackers = after.attackers(king, them, after.blockers());
            let before = self.king_of(us).filter(|_| self.in_check(us));
            if let (Some(home), false) = (before, role == Role::King) {
                let by = self.attackers(home, them, self.blockers());
                return ChessReason::MustGetOutOfCheck {
                    king: home,
                    by: by.squares().collect(),
                };
            }
            let pinner = attackers
                .squares()
                .find(|&sniper| G::<V>::between(king, sniper).has(from));
            if let (Some(by), false) = (pinner, role == Role::King) {
                let line =
                    G::<V>::between(king, by) | Set::<V>::square(king) | Set::<V>::square(by);
                return ChessReason::Pinned {
                    piece: from,
                    king,
                    by,
                    line: line.squares().collect(),
                };
            }
            if let Some(by) = attackers.lowest() {
                return ChessReason::KingWouldBeInCheck { king, by };
            }
        }
        ChessReason::NoMove { square: from, role }
    }

    /// Whether the piece of `role` may go from `from` to `to` by how it moves and what
    /// stands on the way; the reason when it may not.
    fn why_not_pattern(&self, from: u8, to: u8, role: Role) -> Option<ChessReason> {
        let blockers = self.occupied();
        let reach = match role {
            Role::Pawn => return self.why_not_pawn(from, to),
            Role::Knight => G::<V>::knight(from),
            Role::King => G::<V>::king(from),
            Role::Bishop => G::<V>::bishop(from, Set::<V>::EMPTY),
            Role::Rook => G::<V>::rook(from, Set::<V>::EMPTY),
            Role::Queen => {
                G::<V>::bishop(from, Set::<V>::EMPTY) | G::<V>::rook(from, Set::<V>::EMPTY)
            }
        };
        if !reach.has(to) {
            return Some(ChessReason::NotHowItMoves { from, role });
        }
        let between = G::<V>::between(from, to);
        if let Some(hole) = Self::nearest(between & V::holes(), from) {
            return Some(ChessReason::HoleInTheWay { hole });
        }
        if let Some(blocker) = Self::nearest(between & blockers, from) {
            return Some(ChessReason::Blocked { blocker });
        }
        None
    }

    /// The pawn's part of [`Chess::why_not_pattern`].
    fn why_not_pawn(&self, from: u8, to: u8) -> Option<ChessReason> {
        let us = self.turn;
        let occupied = self.occupied();
        let forward = Self::forward(us);
        let step = |square: u8| u8::try_from(i16::from(square) + forward).ok();
        let start_rank = match us {
            Player::First => V::PAWN_RANK,
            Player::Second => Self::RANKS - 1 - V::PAWN_RANK,
        };
        let one = step(from);
        let two = one
            .and_then(step)
            .filter(|_| from / Self::FILES == start_rank);
        if Some(to) == one {
            return occupied
                .has(to)
                .then_some(ChessReason::PawnCannotTakeAhead { blocker: to });
        }
        if Some(to) == two {
            let one = one.unwrap_or(to);
            if V::holes().has(one) {
                return Some(ChessReason::HoleInTheWay { hole: one });
            }
            if occupied.has(one) {
                return Some(ChessReason::Blocked { blocker: one });
            }
            return occupied
                .has(to)
                .then_some(ChessReason::PawnCannotTakeAhead { blocker: to });
        }
        if G::<V>::pawn(us.index(), from).has(to) {
            let takes = self.colors[us.opponent().index()].has(to) || self.en_passant == Some(to);
            return (!takes).then_some(ChessReason::PawnTakesOnlyDiagonally { to });
        }
        Some(ChessReason::PawnWrongWay { from })
    }

    /// Why the king on `from` cannot castle to `to` on the home rank starting at `home`.
    fn why_not_castle(&self, from: u8, to: u8, home: u8) -> ChessReason {
        let us = self.turn;
        let them = us.opponent();
        if !V::CASTLING {
            return ChessReason::NoCastling { king: from };
        }
        if from != home + 4 {
            return ChessReason::CastleKingMoved { king: from };
        }
        let short = to > from;
        let corner = if short { home + 7 } else { home };
        let (right, both) = match (us, short) {
            (Player::First, true) => (WHITE_SHORT, WHITE_SHORT | WHITE_LONG),
            (Player::First, false) => (WHITE_LONG, WHITE_SHORT | WHITE_LONG),
            (Player::Second, true) => (BLACK_SHORT, BLACK_SHORT | BLACK_LONG),
            (Player::Second, false) => (BLACK_LONG, BLACK_SHORT | BLACK_LONG),
        };
        if self.castling & right == 0 {
            let rook_home = self.pieces(us, Role::Rook).has(corner);
            return if rook_home && self.castling & both == 0 {
                ChessReason::CastleKingMoved { king: from }
            } else {
                ChessReason::CastleRookMoved { corner }
            };
        }
        let path: &[u8] = if short { &[5, 6] } else { &[3, 2, 1] };
        if let Some(&file) = path.iter().find(|&&file| self.occupied().has(home + file)) {
            return ChessReason::CastleBlocked {
                blocker: home + file,
            };
        }
        if V::ROYAL {
            let blockers = self.blockers();
            let their_kings = self.pieces(them, Role::King);
            let attacker = |square: u8| {
                let beside_their_king = V::ATOMIC && (G::<V>::king(square) & their_kings).any();
                if beside_their_king {
                    None
                } else {
                    self.attackers(square, them, blockers).lowest()
                }
            };
            if let Some(by) = attacker(from) {
                return ChessReason::CastleOutOfCheck { king: from, by };
            }
            let crossed = if short { home + 5 } else { home + 3 };
            if let Some(by) = attacker(crossed) {
                return ChessReason::CastleThroughCheck {
                    square: crossed,
                    by,
                };
            }
            if let Some(by) = attacker(to) {
                return ChessReason::KingWouldBeInCheck { king: to, by };
            }
        }
        ChessReason::NoMove {
            square: from,
            role: Role::King,
        }
    }
}

impl<V: Variant> Explain for Chess<V> {
    type Reason = ChessReason;

    fn read_attempt(&self, text: &str) -> Result<Attempt, MoveError> {
        let Move {
            from,
            to,
            promotion,
        } = Self::read_uci(text.trim())?;
        let promotion = promotion.map(look::kind);
        Ok(Attempt {
            cells: vec![usize::from(from), usize::from(to)],
            promotion,
        })
    }

    fn judge(&self, attempt: &Attempt) -> Result<Vec<Move>, ChessReason> {
        let on_board = |cell: &usize| *cell < Self::SQUARES;
        let (Some(&first), Some(&last)) = (attempt.cells.first(), attempt.cells.last()) else {
            return Err(ChessReason::OffBoard);
        };
        if !attempt.cells.iter().all(on_board) {
            return Err(ChessReason::OffBoard);
        }
        let (from, to) = (first as u8, last as u8);
        if V::holes().has(from) {
            return Err(ChessReason::Hole { square: from });
        }
        let Some((side, role)) = self.piece_at(from) else {
            return Err(ChessReason::Empty { square: from });
        };
        if side != self.turn {
            return Err(ChessReason::NotYourTurn {
                square: from,
                turn: self.turn,
            });
        }
        let mut legal = Vec::with_capacity(64);
        self.generate(&mut legal);
        legal.retain(|mv| mv.from == from);
        if attempt.cells.len() == 1 {
            return if legal.is_empty() {
                Err(self.why_stuck(from, role))
            } else {
                Ok(legal)
            };
        }
        let promotion = attempt
            .promotion
            .and_then(|kind| Role::ALL.get(usize::from(kind.0)).copied());
        legal.retain(|mv| mv.to == to);
        if legal.is_empty() {
            return Err(self.why_not_move(from, to, role));
        }
        if let Some(wanted) = promotion {
            legal.retain(|mv| mv.promotion == Some(wanted));
            if legal.is_empty() {
                return Err(ChessReason::NotAPromotion { from });
            }
        }
        Ok(legal)
    }

    fn sentence(&self, reason: &ChessReason) -> String {
        let name = Self::square_name;
        let side = |player: Player| match player {
            Player::First => "White",
            Player::Second => "Black",
        };
        match reason {
            ChessReason::OffBoard => "That square is not on the board.".into(),
            ChessReason::Empty { square } => format!("There is no piece on {}.", name(*square)),
            ChessReason::Hole { square } => {
                format!("{} is a hole: no piece can stand there.", name(*square))
            }
            ChessReason::NotYourTurn { square, turn } => format!(
                "The {} on {} is {}'s, and it is {}'s turn.",
                self.name_at(*square),
                name(*square),
                side(turn.opponent()),
                side(*turn)
            ),
            ChessReason::NoMove { square, role } => format!(
                "The {} on {} has nowhere to go.",
                role_name(*role),
                name(*square)
            ),
            ChessReason::OwnPiece { to } => {
                format!(
                    "You cannot take your own {}.",
                    self.piece_on(*to).replacen("the ", "", 1)
                )
            }
            ChessReason::NotHowItMoves { role, .. } => match role {
                Role::Knight => {
                    "A knight jumps in an L: two squares one way, then one to the side."
                }
                Role::Bishop => "A bishop moves only diagonally.",
                Role::Rook => "A rook moves only along its rank or file.",
                Role::Queen => "A queen moves in straight lines: along ranks, files or diagonals.",
                Role::King => "A king moves one square in any direction.",
                Role::Pawn => "A pawn cannot move that way.",
            }
            .into(),
            ChessReason::PawnWrongWay { .. } => {
                "A pawn moves straight forward: two squares only on its first move.".into()
            }
            ChessReason::PawnCannotTakeAhead { blocker } => format!(
                "A pawn cannot take straight ahead: {} blocks it.",
                self.piece_on(*blocker)
            ),
            ChessReason::PawnTakesOnlyDiagonally { .. } => {
                "A pawn moves diagonally only to take a piece.".into()
            }
            ChessReason::Blocked { blocker } => {
                format!("{} is in the way.", capitalised(&self.piece_on(*blocker)))
            }
            ChessReason::HoleInTheWay { hole } => {
                format!(
                    "The hole on {} is in the way: nothing passes over it.",
                    name(*hole)
                )
            }
            ChessReason::KingWouldBeInCheck { by, .. } => {
                format!("Your king would be in check from {}.", self.piece_on(*by))
            }
            ChessReason::Pinned { piece, by, .. } => format!(
                "The {} on {} is pinned: moving it exposes your king to {}.",
                self.name_at(*piece),
                name(*piece),
                self.piece_on(*by)
            ),
            ChessReason::MustGetOutOfCheck { by, .. } => match by.as_slice() {
                [one] => format!(
                    "Your king is in check from {}: you must get out of check.",
                    self.piece_on(*one)
                ),
                _ => "Your king is in check from two pieces: only a king move can help.".into(),
            },
            ChessReason::CastleKingMoved { .. } => {
                "You cannot castle: your king has already moved.".into()
            }
            ChessReason::CastleRookMoved { corner } => format!(
                "You cannot castle on that side: the rook from {} has moved.",
                name(*corner)
            ),
            ChessReason::CastleBlocked { blocker } => format!(
                "You cannot castle: {} is in the way.",
                self.piece_on(*blocker)
            ),
            ChessReason::CastleOutOfCheck { by, .. } => format!(
                "You cannot castle out of check ({} gives check).",
                self.piece_on(*by)
            ),
            ChessReason::CastleThroughCheck { square, by } => format!(
                "You cannot castle through check: {} attacks {}.",
                self.piece_on(*by),
                name(*square)
            ),
            ChessReason::NoCastling { .. } => "There is no castling in this game.".into(),
            ChessReason::NotAPromotion { .. } => {
                "Only a pawn reaching the last rank becomes another piece.".into()
            }
            ChessReason::ExplodesOwnKing { at, .. } => {
                format!("Taking on {} would blow up your own king.", name(*at))
            }
            ChessReason::KingCannotCapture { .. } => {
                "In atomic chess a king cannot capture: the explosion would destroy it.".into()
            }
        }
    }
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
