//! The board view on the game screen: Tab switches between the flat and the 3D board
//! (remembered in the settings); the right button draws arrows and circles on the board
//! and, in 3D, orbits the camera when dragged beside the board; the wheel zooms and R
//! puts the camera back.

use super::GameScreen;
use super::panel::Panel;
use crate::board::drawings::Brush;
use crate::board::{Board, Hit};
use crate::geometry::Point;
use crate::screens::{Context, Event, Key};

impl GameScreen {
    /// The board shown: 3D when the settings say so.
    pub(super) fn board(&self, context: &Context) -> &dyn Board {
        self.boards.get(context.prefs.settings.view_3d)
    }

    /// Handles the events that change how the board is seen; `true` when `event` was
    /// used up.
    pub(super) fn view_event(&mut self, event: &Event, context: &mut Context) -> bool {
        let solid = context.prefs.settings.view_3d;
        match *event {
            Event::Key(Key::Tab) => {
                context.prefs.settings.view_3d = !solid;
                context.prefs.changed = true;
                self.orbiting = None;
                true
            }
            Event::Char('r' | 'R') if solid => {
                self.boards.get_mut(true).reset_camera();
                true
            }
            Event::SecondaryDown(point, held) => {
                match self.board_hit(context, point) {
                    Some(Hit::Cell(cell)) => {
                        let brush = Brush::of(held.shift, held.alt || held.ctrl);
                        self.drawings.press(cell, brush);
                    }
                    _ => self.orbiting = solid.then_some(point),
                }
                true
            }
            Event::SecondaryUp(point) => {
                if self.drawings.drawing() {
                    let cell = match self.board_hit(context, point) {
                        Some(Hit::Cell(cell)) => Some(cell),
                        _ => None,
                    };
                    self.drawings.release(cell);
                }
                self.orbiting = None;
                true
            }
            Event::PointerMove(point) => {
                if let Some(from) = self.orbiting {
                    self.orbiting = solid.then_some(point);
                    let view = self.table.game().view();
                    let (dx, dy) = (point.x - from.x, point.y - from.y);
                    self.boards.get_mut(true).orbit(&view, dx, dy);
                }
                false
            }
            Event::Scroll(lines)
                if solid && !Panel::area(context).contains(context.window.pointer) =>
            {
                self.boards.get_mut(true).zoom(lines);
                true
            }
            _ => false,
        }
    }

    /// Orbits the 3D camera by a drag from `from` to `to` with the right button, as
    /// the window would (for tests and tools); `from` must lie beside the board, since
    /// a right-drag on it draws an arrow.
    pub fn orbit_drag(&mut self, context: &mut Context, from: Point, to: Point) {
        for event in [
            Event::SecondaryDown(from, Default::default()),
            Event::PointerMove(to),
            Event::SecondaryUp(to),
        ] {
            self.view_event(&event, context);
        }
    }
}

impl GameScreen {
    /// Plays the last move's animation again and lets `seconds` of it pass, to show a
    /// move in motion (screenshots).
    pub fn replay_last_move(&mut self, seconds: f32) {
        let Some(effects) = self.table.history().last().cloned() else {
            return;
        };
        let view = self.table.game().view();
        self.boards
            .show(&ply_play::TableEvent::Moved(effects), &view);
        self.boards.tick(seconds, self.rotated() && view.may_rotate);
    }
}
