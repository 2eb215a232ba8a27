//! The flat (2D) board: squares in a grid seen from above, turned so a side sits at the
//! bottom, with coordinates on its frame, marks, pieces and their animations.

use super::animation::{Spot, Timeline};
use super::{Board, Hit, Placement, Scene};
use crate::board::arrow::draw_arrow;
use crate::board::drawings::draw_shapes;
use crate::color::Rgba;
use crate::display::{Align, Frame, Item};
use crate::geometry::{Point, Rect};
use crate::pieces::{self, PieceColors};
use crate::theme;
use ply_core::{BoardView, CellMark, InputStyle, Player};
use ply_modes::AnyGame;
use ply_play::{Piece, TableEvent};

/// How far the picked-up piece lifts, as a fraction of a square.
const SELECTED_LIFT: f32 = 0.08;

/// Where the squares of a board go on screen, worked out from its placement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    grid: Rect,
    cell: f32,
    width: usize,
    height: usize,
    rotated: bool,
    columns: bool,
}

impl Geometry {
    /// The squares of `view`'s grid fitted into `placement`'s area (with a row above
    /// for boards played by dropping into columns).
    pub fn new(placement: Placement, view: &BoardView) -> Geometry {
        // Room for the frame and its coordinates around the squares.
        let area = placement
            .area
            .inset((placement.area.w.min(placement.area.h) * 0.04).min(28.0));
        let (width, height) = (view.width.max(1), view.height.max(1));
        let columns = view.input == InputStyle::DropInColumn;
        let extra_row = if columns { 1.0 } else { 0.0 };
        let rows = height as f32 + extra_row;
        let cell = (area.w / width as f32).min(area.h / rows).floor().max(4.0);
        let (board_w, board_h) = (cell * width as f32, cell * height as f32);
        let top = area.y + (area.h - cell * rows) / 2.0 + cell * extra_row;
        Geometry {
            grid: Rect::new(
                (area.x + (area.w - board_w) / 2.0).round(),
                top.round(),
                board_w,
                board_h,
            ),
            cell,
            width,
            height,
            rotated: placement.rotated && view.may_rotate,
            columns,
        }
    }

    /// The width of the frame around the squares: wide enough for two-digit rank
    /// numbers (from ten rows up), which a narrower frame cut to "...".
    fn border(&self) -> f32 {
        let least = if self.height >= 10 { 16.0 } else { 10.0 };
        (self.cell * 0.35).clamp(least, 30.0)
    }

    /// Where a cell is drawn on screen.
    pub fn cell_rect(&self, index: usize) -> Rect {
        let (w, h) = (self.width, self.height);
        let (column, row) = ((index % w).min(w - 1), (index / w).min(h - 1));
        let (column, row) = if self.rotated {
            (w - 1 - column, h - 1 - row)
        } else {
            (column, row)
        };
        Rect::new(
            self.grid.x + column as f32 * self.cell,
            self.grid.y + (h - 1 - row) as f32 * self.cell,
            self.cell,
            self.cell,
        )
    }

    fn spot_rect(&self, spot: Spot) -> Rect {
        match spot {
            Spot::Cell(index) => self.cell_rect(index),
            Spot::AboveColumn(column) => {
                let top = self.cell_rect((self.height - 1) * self.width + column);
                Rect::new(top.x, self.grid.y - self.cell - self.border(), top.w, top.h)
            }
        }
    }

    /// The squares and the frame around them.
    fn bounds(&self) -> Rect {
        let border = self.border();
        Rect::new(
            self.grid.x - border,
            self.grid.y - border,
            self.grid.w + 2.0 * border,
            self.grid.h + 2.0 * border,
        )
    }

