//! A chess position for any rule set: piece sets, side to move, castling, en passant,
//! move counters and the incrementally kept Zobrist hash; FEN in and out; making moves.

use super::bits::Bits;
use super::fen_problem::FenProblem;
use super::geometry::Geometry;
use super::variants::Variant;
use super::{Move, Role};
use ply_core::{Player, PositionError, zobrist};
use std::marker::PhantomData;

/// The square set type of variant `V`.
pub(super) type Set<V> = <<V as Variant>::Geometry as Geometry>::Bits;

/// Castling rights as bits.
pub(super) const WHITE_SHORT: u8 = 1;
pub(super) const WHITE_LONG: u8 = 2;
pub(super) const BLACK_SHORT: u8 = 4;
pub(super) const BLACK_LONG: u8 = 8;

static PIECE_KEYS: [u64; 2 * 6 * 256] = zobrist::keys(0xC4E5_5001);
static CASTLING_KEYS: [u64; 16] = zobrist::keys(0xC4E5_5002);
static EN_PASSANT_KEYS: [u64; 256] = zobrist::keys(0xC4E5_5003);
static TURN_KEY: [u64; 1] = zobrist::keys(0xC4E5_5004);

#[inline]
fn piece_key(side: Player, role: Role, square: u8) -> u64 {
    PIECE_KEYS[(side.index() * 6 + role as usize) * 256 + usize::from(square)]
}

/// What FEN and its messages call `side`.
pub(super) fn side_name(side: Player) -> &'static str {
    match side {
        Player::First => "White",
        Player::Second => "Black",
    }
}

/// Plies without a capture or a pawn move after which the game is drawn (fifty moves
/// each).
pub(super) const NO_PROGRESS_PLIES: u32 = 100;

/// A position of chess variant `V`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chess<V: Variant> {
    pub(super) colors: [Set<V>; 2],
    pub(super) roles: [Set<V>; 6],
    pub(super) turn: Player,
    pub(super) castling: u8,
    /// The square a pawn just skipped, kept only when an enemy pawn could take it.
    pub(super) en_passant: Option<u8>,
    /// Plies since the last capture or pawn move (the fifty-move rule's count).
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
    pub(super) hash: u64,
    variant: PhantomData<V>,
}

impl<V: Variant> Chess<V> {
    pub(super) const FILES: u8 = V::Geometry::FILES;
    pub(super) const RANKS: u8 = V::Geometry::RANKS;

    fn empty() -> Self {
        Chess {
            colors: [Set::<V>::EMPTY; 2],
            roles: [Set::<V>::EMPTY; 6],
            turn: Player::First,
            castling: 0,
            en_passant: None,
            halfmoves: 0,
            fullmoves: 1,
            hash: 0,
            variant: PhantomData,
        }
    }

    /// Squares holding a piece of `side` and `role`.
    #[inline]
    pub fn pieces(&self, side: Player, role: Role) -> Set<V> {
        self.colors[side.index()] & self.roles[role as usize]
    }

    /// Every piece on the board, as its owner, its role and its square: White's first,
    /// by role, lowest square first.
    pub fn piece_list(&self) -> impl Iterator<Item = (Player, Role, u8)> + '_ {
        Player::BOTH.into_iter().flat_map(move |owner| {
            Role::ALL.into_iter().flat_map(move |role| {
                self.pieces(owner, role)
                    .squares()
                    .map(move |square| (owner, role, square))
            })
        })
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Set<V> {
        self.colors[0] | self.colors[1]
    }

    /// What stands on `square`.
    #[inline]
    pub fn piece_at(&self, square: u8) -> Option<(Player, Role)> {
        let side = if self.colors[0].has(square) {
            Player::First
        } else if self.colors[1].has(square) {
            Player::Second
        } else {
            return None;
        };
        Role::ALL
            .into_iter()
            .find(|&role| self.roles[role as usize].has(square))
            .map(|role| (side, role))
    }

