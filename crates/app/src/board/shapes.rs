//! The meshes of the 3D board's shapes, built in code: profiles turned on a lathe
//! (pieces, discs, balls, bevelled blocks), boxes, spikes for crowns, an extruded horse's
//! head and the standing grid's plate with a hole. No model files, so nothing to license
//! or load. The drawing layer lights and paints these parts.

use crate::display3d::Shape;
use crate::geometry::{Point, triangulate};
use crate::space::V3;
use ply_core::Form;
use std::f32::consts::{FRAC_PI_4, PI, TAU};

/// How a part is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    /// The solid's body colour.
    Body,
    /// The solid's detail colour.
    Detail,
    /// Gold, whatever the side (crowns).
    Gold,
}

/// One part of a mesh: triangles in one tint, small enough to draw in one call.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Part {
    /// Corner positions.
    pub positions: Vec<V3>,
    /// The normal at each corner.
    pub normals: Vec<V3>,
    /// Corners, three per triangle.
    pub indices: Vec<u16>,
    /// Its colour.
    pub tint: Option<Tint>,
    /// Whether every face winds clockwise seen from outside the part (a turned part):
    /// its far faces can be left undrawn.
    pub faces_out: bool,
}

impl Part {
    fn new(tint: Tint) -> Part {
        Part {
            tint: Some(tint),
            ..Part::default()
        }
    }

    fn corner(&mut self, position: V3, normal: V3) -> u16 {
        self.positions.push(position);
        self.normals.push(normal.normalized());
        (self.positions.len() - 1) as u16
    }

    fn quad(&mut self, a: u16, b: u16, c: u16, d: u16) {
        self.indices.extend_from_slice(&[a, b, c, a, c, d]);
    }
}

/// Around-the-axis steps of turned shapes seen large (a chess board's pieces).
pub const FINE: usize = 12;
/// Around-the-axis steps of turned shapes seen small (a 16x16 board's pieces), where
/// fewer sides do not show and software OpenGL pays for every triangle.
pub const COARSE: usize = 10;
/// Profile corners sharper than this (radians) keep a crease; gentler ones are smooth.
const CREASE: f32 = 0.6;

/// Turns a profile of (radius, height) points, from the bottom up, about the upright
/// axis. `steps` sides around, starting at angle `start`; `faceted` gives every side its
/// own flat normal (a bevelled block), otherwise the surface is smooth around.
pub(super) fn lathe(
    profile: &[(f32, f32)],
    tint: Tint,
    steps: usize,
    start: f32,
    faceted: bool,
) -> Part {
    let mut part = Part {
        faces_out: true,
        ..Part::new(tint)
    };
    let normal_of = |k: usize| -> (f32, f32) {
        let ((r0, y0), (r1, y1)) = (profile[k], profile[k + 1]);
        let (dr, dy) = (r1 - r0, y1 - y0);
        let length = (dr * dr + dy * dy).sqrt().max(1e-6);
        (dy / length, -dr / length)
    };
    let segments = profile.len().saturating_sub(1);
    for k in 0..segments {
        let ((r0, y0), (r1, y1)) = (profile[k], profile[k + 1]);
        if (r0 - r1).abs() < 1e-6 && (y0 - y1).abs() < 1e-6 {
            continue;
        }
        let own = normal_of(k);
        let blend = |other: Option<(f32, f32)>| -> (f32, f32) {
            match other {
                Some(n) if (own.0 * n.0 + own.1 * n.1).clamp(-1.0, 1.0).acos() < CREASE => {
                    let (r, y) = (own.0 + n.0, own.1 + n.1);
                    let length = (r * r + y * y).sqrt().max(1e-6);
                    (r / length, y / length)
                }
                _ => own,
            }
        };
        let below = blend(k.checked_sub(1).map(normal_of));
        let above = blend((k + 1 < segments).then(|| normal_of(k + 1)));
        let angle = |s: f32| start + s * TAU / steps as f32;
        let ring = |part: &mut Part, a: f32, normal_angle: f32| -> (u16, u16) {
            let (c, s) = (a.cos(), a.sin());
            let (nc, ns) = (normal_angle.cos(), normal_angle.sin());
            let low = part.corner(
                V3::new(r0 * c, y0, r0 * s),
                V3::new(below.0 * nc, below.1, below.0 * ns),
            );
            let high = part.corner(
                V3::new(r1 * c, y1, r1 * s),
                V3::new(above.0 * nc, above.1, above.0 * ns),
            );
            (low, high)
        };
        if faceted {
            for step in 0..steps {
                let (a, b) = (angle(step as f32), angle(step as f32 + 1.0));
                let middle = angle(step as f32 + 0.5);
                let (l0, h0) = ring(&mut part, a, middle);
                let (l1, h1) = ring(&mut part, b, middle);
                part.quad(l0, l1, h1, h0);
            }
        } else {
            let mut previous = ring(&mut part, angle(0.0), angle(0.0));
            for step in 1..=steps {
                let a = angle(step as f32);
                let next = ring(&mut part, a, a);
                part.quad(previous.0, next.0, next.1, previous.1);
                previous = next;
            }
        }
    }
    part
}

