//! Reads the window's input event by event, as the window library received it, into
//! the queue the screens take it from: nothing is sampled once a frame, so nothing that
//! starts and ends between two frames is lost.

use macroquad::input::utils::{register_input_subscriber, repeat_all_miniquad_input};
use macroquad::miniquad::{EventHandler, KeyCode, KeyMods, MouseButton};
use plyground::geometry::Point;
use plyground::input::{Button, InputQueue, RawInput};
use plyground::screens::{Event, Key, Modifiers};
use plyground::wake::is_wake_point;

/// The window's input since the last frame.
pub struct WindowInput {
    subscriber: usize,
    queue: InputQueue,
    modifiers: Modifiers,
}

impl WindowInput {
    /// Starts reading the window's input (from inside the window's main loop).
    pub fn new() -> WindowInput {
        WindowInput {
            subscriber: register_input_subscriber(),
            queue: InputQueue::new(),
            modifiers: Modifiers::default(),
        }
    }

    /// This frame's events: `seconds` since the last frame, then every input in order.
    pub fn frame(&mut self, seconds: f32) -> Vec<Event> {
        let mut reader = Reader {
            queue: &mut self.queue,
            modifiers: &mut self.modifiers,
        };
        repeat_all_miniquad_input(&mut reader, self.subscriber);
        self.queue.frame(seconds)
    }
}

/// Turns the library's events into raw input for the queue, following the modifier
/// keys as they go down and up.
struct Reader<'a> {
    queue: &'a mut InputQueue,
    modifiers: &'a mut Modifiers,
}

impl Reader<'_> {
    /// Notes that a modifier key went down or up; tells the queue if that changed
    /// what is held.
    fn modifier(&mut self, code: KeyCode, down: bool) {
        let held = match code {
            KeyCode::LeftShift | KeyCode::RightShift => &mut self.modifiers.shift,
            KeyCode::LeftAlt | KeyCode::RightAlt => &mut self.modifiers.alt,
            KeyCode::LeftControl | KeyCode::RightControl => &mut self.modifiers.ctrl,
            _ => return,
        };
        if *held != down {
            *held = down;
            self.queue.push(RawInput::Modifiers(*self.modifiers));
        }
    }
}

fn button(button: MouseButton) -> Option<Button> {
    match button {
        MouseButton::Left => Some(Button::Primary),
        MouseButton::Right => Some(Button::Secondary),
        MouseButton::Middle | MouseButton::Unknown => None,
    }
}

fn key(code: KeyCode) -> Option<Key> {
    Some(match code {
        KeyCode::Escape => Key::Escape,
        KeyCode::Enter | KeyCode::KpEnter => Key::Enter,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::Tab => Key::Tab,
        KeyCode::F1 => Key::F1,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Delete => Key::Delete,
        _ => return None,
    })
}

impl EventHandler for Reader<'_> {
    fn update(&mut self) {}

    fn draw(&mut self) {}

    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        if !is_wake_point(x, y) {
            self.queue.push(RawInput::Moved(Point::new(x, y)));
        }
    }

    fn mouse_wheel_event(&mut self, _x: f32, y: f32) {
        self.queue.push(RawInput::Wheel(y));
    }

    fn mouse_button_down_event(&mut self, pressed: MouseButton, x: f32, y: f32) {
        if let Some(pressed) = button(pressed) {
            self.queue
                .push(RawInput::Pressed(pressed, Point::new(x, y)));
        }
    }

    fn mouse_button_up_event(&mut self, released: MouseButton, x: f32, y: f32) {
        if let Some(released) = button(released) {
            self.queue
                .push(RawInput::Released(released, Point::new(x, y)));
        }
    }

    fn char_event(&mut self, character: char, keymods: KeyMods, _repeat: bool) {
        // Ctrl with a letter is a command (Ctrl+V pastes), not typing.
        if !keymods.ctrl {
            self.queue.push(RawInput::Char(character));
        }
    }

    fn key_down_event(&mut self, code: KeyCode, keymods: KeyMods, repeat: bool) {
        self.modifier(code, true);
        if code == KeyCode::V && keymods.ctrl && !repeat {
            // Pasting types the clipboard's text, so every text field takes it.
            let pasted = macroquad::miniquad::window::clipboard_get().unwrap_or_default();
            for character in pasted.chars().filter(|c| !c.is_control() || *c == '\n') {
                self.queue.push(RawInput::Char(character));
            }
        }
        if let Some(key) = key(code) {
            self.queue.push(RawInput::Key { key, repeat });
        }
    }

    fn key_up_event(&mut self, code: KeyCode, _keymods: KeyMods) {
        self.modifier(code, false);
    }
}
