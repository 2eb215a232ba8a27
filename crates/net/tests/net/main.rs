//! The network tests: one binary, so that the helpers are shared and linked once.

mod capture;
mod clock;
mod comeback;
mod common;
mod crowds;
mod game;
mod heal;
mod hostile;
mod lockout;
mod memory;
mod middle;
mod notify;
mod passwords;
mod pings;
mod replay;
mod restart;
mod resume;
mod seats;
mod slow;
mod starvation;
mod takeback;
mod takeover;
mod text;
