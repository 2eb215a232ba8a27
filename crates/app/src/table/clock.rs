//! The time each side has used, running only for the side to move and only while the
//! game is live: stopped when the game ends, and held while the table is paused (a
//! local game's menu or a question is open).

use ply_core::Player;
use std::time::Duration;

/// The time each side has used.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Clocks {
    used: [Duration; 2],
}

impl Clocks {
    /// Clocks that already show `used` (a resumed game).
    pub fn with_used(used: [Duration; 2]) -> Clocks {
        Clocks { used }
    }

    /// Adds `elapsed` to `side`'s time.
    pub fn run(&mut self, side: Player, elapsed: Duration) {
        self.used[side.index()] += elapsed;
    }

    /// The time `side` has used.
    pub fn used(&self, side: Player) -> Duration {
        self.used[side.index()]
    }

    /// Both sides' times, first player first.
    pub fn both(&self) -> [Duration; 2] {
        self.used
    }
}

/// A time as the panel shows it: minutes and seconds ("12:05"), hours when needed.
pub fn clock_text(time: Duration) -> String {
    let whole = time.as_secs();
    let (hours, minutes, seconds) = (whole / 3600, (whole / 60) % 60, whole % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_a_clock() {
        assert_eq!(clock_text(Duration::from_millis(59_999)), "0:59");
        assert_eq!(clock_text(Duration::from_secs(725)), "12:05");
        assert_eq!(clock_text(Duration::from_secs(3_725)), "1:02:05");
    }

    #[test]
    fn only_the_side_that_runs_gains_time() {
        let mut clocks = Clocks::default();
        clocks.run(Player::Second, Duration::from_secs(3));
        assert_eq!(clocks.used(Player::First), Duration::ZERO);
        assert_eq!(clocks.used(Player::Second), Duration::from_secs(3));
    }
}
