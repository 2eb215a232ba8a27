//! The relay's clocks for a timed game: the relay alone decides how much time each side
//! has, timing each move from its arrival, so every window shows the same figures and
//! a client that says nothing still loses on time.

use crate::protocol::{ClockSetup, ClockView};
use ply_core::{Player, TimeControl};
use std::time::{Duration, Instant};

/// Both sides' clocks in a running timed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RelayClock {
    control: TimeControl,
    /// Each side's time left when the side to move's turn began.
    left: [Duration; 2],
    /// When the side to move's turn began.
    since: Instant,
}

/// The side to move had no time left when its move arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Flagged;

impl RelayClock {
    /// Clocks at the game's start: each side has the base time, and the side to move's
    /// clock starts now.
    pub fn start(control: TimeControl, now: Instant) -> RelayClock {
        RelayClock {
            control,
            left: [control.base; 2],
            since: now,
        }
    }

    /// Each side's time left at `now`, with `to_move`'s clock running.
    pub fn left_at(&self, to_move: Player, now: Instant) -> [Duration; 2] {
        let mut left = self.left;
        let running = &mut left[to_move.index()];
        *running = running.saturating_sub(now.saturating_duration_since(self.since));
        left
    }

    /// When `to_move`'s time runs out, if it does not move first.
    pub fn deadline(&self, to_move: Player) -> Instant {
        self.since + self.left[to_move.index()]
    }

    /// `mover` moved at `now`: its time is charged and its increment added, and the
    /// other side's clock starts; refused when its time had already run out.
    pub fn moved(&mut self, mover: Player, now: Instant) -> Result<(), Flagged> {
        let left = self.left_at(mover, now);
        if left[mover.index()].is_zero() {
            return Err(Flagged);
        }
        self.left = left;
        self.left[mover.index()] += self.control.increment;
        self.since = now;
        Ok(())
    }

    /// `to_move`'s turn ends at `now` without a move (moves were taken back): its time
    /// is charged, with no increment, and the side to move after it starts its clock.
    pub fn switch(&mut self, to_move: Player, now: Instant) {
        self.left = self.left_at(to_move, now);
        self.since = now;
    }

    /// The clocks as the wire carries them at `now`.
    pub fn view(&self, to_move: Player, now: Instant) -> ClockView {
        ClockView {
            setup: ClockSetup::of(self.control),
            left_ms: millis(self.left_at(to_move, now)),
        }
    }
}

/// Times in whole milliseconds.
pub(crate) fn millis(times: [Duration; 2]) -> [u64; 2] {
    times.map(|time| u64::try_from(time.as_millis()).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_move_is_charged_from_arrival_and_gains_its_increment() {
        let start = Instant::now();
        let mut clock = RelayClock::start(TimeControl::minutes(1, 2), start);
        let later = start + Duration::from_secs(5);
        assert_eq!(
            clock.left_at(Player::First, later),
            [Duration::from_secs(55), Duration::from_secs(60)]
        );
        clock.moved(Player::First, later).expect("in time");
        assert_eq!(
            clock.left_at(Player::Second, later)[0],
            Duration::from_secs(57)
        );
        assert_eq!(
            clock.deadline(Player::Second),
            later + Duration::from_secs(60)
        );
        let too_late = later + Duration::from_secs(61);
        assert_eq!(clock.moved(Player::Second, too_late), Err(Flagged));
        assert_eq!(clock.view(Player::Second, too_late).left_ms, [57_000, 0]);
    }
}
