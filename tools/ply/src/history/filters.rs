//! The filters every `ply history` command that chooses games shares, as flags, turned
//! into the history's `GameFilter`; dates are days in this computer's time zone.

use clap::{Args, ValueEnum};
use jiff::civil::Date;
use jiff::tz::TimeZone;
use ply_history::{Computer, GameFilter, PlayerResult};
use ply_modes::Level;
use std::time::SystemTime;

/// A result for the player, as flags name it.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ResultName {
    /// The player won.
    Win,
    /// Nobody won.
    Draw,
    /// The player lost.
    Loss,
}

/// Which games to choose.
#[derive(Args, Debug, Default)]
pub struct FilterArgs {
    /// Only games of this mode (see `ply modes`).
    #[arg(long)]
    mode: Option<String>,
    /// Only games against this opponent (letter case aside).
    #[arg(long)]
    opponent: Option<String>,
    /// Only games with this result for the player.
    #[arg(long, value_enum)]
    result: Option<ResultName>,
    /// Only games against the computer: any, or a level (1 to 8, or full); `never`
    /// for games between people only.
    #[arg(long)]
    computer: Option<String>,
    /// Only online games.
    #[arg(long, conflicts_with = "local")]
    online: bool,
    /// Only games on this computer.
    #[arg(long)]
    local: bool,
    /// Only games that ended on or after this day (YYYY-MM-DD).
    #[arg(long)]
    from: Option<String>,
    /// Only games that ended on or before this day (YYYY-MM-DD).
    #[arg(long)]
    until: Option<String>,
    /// Only games with this text in a player's name or the title.
    #[arg(long)]
    search: Option<String>,
}

impl FilterArgs {
    /// The filter these flags describe, or why they cannot be read.
    pub fn filter(&self) -> Result<GameFilter, String> {
        let computer = match self.computer.as_deref() {
            None => None,
            Some("any") => Some(Computer::Any),
            Some("never") => Some(Computer::Never),
            Some(name) => Some(Computer::Level(Level::parse(name).map_err(|_| {
                format!("--computer takes any, never, a level 1 to 8 or full, not '{name}'")
            })?)),
        };
        let from = self
            .from
            .as_deref()
            .map(|day| day_start(parse_day(day)?))
            .transpose()?;
        let until = self
            .until
            .as_deref()
            .map(|day| day_start(parse_day(day)?.tomorrow().map_err(|e| e.to_string())?))
            .transpose()?;
        Ok(GameFilter {
            mode: self.mode.clone(),
            opponent: self.opponent.clone(),
            result: self.result.map(|result| match result {
                ResultName::Win => PlayerResult::Win,
                ResultName::Draw => PlayerResult::Draw,
                ResultName::Loss => PlayerResult::Loss,
            }),
            computer,
            online: (self.online || self.local).then_some(self.online),
            from,
            until,
            search: self.search.clone(),
            position: None,
        })
    }
}

/// A day written YYYY-MM-DD.
fn parse_day(text: &str) -> Result<Date, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("write a day as YYYY-MM-DD, not '{text}'"))
}

/// The moment `day` starts in this computer's time zone.
fn day_start(day: Date) -> Result<SystemTime, String> {
    day.to_zoned(TimeZone::system())
        .map(|start| SystemTime::from(start.timestamp()))
        .map_err(|e| e.to_string())
}
