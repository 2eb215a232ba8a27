//! Finished games made quickly in numbers, for measuring the history and for crashing
//! it: seeded random legal moves from each mode's start (not the computer's play, which
//! would take hours for a hundred thousand games), each game ended by its rules or, at
//! a length drawn in advance, by a resignation or an agreed draw. The player, Ann,
//! plays a random side against the computer at a random level or against one of a few
//! friends, now and then online. The same seed and number give the same game.

use ply_core::Player;
use ply_core::zobrist::splitmix64;
use ply_history::Circumstances;
use ply_modes::{Level, MODES, Mode};
use ply_save::{Controller, SavedGame, Seat};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The first game's date: 2020-01-01 00:00 UTC.
const FIRST_GAME: u64 = 1_577_836_800;

/// Time between one game and the next.
const BETWEEN_GAMES: Duration = Duration::from_secs(30 * 60);

/// The player's friends, who play the games the computer does not.
const FRIENDS: [&str; 4] = ["Bob", "Cid", "Dee", "Eve"];

/// Shortest and longest length a game is cut at, in plies.
const PLIES: (u64, u64) = (12, 160);

/// A small deterministic random source.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = splitmix64(self.0);
        self.0 % n.max(1)
    }
}

/// The mode of game `number`: half the games are chess, the others go round the other
/// modes (so chess's start position is reached by half of all games).
pub fn mode_of(number: u64) -> &'static Mode {
    if number.is_multiple_of(2) {
        &MODES[0]
    } else {
        &MODES[1 + (number / 2) as usize % (MODES.len() - 1)]
    }
}

/// Game `number` of the series `seed`, finished, with how it was played.
pub fn game(seed: u64, number: u64) -> (SavedGame, Circumstances) {
    let mut dice = Dice(splitmix64(seed ^ splitmix64(number)));
    let mode = mode_of(number);
    let mut game = mode.new_game();
    let cut = PLIES.0 + dice.below(PLIES.1 - PLIES.0);
    while game.outcome().is_none() && (game.moves().len() as u64) < cut {
        let moves = game.legal_moves();
        let choice = moves[dice.below(moves.len() as u64) as usize];
        game.play(choice).expect("a legal move plays");
    }
    if game.outcome().is_none() {
        let ended = match dice.below(3) {
            0 => game.agree_draw(),
            1 => game.resign(game.to_move()),
            _ => game.resign(game.to_move().opponent()),
        };
        ended.expect("an unfinished game can end");
    }
    let ann = if dice.below(2) == 0 {
        Player::First
    } else {
        Player::Second
    };
    let against_computer = dice.below(2) == 0;
    let opponent = if against_computer {
        let level = Level::ALL[dice.below(Level::ALL.len() as u64) as usize];
        Seat {
            name: "Computer".to_string(),
            controller: Controller::Computer(level),
            side: ann.opponent(),
        }
    } else {
        Seat {
            name: FRIENDS[dice.below(FRIENDS.len() as u64) as usize].to_string(),
            controller: Controller::Person,
            side: ann.opponent(),
        }
    };
    let online = !against_computer && dice.below(2) == 0;
    let ann_seat = Seat {
        name: "Ann".to_string(),
        controller: Controller::Person,
        side: ann,
    };
    let title = format!("{}: Ann v {}", mode.name, opponent.name);
    let mut saved = SavedGame::new(title, vec![ann_seat, opponent], game);
    saved.created = played_at(number);
    saved.updated = saved.created + Duration::from_secs(60 + dice.below(1200));
    let circumstances = if online {
        Circumstances::online(
            format!("LOBBY{}", dice.below(100)),
            "relay.example:7373",
            ann,
        )
    } else {
        Circumstances::local()
    };
    (saved, circumstances)
}

/// When game `number` of a series was first saved.
pub fn played_at(number: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(FIRST_GAME) + BETWEEN_GAMES * number as u32
}
