//! The window's input as the screens receive it: every press, move, release, key and
//! character in the order it happened, however many arrive between two frames, so that
//! a quick click, a short drag or three fast key presses each count.

use crate::geometry::Point;
use crate::screens::{Event, Key, Modifiers};

/// A mouse button the screens tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// The main (left) button: pick, drop, press.
    Primary,
    /// The second (right) button: cancel, mark.
    Secondary,
}

/// One thing the window reported, as it came.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RawInput {
    /// The pointer moved to a point.
    Moved(Point),
    /// A button went down at a point.
    Pressed(Button, Point),
    /// A button came up at a point.
    Released(Button, Point),
    /// The wheel turned (lines; positive away from the player).
    Wheel(f32),
    /// A special key went down; `repeat` when the key is held and the system repeats it.
    Key {
        /// Which key.
        key: Key,
        /// Whether this is the system's repeat of a held key.
        repeat: bool,
    },
    /// A character was typed.
    Char(char),
    /// The modifier keys held changed to these.
    Modifiers(Modifiers),
}

/// Whether a held key repeats: stepping through the moves and deleting typed text do;
/// keys that open, close or switch something act once per press.
fn repeats(key: Key) -> bool {
    matches!(key, Key::Backspace | Key::Left | Key::Right)
}

/// The input that arrived since the last frame, in order, ready to hand to the screens.
#[derive(Debug, Default)]
pub struct InputQueue {
    pending: Vec<Event>,
    pointer: Option<Point>,
    /// The modifier keys held now.
    modifiers: Modifiers,
}

impl InputQueue {
    /// An empty queue.
    pub fn new() -> InputQueue {
        InputQueue::default()
    }

    /// Queues what the window reported. A press or release where the pointer was not
    /// yet known is preceded by a move there, so every screen sees where it happened.
    pub fn push(&mut self, raw: RawInput) {
        match raw {
            RawInput::Moved(point) => self.move_to(point),
            RawInput::Pressed(button, point) => {
                self.move_to(point);
                self.pending.push(match button {
                    Button::Primary => Event::PointerDown(point),
                    Button::Secondary => Event::SecondaryDown(point, self.modifiers),
                });
            }
            RawInput::Released(button, point) => {
                self.move_to(point);
                self.pending.push(match button {
                    Button::Primary => Event::PointerUp(point),
                    Button::Secondary => Event::SecondaryUp(point),
                });
            }
            RawInput::Wheel(lines) if lines != 0.0 => {
                self.pending.push(Event::Scroll(lines.signum()));
            }
            RawInput::Wheel(_) => {}
            RawInput::Modifiers(held) => self.modifiers = held,
            RawInput::Key { key, repeat } => {
                if !repeat || repeats(key) {
                    self.pending.push(Event::Key(key));
                }
            }
            RawInput::Char(typed) => {
                if !typed.is_control() {
                    self.pending.push(Event::Char(typed));
                }
            }
        }
    }

    fn move_to(&mut self, point: Point) {
        if self.pointer != Some(point) {
            self.pointer = Some(point);
            self.pending.push(Event::PointerMove(point));
        }
    }

    /// Whether any input waits.
    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }

    /// This frame's events: first the time that passed since the last frame (so that
    /// a move this frame's input makes is not charged the time before it, and an
    /// animation it starts begins at its start), then every input in the order it came.
    pub fn frame(&mut self, seconds: f32) -> Vec<Event> {
        let mut events = Vec::with_capacity(self.pending.len() + 1);
        events.push(Event::Tick(seconds.max(0.0)));
        events.append(&mut self.pending);
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_and_a_drag_in_one_frame_both_arrive_whole_and_in_order() {
        let mut queue = InputQueue::new();
        let (a, b, c) = (
            Point::new(10.0, 10.0),
            Point::new(30.0, 10.0),
            Point::new(50.0, 50.0),
        );
        queue.push(RawInput::Pressed(Button::Primary, a));
        queue.push(RawInput::Released(Button::Primary, a));
        queue.push(RawInput::Pressed(Button::Primary, b));
        queue.push(RawInput::Moved(c));
        queue.push(RawInput::Released(Button::Primary, c));
        assert_eq!(
            queue.frame(0.25),
            vec![
                Event::Tick(0.25),
                Event::PointerMove(a),
                Event::PointerDown(a),
                Event::PointerUp(a),
                Event::PointerMove(b),
                Event::PointerDown(b),
                Event::PointerMove(c),
                Event::PointerUp(c),
            ]
        );
        assert!(queue.is_empty());
        assert_eq!(queue.frame(0.0), vec![Event::Tick(0.0)]);
    }

    #[test]
    fn held_keys_repeat_only_where_repeating_helps() {
        let mut queue = InputQueue::new();
        for key in [Key::Left, Key::Escape, Key::Backspace, Key::Tab] {
            queue.push(RawInput::Key { key, repeat: false });
            queue.push(RawInput::Key { key, repeat: true });
        }
        queue.push(RawInput::Char('\u{8}'));
        queue.push(RawInput::Char('é'));
        let keys: Vec<Event> = queue.frame(0.0).into_iter().skip(1).collect();
        assert_eq!(
            keys,
            vec![
                Event::Key(Key::Left),
                Event::Key(Key::Left),
                Event::Key(Key::Escape),
                Event::Key(Key::Backspace),
                Event::Key(Key::Backspace),
                Event::Key(Key::Tab),
                Event::Char('é'),
            ]
        );
    }
}
