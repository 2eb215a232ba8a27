//! The camera of the 3D board, as a person drives it: it starts behind the side at the
//! bottom of the 2D board (a standing grid is seen from the front), right-drag orbits
//! it within limits, the wheel zooms, a key puts it back, and a flip swings it smoothly
//! round to the other side.

use crate::geometry::Rect;
use crate::space::{Lens, V3};
use std::f32::consts::PI;

/// The vertical field of view, in radians.
pub const FIELD_OF_VIEW: f32 = 0.7;
/// How far a board lying flat may be orbited sideways from its home, in radians.
pub const LEVEL_YAW_LIMIT: f32 = 1.4;
/// The lowest and highest a board lying flat may be seen from, in radians.
pub const LEVEL_PITCH: (f32, f32) = (0.35, 1.5);
/// How far a standing grid may be orbited sideways, in radians.
pub const UPRIGHT_YAW_LIMIT: f32 = 0.8;
/// The lowest and highest a standing grid may be seen from, in radians.
pub const UPRIGHT_PITCH: (f32, f32) = (-0.1, 0.9);
/// The nearest and farthest zoom, as a factor of the distance that fits the board.
pub const ZOOM: (f32, f32) = (0.55, 1.8);
/// Radians turned per pixel dragged.
const DRAG_RADIANS_PER_PIXEL: f32 = 0.006;
/// How much one step of the wheel brings the camera nearer.
const WHEEL_STEP: f32 = 0.9;
/// How quickly a flip swings round (per second, exponential).
const SWING_RATE: f32 = 7.0;

/// What the camera looks at: a board lying flat, or a grid standing up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stage {
    /// Cells across.
    pub width: usize,
    /// Cells along (or up, for a standing grid).
    pub height: usize,
    /// A standing grid seen from the front (Connect Four).
    pub upright: bool,
}

impl Stage {
    /// The height angle the camera starts at: larger boards are seen from higher up,
    /// so that their far ranks are not foreshortened into a blur (0.8 rad for 8x8, up
    /// to 1.05 rad for 16x16).
    fn home_pitch(&self) -> f32 {
        if self.upright {
            return 0.2;
        }
        let larger = ((self.height.max(self.width) as f32 - 8.0) / 8.0).clamp(0.0, 1.0);
        0.8 + 0.25 * larger
    }

    fn limits(&self) -> (f32, (f32, f32)) {
        if self.upright {
            (UPRIGHT_YAW_LIMIT, UPRIGHT_PITCH)
        } else {
            (LEVEL_YAW_LIMIT, LEVEL_PITCH)
        }
    }
}

/// The camera's state: the player's orbit and zoom, and the side it faces.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Camera {
    /// Sideways turn away from home, in radians.
    yaw: f32,
    /// Change of height angle from home, in radians.
    pitch: f32,
    /// Steps of the wheel (positive: nearer).
    zoom_steps: f32,
    /// The turn it shows now (0 behind the first player, pi behind the second), while
    /// it swings; `None` until it first faces a side.
    facing: Option<f32>,
    /// The turn it swings towards.
    facing_goal: f32,
}

impl Camera {
    /// A camera at home.
    pub fn new() -> Camera {
        Camera::default()
    }

    /// Orbits by a drag of `dx`, `dy` pixels, kept within the stage's limits.
    pub fn orbit(&mut self, stage: Stage, dx: f32, dy: f32) {
        let (yaw_limit, (low, high)) = stage.limits();
        self.yaw = (self.yaw - dx * DRAG_RADIANS_PER_PIXEL).clamp(-yaw_limit, yaw_limit);
        let home = stage.home_pitch();
        self.pitch = (self.pitch + dy * DRAG_RADIANS_PER_PIXEL).clamp(low - home, high - home);
    }

    /// Zooms by `lines` of the wheel (positive: nearer), within limits.
    pub fn zoom(&mut self, lines: f32) {
        let (near, far) = ZOOM;
        let lowest = far.ln() / WHEEL_STEP.ln();
        let highest = near.ln() / WHEEL_STEP.ln();
        self.zoom_steps = (self.zoom_steps + lines).clamp(lowest, highest);
    }

    /// Back home: no orbit, no zoom (the side it faces stays).
    pub fn reset(&mut self) {
        self.yaw = 0.0;
        self.pitch = 0.0;
        self.zoom_steps = 0.0;
    }

    /// Faces the second player's side (`rotated`) or the first's, swinging round if it
    /// faced the other.
    pub fn face(&mut self, rotated: bool) {
        let goal = if rotated { PI } else { 0.0 };
        if self.facing.is_none() {
            self.facing = Some(goal);
        }
        self.facing_goal = goal;
    }

    /// Lets `seconds` of a swing pass.
    pub fn tick(&mut self, seconds: f32) {
        if let Some(facing) = &mut self.facing {
            let gap = self.facing_goal - *facing;
            if gap.abs() < 1e-3 {
                *facing = self.facing_goal;
            } else {
                *facing += gap * (1.0 - (-SWING_RATE * seconds.max(0.0)).exp());
            }
        }
    }

    /// Whether it is swinging round.
    pub fn swinging(&self) -> bool {
        self.facing
            .is_some_and(|facing| (facing - self.facing_goal).abs() >= 1e-3)
    }

