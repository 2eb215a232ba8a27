//! Which parts of the window a frame changes: the painter keeps the last frame's
//! picture and repaints only the boxes of the items that came, went or changed, since
//! software OpenGL pays for every pixel it paints again.

use crate::color::Rgba;
use crate::display::{Align, Item};
use crate::display3d::Scene3d;
use crate::geometry::Rect;
use crate::space::{Lens, V3};
use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// Room added round every item's box, in pixels: what rounding and line ends may reach
/// past it.
const SLACK: f32 = 3.0;
/// Past this many changed items, the whole window is painted: sorting their boxes out
/// would cost more than it saves.
const MOST_ITEMS: usize = 96;
/// Past this many separate boxes, the closest are merged: each box is a pass over the
/// items.
const MOST_BOXES: usize = 6;
/// Past this share of the window, the whole window is painted at once.
const MOST_SHARE: f32 = 0.6;

/// What a frame must paint.
#[derive(Clone, Debug, PartialEq)]
pub enum Damage {
    /// Nothing changed.
    Nothing,
    /// These boxes, whole pixels, apart and inside the window.
    Boxes(Vec<Rect>),
    /// The whole window.
    Whole,
}

/// The items of the last frame, each known by what it paints and where, in order,
/// with its box.
#[derive(Debug, Default)]
pub struct FrameMemory {
    last: Vec<(u64, Rect)>,
    /// The window's size when the last frame was painted.
    size: Option<(f32, f32)>,
}

impl FrameMemory {
    /// Forgets the last frame, so that the next paints the whole window (the picture it
    /// was painted into is gone).
    pub fn forget(&mut self) {
        self.last.clear();
        self.size = None;
    }

    /// What `items`, the next frame in a `window` of that size, must paint against the
    /// last, and remembers them: the boxes of the items that came or went (a changed
    /// item is one that went and one that came), and of those that stayed but are now
    /// painted in another order among the others that stayed.
    pub fn next(&mut self, items: &[Item], window: Rect) -> Damage {
        let current: Vec<(u64, Rect)> = items
            .iter()
            .map(|item| (content_hash(item), bounds(item)))
            .collect();
        let first = self.size != Some((window.w, window.h));
        let last = std::mem::replace(&mut self.last, current);
        self.size = Some((window.w, window.h));
        if first {
            return Damage::Whole;
        }
        let count = |frame: &[(u64, Rect)]| {
            let mut counts: HashMap<u64, usize> = HashMap::with_capacity(frame.len());
            for (hash, _) in frame {
                *counts.entry(*hash).or_default() += 1;
            }
            counts
        };
        let (before, now) = (count(&last), count(&self.last));
        let stayed = |hash: &u64| before.get(hash) == now.get(hash);
        let mut changed: Vec<Rect> = last
            .iter()
            .chain(&self.last)
            .filter(|(hash, _)| !stayed(hash))
            .map(|(_, rect)| *rect)
            .collect();
        let kept_before = last.iter().filter(|(hash, _)| stayed(hash));
        let kept_now = self.last.iter().filter(|(hash, _)| stayed(hash));
        for (old, new) in kept_before.zip(kept_now) {
            if old.0 != new.0 {
                changed.extend([old.1, new.1]);
            }
        }
        damage_of(changed, window)
    }

    /// The places, in the frame last given to [`FrameMemory::next`], of the items that
    /// reach (with the slack) into `area`: those to paint again there, in order.
    pub fn reaching(&self, area: Rect) -> impl Iterator<Item = usize> + '_ {
        self.last
            .iter()
            .enumerate()
            .filter(move |(_, (_, rect))| {
                let grown = Rect::new(
                    rect.x - SLACK,
                    rect.y - SLACK,
                    rect.w + 2.0 * SLACK,
                    rect.h + 2.0 * SLACK,
                );
                overlap(&grown, &area)
            })
            .map(|(index, _)| index)
    }
}

/// The boxes to paint for the changed items' boxes `changed`.
fn damage_of(changed: Vec<Rect>, window: Rect) -> Damage {
    if changed.is_empty() {
        return Damage::Nothing;
    }
    if changed.len() > MOST_ITEMS {
        return Damage::Whole;
    }
    let mut boxes: Vec<Rect> = changed
        .into_iter()
        .filter_map(|rect| whole_pixels(rect, window))
        .collect();
    merge_overlapping(&mut boxes);
    while boxes.len() > MOST_BOXES {
        merge_closest(&mut boxes);
        merge_overlapping(&mut boxes);
    }
    let area: f32 = boxes.iter().map(|b| b.w * b.h).sum();
    if area > MOST_SHARE * window.w * window.h {
        Damage::Whole
    } else if boxes.is_empty() {
        Damage::Nothing
    } else {
        Damage::Boxes(boxes)
    }
}

