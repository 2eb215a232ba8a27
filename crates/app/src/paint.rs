//! The only code that draws with macroquad: it paints a display list, and turns the
//! window's input into screen events.

use crate::paint3d::SolidPainter;
use macroquad::prelude::{
    Color, Font, KeyCode, MouseButton, TextParams, draw_circle, draw_line, draw_poly,
    draw_poly_lines, draw_rectangle, draw_rectangle_lines, draw_text_ex, draw_triangle,
    get_char_pressed, is_key_pressed, is_mouse_button_pressed, is_mouse_button_released,
    load_ttf_font_from_bytes, measure_text, mouse_position, mouse_wheel, vec2,
};
use plyground::display::{Align, Frame, Item, Point, Rect, Rgba};
use plyground::screens::{Event, Key};
use plyground::text_fit;

fn color(rgba: Rgba) -> Color {
    Color::new(rgba.0, rgba.1, rgba.2, rgba.3)
}

fn sides(radius: f32) -> u8 {
    (radius / 1.5).clamp(16.0, 96.0) as u8
}

/// DejaVu Sans (licence in `assets/fonts/LICENSE-DejaVu.txt`): clear at every size.
const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// Paints display lists with the game's font (and 3D scenes with their meshes).
pub struct Painter {
    font: Option<Font>,
    solids: SolidPainter,
}

impl Painter {
    /// Loads the font; should that fail, macroquad's built-in font is used.
    pub fn new() -> Painter {
        Painter {
            font: load_ttf_font_from_bytes(FONT).ok(),
            solids: SolidPainter::new(),
        }
    }

    /// Paints every item of the frame, back to front.
    pub fn paint(&self, frame: &Frame) {
        paint(frame, self.font.as_ref(), &self.solids);
    }
}

fn paint(frame: &Frame, font: Option<&Font>, solids: &SolidPainter) {
    for item in &frame.items {
        match item {
            Item::Solids(scene) => solids.paint(scene),
            Item::Rect { rect, color: c } => {
                draw_rectangle(rect.x, rect.y, rect.w, rect.h, color(*c))
            }
            Item::Frame {
                rect,
                thickness,
                color: c,
            } => {
                draw_rectangle_lines(rect.x, rect.y, rect.w, rect.h, *thickness, color(*c));
            }
            Item::Disc {
                center,
                radius,
                color: c,
            } => {
                if *radius < 6.0 {
                    draw_circle(center.x, center.y, *radius, color(*c));
                } else {
                    draw_poly(center.x, center.y, sides(*radius), *radius, 0.0, color(*c));
                }
            }
            Item::Ring {
                center,
                radius,
                thickness,
                color: c,
            } => {
                draw_poly_lines(
                    center.x,
                    center.y,
                    sides(*radius),
                    *radius,
                    0.0,
                    *thickness,
                    color(*c),
                );
            }
            Item::Triangles { corners, color: c } => {
                for [a, b, d] in corners {
                    draw_triangle(vec2(a.x, a.y), vec2(b.x, b.y), vec2(d.x, d.y), color(*c));
                }
            }
            Item::Line {
                from,
                to,
                thickness,
                color: c,
            } => {
                draw_line(from.x, from.y, to.x, to.y, *thickness, color(*c));
            }
            Item::Text {
                text,
                rect,
                size,
                color: c,
                align,
            } => text_in(font, text, *rect, *size, color(*c), *align),
        }
    }
}

fn text_in(font: Option<&Font>, text: &str, rect: Rect, size: f32, color: Color, align: Align) {
    let font_size = size.round().clamp(6.0, 200.0) as u16;
    let params = TextParams {
        font,
        font_size,
        color,
        ..Default::default()
    };
    let measure = |text: &str| measure_text(text, font, font_size, 1.0).width;
    if align == Align::Wrap {
        let line_height = size * 1.25;
        let max_lines = ((rect.h / line_height).floor() as usize).max(1);
        for (i, line) in text_fit::wrapped(text, rect.w, max_lines, measure)
            .iter()
            .enumerate()
        {
            let y = rect.y + size + i as f32 * line_height;
            draw_text_ex(line, rect.x, y, params.clone());
        }
        return;
    }
    let text = text_fit::ellipsized(text, rect.w, measure);
    let text = text.as_ref();
    let reference = measure_text("Ag", font, font_size, 1.0);
    let width = measure_text(text, font, font_size, 1.0).width;
    let x = match align {
        Align::Left | Align::Wrap => rect.x,
        Align::Center => rect.x + (rect.w - width) / 2.0,
        Align::Right => rect.x + rect.w - width,
    };
    let y = rect.y + (rect.h - reference.height) / 2.0 + reference.offset_y;
    draw_text_ex(text, x.round(), y.round(), params);
}

/// The events of this frame: pointer, special keys, typed characters, then the tick.
pub fn events(last_pointer: &mut Point, frame_seconds: f32) -> Vec<Event> {
    let mut out = Vec::new();
    let (x, y) = mouse_position();
    let pointer = Point::new(x, y);
    if pointer != *last_pointer {
        out.push(Event::PointerMove(pointer));
        *last_pointer = pointer;
    }
    if is_mouse_button_pressed(MouseButton::Left) {
        out.push(Event::PointerDown(pointer));
    }
    if is_mouse_button_released(MouseButton::Left) {
        out.push(Event::PointerUp(pointer));
    }
    if is_mouse_button_pressed(MouseButton::Right) {
        out.push(Event::SecondaryDown(pointer));
    }
    if is_mouse_button_released(MouseButton::Right) {
        out.push(Event::SecondaryUp(pointer));
    }
    let (_, wheel) = mouse_wheel();
    if wheel != 0.0 {
        out.push(Event::Scroll(wheel.signum()));
    }
    for (code, key) in [
        (KeyCode::Escape, Key::Escape),
        (KeyCode::Enter, Key::Enter),
        (KeyCode::KpEnter, Key::Enter),
        (KeyCode::Backspace, Key::Backspace),
        (KeyCode::Left, Key::Left),
        (KeyCode::Right, Key::Right),
        (KeyCode::Home, Key::Home),
        (KeyCode::End, Key::End),
        (KeyCode::Tab, Key::Tab),
        (KeyCode::F1, Key::F1),
    ] {
        if is_key_pressed(code) {
            out.push(Event::Key(key));
        }
    }
    while let Some(typed) = get_char_pressed() {
        if !typed.is_control() {
            out.push(Event::Char(typed));
        }
    }
    out.push(Event::Tick(frame_seconds));
    out
}
