//! The only code that draws with macroquad: it paints a display list into the window's
//! picture, kept from frame to frame, repainting only what changed
//! (`plyground::damage`), then lays that picture into the window.

use crate::materials::copy_material;
use crate::paint_cache::PictureCache;
use crate::paint3d::SolidPainter;
use macroquad::prelude::{
    BLACK, Camera2D, Color, DrawTextureParams, FilterMode, Font, Material, RenderTarget,
    TextParams, WHITE, clear_background, draw_line, draw_poly, draw_poly_lines, draw_rectangle,
    draw_rectangle_lines, draw_text_ex, draw_texture_ex, draw_triangle, gl_use_default_material,
    gl_use_material, load_ttf_font_from_bytes, measure_text, render_target, screen_height,
    screen_width, set_camera, set_default_camera, vec2,
};
use plyground::color::Rgba;
use plyground::damage::{Damage, FrameMemory};
use plyground::display::{Align, Frame, Item};
use plyground::geometry::Rect;
use plyground::text_fit;
use std::cell::RefCell;

fn color(rgba: Rgba) -> Color {
    Color::new(rgba.0, rgba.1, rgba.2, rgba.3)
}

/// How many sides a circle of `radius` pixels is drawn with: enough that no side strays
/// more than a quarter of a pixel from the true circle (7 for a 2 px dot, 28 at 40 px),
/// and no more, since software OpenGL pays for every triangle.
fn sides(radius: f32) -> u8 {
    const STRAY: f32 = 0.25;
    let radius = radius.max(STRAY * 2.0);
    let needed = std::f32::consts::PI / (1.0 - STRAY / radius).acos();
    needed.ceil().clamp(6.0, 96.0) as u8
}

/// DejaVu Sans (licence in `assets/fonts/LICENSE-DejaVu.txt`): clear at every size.
const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// Paints display lists with the game's font (and 3D scenes with their meshes).
pub struct Painter {
    font: Option<Font>,
    solids: SolidPainter,
    pictures: PictureCache,
    /// The window's picture, as the last frame left it.
    canvas: RefCell<Option<RenderTarget>>,
    /// What the last frame painted, to tell what the next one changes.
    memory: RefCell<FrameMemory>,
    /// Where flat drawing goes: the part of the window's picture being painted.
    flat: RefCell<Camera2D>,
    /// Copies the window's picture into the window without blending.
    copy: Option<Material>,
}

impl Painter {
    /// Loads the font; should that fail, macroquad's built-in font is used.
    pub fn new() -> Painter {
        Painter {
            font: load_ttf_font_from_bytes(FONT).ok(),
            solids: SolidPainter::new(),
            pictures: PictureCache::default(),
            canvas: RefCell::new(None),
            memory: RefCell::new(FrameMemory::default()),
            flat: RefCell::new(Camera2D::default()),
            copy: copy_material(),
        }
    }

    /// Paints the frame: into the window's picture, only the parts where items came,
    /// went or changed since the last frame (each part cleared and painted again with
    /// every item that reaches into it, back to front), then the picture into the
    /// window. A frame that begins with an opaque rectangle over the whole window, when
    /// painted whole, is cleared to its colour instead of painting it: software OpenGL
    /// pays for every pixel a rectangle blends, and a clear costs a fraction of that.
    pub fn paint(&self, frame: &Frame) {
        let window = Rect::new(0.0, 0.0, screen_width(), screen_height());
        let canvas = self.canvas_for(window);
        let damage = self.memory.borrow_mut().next(&frame.items, window);
        let opaque_ground = match frame.items.first() {
            Some(Item::Rect { rect, color })
                if color.3 >= 1.0
                    && rect.x <= window.x
                    && rect.y <= window.y
                    && rect.x + rect.w >= window.w
                    && rect.y + rect.h >= window.h =>
            {
                Some(*color)
            }
            _ => None,
        };
        let whole = damage == Damage::Whole;
        match damage {
            Damage::Nothing => {}
            Damage::Whole => {
                self.aim(&canvas, window, window);
                let items = match opaque_ground {
                    Some(ground) => {
                        clear_background(color(ground));
                        &frame.items[1..]
                    }
                    None => {
                        clear_background(BLACK);
                        &frame.items[..]
                    }
                };
                self.paint_items(items);
            }
            Damage::Boxes(boxes) => {
                for area in boxes {
                    self.aim(&canvas, window, area);
                    if opaque_ground.is_none() {
                        draw_rectangle(area.x, area.y, area.w, area.h, BLACK);
                    }
                    let reaching: Vec<usize> = self.memory.borrow().reaching(area).collect();
                    for index in reaching {
                        self.paint_item(&frame.items[index]);
                    }
                }
            }
        }
        set_default_camera();
        if let Some(copy) = &self.copy {
            gl_use_material(copy);
        }
        draw_texture_ex(
            &canvas.texture,
            0.0,
            0.0,
            WHITE,
            DrawTextureParams {
                dest_size: Some(vec2(window.w, window.h)),
                // Painted as the window is, and a picture's rows are stored bottom first.
                flip_y: true,
                ..Default::default()
            },
        );
        gl_use_default_material();
        // Only a frame painted whole uses every picture on show; after one painted in
        // part, the pictures of the pieces it did not touch are still in use.
        if whole {
            self.pictures.frame_done();
        }
    }

