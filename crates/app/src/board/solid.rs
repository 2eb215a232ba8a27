//! The 3D board: the same cells, hits, marks and move animations as the flat board, seen
//! through a camera the player drives. A board lying flat has depth and a frame, holes
//! are real holes and special squares stand raised; Connect Four's grid stands up with
//! its counters inside. It describes a scene of solids for the drawing layer (so it is
//! tested headless) and picks cells with a ray from the pointer to the board.

use super::animation::{Spot, Timeline};
use super::arrow::draw_arrow;
use super::camera::{Camera, Stage};
use super::drawings::draw_shapes;
use super::shapes::HALF_TURN;
use super::{Board, Hit, Placement, Scene};
use crate::color::Rgba;
use crate::display::{Align, Frame, Item};
use crate::display3d::{Light, Scene3d, Shape, Solid};
use crate::geometry::{Point, Rect};
use crate::space::{Lens, V3};
use crate::theme;
use ply_core::{BoardView, CellMark, Form, InputStyle, Player};
use ply_play::{Piece, TableEvent};
use std::f32::consts::FRAC_PI_2;

/// How deep the squares are.
const SQUARE_DEPTH: f32 = 0.2;
/// How wide the frame around the squares is.
const RIM: f32 = 0.55;
/// How far the square under the pointer rises.
const HOVER_RISE: f32 = 0.06;
/// How far squares with a rule of their own (hill, throne, corners) stand raised.
const SPECIAL_RISE: f32 = 0.08;
/// How far the picked-up piece lifts.
const SELECTED_LIFT: f32 = 0.3;
/// How far the ripple's crest lifts a square.
const RIPPLE_RISE: f32 = 0.45;
/// How deep a standing grid is.
const GRID_DEPTH: f32 = 0.3;
/// A counter's size in its cell.
const COUNTER_SIZE: f32 = 0.86;
/// The floor of a hole.
const HOLE_FLOOR: Rgba = Rgba::rgb(14, 15, 18);

/// The 3D board: its camera and the animation in progress.
#[derive(Clone, Debug, Default)]
pub struct SolidBoard {
    animation: Option<Timeline>,
    camera: Camera,
}

/// What the camera looks at for `view`.
pub fn stage(view: &BoardView) -> Stage {
    Stage {
        width: view.width.max(1),
        height: view.height.max(1),
        upright: view.input == InputStyle::DropInColumn,
    }
}

/// Where the middle of a cell's top (a standing grid: its face) is, before anything
/// rises.
pub fn cell_spot(view: &BoardView, cell: usize) -> V3 {
    let (w, h) = (view.width.max(1), view.height.max(1));
    let (column, row) = ((cell % w) as f32, (cell / w).min(h - 1) as f32);
    let x = column - (w as f32 - 1.0) / 2.0;
    if stage(view).upright {
        V3::new(x, row + 0.5, 0.0)
    } else {
        V3::new(x, 0.0, (h as f32 - 1.0) / 2.0 - row)
    }
}

fn spot_place(view: &BoardView, spot: Spot) -> V3 {
    match spot {
        Spot::Cell(cell) => cell_spot(view, cell),
        Spot::AboveColumn(column) => {
            let x = column as f32 - (view.width.max(1) as f32 - 1.0) / 2.0;
            V3::new(x, view.height as f32 + 0.9, 0.0)
        }
    }
}

/// `over` laid on `under` with `over`'s opacity; the result is opaque.
fn mix(under: Rgba, over: Rgba) -> Rgba {
    let a = over.3.clamp(0.0, 1.0);
    Rgba(
        under.0 + (over.0 - under.0) * a,
        under.1 + (over.1 - under.1) * a,
        under.2 + (over.2 - under.2) * a,
        1.0,
    )
}

/// A soft dark patch under a piece standing at `at`.
fn shadow(at: V3) -> Solid {
    Solid::plain(
        Shape::Disc,
        V3::new(at.x + 0.04, at.y + 0.004, at.z - 0.03),
        V3::new(0.74, 0.004, 0.74),
        Rgba(0.0, 0.0, 0.0, 0.22),
    )
}

fn form_of(scene: &Scene<'_>, piece: Piece) -> Option<Form> {
    scene.game.piece(piece.1).map(|look| look.form)
}

