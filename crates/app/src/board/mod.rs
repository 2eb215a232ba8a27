//! Board views behind one interface, so the game screen works the same with the flat
//! 2D board and the 3D one: each places itself in an area, says which cell or column is
//! under a point, animates the table's events and draws a scene.

pub mod animation;
pub mod arrow;
pub mod camera;
pub mod drawings;
pub mod flat;
mod forms;
pub mod shapes;
pub mod solid;
pub mod views;

use crate::display::Frame;
use crate::geometry::{Point, Rect};
use crate::theme::Theme;
use ply_core::{BoardView, Player};
use ply_modes::AnyGame;
use ply_play::TableEvent;

/// What lies under a point on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A cell, by its index in the [`BoardView`].
    Cell(usize),
    /// A column (games played by dropping pieces into columns), counted from the left
    /// of the position, not of the screen.
    Column(usize),
}

/// What to mark on the board besides its pieces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// The cells of the last move.
    pub last_move: Vec<usize>,
    /// The cell of the piece the player picked up.
    pub selected: Option<usize>,
    /// The landing cells of a move being built so far (a multi-jump in progress).
    pub building: Vec<usize>,
    /// Where the picked-up piece may go without taking anything.
    pub quiet_targets: Vec<usize>,
    /// Where the picked-up piece may go to take something.
    pub capture_targets: Vec<usize>,
    /// A legal target under the pointer.
    pub hover: Option<Hit>,
    /// The cells that decided the game (four in a row, the escape, the mated king).
    pub ending: Vec<usize>,
    /// A piece the player tried to pick up that cannot move.
    pub stuck: Option<usize>,
    /// The cells a "why not" message refers to (the checking piece, the pieces that
    /// must jump, the pinned line, the throne).
    pub explained: Vec<usize>,
    /// The computer's suggested move (a hint), as the cells it goes through; drawn as
    /// an arrow.
    pub hint: Vec<usize>,
    /// The piece being dragged and where the pointer holds it.
    pub dragging: Option<(usize, Point)>,
    /// The cells of a move entered in advance, waiting for the player's turn.
    pub premove: Vec<usize>,
    /// The player's arrows and circles.
    pub drawings: Vec<drawings::Drawing>,
}

/// Where a board goes on screen: the area it fits in, and whether it is turned round
/// (the second player's side at the bottom).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Placement {
    /// The area the board (with its frame) fits in.
    pub area: Rect,
    /// Turned round.
    pub rotated: bool,
}

/// Everything a board needs to draw one frame.
pub struct Scene<'a> {
    /// Where the board goes.
    pub placement: Placement,
    /// The position shown (the live one, or an earlier one when looking back).
    pub view: &'a BoardView,
    /// The game, for how its pieces and squares look.
    pub game: &'a dyn AnyGame,
    /// Marks on the board.
    pub marks: &'a Marks,
    /// The board's colours.
    pub theme: Theme,
    /// The side whose piece a column drop would add (for the ghost counter).
    pub to_move: Player,
    /// Where the pointer is, unless a layer covers the board (the 3D board raises the
    /// square under it).
    pub pointer: Option<Point>,
}

/// A board view, 2D or 3D, with the same hits and the same events. Where it
/// sits is given with each question, so a board never works from a stale layout.
pub trait Board {
    /// The cell or column under `point`.
    fn hit(&self, placement: Placement, view: &BoardView, point: Point) -> Option<Hit>;
    /// Where the centre of a cell is on screen.
    fn cell_center(&self, placement: Placement, view: &BoardView, cell: usize) -> Point;
    /// The screen rectangle the board and its frame take up (for placing overlays).
    fn bounds(&self, placement: Placement, view: &BoardView) -> Rect;
    /// Starts animating something that happened at the table.
    fn show(&mut self, event: &TableEvent, view: &BoardView);
    /// Lets `seconds` of animation pass.
    fn tick(&mut self, seconds: f32);
    /// Whether something is still moving.
    fn animating(&self) -> bool;
    /// Draws the scene.
    fn draw(&self, scene: &Scene<'_>, frame: &mut Frame);
    /// Orbits the camera by a drag of `dx`, `dy` pixels (boards without one ignore it).
    fn orbit(&mut self, _view: &BoardView, _dx: f32, _dy: f32) {}
    /// Zooms the camera by `lines` of the wheel, positive nearer.
    fn zoom(&mut self, _lines: f32) {}
    /// Puts the camera back home.
    fn reset_camera(&mut self) {}
    /// Faces the side at the bottom: the second player's when `rotated`.
    fn face(&mut self, _rotated: bool) {}
}
