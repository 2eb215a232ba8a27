//! The host's choice of who plays one side: a layer over the lobby listing nobody, the
//! computer and each player, so seating one side never silently unseats the other (the
//! cycle it replaces did). While it is open it owns every click: a choice seats, a click
//! anywhere else closes it.

use super::super::Context;
use super::super::confirm;
use super::super::widgets::{self, Look};
use crate::display::Frame;
use crate::geometry::{Point, Rect};
use ply_core::Player;
use ply_net::Occupant;

/// What a click on the open picker did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// Seat this occupant on the picker's side.
    Seat(Player, Occupant),
    /// Close the picker without changing anything.
    Close,
}

/// The open choice of who plays `side`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatPicker {
    /// The side being seated.
    pub side: Player,
    /// "Who plays White?"
    title: String,
    /// Each choice with its label, in the order shown.
    choices: Vec<(String, Occupant)>,
    /// Who sits there now (its button is shown chosen).
    current: Occupant,
}

impl SeatPicker {
    /// The picker for `side`, offering nobody, the computer and each of `players`;
    /// `sides` holds who sits on each side now and `side_names` their names, so a
    /// player seated on the other side is labelled as moving from it.
    pub fn new(
        side: Player,
        side_names: [&str; 2],
        players: &[String],
        sides: &[Occupant; 2],
    ) -> Self {
        let other = side.opponent();
        let mut choices = vec![
            ("Nobody".to_string(), Occupant::Open),
            ("The computer".to_string(), Occupant::Computer),
        ];
        choices.extend(players.iter().map(|name| {
            let occupant = Occupant::Player(name.clone());
            let label = if sides[other.index()] == occupant {
                format!("{name} (moves from {})", side_names[other.index()])
            } else {
                name.clone()
            };
            (label, occupant)
        }));
        SeatPicker {
            side,
            title: format!("Who plays {}?", side_names[side.index()]),
            choices,
            current: sides[side.index()].clone(),
        }
    }

    /// Each choice's button and label, then Cancel's.
    fn buttons(&self, context: &Context) -> Vec<(Rect, String, Option<Occupant>)> {
        let s = widgets::scale(context);
        let window = context.window.area();
        let area = Rect::new(0.0, 110.0 * s, window.w, window.h - 130.0 * s);
        let rects = widgets::column(context, area, self.choices.len() + 1);
        let mut out: Vec<_> = self
            .choices
            .iter()
            .zip(&rects)
            .map(|((label, occupant), rect)| (*rect, label.clone(), Some(occupant.clone())))
            .collect();
        if let Some(rect) = rects.last() {
            out.push((*rect, "Cancel".to_string(), None));
        }
        out
    }

    /// What a click at `point` does.
    pub fn click(&self, context: &Context, point: Point) -> Picked {
        self.buttons(context)
            .into_iter()
            .find(|(rect, _, _)| rect.contains(point))
            .and_then(|(_, _, occupant)| occupant)
            .map_or(Picked::Close, |occupant| Picked::Seat(self.side, occupant))
    }

    /// Draws the picker over the lobby.
    pub fn draw(&self, context: &Context, frame: &mut Frame) {
        confirm::dim(context, frame, &self.title);
        for (rect, label, occupant) in self.buttons(context) {
            let look = if occupant.as_ref() == Some(&self.current) {
                Look::Chosen
            } else {
                Look::Normal
            };
            widgets::button(frame, context, rect, &label, look);
        }
    }
}
