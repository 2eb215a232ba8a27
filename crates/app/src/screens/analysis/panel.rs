//! The analysis board's panel, top to bottom: the title; the computer's switch and
//! depth; a proven result (Connect Four); its best lines in the mode's notation (click
//! one to play it); the moves with their side lines and the review's marks; the review
//! (a button, then progress and Cancel, then accuracy and the graph); and the buttons
//! for lines and leaving. Drawing and clicking use the same layout.

use super::AnalysisScreen;
use super::layout::Layout;
use super::score_text;
use crate::color::Rgba;
use crate::display::{Align, Frame};
use crate::geometry::{Point, Rect};
use crate::screens::Context;
use crate::screens::widgets::{self, Look};
use crate::theme;
use ply_analysis::{MoveTree, NodeId};
use ply_core::{MoveClass, MoveCode, Player};
use ply_modes::{AnyGame, Thought};

/// Something on the panel a click does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelHit {
    /// Leave the analysis board.
    Back,
    /// Go to this move.
    Move(NodeId),
    /// Play the computer's line with this index onto the board.
    Line(usize),
    /// Turn the computer's analysis on or off.
    Engine,
    /// Make the line shown the preferred one where it branches.
    Promote,
    /// Delete the move shown and what follows it.
    Delete,
    /// Play this move (one of several that fit a click: a promotion).
    Choice(MoveCode),
    /// Start the review.
    StartReview,
    /// Choose the next review time per position.
    ReviewTime,
    /// Stop the review.
    CancelReview,
    /// Go to the position after this many moves of the main line (the graph).
    Graph(usize),
    /// Type or paste a position or a game.
    Paste,
    /// Set up the position shown by hand, in the editor.
    Edit,
    /// Put the position on the clipboard.
    CopyPosition,
    /// Put the game's record on the clipboard.
    CopyGame,
    /// Start learning from the game's mistakes.
    Learn,
    /// A button of the lesson.
    Lesson(LessonButton),
}

/// The lesson's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonButton {
    /// Mark the piece to move.
    Hint,
    /// Play the best move.
    Show,
    /// Try the same position again.
    Retry,
    /// On to the next mistake.
    Next,
    /// Leave the lesson.
    Stop,
}

/// The colour a move's class is marked in.
fn class_color(class: MoveClass) -> Rgba {
    match class {
        MoveClass::Best => Rgba::rgb(120, 200, 140),
        MoveClass::Good => theme::TEXT,
        MoveClass::Inaccuracy => Rgba::rgb(240, 210, 90),
        MoveClass::Mistake => Rgba::rgb(245, 150, 60),
        MoveClass::Blunder => Rgba::rgb(235, 80, 70),
    }
}

/// The panel's parts.
struct Parts {
    title: Rect,
    engine: Rect,
    status: Rect,
    proven: Option<Rect>,
    lines: Vec<Rect>,
    explorer: Rect,
    moves: Rect,
    review: Rect,
    tools: [Rect; 4],
    buttons: [Rect; 3],
}

impl Parts {
    fn of(context: &Context, proven: bool) -> Parts {
        let s = widgets::scale(context);
        let panel = Layout::of(context).panel;
        let pad = 16.0 * s;
        let inner = Rect::new(panel.x + pad, panel.y, panel.w - 2.0 * pad, panel.h);
        let mut y = widgets::MESSAGE_HEIGHT * s + 8.0 * s;
        let title = Rect::new(inner.x, y, inner.w, 32.0 * s);
        y += 38.0 * s;
        let engine = Rect::new(inner.x, y, 130.0 * s, 32.0 * s);
        let status = Rect::new(inner.x + 140.0 * s, y, inner.w - 140.0 * s, 32.0 * s);
        y += 40.0 * s;
        let proven = proven.then(|| {
            let rect = Rect::new(inner.x, y, inner.w, 26.0 * s);
            y += 30.0 * s;
            rect
        });
        let lines = (0..super::LINES)
            .map(|index| Rect::new(inner.x, y + index as f32 * 30.0 * s, inner.w, 28.0 * s))
            .collect();
        y += super::LINES as f32 * 30.0 * s + 2.0 * s;
        let explorer = Rect::new(inner.x, y, inner.w, 44.0 * s);
        y += 50.0 * s;
        let button_h = 44.0 * s;
        let buttons_y = panel.h - button_h - 14.0 * s;
        let third = (inner.w - 2.0 * 8.0 * s) / 3.0;
        let buttons = [0.0, 1.0, 2.0]
            .map(|i| Rect::new(inner.x + i * (third + 8.0 * s), buttons_y, third, button_h));
        let tools_y = buttons_y - 40.0 * s;
        let quarter = (inner.w - 3.0 * 6.0 * s) / 4.0;
        let tools = [0.0, 1.0, 2.0, 3.0].map(|i| {
            Rect::new(
                inner.x + i * (quarter + 6.0 * s),
                tools_y,
                quarter,
                34.0 * s,
            )
        });
        let review_h = 186.0 * s;
        let review = Rect::new(inner.x, tools_y - review_h - 8.0 * s, inner.w, review_h);
        let moves = Rect::new(inner.x, y, inner.w, (review.y - 10.0 * s - y).max(0.0));
        Parts {
            title,
            engine,
            status,
            proven,
            lines,
            explorer,
            moves,
            review,
            tools,
            buttons,
        }
    }
}

