//! Made-up finished games for pictures and tests of the History and Statistics screens:
//! Ann against the computer's levels and two friends, in several modes, on this computer
//! and online, spread over the months before a given moment. Never written into a
//! player's own history: the tools that use them fill a history of their own.

use ply_core::Player;
use ply_history::Circumstances;
use ply_modes::{Level, find_mode};
use ply_save::{Controller, SavedGame, Seat};
use std::time::{Duration, SystemTime};

/// The modes the example games are played in, in turn.
const MODES: [&str; 6] = [
    "chess",
    "checkers",
    "connect4",
    "chess",
    "hnefatafl",
    "atomic",
];

/// Ann's opponents, in turn: the computer at a level, or a friend.
const OPPONENTS: [(&str, Option<Level>); 5] = [
    ("Computer (Level 4)", Some(Level::at(4))),
    ("Bea", None),
    ("Computer (Level 5)", Some(Level::at(5))),
    ("Cid", None),
    ("Computer (Level 7)", Some(Level::at(7))),
];

/// `count` finished games ending before `now`, oldest first, each with how it was
/// played; Ann is the player.
pub fn example_games(count: usize, now: SystemTime) -> Vec<(SavedGame, Circumstances)> {
    (0..count)
        .filter_map(|index| example_game(index, count, now))
        .collect()
}

fn example_game(index: usize, count: usize, now: SystemTime) -> Option<(SavedGame, Circumstances)> {
    let mode = find_mode(MODES[index % MODES.len()])?;
    let (opponent, level) = OPPONENTS[index % OPPONENTS.len()];
    let ann = if index.is_multiple_of(2) {
        Player::First
    } else {
        Player::Second
    };
    let mut game = mode.new_game();
    // A made-up but legal game: a few moves chosen by a simple rule from the index.
    let length = 6 + (index * 7) % 30;
    for ply in 0..length {
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        let pick = moves[(index * 31 + ply * 17) % moves.len()];
        game.play(pick).ok()?;
    }
    if game.outcome().is_none() {
        match (index + index / 5) % 5 {
            0 | 3 => game.resign(ann.opponent()).ok()?,
            1 => game.agree_draw().ok()?,
            _ => game.resign(ann).ok()?,
        }
    }
    let seat = |side: Player| {
        if side == ann {
            Seat {
                name: "Ann".to_string(),
                controller: Controller::Person,
                side,
            }
        } else {
            Seat {
                name: opponent.to_string(),
                controller: level.map_or(Controller::Person, Controller::Computer),
                side,
            }
        }
    };
    let seats = vec![seat(Player::First), seat(Player::Second)];
    let title = format!("{}: {} v {}", mode.name, seats[0].name, seats[1].name);
    let mut saved = SavedGame::new(title, seats, game);
    // Spread over about five months, the latest a day ago.
    let days_ago = 1 + (count - 1 - index) as u64 * 150 / count.max(1) as u64;
    let ended = now.checked_sub(Duration::from_secs(days_ago * 24 * 3600 + 3600))?;
    saved.created = ended.checked_sub(Duration::from_secs(20 * 60))?;
    saved.updated = ended;
    let circumstances = if level.is_none() && index.is_multiple_of(3) {
        Circumstances::online("7KQ2", "relay.example.org:7373", ann)
    } else {
        Circumstances {
            you: Some(ann),
            ..Circumstances::local()
        }
    };
    Some((saved, circumstances))
}

/// Makes a history of `count` example games in `file` (its saves folder beside it,
/// empty), for pictures of the screens.
pub fn fill_example(file: &std::path::Path, count: usize) -> Result<(), String> {
    let folder = file.parent().unwrap_or(std::path::Path::new("."));
    let saves = ply_save::SaveFolder::at(folder.join("example-saves"));
    let mut opened = ply_history::History::open(file, &saves, &["Ann".to_string()])
        .map_err(|error| error.to_string())?;
    opened
        .history
        .record_many(&example_games(count, SystemTime::now()))
        .map_err(|error| error.to_string())?;
    Ok(())
}
