//! Buttons, titles and the other small pieces every screen is built from.

use super::Context;
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::text_fit;
use crate::theme;
use ply_play::Message;

/// A clickable area and what clicking it means to its screen.
pub struct Hit<A> {
    /// Where.
    pub rect: Rect,
    /// What it does.
    pub action: A,
}

/// The buttons of one screen layout, for drawing and hit testing.
pub struct Buttons<A> {
    hits: Vec<Hit<A>>,
}

impl<A: Copy> Buttons<A> {
    /// No buttons yet.
    pub fn new() -> Self {
        Buttons { hits: Vec::new() }
    }

    /// Adds a button area.
    pub fn add(&mut self, rect: Rect, action: A) {
        self.hits.push(Hit { rect, action });
    }

    /// The action under `point`, if any.
    pub fn at(&self, point: crate::geometry::Point) -> Option<A> {
        self.hits
            .iter()
            .rev()
            .find(|hit| hit.rect.contains(point))
            .map(|hit| hit.action)
    }
}

impl<A: Copy> Default for Buttons<A> {
    fn default() -> Self {
        Self::new()
    }
}

/// How a button looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Ready to press.
    Normal,
    /// The current choice.
    Chosen,
    /// Cannot be pressed now.
    Disabled,
}

/// Draws a button with rounded corners and an edge beneath: lighter under the pointer,
/// darker and pushed in while held, grey with dim text when it cannot be pressed.
pub fn button(frame: &mut Frame, context: &Context, rect: Rect, label: &str, look: Look) {
    let size = fitted_label_size(context, rect, label);
    sized_button(frame, context, rect, label, look, size);
}

/// Draws buttons that stand together (a row of filters) with labels of one size: the
/// largest at which every label fits its button, so that no button's words look
/// louder than its neighbours'.
pub fn buttons_alike<S: AsRef<str>>(
    frame: &mut Frame,
    context: &Context,
    buttons: &[(Rect, S, Look)],
) {
    let size = buttons
        .iter()
        .map(|(rect, label, _)| fitted_label_size(context, *rect, label.as_ref()))
        .fold(f32::INFINITY, f32::min);
    for (rect, label, look) in buttons {
        sized_button(frame, context, *rect, label.as_ref(), *look, size);
    }
}

/// The size of `label` on a button at `rect`: the button's size, smaller when the label
/// would not otherwise fit.
fn fitted_label_size(context: &Context, rect: Rect, label: &str) -> f32 {
    let inside = rect.w - 12.0 * scale(context);
    label_size(
        label,
        inside,
        button_font_size(context, rect.h),
        font_size(rect.h) * 0.7,
    )
}

/// Draws a button whose label is `size` pixels tall.
fn sized_button(
    frame: &mut Frame,
    context: &Context,
    rect: Rect,
    label: &str,
    look: Look,
    size: f32,
) {
    let s = scale(context);
    let hovered = rect.contains(context.window.pointer) && look != Look::Disabled;
    let pressed = hovered && context.window.pointer_held;
    let fill = match look {
        Look::Disabled => theme::BUTTON_DISABLED,
        Look::Chosen if hovered && !pressed => theme::BUTTON_ACTIVE_HOVER,
        Look::Chosen => theme::BUTTON_ACTIVE,
        Look::Normal if pressed => theme::BUTTON_PRESSED,
        Look::Normal if hovered => theme::BUTTON_HOVER,
        Look::Normal => theme::BUTTON,
    };
    let corner = theme::CORNER * s;
    let edge = if pressed || look == Look::Disabled {
        0.0
    } else {
        3.0 * s
    };
    let body = if pressed {
        Rect::new(rect.x, rect.y + 2.0 * s, rect.w, rect.h - 2.0 * s)
    } else {
        Rect::new(rect.x, rect.y, rect.w, rect.h - edge)
    };
    if edge > 0.0 {
        frame.rounded(rect, corner, theme::BUTTON_EDGE);
    }
    frame.rounded(body, corner, fill);
    let color = match look {
        Look::Disabled => theme::TEXT_DIM,
        Look::Chosen => theme::BACKGROUND,
        Look::Normal => theme::TEXT,
    };
    frame.text(label, body.inset(6.0 * s), size, color, Align::Center);
}

