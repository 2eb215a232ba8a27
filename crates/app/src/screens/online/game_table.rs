//! The table of an online game as the relay has it now: the game from the lobby's
//! mirror, who sits where (this player, the computer this machine moves for as host,
//! or someone elsewhere), the names and the relay's clocks. Built when a game starts,
//! and again when the relay reseats a side or starts a rematch.

use crate::session::Shared;
use crate::table::{RemoteReferee, Seat, Table};
use ply_core::Player;
use ply_modes::Level;
use ply_net::Occupant;
use std::rc::Rc;

/// The table for the game the session's lobby plays now, the computer (when this
/// machine hosts and moves for it) at `strength`; `None` when no game is known.
pub fn online_table(session: &Shared, strength: Level) -> Option<Table> {
    let session_ref = session.borrow();
    let mirror = &session_ref.mirror;
    let (Some(game), Some(sides)) = (mirror.game(), mirror.sides()) else {
        return None;
    };
    let me = mirror.name().unwrap_or_default().to_string();
    let host = mirror.is_host();
    let seats = Player::BOTH.map(|side| match &sides[side.index()] {
        Occupant::Player(name) if *name == me => Seat::Person,
        Occupant::Computer if host => Seat::Computer(strength),
        _ => Seat::Remote,
    });
    let names = Player::BOTH.map(|side| match &sides[side.index()] {
        Occupant::Player(name) => Some(name.clone()),
        Occupant::Computer => Some("Computer".to_string()),
        Occupant::Open => None,
    });
    let game = game.clone_box();
    let clock = mirror.clock();
    drop(session_ref);
    let referee = RemoteReferee::new(Rc::clone(session));
    let mut table = Table::new(game, seats, Box::new(referee)).with_names(names);
    if let Some(clock) = clock
        && let Ok(control) = clock.setup.control()
    {
        let left = clock.left_ms.map(std::time::Duration::from_millis);
        table = table.with_time_control(control).with_time_left(left);
    }
    Some(table)
}
