//! The lesson's part of the analysis board: starting it from a finished review, its
//! box over the move list (which mistake, what was played, what to find, how the try
//! went) with Hint, Show, Try again, Next and Stop, and what each button does.

use super::AnalysisScreen;
use super::lesson::{Lesson, Mistake, Step};
use super::panel::{LessonButton, PanelHit};
use crate::display::{Align, Frame};
use crate::geometry::{Point, Rect};
use crate::screens::Context;
use crate::screens::widgets::{self, Look};
use crate::theme;
use ply_analysis::MoveTree;
use ply_core::MoveClass;
use ply_save::Controller;

impl AnalysisScreen {
    /// The mistakes and blunders of the people at the table (every side's when the
    /// game says nobody), in order.
    fn mistakes(&self) -> Vec<Mistake> {
        let Some(done) = self.review.done() else {
            return Vec::new();
        };
        let people: Vec<_> = self
            .saved
            .iter()
            .flat_map(|saved| &saved.seats)
            .filter(|seat| seat.controller == Controller::Person)
            .map(|seat| seat.side)
            .collect();
        let main = self.tree.main_line();
        done.summary
            .moves
            .iter()
            .enumerate()
            .filter(|(_, verdict)| verdict.class >= MoveClass::Mistake)
            .filter(|(_, verdict)| people.is_empty() || people.contains(&verdict.mover))
            .filter_map(|(ply, verdict)| {
                let played = main.get(ply)?;
                Some(Mistake {
                    before: if ply == 0 {
                        MoveTree::ROOT
                    } else {
                        main[ply - 1]
                    },
                    mover: verdict.mover,
                    played: self.tree.shown(*played).to_string(),
                    class: verdict.class,
                    chance: verdict.before,
                    best: done.review.positions.get(ply)?.best.clone(),
                })
            })
            .collect()
    }

    /// Starts the lesson at the first mistake, with the computer's lines hidden.
    pub(super) fn start_lesson(&mut self) {
        let lesson = Lesson::new(self.mistakes());
        let first = lesson.current().map(|mistake| mistake.before);
        self.lesson = Some(lesson);
        if let Some(before) = first {
            self.tree.go(before);
        }
        self.moved();
    }

    /// Does what a lesson button says.
    pub(super) fn lesson_step(&mut self, button: LessonButton) {
        let Some(lesson) = &mut self.lesson else {
            return;
        };
        let before = lesson.current().map(|mistake| mistake.before);
        match button {
            LessonButton::Hint => lesson.hinted = true,
            LessonButton::Retry => {
                lesson.retry();
                if let Some(before) = before {
                    self.tree.go(before);
                    self.moved();
                }
            }
            LessonButton::Show => {
                let best = lesson.current().and_then(|mistake| mistake.best.clone());
                lesson.shown();
                if let (Some(before), Some(best)) = (before, best) {
                    self.tree.go(before);
                    self.tree.play_line(&[best]);
                    self.moved();
                }
            }
            LessonButton::Next => {
                lesson.next();
                if let Some(next) = lesson.current().map(|mistake| mistake.before) {
                    self.tree.go(next);
                    self.moved();
                }
            }
            LessonButton::Stop => {
                self.lesson = None;
                self.moved();
            }
        }
    }

    /// The cell the hint marks: where the best move starts.
    pub(super) fn lesson_hint(&self) -> Option<usize> {
        let lesson = self.lesson.as_ref().filter(|lesson| lesson.hinted)?;
        let mistake = lesson.current()?;
        if self.tree.cursor() != mistake.before {
            return None;
        }
        let position = self.tree.position();
        let code = position.parse_move(mistake.best.as_deref()?).ok()?;
        position.move_path(code)?.first().copied()
    }