/// `rect` grown by the slack to whole pixels and cut to the window; `None` outside it.
fn whole_pixels(rect: Rect, window: Rect) -> Option<Rect> {
    let left = (rect.x - SLACK).floor().max(window.x);
    let top = (rect.y - SLACK).floor().max(window.y);
    let right = (rect.x + rect.w + SLACK).ceil().min(window.x + window.w);
    let bottom = (rect.y + rect.h + SLACK).ceil().min(window.y + window.h);
    (right > left && bottom > top).then(|| Rect::new(left, top, right - left, bottom - top))
}

fn overlap(a: &Rect, b: &Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/// Merges boxes that overlap until none do.
fn merge_overlapping(boxes: &mut Vec<Rect>) {
    let mut merged = true;
    while merged {
        merged = false;
        'outer: for i in 0..boxes.len() {
            for j in i + 1..boxes.len() {
                if overlap(&boxes[i], &boxes[j]) {
                    let other = boxes.swap_remove(j);
                    boxes[i] = boxes[i].union(other);
                    merged = true;
                    break 'outer;
                }
            }
        }
    }
}

/// Merges the two boxes whose union adds the least area.
fn merge_closest(boxes: &mut Vec<Rect>) {
    let area = |r: &Rect| r.w * r.h;
    let mut best = (0, 1, f32::INFINITY);
    for i in 0..boxes.len() {
        for j in i + 1..boxes.len() {
            let grown = area(&boxes[i].union(boxes[j])) - area(&boxes[i]) - area(&boxes[j]);
            if grown < best.2 {
                best = (i, j, grown);
            }
        }
    }
    let other = boxes.swap_remove(best.1);
    boxes[best.0] = boxes[best.0].union(other);
}

/// A box that holds every pixel `item` paints.
fn bounds(item: &Item) -> Rect {
    let around =
        |x: f32, y: f32, reach: f32| Rect::new(x - reach, y - reach, 2.0 * reach, 2.0 * reach);
    let grown = |rect: &Rect, by: f32| {
        Rect::new(
            rect.x - by,
            rect.y - by,
            rect.w + 2.0 * by,
            rect.h + 2.0 * by,
        )
    };
    match item {
        Item::Solids(scene) => scene.lens.area,
        Item::Rect { rect, .. } => *rect,
        Item::Frame {
            rect, thickness, ..
        } => grown(rect, *thickness),
        Item::Disc { center, radius, .. } => around(center.x, center.y, *radius),
        Item::Ring {
            center,
            radius,
            thickness,
            ..
        } => around(center.x, center.y, radius + thickness),
        Item::Triangles { corners, .. } => {
            let mut points = corners.iter().flatten();
            let Some(first) = points.next() else {
                return Rect::default();
            };
            let (mut left, mut top, mut right, mut bottom) = (first.x, first.y, first.x, first.y);
            for point in points {
                left = left.min(point.x);
                top = top.min(point.y);
                right = right.max(point.x);
                bottom = bottom.max(point.y);
            }
            Rect::new(left, top, right - left, bottom - top)
        }
        Item::Line {
            from,
            to,
            thickness,
            ..
        } => grown(
            &Rect::new(
                from.x.min(to.x),
                from.y.min(to.y),
                (from.x - to.x).abs(),
                (from.y - to.y).abs(),
            ),
            *thickness,
        ),
        // Letters may reach past their box: a line taller than it stands out above and
        // below, accents and descenders reach past the lines of wrapped text.
        Item::Text {
            rect, size, align, ..
        } => {
            let tall = match align {
                Align::Wrap => *size,
                _ => (size * 1.5 - rect.h).max(0.0) / 2.0 + size * 0.25,
            };
            Rect::new(
                rect.x - size * 0.25,
                rect.y - tall,
                rect.w + size * 0.5,
                rect.h + 2.0 * tall,
            )
        }
        Item::Cached { rect, items, .. } => items
            .iter()
            .map(bounds)
            .fold(grown(rect, 2.0), |all, one| all.union(one)),
    }
}

/// A number for what `item` paints and where: equal items, equal numbers.
fn content_hash(item: &Item) -> u64 {
    let mut hasher = DefaultHasher::new();
    feed_item(item, &mut hasher);
    hasher.finish()
}

/// Numbers, each fed as its bits.
fn feed(numbers: &[f32], hasher: &mut DefaultHasher) {
    for number in numbers {
        hasher.write_u32(number.to_bits());
    }
}

