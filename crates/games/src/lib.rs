//! Every Plyground game mode, each as rules, evaluation, notation and a board view over
//! the traits of `ply-core`.

pub mod checkers;
pub mod chess;
pub mod connect4;
pub mod hnefatafl;
mod palette;
mod tally;
#[cfg(test)]
mod tuning_checks;