    fn hit(&self, point: Point) -> Option<Hit> {
        let (w, h) = (self.width, self.height);
        let grid = self.grid;
        let shown_column = ((point.x - grid.x) / self.cell).floor();
        if shown_column < 0.0 || point.x >= grid.x + grid.w {
            return None;
        }
        let shown_column = (shown_column as usize).min(w - 1);
        let column = if self.rotated {
            w - 1 - shown_column
        } else {
            shown_column
        };
        if self.columns {
            let above = grid.y - self.cell - self.border();
            return (point.y >= above && point.y < grid.y + grid.h).then_some(Hit::Column(column));
        }
        if !grid.contains(point) {
            return None;
        }
        let from_top = (((point.y - grid.y) / self.cell) as usize).min(h - 1);
        let shown_row = h - 1 - from_top;
        let row = if self.rotated {
            h - 1 - shown_row
        } else {
            shown_row
        };
        Some(Hit::Cell(row * w + column))
    }
}

/// The 2D board: its geometry comes from each question's placement; it keeps only the
/// animation in progress.
#[derive(Clone, Debug, Default)]
pub struct FlatBoard {
    animation: Option<Timeline>,
}

impl FlatBoard {
    /// A board with nothing moving.
    pub fn new() -> FlatBoard {
        FlatBoard::default()
    }

    fn draw_squares(&self, g: &Geometry, scene: &Scene<'_>, frame: &mut Frame) {
        let view = scene.view;
        let board_theme = scene.theme;
        let border = g.border();
        let outer = Rect::new(
            g.grid.x - border,
            g.grid.y - border,
            g.grid.w + 2.0 * border,
            g.grid.h + 2.0 * border,
        );
        if g.columns {
            // The grid's face, with its holes drawn on it.
            frame.rect(outer, board_theme.column_frame);
        } else {
            // The frame round the squares only: software OpenGL pays for every pixel
            // painted, and the squares cover the middle anyway.
            let (x, y, w, h) = (outer.x, outer.y, outer.w, outer.h);
            for strip in [
                Rect::new(x, y, w, border),
                Rect::new(x, y + h - border, w, border),
                Rect::new(x, y + border, border, h - 2.0 * border),
                Rect::new(x + w - border, y + border, border, h - 2.0 * border),
            ] {
                frame.rect(strip, board_theme.border);
            }
        }
        for (index, cell) in view.cells.iter().enumerate() {
            let rect = g.cell_rect(index);
            let (column, row) = (index % view.width.max(1), index / view.width.max(1));
            if g.columns {
                frame.push(Item::Disc {
                    center: rect.center(),
                    radius: rect.w * 0.42,
                    color: board_theme.hole,
                });
                continue;
            }
            let color = match cell.mark {
                CellMark::Hole => Rgba::rgb(18, 20, 24),
                CellMark::Special => board_theme.special,
                CellMark::Unused => board_theme.light,
                CellMark::Plain if view.checkered && (column + row) % 2 == 0 => board_theme.dark,
                CellMark::Plain => board_theme.light,
            };
            frame.rect(rect, color);
            if !view.checkered && cell.mark != CellMark::Hole {
                frame.push(Item::Frame {
                    rect,
                    thickness: 1.0,
                    color: board_theme.border.with_alpha(0.6),
                });
            }
            if cell.mark == CellMark::Special {
                let inner = rect.inset(rect.w * 0.18);
                for (from, to) in [((0.0, 0.0), (1.0, 1.0)), ((1.0, 0.0), (0.0, 1.0))] {
                    frame.push(Item::Line {
                        from: inner.at(from.0, from.1),
                        to: inner.at(to.0, to.1),
                        thickness: 2.0,
                        color: board_theme.border.with_alpha(0.5),
                    });
                }
            }
        }
    }

