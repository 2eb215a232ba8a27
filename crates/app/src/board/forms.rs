//! The pieces of the 3D board, each built from the shapes' primitives: chess pieces
//! turned from profiles (the knight's head extruded from its outline), checkers men and
//! crowned men, tafl attackers, defenders and their crowned king, Connect Four counters.

use super::shapes::{Part, Tint, arc, ball, cuboid, extrude, on_foot, spike, turned};
use crate::space::V3;
use ply_core::Form;
use std::f32::consts::TAU;

/// A ring of `count` gold spikes at `radius` on `height`, with a ball on each tip.
fn crown(steps: usize, height: f32, radius: f32, band: f32, count: usize, tall: f32) -> Vec<Part> {
    let mut parts = vec![turned(
        steps,
        &[
            (radius - 0.02, height),
            (radius + 0.015, height),
            (radius + 0.015, height + band),
            (radius - 0.02, height + band),
            (radius - 0.02, height),
        ],
        Tint::Gold,
    )];
    for i in 0..count {
        let angle = i as f32 * TAU / count as f32;
        let at = V3::new(radius * angle.cos(), height + band, radius * angle.sin());
        parts.push(spike(at, 0.034, tall, Tint::Gold));
        parts.push(ball(steps, at + V3::new(0.0, tall, 0.0), 0.026, Tint::Gold));
    }
    parts
}

