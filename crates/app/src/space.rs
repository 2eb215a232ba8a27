//! The small amount of 3D maths the board seen in perspective needs, kept free of any
//! window library so picking can be tested headless: points in space, and a lens (eye,
//! target, field of view and the screen area it draws into) that turns screen points
//! into rays and points in space into screen points, exactly as the drawing layer's
//! perspective camera does.

use crate::geometry::{Point, Rect};
use std::ops::{Add, Mul, Neg, Sub};

/// A point or direction in space: x to the right of the first player, y up, z towards
/// the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct V3 {
    /// Across the board.
    pub x: f32,
    /// Up.
    pub y: f32,
    /// Along the board, towards the first player.
    pub z: f32,
}

impl V3 {
    /// The vector (`x`, `y`, `z`).
    pub const fn new(x: f32, y: f32, z: f32) -> V3 {
        V3 { x, y, z }
    }

    /// The dot product.
    pub fn dot(self, other: V3) -> f32 {
        self.x * other.x + self.y * other.y + self.z * other.z
    }

    /// The cross product.
    pub fn cross(self, other: V3) -> V3 {
        V3::new(
            self.y * other.z - self.z * other.y,
            self.z * other.x - self.x * other.z,
            self.x * other.y - self.y * other.x,
        )
    }

    /// The length.
    pub fn length(self) -> f32 {
        self.dot(self).sqrt()
    }

    /// The same direction with length 1 (zero stays zero).
    pub fn normalized(self) -> V3 {
        let length = self.length();
        if length > 0.0 {
            self * (1.0 / length)
        } else {
            self
        }
    }

    /// The point a fraction `t` of the way to `other`.
    pub fn lerp(self, other: V3, t: f32) -> V3 {
        self + (other - self) * t
    }
}

impl Add for V3 {
    type Output = V3;
    fn add(self, other: V3) -> V3 {
        V3::new(self.x + other.x, self.y + other.y, self.z + other.z)
    }
}

impl Sub for V3 {
    type Output = V3;
    fn sub(self, other: V3) -> V3 {
        V3::new(self.x - other.x, self.y - other.y, self.z - other.z)
    }
}

impl Mul<f32> for V3 {
    type Output = V3;
    fn mul(self, by: f32) -> V3 {
        V3::new(self.x * by, self.y * by, self.z * by)
    }
}

impl Neg for V3 {
    type Output = V3;
    fn neg(self) -> V3 {
        V3::new(-self.x, -self.y, -self.z)
    }
}

/// A perspective camera drawing into an area of the window (the vertical direction of
/// the world is up on screen).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lens {
    /// Where the eye is.
    pub eye: V3,
    /// The point in the middle of the picture.
    pub target: V3,
    /// The vertical field of view, in radians.
    pub fovy: f32,
    /// The window area the picture fills.
    pub area: Rect,
}

/// The world's up.
pub const UP: V3 = V3::new(0.0, 1.0, 0.0);

impl Lens {
    /// The directions forward, right and up as the eye sees them.
    fn basis(&self) -> (V3, V3, V3) {
        let forward = (self.target - self.eye).normalized();
        let right = forward.cross(UP).normalized();
        (forward, right, right.cross(forward))
    }

    fn aspect(&self) -> f32 {
        self.area.w.max(1.0) / self.area.h.max(1.0)
    }

    /// The ray from the eye through `point` on screen: its start and direction.
    pub fn ray(&self, point: Point) -> (V3, V3) {
        let (forward, right, up) = self.basis();
        let half = (self.fovy / 2.0).tan();
        let across = ((point.x - self.area.x) / self.area.w.max(1.0)) * 2.0 - 1.0;
        let down = 1.0 - ((point.y - self.area.y) / self.area.h.max(1.0)) * 2.0;
        let direction = forward + right * (across * half * self.aspect()) + up * (down * half);
        (self.eye, direction.normalized())
    }

    /// Where `point` appears on screen, or `None` when it is behind the eye.
    pub fn project(&self, point: V3) -> Option<Point> {
        let (forward, right, up) = self.basis();
        let half = (self.fovy / 2.0).tan();
        let offset = point - self.eye;
        let depth = offset.dot(forward);
        if depth <= 1e-4 {
            return None;
        }
        let across = offset.dot(right) / (depth * half * self.aspect());
        let down = offset.dot(up) / (depth * half);
        Some(Point::new(
            self.area.x + (across + 1.0) / 2.0 * self.area.w,
            self.area.y + (1.0 - down) / 2.0 * self.area.h,
        ))
    }

    /// Where the ray through `point` meets the level plane at `height`.
    pub fn on_level(&self, point: Point, height: f32) -> Option<V3> {
        let (start, direction) = self.ray(point);
        if direction.y.abs() < 1e-6 {
            return None;
        }
        let t = (height - start.y) / direction.y;
        (t > 0.0).then(|| start + direction * t)
    }

    /// Where the ray through `point` meets the upright plane facing the first player at
    /// depth `z`.
    pub fn on_upright(&self, point: Point, z: f32) -> Option<V3> {
        let (start, direction) = self.ray(point);
        if direction.z.abs() < 1e-6 {
            return None;
        }
        let t = (z - start.z) / direction.z;
        (t > 0.0).then(|| start + direction * t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_projected_point_casts_a_ray_back_through_itself() {
        let lens = Lens {
            eye: V3::new(2.0, 9.0, 7.0),
            target: V3::new(0.0, 0.0, 0.0),
            fovy: 0.8,
            area: Rect::new(40.0, 60.0, 800.0, 600.0),
        };
        let point = V3::new(1.5, 0.0, -2.5);
        let screen = lens.project(point).expect("in front of the eye");
        let found = lens.on_level(screen, 0.0).expect("the ray meets the board");
        assert!((found - point).length() < 1e-3, "{found:?}");
        let middle = lens.project(V3::new(0.0, 0.0, 0.0)).expect("in front");
        assert!((middle.x - 440.0).abs() < 1e-3 && (middle.y - 360.0).abs() < 1e-3);
    }
}
