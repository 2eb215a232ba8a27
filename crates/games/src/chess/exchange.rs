//! Static exchange evaluation for the chess family: what a capture wins or loses once
//! every piece that bears on its square has taken its turn to recapture, cheapest first.
//! The search uses it to try losing captures late, to skip them in quiescence, and to
//! skip moves that give a piece away near the horizon.

use super::bits::Bits;
use super::position::{Chess, Set};
use super::variants::Variant;
use super::{Move, Role};

/// Exchanges longer than this are cut short (there are never more attackers of a square).
const LONGEST: usize = 40;

/// A piece's worth in an exchange; a royal king is worth more than anything it can take,
/// so it recaptures only last and only when nothing can take it back.
fn worth(role: Role, royal: bool) -> i32 {
    match role {
        Role::King if royal => 20_000,
        _ => super::rules::material_value(role),
    }
}

impl<V: Variant> Chess<V> {
    /// The material the side to move ends up with after `mv` (a legal move; a quiet
    /// one captures nothing) and the best sequence of captures on its square that
    /// follows, in centipawns.
    /// Pins are ignored, as usual for this estimate.
    pub(super) fn exchange_value(&self, mv: Move) -> i32 {
        let Some((_, mover)) = self.piece_at(mv.from) else {
            return 0;
        };
        let mut occupied: Set<V> = self.blockers() ^ Set::<V>::square(mv.from);
        let first_gain = match self.piece_at(mv.to) {
            Some((_, victim)) => worth(victim, V::ROYAL),
            None if mover == Role::Pawn && Some(mv.to) == self.en_passant => {
                let taken = (i16::from(mv.to) - Self::forward(self.turn)) as u8;
                occupied ^= Set::<V>::square(taken);
                worth(Role::Pawn, V::ROYAL)
            }
            None => 0,
        };
        let promotion_gain = mv.promotion.map_or(0, |role| {
            worth(role, V::ROYAL) - worth(Role::Pawn, V::ROYAL)
        });
        let mut gains = [0i32; LONGEST];
        gains[0] = first_gain + promotion_gain;
        let mut on_square = worth(mv.promotion.unwrap_or(mover), V::ROYAL);
        let mut side = self.turn.opponent();
        let mut depth = 0;
        while depth + 1 < LONGEST {
            let attackers = self.attackers(mv.to, side, occupied) & occupied;
            let Some((role, square)) = Role::ALL.into_iter().find_map(|role| {
                (attackers & self.roles[role as usize])
                    .lowest()
                    .map(|square| (role, square))
            }) else {
                break;
            };
            if role == Role::King && V::ROYAL {
                let defenders = self.attackers(mv.to, side.opponent(), occupied) & occupied;
                if defenders.any() {
                    break;
                }
            }
            depth += 1;
            gains[depth] = on_square - gains[depth - 1];
            if gains[depth].max(-gains[depth - 1]) < 0 {
                break;
            }
            on_square = worth(role, V::ROYAL);
            occupied ^= Set::<V>::square(square);
            side = side.opponent();
        }
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }

    /// The position with the turn passed, for the search's null-move pruning: `None`
    /// in check and where zugzwang is likely (the side to move has only king and pawns,
    /// or, in last piece standing, is down to the few pieces a hunt chases: there a lone
    /// piece loses by having to move).
    pub(super) fn passed(&self) -> Option<Self> {
        let us = self.turn;
        let pieces = self.colors[us.index()]
            & !self.roles[Role::Pawn as usize]
            & !self.roles[Role::King as usize];
        if pieces.is_empty() || self.is_hunted(us) || Chess::in_check(self, us) {
            return None;
        }
        let mut passed = *self;
        passed.pass_turn();
        Some(passed)
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::{Atomic, LastPieceStanding, Standard};
    use ply_core::{Heuristics, Rules};

    fn exchange(fen: &str, mv: &str) -> i32 {
        let position = Standard::from_fen(fen).unwrap();
        position.exchange_value(position.parse_move(mv).unwrap())
    }

    #[test]
    fn recaptures_decide_what_a_capture_wins() {
        // A pawn defends the knight: pawn takes knight wins a knight for a pawn.
        let defended_knight = "4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(exchange(defended_knight, "d4e5"), 320 - 100);
        // The queen takes a pawn a pawn defends: she is lost for a pawn.
        assert_eq!(
            exchange("4k3/8/3p4/4p3/8/8/8/Q3K3 w - - 0 1", "a1e5"),
            100 - 900
        );
        // A rook behind the rook joins the exchange through it (an x-ray).
        let battery = "3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1";
        assert_eq!(exchange(battery, "d2d7"), 0);
        // An undefended piece is simply won.
        assert_eq!(exchange("4k3/8/8/4r3/8/8/8/4RK2 w - - 0 1", "e1e5"), 500);
    }

    #[test]
    fn only_a_losing_exchange_is_flagged_and_never_in_atomic() {
        let fen = "4k3/8/3p4/4p3/8/8/8/Q3K3 w - - 0 1";
        let position = Standard::from_fen(fen).unwrap();
        let queen_takes = position.parse_move("a1e5").unwrap();
        assert!(position.losing_exchange(queen_takes));
        let atomic = Atomic::from_fen(fen).unwrap();
        assert!(!atomic.losing_exchange(atomic.parse_move("a1e5").unwrap()));
    }

    #[test]
    fn passing_flips_the_turn_and_keeps_the_hash_right() {
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let position = Standard::from_fen(after_e4).unwrap();
        let passed = position.null_move().expect("passing is allowed here");
        assert_ne!(passed.to_move(), position.to_move());
        assert_eq!(passed.hash(), passed.recompute_hash());
        // Only king and pawns: zugzwang is likely, so no passing; nor in check.
        let pawns = Standard::from_fen("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        assert!(pawns.null_move().is_none());
        let check = Standard::from_fen("4k3/8/8/8/8/8/3N4/r3K3 w - - 0 1").unwrap();
        assert!(check.null_move().is_none());
    }

    #[test]
    fn a_hunted_side_in_last_piece_standing_never_passes() {
        // Black's lone rook must move every turn; White's four pieces may pass.
        let hunt = "8/8/8/3r4/8/1Q6/R5K1/7R";
        let black = LastPieceStanding::from_fen(&format!("{hunt} b - - 0 1")).unwrap();
        assert!(black.null_move().is_none());
        let white = LastPieceStanding::from_fen(&format!("{hunt} w - - 0 1")).unwrap();
        assert!(white.null_move().is_some());
    }
}
