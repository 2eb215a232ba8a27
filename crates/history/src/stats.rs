//! The player's statistics over a choice of games: wins, draws, losses and streaks in
//! all, per mode and per opponent; against each level of the computer, the score and a
//! rating estimate; and results over time. The data behind the History screen's
//! charts.

use crate::elo::{Rating, estimate};
use crate::filter::GameFilter;
use crate::model::level_of;
use crate::timeline::{Bar, Timeline};
use crate::{History, HistoryError, PlayerResult, Tally};
use ply_modes::Level;
use rusqlite::params_from_iter;
use std::collections::BTreeMap;

/// Runs of the same result, in the order the games ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streaks {
    /// The latest run: its result and how many games long it is.
    pub current: Option<(PlayerResult, u32)>,
    /// The most wins in a row.
    pub longest_wins: u32,
    /// The most losses in a row.
    pub longest_losses: u32,
    /// The most games in a row without a loss.
    pub longest_unbeaten: u32,
    /// The games since the last loss.
    unbeaten: u32,
}

impl Streaks {
    /// Counts the next game.
    fn add(&mut self, result: PlayerResult) {
        let length = match self.current {
            Some((last, length)) if last == result => length + 1,
            _ => 1,
        };
        self.current = Some((result, length));
        match result {
            PlayerResult::Win => self.longest_wins = self.longest_wins.max(length),
            PlayerResult::Loss => self.longest_losses = self.longest_losses.max(length),
            PlayerResult::Draw => {}
        }
        self.unbeaten = if result == PlayerResult::Loss {
            0
        } else {
            self.unbeaten + 1
        };
        self.longest_unbeaten = self.longest_unbeaten.max(self.unbeaten);
    }
}

/// The results of a group of games (a mode, an opponent, or all of them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Group {
    /// What the group is: the mode identifier, the opponent's name (as last
    /// written), or empty for all games.
    pub name: String,
    /// Wins, draws and losses.
    pub tally: Tally,
    /// Runs of results.
    pub streaks: Streaks,
}

impl Group {
    fn add(&mut self, result: PlayerResult) {
        self.tally.add(result);
        self.streaks.add(result);
    }
}

/// A computer level's rating in a mode, as the caller knows it (the measured ladder,
/// docs/levels.md).
#[derive(Clone, Debug, PartialEq)]
pub struct Strength {
    /// The mode's identifier.
    pub mode: String,
    /// The level.
    pub level: Level,
    /// Its rating on the Elo scale.
    pub elo: f64,
}

impl Strength {
    /// The ladder's measured ratings that are tied to an outside scale (docs/levels.md):
    /// relative ratings say how far apart levels are, not how people compare with them.
    pub fn measured() -> Vec<Strength> {
        ply_modes::anchored_ratings()
            .map(|(mode, level, rating)| Strength {
                mode: mode.to_string(),
                level,
                elo: f64::from(rating.elo),
            })
            .collect()
    }
}

/// The player's results against one level of the computer in one mode.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelResults {
    /// The mode's identifier.
    pub mode: String,
    /// The level.
    pub level: Level,
    /// Wins, draws and losses against it.
    pub tally: Tally,
    /// The level's strength, when the caller gave one.
    pub strength: Option<f64>,
    /// The player's rating as these games show it (needs the level's strength, and
    /// neither all wins nor all losses).
    pub performance: Option<Rating>,
}

/// The player's statistics over a choice of games.
#[derive(Clone, Debug, PartialEq)]
pub struct Statistics {
    /// Every counted game together.
    pub overall: Group,
    /// Per mode, most played first.
    pub modes: Vec<Group>,
    /// Per opponent (names compared without regard to letter case), most played first.
    pub opponents: Vec<Group>,
    /// Per mode and computer level played against: by mode identifier, then the
    /// weakest level first.
    pub levels: Vec<LevelResults>,
    /// The rating estimate from the games against every level with a strength.
    pub rating: Option<Rating>,
    /// Results over time, oldest bar first (bars without games left out).
    pub timeline: Vec<Bar>,
    /// Games the filter let through that count for nobody (the player's side unknown).
    pub uncounted: u64,
}

