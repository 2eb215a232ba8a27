//! The analysis board itself: moves entered by clicks or drags as in a game (for either
//! side, since nobody is waiting for a turn), the computer's best move drawn as an
//! arrow, and the evaluation bar beside the board, filled to the first player's chance
//! of winning.

use super::AnalysisScreen;
use super::layout::Layout;
use crate::audio::Cue;
use crate::board::drawings::Brush;
use crate::board::{Board, Hit, Marks, Placement, Scene};
use crate::display::Frame;
use crate::geometry::{Point, Rect};
use crate::screens::game::{Entry, MoveEntry};
use crate::screens::{Context, Modifiers, widgets};
use crate::theme;
use ply_core::{Player, Score};

impl AnalysisScreen {
    fn placement(&self, context: &Context) -> Placement {
        Placement {
            area: Layout::of(context).board,
            rotated: false,
        }
    }

    fn board<'a>(&'a self, context: &Context) -> &'a dyn Board {
        self.boards.get(context.prefs.settings.view_3d)
    }

    /// Where the centre of `cell` is on screen (for tests and tools).
    pub fn cell_center(&self, context: &Context, cell: usize) -> Point {
        let view = self.tree.position().view();
        self.board(context)
            .cell_center(self.placement(context), &view, cell)
    }

    fn hit(&self, context: &Context, point: Point) -> Option<Hit> {
        let view = self.tree.position().view();
        self.board(context)
            .hit(self.placement(context), &view, point)
    }

    /// The pointer went down on the board: a counter dropped, a piece picked up or
    /// put down.
    pub(super) fn board_down(&mut self, point: Point, context: &mut Context) {
        self.choosing = None;
        self.drawings.clear();
        match self.hit(context, point) {
            Some(Hit::Column(column)) => {
                let width = self.tree.position().view().width;
                match MoveEntry::drop_in(column, width, &self.candidates) {
                    Some(code) => self.play(code),
                    None => context.output.cues.push(Cue::Illegal),
                }
            }
            Some(Hit::Cell(cell)) => {
                let entry = self
                    .entry
                    .click(cell, &self.candidates, self.tree.position());
                if entry == Entry::Building && self.entry.picked() == Some(cell) {
                    self.dragging = Some(point);
                }
                self.entered(entry, context);
            }
            None => self.entry.clear(),
        }
    }

    /// The pointer came up: a dragged piece is put down where it is.
    pub(super) fn board_up(&mut self, point: Point, context: &mut Context) {
        if self.dragging.take().is_none() {
            return;
        }
        let cell = match self.hit(context, point) {
            Some(Hit::Cell(cell)) => Some(cell),
            _ => None,
        };
        let entry = self.entry.release(cell, &self.candidates);
        self.entered(entry, context);
    }

    fn entered(&mut self, entry: Entry, context: &mut Context) {
        match entry {
            Entry::Play(code) => self.play(code),
            Entry::Choose(codes) => {
                self.dragging = None;
                self.choosing = Some(codes);
            }
            Entry::Stuck(_) | Entry::Refused(_) => {
                self.dragging = None;
                self.entry.clear();
                context.output.cues.push(Cue::Illegal);
            }
            Entry::Building | Entry::Nothing => {}
        }
    }

    /// The right button went down: on a cell it starts an arrow or a circle in the
    /// colour the modifier keys choose; beside the board in 3D it turns the camera.
    pub(super) fn secondary_down(&mut self, point: Point, held: Modifiers, context: &Context) {
        match self.hit(context, point) {
            Some(Hit::Cell(cell)) => {
                self.drawings
                    .press(cell, Brush::of(held.shift, held.alt || held.ctrl));
            }
            _ => self.orbiting = context.prefs.settings.view_3d.then_some(point),
        }
    }

    /// The right button came up: the arrow or circle is drawn (or taken away).
    pub(super) fn secondary_up(&mut self, point: Point, context: &Context) {
        if self.drawings.drawing() {
            let cell = match self.hit(context, point) {
                Some(Hit::Cell(cell)) => Some(cell),
                _ => None,
            };
            self.drawings.release(cell);
        }
        self.orbiting = None;
    }

    /// The right button held in 3D orbits the camera.
    pub(super) fn orbit_to(&mut self, point: Point) {
        if let Some(from) = self.orbiting {
            self.orbiting = Some(point);
            let view = self.tree.position().view();
            self.boards
                .get_mut(true)
                .orbit(&view, point.x - from.x, point.y - from.y);
        }
    }

    fn marks(&self, context: &Context) -> Marks {
        let (quiet_targets, capture_targets) = self.entry.targets(&self.candidates);
        let position = self.tree.position();
        let last_move = match (position.moves().last(), self.tree.cursor()) {
            (Some(&code), _) => {
                let mut before = position.clone_box();
                before.undo();
                before.move_path(code).unwrap_or_default()
            }
            (None, _) => Vec::new(),
        };
        let hint = self
            .live
            .as_ref()
            .and_then(|live| {
                let view = live.view();
                let best = view.exact.as_ref().or(view.lines.first())?.best?;
                position.move_path(best)
            })
            .unwrap_or_default();
        let hover = match self.hit(context, context.window.pointer) {
            Some(Hit::Column(column)) => Some(Hit::Column(column)),
            Some(Hit::Cell(cell))
                if quiet_targets.contains(&cell) || capture_targets.contains(&cell) =>
            {
                Some(Hit::Cell(cell))
            }
            _ => None,
        };
        Marks {
            last_move,
            selected: self.entry.picked(),
            building: self.entry.landings().to_vec(),
            quiet_targets,
            capture_targets,
            hover,
            hint,
            explained: self.lesson_hint().into_iter().collect(),
            drawings: self
                .drawings
                .shown(match self.hit(context, context.window.pointer) {
                    Some(Hit::Cell(cell)) => Some(cell),
                    _ => None,
                }),
            dragging: match (self.entry.picked(), self.dragging) {
                (Some(cell), Some(_)) => Some((cell, context.window.pointer)),
                _ => None,
            },
            ..Marks::default()
        }
    }

    /// Draws the board with its marks.
    pub(super) fn draw_board(&self, context: &Context, frame: &mut Frame) {
        let position = self.tree.position();
        let view = position.view();
        let marks = self.marks(context);
        let scene = Scene {
            placement: self.placement(context),
            view: &view,
            game: position,
            marks: &marks,
            theme: theme::theme(context.prefs.settings.theme),
            to_move: position.to_move(),
            pointer: Some(context.window.pointer),
        };
        self.board(context).draw(&scene, frame);
    }

    /// The position's value from the first player's view, as the analysis has it: the
    /// proof when there is one, else the best line's score; the game's result when it
    /// is over.
    pub(super) fn first_view_score(&self) -> Option<Score> {
        let position = self.tree.position();
        if let Some(outcome) = position.outcome() {
            return Some(match outcome.winner() {
                Some(Player::First) => Score::WIN,
                Some(Player::Second) => -Score::WIN,
                None => Score::ZERO,
            });
        }
        let view = self.live.as_ref()?.view();
        let score = view.exact.as_ref().or(view.lines.first())?.score;
        Some(match position.to_move() {
            Player::First => score,
            Player::Second => -score,
        })
    }

    /// The evaluation bar: the first player's share of the chance of winning from the
    /// bottom when that side is at the bottom (its colour), the rest in the other's.
    pub(super) fn draw_bar(&self, context: &Context, frame: &mut Frame) {
        if self.lesson.is_some() {
            // The bar would give the answer away.
            return;
        }
        let s = widgets::scale(context);
        let layout = Layout::of(context);
        let position = self.tree.position();
        let bounds = self
            .board(context)
            .bounds(self.placement(context), &position.view());
        let bar = Rect::new(
            bounds.x - layout.bar_width - 10.0 * s,
            bounds.y,
            layout.bar_width,
            bounds.h,
        );
        let first = position.side_colors(Player::First).fill;
        let second = position.side_colors(Player::Second).fill;
        let to_rgba = |c: ply_core::Rgb| crate::color::Rgba::rgb(c.0, c.1, c.2);
        let bottom_is_first = position.bottom() == Player::First;
        let (low, high) = if bottom_is_first {
            (first, second)
        } else {
            (second, first)
        };
        frame.rect(bar.inset(-2.0 * s), theme::DIVIDER);
        frame.rect(bar, to_rgba(high));
        let score = self.first_view_score();
        let chance = score.map_or(0.5, |score| position.chance_curve().chance(score)) as f32;
        let low_share = if bottom_is_first {
            chance
        } else {
            1.0 - chance
        };
        let filled = bar.h * low_share;
        frame.rect(
            Rect::new(bar.x, bar.y + bar.h - filled, bar.w, filled),
            to_rgba(low),
        );
        frame.rect(
            Rect::new(
                bar.x - 3.0 * s,
                bar.y + bar.h / 2.0 - s,
                bar.w + 6.0 * s,
                2.0 * s,
            ),
            theme::TITLE,
        );
    }
}