/// A move of the list where it is drawn.
struct Chip {
    rect: Rect,
    id: NodeId,
    number: String,
    shown: String,
    class: Option<MoveClass>,
}

impl AnalysisScreen {
    fn parts(&self, context: &Context) -> Parts {
        let proven = self
            .live
            .as_ref()
            .is_some_and(|live| live.view().exact.is_some());
        Parts::of(context, proven)
    }

    /// The moves of the list laid out in `area`, scrolled so the move shown is in it;
    /// those outside it are left out.
    fn chips(&self, context: &Context, area: Rect) -> Vec<Chip> {
        let s = widgets::scale(context);
        let size = theme::TEXT_SMALL * s * context.prefs.settings.text_scale().min(1.3);
        let row_h = size * 1.5;
        let letter = size * 0.62;
        let classes = self.review.done().map(|done| &done.classes);
        let mut chips = Vec::new();
        let mut y = area.y;
        for line in self.tree.listing() {
            let indent = 18.0 * s * line.depth.min(6) as f32;
            let mut x = area.x + indent;
            for listed in line.moves {
                let class = classes.and_then(|c| c.get(&listed.id)).copied();
                let glyph = class.and_then(MoveClass::glyph).unwrap_or("");
                let letters = listed.number.chars().count()
                    + listed.shown.chars().count()
                    + glyph.chars().count();
                let width = letters as f32 * letter + 12.0 * s;
                if x + width > area.x + area.w && x > area.x + indent {
                    x = area.x + indent + 12.0 * s;
                    y += row_h;
                }
                chips.push(Chip {
                    rect: Rect::new(x, y, width, row_h),
                    id: listed.id,
                    number: listed.number,
                    shown: format!("{}{glyph}", listed.shown),
                    class,
                });
                x += width + 4.0 * s;
            }
            y += row_h;
        }
        let cursor = self.tree.cursor();
        let bottom = chips
            .iter()
            .find(|chip| chip.id == cursor)
            .map_or(area.y, |chip| chip.rect.y + chip.rect.h);
        let shift = (bottom - (area.y + area.h)).max(0.0);
        chips
            .into_iter()
            .map(|mut chip| {
                chip.rect.y -= shift;
                chip
            })
            .filter(|chip| chip.rect.y >= area.y && chip.rect.y + chip.rect.h <= area.y + area.h)
            .collect()
    }

    /// The choice boxes of a click several moves fit, over the board.
    fn choice_buttons(&self, context: &Context) -> Vec<(Rect, MoveCode, String)> {
        let Some(codes) = &self.choosing else {
            return Vec::new();
        };
        let s = widgets::scale(context);
        let board = Layout::of(context).board;
        let width = 200.0 * s;
        let height = 44.0 * s;
        let top = board.y + board.h / 2.0 - codes.len() as f32 * (height + 8.0 * s) / 2.0;
        codes
            .iter()
            .enumerate()
            .map(|(index, &code)| {
                let rect = Rect::new(
                    board.x + board.w / 2.0 - width / 2.0,
                    top + index as f32 * (height + 8.0 * s),
                    width,
                    height,
                );
                let label = self
                    .tree
                    .position()
                    .display_move(code)
                    .unwrap_or_else(|| "?".into());
                (rect, code, label)
            })
            .collect()
    }