/// The size of the label of a button `height` pixels tall: a comfortable size grown by
/// the player's text size, up to 60% of the height, so that larger text still makes
/// the labels of buttons squeezed to fit a small window larger.
fn button_font_size(context: &Context, height: f32) -> f32 {
    let grown = font_size(height) * context.prefs.settings.text_scale();
    grown.min(height * 0.6).max(font_size(height))
}

/// The size of a button's label: `size`, made smaller when the label would not
/// otherwise fit in `width` (from its letters' widths), down to `smallest` (beyond
/// that the painter cuts it with an ellipsis).
fn label_size(label: &str, width: f32, size: f32, smallest: f32) -> f32 {
    let wide = text_fit::estimated_width(label, size);
    let fitting = if wide > width {
        size * width / wide
    } else {
        size
    };
    size.min(fitting.max(smallest))
}

/// About how many lines `text` takes when wrapped into `width` pixels at `size`,
/// from the font's average letter width (with a little to spare), for laying out what
/// follows a wrapped text without measuring it in the window.
pub fn wrapped_lines(text: &str, width: f32, size: f32) -> usize {
    let per_line = (width / (size * 0.55)).max(8.0) as usize;
    let mut lines = 1;
    let mut used = 0;
    for word in text.split_whitespace() {
        let length = word.chars().count();
        if used > 0 && used + 1 + length > per_line {
            lines += 1;
            used = length;
        } else {
            used += length + usize::from(used > 0);
        }
    }
    lines
}

/// Opens a help page (a mode's id, a topic, or the home page for `None`) in the browser
/// and says so, naming the file, so that a player whose browser does not come up knows
/// where the page is; when no browser can be started, says that and where the page is.
pub fn open_help(context: &mut Context, page: Option<&str>) {
    context.output.notice = Some(match crate::help::open_page(page) {
        Ok(file) => Message::info(format!(
            "The help page opens in your browser ({}).",
            file.display()
        )),
        Err(error) => Message::warning_sentence(&error),
    });
}

/// A comfortable font size for a box `height` pixels tall.
pub fn font_size(height: f32) -> f32 {
    (height * 0.5).clamp(14.0, 40.0)
}

/// The scale of texts and buttons: 1.0 at 1280x800 with normal text, growing with the
/// window and with the player's text size (so at 150% on 1280x800 a screen's layout must
/// fit into what would be 853x533 at normal size).
pub fn scale(context: &Context) -> f32 {
    let window = (context.window.size.0 / 1280.0)
        .min(context.window.size.1 / 800.0)
        .clamp(0.6, 2.5);
    window * context.prefs.settings.text_scale()
}

/// Paints the background and a title at the top; returns the area left below it.
pub fn page(frame: &mut Frame, context: &Context, title: &str) -> Rect {
    let window = context.window.area();
    let s = scale(context);
    frame.rect(window, theme::BACKGROUND);
    let title_box = Rect::new(0.0, 20.0 * s, window.w, 70.0 * s);
    frame.text(
        title,
        title_box,
        theme::TEXT_TITLE * s,
        theme::TITLE,
        Align::Center,
    );
    let rule = Rect::new(window.w / 2.0 - 40.0 * s, 98.0 * s, 80.0 * s, 3.0 * s);
    frame.rounded(rule, 1.5 * s, theme::BUTTON_ACTIVE);
    Rect::new(0.0, 100.0 * s, window.w, window.h - 100.0 * s)
}

/// `count` buttons stacked in a centred column inside `area`, squeezed to fit it (see
/// [`stack`]).
pub fn column(context: &Context, area: Rect, count: usize) -> Vec<Rect> {
    let s = scale(context);
    let width = (420.0 * s).min(area.w);
    let left = area.x + (area.w - width) / 2.0;
    let rows = stack(area, count, 54.0 * s, 14.0 * s);
    let total = rows.last().map_or(0.0, |last| last.y + last.h - area.y);
    let top = ((area.h - total) / 2.0).max(0.0);
    rows.into_iter()
        .map(|row| Rect::new(left, row.y + top, width, row.h))
        .collect()
}