impl SolidBoard {
    /// The hint's arrow and the player's arrows and circles, drawn over the scene
    /// between the cells' centres as the camera sees them.
    fn overlays(&self, scene: &Scene<'_>, frame: &mut Frame) {
        let view = scene.view;
        if scene.marks.hint.is_empty() && scene.marks.drawings.is_empty() {
            return;
        }
        let center = |cell| self.cell_center(scene.placement, view, cell);
        let cell = if view.cells.len() > 1 {
            let (a, b) = (center(0), center(1));
            ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
        } else {
            scene.placement.area.w / 8.0
        };
        let mut hint: Vec<Point> = scene.marks.hint.iter().map(|&c| center(c)).collect();
        if let [only] = hint.as_slice() {
            let above = Point::new(only.x, only.y - cell * 1.2);
            hint.insert(0, above);
        }
        draw_arrow(frame, &hint, cell * 0.16, theme::HINT);
        draw_shapes(frame, &scene.marks.drawings, cell, center);
    }

    /// A board with the camera at home and nothing moving.
    pub fn new() -> SolidBoard {
        SolidBoard::default()
    }

    /// The lens the board is seen through in `placement`.
    pub fn lens(&self, placement: Placement, view: &BoardView) -> Lens {
        self.camera.lens(
            stage(view),
            placement.area,
            placement.rotated && view.may_rotate,
        )
    }

    /// The camera.
    pub fn camera(&self) -> &Camera {
        &self.camera
    }

    fn square_rise(&self, scene: &Scene<'_>, cell: usize, pointed: Option<Hit>) -> f32 {
        let mark = scene.view.cells.get(cell).map(|c| c.mark);
        let special = if mark == Some(CellMark::Special) {
            SPECIAL_RISE
        } else {
            0.0
        };
        let hovered = if pointed == Some(Hit::Cell(cell)) {
            HOVER_RISE
        } else {
            0.0
        };
        let ripple = self
            .animation
            .as_ref()
            .map_or(0.0, |a| a.ripple_at(cell) * RIPPLE_RISE);
        special + hovered + ripple
    }

    fn piece_solid(&self, scene: &Scene<'_>, piece: Piece, at: V3) -> Option<Solid> {
        let form = form_of(scene, piece)?;
        let colors = scene.game.side_colors(piece.0);
        let rgba = |c: ply_core::Rgb| Rgba::rgb(c.0, c.1, c.2);
        let upright = stage(scene.view).upright;
        let size = if upright { COUNTER_SIZE } else { 1.0 };
        Some(Solid {
            shape: Shape::Piece(form),
            at,
            size: V3::new(size, size, size),
            yaw: if piece.0 == Player::Second {
                HALF_TURN
            } else {
                0.0
            },
            tilt: if upright { FRAC_PI_2 } else { 0.0 },
            body: rgba(colors.fill),
            detail: rgba(colors.detail),
            glow: 0.0,
        })
    }

