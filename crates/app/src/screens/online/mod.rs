//! Online play: hosting (the relay server runs in this process and the host joins it
//! through an ordinary client, like everyone else), joining, and the lobby. The game
//! itself is the ordinary game screen with a remote referee. The network runs on its
//! own thread; these screens only poll its channel.

mod chat;
mod comeback;
mod error;
mod form;
mod game_table;
mod host;
mod join;
mod lobby;
mod lobby_layout;
mod reach;
mod seat_picker;

pub use comeback::{ComebackScreen, held_seats};
pub use error::OnlineError;
pub use game_table::online_table;
pub use host::HostScreen;
pub use join::JoinScreen;
pub use lobby::LobbyScreen;
