//! Save dates as text for listings and `ply save inspect`, in the player's own time zone
//! ("2026-11-21 11:52 CET"), and for game records in UTC ("2026.11.21"), with the
//! calendar and time-zone work left to `jiff`.

use jiff::Timestamp;
use jiff::tz::TimeZone;
use std::time::SystemTime;

/// `time` as "YYYY-MM-DD HH:MM ZONE" in this computer's time zone (UTC when the system
/// names none it can read).
pub fn local_text(time: SystemTime) -> String {
    text_in(time, &TimeZone::system())
}

/// `time` as "YYYY-MM-DD HH:MM UTC", the same on every computer (for records and tests
/// that must not depend on where they run).
pub fn utc_text(time: SystemTime) -> String {
    text_in(time, &TimeZone::UTC)
}

/// The UTC day of `time` as game records write dates: "YYYY.MM.DD".
pub(crate) fn record_date(time: SystemTime) -> String {
    utc(time).strftime("%Y.%m.%d").to_string()
}

/// The UTC time of day of `time` as game records write it: "HH:MM:SS".
pub(crate) fn record_time(time: SystemTime) -> String {
    utc(time).strftime("%H:%M:%S").to_string()
}

fn utc(time: SystemTime) -> jiff::Zoned {
    Timestamp::try_from(time)
        .unwrap_or(Timestamp::UNIX_EPOCH)
        .to_zoned(TimeZone::UTC)
}

/// `time` as "YYYY-MM-DD HH:MM ZONE" in `zone` (a time outside the calendar's range
/// shows as the Unix epoch).
fn text_in(time: SystemTime, zone: &TimeZone) -> String {
    let stamp = Timestamp::try_from(time).unwrap_or(Timestamp::UNIX_EPOCH);
    stamp
        .to_zoned(zone.clone())
        .strftime("%Y-%m-%d %H:%M %Z")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::tz::{Offset, offset};
    use std::time::{Duration, UNIX_EPOCH};

    fn at(seconds: u64, zone: &TimeZone) -> String {
        text_in(UNIX_EPOCH + Duration::from_secs(seconds), zone)
    }

    #[test]
    fn known_dates_in_utc() {
        let utc = TimeZone::UTC;
        assert_eq!(at(0, &utc), "1970-01-01 00:00 UTC");
        assert_eq!(at(951_782_400, &utc), "2000-02-29 00:00 UTC");
        assert_eq!(at(1_795_258_320, &utc), "2026-11-21 10:52 UTC");
        assert_eq!(at(4_102_444_799, &utc), "2099-12-31 23:59 UTC");
    }

    #[test]
    fn record_dates_are_utc_with_dots() {
        let time = UNIX_EPOCH + Duration::from_secs(1_795_258_320);
        assert_eq!(record_date(time), "2026.11.21");
        assert_eq!(record_time(time), "10:52:00");
    }

    #[test]
    fn a_zone_shifts_the_date_and_names_itself() {
        let india = TimeZone::fixed(Offset::from_seconds(5 * 3600 + 30 * 60).unwrap());
        assert_eq!(at(1_795_258_320, &india), "2026-11-21 16:22 +05:30");
        let hawaii = TimeZone::fixed(offset(-10));
        assert_eq!(at(1_795_258_320, &hawaii), "2026-11-21 00:52 -10");
    }
}
