//! "Your games at this position": an opening explorer over the player's own games.
//! For a position, every move played from it in the history, how often and with what
//! results for the side to move; the games themselves are listed with
//! [`crate::GameFilter::position`].

use crate::{History, HistoryError, PlayerResult, PositionKey, Tally};
use ply_core::{MoveCode, Player};
use ply_modes::AnyGame;
use std::collections::HashMap;

/// A move played from the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextMove {
    /// The move's code.
    pub code: MoveCode,
    /// The move in the mode's move text.
    pub text: String,
    /// The move as the move list writes it (SAN in chess).
    pub display: String,
    /// How the games went on from it, for the side to move at the position.
    pub tally: Tally,
}

/// What the history knows of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explored {
    /// How many games reached the position.
    pub games: u64,
    /// The moves played from it, most played first.
    pub moves: Vec<NextMove>,
    /// The games that ended at the position, for the side to move there.
    pub ended_here: Tally,
}

impl History {
    /// What the history knows of `position`'s current position: how many games
    /// reached it, and each move played from it with how often and with what results
    /// (from the view of the side to move there). A position reached twice in one
    /// game counts each time a move was played from it.
    pub fn explore(&self, position: &dyn AnyGame) -> Result<Explored, HistoryError> {
        let key = PositionKey::of(position);
        let mover = position.to_move();
        let mut statement = self
            .connection
            .prepare_cached("SELECT game_id, next_move, result FROM positions WHERE key = ?1")?;
        let mut rows = statement.query([key.0])?;
        let mut explored = Explored::default();
        let mut last_game = None;
        let mut tallies: HashMap<i64, Tally> = HashMap::new();
        while let Some(row) = rows.next()? {
            let game: i64 = row.get(0)?;
            if last_game != Some(game) {
                explored.games += 1;
                last_game = Some(game);
            }
            let result = for_mover(row.get(2)?, mover);
            match row.get::<_, Option<i64>>(1)? {
                Some(code) => tallies.entry(code).or_default().add(result),
                None => explored.ended_here.add(result),
            }
        }
        explored.moves = tallies
            .into_iter()
            .map(|(code, tally)| {
                let code = MoveCode(code as u64);
                let unknown = || format!("#{}", code.0);
                NextMove {
                    code,
                    text: position.move_text(code).unwrap_or_else(unknown),
                    display: position.display_move(code).unwrap_or_else(unknown),
                    tally,
                }
            })
            .collect();
        explored.moves.sort_by(|a, b| {
            b.tally
                .games()
                .cmp(&a.tally.games())
                .then_with(|| a.display.cmp(&b.display))
        });
        Ok(explored)
    }
}

/// A stored result (0 the first side won, 1 the second, 2 drawn) for `mover`.
fn for_mover(result: i64, mover: Player) -> PlayerResult {
    match result {
        2 => PlayerResult::Draw,
        winner if Player::from_index(winner as usize) == mover => PlayerResult::Win,
        _ => PlayerResult::Loss,
    }
}
