//! Where the History and Statistics screens put things: a row of equal buttons across a
//! width, and the bar of buttons along the bottom of the window.

use crate::geometry::Rect;
use crate::screens::{Context, widgets};

/// `count` equal boxes side by side filling `area`, `gap` apart.
pub fn across(area: Rect, count: usize, gap: f32) -> Vec<Rect> {
    let count_f = count.max(1) as f32;
    let width = ((area.w - gap * (count_f - 1.0)) / count_f).max(0.0);
    (0..count)
        .map(|i| Rect::new(area.x + i as f32 * (width + gap), area.y, width, area.h))
        .collect()
}

/// The margin left and right of the screens' contents, before scaling.
pub const MARGIN: f32 = 30.0;

/// The band along the bottom of the window that holds the screens' buttons.
pub fn bottom_band(context: &Context) -> Rect {
    let s = widgets::scale(context);
    let window = context.window.area();
    Rect::new(
        MARGIN * s,
        window.h - 64.0 * s,
        window.w - 2.0 * MARGIN * s,
        50.0 * s,
    )
}

/// Buttons across the bottom band, each as wide as its share of `weights`.
pub fn bottom_bar(context: &Context, weights: &[f32]) -> Vec<Rect> {
    let band = bottom_band(context);
    let gap = 10.0 * widgets::scale(context);
    let total: f32 = weights.iter().sum::<f32>().max(f32::EPSILON);
    let room = band.w - gap * weights.len().saturating_sub(1) as f32;
    let mut x = band.x;
    weights
        .iter()
        .map(|weight| {
            let width = room * weight / total;
            let rect = Rect::new(x, band.y, width, band.h);
            x += width + gap;
            rect
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_across_fill_the_width_with_their_gaps() {
        let boxes = across(Rect::new(10.0, 0.0, 320.0, 40.0), 3, 10.0);
        assert_eq!(boxes.len(), 3);
        assert_eq!(boxes[0].x, 10.0);
        assert_eq!(boxes[0].w, 100.0);
        assert_eq!(boxes[2].x + boxes[2].w, 330.0);
    }
}