    /// What the panel (or a choice over the board) has under `point`.
    pub(super) fn panel_hit(&self, context: &Context, point: Point) -> Option<PanelHit> {
        if self.choosing.is_some() {
            return self
                .choice_buttons(context)
                .into_iter()
                .find(|(rect, ..)| rect.contains(point))
                .map(|(_, code, _)| PanelHit::Choice(code));
        }
        let parts = self.parts(context);
        if parts.engine.contains(point) {
            return Some(PanelHit::Engine);
        }
        let [promote, delete, back] = parts.buttons;
        let [paste, edit, copy_position, copy_game] = parts.tools;
        for (rect, hit) in [
            (edit, PanelHit::Edit),
            (promote, PanelHit::Promote),
            (delete, PanelHit::Delete),
            (back, PanelHit::Back),
            (paste, PanelHit::Paste),
            (copy_position, PanelHit::CopyPosition),
            (copy_game, PanelHit::CopyGame),
        ] {
            if rect.contains(point) {
                return Some(hit);
            }
        }
        if let Some(hit) = self.lesson_hit(context, parts.moves, point) {
            return Some(hit);
        }
        if let Some(index) = parts.lines.iter().position(|rect| rect.contains(point)) {
            return Some(PanelHit::Line(index));
        }
        if let Some(chip) = self
            .chips(context, parts.moves)
            .into_iter()
            .find(|chip| chip.rect.contains(point))
        {
            return Some(PanelHit::Move(chip.id));
        }
        self.review_hit(context, parts.review, point)
    }

    /// Draws the panel (and a choice over the board).
    pub(super) fn draw_panel(&self, context: &Context, frame: &mut Frame) {
        let s = widgets::scale(context);
        let layout = Layout::of(context);
        frame.rect(layout.panel, theme::PANEL);
        let parts = self.parts(context);
        let position = self.tree.position();
        frame.text(
            self.title.as_str(),
            parts.title,
            theme::TEXT_HEADING * s * 0.8,
            theme::TITLE,
            Align::Left,
        );
        let engine_label = if self.engine_on {
            "Computer: on"
        } else {
            "Computer: off"
        };
        let look = if self.engine_on {
            Look::Chosen
        } else {
            Look::Normal
        };
        widgets::button(frame, context, parts.engine, engine_label, look);
        let view = self.live.as_ref().map(|live| live.view());
        let status = match (&view, self.review.running()) {
            (_, true) => "paused while the review runs".to_string(),
            (None, false) if self.lesson.is_some() => "hidden while you learn".to_string(),
            (None, false) if position.outcome().is_some() => "the game is over".to_string(),
            (None, false) => "not analysing".to_string(),
            (Some(view), false) => match view.lines.first() {
                Some(best) => {
                    let score = self
                        .first_view_score()
                        .map(|score| score_text::short(position, score))
                        .unwrap_or_default();
                    let done = if view.searching { "" } else { " (done)" };
                    format!("{score} · depth {}{done}", best.depth)
                }
                None if position.outcome().is_some() => "the game is over".to_string(),
                None => "thinking".to_string(),
            },
        };
        let small = theme::TEXT_SMALL * s;
        frame.text(status, parts.status, small, theme::TEXT_DIM, Align::Left);
        if let (Some(rect), Some(exact)) =
            (parts.proven, view.as_ref().and_then(|v| v.exact.as_ref()))
        {
            let text = score_text::proven(position, exact.score);
            frame.text(text, rect, small * 1.05, theme::TITLE, Align::Left);
        }
        let lines: &[Thought] = view.as_ref().map_or(&[], |view| view.lines.as_slice());
        for (rect, line) in parts.lines.iter().zip(lines) {
            self.draw_line(context, *rect, line, frame);
        }
        frame.rect(
            Rect::new(
                parts.moves.x,
                parts.moves.y - 5.0 * s,
                parts.moves.w,
                1.0 * s,
            ),
            theme::DIVIDER,
        );
        if let Some(explored) = &self.explored {
            let (games, moves) = explorer_text(explored);
            let half = parts.explorer.h / 2.0;
            let (top, bottom) = (
                Rect::new(parts.explorer.x, parts.explorer.y, parts.explorer.w, half),
                Rect::new(
                    parts.explorer.x,
                    parts.explorer.y + half,
                    parts.explorer.w,
                    half,
                ),
            );
            frame.text(games, top, small * 0.95, theme::TEXT_DIM, Align::Left);
            frame.text(moves, bottom, small * 0.95, theme::TEXT_DIM, Align::Left);
        }
        self.draw_moves(context, parts.moves, frame);
        self.draw_lesson(context, parts.moves, frame);
        self.draw_review(context, parts.review, frame);
        let on_side_line = !self.tree.on_main_line(self.tree.cursor());
        let [promote, delete, back] = parts.buttons;
        let promote_look = if on_side_line {
            Look::Normal
        } else {
            Look::Disabled
        };
        widgets::button(frame, context, promote, "Promote", promote_look);
        let delete_look = if self.tree.cursor() == MoveTree::ROOT {
            Look::Disabled
        } else {
            Look::Normal
        };
        widgets::button(frame, context, delete, "Delete", delete_look);
        widgets::button(frame, context, back, "Back", Look::Normal);
        let [paste, edit, copy_position, copy_game] = parts.tools;
        widgets::button(frame, context, paste, "Paste…", Look::Normal);
        widgets::button(frame, context, edit, "Edit…", Look::Normal);
        widgets::button(frame, context, copy_position, "Copy position", Look::Normal);
        widgets::button(frame, context, copy_game, "Copy game", Look::Normal);
        if let Some(text) = &self.typing {
            self.draw_typing(context, parts.moves, text, frame);
        }
        for (rect, _, label) in self.choice_buttons(context) {
            widgets::button(frame, context, rect, &label, Look::Normal);
        }
    }

