//! Moments as the database keeps them: whole milliseconds since 1970-01-01 UTC.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// `time` in milliseconds since 1970 (0 for a clock set before then).
pub(crate) fn millis(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |since| {
        i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
    })
}

/// The moment `millis` milliseconds after 1970 (1970 itself for a negative count).
pub(crate) fn moment(millis: i64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis(u64::try_from(millis).unwrap_or(0))
}

/// Now, in milliseconds since 1970.
pub(crate) fn now_ms() -> i64 {
    millis(SystemTime::now())
}

/// A duration in whole milliseconds, as stored.
pub(crate) fn duration_ms(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}
