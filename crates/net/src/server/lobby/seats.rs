//! Who may take a side during a game: never a connected player's, and a dropped
//! player's only once the claim countdown has run out, so that a host cannot hand a
//! player's side to the computer (and move for it) the moment the player drops. And
//! between games, the sides a saved game's players held, offered back to them.

use super::{Lobby, Seat};
use crate::name::appearance;
use crate::protocol::{Denied, StandIn};
use ply_core::Player;

impl Lobby {
    /// Whether the side `side` may go to `seat` in the running game.
    pub(super) fn may_hand_over(&self, side: Player, seat: Seat) -> Result<(), Denied> {
        let Seat::Member(holder) = self.sides[side.index()] else {
            return Ok(());
        };
        if seat == Seat::Member(holder) {
            return Ok(());
        }
        let Some(member) = self.member(holder) else {
            return Ok(());
        };
        let name = member.name.clone();
        let away = match (member.link.is_some(), member.away_since) {
            (false, Some(since)) => since.elapsed(),
            (false, None) => self.limits.claim_wait,
            (true, _) => {
                return Err(Denied::SeatHeld {
                    side: self.side_names[side.index()].to_string(),
                    name,
                });
            }
        };
        match self.limits.claim_wait.checked_sub(away) {
            Some(left) if !left.is_zero() => Err(Denied::SeatKept {
                name,
                secs: left.as_secs() + u64::from(left.subsec_nanos() > 0),
            }),
            _ => Ok(()),
        }
    }

    /// Remembers, when the computer takes `side` over from the player holding it in the
    /// running game, who that player was and when, so every record of the game says so.
    pub(super) fn note_stand_in(&mut self, side: Player, seat: Seat) {
        let Seat::Member(holder) = self.sides[side.index()] else {
            return;
        };
        if seat != Seat::Computer {
            return;
        }
        let player = self.name_of(holder);
        if let Some(running) = self.game.as_mut()
            && running
                .stand_ins
                .iter()
                .all(|stand_in| stand_in.side != side)
        {
            running.stand_ins.push(StandIn {
                side,
                player,
                from_ply: running.plies,
            });
        }
    }
}

impl Lobby {
    /// Seats the players a saved game names on the sides they held, while those sides
    /// are open and no game runs; returns whether anyone was seated.
    pub(super) fn offer_seats_back(&mut self) -> bool {
        let Some(resume) = self.setup.resume.as_ref().filter(|_| self.game.is_none()) else {
            return false;
        };
        let mut seated = false;
        for side in Player::BOTH {
            let Some(name) = &resume.players[side.index()] else {
                continue;
            };
            let looks = appearance(name);
            let held = self.members.iter().find(|member| {
                member.link.is_some()
                    && appearance(&member.name) == looks
                    && !self.sides.contains(&Seat::Member(member.id))
            });
            if let (Seat::Open, Some(member)) = (self.sides[side.index()], held) {
                self.sides[side.index()] = Seat::Member(member.id);
                seated = true;
            }
        }
        seated
    }
}