    /// One of the computer's lines: its score, then its moves numbered as the move
    /// list numbers them.
    fn draw_line(&self, context: &Context, rect: Rect, line: &Thought, frame: &mut Frame) {
        let s = widgets::scale(context);
        let position = self.tree.position();
        if rect.contains(context.window.pointer) {
            frame.rounded(rect, 4.0 * s, theme::PLAYER_TO_MOVE);
        } else {
            frame.rounded(rect, 4.0 * s, theme::PLAYER);
        }
        let first_view = match position.to_move() {
            Player::First => line.score,
            Player::Second => -line.score,
        };
        let size = theme::TEXT_SMALL * s * 0.95;
        let score_width = if score_text::in_pawns(position) {
            78.0
        } else {
            124.0
        } * s;
        let score_box = Rect::new(rect.x + 6.0 * s, rect.y, score_width, rect.h);
        frame.text(
            score_text::short(position, first_view),
            score_box,
            size,
            theme::TITLE,
            Align::Left,
        );
        let moves_x = score_box.x + score_width + 4.0 * s;
        let moves = Rect::new(moves_x, rect.y, rect.x + rect.w - moves_x - 4.0 * s, rect.h);
        let text = line_text(position, self.tree.first_mover(), &line.line);
        frame.text(text, moves, size, theme::TEXT, Align::Left);
    }

    fn draw_moves(&self, context: &Context, area: Rect, frame: &mut Frame) {
        let s = widgets::scale(context);
        let size = theme::TEXT_SMALL * s * context.prefs.settings.text_scale().min(1.3);
        let cursor = self.tree.cursor();
        let chips = self.chips(context, area);
        if chips.is_empty() && self.tree.main_line().is_empty() {
            frame.text(
                "No moves yet: play one on the board.",
                Rect::new(area.x, area.y, area.w, size * 1.6),
                size,
                theme::TEXT_DIM,
                Align::Left,
            );
        }
        for chip in chips {
            if chip.id == cursor {
                frame.rounded(chip.rect, 4.0 * s, theme::BUTTON);
            } else if chip.rect.contains(context.window.pointer) {
                frame.rounded(chip.rect, 4.0 * s, theme::PLAYER_TO_MOVE);
            }
            let color = chip.class.map_or(theme::TEXT, class_color);
            let color = if self.tree.on_main_line(chip.id) {
                color
            } else {
                theme::TEXT_DIM
            };
            let inside = chip.rect.inset(2.0 * s);
            let number_w = chip.number.chars().count() as f32 * size * 0.56;
            frame.text(chip.number, inside, size, theme::TEXT_DIM, Align::Left);
            let rest = Rect::new(inside.x + number_w, inside.y, inside.w - number_w, inside.h);
            frame.text(chip.shown, rest, size, color, Align::Left);
        }
    }
}