impl History {
    /// The player's statistics over the games `filter` lets through. `strengths` gives
    /// the rating of computer levels in modes, on the Elo scale the estimate should use
    /// (the ladder's measured ratings); levels missing from it get a score but no
    /// rating. `timeline` sets the bars of results over time.
    pub fn stats(
        &self,
        filter: &GameFilter,
        strengths: &[Strength],
        timeline: &Timeline,
    ) -> Result<Statistics, HistoryError> {
        let condition = filter.condition();
        let sql = format!(
            "SELECT g.mode, g.opponent, g.computer_level, g.player_result, g.ended_ms
             FROM games AS g WHERE {} AND g.player_result IS NOT NULL
             ORDER BY g.ended_ms, g.id",
            condition.sql
        );
        let mut overall = Group::default();
        let mut modes: BTreeMap<String, Group> = BTreeMap::new();
        let mut opponents: BTreeMap<String, Group> = BTreeMap::new();
        let mut levels: BTreeMap<(String, i64), Tally> = BTreeMap::new();
        let mut bars: Vec<Bar> = Vec::new();
        let mut statement = self.connection.prepare_cached(&sql)?;
        let mut rows = statement.query(params_from_iter(condition.values.iter()))?;
        while let Some(row) = rows.next()? {
            let mode: String = row.get(0)?;
            let opponent: Option<String> = row.get(1)?;
            let level: Option<i64> = row.get(2)?;
            let result = PlayerResult::from_code(row.get(3)?);
            overall.add(result);
            let by_mode = modes.entry(mode.clone()).or_default();
            by_mode.name = mode;
            by_mode.add(result);
            if let Some(opponent) = opponent {
                let group = opponents.entry(opponent.to_lowercase()).or_default();
                group.name = opponent;
                group.add(result);
            }
            if let Some(level) = level {
                levels
                    .entry((by_mode.name.clone(), level))
                    .or_default()
                    .add(result);
            }
            let start = timeline.bar_start(row.get(4)?);
            match bars.last_mut() {
                Some(bar) if bar.start == start => bar.tally.add(result),
                _ => {
                    let mut tally = Tally::default();
                    tally.add(result);
                    bars.push(Bar { start, tally });
                }
            }
        }
        drop(rows);
        let levels: Vec<LevelResults> = levels
            .into_iter()
            .filter_map(|((mode, code), tally)| {
                let level = level_of(code)?;
                let strength = strengths
                    .iter()
                    .find(|rated| rated.level == level && rated.mode == mode)
                    .map(|rated| rated.elo);
                Some(LevelResults {
                    mode,
                    level,
                    tally,
                    strength,
                    performance: strength.and_then(|strength| estimate(&[(tally, strength)])),
                })
            })
            .collect();
        let rated: Vec<(Tally, f64)> = levels
            .iter()
            .filter_map(|level| level.strength.map(|strength| (level.tally, strength)))
            .collect();
        let uncounted_sql = format!(
            "SELECT count(*) FROM games AS g WHERE {} AND g.player_result IS NULL",
            condition.sql
        );
        let uncounted: i64 = self
            .connection
            .prepare_cached(&uncounted_sql)?
            .query_row(params_from_iter(condition.values.iter()), |row| row.get(0))?;
        Ok(Statistics {
            overall,
            modes: most_played(modes),
            opponents: most_played(opponents),
            rating: estimate(&rated),
            levels,
            timeline: bars,
            uncounted: uncounted.unsigned_abs(),
        })
    }
}

/// The groups, most games first (ties by name).
fn most_played(groups: BTreeMap<String, Group>) -> Vec<Group> {
    let mut groups: Vec<Group> = groups.into_values().collect();
    groups.sort_by(|a, b| {
        b.tally
            .games()
            .cmp(&a.tally.games())
            .then_with(|| a.name.cmp(&b.name))
    });
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use PlayerResult::{Draw, Loss, Win};

    #[test]
    fn streaks_follow_the_order_of_the_games() {
        let mut streaks = Streaks::default();
        for result in [Win, Win, Draw, Win, Win, Win, Loss, Draw, Loss, Loss] {
            streaks.add(result);
        }
        assert_eq!(streaks.current, Some((Loss, 2)));
        assert_eq!(streaks.longest_wins, 3);
        assert_eq!(streaks.longest_losses, 2);
        assert_eq!(streaks.longest_unbeaten, 6);
    }
}
