//! A game in progress with no window and no sockets: the [`Table`] with its seats, the
//! one [`Clocks`] type, draw offers and takebacks as one state machine ([`offers`],
//! which the relay runs too), the computer's jobs on a worker thread ([`computer`]) and
//! its time and seed policy ([`policy`]), and the [`Referee`] that rules on every
//! request.
//!
//! The game window, `ply host`/`ply join` and the relay all use this crate, so a game in
//! progress is written once. Whatever speaks the network protocol cannot live here (the
//! network crate depends on this one): the relay as a referee, `RelayReferee`, lives in
//! `ply-net` and implements [`Referee`] there, so the window and `ply host`/`ply join`
//! share it. The table resumes saved games and writes them, so this crate uses
//! `ply-save`.

pub mod clock;
pub mod computer;
pub mod message;
pub mod offers;
pub mod policy;
pub mod table;

pub use clock::{Clocks, Flagged, LOW_TIME, clock_text};
pub use computer::{Computer, News, Wake};
pub use message::{Message, MessageKind};
pub use table::{
    Hint, LocalReferee, MoveEffects, NoticeKind, Piece, Referee, Request, Ruling, SaveRecord, Seat,
    Table, TableEvent, Tally, Thinking, effects,
};
