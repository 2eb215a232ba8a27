//! Storing finished games: the game's row with its players, result and circumstances,
//! its moves and clocks, and one row per position for "your games at this position",
//! all in one transaction, once per game.

use crate::ending::{reason_word, result_code};
use crate::model::level_code;
use crate::moments::{duration_ms, millis};
use crate::player::player_side;
use crate::{
    Circumstances, GameId, History, HistoryError, Origin, PlayerResult, PositionKey, Venue,
    identity,
};
use ply_core::Player;
use ply_save::{Controller, SavedGame, Seat};
use rusqlite::{OptionalExtension, Transaction, TransactionBehavior, params};

/// How far apart in time a game and an import of another origin (a save, a PGN file)
/// with the same moves between the same names may be and still be one game: a game
/// recorded as it ended and then saved has two times, and a PDN file keeps only the
/// day.
const IMPORT_WINDOW_MS: i64 = 24 * 3600 * 1000;

/// What recording a game did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// The game was stored under this number.
    Added(GameId),
    /// The history already had the game, under this number; nothing changed.
    AlreadyThere(GameId),
}

impl Recorded {
    /// The game's number, new or not.
    pub fn id(self) -> GameId {
        match self {
            Recorded::Added(id) | Recorded::AlreadyThere(id) => id,
        }
    }
}

impl History {
    /// Stores a finished game played with this program, with what its save does not
    /// know. The same game recorded again (same mode, start, moves, names and the
    /// second it was first saved) is stored once.
    ///
    /// When this fails (the file busy or damaged), the caller keeps the game in the
    /// saves folder: [`History::import_saves`] and [`History::rebuild_from_saves`]
    /// bring it in later.
    pub fn record(
        &mut self,
        saved: &SavedGame,
        circumstances: &Circumstances,
    ) -> Result<Recorded, HistoryError> {
        let recorded = self.store_all(std::iter::once((saved, circumstances)), Origin::Played)?;
        Ok(recorded[0])
    }

    /// Stores several finished games played with this program, each with its
    /// circumstances, in one transaction (all or none), as [`History::record`] stores
    /// one.
    pub fn record_many(
        &mut self,
        games: &[(SavedGame, Circumstances)],
    ) -> Result<Vec<Recorded>, HistoryError> {
        self.store_all(
            games
                .iter()
                .map(|(saved, circumstances)| (saved, circumstances)),
            Origin::Played,
        )
    }

