//! The review's part of the analysis board's panel: a button to start it, then a
//! progress bar with Cancel, then each side's accuracy and counts of inaccuracies,
//! mistakes and blunders above a graph of the first player's chance of winning over
//! the game, with the move shown marked; a click on the graph goes to that move.

use super::AnalysisScreen;
use super::panel::PanelHit;
use crate::display::{Align, Frame, Item};
use crate::geometry::{Point, Rect};
use crate::screens::Context;
use crate::screens::widgets::{self, Look};
use crate::theme;
use ply_core::{MoveClass, Player};

/// The review area's parts.
struct ReviewParts {
    button: Rect,
    time: Rect,
    learn: Rect,
    text: Rect,
    second_text: Rect,
    graph: Rect,
}

impl ReviewParts {
    fn of(context: &Context, area: Rect) -> ReviewParts {
        let s = widgets::scale(context);
        let time_w = 120.0 * s;
        let button = Rect::new(area.x, area.y, area.w - time_w - 8.0 * s, 40.0 * s);
        let time = Rect::new(area.x + area.w - time_w, area.y, time_w, 40.0 * s);
        let text = Rect::new(area.x, area.y, area.w, 24.0 * s);
        let second_text = Rect::new(area.x, area.y + 24.0 * s, area.w, 24.0 * s);
        let learn = Rect::new(area.x + area.w - 100.0 * s, area.y, 100.0 * s, 44.0 * s);
        let graph_top = area.y + 54.0 * s;
        let graph = Rect::new(area.x, graph_top, area.w, area.y + area.h - graph_top);
        ReviewParts {
            button,
            time,
            learn,
            text,
            second_text,
            graph,
        }
    }
}

impl AnalysisScreen {
    /// What the review area has under `point`.
    pub(super) fn review_hit(
        &self,
        context: &Context,
        area: Rect,
        point: Point,
    ) -> Option<PanelHit> {
        let parts = ReviewParts::of(context, area);
        if self.review.running() {
            let cancel = cancel_button(context, area);
            return cancel.contains(point).then_some(PanelHit::CancelReview);
        }
        if let Some(done) = self.review.done() {
            if parts.learn.contains(point) && self.lesson.is_none() {
                return Some(PanelHit::Learn);
            }
            if !parts.graph.contains(point) {
                return None;
            }
            let moves = done.summary.moves.len().max(1);
            let share = ((point.x - parts.graph.x) / parts.graph.w).clamp(0.0, 1.0);
            return Some(PanelHit::Graph((share * moves as f32).round() as usize));
        }
        if parts.time.contains(point) {
            return Some(PanelHit::ReviewTime);
        }
        let can_start = !self.tree.main_line().is_empty();
        (can_start && parts.button.contains(point)).then_some(PanelHit::StartReview)
    }

    /// Draws the review area.
    pub(super) fn draw_review(&self, context: &Context, area: Rect, frame: &mut Frame) {
        let s = widgets::scale(context);
        let small = theme::TEXT_SMALL * s;
        let parts = ReviewParts::of(context, area);
        if let Some(progress) = self.review.progress() {
            frame.text(
                format!(
                    "Reviewing: {} of {} positions",
                    progress.done, progress.total
                ),
                parts.text,
                small,
                theme::TEXT,
                Align::Left,
            );
            let bar = Rect::new(area.x, parts.second_text.y + 6.0 * s, area.w, 14.0 * s);
            frame.rounded(bar, 4.0 * s, theme::PLAYER);
            let filled = Rect::new(bar.x, bar.y, bar.w * progress.fraction(), bar.h);
            frame.rounded(filled, 4.0 * s, theme::BUTTON_ACTIVE);
            widgets::button(
                frame,
                context,
                cancel_button(context, area),
                "Cancel",
                Look::Normal,
            );
            return;
        }
        if let Some(done) = self.review.done() {
            let game = self.tree.position();
            for (side, rect) in [
                (Player::First, parts.text),
                (Player::Second, parts.second_text),
            ] {
                let accuracy = done.summary.accuracy[side.index()]
                    .map_or("-".to_string(), |a| format!("{a:.0}"));
                let count = |class| done.summary.count(side, class);
                let text = format!(
                    "{} {accuracy}% · ?! {} · ? {} · ?? {}",
                    game.side_name(side),
                    count(MoveClass::Inaccuracy),
                    count(MoveClass::Mistake),
                    count(MoveClass::Blunder),
                );
                let beside_learn =
                    Rect::new(rect.x, rect.y, parts.learn.x - rect.x - 6.0 * s, rect.h);
                frame.text(text, beside_learn, small, theme::TEXT, Align::Left);
            }
            self.draw_graph(context, parts.graph, &done.summary.chances, frame);
            let look = if self.lesson.is_some() {
                Look::Disabled
            } else {
                Look::Normal
            };
            widgets::button(frame, context, parts.learn, "Learn", look);
            return;
        }
        if let Some(reason) = self.review.failure() {
            frame.text(
                format!("The review failed: {reason}"),
                Rect::new(area.x, parts.button.y + 46.0 * s, area.w, 24.0 * s),
                small,
                theme::WARNING,
                Align::Left,
            );
        }
        let look = if self.tree.main_line().is_empty() {
            Look::Disabled
        } else {
            Look::Normal
        };
        widgets::button(frame, context, parts.button, "Review the game", look);
        let seconds = f64::from(context.prefs.settings.review_ms) / 1000.0;
        let label = format!("{seconds} s a move");
        widgets::button(frame, context, parts.time, &label, Look::Normal);
    }

    /// The first player's chance over the game, 100% at the top, with the middle line
    /// and the move shown marked.
    fn draw_graph(&self, context: &Context, rect: Rect, chances: &[f64], frame: &mut Frame) {
        let s = widgets::scale(context);
        frame.rect(rect, theme::PLAYER);
        frame.rect(
            Rect::new(rect.x, rect.y + rect.h / 2.0, rect.w, s),
            theme::DIVIDER,
        );
        let steps = chances.len().saturating_sub(1).max(1) as f32;
        let point = |index: usize, chance: f64| {
            Point::new(
                rect.x + rect.w * index as f32 / steps,
                rect.y + rect.h * (1.0 - chance as f32),
            )
        };
        for (index, pair) in chances.windows(2).enumerate() {
            frame.push(Item::Line {
                from: point(index, pair[0]),
                to: point(index + 1, pair[1]),
                thickness: 2.0 * s,
                color: theme::TITLE,
            });
        }
        let main = self.tree.main_line();
        let cursor = self.tree.cursor();
        let shown = if cursor == ply_analysis::MoveTree::ROOT {
            Some(0)
        } else {
            main.iter().position(|&id| id == cursor).map(|at| at + 1)
        };
        if let Some(ply) = shown.filter(|&ply| ply < chances.len()) {
            let at = point(ply, chances[ply]);
            frame.rect(Rect::new(at.x - s, rect.y, 2.0 * s, rect.h), theme::HINT);
        }
    }
}

/// The Cancel button of a running review.
fn cancel_button(context: &Context, area: Rect) -> Rect {
    let s = widgets::scale(context);
    Rect::new(area.x, area.y + 76.0 * s, 140.0 * s, 40.0 * s)
}