    fn squares(&self, scene: &Scene<'_>, pointed: Option<Hit>, solids: &mut Vec<Solid>) {
        let (view, marks, colors) = (scene.view, scene.marks, scene.theme);
        let (w, h) = (view.width.max(1) as f32, view.height.max(1) as f32);
        let base = mix(colors.border, Rgba(0.0, 0.0, 0.0, 0.35));
        solids.push(Solid::plain(
            Shape::Block,
            V3::new(0.0, -SQUARE_DEPTH - 0.06, 0.0),
            V3::new(w + 2.0 * RIM, 0.12, h + 2.0 * RIM),
            base,
        ));
        let rim_height = SQUARE_DEPTH + 0.05;
        let rim_y = -SQUARE_DEPTH + rim_height / 2.0;
        for side in [-1.0f32, 1.0] {
            solids.push(Solid::plain(
                Shape::Block,
                V3::new(0.0, rim_y, side * (h + RIM) / 2.0),
                V3::new(w + 2.0 * RIM, rim_height, RIM),
                colors.border,
            ));
            solids.push(Solid::plain(
                Shape::Block,
                V3::new(side * (w + RIM) / 2.0, rim_y, 0.0),
                V3::new(RIM, rim_height, h),
                colors.border,
            ));
        }
        let blast = self.animation.as_ref().and_then(Timeline::blast);
        for (index, cell) in view.cells.iter().enumerate() {
            let spot = cell_spot(view, index);
            if cell.mark == CellMark::Hole {
                solids.push(Solid::plain(
                    Shape::Block,
                    V3::new(spot.x, -SQUARE_DEPTH + 0.005, spot.z),
                    V3::new(1.0, 0.01, 1.0),
                    HOLE_FLOOR,
                ));
                continue;
            }
            let (column, row) = (index % view.width.max(1), index / view.width.max(1));
            let mut color = match cell.mark {
                CellMark::Special => colors.special,
                CellMark::Plain if view.checkered && (column + row) % 2 == 0 => colors.dark,
                _ => colors.light,
            };
            if marks.last_move.contains(&index) {
                color = mix(color, theme::LAST_MOVE);
            }
            if marks.premove.contains(&index) {
                color = mix(color, theme::PREMOVE);
            }
            if marks.building.contains(&index) {
                color = mix(color, theme::SELECTED.with_alpha(0.35));
            }
            if marks.selected == Some(index) {
                color = mix(color, theme::SELECTED);
            }
            if marks.hover == Some(Hit::Cell(index)) {
                color = mix(color, theme::HOVER);
            }
            if let Some(animation) = &self.animation {
                color = mix(
                    color,
                    Rgba(1.0, 0.97, 0.8, 0.85 * animation.ripple_at(index)),
                );
            }
            if let Some((center, flash)) = blast {
                let (cx, cy) = (center % view.width.max(1), center / view.width.max(1));
                if column.abs_diff(cx) <= 1 && row.abs_diff(cy) <= 1 {
                    color = mix(color, theme::BLAST.with_alpha(0.8 * (1.0 - flash)));
                }
            }
            let top = self.square_rise(scene, index, pointed);
            solids.push(Solid::plain(
                Shape::Block,
                V3::new(spot.x, top - SQUARE_DEPTH / 2.0, spot.z),
                V3::new(1.0, SQUARE_DEPTH, 1.0),
                color,
            ));
        }
    }

    fn grid(&self, scene: &Scene<'_>, solids: &mut Vec<Solid>) {
        let (view, colors) = (scene.view, scene.theme);
        let (w, h) = (view.width.max(1) as f32, view.height.max(1) as f32);
        solids.push(Solid::plain(
            Shape::Block,
            V3::new(0.0, -0.3, 0.0),
            V3::new(w + 1.6, 0.1, 2.6),
            mix(theme::BACKGROUND, colors.border.with_alpha(0.5)),
        ));
        for index in 0..view.cells.len() {
            let spot = cell_spot(view, index);
            solids.push(Solid::plain(
                Shape::HolePlate,
                spot,
                V3::new(1.0, 1.0, GRID_DEPTH),
                colors.column_frame,
            ));
        }
        let post = |x: f32| {
            Solid::plain(
                Shape::Block,
                V3::new(x, (h - 0.3) / 2.0, 0.0),
                V3::new(0.3, h + 0.3, GRID_DEPTH + 0.1),
                colors.column_frame,
            )
        };
        let foot = |x: f32| {
            Solid::plain(
                Shape::Block,
                V3::new(x, -0.2, 0.0),
                V3::new(0.5, 0.12, 1.8),
                mix(colors.column_frame, Rgba(0.0, 0.0, 0.0, 0.3)),
            )
        };
        let side = (w + 0.3) / 2.0;
        solids.extend([post(-side), post(side), foot(-side), foot(side)]);
        solids.push(Solid::plain(
            Shape::Block,
            V3::new(0.0, -0.08, 0.0),
            V3::new(w + 0.6, 0.16, GRID_DEPTH + 0.1),
            colors.column_frame,
        ));
        let ring = |at: V3, color: Rgba| Solid {
            tilt: FRAC_PI_2,
            ..Solid::plain(
                Shape::Ring,
                at + V3::new(0.0, 0.0, GRID_DEPTH / 2.0 + 0.01),
                V3::new(0.9, 0.03, 0.9),
                color,
            )
        };
        for &cell in &scene.marks.last_move {
            solids.push(ring(cell_spot(view, cell), Rgba::rgb(255, 255, 255)));
        }
        for &cell in &scene.marks.ending {
            solids.push(Solid {
                glow: 0.5,
                ..ring(cell_spot(view, cell), theme::ENDING)
            });
        }
    }

