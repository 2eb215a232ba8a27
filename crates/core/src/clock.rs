//! Time controls: a base time for each side's whole game and an increment added after
//! each of its moves ("5+3": five minutes, three seconds more per move), written and
//! read as players write them, with the presets the modes offer.

use std::fmt;
use std::time::Duration;

/// A base time for each side and an increment added after each move it makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time for the whole game, before increments.
    pub base: Duration,
    /// The time added to a side's clock after each of its moves.
    pub increment: Duration,
}

/// The shortest base time a game may have.
pub const SHORTEST_BASE: Duration = Duration::from_secs(10);
/// The longest base time a game may have (ten hours).
pub const LONGEST_BASE: Duration = Duration::from_secs(10 * 3600);
/// The largest increment a game may have (ten minutes).
pub const LARGEST_INCREMENT: Duration = Duration::from_secs(600);

/// Why a time control could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not "minutes+seconds".
    #[error("write a time control as minutes+seconds, for example 5+3, not \"{0}\"")]
    Unreadable(String),
    /// The base time is outside what a game may have.
    #[error("the base time is between 10 seconds and 600 minutes")]
    BaseOutOfRange,
    /// The increment is outside what a game may have.
    #[error("the increment is between 0 and 600 seconds")]
    IncrementOutOfRange,
}

impl TimeControl {
    /// `minutes` of base time and `seconds` of increment.
    pub const fn minutes(minutes: u64, seconds: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(seconds),
        }
    }

    /// A time control from its parts, refused when outside what a game may have.
    pub fn new(base: Duration, increment: Duration) -> Result<TimeControl, TimeControlError> {
        if !(SHORTEST_BASE..=LONGEST_BASE).contains(&base) {
            return Err(TimeControlError::BaseOutOfRange);
        }
        if increment > LARGEST_INCREMENT {
            return Err(TimeControlError::IncrementOutOfRange);
        }
        Ok(TimeControl { base, increment })
    }

    /// Reads "minutes+seconds" ("5+3", "0.5+0", "90+30"), with spaces allowed around
    /// the plus; the minutes may have a decimal point.
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let unreadable = || TimeControlError::Unreadable(text.trim().to_string());
        let (minutes, seconds) = text.split_once('+').ok_or_else(unreadable)?;
        let minutes: f64 = minutes.trim().parse().map_err(|_| unreadable())?;
        let seconds: u64 = seconds.trim().parse().map_err(|_| unreadable())?;
        if !minutes.is_finite() || !(0.0..=100_000.0).contains(&minutes) {
            return Err(TimeControlError::BaseOutOfRange);
        }
        let base = Duration::from_millis((minutes * 60_000.0).round() as u64);
        let increment = Duration::from_secs(seconds.min(u64::from(u32::MAX)));
        TimeControl::new(base, increment)
    }
}

impl fmt::Display for TimeControl {
    /// "5+3"; a base that is not a whole number of minutes is written in seconds with
    /// an "s" ("45s+2").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = self.base.as_secs();
        let increment = self.increment.as_secs();
        if base.is_multiple_of(60) {
            write!(f, "{}+{increment}", base / 60)
        } else {
            write!(f, "{base}s+{increment}")
        }
    }
}

/// The time controls offered for chess and its variants.
pub const CHESS_PRESETS: &[TimeControl] = &[
    TimeControl::minutes(3, 2),
    TimeControl::minutes(5, 3),
    TimeControl::minutes(10, 5),
    TimeControl::minutes(15, 10),
    TimeControl::minutes(30, 20),
];

/// The time controls offered when a mode names none of its own.
pub const GENERAL_PRESETS: &[TimeControl] = &[
    TimeControl::minutes(3, 2),
    TimeControl::minutes(5, 5),
    TimeControl::minutes(10, 10),
    TimeControl::minutes(20, 20),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write_as_players_write_them() {
        let blitz = TimeControl::parse("5+3").expect("readable");
        assert_eq!(blitz, TimeControl::minutes(5, 3));
        assert_eq!(blitz.to_string(), "5+3");
        let bullet = TimeControl::parse(" 0.75 + 0 ").expect("readable");
        assert_eq!(bullet.base, Duration::from_secs(45));
        assert_eq!(bullet.to_string(), "45s+0");
        assert_eq!(
            TimeControl::parse(&bullet.to_string().replace("45s", "0.75")),
            Ok(bullet)
        );
    }

    #[test]
    fn nonsense_and_extremes_are_refused_with_a_reason() {
        assert!(matches!(
            TimeControl::parse("five"),
            Err(TimeControlError::Unreadable(_))
        ));
        assert!(matches!(
            TimeControl::parse("5+x"),
            Err(TimeControlError::Unreadable(_))
        ));
        assert_eq!(
            TimeControl::parse("0+5"),
            Err(TimeControlError::BaseOutOfRange)
        );
        assert_eq!(
            TimeControl::parse("-1+5"),
            Err(TimeControlError::BaseOutOfRange)
        );
        assert_eq!(
            TimeControl::parse("601+0"),
            Err(TimeControlError::BaseOutOfRange)
        );
        assert_eq!(
            TimeControl::parse("5+601"),
            Err(TimeControlError::IncrementOutOfRange)
        );
        assert_eq!(
            TimeControl::parse("NaN+1"),
            Err(TimeControlError::BaseOutOfRange)
        );
    }
}