    /// Stores games of any origin in one transaction.
    pub(crate) fn store_all<'a>(
        &mut self,
        games: impl IntoIterator<Item = (&'a SavedGame, &'a Circumstances)>,
        origin: Origin,
    ) -> Result<Vec<Recorded>, HistoryError> {
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let recorded = games
            .into_iter()
            .map(|(saved, circumstances)| {
                store(
                    &transaction,
                    saved,
                    circumstances,
                    origin,
                    &self.player_names,
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        transaction.commit()?;
        Ok(recorded)
    }
}

/// The first seat of each side, indexed by `Player::index`.
fn seats_by_side(seats: &[Seat]) -> [Option<&Seat>; 2] {
    Player::BOTH.map(|side| seats.iter().find(|seat| seat.side == side))
}

/// The stored level of a seat the computer plays.
fn computer_level(seat: Option<&Seat>) -> Option<i64> {
    match seat?.controller {
        Controller::Computer(level) => Some(level_code(level)),
        Controller::Person => None,
    }
}

/// Numbers as stored lists: separated by spaces.
fn number_list(numbers: impl IntoIterator<Item = i64>) -> String {
    numbers
        .into_iter()
        .map(|number| number.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Stores one game unless the history has it already.
fn store(
    transaction: &Transaction,
    saved: &SavedGame,
    circumstances: &Circumstances,
    origin: Origin,
    player_names: &[String],
) -> Result<Recorded, HistoryError> {
    let game = saved.game.as_ref();
    let outcome = game.outcome().ok_or(HistoryError::Unfinished)?;
    let mode = game.mode_id();
    let start = game.start_text();
    let moves = game.move_texts();
    let seats = seats_by_side(&saved.seats);
    let names = seats.map(|seat| seat.map_or("", |seat| seat.name.as_str()));
    let content = identity::content(mode, &start, &moves, names);
    let created_ms = millis(saved.created);
    if let Some(id) = existing(transaction, &content, created_ms, origin)? {
        return Ok(Recorded::AlreadyThere(id));
    }
    let side = player_side(&saved.seats, circumstances.you, player_names);
    let opposing = side.map(|side| seats[side.opponent().index()]);
    let opponent = opposing.flatten().map(|seat| seat.name.clone());
    let against_level = match opposing {
        Some(seat) => computer_level(seat),
        None => computer_level(seats[0]).or(computer_level(seats[1])),
    };
    let (online, lobby, relay) = match &circumstances.venue {
        Venue::Local => (false, None, None),
        Venue::Online { lobby, relay } => (true, Some(lobby.as_str()), Some(relay.as_str())),
    };
    let control = saved.clock.as_ref().map(|clock| clock.control);
    transaction
        .prepare_cached(
            "INSERT INTO games (content, mode, rules_version, title, first_name, first_level,
                second_name, second_level, player_side, opponent, computer_level, result,
                player_result, ending, plies, created_ms, ended_ms, online, lobby, relay,
                origin, clock_base_ms, clock_increment_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                ?17, ?18, ?19, ?20, ?21, ?22, ?23)",
        )?
        .execute(params![
            content,
            mode,
            game.rules_version(),
            saved.title,
            seats[0].map(|seat| &seat.name),
            computer_level(seats[0]),
            seats[1].map(|seat| &seat.name),
            computer_level(seats[1]),
            side.map(|side| side.index() as i64),
            opponent,
            against_level,
            result_code(outcome),
            side.map(|side| PlayerResult::of(outcome, side).code()),
            reason_word(outcome.reason()),
            moves.len() as i64,
            created_ms,
            millis(saved.updated).max(created_ms),
            online,
            lobby,
            relay,
            origin.code(),
            control.map(|control| duration_ms(control.base)),
            control.map(|control| duration_ms(control.increment)),
        ])?;
    let id = transaction.last_insert_rowid();
    let clock = saved.clock.as_ref();
    transaction
        .prepare_cached(
            "INSERT INTO game_moves (game_id, start, moves, time_used_ms, clock_left_ms,
                clock_after_ms, hinted)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            id,
            start,
            moves.join(" "),
            number_list(saved.time_used.map(duration_ms)),
            clock.map(|clock| number_list(clock.left.map(duration_ms))),
            clock.map(|clock| number_list(clock.after_moves.iter().copied().map(duration_ms))),
            number_list(saved.hinted.iter().map(|&index| index as i64)),
        ])?;
    let mut position = transaction.prepare_cached(
        "INSERT INTO positions (key, game_id, ply, next_move, result) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    let codes = game.moves();
    let result = result_code(outcome);
    for (ply, key) in PositionKey::all_of(game).into_iter().enumerate() {
        let next = codes.get(ply).map(|code| code.0 as i64);
        position.execute(params![key.0, id, ply as i64, next, result])?;
    }
    if let Some(review) = &saved.review {
        crate::review::store_brought_review(transaction, GameId(id), review, game)?;
    }
    Ok(Recorded::Added(GameId(id)))
}

/// The number of a stored game that is the same as this one: with the same content,
/// first saved in the same second, or, for an import, stored from another origin within
/// [`IMPORT_WINDOW_MS`] (two saves, or two games of one file, are two games).
fn existing(
    transaction: &Transaction,
    content: &[u8],
    created_ms: i64,
    origin: Origin,
) -> Result<Option<GameId>, HistoryError> {
    let window = if origin == Origin::Played {
        0
    } else {
        IMPORT_WINDOW_MS
    };
    let found = transaction
        .prepare_cached(
            "SELECT id FROM games WHERE content = ?1 AND (created_ms / 1000 = ?2
                OR (origin <> ?3 AND created_ms BETWEEN ?4 - ?5 AND ?4 + ?5))
             ORDER BY abs(created_ms - ?4) LIMIT 1",
        )?
        .query_row(
            params![
                content,
                created_ms.div_euclid(1000),
                origin.code(),
                created_ms,
                window
            ],
            |row| row.get(0),
        )
        .optional()?;
    Ok(found.map(GameId))
}