    fn markers(&self, scene: &Scene<'_>, pointed: Option<Hit>, solids: &mut Vec<Solid>) {
        let (view, marks) = (scene.view, scene.marks);
        let on = |cell: usize, lift: f32| {
            cell_spot(view, cell) + V3::new(0.0, self.square_rise(scene, cell, pointed) + lift, 0.0)
        };
        for &cell in &view.in_check {
            solids.push(Solid {
                glow: 0.6,
                ..Solid::plain(
                    Shape::Disc,
                    on(cell, 0.01),
                    V3::new(0.92, 0.02, 0.92),
                    theme::CHECK,
                )
            });
        }
        for &cell in &marks.quiet_targets {
            solids.push(Solid::plain(
                Shape::Disc,
                on(cell, 0.015),
                V3::new(0.3, 0.03, 0.3),
                Rgba(0.12, 0.3, 0.14, 0.8),
            ));
        }
        for &cell in &marks.capture_targets {
            solids.push(Solid::plain(
                Shape::Ring,
                on(cell, 0.03),
                V3::new(0.96, 0.06, 0.96),
                theme::CAPTURE_TARGET.with_alpha(0.9),
            ));
        }
        if let Some(cell) = marks.stuck {
            solids.push(Solid::plain(
                Shape::Ring,
                on(cell, 0.03),
                V3::new(0.96, 0.06, 0.96),
                theme::STUCK,
            ));
        }
        for &cell in &marks.ending {
            solids.push(Solid {
                glow: 0.5,
                ..Solid::plain(
                    Shape::Ring,
                    on(cell, 0.05),
                    V3::new(0.98, 0.1, 0.98),
                    theme::ENDING,
                )
            });
        }
    }

    fn pieces(&self, scene: &Scene<'_>, pointed: Option<Hit>, solids: &mut Vec<Solid>) {
        let (view, marks) = (scene.view, scene.marks);
        let upright = stage(view).upright;
        let arriving = self
            .animation
            .as_ref()
            .map(Timeline::arriving_at)
            .unwrap_or_default();
        let dragged = marks.dragging.map(|(cell, _)| cell);
        for (index, cell) in view.cells.iter().enumerate() {
            let Some(piece) = cell.piece else { continue };
            if arriving.contains(&index) || dragged == Some(index) {
                continue;
            }
            let mut at = cell_spot(view, index);
            if !upright {
                at.y += self.square_rise(scene, index, pointed);
            }
            if !upright {
                solids.push(shadow(at));
            }
            if marks.selected == Some(index) {
                at.y += SELECTED_LIFT;
            }
            solids.extend(self.piece_solid(scene, piece, at));
        }
        if let Some(animation) = &self.animation {
            self.moving(scene, animation, solids);
        }
        if let Some((cell, point)) = marks.dragging
            && let Some(piece) = view.cells.get(cell).and_then(|c| c.piece)
            && let Some(at) = self
                .lens(scene.placement, view)
                .on_level(point, SELECTED_LIFT)
        {
            solids.extend(self.piece_solid(scene, piece, at));
        }
        if upright && let Some(Hit::Column(column)) = marks.hover {
            let ghost = (scene.to_move, ply_core::PieceKind(0));
            if let Some(mut solid) =
                self.piece_solid(scene, ghost, spot_place(view, Spot::AboveColumn(column)))
            {
                solid.body = solid.body.with_alpha(0.6);
                solids.push(solid);
            }
        }
    }

    fn moving(&self, scene: &Scene<'_>, animation: &Timeline, solids: &mut Vec<Solid>) {
        let view = scene.view;
        let elapsed = animation.elapsed();
        for glide in &animation.glides {
            if !glide.shown(elapsed) {
                continue;
            }
            let (from, to, part) = glide.at(elapsed);
            let at = spot_place(view, from).lerp(spot_place(view, to), part)
                + V3::new(0.0, glide.lift(elapsed), 0.0);
            solids.extend(self.piece_solid(scene, glide.piece, at));
        }
        for fade in &animation.fades {
            let progress = animation.progress(fade);
            let Some(mut solid) = self.piece_solid(scene, fade.piece, cell_spot(view, fade.cell))
            else {
                continue;
            };
            if progress >= 1.0 {
                continue;
            }
            // Rows run away from the first player, the world's z towards them.
            let push = V3::new(fade.push.0, 0.0, -fade.push.1);
            let (distance, height, spin) = if animation.exploded {
                (
                    2.6 * progress,
                    3.2 * progress - 3.8 * progress * progress,
                    7.0,
                )
            } else {
                (1.1 * progress, -0.9 * progress * progress, 1.7)
            };
            solid.at = solid.at + push * distance + V3::new(0.0, height, 0.0);
            if push.length() > 0.0 {
                solid.yaw = push.x.atan2(push.z);
            }
            solid.tilt += spin * progress;
            solid.size = solid.size * (1.0 - 0.5 * progress);
            solids.push(solid);
        }
        if let Some((center, flash)) = animation.blast()
            && flash < 1.0
        {
            let at = cell_spot(view, center) + V3::new(0.0, 0.3, 0.0);
            for (grow, color) in [(3.2, theme::BLAST), (1.6, Rgba(1.0, 0.95, 0.7, 1.0))] {
                let size = 0.5 + grow * flash;
                solids.push(Solid {
                    glow: 1.0,
                    ..Solid::plain(
                        Shape::Ball,
                        at,
                        V3::new(size, size * 0.7, size),
                        color.with_alpha(0.75 * (1.0 - flash)),
                    )
                });
            }
        }
    }

