//! Who plays each side at a table, and what the side is called on screen.

use ply_modes::Level;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Someone at this computer.
    Person,
    /// The computer, at a strength, thinking on this computer.
    Computer(Level),
    /// Someone at another computer, or a computer seated by another machine (online).
    Remote,
}

impl Seat {
    /// Whether someone at this computer plays this side.
    pub fn is_person(self) -> bool {
        self == Seat::Person
    }

    /// The strength, when the computer at this computer plays this side.
    pub fn level(self) -> Option<Level> {
        match self {
            Seat::Computer(level) => Some(level),
            _ => None,
        }
    }
}