    /// The lesson's box and its buttons, in `area`.
    fn lesson_layout(&self, context: &Context, area: Rect) -> (Rect, Vec<(Rect, LessonButton)>) {
        let s = widgets::scale(context);
        let box_rect = Rect::new(area.x, area.y, area.w, (190.0 * s).min(area.h));
        let Some(lesson) = &self.lesson else {
            return (box_rect, Vec::new());
        };
        let buttons: Vec<LessonButton> = match lesson.step() {
            Step::Asking | Step::Checking => {
                vec![LessonButton::Hint, LessonButton::Show, LessonButton::Stop]
            }
            Step::Wrong(_) => vec![LessonButton::Retry, LessonButton::Show, LessonButton::Stop],
            Step::Right | Step::Shown => vec![LessonButton::Next, LessonButton::Stop],
            Step::Done => vec![LessonButton::Stop],
        };
        let gap = 8.0 * s;
        let width = (box_rect.w - 16.0 * s - gap * 2.0) / 3.0;
        let y = box_rect.y + box_rect.h - 44.0 * s;
        let placed = buttons
            .into_iter()
            .enumerate()
            .map(|(index, button)| {
                let x = box_rect.x + 8.0 * s + index as f32 * (width + gap);
                (Rect::new(x, y, width, 36.0 * s), button)
            })
            .collect();
        (box_rect, placed)
    }

    /// What the lesson's box has under `point`.
    pub(super) fn lesson_hit(
        &self,
        context: &Context,
        area: Rect,
        point: Point,
    ) -> Option<PanelHit> {
        self.lesson.as_ref()?;
        let (_, buttons) = self.lesson_layout(context, area);
        buttons
            .into_iter()
            .find(|(rect, _)| rect.contains(point))
            .map(|(_, button)| PanelHit::Lesson(button))
    }

    /// Draws the lesson's box.
    pub(super) fn draw_lesson(&self, context: &Context, area: Rect, frame: &mut Frame) {
        let Some(lesson) = &self.lesson else {
            return;
        };
        let s = widgets::scale(context);
        let small = theme::TEXT_SMALL * s;
        let (box_rect, buttons) = self.lesson_layout(context, area);
        frame.rounded(box_rect, 6.0 * s, theme::PLAYER);
        let line = |index: f32| {
            Rect::new(
                box_rect.x + 10.0 * s,
                box_rect.y + 8.0 * s + index * small * 1.5,
                box_rect.w - 20.0 * s,
                small * 1.4,
            )
        };
        let position = self.tree.position();
        let (number, count) = lesson.place();
        let (heading, what, status) = match (lesson.current(), lesson.step()) {
            (_, Step::Done) | (None, _) => (
                "Learn from your mistakes".to_string(),
                if count == 0 {
                    "No mistakes or blunders to learn from in this game.".to_string()
                } else {
                    "You have been through every mistake.".to_string()
                },
                String::new(),
            ),
            (Some(mistake), step) => {
                let side = position.side_name(mistake.mover);
                let status = match step {
                    Step::Asking if lesson.hinted => "Hint: the marked piece moves.".to_string(),
                    Step::Asking => String::new(),
                    Step::Checking => "Checking your move…".to_string(),
                    Step::Right => "Well found!".to_string(),
                    Step::Wrong(reason) => reason.clone(),
                    Step::Shown => "This was the best move.".to_string(),
                    Step::Done => String::new(),
                };
                (
                    format!("Learn from your mistakes: {number} of {count}"),
                    format!(
                        "{side} played {}{} here ({}). Find a better move for {side}.",
                        mistake.played,
                        mistake.class.glyph().unwrap_or(""),
                        mistake.class.name()
                    ),
                    status,
                )
            }
        };
        frame.text(heading, line(0.0), small, theme::TITLE, Align::Left);
        let wrapped = crate::text_fit::wrapped(&what, line(1.0).w, 2, |text| {
            text.chars().count() as f32 * small * 0.55
        });
        for (index, part) in wrapped.iter().enumerate() {
            frame.text(
                part.clone(),
                line(1.0 + index as f32),
                small,
                theme::TEXT,
                Align::Left,
            );
        }
        let color = match lesson.step() {
            Step::Right => theme::ENDING,
            Step::Wrong(_) => theme::WARNING,
            _ => theme::TEXT_DIM,
        };
        frame.text(status, line(3.0), small, color, Align::Left);
        for (rect, button) in buttons {
            let label = match button {
                LessonButton::Hint => "Hint",
                LessonButton::Show => "Show",
                LessonButton::Retry => "Try again",
                LessonButton::Next => "Next",
                LessonButton::Stop => "Stop",
            };
            let look = if button == LessonButton::Hint && lesson.hinted {
                Look::Disabled
            } else {
                Look::Normal
            };
            widgets::button(frame, context, rect, label, look);
        }
    }
}