/// Draws the Back button where [`back_button`] puts it.
pub fn draw_back_button(frame: &mut Frame, context: &Context) {
    button(frame, context, back_button(context), "Back", Look::Normal);
}

/// The Back button of a form screen (settings, sound): centred at the bottom.
pub fn back_button(context: &Context) -> Rect {
    let s = scale(context);
    let window = context.window.area();
    Rect::new(
        (window.w - 260.0 * s) / 2.0,
        window.h - 70.0 * s,
        260.0 * s,
        52.0 * s,
    )
}

/// The rows of a form screen: `count` pairs of a label and the button beside it,
/// centred, filling the room between the line under the title and the Back button
/// (squeezed to fit, see [`stack`]).
pub fn form_rows(context: &Context, count: usize) -> Vec<(Rect, Rect)> {
    let s = scale(context);
    let window = context.window.area();
    let label_w = 260.0 * s;
    let field_w = 420.0 * s;
    let left = ((window.w - label_w - field_w) / 2.0).max(16.0 * s);
    let top = 150.0 * s;
    let area = Rect::new(
        left,
        top,
        label_w + field_w,
        back_button(context).y - 16.0 * s - top,
    );
    let rows = stack(area, count, 54.0 * s, 16.0 * s);
    let used = rows.last().map_or(0.0, |last| last.y + last.h - area.y);
    let down = ((area.h - used) / 2.0).max(0.0);
    rows.into_iter()
        .map(|row| {
            let y = row.y + down;
            (
                Rect::new(row.x, y, label_w, row.h),
                Rect::new(row.x + label_w, y, field_w, row.h),
            )
        })
        .collect()
}

/// `count` rows as wide as `area`, stacked down from its top, each `height` tall with
/// `gap` between; when they would not fit (large text in a small window), the gaps
/// shrink first, to a third, then the rows, so that everything stays inside `area`.
pub fn stack(area: Rect, count: usize, height: f32, gap: f32) -> Vec<Rect> {
    let gaps = count.saturating_sub(1) as f32;
    let rows = count.max(1) as f32;
    let mut gap = gap;
    let mut height = height;
    if rows * height + gaps * gap > area.h {
        gap = ((area.h - rows * height) / gaps.max(1.0)).max(gap / 3.0);
    }
    if rows * height + gaps * gap > area.h {
        height = ((area.h - gaps * gap) / rows).max(0.0);
    }
    (0..count)
        .map(|i| Rect::new(area.x, area.y + i as f32 * (height + gap), area.w, height))
        .collect()
}

/// Shows the context's message, if any, as a strip across the top of the window in
/// the colour of its kind. The top edge holds only titles, never buttons, so a message
/// never hides something to press.
pub fn notice(context: &Context, frame: &mut Frame) {
    if let Some(message) = &context.output.notice {
        let window = context.window.area();
        let s = scale(context);
        let size = NOTICE_SIZE * s;
        let text = message.text.as_str();
        let lines = wrapped_lines(text, window.w - 24.0 * s, size).min(4);
        if lines == 1 {
            let strip = Rect::new(0.0, 0.0, window.w, MESSAGE_HEIGHT * s);
            frame.rect(strip, theme::message_color(message.kind));
            frame.text(text, strip.inset(4.0 * s), size, theme::TEXT, Align::Center);
        } else {
            // A long message (a file's path, a device's own words) is never cut: the
            // strip grows to hold it.
            let height = lines as f32 * size * 1.25 + 14.0 * s;
            let strip = Rect::new(0.0, 0.0, window.w, height.max(MESSAGE_HEIGHT * s));
            frame.rect(strip, theme::message_color(message.kind));
            let inside = Rect::new(12.0 * s, 5.0 * s, window.w - 24.0 * s, strip.h - 8.0 * s);
            frame.text(text, inside, size, theme::TEXT, Align::Wrap);
        }
    }
}

/// The size of a notice's text, before scaling.
const NOTICE_SIZE: f32 = 18.0;

/// The height of the message strip at the top of the window, before scaling.
pub const MESSAGE_HEIGHT: f32 = 34.0;