    fn draw_coordinates(&self, g: &Geometry, scene: &Scene<'_>, frame: &mut Frame) {
        let (game, view) = (scene.game, scene.view);
        let border = g.border();
        let size = (border * 0.7).clamp(10.0, 22.0);
        let color = Rgba::rgb(235, 225, 205);
        for column in 0..view.width {
            let Some(label) = game.column_label(column) else {
                continue;
            };
            let rect = g.cell_rect(view.index(column, 0));
            let below = Rect::new(rect.x, g.grid.y + g.grid.h, rect.w, border);
            frame.text(label, below, size, color, Align::Center);
        }
        for row in 0..view.height {
            let Some(label) = game.row_label(row) else {
                continue;
            };
            let rect = g.cell_rect(view.index(0, row));
            let beside = Rect::new(g.grid.x - border, rect.y, border, rect.h);
            frame.text(label, beside, size, color, Align::Center);
        }
        let on_cell = scene.theme.light.with_alpha(0.85);
        for index in 0..view.cells.len() {
            let Some(label) = game.cell_label(index) else {
                continue;
            };
            let rect = g.cell_rect(index);
            let corner = Rect::new(rect.x + rect.w * 0.04, rect.y, rect.w * 0.5, rect.h * 0.2);
            frame.text(
                label,
                corner,
                (rect.h * 0.16).clamp(8.0, 15.0),
                on_cell,
                Align::Left,
            );
        }
    }

    fn draw_marks(&self, g: &Geometry, scene: &Scene<'_>, frame: &mut Frame) {
        let marks = scene.marks;
        if let Some(animation) = &self.animation
            && animation.ripple.is_some()
            && !g.columns
        {
            for index in 0..scene.view.cells.len() {
                let wave = animation.ripple_at(index);
                if wave > 0.02 {
                    frame.rect(g.cell_rect(index), Rgba(1.0, 1.0, 0.92, 0.45 * wave));
                }
            }
        }
        for &index in &marks.last_move {
            let rect = g.cell_rect(index);
            if g.columns {
                frame.push(Item::Ring {
                    center: rect.center(),
                    radius: rect.w * 0.46,
                    thickness: rect.w * 0.06,
                    color: Rgba::rgb(255, 255, 255),
                });
            } else {
                frame.rect(rect, theme::LAST_MOVE);
            }
        }
        for &index in &scene.view.in_check {
            let rect = g.cell_rect(index);
            frame.push(Item::Disc {
                center: rect.center(),
                radius: rect.w * 0.5,
                color: theme::CHECK,
            });
        }
        for &index in &marks.premove {
            frame.rect(g.cell_rect(index), theme::PREMOVE);
        }
        if let Some(selected) = marks.selected {
            frame.rect(g.cell_rect(selected), theme::SELECTED);
        }
        for &index in &marks.building {
            frame.rect(g.cell_rect(index), theme::SELECTED.with_alpha(0.35));
        }
        if let Some(stuck) = marks.stuck {
            frame.push(Item::Frame {
                rect: g.cell_rect(stuck).inset(2.0),
                thickness: 3.0,
                color: theme::STUCK,
            });
        }
        for &index in &marks.explained {
            frame.push(Item::Frame {
                rect: g.cell_rect(index).inset(3.0),
                thickness: (g.cell_rect(index).w * 0.08).max(3.0),
                color: theme::WHY_MARK,
            });
        }
        if let Some(Hit::Cell(hovered)) = marks.hover {
            frame.rect(g.cell_rect(hovered), theme::HOVER);
        }
        for &target in &marks.quiet_targets {
            let rect = g.cell_rect(target);
            frame.push(Item::Disc {
                center: rect.center(),
                radius: rect.w * 0.16,
                color: theme::TARGET,
            });
        }
        for &target in &marks.capture_targets {
            let rect = g.cell_rect(target);
            frame.push(Item::Ring {
                center: rect.center(),
                radius: rect.w * 0.45,
                thickness: rect.w * 0.08,
                color: theme::CAPTURE_TARGET,
            });
        }
    }

