//! The database's tables, grown by numbered migration steps. `PRAGMA user_version`
//! holds the number of steps a file has had; opening a file runs the steps it lacks,
//! each in its own transaction, and refuses a file with more steps than this build
//! knows. A released step is never edited: a change is a new step appended to
//! [`STEPS`]. docs/history.md explains every column.

use crate::HistoryError;
use rusqlite::{Connection, TransactionBehavior};

/// Step 1: games, their moves, positions, reviews and the history's own facts.
const STEP_1: &str = "
CREATE TABLE meta (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    content BLOB NOT NULL,
    mode TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    title TEXT NOT NULL,
    first_name TEXT,
    first_level INTEGER,
    second_name TEXT,
    second_level INTEGER,
    player_side INTEGER,
    opponent TEXT,
    computer_level INTEGER,
    result INTEGER NOT NULL,
    player_result INTEGER,
    ending TEXT NOT NULL,
    plies INTEGER NOT NULL,
    created_ms INTEGER NOT NULL,
    ended_ms INTEGER NOT NULL,
    online INTEGER NOT NULL,
    lobby TEXT,
    relay TEXT,
    origin INTEGER NOT NULL,
    clock_base_ms INTEGER,
    clock_increment_ms INTEGER
);
CREATE UNIQUE INDEX games_identity ON games (content, created_ms / 1000);
CREATE INDEX games_by_end ON games (ended_ms);
CREATE INDEX games_by_mode ON games (mode, ended_ms);
CREATE INDEX games_by_opponent ON games (opponent COLLATE NOCASE, ended_ms);
CREATE INDEX games_by_result ON games (player_result, ended_ms);
CREATE INDEX games_by_computer ON games (computer_level, ended_ms);
CREATE INDEX games_by_venue ON games (online, ended_ms);

CREATE TABLE game_moves (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    start TEXT NOT NULL,
    moves TEXT NOT NULL,
    time_used_ms TEXT NOT NULL,
    clock_left_ms TEXT,
    clock_after_ms TEXT,
    hinted TEXT NOT NULL
);

CREATE TABLE positions (
    key INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    next_move INTEGER,
    result INTEGER NOT NULL,
    PRIMARY KEY (key, game_id, ply)
) WITHOUT ROWID;

CREATE TABLE reviews (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    side INTEGER NOT NULL,
    accuracy REAL,
    classes TEXT,
    PRIMARY KEY (game_id, side)
) WITHOUT ROWID;
";

/// Step 2: what a review's search said of every position of a game (one row per game),
/// so that the review can be shown again, graph and all.
const STEP_2: &str = "
CREATE TABLE review_positions (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    per_position_ms INTEGER NOT NULL,
    verdicts TEXT NOT NULL
);
";

/// Step 3: the computer's levels become the ladder's rungs, 1 to 9 (docs/levels.md). The
/// four levels before it were kept as 0 Easy, 1 Medium, 2 Hard and 3 Maximum; each
/// becomes the rung that plays most like it (4, 5, 6 and 9).
const STEP_3: &str = "
UPDATE games SET
    first_level = CASE first_level WHEN 0 THEN 4 WHEN 1 THEN 5 WHEN 2 THEN 6 WHEN 3 THEN 9 END,
    second_level = CASE second_level WHEN 0 THEN 4 WHEN 1 THEN 5 WHEN 2 THEN 6 WHEN 3 THEN 9 END,
    computer_level = CASE computer_level WHEN 0 THEN 4 WHEN 1 THEN 5 WHEN 2 THEN 6 WHEN 3 THEN 9 END;
";

/// Every migration step, in order: a file at `user_version` N has had the first N.
const STEPS: &[&str] = &[STEP_1, STEP_2, STEP_3];

/// The schema version this build writes: the number of steps it knows.
pub const SCHEMA_VERSION: u32 = STEPS.len() as u32;

/// Brings the database up to [`SCHEMA_VERSION`], running each missing step in a
/// transaction of its own together with the new version number, so that a crash
/// leaves the file at one version or the next.
pub(crate) fn migrate(connection: &mut Connection) -> Result<(), HistoryError> {
    loop {
        let transaction = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: u32 = transaction.query_row("PRAGMA user_version", [], |row| row.get(0))?;
        if version > SCHEMA_VERSION {
            return Err(HistoryError::NewerSchema {
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        let Some(step) = STEPS.get(version as usize) else {
            return Ok(());
        };
        transaction.execute_batch(step)?;
        transaction.pragma_update(None, "user_version", version + 1)?;
        transaction.commit()?;
    }
}
