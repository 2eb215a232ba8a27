//! The display list: plain shapes and text in window pixels that the screens produce and
//! a thin drawing layer paints, so that every screen can be tested without a window.

use crate::color::Rgba;
use crate::display3d::Scene3d;
use crate::geometry::{Point, Rect};

/// How text sits inside its box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Align {
    /// Against the left edge, centred vertically.
    Left,
    /// Centred both ways.
    Center,
    /// Against the right edge, centred vertically.
    Right,
    /// Wrapped into lines from the top-left corner.
    Wrap,
}

/// One thing to paint.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A 3D scene, painted with depth into its lens's area.
    Solids(Box<Scene3d>),
    /// A filled rectangle.
    Rect {
        /// Where.
        rect: Rect,
        /// Fill colour.
        color: Rgba,
    },
    /// The outline of a rectangle.
    Frame {
        /// Where.
        rect: Rect,
        /// Line width in pixels.
        thickness: f32,
        /// Line colour.
        color: Rgba,
    },
    /// A filled disc.
    Disc {
        /// Centre.
        center: Point,
        /// Radius in pixels.
        radius: f32,
        /// Fill colour.
        color: Rgba,
    },
    /// A circle's outline.
    Ring {
        /// Centre.
        center: Point,
        /// Radius in pixels.
        radius: f32,
        /// Line width in pixels.
        thickness: f32,
        /// Line colour.
        color: Rgba,
    },
    /// Filled triangles (a polygon already cut into triangles).
    Triangles {
        /// Corners, three per triangle.
        corners: Vec<[Point; 3]>,
        /// Fill colour.
        color: Rgba,
    },
    /// A straight line.
    Line {
        /// Start.
        from: Point,
        /// End.
        to: Point,
        /// Width in pixels.
        thickness: f32,
        /// Colour.
        color: Rgba,
    },
    /// Items that look the same wherever their box is, named by `key`: a painter may
    /// draw them once into a picture the size of `rect` and paint that picture while
    /// the key is the same (a piece of a given kind, colour and size).
    Cached {
        /// Stands for the items relative to `rect` and `rect`'s size: equal keys, equal
        /// pictures. `None` for items painted one by one: those not opaque, which a
        /// picture would blend twice.
        key: Option<u64>,
        /// The box the items are drawn in.
        rect: Rect,
        /// The items, in window coordinates, back to front.
        items: Vec<Item>,
    },
    /// Text in a box.
    Text {
        /// The words.
        text: String,
        /// The box the text sits in.
        rect: Rect,
        /// Font size in pixels.
        size: f32,
        /// Colour.
        color: Rgba,
        /// Placement inside the box.
        align: Align,
    },
}

/// The display list of one frame, painted in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Frame {
    /// Everything to paint, back to front.
    pub items: Vec<Item>,
}

impl Frame {
    /// Adds an item.
    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    /// Adds a filled rectangle.
    pub fn rect(&mut self, rect: Rect, color: Rgba) {
        self.push(Item::Rect { rect, color });
    }

    /// Adds everything in `other`, made `opacity` times as opaque (for fading in).
    pub fn append_faded(&mut self, other: Frame, opacity: f32) {
        let opacity = opacity.clamp(0.0, 1.0);
        for mut item in other.items {
            fade_item(&mut item, opacity);
            self.items.push(item);
        }
    }

    /// Adds a filled rectangle with rounded corners of `radius` (for opaque colours:
    /// the pieces overlap).
    pub fn rounded(&mut self, rect: Rect, radius: f32, color: Rgba) {
        let r = radius.min(rect.w / 2.0).min(rect.h / 2.0).max(0.0);
        self.rect(
            Rect::new(rect.x + r, rect.y, rect.w - 2.0 * r, rect.h),
            color,
        );
        self.rect(
            Rect::new(rect.x, rect.y + r, rect.w, rect.h - 2.0 * r),
            color,
        );
        for (fx, fy) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
            let center = Point::new(
                rect.x + r + fx * (rect.w - 2.0 * r),
                rect.y + r + fy * (rect.h - 2.0 * r),
            );
            self.push(Item::Disc {
                center,
                radius: r,
                color,
            });
        }
    }

    /// Adds a line of text.
    pub fn text(
        &mut self,
        text: impl Into<String>,
        rect: Rect,
        size: f32,
        color: Rgba,
        align: Align,
    ) {
        self.push(Item::Text {
            text: text.into(),
            rect,
            size,
            color,
            align,
        });
    }

    /// Every piece of text in the frame, in order (handy for tests).
    pub fn texts(&self) -> Vec<&str> {
        let mut texts = Vec::new();
        collect_texts(&self.items, &mut texts);
        texts
    }
}

/// Makes `item` (and whatever it holds) `opacity` times as opaque.
fn fade_item(item: &mut Item, opacity: f32) {
    match item {
        Item::Rect { color, .. }
        | Item::Frame { color, .. }
        | Item::Disc { color, .. }
        | Item::Ring { color, .. }
        | Item::Triangles { color, .. }
        | Item::Line { color, .. }
        | Item::Text { color, .. } => color.3 *= opacity,
        Item::Cached { key, items, .. } => {
            if opacity < 1.0 {
                *key = None;
            }
            for item in items {
                fade_item(item, opacity);
            }
        }
        Item::Solids(_) => {}
    }
}

fn collect_texts<'a>(items: &'a [Item], texts: &mut Vec<&'a str>) {
    for item in items {
        match item {
            Item::Text { text, .. } => texts.push(text.as_str()),
            Item::Cached { items, .. } => collect_texts(items, texts),
            _ => {}
        }
    }
}