    fn draw_pieces(&self, g: &Geometry, scene: &Scene<'_>, frame: &mut Frame) {
        let arriving = self
            .animation
            .as_ref()
            .map(Timeline::arriving_at)
            .unwrap_or_default();
        let dragged = scene.marks.dragging.map(|(cell, _)| cell);
        for (index, cell) in scene.view.cells.iter().enumerate() {
            let Some(piece) = cell.piece else {
                continue;
            };
            if arriving.contains(&index) || dragged == Some(index) {
                continue;
            }
            let rect = g.cell_rect(index);
            if scene.marks.selected == Some(index) && !g.columns {
                // The picked-up piece lifts off its square, leaving a shadow.
                frame.push(Item::Disc {
                    center: rect.at(0.5, 0.84),
                    radius: rect.w * 0.18,
                    color: Rgba(0.0, 0.0, 0.0, 0.22),
                });
                let lifted = Point::new(rect.x, rect.y - rect.h * SELECTED_LIFT);
                draw_piece(scene.game, frame, piece, rect.moved_to(lifted), 1.0);
                continue;
            }
            draw_piece(scene.game, frame, piece, rect, 1.0);
        }
        if let Some(animation) = &self.animation {
            self.draw_moving(g, scene, animation, frame);
        }
        if let Some((cell, point)) = scene.marks.dragging
            && let Some(piece) = scene.view.cells.get(cell).and_then(|c| c.piece)
        {
            let size = g.cell;
            let rect = Rect::new(point.x - size / 2.0, point.y - size / 2.0, size, size);
            draw_piece(scene.game, frame, piece, rect, 1.0);
        }
        if g.columns
            && let Some(Hit::Column(column)) = scene.marks.hover
        {
            let above = g.spot_rect(Spot::AboveColumn(column));
            let ghost = (scene.to_move, ply_core::PieceKind(0));
            draw_piece(scene.game, frame, ghost, above, 0.6);
        }
    }

    fn draw_moving(
        &self,
        g: &Geometry,
        scene: &Scene<'_>,
        animation: &Timeline,
        frame: &mut Frame,
    ) {
        let elapsed = animation.elapsed();
        if let Some((center, flash)) = animation.blast() {
            let rect = g.cell_rect(center);
            frame.push(Item::Disc {
                center: rect.center(),
                radius: rect.w * (0.4 + 1.6 * flash),
                color: theme::BLAST.with_alpha(0.7 * (1.0 - flash)),
            });
        }
        for gone in &animation.fades {
            let progress = animation.progress(gone);
            if progress >= 1.0 {
                continue;
            }
            let rect = g.cell_rect(gone.cell);
            // Screen directions: columns run right (left when turned), rows run up.
            let turn = if g.rotated { -1.0 } else { 1.0 };
            let (reach, rise) = if animation.exploded {
                (1.8 * progress, 1.4 * progress - 1.6 * progress * progress)
            } else {
                (0.6 * progress, 0.0)
            };
            let shift = Point::new(
                turn * gone.push.0 * reach * rect.w,
                -(turn * gone.push.1 * reach + rise) * rect.h,
            );
            let shrunk = rect.inset(rect.w * 0.35 * progress);
            let corner = Point::new(shrunk.x + shift.x, shrunk.y + shift.y);
            draw_piece(
                scene.game,
                frame,
                gone.piece,
                shrunk.moved_to(corner),
                1.0 - progress,
            );
        }
        for glide in &animation.glides {
            if !glide.shown(elapsed) {
                continue;
            }
            let (from, to, part) = glide.at(elapsed);
            let (from, to) = (g.spot_rect(from), g.spot_rect(to));
            let lift = glide.lift(elapsed);
            let corner = Point::new(from.x, from.y).lerp(Point::new(to.x, to.y), part);
            // A leap looks nearer as it rises: a little larger, its shadow left behind.
            let grow = from.w * 0.18 * lift;
            if lift > 0.0 && !g.columns {
                frame.push(Item::Disc {
                    center: Point::new(corner.x + from.w / 2.0, corner.y + from.h / 2.0),
                    radius: from.w * 0.3,
                    color: Rgba(0.0, 0.0, 0.0, 0.25),
                });
            }
            let rect = Rect::new(
                corner.x - grow,
                corner.y - grow - lift * from.h * if g.columns { 1.0 } else { 0.35 },
                from.w + 2.0 * grow,
                from.h + 2.0 * grow,
            );
            draw_piece(scene.game, frame, glide.piece, rect, 1.0);
        }
    }

