//! Finding games: a page of them newest first, how many a filter lets through, their
//! numbers, and one game in full.

use crate::ending::stored_outcome;
use crate::filter::{GameFilter, Page};
use crate::identity::identity_text;
use crate::model::level_of;
use crate::moments::moment;
use crate::{
    GameId, GameSummary, History, HistoryError, Origin, PlayerResult, SidePlayer, SideReview,
    StoredGame, Venue,
};
use ply_core::{Player, TimeControl};
use ply_save::SavedClock;
use rusqlite::{OptionalExtension, Row, params, params_from_iter};
use std::time::Duration;

/// The columns a summary is read from, in the order [`summary`] reads them.
pub(crate) const SUMMARY_COLUMNS: &str = "g.id, g.content, g.mode, g.title, g.first_name,
    g.first_level, g.second_name, g.second_level, g.player_side, g.opponent, g.result,
    g.ending, g.player_result, g.plies, g.created_ms, g.ended_ms, g.online, g.lobby, g.relay,
    g.origin, g.clock_base_ms, g.clock_increment_ms";

impl History {
    /// A page of the games `filter` lets through, newest (last ended) first.
    pub fn list(&self, filter: &GameFilter, page: Page) -> Result<Vec<GameSummary>, HistoryError> {
        let condition = filter.condition();
        let sql = format!(
            "SELECT {SUMMARY_COLUMNS} FROM games AS g WHERE {}
             ORDER BY g.ended_ms DESC, g.id DESC LIMIT {} OFFSET {}",
            condition.sql,
            i64::try_from(page.limit).unwrap_or(i64::MAX),
            i64::try_from(page.offset).unwrap_or(i64::MAX),
        );
        let mut statement = self.connection.prepare_cached(&sql)?;
        let rows = statement.query_map(params_from_iter(condition.values), summary)?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// How many games `filter` lets through (for paging).
    pub fn count(&self, filter: &GameFilter) -> Result<u64, HistoryError> {
        let condition = filter.condition();
        let sql = format!("SELECT count(*) FROM games AS g WHERE {}", condition.sql);
        let count: i64 = self
            .connection
            .prepare_cached(&sql)?
            .query_row(params_from_iter(condition.values), |row| row.get(0))?;
        Ok(count.unsigned_abs())
    }

    /// The numbers of every game `filter` lets through, newest first (to export or
    /// delete a choice of games).
    pub fn ids(&self, filter: &GameFilter) -> Result<Vec<GameId>, HistoryError> {
        let condition = filter.condition();
        let sql = format!(
            "SELECT g.id FROM games AS g WHERE {} ORDER BY g.ended_ms DESC, g.id DESC",
            condition.sql
        );
        let mut statement = self.connection.prepare_cached(&sql)?;
        let rows = statement.query_map(params_from_iter(condition.values), |row| row.get(0))?;
        Ok(rows
            .map(|id| id.map(GameId))
            .collect::<Result<Vec<_>, _>>()?)
    }

    /// Everything kept about game `id`.
    pub fn game(&self, id: GameId) -> Result<StoredGame, HistoryError> {
        let sql = format!(
            "SELECT {SUMMARY_COLUMNS}, g.rules_version, m.start, m.moves, m.time_used_ms,
                m.clock_left_ms, m.clock_after_ms, m.hinted
             FROM games AS g JOIN game_moves AS m ON m.game_id = g.id WHERE g.id = ?1"
        );
        let stored = self
            .connection
            .prepare_cached(&sql)?
            .query_row([id.0], |row| {
                let summary = summary(row)?;
                let moves: String = row.get(24)?;
                let time_used = numbers(row.get(25)?);
                let clock_left: Option<String> = row.get(26)?;
                let clock_after: Option<String> = row.get(27)?;
                let clock = summary.time_control.map(|control| SavedClock {
                    control,
                    left: both_sides(numbers(clock_left.unwrap_or_default())),
                    after_moves: numbers(clock_after.unwrap_or_default())
                        .into_iter()
                        .map(Duration::from_millis)
                        .collect(),
                });
                Ok(StoredGame {
                    rules_version: row.get(22)?,
                    start: row.get(23)?,
                    moves: moves.split_whitespace().map(str::to_string).collect(),
                    time_used: both_sides(time_used),
                    clock,
                    hinted: numbers(row.get(28)?)
                        .into_iter()
                        .map(|index| index as usize)
                        .collect(),
                    reviews: [None, None],
                    review: None,
                    summary,
                })
            })
            .optional()?;
        let mut stored = stored.ok_or(HistoryError::NoSuchGame { id: id.0 })?;
        let mut reviews = self
            .connection
            .prepare_cached("SELECT side, accuracy, classes FROM reviews WHERE game_id = ?1")?;
        let rows = reviews.query_map(params![id.0], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                SideReview {
                    accuracy: row.get(1)?,
                    classes: row.get(2)?,
                },
            ))
        })?;
        for row in rows {
            let (side, review) = row?;
            stored.reviews[Player::from_index(side.unsigned_abs() as usize).index()] = Some(review);
        }
        stored.review = self.review_positions(id)?;
        Ok(stored)
    }
}

