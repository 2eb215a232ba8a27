//! Game-tree algorithms that work for every mode through the core traits alone: they
//! never see a concrete game.

pub mod level;
pub mod perft;
pub mod search;