impl AnalysisScreen {
    /// The box where a position or a game is typed or pasted, over the moves.
    fn draw_typing(&self, context: &Context, area: Rect, text: &str, frame: &mut Frame) {
        let s = widgets::scale(context);
        let small = theme::TEXT_SMALL * s;
        frame.rounded(area, 6.0 * s, theme::BACKGROUND);
        let hint = Rect::new(
            area.x + 8.0 * s,
            area.y + 4.0 * s,
            area.w - 16.0 * s,
            44.0 * s,
        );
        frame.push(crate::display::Item::Text {
            text: "Type or paste (Ctrl+V) a position, moves or a game record; Enter opens \
                   it, Esc goes back."
                .into(),
            rect: hint,
            size: small * 0.9,
            color: theme::TEXT_DIM,
            align: Align::Left,
        });
        let per_line = ((area.w - 16.0 * s) / (small * 0.56)).max(10.0) as usize;
        let lines = (area.h - 60.0 * s) / (small * 1.4);
        let shown: Vec<String> = text
            .lines()
            .flat_map(|line| {
                let letters: Vec<char> = line.chars().collect();
                letters
                    .chunks(per_line)
                    .map(|chunk| chunk.iter().collect::<String>())
                    .collect::<Vec<_>>()
            })
            .collect();
        let skip = shown.len().saturating_sub(lines.max(1.0) as usize);
        for (index, line) in shown.iter().skip(skip).enumerate() {
            let y = area.y + 52.0 * s + index as f32 * small * 1.4;
            let rect = Rect::new(area.x + 8.0 * s, y, area.w - 16.0 * s, small * 1.4);
            frame.text(line.as_str(), rect, small, theme::TEXT, Align::Left);
        }
        if text.is_empty() {
            let rect = Rect::new(area.x + 8.0 * s, area.y + 52.0 * s, area.w, small * 1.4);
            frame.text("|", rect, small, theme::TITLE, Align::Left);
        }
    }
}

/// "Your games here", on two lines: how many of the player's games reached the
/// position, and the moves most played from it with the side to move's score after
/// each (or how the games ended there).
fn explorer_text(explored: &ply_history::Explored) -> (String, String) {
    if explored.games == 0 {
        return ("Your games here: none".to_string(), String::new());
    }
    let games = if explored.games == 1 { "game" } else { "games" };
    let heading = format!("Your games here: {} {games}", explored.games);
    if explored.moves.is_empty() {
        let ended = explored.ended_here;
        let how = format!(
            "ended here: the side to move won {}, drew {}, lost {}",
            ended.wins, ended.draws, ended.losses
        );
        return (heading, how);
    }
    let moves: Vec<String> = explored
        .moves
        .iter()
        .take(3)
        .map(|next| {
            let tally = next.tally;
            let games = tally.games();
            let score =
                (f64::from(tally.wins) + f64::from(tally.draws) / 2.0) / f64::from(games.max(1));
            format!("{} ×{games} ({:.0}%)", next.display, score * 100.0)
        })
        .collect();
    (heading, moves.join(" · "))
}

/// A line of moves (in move text, from `position`) as players read it, numbered as
/// the move list numbers a game whose first move was `first_mover`'s.
fn line_text(position: &dyn AnyGame, first_mover: Player, line: &[String]) -> String {
    let mut game = position.clone_box();
    let offset = usize::from(first_mover == Player::Second);
    let mut words = Vec::new();
    for (index, text) in line.iter().enumerate() {
        let Ok(code) = game.parse_move(text) else {
            break;
        };
        let shown = game.display_move(code).unwrap_or_else(|| text.clone());
        let number = (game.moves().len() + offset) / 2 + 1;
        match game.to_move() {
            Player::First => words.push(format!("{number}. {shown}")),
            Player::Second if index == 0 => words.push(format!("{number}… {shown}")),
            Player::Second => words.push(shown),
        }
        if game.play(code).is_err() {
            break;
        }
    }
    words.join(" ")
}
