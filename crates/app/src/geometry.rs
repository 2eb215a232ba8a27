//! Flat geometry in window pixels, below everything that draws or is clicked: points,
//! rectangles, and cutting a polygon into triangles for filling.

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

    /// The smallest rectangle holding this one and `other`.
    pub fn union(&self, other: Rect) -> Rect {
        let (left, top) = (self.x.min(other.x), self.y.min(other.y));
        let right = (self.x + self.w).max(other.x + other.w);
        let bottom = (self.y + self.h).max(other.y + other.h);
        Rect::new(left, top, right - left, bottom - top)
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