fn feed_rect(rect: &Rect, hasher: &mut DefaultHasher) {
    feed(&[rect.x, rect.y, rect.w, rect.h], hasher);
}

fn feed_color(color: &Rgba, hasher: &mut DefaultHasher) {
    feed(&[color.0, color.1, color.2, color.3], hasher);
}

fn feed_scene(scene: &Scene3d, hasher: &mut DefaultHasher) {
    let v = |v: V3| [v.x, v.y, v.z];
    let Lens {
        eye,
        target,
        fovy,
        area,
    } = scene.lens;
    feed(&v(eye), hasher);
    feed(&v(target), hasher);
    feed(&[fovy], hasher);
    feed_rect(&area, hasher);
    feed(&v(scene.light.toward), hasher);
    feed_color(&scene.light.color, hasher);
    feed(&[scene.light.ambient], hasher);
    for solid in &scene.solids {
        solid.shape.hash(hasher);
        feed(&v(solid.at), hasher);
        feed(&v(solid.size), hasher);
        feed(&[solid.yaw, solid.tilt, solid.glow], hasher);
        feed_color(&solid.body, hasher);
        feed_color(&solid.detail, hasher);
    }
}

fn feed_item(item: &Item, hasher: &mut DefaultHasher) {
    std::mem::discriminant(item).hash(hasher);
    match item {
        Item::Solids(scene) => feed_scene(scene, hasher),
        Item::Rect { rect, color } => {
            feed_rect(rect, hasher);
            feed_color(color, hasher);
        }
        Item::Frame {
            rect,
            thickness,
            color,
        } => {
            feed_rect(rect, hasher);
            feed(&[*thickness], hasher);
            feed_color(color, hasher);
        }
        Item::Disc {
            center,
            radius,
            color,
        } => {
            feed(&[center.x, center.y, *radius], hasher);
            feed_color(color, hasher);
        }
        Item::Ring {
            center,
            radius,
            thickness,
            color,
        } => {
            feed(&[center.x, center.y, *radius, *thickness], hasher);
            feed_color(color, hasher);
        }
        Item::Triangles { corners, color } => {
            for corner in corners.iter().flatten() {
                feed(&[corner.x, corner.y], hasher);
            }
            feed_color(color, hasher);
        }
        Item::Line {
            from,
            to,
            thickness,
            color,
        } => {
            feed(&[from.x, from.y, to.x, to.y, *thickness], hasher);
            feed_color(color, hasher);
        }
        Item::Cached { key, rect, items } => {
            feed_rect(rect, hasher);
            match key {
                Some(key) => hasher.write_u64(*key),
                None => {
                    hasher.write_usize(items.len());
                    for item in items {
                        feed_item(item, hasher);
                    }
                }
            }
        }
        Item::Text {
            text,
            rect,
            size,
            color,
            align,
        } => {
            text.hash(hasher);
            feed_rect(rect, hasher);
            feed(&[*size], hasher);
            feed_color(color, hasher);
            align.hash(hasher);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::Frame;
    use crate::geometry::Point;

    const WINDOW: Rect = Rect::new(0.0, 0.0, 1280.0, 800.0);
    const GREY: Rgba = Rgba(0.5, 0.5, 0.5, 1.0);

    fn board() -> Frame {
        let mut frame = Frame::default();
        frame.rect(WINDOW, GREY);
        for i in 0..8 {
            frame.rect(Rect::new(i as f32 * 50.0, 0.0, 50.0, 50.0), GREY);
        }
        frame.text(
            "White to move",
            Rect::new(900.0, 20.0, 200.0, 30.0),
            20.0,
            GREY,
            Align::Left,
        );
        frame
    }

    fn covered(damage: &Damage, rect: Rect) -> bool {
        match damage {
            Damage::Whole => true,
            Damage::Nothing => false,
            Damage::Boxes(boxes) => boxes.iter().any(|b| {
                b.x <= rect.x
                    && b.y <= rect.y
                    && b.x + b.w >= rect.x + rect.w
                    && b.y + b.h >= rect.y + rect.h
            }),
        }
    }

    #[test]
    fn the_first_frame_and_a_new_size_paint_the_whole_window() {
        let mut memory = FrameMemory::default();
        assert_eq!(memory.next(&board().items, WINDOW), Damage::Whole);
        assert_eq!(memory.next(&board().items, WINDOW), Damage::Nothing);
        let wider = Rect::new(0.0, 0.0, 1400.0, 800.0);
        assert_eq!(memory.next(&board().items, wider), Damage::Whole);
        memory.forget();
        assert_eq!(memory.next(&board().items, wider), Damage::Whole);
    }

    #[test]
    fn a_changed_text_paints_its_box_and_no_more() {
        let mut memory = FrameMemory::default();
        memory.next(&board().items, WINDOW);
        let mut next = board();
        next.items.pop();
        next.text(
            "Black to move",
            Rect::new(900.0, 20.0, 200.0, 30.0),
            20.0,
            GREY,
            Align::Left,
        );
        let damage = memory.next(&next.items, WINDOW);
        assert!(
            covered(&damage, Rect::new(895.0, 15.0, 210.0, 40.0)),
            "{damage:?}"
        );
        let Damage::Boxes(boxes) = damage else {
            panic!("one box, not the window");
        };
        assert_eq!(boxes.len(), 1);
        assert!(boxes[0].w < 230.0 && boxes[0].h < 60.0, "{boxes:?}");
    }

    #[test]
    fn a_moved_piece_paints_where_it_was_and_where_it_is() {
        let piece = |x: f32| Item::Disc {
            center: Point::new(x, 25.0),
            radius: 20.0,
            color: GREY,
        };
        let mut memory = FrameMemory::default();
        let mut frame = board();
        frame.push(piece(25.0));
        memory.next(&frame.items, WINDOW);
        let mut moved = board();
        moved.push(piece(325.0));
        let damage = memory.next(&moved.items, WINDOW);
        assert!(
            covered(&damage, Rect::new(5.0, 5.0, 40.0, 40.0)),
            "{damage:?}"
        );
        assert!(
            covered(&damage, Rect::new(305.0, 5.0, 40.0, 40.0)),
            "{damage:?}"
        );
        assert!(
            !covered(&damage, Rect::new(150.0, 5.0, 40.0, 40.0)),
            "{damage:?}"
        );
    }

    #[test]
    fn the_items_reaching_into_a_box_are_found_in_order() {
        let mut memory = FrameMemory::default();
        let frame = board();
        memory.next(&frame.items, WINDOW);
        let found: Vec<usize> = memory.reaching(Rect::new(60.0, 10.0, 20.0, 20.0)).collect();
        // The window's ground and the second square; the text is far away.
        assert_eq!(found, vec![0, 2]);
    }

    #[test]
    fn two_items_that_swap_places_in_the_order_are_both_painted() {
        let square = |x: f32, color: Rgba| Item::Rect {
            rect: Rect::new(x, 100.0, 60.0, 60.0),
            color,
        };
        let red = Rgba(1.0, 0.0, 0.0, 1.0);
        let blue = Rgba(0.0, 0.0, 1.0, 1.0);
        let mut memory = FrameMemory::default();
        let mut frame = board();
        frame.push(square(100.0, red));
        frame.push(square(130.0, blue));
        memory.next(&frame.items, WINDOW);
        let mut swapped = board();
        swapped.push(square(130.0, blue));
        swapped.push(square(100.0, red));
        let damage = memory.next(&swapped.items, WINDOW);
        assert!(
            covered(&damage, Rect::new(100.0, 100.0, 90.0, 60.0)),
            "{damage:?}"
        );
    }

    #[test]
    fn many_scattered_changes_merge_into_few_boxes_or_the_whole_window() {
        let mut memory = FrameMemory::default();
        let dots = |shift: f32| {
            let mut frame = board();
            for i in 0..20 {
                frame.push(Item::Disc {
                    center: Point::new(
                        40.0 + 60.0 * i as f32 + shift,
                        300.0 + 20.0 * (i % 5) as f32,
                    ),
                    radius: 4.0,
                    color: GREY,
                });
            }
            frame
        };
        memory.next(&dots(0.0).items, WINDOW);
        let damage = memory.next(&dots(1.0).items, WINDOW);
        match &damage {
            Damage::Boxes(boxes) => assert!(boxes.len() <= MOST_BOXES, "{boxes:?}"),
            other => panic!("a few boxes: {other:?}"),
        }
        for i in 0..20 {
            let x = 40.0 + 60.0 * i as f32;
            let y = 300.0 + 20.0 * (i % 5) as f32;
            assert!(
                covered(&damage, Rect::new(x - 4.0, y - 4.0, 9.0, 8.0)),
                "dot {i}"
            );
        }
        let mut everything = board();
        everything.items[0] = Item::Rect {
            rect: WINDOW,
            color: Rgba(0.4, 0.4, 0.4, 1.0),
        };
        assert_eq!(memory.next(&everything.items, WINDOW), Damage::Whole);
    }
}