    /// The square of `side`'s king (the lowest one, in the variant where kings are
    /// ordinary pieces and there may be several).
    #[inline]
    pub fn king_of(&self, side: Player) -> Option<u8> {
        self.pieces(side, Role::King).lowest()
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    #[inline]
    pub(super) fn toggle(&mut self, side: Player, role: Role, square: u8) {
        let bit = Set::<V>::square(square);
        self.colors[side.index()] ^= bit;
        self.roles[role as usize] ^= bit;
        self.hash ^= piece_key(side, role, square);
    }

    /// Pieces of `by` attacking `square`, with `occupied` as the blockers.
    #[inline]
    pub(super) fn attackers(&self, square: u8, by: Player, occupied: Set<V>) -> Set<V> {
        type G<V> = <V as Variant>::Geometry;
        let theirs = self.colors[by.index()];
        let diagonal = self.roles[Role::Bishop as usize] | self.roles[Role::Queen as usize];
        let straight = self.roles[Role::Rook as usize] | self.roles[Role::Queen as usize];
        theirs
            & ((G::<V>::knight(square) & self.roles[Role::Knight as usize])
                | (G::<V>::king(square) & self.roles[Role::King as usize])
                | (G::<V>::pawn(by.opponent().index(), square) & self.roles[Role::Pawn as usize])
                | (G::<V>::bishop(square, occupied) & diagonal)
                | (G::<V>::rook(square, occupied) & straight))
    }

    /// The blockers sliders see: the pieces plus any holes.
    #[inline]
    pub(super) fn blockers(&self) -> Set<V> {
        self.occupied() | V::holes()
    }

    /// Whether `side`'s king stands in check (never, where kings are not royal; in
    /// atomic, never while the kings touch).
    pub fn in_check(&self, side: Player) -> bool {
        if !V::ROYAL {
            return false;
        }
        let Some(king) = self.king_of(side) else {
            return false;
        };
        if V::ATOMIC && (V::Geometry::king(king) & self.pieces(side.opponent(), Role::King)).any() {
            return false;
        }
        self.attackers(king, side.opponent(), self.blockers()).any()
    }

    /// The hash computed from scratch.
    pub(super) fn compute_hash(&self) -> u64 {
        let mut hash = CASTLING_KEYS[usize::from(self.castling)];
        for side in Player::BOTH {
            for role in Role::ALL {
                for square in self.pieces(side, role).squares() {
                    hash ^= piece_key(side, role, square);
                }
            }
        }
        if let Some(square) = self.en_passant {
            hash ^= EN_PASSANT_KEYS[usize::from(square)];
        }
        if self.turn == Player::Second {
            hash ^= TURN_KEY[0];
        }
        hash
    }

    /// Hashes of where the pawns of both sides stand, where White's other pieces
    /// stand, and where Black's do.
    pub(super) fn structure_keys(&self) -> [u64; 3] {
        let mut keys = [0; 3];
        for side in Player::BOTH {
            for role in Role::ALL {
                let key = &mut keys[if role == Role::Pawn {
                    0
                } else {
                    1 + side.index()
                }];
                for square in self.pieces(side, role).squares() {
                    *key ^= piece_key(side, role, square);
                }
            }
        }
        keys
    }

    /// Castling rights whose king and rook still stand on their home squares.
    fn castling_still_possible(&self) -> u8 {
        if !V::CASTLING {
            return 0;
        }
        let top = (Self::RANKS - 1) * Self::FILES;
        let on = |side: Player, role: Role, square: u8| self.pieces(side, role).has(square);
        let mut rights = 0;
        if on(Player::First, Role::King, 4) {
            rights |= (on(Player::First, Role::Rook, 7) as u8) * WHITE_SHORT;
            rights |= (on(Player::First, Role::Rook, 0) as u8) * WHITE_LONG;
        }
        if on(Player::Second, Role::King, top + 4) {
            rights |= (on(Player::Second, Role::Rook, top + 7) as u8) * BLACK_SHORT;
            rights |= (on(Player::Second, Role::Rook, top) as u8) * BLACK_LONG;
        }
        rights
    }

    fn set_castling(&mut self, rights: u8) {
        self.hash ^= CASTLING_KEYS[usize::from(self.castling)] ^ CASTLING_KEYS[usize::from(rights)];
        self.castling = rights;
    }

    /// The rank (0-based) a pawn of `side` lands on when promoting.
    #[inline]
    pub(super) fn last_rank(side: Player) -> u8 {
        match side {
            Player::First => Self::RANKS - 1,
            Player::Second => 0,
        }
    }

    /// The signed square step of one pawn move forward for `side`.
    #[inline]
    pub(super) fn forward(side: Player) -> i16 {
        match side {
            Player::First => i16::from(Self::FILES),
            Player::Second => -i16::from(Self::FILES),
        }
    }

    /// Plays a legal (or, for the generator's own tests, pseudo-legal) move.
    pub(super) fn play(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.opponent();
        let Some((_, role)) = self.piece_at(mv.from) else {
            debug_assert!(false, "no piece to move on {}", mv.from);
            return;
        };
        let captured = self
            .piece_at(mv.to)
            .filter(|&(side, _)| side == them)
            .map(|(_, role)| role);
        let en_passant_capture =
            role == Role::Pawn && captured.is_none() && Some(mv.to) == self.en_passant;
        if let Some(square) = self.en_passant.take() {
            self.hash ^= EN_PASSANT_KEYS[usize::from(square)];
        }
        self.halfmoves += 1;
        self.toggle(us, role, mv.from);
        if let Some(captured) = captured {
            self.toggle(them, captured, mv.to);
        }
        if en_passant_capture {
            let taken = (i16::from(mv.to) - Self::forward(us)) as u8;
            self.toggle(them, Role::Pawn, taken);
        }
        if role == Role::Pawn || captured.is_some() {
            self.halfmoves = 0;
        }
        let landed = mv.promotion.unwrap_or(role);
        self.toggle(us, landed, mv.to);
        if role == Role::King && mv.from.abs_diff(mv.to) == 2 {
            let rank_start = mv.from - mv.from % Self::FILES;
            let (rook_from, rook_to) = if mv.to > mv.from {
                (rank_start + Self::FILES - 1, mv.to - 1)
            } else {
                (rank_start, mv.to + 1)
            };
            self.toggle(us, Role::Rook, rook_from);
            self.toggle(us, Role::Rook, rook_to);
        }
        if role == Role::Pawn && mv.from.abs_diff(mv.to) == 2 * Self::FILES {
            let skipped = ((u16::from(mv.from) + u16::from(mv.to)) / 2) as u8;
            if (V::Geometry::pawn(us.index(), skipped) & self.pieces(them, Role::Pawn)).any() {
                self.en_passant = Some(skipped);
                self.hash ^= EN_PASSANT_KEYS[usize::from(skipped)];
            }
        }
        if V::ATOMIC && (captured.is_some() || en_passant_capture) {
            self.toggle(us, landed, mv.to);
            let blast =
                V::Geometry::king(mv.to) & self.occupied() & !self.roles[Role::Pawn as usize];
            for square in blast.squares() {
                if let Some((side, role)) = self.piece_at(square) {
                    self.toggle(side, role, square);
                }
            }
        }
        let rights = self.castling & self.castling_still_possible();
        if rights != self.castling {
            self.set_castling(rights);
        }
        if us == Player::Second {
            self.fullmoves += 1;
        }
        self.turn = them;
        self.hash ^= TURN_KEY[0];
    }

    /// Gives the turn to the other side without a move (the search's null move).
    pub(super) fn pass_turn(&mut self) {
        if let Some(square) = self.en_passant.take() {
            self.hash ^= EN_PASSANT_KEYS[usize::from(square)];
        }
        self.halfmoves += 1;
        self.turn = self.turn.opponent();
        self.hash ^= TURN_KEY[0];
    }

    /// The name of `square` (`e4`, `p16`).
    pub fn square_name(square: u8) -> String {
        let file = (b'a' + square % Self::FILES) as char;
        format!("{file}{}", square / Self::FILES + 1)
    }

    /// Reads a square name, returning the square and the rest of the text.
    pub(super) fn parse_square(text: &str) -> Option<(u8, &str)> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() || (file as u8 - b'a') >= Self::FILES {
            return None;
        }
        let rest = chars.as_str();
        let digits = rest.chars().take_while(char::is_ascii_digit).count().min(2);
        // Take the longest rank number that is on the board ("a16" on 16x16, but
        // "a1" then "6..." is never needed since moves never start with a digit).
        for length in (1..=digits).rev() {
            let rank: u8 = rest[..length].parse().ok()?;
            if (1..=Self::RANKS).contains(&rank) && !rest[..length].starts_with('0') {
                return Some((
                    (rank - 1) * Self::FILES + (file as u8 - b'a'),
                    &rest[length..],
                ));
            }
        }
        None
    }