    fn draw_ending(&self, g: &Geometry, scene: &Scene<'_>, frame: &mut Frame) {
        for &index in &scene.marks.ending {
            let rect = g.cell_rect(index);
            frame.push(Item::Ring {
                center: rect.center(),
                radius: rect.w * 0.47,
                thickness: rect.w * 0.1,
                color: theme::ENDING,
            });
        }
    }
}

/// Draws `piece` filling `rect`, at `opacity`, as its mode draws it.
pub fn draw_piece(game: &dyn AnyGame, frame: &mut Frame, piece: Piece, rect: Rect, opacity: f32) {
    let Some(look) = game.piece(piece.1) else {
        return;
    };
    let mut colors = PieceColors::of(game.side_colors(piece.0));
    for color in [&mut colors.fill, &mut colors.outline, &mut colors.detail] {
        *color = color.with_alpha(opacity);
    }
    pieces::draw_piece(frame, look, colors, rect);
}

/// A plain round token in `player`'s colours, standing for the side beside its name.
pub fn draw_token(game: &dyn AnyGame, frame: &mut Frame, player: Player, rect: Rect) {
    let colors = PieceColors::of(game.side_colors(player));
    let radius = rect.w * 0.4;
    frame.push(Item::Disc {
        center: rect.center(),
        radius,
        color: colors.outline,
    });
    frame.push(Item::Disc {
        center: rect.center(),
        radius: radius * 0.86,
        color: colors.fill,
    });
}

impl Board for FlatBoard {
    fn hit(&self, placement: Placement, view: &BoardView, point: Point) -> Option<Hit> {
        Geometry::new(placement, view).hit(point)
    }

    fn cell_center(&self, placement: Placement, view: &BoardView, cell: usize) -> Point {
        Geometry::new(placement, view).cell_rect(cell).center()
    }

    fn bounds(&self, placement: Placement, view: &BoardView) -> Rect {
        Geometry::new(placement, view).bounds()
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
        if let Some(animation) = &mut self.animation {
            animation.tick(seconds);
            if animation.done() {
                self.animation = None;
            }
        }
    }

    fn animating(&self) -> bool {
        self.animation.is_some()
    }

    fn draw(&self, scene: &Scene<'_>, frame: &mut Frame) {
        let g = Geometry::new(scene.placement, scene.view);
        self.draw_squares(&g, scene, frame);
        self.draw_marks(&g, scene, frame);
        self.draw_coordinates(&g, scene, frame);
        self.draw_pieces(&g, scene, frame);
        self.draw_ending(&g, scene, frame);
        draw_hint(&g, scene, frame);
        draw_shapes(frame, &scene.marks.drawings, g.cell, |cell| {
            g.cell_rect(cell).center()
        });
    }
}

/// The hint's arrow along the suggested move; a single cell (a Connect Four drop) gets
/// an arrow falling into it from above.
fn draw_hint(g: &Geometry, scene: &Scene<'_>, frame: &mut Frame) {
    let path = &scene.marks.hint;
    let mut points: Vec<Point> = path
        .iter()
        .map(|&index| g.cell_rect(index).center())
        .collect();
    if let [only] = points.as_slice() {
        let above = Point::new(only.x, only.y - g.cell * 1.2);
        points.insert(0, above);
    }
    draw_arrow(frame, &points, g.cell * 0.16, theme::HINT);
}
