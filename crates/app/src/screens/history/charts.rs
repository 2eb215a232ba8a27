//! The Statistics screen's charts, drawn with the display list: results over time as
//! stacked bars of wins, draws and losses per week or month, and results per mode as
//! horizontal stacked bars.

use crate::color::Rgba;
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::theme;
use ply_history::Tally;

/// The colour of a win in the charts and the list.
pub const WIN: Rgba = Rgba::rgb(110, 200, 120);
/// The colour of a draw in the charts.
pub const DRAW: Rgba = Rgba::rgb(150, 160, 176);
/// The colour of a loss in the charts and the list.
pub const LOSS: Rgba = Rgba::rgb(236, 112, 100);

/// One bar of a chart: its label and the results in it.
pub struct Column {
    /// What the bar stands for ("2026-11", "Chess").
    pub label: String,
    /// Wins, draws and losses.
    pub tally: Tally,
}

/// The most games of any bar (at least 1, the scale's top).
fn most_games(bars: &[Column]) -> u32 {
    bars.iter()
        .map(|bar| bar.tally.games())
        .max()
        .unwrap_or(0)
        .max(1)
}

/// The parts of a tally, bottom (or left) first, with their colours.
fn parts(tally: Tally) -> [(u32, Rgba); 3] {
    [(tally.wins, WIN), (tally.draws, DRAW), (tally.losses, LOSS)]
}

/// Draws the chart's title and the colours' legend in `band`.
pub fn heading(title: &str, band: Rect, size: f32, frame: &mut Frame) {
    let key_width = size * 4.2;
    let title_room = Rect::new(band.x, band.y, band.w - 3.0 * key_width, band.h);
    frame.text(title, title_room, size, theme::TEXT, Align::Left);
    for (index, (word, color)) in [("won", WIN), ("drawn", DRAW), ("lost", LOSS)]
        .into_iter()
        .enumerate()
    {
        let x = band.x + band.w - (3 - index) as f32 * key_width;
        let swatch = Rect::new(
            x,
            band.y + (band.h - size * 0.7) / 2.0,
            size * 0.7,
            size * 0.7,
        );
        frame.rect(swatch, color);
        let label = Rect::new(x + size, band.y, key_width - size * 1.1, band.h);
        frame.text(word, label, size * 0.85, theme::TEXT_DIM, Align::Left);
    }
}

/// Stacked vertical bars, oldest left, in `area`; labels under every bar there is room
/// for; the tallest bar's count at the top left.
pub fn columns(bars: &[Column], area: Rect, size: f32, frame: &mut Frame) {
    frame.rect(area, theme::PANEL);
    let label_height = size * 1.4;
    let plot = Rect::new(
        area.x + size * 2.2,
        area.y + size * 0.6,
        area.w - size * 2.8,
        area.h - label_height - size * 0.6,
    );
    let most = most_games(bars);
    frame.text(
        most.to_string(),
        Rect::new(area.x + size * 0.2, plot.y - size * 0.4, size * 1.8, size),
        size * 0.8,
        theme::TEXT_DIM,
        Align::Right,
    );
    frame.text(
        "0",
        Rect::new(
            area.x + size * 0.2,
            plot.y + plot.h - size * 0.6,
            size * 1.8,
            size,
        ),
        size * 0.8,
        theme::TEXT_DIM,
        Align::Right,
    );
    if bars.is_empty() {
        return;
    }
    let pitch = plot.w / bars.len() as f32;
    let label_width = size
        * 0.55
        * bars
            .iter()
            .map(|bar| bar.label.chars().count())
            .max()
            .unwrap_or(1) as f32;
    let every = ((label_width + size * 0.6) / pitch).ceil().max(1.0) as usize;
    for (index, bar) in bars.iter().enumerate() {
        let x = plot.x + index as f32 * pitch + pitch * 0.15;
        let width = pitch * 0.7;
        let mut bottom = plot.y + plot.h;
        for (count, color) in parts(bar.tally) {
            let height = plot.h * count as f32 / most as f32;
            bottom -= height;
            if height > 0.0 {
                frame.rect(Rect::new(x, bottom, width, height), color);
            }
        }
        if (bars.len() - 1 - index).is_multiple_of(every) {
            let center = plot.x + (index as f32 + 0.5) * pitch;
            let room = pitch * every as f32;
            frame.text(
                bar.label.as_str(),
                Rect::new(
                    center - room / 2.0,
                    plot.y + plot.h + size * 0.2,
                    room,
                    label_height,
                ),
                size * 0.8,
                theme::TEXT_DIM,
                Align::Center,
            );
        }
    }
}

/// From one row of horizontal bars to the next, for text of `size`.
fn row_pitch(size: f32) -> f32 {
    size * 1.6
}

/// The height `count` rows of horizontal bars take.
pub fn rows_height(count: usize, size: f32) -> f32 {
    count as f32 * row_pitch(size) + size * 0.4
}

/// How many rows of horizontal bars fit in `height`.
pub fn rows_fitting(height: f32, size: f32) -> usize {
    ((height - size * 0.4) / row_pitch(size)).floor().max(0.0) as usize
}

/// Horizontal stacked bars, one per row, the label at the left and the number of
/// games at the right, in `area`; as many rows as fit (see [`rows_fitting`]).
pub fn rows(bars: &[Column], area: Rect, size: f32, frame: &mut Frame) {
    frame.rect(area, theme::PANEL);
    let pitch = row_pitch(size);
    let fitting = rows_fitting(area.h, size);
    let most = most_games(bars);
    let label_width = (area.w * 0.28).min(size * 9.0);
    let count_width = size * 3.0;
    let track = area.w - label_width - count_width - size;
    for (index, bar) in bars.iter().take(fitting).enumerate() {
        let y = area.y + size * 0.2 + index as f32 * pitch;
        frame.text(
            bar.label.as_str(),
            Rect::new(area.x + size * 0.4, y, label_width - size * 0.6, pitch),
            size * 0.85,
            theme::TEXT,
            Align::Left,
        );
        let mut x = area.x + label_width;
        for (count, color) in parts(bar.tally) {
            let width = track * count as f32 / most as f32;
            if width > 0.0 {
                frame.rect(Rect::new(x, y + pitch * 0.2, width, pitch * 0.6), color);
            }
            x += width;
        }
        frame.text(
            bar.tally.games().to_string(),
            Rect::new(
                area.x + area.w - count_width - size * 0.4,
                y,
                count_width,
                pitch,
            ),
            size * 0.85,
            theme::TEXT_DIM,
            Align::Right,
        );
    }
}