    fn labels(&self, scene: &Scene<'_>, lens: &Lens, frame: &mut Frame) {
        let (game, view) = (scene.game, scene.view);
        let (w, h) = (view.width.max(1) as f32, view.height.max(1) as f32);
        let near = if lens.eye.z >= 0.0 { 1.0 } else { -1.0 };
        let left = if lens.eye.z >= 0.0 { -1.0 } else { 1.0 };
        let color = Rgba::rgb(235, 225, 205);
        let size_near = |a: V3, b: V3| match (lens.project(a), lens.project(b)) {
            (Some(p), Some(q)) => ((p.x - q.x).hypot(p.y - q.y) * 0.32).clamp(9.0, 20.0),
            _ => 12.0,
        };
        let label = |text: String, at: V3, frame: &mut Frame| {
            if let Some(point) = lens.project(at) {
                let size = size_near(at, at + V3::new(1.0, 0.0, 0.0));
                let rect = Rect::new(point.x - 30.0, point.y - size, 60.0, 2.0 * size);
                frame.text(text, rect, size, color, Align::Center);
            }
        };
        if stage(view).upright {
            // A standing grid's column numbers, on the front of its base.
            for column in 0..view.width {
                if let Some(text) = game.column_label(column) {
                    let x = cell_spot(view, column).x;
                    label(text, V3::new(x, -0.3, 1.0), frame);
                }
            }
            return;
        }
        let rim_top = 0.06;
        for column in 0..view.width {
            if let Some(text) = game.column_label(column) {
                let x = cell_spot(view, column).x;
                label(text, V3::new(x, rim_top, near * (h + RIM) / 2.0), frame);
            }
        }
        for row in 0..view.height {
            if let Some(text) = game.row_label(row) {
                let z = cell_spot(view, view.index(0, row)).z;
                label(text, V3::new(left * (w + RIM) / 2.0, rim_top, z), frame);
            }
        }
        // Squares' own names (checkers' numbers), in the far left corner as seen, on
        // the empty squares (text is drawn over the scene, so it would cross a piece).
        let on_cell = scene.theme.light.with_alpha(0.9);
        for (index, cell) in view.cells.iter().enumerate() {
            let Some(text) = game.cell_label(index).filter(|_| cell.piece.is_none()) else {
                continue;
            };
            let spot = cell_spot(view, index);
            let corner = spot + V3::new(left * 0.3, 0.01, -near * 0.3);
            if let Some(point) = lens.project(corner) {
                let size = (size_near(corner, corner + V3::new(1.0, 0.0, 0.0)) * 0.6).max(8.0);
                let rect = Rect::new(point.x - 20.0, point.y - size, 40.0, 2.0 * size);
                frame.text(text, rect, size, on_cell, Align::Center);
            }
        }
    }
}

impl Board for SolidBoard {
    fn hit(&self, placement: Placement, view: &BoardView, point: Point) -> Option<Hit> {
        if !placement.area.contains(point) {
            return None;
        }
        let lens = self.lens(placement, view);
        let (w, h) = (view.width.max(1), view.height.max(1));
        let column_at = |x: f32| {
            let column = (x + (w as f32 - 1.0) / 2.0 + 0.5).floor();
            (column >= 0.0 && column < w as f32).then_some(column as usize)
        };
        if stage(view).upright {
            let at = lens.on_upright(point, GRID_DEPTH / 2.0)?;
            let column = column_at(at.x)?;
            return (at.y >= -0.2 && at.y <= h as f32 + 1.6).then_some(Hit::Column(column));
        }
        let at = lens.on_level(point, 0.0)?;
        let column = column_at(at.x)?;
        let row = ((h as f32 - 1.0) / 2.0 - at.z + 0.5).floor();
        (row >= 0.0 && row < h as f32).then(|| Hit::Cell(row as usize * w + column))
    }