    /// The distance factor of the zoom (1 fits the board).
    pub fn zoom_factor(&self) -> f32 {
        WHEEL_STEP.powf(self.zoom_steps)
    }

    /// The sideways orbit and the height angle, in radians.
    pub fn angles(&self, stage: Stage) -> (f32, f32) {
        (self.yaw, stage.home_pitch() + self.pitch)
    }

    /// The lens for `stage` drawn into `area`; `rotated` says which side it faces
    /// before it has faced any.
    pub fn lens(&self, stage: Stage, area: Rect, rotated: bool) -> Lens {
        let facing = self.facing.unwrap_or(if rotated { PI } else { 0.0 });
        let (yaw, pitch) = self.angles(stage);
        let turn = facing + yaw;
        let (w, h) = (stage.width.max(1) as f32, stage.height.max(1) as f32);
        let (target, corners) = if stage.upright {
            // The grid and the space above it, where a counter waits to drop.
            let x = w / 2.0 + 0.4;
            let corners: Vec<V3> = [(-x, -0.3), (x, -0.3), (-x, h + 1.5), (x, h + 1.5)]
                .iter()
                .map(|&(x, y)| V3::new(x, y, 0.0))
                .collect();
            (V3::new(0.0, (h + 1.0) / 2.0, 0.0), corners)
        } else {
            let (x, z) = (w / 2.0 + 0.6, h / 2.0 + 0.6);
            let corners: Vec<V3> = [(-x, -z), (x, -z), (-x, z), (x, z)]
                .iter()
                .flat_map(|&(x, z)| [V3::new(x, 0.0, z), V3::new(x, 0.9, z)])
                .collect();
            (V3::new(0.0, 0.0, 0.0), corners)
        };
        let direction = V3::new(
            turn.sin() * pitch.cos(),
            pitch.sin(),
            turn.cos() * pitch.cos(),
        );
        let at = |distance: f32| Lens {
            eye: target + direction * distance,
            target,
            fovy: FIELD_OF_VIEW,
            area,
        };
        let inner = area.inset(area.w.min(area.h) * 0.03);
        let fits = |lens: &Lens| {
            corners
                .iter()
                .all(|&c| lens.project(c).is_some_and(|p| inner.contains(p)))
        };
        // The nearest distance at which the whole board fits, found by halving.
        let (mut near, mut far) = (1.0f32, 400.0f32);
        for _ in 0..24 {
            let middle = (near + far) / 2.0;
            if fits(&at(middle)) {
                far = middle;
            } else {
                near = middle;
            }
        }
        let distance = far * self.zoom_factor();
        let eye = target + direction * distance;
        Lens {
            eye,
            target,
            fovy: FIELD_OF_VIEW,
            area,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: Stage = Stage {
        width: 8,
        height: 8,
        upright: false,
    };
    const GRID: Stage = Stage {
        width: 7,
        height: 6,
        upright: true,
    };

    #[test]
    fn orbit_and_zoom_stop_at_their_limits_and_reset_goes_home() {
        let mut camera = Camera::new();
        camera.orbit(BOARD, 1e6, -1e6);
        let (yaw, pitch) = camera.angles(BOARD);
        assert!((yaw + LEVEL_YAW_LIMIT).abs() < 1e-5, "{yaw}");
        assert!((pitch - LEVEL_PITCH.0).abs() < 1e-5, "{pitch}");
        camera.orbit(BOARD, -1e6, 1e6);
        let (yaw, pitch) = camera.angles(BOARD);
        assert!((yaw - LEVEL_YAW_LIMIT).abs() < 1e-5 && (pitch - LEVEL_PITCH.1).abs() < 1e-5);
        camera.orbit(GRID, 1e6, 1e6);
        let (yaw, pitch) = camera.angles(GRID);
        assert!((yaw + UPRIGHT_YAW_LIMIT).abs() < 1e-5 && (pitch - UPRIGHT_PITCH.1).abs() < 1e-5);
        for _ in 0..100 {
            camera.zoom(1.0);
        }
        assert!((camera.zoom_factor() - ZOOM.0).abs() < 1e-3);
        for _ in 0..200 {
            camera.zoom(-1.0);
        }
        assert!((camera.zoom_factor() - ZOOM.1).abs() < 1e-3);
        camera.reset();
        assert_eq!(camera.angles(BOARD), (0.0, BOARD.home_pitch()));
        assert_eq!(camera.zoom_factor(), 1.0);
    }

    #[test]
    fn the_camera_starts_behind_the_bottom_side_and_a_flip_swings_it_round() {
        let area = Rect::new(0.0, 0.0, 800.0, 700.0);
        let mut camera = Camera::new();
        camera.face(false);
        assert!(camera.lens(BOARD, area, false).eye.z > 0.0);
        camera.face(true);
        assert!(camera.swinging());
        camera.tick(0.05);
        let midway = camera.lens(BOARD, area, false).eye;
        assert!(midway.z > 0.0 && midway.x.abs() > 0.5, "{midway:?}");
        for _ in 0..100 {
            camera.tick(0.05);
        }
        assert!(!camera.swinging());
        assert!(camera.lens(BOARD, area, false).eye.z < 0.0);
        let front = Camera::new().lens(GRID, area, false);
        assert!(front.eye.z > 0.0 && front.eye.y > 0.0);
    }
}
