//! The game table of an online game as the relay has it now: the game from this
//! client's mirror, who sits where (this player, the computer this machine moves for as
//! host, or someone elsewhere), the names and the relay's clocks. The window and `ply
//! host`/`ply join` build it when a game starts, and again when the relay reseats a side
//! or starts a rematch.

use super::Mirror;
use crate::protocol::Occupant;
use ply_core::Player;
use ply_modes::Level;
use ply_play::{Referee, Seat, Table};

/// The table for the game `mirror` shows now, refereed by `referee` (the relay), the
/// computer (when this machine hosts and moves for it) at `strength`; `None` when no
/// game is known.
pub fn mirrored_table(
    mirror: &Mirror,
    strength: Level,
    referee: Box<dyn Referee>,
) -> Option<Table> {
    let (Some(game), Some(sides)) = (mirror.game(), mirror.sides()) else {
        return None;
    };
    let me = mirror.name().unwrap_or_default();
    let host = mirror.is_host();
    let seats = Player::BOTH.map(|side| match &sides[side.index()] {
        Occupant::Player(name) if name == me => Seat::Person,
        Occupant::Computer if host => Seat::Computer(strength),
        _ => Seat::Remote,
    });
    let names = Player::BOTH.map(|side| mirror.side_label(side));
    let mut table = Table::new(game.clone_box(), seats, referee).with_names(names);
    if let (Some(clock), Some(left)) = (mirror.clock(), mirror.clock_left_now())
        && let Ok(control) = clock.setup.control()
    {
        table = table
            .with_time_control(control)
            .with_time_left(left)
            .with_clocks_held(!clock.running);
    }
    Some(table)
}