    fn cell_center(&self, placement: Placement, view: &BoardView, cell: usize) -> Point {
        let spot = cell_spot(view, cell);
        let face = if stage(view).upright {
            V3::new(0.0, 0.0, GRID_DEPTH / 2.0)
        } else {
            V3::default()
        };
        self.lens(placement, view)
            .project(spot + face)
            .unwrap_or(placement.area.center())
    }

    fn bounds(&self, placement: Placement, view: &BoardView) -> Rect {
        let lens = self.lens(placement, view);
        let (w, h) = (view.width.max(1) as f32, view.height.max(1) as f32);
        let corners: Vec<V3> = if stage(view).upright {
            let x = w / 2.0 + 0.3;
            [(-x, -0.2), (x, -0.2), (-x, h + 0.2), (x, h + 0.2)]
                .iter()
                .flat_map(|&(x, y)| [V3::new(x, y, 0.2), V3::new(x, y, -0.2)])
                .collect()
        } else {
            let (x, z) = (w / 2.0 + RIM, h / 2.0 + RIM);
            [(-x, -z), (x, -z), (-x, z), (x, z)]
                .iter()
                .flat_map(|&(x, z)| [V3::new(x, 0.05, z), V3::new(x, -0.3, z)])
                .collect()
        };
        let points: Vec<Point> = corners.iter().filter_map(|&c| lens.project(c)).collect();
        let area = placement.area;
        let left = points
            .iter()
            .map(|p| p.x)
            .fold(f32::MAX, f32::min)
            .max(area.x);
        let top = points
            .iter()
            .map(|p| p.y)
            .fold(f32::MAX, f32::min)
            .max(area.y);
        let right = points
            .iter()
            .map(|p| p.x)
            .fold(f32::MIN, f32::max)
            .min(area.x + area.w);
        let bottom = points
            .iter()
            .map(|p| p.y)
            .fold(f32::MIN, f32::max)
            .min(area.y + area.h);
        if points.is_empty() || right <= left || bottom <= top {
            return area;
        }
        Rect::new(left, top, right - left, bottom - top)
    }

    fn show(&mut self, event: &TableEvent, view: &BoardView) {
        match event {
            TableEvent::Moved(effects) => {
                self.animation = Some(Timeline::of(effects, view.width));
            }
            TableEvent::Undone => self.animation = None,
            _ => {}
        }
    }

    fn tick(&mut self, seconds: f32) {
        self.camera.tick(seconds);
        if let Some(animation) = &mut self.animation {
            animation.tick(seconds);
            if animation.done() {
                self.animation = None;
            }
        }
    }

    fn animating(&self) -> bool {
        self.animation.is_some() || self.camera.swinging()
    }

    fn orbit(&mut self, view: &BoardView, dx: f32, dy: f32) {
        self.camera.orbit(stage(view), dx, dy);
    }

    fn zoom(&mut self, lines: f32) {
        self.camera.zoom(lines);
    }

    fn reset_camera(&mut self) {
        self.camera.reset();
    }

    fn face(&mut self, rotated: bool) {
        self.camera.face(rotated);
    }

    fn draw(&self, scene: &Scene<'_>, frame: &mut Frame) {
        let view = scene.view;
        let lens = self.lens(scene.placement, view);
        let pointed = scene
            .pointer
            .and_then(|point| self.hit(scene.placement, view, point));
        let mut solids = Vec::with_capacity(view.cells.len() * 2 + 40);
        if stage(view).upright {
            self.grid(scene, &mut solids);
        } else {
            self.squares(scene, pointed, &mut solids);
            self.markers(scene, pointed, &mut solids);
        }
        self.pieces(scene, pointed, &mut solids);
        let light = Light {
            toward: if stage(view).upright {
                V3::new(-0.4, 0.8, 1.0).normalized()
            } else {
                V3::new(-0.35, 1.0, 0.55).normalized()
            },
            color: mix(Rgba(1.0, 1.0, 1.0, 1.0), scene.theme.light.with_alpha(0.35)),
            ambient: 0.42,
        };
        frame.push(Item::Solids(Box::new(Scene3d {
            lens,
            light,
            solids,
        })));
        self.labels(scene, &lens, frame);
        self.overlays(scene, frame);
    }
}
