//! Results over time, for a chart: the player's wins, draws and losses per day or per
//! week (weeks start on Monday), days counted in a time zone, the player's own by
//! default.

use crate::Tally;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use std::time::SystemTime;

/// How long one bar of the chart lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Span {
    /// A calendar day.
    Day,
    /// A week from Monday to Sunday.
    Week,
}

/// How results over time are grouped.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// The length of a bar.
    pub span: Span,
    /// The time zone whose days count.
    pub zone: TimeZone,
}

impl Timeline {
    /// Bars of `span` in this computer's time zone.
    pub fn local(span: Span) -> Timeline {
        Timeline {
            span,
            zone: TimeZone::system(),
        }
    }

    /// Bars of `span` in UTC, the same on every computer.
    pub fn utc(span: Span) -> Timeline {
        Timeline {
            span,
            zone: TimeZone::UTC,
        }
    }

    /// The start of the bar holding the moment `millis` (milliseconds since 1970).
    pub(crate) fn bar_start(&self, millis: i64) -> SystemTime {
        let stamp = Timestamp::from_millisecond(millis).unwrap_or(Timestamp::UNIX_EPOCH);
        let day = stamp.to_zoned(self.zone.clone()).date();
        let first_day = match self.span {
            Span::Day => day,
            Span::Week => day
                .checked_sub(i64::from(day.weekday().to_monday_zero_offset()).days())
                .unwrap_or(day),
        };
        first_day
            .to_zoned(self.zone.clone())
            .map_or(SystemTime::UNIX_EPOCH, |start| {
                SystemTime::from(start.timestamp())
            })
    }
}

/// One bar of the chart: the results of the games that ended within it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    /// When the bar's day or week starts.
    pub start: SystemTime,
    /// The player's results in it.
    pub tally: Tally,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn days_and_weeks_start_at_midnight_and_on_monday() {
        // 2026-11-21 10:52 UTC was a Saturday.
        let saturday_ms = 1_795_258_320_000;
        let midnight = UNIX_EPOCH + Duration::from_secs(1_795_258_320 - (10 * 3600 + 52 * 60));
        assert_eq!(Timeline::utc(Span::Day).bar_start(saturday_ms), midnight);
        let monday = midnight - Duration::from_secs(5 * 24 * 3600);
        assert_eq!(Timeline::utc(Span::Week).bar_start(saturday_ms), monday);
        let india = Timeline {
            span: Span::Day,
            zone: TimeZone::fixed(jiff::tz::offset(5)),
        };
        assert_eq!(
            india.bar_start(saturday_ms),
            midnight - Duration::from_secs(5 * 3600)
        );
    }
}