/// A smooth turned part with `steps` sides.
pub(super) fn turned(steps: usize, profile: &[(f32, f32)], tint: Tint) -> Part {
    lathe(profile, tint, steps, 0.0, false)
}

/// Points along a circle in the profile plane, centred on the axis at `height`, from
/// angle `from` to `to` (degrees, 90 is the top).
pub(super) fn arc(height: f32, radius: f32, from: f32, to: f32, steps: usize) -> Vec<(f32, f32)> {
    (0..=steps)
        .map(|i| {
            let angle = (from + (to - from) * i as f32 / steps as f32).to_radians();
            (
                (radius * angle.cos()).max(0.0),
                height + radius * angle.sin(),
            )
        })
        .collect()
}

/// A bevelled round foot of `radius`, from the axis at the bottom to its upper edge.
pub(super) fn foot(radius: f32) -> Vec<(f32, f32)> {
    vec![
        (0.0, 0.0),
        (radius - 0.02, 0.0),
        (radius, 0.02),
        (radius, 0.05),
        (radius - 0.025, 0.075),
    ]
}

/// A profile made of a foot and more points.
pub(super) fn on_foot(radius: f32, rest: &[(f32, f32)]) -> Vec<(f32, f32)> {
    let mut profile = foot(radius);
    profile.extend_from_slice(rest);
    profile
}

/// A ball of `radius` centred at `center`.
pub(super) fn ball(steps: usize, center: V3, radius: f32, tint: Tint) -> Part {
    let mut part = lathe(&arc(0.0, radius, -90.0, 90.0, 8), tint, steps, 0.0, false);
    for position in &mut part.positions {
        *position = *position + center;
    }
    part
}

/// A box of half-sizes `half` centred at `center`, turned by `yaw` about the upright
/// axis after rolling by `roll` about the axis out of the picture.
pub(super) fn cuboid(center: V3, half: V3, yaw: f32, roll: f32, tint: Tint) -> Part {
    let mut part = Part::new(tint);
    let turn = |v: V3| -> V3 {
        let (cr, sr) = (roll.cos(), roll.sin());
        let v = V3::new(v.x * cr - v.y * sr, v.x * sr + v.y * cr, v.z);
        let (cy, sy) = (yaw.cos(), yaw.sin());
        V3::new(v.x * cy + v.z * sy, v.y, -v.x * sy + v.z * cy)
    };
    let faces = [
        (V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0, 0.0)),
        (V3::new(-1.0, 0.0, 0.0), V3::new(0.0, 1.0, 0.0)),
        (V3::new(0.0, 1.0, 0.0), V3::new(0.0, 0.0, 1.0)),
        (V3::new(0.0, -1.0, 0.0), V3::new(0.0, 0.0, 1.0)),
        (V3::new(0.0, 0.0, 1.0), V3::new(1.0, 0.0, 0.0)),
        (V3::new(0.0, 0.0, -1.0), V3::new(1.0, 0.0, 0.0)),
    ];
    let scaled = |v: V3| V3::new(v.x * half.x, v.y * half.y, v.z * half.z);
    for (normal, along) in faces {
        let across = normal.cross(along);
        let corners: Vec<u16> = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .iter()
            .map(|&(a, b)| {
                let local = normal + along * a + across * b;
                part.corner(center + turn(scaled(local)), turn(normal))
            })
            .collect();
        part.quad(corners[0], corners[1], corners[2], corners[3]);
    }
    part
}

