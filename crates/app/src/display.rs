//! The display list: plain shapes and text in window pixels that the screens produce and
//! a thin drawing layer paints, so that every screen can be tested without a window.

/// A point in window pixels (y grows downwards).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// Distance from the left edge.
    pub x: f32,
    /// Distance from the top edge.
    pub y: f32,
}

impl Point {
    /// The point at `x`, `y`.
    pub const fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }

    /// The point a fraction `t` of the way from `self` to `other`.
    pub fn lerp(self, other: Point, t: f32) -> Point {
        Point::new(
            self.x + (other.x - self.x) * t,
            self.y + (other.y - self.y) * t,
        )
    }
}

/// An axis-aligned rectangle in window pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// The rectangle with its top-left corner at `x`, `y`.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    /// Whether the point lies inside.
    pub fn contains(&self, point: Point) -> bool {
        point.x >= self.x
            && point.x < self.x + self.w
            && point.y >= self.y
            && point.y < self.y + self.h
    }

    /// The centre.
    pub fn center(&self) -> Point {
        Point::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The rectangle shrunk by `by` pixels on every side.
    pub fn inset(&self, by: f32) -> Rect {
        Rect::new(
            self.x + by,
            self.y + by,
            (self.w - 2.0 * by).max(0.0),
            (self.h - 2.0 * by).max(0.0),
        )
    }

    /// The same size with its top-left corner at `corner`.
    pub fn moved_to(&self, corner: Point) -> Rect {
        Rect::new(corner.x, corner.y, self.w, self.h)
    }

    /// The point at fractions `fx`, `fy` of the width and height.
    pub fn at(&self, fx: f32, fy: f32) -> Point {
        Point::new(self.x + self.w * fx, self.y + self.h * fy)
    }
}

/// A colour with straight alpha, each channel from 0 to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgba(pub f32, pub f32, pub f32, pub f32);

impl Rgba {
    /// An opaque colour from 8-bit channels.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0)
    }

    /// The same colour with opacity `alpha`.
    pub const fn with_alpha(self, alpha: f32) -> Rgba {
        Rgba(self.0, self.1, self.2, alpha)
    }
}

/// How text sits inside its box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    Solids(Box<crate::display3d::Scene3d>),
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
        /// pictures.
        key: u64,
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
        Item::Cached { items, .. } => {
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

/// Cuts a simple polygon (corners in order, either winding) into triangles by ear
/// clipping, so that concave outlines such as a knight's head can be filled.
pub fn triangulate(points: &[Point]) -> Vec<[Point; 3]> {
    let mut triangles = Vec::new();
    if points.len() < 3 {
        return triangles;
    }
    let area: f32 = points
        .iter()
        .zip(points.iter().cycle().skip(1))
        .map(|(a, b)| a.x * b.y - b.x * a.y)
        .sum();
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    let cross =
        |a: Point, b: Point, c: Point| (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    let mut remaining: Vec<Point> = points.to_vec();
    let mut guard = remaining.len() * remaining.len();
    while remaining.len() > 3 && guard > 0 {
        guard -= 1;
        let n = remaining.len();
        let ear = (0..n).find(|&i| {
            let (a, b, c) = (
                remaining[(i + n - 1) % n],
                remaining[i],
                remaining[(i + 1) % n],
            );
            if cross(a, b, c) * sign <= 0.0 {
                return false;
            }
            remaining.iter().all(|&p| {
                p == a
                    || p == b
                    || p == c
                    || !(cross(a, b, p) * sign > 0.0
                        && cross(b, c, p) * sign > 0.0
                        && cross(c, a, p) * sign > 0.0)
            })
        });
        let Some(i) = ear else { break };
        triangles.push([
            remaining[(i + n - 1) % n],
            remaining[i],
            remaining[(i + 1) % n],
        ]);
        remaining.remove(i);
    }
    if remaining.len() == 3 {
        triangles.push([remaining[0], remaining[1], remaining[2]]);
    }
    triangles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_concave_polygon_is_cut_into_n_minus_two_triangles() {
        let arrow = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 4.0),
            Point::new(2.0, 1.0),
            Point::new(0.0, 4.0),
        ];
        let triangles = triangulate(&arrow);
        assert_eq!(triangles.len(), 3);
        let area: f32 = triangles
            .iter()
            .map(|[a, b, c]| ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)).abs() / 2.0)
            .sum();
        assert!((area - 10.0).abs() < 1e-3, "area {area}");
    }
}
