//! The relay's clocks as the wire carries them: a timed game's [`Clocks`], which the
//! relay times from the start of each turn to the arrival of its move, read in whole
//! milliseconds at a given instant.

use crate::protocol::{ClockSetup, ClockView};
use ply_core::Player;
use ply_play::Clocks;
use std::time::{Duration, Instant};

/// The clocks of a timed game as the wire carries them at `now`, `to_move`'s running
/// unless the relay holds them `still` (`None` for an untimed game).
pub(crate) fn clock_view(
    clocks: &Clocks,
    to_move: Player,
    now: Instant,
    still: bool,
) -> Option<ClockView> {
    Some(ClockView {
        setup: ClockSetup::of(clocks.control()?),
        left_ms: millis(clocks.left_at(to_move, now)),
        running: !still,
    })
}

/// Times in whole milliseconds.
pub(crate) fn millis(times: [Duration; 2]) -> [u64; 2] {
    times.map(|time| u64::try_from(time.as_millis()).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::TimeControl;

    #[test]
    fn the_wire_shows_each_sides_time_left_with_the_running_clock_charged() {
        let start = Instant::now();
        let mut clocks = Clocks::started(TimeControl::minutes(1, 2), start);
        let later = start + Duration::from_secs(5);
        clocks.moved_at(Player::First, later).expect("in time");
        let too_late = later + Duration::from_secs(61);
        let view = clock_view(&clocks, Player::Second, too_late, false).expect("timed");
        assert_eq!(view.left_ms, [57_000, 0]);
        assert!(view.running);
        assert_eq!(view.setup, ClockSetup::of(TimeControl::minutes(1, 2)));
        assert_eq!(
            clock_view(&Clocks::default(), Player::First, later, false),
            None
        );
        assert!(
            !clock_view(&clocks, Player::Second, later, true)
                .expect("timed")
                .running
        );
    }
}