    /// Reads a position in FEN (the move counters may be left out).
    pub fn from_fen(text: &str) -> Result<Self, PositionError> {
        let fail = |problem: FenProblem| PositionError::new(text, problem.fault(), problem);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(fields.len() == 4 || fields.len() == 6) {
            return Err(fail(FenProblem::FieldCount(fields.len())));
        }
        let mut position = Self::empty();
        position.read_board(fields[0]).map_err(fail)?;
        position.turn = match fields[1] {
            "w" => Player::First,
            "b" => Player::Second,
            other => return Err(fail(FenProblem::SideToMove(other.into()))),
        };
        position.read_castling(fields[2]).map_err(fail)?;
        position.read_en_passant(fields[3]).map_err(fail)?;
        if fields.len() == 6 {
            position.halfmoves = fields[4]
                .parse()
                .map_err(|_| fail(FenProblem::HalfmoveClock(fields[4].into())))?;
            position.fullmoves = fields[5]
                .parse()
                .ok()
                .filter(|&n: &u32| n >= 1)
                .ok_or_else(|| fail(FenProblem::MoveNumber(fields[5].into())))?;
        }
        position.validate().map_err(fail)?;
        position.hash = position.compute_hash();
        Ok(position)
    }

    fn read_board(&mut self, board: &str) -> Result<(), FenProblem> {
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != usize::from(Self::RANKS) {
            return Err(FenProblem::RankCount {
                needed: Self::RANKS,
                found: rows.len(),
            });
        }
        for (row_index, row) in rows.iter().enumerate() {
            let rank = Self::RANKS - 1 - row_index as u8;
            let mut file: u32 = 0;
            let mut run: u32 = 0;
            for c in row.chars() {
                if let Some(digit) = c.to_digit(10) {
                    run = run * 10 + digit;
                    if run > u32::from(Self::FILES) {
                        return Err(FenProblem::RankTooLong(rank + 1));
                    }
                    continue;
                }
                file += run;
                run = 0;
                let role = Role::from_letter(c).ok_or(FenProblem::PieceLetter(c))?;
                if file >= u32::from(Self::FILES) {
                    return Err(FenProblem::RankTooLong(rank + 1));
                }
                let side = if c.is_ascii_uppercase() {
                    Player::First
                } else {
                    Player::Second
                };
                self.toggle(side, role, rank * Self::FILES + file as u8);
                file += 1;
            }
            file += run;
            if file != u32::from(Self::FILES) {
                return Err(FenProblem::RankWidth {
                    rank: rank + 1,
                    found: file,
                    needed: Self::FILES,
                });
            }
        }
        Ok(())
    }

