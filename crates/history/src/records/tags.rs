//! What a record's tag pairs say: the mode (PDN's GameType, PGN's Variant, else the
//! file's kind), when the game was played (Date and UTCTime), its time control, and
//! how a game the moves did not end ended (Termination).

use super::tokens::RawGame;
use jiff::civil::{Date, Time};
use jiff::tz::TimeZone;
use ply_core::{EndReason, TimeControl};
use ply_modes::{Mode, find_mode};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The PGN Variant names of the chess modes, as Plyground writes them and as other
/// programs often do (letter case aside).
const VARIANTS: &[(&str, &str)] = &[
    ("standard", "chess"),
    ("chess", "chess"),
    ("atomic", "atomic"),
    ("king of the hill", "koth"),
    ("kingofthehill", "koth"),
    ("hole chess", "hole"),
    ("last piece standing", "lps"),
    ("mega chess 16x16", "mega"),
];

/// PDN's GameType of English draughts.
const ENGLISH_DRAUGHTS: &str = "21";

/// The mode of a game: checkers for PDN's GameType 21, the chess mode its Variant
/// names, else `fallback` (the file's kind).
pub(super) fn mode_of(game: &RawGame, fallback: &'static Mode) -> Result<&'static Mode, String> {
    if let Some(game_type) = game.tag("GameType") {
        let number = game_type.split(',').next().unwrap_or_default().trim();
        return if number == ENGLISH_DRAUGHTS {
            find_mode("checkers").ok_or_else(|| "checkers is not a mode of this build".to_string())
        } else {
            Err(format!(
                "GameType {game_type} is not English draughts (21), the only draughts Plyground plays"
            ))
        };
    }
    let Some(variant) = game.tag("Variant").map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(fallback);
    };
    let lowered = variant.to_lowercase();
    VARIANTS
        .iter()
        .find(|(name, _)| *name == lowered)
        .and_then(|(_, id)| find_mode(id))
        .or_else(|| find_mode(&lowered))
        .ok_or_else(|| format!("the variant \"{variant}\" is not a mode of Plyground"))
}

/// When the game was played, from its Date ("YYYY.MM.DD") and UTCTime ("HH:MM:SS")
/// tags; midnight when the time is missing, 1970 when the date is.
pub(super) fn played_at(game: &RawGame) -> SystemTime {
    let numbers = |text: &str, separator: char| -> Option<Vec<i16>> {
        text.trim()
            .split(separator)
            .map(|part| part.parse().ok())
            .collect()
    };
    let Some(date) = game
        .tag("Date")
        .and_then(|text| numbers(text, '.'))
        .and_then(|parts| match parts[..] {
            [year, month, day] => Date::new(year, month as i8, day as i8).ok(),
            _ => None,
        })
    else {
        return UNIX_EPOCH;
    };
    let time = game
        .tag("UTCTime")
        .and_then(|text| numbers(text, ':'))
        .and_then(|parts| match parts[..] {
            [hour, minute, second] => Time::new(hour as i8, minute as i8, second as i8, 0).ok(),
            _ => None,
        })
        .unwrap_or(Time::midnight());
    date.to_datetime(time)
        .to_zoned(TimeZone::UTC)
        .map_or(UNIX_EPOCH, |zoned| SystemTime::from(zoned.timestamp()))
}

/// The time control of a TimeControl tag in seconds ("300+3"; "-" or "?" for none).
pub(super) fn time_control(game: &RawGame) -> Option<TimeControl> {
    let text = game.tag("TimeControl")?;
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |part: &str| part.trim().parse::<u64>().ok().map(Duration::from_secs);
    TimeControl::new(seconds(base)?, seconds(increment)?).ok()
}

/// Why a game whose moves did not end it ended, from its Termination tag: a clock that
/// ran out, an abandoned game, else a resignation (won) or an agreed draw.
pub(super) fn declared_reason(game: &RawGame, drawn: bool) -> EndReason {
    let termination = game.tag("Termination").unwrap_or_default().to_lowercase();
    match (termination.as_str(), drawn) {
        ("time forfeit", false) => EndReason::OutOfTime,
        ("time forfeit", true) => EndReason::OutOfTimeNoMaterial,
        ("abandoned", _) => EndReason::Abandoned,
        (_, false) => EndReason::Resignation,
        (_, true) => EndReason::DrawAgreed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tagged(tags: &[(&str, &str)]) -> RawGame {
        RawGame {
            tags: tags
                .iter()
                .map(|(name, value)| (name.to_string(), value.to_string()))
                .collect(),
            ..RawGame::default()
        }
    }

    #[test]
    fn dates_times_and_time_controls_are_read() {
        let game = tagged(&[
            ("Date", "2026.11.21"),
            ("UTCTime", "10:52:00"),
            ("TimeControl", "300+3"),
        ]);
        assert_eq!(
            played_at(&game),
            UNIX_EPOCH + Duration::from_secs(1_795_258_320)
        );
        assert_eq!(time_control(&game), Some(TimeControl::minutes(5, 3)));
        let vague = tagged(&[("Date", "????.??.??"), ("TimeControl", "-")]);
        assert_eq!(played_at(&vague), UNIX_EPOCH);
        assert_eq!(time_control(&vague), None);
    }

    #[test]
    fn modes_come_from_game_type_then_variant_then_the_file() {
        let chess = find_mode("chess").expect("chess");
        let mode = |tags: &[(&str, &str)]| mode_of(&tagged(tags), chess).map(|mode| mode.id);
        assert_eq!(mode(&[]), Ok("chess"));
        assert_eq!(mode(&[("Variant", "King of the Hill")]), Ok("koth"));
        assert_eq!(mode(&[("Variant", "Mega chess 16x16")]), Ok("mega"));
        assert_eq!(mode(&[("GameType", "21")]), Ok("checkers"));
        assert!(
            mode(&[("GameType", "20")])
                .unwrap_err()
                .contains("not English draughts")
        );
        assert!(
            mode(&[("Variant", "Crazyhouse")])
                .unwrap_err()
                .contains("\"Crazyhouse\"")
        );
    }
}
