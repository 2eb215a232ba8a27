//! Plyground's game window, as a library: screens, the computer's worker thread,
//! settings and the display list, all testable without a window. The binary adds a
//! thin macroquad layer that turns window input into events and paints display lists.

pub mod audio;
pub mod board;
pub mod chat_log;
pub mod computer;
pub mod display;
pub mod display3d;
pub mod help;
pub mod help_images;
pub mod input;
pub mod measure;
pub mod message;
pub mod monitor;
pub mod pieces;
pub mod screens;
pub mod session;
pub mod settings;
pub mod snapshot;
pub mod stop_signal;
pub mod table;
pub mod text_fit;
pub mod theme;
pub mod wake;
