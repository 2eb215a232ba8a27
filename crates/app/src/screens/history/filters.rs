//! The History screen's filters: each a short list of choices cycled by a click (mode,
//! opponent, result, the computer and its level, where, when) and the text searched in
//! names, turned into the history's `GameFilter`.

use ply_history::{Computer, GameFilter, PlayerResult};
use ply_modes::{Level, MODES};
use std::time::{Duration, SystemTime};

/// How far back the games go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Since {
    /// Every game.
    Always,
    /// The last 7 days.
    Week,
    /// The last 30 days.
    Month,
    /// The last 365 days.
    Year,
}

impl Since {
    const ALL: [Since; 4] = [Since::Always, Since::Week, Since::Month, Since::Year];

    fn label(self) -> &'static str {
        match self {
            Since::Always => "all time",
            Since::Week => "last week",
            Since::Month => "last month",
            Since::Year => "last year",
        }
    }

    fn days(self) -> Option<u64> {
        match self {
            Since::Always => None,
            Since::Week => Some(7),
            Since::Month => Some(30),
            Since::Year => Some(365),
        }
    }
}

/// One filter of the row of filter buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// The game mode.
    Mode,
    /// The opponent's name.
    Opponent,
    /// The player's result.
    Result,
    /// Against the computer (at a level) or people.
    Computer,
    /// Online or on this computer.
    Venue,
    /// How far back.
    Since,
}

impl Which {
    /// Every filter button, in the order they are shown.
    pub const ALL: [Which; 6] = [
        Which::Mode,
        Which::Opponent,
        Which::Result,
        Which::Computer,
        Which::Venue,
        Which::Since,
    ];
}

/// The computer choices, in the order a click cycles them.
const COMPUTERS: [Option<Computer>; 7] = [
    None,
    Some(Computer::Any),
    Some(Computer::Level(Level::at(4))),
    Some(Computer::Level(Level::at(5))),
    Some(Computer::Level(Level::at(7))),
    Some(Computer::Level(Level::FULL)),
    Some(Computer::Never),
];

/// The results, in the order a click cycles them.
const RESULTS: [Option<PlayerResult>; 4] = [
    None,
    Some(PlayerResult::Win),
    Some(PlayerResult::Draw),
    Some(PlayerResult::Loss),
];

/// The choices made on the History screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Filters {
    /// Index into `MODES`, or `None` for every mode.
    mode: Option<usize>,
    /// The opponent chosen, by name.
    opponent: Option<String>,
    result: usize,
    computer: usize,
    /// `None` anywhere, else online.
    online: Option<bool>,
    since: Since,
    /// The text searched in names and titles.
    pub search: String,
}

impl Default for Filters {
    fn default() -> Filters {
        Filters {
            mode: None,
            opponent: None,
            result: 0,
            computer: 0,
            online: None,
            since: Since::Always,
            search: String::new(),
        }
    }
}

/// The next of `count` choices after `index`, forwards or backwards, wrapping.
fn cycled(index: usize, count: usize, forward: bool) -> usize {
    if forward {
        (index + 1) % count
    } else {
        (index + count - 1) % count
    }
}

impl Filters {
    /// The button's text for one filter ("Mode: Chess").
    pub fn label(&self, which: Which) -> String {
        match which {
            Which::Mode => format!(
                "Mode: {}",
                self.mode.map_or("all", |index| MODES[index].name)
            ),
            Which::Opponent => format!("Opponent: {}", self.opponent.as_deref().unwrap_or("all")),
            Which::Result => format!(
                "Result: {}",
                match RESULTS[self.result] {
                    None => "all",
                    Some(PlayerResult::Win) => "won",
                    Some(PlayerResult::Draw) => "drawn",
                    Some(PlayerResult::Loss) => "lost",
                }
            ),
            Which::Computer => format!(
                "Against: {}",
                match COMPUTERS[self.computer] {
                    None => "anyone".to_string(),
                    Some(Computer::Any) => "the computer".to_string(),
                    Some(Computer::Level(level)) => level.name(),
                    Some(Computer::Never) => "people".to_string(),
                }
            ),
            Which::Venue => format!(
                "Where: {}",
                match self.online {
                    None => "anywhere",
                    Some(true) => "online",
                    Some(false) => "this computer",
                }
            ),
            Which::Since => format!("When: {}", self.since.label()),
        }
    }

    /// Moves one filter to its next choice (`forward`) or the one before; `opponents`
    /// are the names to choose from.
    pub fn cycle(&mut self, which: Which, forward: bool, opponents: &[String]) {
        match which {
            Which::Mode => {
                let index = self.mode.map_or(0, |index| index + 1);
                let next = cycled(index, MODES.len() + 1, forward);
                self.mode = next.checked_sub(1);
            }
            Which::Opponent => {
                let index = self
                    .opponent
                    .as_ref()
                    .and_then(|chosen| opponents.iter().position(|name| name == chosen))
                    .map_or(0, |index| index + 1);
                let next = cycled(index, opponents.len() + 1, forward);
                self.opponent = next.checked_sub(1).map(|index| opponents[index].clone());
            }
            Which::Result => self.result = cycled(self.result, RESULTS.len(), forward),
            Which::Computer => self.computer = cycled(self.computer, COMPUTERS.len(), forward),
            Which::Venue => {
                self.online = match (self.online, forward) {
                    (None, true) | (Some(false), false) => Some(true),
                    (Some(true), true) | (None, false) => Some(false),
                    (Some(false), true) | (Some(true), false) => None,
                }
            }
            Which::Since => {
                let index = Since::ALL.iter().position(|&since| since == self.since);
                self.since = Since::ALL[cycled(index.unwrap_or(0), Since::ALL.len(), forward)];
            }
        }
    }

    /// Whether the list shows every game.
    pub fn all(&self) -> bool {
        *self == Filters::default()
    }

    /// The history's filter for these choices, at `now`.
    pub fn to_filter(&self, now: SystemTime) -> GameFilter {
        let search = self.search.trim();
        GameFilter {
            mode: self.mode.map(|index| MODES[index].id.to_string()),
            opponent: self.opponent.clone(),
            result: RESULTS[self.result],
            computer: COMPUTERS[self.computer],
            online: self.online,
            from: self
                .since
                .days()
                .and_then(|days| now.checked_sub(Duration::from_secs(days * 24 * 3600))),
            search: (!search.is_empty()).then(|| search.to_string()),
            ..GameFilter::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycling_comes_back_round_and_the_choices_make_the_filter() {
        let mut filters = Filters::default();
        let opponents = vec!["Bea".to_string(), "Cid".to_string()];
        for _ in 0..3 {
            filters.cycle(Which::Opponent, true, &opponents);
        }
        assert_eq!(filters.opponent, None);
        filters.cycle(Which::Opponent, false, &opponents);
        assert_eq!(filters.label(Which::Opponent), "Opponent: Cid");
        filters.cycle(Which::Result, true, &opponents);
        filters.cycle(Which::Venue, true, &opponents);
        filters.cycle(Which::Since, true, &opponents);
        filters.search = " ann ".to_string();
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(30 * 24 * 3600);
        let filter = filters.to_filter(now);
        assert_eq!(filter.opponent.as_deref(), Some("Cid"));
        assert_eq!(filter.result, Some(PlayerResult::Win));
        assert_eq!(filter.online, Some(true));
        assert_eq!(
            filter.from,
            Some(SystemTime::UNIX_EPOCH + Duration::from_secs(23 * 24 * 3600))
        );
        assert_eq!(filter.search.as_deref(), Some("ann"));
        assert!(!filters.all());
        assert!(Filters::default().all());
    }
}
