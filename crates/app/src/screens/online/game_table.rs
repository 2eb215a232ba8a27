//! The table of an online game in the window: the table the mirror of the session's
//! lobby shows, refereed by the relay through the session.

use crate::session::{SessionLink, Shared};
use ply_modes::Level;
use ply_net::{RelayReferee, mirrored_table};
use ply_play::Table;
use std::rc::Rc;

/// The table for the game the session's lobby plays now, the computer (when this
/// machine hosts and moves for it) at `strength`; `None` when no game is known.
pub fn online_table(session: &Shared, strength: Level) -> Option<Table> {
    let referee = RelayReferee::new(SessionLink(Rc::clone(session)));
    mirrored_table(&session.borrow().mirror, strength, Box::new(referee))
}