    /// The window's picture for a window of `window`'s size: the last one, or a new one
    /// (and the memory of the last frame forgotten) when the size changed.
    fn canvas_for(&self, window: Rect) -> RenderTarget {
        let size = vec2(window.w.round().max(1.0), window.h.round().max(1.0));
        let mut canvas = self.canvas.borrow_mut();
        match canvas.as_ref() {
            Some(kept) if kept.texture.size() == size => kept.clone(),
            _ => {
                let made = render_target(size.x as u32, size.y as u32);
                made.texture.set_filter(FilterMode::Nearest);
                self.memory.borrow_mut().forget();
                *canvas = Some(made.clone());
                made
            }
        }
    }

    /// Aims flat drawing at the part `area` of the window's picture `canvas`, in window
    /// coordinates: nothing drawn falls outside it.
    fn aim(&self, canvas: &RenderTarget, window: Rect, area: Rect) {
        let camera = Camera2D {
            target: vec2(area.x + area.w / 2.0, area.y + area.h / 2.0),
            // Downwards, as in the window.
            zoom: vec2(2.0 / area.w, -2.0 / area.h),
            render_target: Some(canvas.clone()),
            viewport: Some((
                area.x as i32,
                (window.h - area.y - area.h) as i32,
                area.w as i32,
                area.h as i32,
            )),
            ..Default::default()
        };
        set_camera(&camera);
        *self.flat.borrow_mut() = camera;
    }

    /// Sets flat drawing back to where it was aimed, after a picture was drawn.
    fn back_to_flat(&self) {
        set_camera(&*self.flat.borrow());
    }

    fn paint_items(&self, items: &[Item]) {
        for item in items {
            self.paint_item(item);
        }
    }

    fn paint_item(&self, item: &Item) {
        match item {
            Item::Solids(scene) => self.solids.paint(scene, &|| self.back_to_flat()),
            Item::Cached { key, rect, items } => {
                self.pictures
                    .paint(*key, *rect, items, |items| self.paint_items(items), &|| {
                        self.back_to_flat()
                    });
            }
            _ => paint_flat(item, self.font.as_ref()),
        }
    }
}

/// Paints one item that holds no other.
fn paint_flat(item: &Item, font: Option<&Font>) {
    match item {
        Item::Solids(_) | Item::Cached { .. } => {}
        Item::Rect { rect, color: c } => draw_rectangle(rect.x, rect.y, rect.w, rect.h, color(*c)),
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
            draw_poly(center.x, center.y, sides(*radius), *radius, 0.0, color(*c));
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

#[cfg(test)]
mod tests {
    use super::sides;

    #[test]
    fn circles_get_as_few_sides_as_keep_them_round() {
        assert_eq!(sides(2.0), 7);
        assert_eq!(sides(40.0), 29);
        for radius in [0.5, 1.0, 3.0, 10.0, 60.0, 200.0] {
            let n = f32::from(sides(radius));
            let stray = radius * (1.0 - (std::f32::consts::PI / n).cos());
            assert!(
                stray <= 0.25 + 1e-4 || n >= 96.0,
                "{radius}: {n} sides stray {stray}"
            );
        }
    }
}
