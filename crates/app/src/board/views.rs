//! The two board views a game screen switches between with Tab: both hear every event
//! and keep time, so switching mid-move shows the same animation from where it is.

use super::flat::FlatBoard;
use super::solid::SolidBoard;
use super::{Board, TableEvent};
use ply_core::BoardView;

/// The flat and the 3D board of one game screen.
#[derive(Clone, Debug, Default)]
pub struct Boards {
    flat: FlatBoard,
    solid: SolidBoard,
}

impl Boards {
    /// Both boards, nothing moving.
    pub fn new() -> Boards {
        Boards::default()
    }

    /// The 3D board when `solid`, else the flat one.
    pub fn get(&self, solid: bool) -> &dyn Board {
        if solid { &self.solid } else { &self.flat }
    }

    /// The 3D board when `solid`, else the flat one, to change.
    pub fn get_mut(&mut self, solid: bool) -> &mut dyn Board {
        if solid {
            &mut self.solid
        } else {
            &mut self.flat
        }
    }

    /// Both boards animate `event`.
    pub fn show(&mut self, event: &TableEvent, view: &BoardView) {
        self.flat.show(event, view);
        self.solid.show(event, view);
    }

    /// Lets time pass on both; the 3D camera faces the side at the bottom.
    pub fn tick(&mut self, seconds: f32, rotated: bool) {
        self.solid.face(rotated);
        self.flat.tick(seconds);
        self.solid.tick(seconds);
    }

    /// Whether either board is still moving.
    pub fn animating(&self) -> bool {
        self.flat.animating() || self.solid.animating()
    }
}