/// A stored list of numbers (separated by spaces).
fn numbers(text: String) -> Vec<u64> {
    text.split_whitespace()
        .filter_map(|number| number.parse().ok())
        .collect()
}

/// Two stored durations in milliseconds, one per side (zero where missing).
fn both_sides(millis: Vec<u64>) -> [Duration; 2] {
    [0, 1].map(|index| Duration::from_millis(millis.get(index).copied().unwrap_or(0)))
}

/// A game's summary from a row whose first columns are [`SUMMARY_COLUMNS`].
pub(crate) fn summary(row: &Row) -> rusqlite::Result<GameSummary> {
    let side_player = |name: usize, level: usize| -> rusqlite::Result<Option<SidePlayer>> {
        let name: Option<String> = row.get(name)?;
        let level: Option<i64> = row.get(level)?;
        Ok(name.map(|name| SidePlayer {
            name,
            computer: level.and_then(level_of),
        }))
    };
    let content: Vec<u8> = row.get(1)?;
    let created_ms: i64 = row.get(14)?;
    let result: i64 = row.get(10)?;
    let ending: String = row.get(11)?;
    let outcome = stored_outcome(result, &ending).ok_or_else(|| {
        rusqlite::Error::FromSqlConversionFailure(
            11,
            rusqlite::types::Type::Text,
            format!("unknown ending '{ending}'").into(),
        )
    })?;
    let venue = if row.get::<_, bool>(16)? {
        Venue::Online {
            lobby: row.get::<_, Option<String>>(17)?.unwrap_or_default(),
            relay: row.get::<_, Option<String>>(18)?.unwrap_or_default(),
        }
    } else {
        Venue::Local
    };
    let base: Option<i64> = row.get(20)?;
    let increment: Option<i64> = row.get(21)?;
    let as_duration = |millis: i64| Duration::from_millis(millis.unsigned_abs());
    Ok(GameSummary {
        id: GameId(row.get(0)?),
        identity: identity_text(&content, created_ms),
        mode: row.get(2)?,
        title: row.get(3)?,
        players: [side_player(4, 5)?, side_player(6, 7)?],
        player_side: row
            .get::<_, Option<i64>>(8)?
            .map(|side| Player::from_index(side.unsigned_abs() as usize)),
        opponent: row.get(9)?,
        outcome,
        player_result: row.get::<_, Option<i64>>(12)?.map(PlayerResult::from_code),
        plies: row.get::<_, i64>(13)?.unsigned_abs() as usize,
        created: moment(created_ms),
        ended: moment(row.get(15)?),
        venue,
        origin: Origin::from_code(row.get(19)?),
        time_control: base.zip(increment).map(|(base, increment)| TimeControl {
            base: as_duration(base),
            increment: as_duration(increment),
        }),
    })
}