    fn read_castling(&mut self, field: &str) -> Result<(), FenProblem> {
        if field == "-" {
            return Ok(());
        }
        if !V::CASTLING {
            return Err(FenProblem::NoCastling);
        }
        for c in field.chars() {
            let right = match c {
                'K' => WHITE_SHORT,
                'Q' => WHITE_LONG,
                'k' => BLACK_SHORT,
                'q' => BLACK_LONG,
                _ => return Err(FenProblem::CastlingLetter(c)),
            };
            if self.castling & right != 0 {
                return Err(FenProblem::CastlingTwice(c));
            }
            self.castling |= right;
        }
        let missing = self.castling & !self.castling_still_possible();
        if missing != 0 {
            return Err(FenProblem::CastlingWithoutPieces);
        }
        Ok(())
    }

    fn read_en_passant(&mut self, field: &str) -> Result<(), FenProblem> {
        if field == "-" {
            return Ok(());
        }
        let square = match Self::parse_square(field) {
            Some((square, "")) => square,
            _ => return Err(FenProblem::EnPassantSquare(field.into())),
        };
        let mover = self.turn.opponent();
        let skipped_rank = match mover {
            Player::First => V::PAWN_RANK + 1,
            Player::Second => Self::RANKS - 2 - V::PAWN_RANK,
        };
        let pawn_square = i16::from(square) + Self::forward(mover);
        let origin = i16::from(square) - Self::forward(mover);
        if square / Self::FILES != skipped_rank
            || !self.pieces(mover, Role::Pawn).has(pawn_square as u8)
            || self.occupied().has(square)
            || self.occupied().has(origin as u8)
        {
            return Err(FenProblem::EnPassantWithoutDoubleStep(field.into()));
        }
        if (V::Geometry::pawn(mover.index(), square) & self.pieces(self.turn, Role::Pawn)).any() {
            self.en_passant = Some(square);
        }
        Ok(())
    }

