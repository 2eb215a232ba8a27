//! Pictures of cached display groups (a piece of a kind, colour and size): each drawn
//! once into a texture and then painted as one quad, so a board of 128 pieces costs 128
//! quads instead of some 30,000 triangles of outlines, fills and corner dots.

use macroquad::prelude::{
    Camera2D, Color, DrawTextureParams, FilterMode, RenderTarget, WHITE, clear_background,
    draw_texture_ex, render_target, set_camera, vec2,
};
use plyground::display::Item;
use plyground::geometry::Rect;
use std::cell::RefCell;
use std::collections::HashMap;

/// Room round a group's box in its picture, in pixels, for outlines that reach past it.
const MARGIN: f32 = 2.0;

/// The pictures in use: those painted since the last frame that painted the whole
/// window, and in that frame.
#[derive(Default)]
pub struct PictureCache {
    current: RefCell<HashMap<u64, RenderTarget>>,
    previous: RefCell<HashMap<u64, RenderTarget>>,
}

impl PictureCache {
    /// Paints the group `items` in `rect` named `key`: from its picture, drawn first
    /// with `draw` when there is none (then `flat` sets the camera back to where flat
    /// drawing goes on). A group without a key (not opaque) or too small for a picture
    /// is painted with `draw` directly.
    pub fn paint(
        &self,
        key: Option<u64>,
        rect: Rect,
        items: &[Item],
        draw: impl Fn(&[Item]),
        flat: &dyn Fn(),
    ) {
        let Some(key) = key.filter(|_| rect.w >= 1.0 && rect.h >= 1.0) else {
            draw(items);
            return;
        };
        let mut current = self.current.borrow_mut();
        let picture = current.entry(key).or_insert_with(|| {
            self.previous
                .borrow_mut()
                .remove(&key)
                .unwrap_or_else(|| picture_of(rect, items, &draw, flat))
        });
        let size = picture.texture.size();
        draw_texture_ex(
            &picture.texture,
            (rect.x - MARGIN).round(),
            (rect.y - MARGIN).round(),
            WHITE,
            DrawTextureParams {
                dest_size: Some(size),
                ..Default::default()
            },
        );
    }

    /// Ends a frame that painted the whole window: the pictures it did not use go at
    /// the end of the next such frame.
    pub fn frame_done(&self) {
        let mut current = self.current.borrow_mut();
        *self.previous.borrow_mut() = std::mem::take(&mut *current);
    }
}

/// Draws `items` (in window coordinates, inside `rect`) into a new picture of `rect`
/// and its margin, then goes back to flat drawing with `flat`.
fn picture_of(
    rect: Rect,
    items: &[Item],
    draw: &impl Fn(&[Item]),
    flat: &dyn Fn(),
) -> RenderTarget {
    let (width, height) = (rect.w + 2.0 * MARGIN, rect.h + 2.0 * MARGIN);
    let picture = render_target(width.ceil() as u32, height.ceil() as u32);
    picture.texture.set_filter(FilterMode::Nearest);
    let (left, top) = (rect.x - MARGIN, rect.y - MARGIN);
    let (pixels_w, pixels_h) = (width.ceil(), height.ceil());
    set_camera(&Camera2D {
        target: vec2(left + pixels_w / 2.0, top + pixels_h / 2.0),
        // Upwards: a picture's rows are stored bottom first.
        zoom: vec2(2.0 / pixels_w, 2.0 / pixels_h),
        render_target: Some(picture.clone()),
        ..Default::default()
    });
    clear_background(Color::new(0.0, 0.0, 0.0, 0.0));
    draw(items);
    flat();
    picture
}