/// The parts of a piece of `form`.
pub(super) fn piece(form: Form, steps: usize) -> Vec<Part> {
    use Tint::{Body, Detail};
    match form {
        Form::Pawn => {
            let mut profile = on_foot(
                0.31,
                &[
                    (0.24, 0.1),
                    (0.19, 0.13),
                    (0.14, 0.2),
                    (0.11, 0.3),
                    (0.17, 0.32),
                    (0.17, 0.345),
                    (0.08, 0.36),
                ],
            );
            profile.extend(arc(0.45, 0.11, -45.0, 90.0, 9));
            vec![turned(steps, &profile, Body)]
        }
        Form::Knight => {
            let foot = on_foot(0.32, &[(0.26, 0.1), (0.24, 0.14), (0.0, 0.14)]);
            let outline: Vec<(f32, f32)> = Form::KNIGHT_HEAD
                .iter()
                .map(|&(x, y)| ((x - 0.5) * 0.92, 0.1 + (0.8 - y) * 1.05))
                .collect();
            vec![
                turned(steps, &foot, Body),
                extrude(&outline, 0.22, Body),
                ball(steps, V3::new(0.0, 0.63, 0.11), 0.028, Detail),
                ball(steps, V3::new(0.0, 0.63, -0.11), 0.028, Detail),
            ]
        }
        Form::Bishop => {
            let mut profile = on_foot(
                0.31,
                &[
                    (0.24, 0.1),
                    (0.19, 0.13),
                    (0.13, 0.22),
                    (0.1, 0.4),
                    (0.16, 0.42),
                    (0.16, 0.45),
                    (0.09, 0.47),
                ],
            );
            profile.extend(arc(0.6, 0.14, -70.0, 60.0, 8));
            profile.extend([(0.03, 0.75), (0.0, 0.76)]);
            vec![
                turned(steps, &profile, Body),
                ball(steps, V3::new(0.0, 0.79, 0.0), 0.045, Body),
                cuboid(
                    V3::new(0.0, 0.63, 0.0),
                    V3::new(0.07, 0.012, 0.148),
                    0.0,
                    -0.7,
                    Detail,
                ),
            ]
        }
        Form::Rook => {
            let profile = on_foot(
                0.32,
                &[
                    (0.26, 0.1),
                    (0.21, 0.13),
                    (0.19, 0.2),
                    (0.18, 0.44),
                    (0.23, 0.46),
                    (0.23, 0.56),
                    (0.15, 0.56),
                    (0.15, 0.52),
                    (0.0, 0.52),
                ],
            );
            let mut parts = vec![turned(steps, &profile, Body)];
            for i in 0..5 {
                let angle = i as f32 * TAU / 5.0;
                parts.push(cuboid(
                    V3::new(0.19 * angle.cos(), 0.6, 0.19 * angle.sin()),
                    V3::new(0.04, 0.045, 0.065),
                    -angle,
                    0.0,
                    Body,
                ));
            }
            parts
        }
        Form::Queen => {
            let profile = on_foot(
                0.33,
                &[
                    (0.26, 0.1),
                    (0.2, 0.13),
                    (0.15, 0.22),
                    (0.1, 0.46),
                    (0.17, 0.49),
                    (0.17, 0.52),
                    (0.11, 0.54),
                    (0.14, 0.62),
                    (0.2, 0.76),
                    (0.17, 0.78),
                    (0.08, 0.77),
                    (0.0, 0.8),
                ],
            );
            let mut parts = vec![turned(steps, &profile, Body)];
            for i in 0..8 {
                let angle = i as f32 * TAU / 8.0;
                let at = V3::new(0.19 * angle.cos(), 0.79, 0.19 * angle.sin());
                parts.push(ball(steps, at, 0.032, Body));
            }
            parts.push(ball(steps, V3::new(0.0, 0.84, 0.0), 0.055, Body));
            parts
        }
        Form::King => {
            let profile = on_foot(
                0.34,
                &[
                    (0.27, 0.1),
                    (0.21, 0.13),
                    (0.16, 0.22),
                    (0.12, 0.5),
                    (0.19, 0.53),
                    (0.19, 0.56),
                    (0.13, 0.58),
                    (0.16, 0.66),
                    (0.19, 0.78),
                    (0.16, 0.82),
                    (0.07, 0.84),
                    (0.0, 0.85),
                ],
            );
            vec![
                turned(steps, &profile, Body),
                cuboid(
                    V3::new(0.0, 0.95, 0.0),
                    V3::new(0.035, 0.1, 0.035),
                    0.0,
                    0.0,
                    Body,
                ),
                cuboid(
                    V3::new(0.0, 0.97, 0.0),
                    V3::new(0.09, 0.032, 0.035),
                    0.0,
                    0.0,
                    Body,
                ),
            ]
        }
        Form::Man | Form::Token => man(steps, 0.0),
        Form::CrownedMan => {
            let mut parts = man(steps, 0.0);
            parts.extend(man(steps, 0.13));
            parts.extend(crown(steps, 0.26, 0.24, 0.07, 6, 0.17));
            parts.push(ball(steps, V3::new(0.0, 0.27, 0.0), 0.08, Tint::Gold));
            parts
        }
        Form::Attacker => {
            let mut profile = on_foot(
                0.32,
                &[
                    (0.27, 0.1),
                    (0.23, 0.13),
                    (0.19, 0.2),
                    (0.14, 0.3),
                    (0.1, 0.37),
                ],
            );
            profile.extend(arc(0.39, 0.08, -20.0, 90.0, 6));
            vec![
                turned(steps, &profile, Body),
                turned(
                    steps,
                    &[(0.27, 0.102), (0.3, 0.102), (0.265, 0.14), (0.235, 0.14)],
                    Detail,
                ),
            ]
        }
        Form::Defender => {
            let mut profile = on_foot(0.32, &[(0.29, 0.1)]);
            profile.extend(arc(0.1, 0.28, 0.0, 90.0, 10));
            vec![
                turned(steps, &profile, Body),
                ball(steps, V3::new(0.0, 0.38, 0.0), 0.06, Detail),
            ]
        }
        Form::Chieftain => {
            let mut profile = on_foot(0.35, &[(0.3, 0.1), (0.24, 0.14), (0.2, 0.3)]);
            profile.extend(arc(0.36, 0.2, -15.0, 90.0, 10));
            let mut parts = vec![turned(steps, &profile, Body)];
            parts.extend(crown(steps, 0.42, 0.2, 0.05, 8, 0.13));
            parts
        }
        Form::Counter => {
            let profile = [
                (0.0, -0.08),
                (0.4, -0.08),
                (0.43, -0.05),
                (0.43, 0.05),
                (0.4, 0.08),
                (0.0, 0.08),
            ];
            vec![
                turned(steps, &profile, Body),
                turned(
                    steps,
                    &[(0.24, 0.081), (0.3, 0.081), (0.3, 0.09), (0.24, 0.09)],
                    Detail,
                ),
                turned(
                    steps,
                    &[(0.24, -0.081), (0.3, -0.081), (0.3, -0.09), (0.24, -0.09)],
                    Detail,
                ),
            ]
        }
    }
}

/// A checkers man lying at `height`: a bevelled disc with a ring on top.
fn man(steps: usize, height: f32) -> Vec<Part> {
    let profile: Vec<(f32, f32)> = [
        (0.0, 0.0),
        (0.36, 0.0),
        (0.385, 0.025),
        (0.385, 0.1),
        (0.36, 0.125),
        (0.0, 0.125),
    ]
    .iter()
    .map(|&(r, y)| (r, y + height))
    .collect();
    let ring =
        [(0.22, 0.126), (0.3, 0.126), (0.3, 0.134), (0.22, 0.134)].map(|(r, y)| (r, y + height));
    vec![
        turned(steps, &profile, Tint::Body),
        turned(steps, &ring, Tint::Detail),
    ]
}