    /// Refuses positions no game of the variant can reach. A finished game's final
    /// position is not refused: the side to move may be checkmated, have lost its king
    /// to an explosion (atomic) or all its pieces (last piece standing).
    fn validate(&self) -> Result<(), FenProblem> {
        if (self.occupied() & V::holes()).any() {
            return Err(FenProblem::PieceOnHole);
        }
        let back_ranks = V::Geometry::rank(0) | V::Geometry::rank(Self::RANKS - 1);
        if (self.roles[Role::Pawn as usize] & back_ranks).any() {
            return Err(FenProblem::PawnOnBackRank);
        }
        let mover = self.turn.opponent();
        if !V::ROYAL && self.colors[mover.index()].is_empty() {
            return Err(FenProblem::MoverHasNoPieces(side_name(mover)));
        }
        if V::ROYAL {
            for side in Player::BOTH {
                let kings = self.pieces(side, Role::King).count();
                if V::ATOMIC && kings == 0 && side == mover {
                    return Err(FenProblem::MoverExploded(side_name(side)));
                }
                if kings > 1 || (kings == 0 && !V::ATOMIC) {
                    return Err(FenProblem::KingCount {
                        side: side_name(side),
                        kings,
                    });
                }
            }
            // Once the side to move's king has exploded the game is over, and the move
            // that blew it up may well have left the mover's own king attacked.
            let exploded = self.king_of(self.turn).is_none();
            if !exploded && self.in_check(mover) {
                return Err(FenProblem::MoverInCheck);
            }
        }
        Ok(())
    }

    /// Writes the position as FEN.
    pub fn to_fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..Self::RANKS).rev() {
            let mut empty = 0;
            for file in 0..Self::FILES {
                match self.piece_at(rank * Self::FILES + file) {
                    None => empty += 1,
                    Some((side, role)) => {
                        if empty > 0 {
                            fen += &empty.to_string();
                            empty = 0;
                        }
                        let letter = role.letter();
                        fen.push(if side == Player::First {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        });
                    }
                }
            }
            if empty > 0 {
                fen += &empty.to_string();
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.turn == Player::First {
            " w "
        } else {
            " b "
        });
        if self.castling == 0 {
            fen.push('-');
        }
        for (right, letter) in [
            (WHITE_SHORT, 'K'),
            (WHITE_LONG, 'Q'),
            (BLACK_SHORT, 'k'),
            (BLACK_LONG, 'q'),
        ] {
            if self.castling & right != 0 {
                fen.push(letter);
            }
        }
        fen.push(' ');
        match self.en_passant {
            Some(square) => fen += &Self::square_name(square),
            None => fen.push('-'),
        }
        fen += &format!(" {} {}", self.halfmoves, self.fullmoves);
        fen
    }
}