/// A four-sided spike standing on `base` (its centre), `half` wide and `height` tall.
pub(super) fn spike(base: V3, half: f32, height: f32, tint: Tint) -> Part {
    let mut part = Part::new(tint);
    let tip = base + V3::new(0.0, height, 0.0);
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .map(|(x, z)| base + V3::new(x * half, 0.0, z * half));
    for i in 0..4 {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        let normal = (b - a).cross(tip - a).normalized();
        let normal = if normal.dot(a - base) < 0.0 {
            -normal
        } else {
            normal
        };
        let (ia, ib, it) = (
            part.corner(a, normal),
            part.corner(b, normal),
            part.corner(tip, normal),
        );
        part.indices.extend_from_slice(&[ia, ib, it]);
    }
    part
}

/// A flat outline (x across, y up) pulled out `depth` deep, centred on depth 0.
pub(super) fn extrude(outline: &[(f32, f32)], depth: f32, tint: Tint) -> Part {
    let mut part = Part::new(tint);
    let points: Vec<Point> = outline.iter().map(|&(x, y)| Point::new(x, y)).collect();
    let triangles = triangulate(&points);
    let index_of = |p: Point| points.iter().position(|&q| q == p).unwrap_or(0);
    for side in [1.0f32, -1.0] {
        let normal = V3::new(0.0, 0.0, side);
        let first = part.positions.len() as u16;
        for &(x, y) in outline {
            part.corner(V3::new(x, y, side * depth / 2.0), normal);
        }
        for [a, b, c] in &triangles {
            part.indices.extend_from_slice(&[
                first + index_of(*a) as u16,
                first + index_of(*b) as u16,
                first + index_of(*c) as u16,
            ]);
        }
    }
    let area: f32 = outline
        .iter()
        .zip(outline.iter().cycle().skip(1))
        .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
        .sum();
    let outward = if area >= 0.0 { 1.0 } else { -1.0 };
    for (i, &(x0, y0)) in outline.iter().enumerate() {
        let (x1, y1) = outline[(i + 1) % outline.len()];
        let normal = V3::new((y1 - y0) * outward, -(x1 - x0) * outward, 0.0);
        let corners = [(x0, y0, 1.0), (x1, y1, 1.0), (x1, y1, -1.0), (x0, y0, -1.0)]
            .map(|(x, y, z)| part.corner(V3::new(x, y, z * depth / 2.0), normal));
        part.quad(corners[0], corners[1], corners[2], corners[3]);
    }
    part
}

/// A square plate with a round hole, facing along z.
fn hole_plate() -> Part {
    let mut part = Part::new(Tint::Body);
    let steps = 32;
    let hole = 0.4;
    let around = |i: usize| {
        let angle = i as f32 * TAU / steps as f32;
        let (c, s) = (angle.cos(), angle.sin());
        let edge = 0.5 / c.abs().max(s.abs());
        (c, s, edge)
    };
    for face in [0.5f32, -0.5] {
        let normal = V3::new(0.0, 0.0, face.signum());
        for i in 0..steps {
            let (c0, s0, e0) = around(i);
            let (c1, s1, e1) = around(i + 1);
            let a = part.corner(V3::new(c0 * hole, s0 * hole, face), normal);
            let b = part.corner(V3::new(c1 * hole, s1 * hole, face), normal);
            let d = part.corner(V3::new(c1 * e1, s1 * e1, face), normal);
            let e = part.corner(V3::new(c0 * e0, s0 * e0, face), normal);
            part.quad(a, b, d, e);
            // The square's corner between the two rays, where a ray passes one.
            let corner = V3::new(
                if c0.abs() > 1e-3 {
                    0.5 * c0.signum()
                } else {
                    0.5 * c1.signum()
                },
                if s0.abs() > 1e-3 {
                    0.5 * s0.signum()
                } else {
                    0.5 * s1.signum()
                },
                face,
            );
            let k = part.corner(corner, normal);
            part.indices.extend_from_slice(&[e, d, k]);
        }
    }
    for i in 0..steps {
        let (c0, s0, _) = around(i);
        let (c1, s1, _) = around(i + 1);
        let corners = [(c0, s0, 0.5), (c1, s1, 0.5), (c1, s1, -0.5), (c0, s0, -0.5)]
            .map(|(c, s, z)| part.corner(V3::new(c * hole, s * hole, z), V3::new(-c, -s, 0.0)));
        part.quad(corners[0], corners[1], corners[2], corners[3]);
    }
    part
}

