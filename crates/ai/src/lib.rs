//! Game-tree algorithms that work for every mode through the core traits alone: they
//! never see a concrete game.

mod correction;
mod evaluations;
pub mod level;
mod memory;
pub mod perft;
pub mod search;
mod timing;
mod transposition;
