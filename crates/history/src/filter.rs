//! Which games a list, a count, statistics or an export covers: every filter the
//! History screen and `ply history` offer, turned into one SQL condition.

use crate::model::level_code;
use crate::moments::millis;
use crate::{PlayerResult, PositionKey};
use ply_modes::Level;
use rusqlite::types::Value;
use std::time::SystemTime;

/// Against whom the games were played, as far as the computer goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Computer {
    /// Games the computer played a side of, at any level.
    Any,
    /// Games against the computer at this level (the player's opponent's level, or,
    /// when the player's side is unknown, either side's).
    Level(Level),
    /// Games between people only.
    Never,
}

/// A choice of games. Every field left `None` lets every game through; the fields
/// given must all hold.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameFilter {
    /// Games of this mode (its identifier).
    pub mode: Option<String>,
    /// Games against this opponent (the case of Latin letters aside; only games whose
    /// player side is known have an opponent).
    pub opponent: Option<String>,
    /// Games with this result for the player.
    pub result: Option<PlayerResult>,
    /// Games against the computer, at a level, or between people.
    pub computer: Option<Computer>,
    /// Online games (`true`) or games on this computer (`false`).
    pub online: Option<bool>,
    /// Games that ended at or after this moment.
    pub from: Option<SystemTime>,
    /// Games that ended before this moment.
    pub until: Option<SystemTime>,
    /// Games with this text in a player's name or the title (the case of Latin letters
    /// aside).
    pub search: Option<String>,
    /// Games that reached this position.
    pub position: Option<PositionKey>,
}

/// A part of the list: `limit` games after skipping `offset`, newest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// Games skipped from the newest.
    pub offset: u64,
    /// Games at most.
    pub limit: u64,
}

impl Page {
    /// The first `limit` games.
    pub fn first(limit: u64) -> Page {
        Page { offset: 0, limit }
    }

    /// The `number`th page (from 0) of `size` games.
    pub fn number(number: u64, size: u64) -> Page {
        Page {
            offset: number.saturating_mul(size),
            limit: size,
        }
    }
}

/// A condition on the `games` table (named `g`) and the values it binds, in order.
pub(crate) struct Condition {
    pub(crate) sql: String,
    pub(crate) values: Vec<Value>,
}

impl GameFilter {
    /// The filter as an SQL condition on `games AS g`.
    pub(crate) fn condition(&self) -> Condition {
        let mut parts: Vec<&str> = vec!["1"];
        let mut values = Vec::new();
        if let Some(mode) = &self.mode {
            parts.push("g.mode = ?");
            values.push(Value::Text(mode.clone()));
        }
        if let Some(opponent) = &self.opponent {
            parts.push("g.opponent = ? COLLATE NOCASE");
            values.push(Value::Text(opponent.trim().to_string()));
        }
        if let Some(result) = self.result {
            parts.push("g.player_result = ?");
            values.push(Value::Integer(result.code()));
        }
        match self.computer {
            None => {}
            Some(Computer::Any) => parts.push("g.computer_level IS NOT NULL"),
            Some(Computer::Never) => parts.push("g.computer_level IS NULL"),
            Some(Computer::Level(level)) => {
                parts.push("g.computer_level = ?");
                values.push(Value::Integer(level_code(level)));
            }
        }
        if let Some(online) = self.online {
            parts.push("g.online = ?");
            values.push(Value::Integer(i64::from(online)));
        }
        if let Some(from) = self.from {
            parts.push("g.ended_ms >= ?");
            values.push(Value::Integer(millis(from)));
        }
        if let Some(until) = self.until {
            parts.push("g.ended_ms < ?");
            values.push(Value::Integer(millis(until)));
        }
        if let Some(search) = &self.search {
            parts.push(
                "(g.first_name LIKE ? ESCAPE '\\' OR g.second_name LIKE ? ESCAPE '\\'
                  OR g.title LIKE ? ESCAPE '\\')",
            );
            let pattern = format!("%{}%", like_escaped(search.trim()));
            values.extend(std::iter::repeat_n(Value::Text(pattern), 3));
        }
        if let Some(position) = self.position {
            parts.push("g.id IN (SELECT game_id FROM positions WHERE key = ?)");
            values.push(Value::Integer(position.0));
        }
        Condition {
            sql: parts.join(" AND "),
            values,
        }
    }
}

/// `text` with LIKE's wildcards (and the escape character itself) escaped.
fn like_escaped(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_filter_lets_everything_through_and_wildcards_are_literal() {
        let all = GameFilter::default().condition();
        assert_eq!(all.sql, "1");
        assert!(all.values.is_empty());
        assert_eq!(like_escaped("50%_a\\b"), "50\\%\\_a\\\\b");
        let search = GameFilter {
            search: Some(" Ann ".to_string()),
            mode: Some("chess".to_string()),
            ..GameFilter::default()
        }
        .condition();
        assert_eq!(search.values.len(), 4);
        assert_eq!(search.values[1], Value::Text("%Ann%".to_string()));
    }
}