/// The parts of `shape`, its turned parts with `steps` sides ([`FINE`] or [`COARSE`]).
pub fn build(shape: Shape, steps: usize) -> Vec<Part> {
    match shape {
        Shape::Block => {
            let r = 0.5 * 2f32.sqrt();
            let bevel = 0.06 * 2f32.sqrt();
            let profile = [
                (0.0, -0.5),
                (r, -0.5),
                (r, 0.44),
                (r - bevel, 0.5),
                (0.0, 0.5),
            ];
            vec![lathe(&profile, Tint::Body, 4, FRAC_PI_4, true)]
        }
        Shape::Disc => vec![turned(
            steps,
            &[(0.0, -0.5), (0.5, -0.5), (0.5, 0.5), (0.0, 0.5)],
            Tint::Body,
        )],
        Shape::Ring => vec![turned(
            steps,
            &[
                (0.38, -0.5),
                (0.5, -0.5),
                (0.5, 0.5),
                (0.38, 0.5),
                (0.38, -0.5),
            ],
            Tint::Body,
        )],
        Shape::Ball => vec![ball(steps, V3::default(), 0.5, Tint::Body)],
        Shape::HolePlate => vec![hole_plate()],
        Shape::Piece(form) => super::forms::piece(form, steps),
    }
}

/// Every piece form, in the order of [`Form`].
pub const FORMS: [Form; 13] = [
    Form::Pawn,
    Form::Knight,
    Form::Bishop,
    Form::Rook,
    Form::Queen,
    Form::King,
    Form::Man,
    Form::CrownedMan,
    Form::Attacker,
    Form::Defender,
    Form::Chieftain,
    Form::Counter,
    Form::Token,
];

/// Every shape the 3D board draws.
pub fn every_shape() -> impl Iterator<Item = Shape> {
    [
        Shape::Block,
        Shape::Disc,
        Shape::Ring,
        Shape::Ball,
        Shape::HolePlate,
    ]
    .into_iter()
    .chain(FORMS.map(Shape::Piece))
}

/// Half a turn, for pieces that face the other way.
pub const HALF_TURN: f32 = PI;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_fits_one_draw_call_and_points_at_real_corners() {
        for shape in every_shape() {
            for part in build(shape, FINE) {
                assert!(
                    part.indices.len() < 5000 && part.positions.len() < 10000,
                    "{shape:?}"
                );
                assert_eq!(part.indices.len() % 3, 0);
                assert!(
                    part.indices
                        .iter()
                        .all(|&i| (i as usize) < part.positions.len())
                );
                assert!(part.normals.iter().all(|n| (n.length() - 1.0).abs() < 1e-3));
            }
        }
    }

    #[test]
    fn pieces_stand_on_their_foot_within_their_cell_and_kings_stand_tallest() {
        let top = |form: Form| {
            build(Shape::Piece(form), FINE)
                .iter()
                .flat_map(|part| part.positions.iter().map(|p| p.y))
                .fold(f32::MIN, f32::max)
        };
        for form in FORMS {
            for part in build(Shape::Piece(form), FINE) {
                for p in &part.positions {
                    assert!(
                        p.y >= -0.1 && p.x.abs() <= 0.5 && p.z.abs() <= 0.5,
                        "{form:?} {p:?}"
                    );
                }
            }
        }
        assert!(top(Form::King) > top(Form::Queen));
        assert!(top(Form::Queen) > top(Form::Pawn));
        assert!(top(Form::CrownedMan) > 2.5 * top(Form::Man));
        let gold = |form: Form| {
            build(Shape::Piece(form), FINE)
                .iter()
                .any(|p| p.tint == Some(Tint::Gold))
        };
        assert!(gold(Form::CrownedMan) && gold(Form::Chieftain));
        assert!(!gold(Form::King) && !gold(Form::Man));
    }
}
