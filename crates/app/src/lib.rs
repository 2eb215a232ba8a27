//! Plyground's game window, as a library: screens, settings and the display list, all
//! testable without a window; the game in progress they show is `ply-play`'s table. The binary adds a
//! thin macroquad layer that turns window input into events and paints display lists.

pub mod audio;
pub mod board;
pub mod chat_log;
pub mod color;
pub mod damage;
pub mod display;
pub mod display3d;
pub mod geometry;
pub mod help;
pub mod help_images;
pub mod history;
pub mod input;
pub mod measure;
pub mod monitor;
pub mod pieces;
pub mod screens;
pub mod session;
pub mod settings;
pub mod snapshot;
pub mod space;
pub mod stop_signal;
pub mod text_fit;
pub mod theme;
pub mod wake;
