//! How a hnefatafl game ends by the position alone: the king captured or escaped to a
//! corner, an exit fort after the defenders' move, an encirclement after the attackers'
//! move, no legal move, and the move limit.

use super::board::{
    BOARD, CORNERS, DIRECTIONS, EDGE, FILE_A, FILE_K, NEXT, OFF, RANK_1, RANK_11, bit, east, flood,
    has, neighbours, north, south, west,
};
use super::position::{Hnefatafl, MOVE_LIMIT};
use ply_core::{EndReason, Outcome, Player};

impl Hnefatafl {
    /// The win this position decides by itself, before anyone looks for moves: the
    /// king captured or escaped, or (judged after the side that just moved) an
    /// encirclement or an exit fort. A decided position has no legal moves.
    pub(super) fn decided(&self) -> Option<Outcome> {
        let win = |winner: Player, reason: EndReason| Some(Outcome::Win { winner, reason });
        let Some(king) = self.king else {
            return win(Player::First, EndReason::KingCaptured);
        };
        if has(CORNERS, king) {
            return win(Player::Second, EndReason::KingEscaped);
        }
        match self.turn {
            Player::Second if self.king_hemmed_in(king) => {
                win(Player::First, EndReason::KingCaptured)
            }
            Player::Second if self.encircled() => win(Player::First, EndReason::Encircled),
            Player::First if self.exit_fort(king) => win(Player::Second, EndReason::ExitFort),
            _ => None,
        }
    }

    /// The whole outcome: a decided position, else a side to move without moves loses,
    /// else the move limit draws.
    pub(super) fn position_outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.decided() {
            return Some(outcome);
        }
        if !self.has_moves() {
            return Some(Outcome::Win {
                winner: self.turn.opponent(),
                reason: EndReason::NoLegalMoves,
            });
        }
        if self.plies >= MOVE_LIMIT {
            return Some(Outcome::Draw {
                reason: EndReason::MoveLimit,
            });
        }
        None
    }

    /// Whether attackers stand on all four sides of the king on `king`. Play takes such
    /// a king off the board at once; a position text that leaves him standing records
    /// his capture just the same (with three attackers and the empty throne, the text
    /// cannot tell: he may just have stepped off the throne, so he stands).
    pub(super) fn king_hemmed_in(&self, king: u8) -> bool {
        DIRECTIONS.iter().all(|&direction| {
            let side = NEXT[direction][usize::from(king)];
            side != OFF && has(self.attackers, side)
        })
    }

    /// Whether no defender (king included) can reach the board's edge through squares
    /// free of attackers.
    pub(super) fn encircled(&self) -> bool {
        let defenders = self.defenders | self.king_set();
        if defenders & EDGE != 0 {
            return false;
        }
        let open = BOARD & !self.attackers;
        let mut reached = EDGE & open;
        loop {
            if reached & defenders != 0 {
                return false;
            }
            let next = reached | (neighbours(reached) & open);
            if next == reached {
                return true;
            }
            reached = next;
        }
    }

    /// Whether the king on `king` sits in an exit fort: on the edge, able to move, and
    /// walled in by defenders that can never be captured, so no attacker can reach him.
    pub(super) fn exit_fort(&self, king: u8) -> bool {
        if !has(EDGE, king) {
            return false;
        }
        let empty = BOARD & !self.occupied();
        let room = flood(bit(king), empty);
        if room == bit(king) {
            return false;
        }
        let wall = neighbours(room) & !room;
        if wall & !self.defenders != 0 {
            return false;
        }
        let solid = room | wall;
        let west_safe = FILE_A | east(solid);
        let east_safe = FILE_K | west(solid);
        let south_safe = RANK_1 | north(solid);
        let north_safe = RANK_11 | south(solid);
        let safe = (west_safe | east_safe) & (south_safe | north_safe);
        wall & !safe == 0
    }

    /// Whether the side to move has at least one legal move (ignoring whether the
    /// position is decided).
    pub(super) fn has_moves(&self) -> bool {
        let mut moves = Vec::with_capacity(128);
        self.push_moves(&mut moves);
        !moves.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hnefatafl::START;

    #[test]
    fn the_start_is_undecided() {
        let start = Hnefatafl::from_text(START).expect("start");
        assert_eq!(start.decided(), None);
        assert!(!start.encircled());
        assert!(start.has_moves());
    }

    #[test]
    fn a_king_left_standing_among_four_attackers_is_captured() {
        let hemmed = "11/9d1/11/11/11/11/3a7/2aka6/3a7/11/11 d";
        let taken = Hnefatafl::from_text(hemmed).expect("a finished position");
        assert_eq!(
            taken.decided(),
            Some(Outcome::Win {
                winner: Player::First,
                reason: EndReason::KingCaptured,
            })
        );
        let beside_throne = "11/11/11/11/11/4ak1a3/5a5/11/11/11/11 d";
        let standing = Hnefatafl::from_text(beside_throne).expect("a game going on");
        assert_eq!(standing.decided(), None);
    }
}
