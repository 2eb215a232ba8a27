//! The game screen's part of the controls overlay: the keys and mouse actions that work
//! in this game, and the strip left of the panel where they are listed.

use super::GameScreen;
use super::panel::Panel;
use crate::geometry::Rect;
use crate::screens::Context;
use crate::screens::controls::Control;
use ply_core::InputStyle;

impl GameScreen {
    /// The keys and mouse actions of this game.
    pub(super) fn game_controls(&self) -> Vec<Control> {
        let view = self.table.game().view();
        let mut controls = if view.input == InputStyle::DropInColumn {
            vec![
                Control::new("Click", "drop in a column"),
                Control::new("1-7", "drop by key"),
            ]
        } else {
            vec![
                Control::new("Click", "pick up, put down"),
                Control::new("Drag", "move"),
            ]
        };
        controls.push(Control::new("Esc", "menu"));
        if !self.online && self.table.can_hint() {
            controls.push(Control::new("H", "hint"));
        }
        if view.may_rotate {
            controls.push(Control::new("F", "flip"));
        }
        controls.push(Control::new("←/→", "replay"));
        if self.table.outcome().is_some() {
            controls.push(Control::new("A", "analyse"));
        }
        controls.push(Control::new("Right-drag", "arrow"));
        controls
    }

    /// The strip left of the panel, under the board.
    pub(super) fn game_controls_area(&self, context: &Context) -> Rect {
        let panel = Panel::area(context);
        Rect::new(0.0, 0.0, panel.x, context.window.size.1)
    }

    /// Counts this game among the games started, once (for the overlay shown during a
    /// player's first games).
    pub(super) fn count_game(&mut self, context: &mut Context) {
        if !self.counted {
            self.counted = true;
            context.prefs.settings.games_started =
                context.prefs.settings.games_started.saturating_add(1);
            context.prefs.changed = true;
        }
    }
}
