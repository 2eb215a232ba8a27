//! "Statistics": the player's results over the games the History screen's filters let
//! through: in all, per mode, per opponent and against each level of the computer (wins,
//! draws, losses, the score and streaks), and as charts: results over time and per mode.
//! The computer's levels have no measured ratings yet (docs/levels.md gives only the
//! differences between some of them, in chess), so no rating estimate is made and the
//! screen says so.

use super::charts::{self, Column};
use super::filters::Filters;
use super::layout::{self, MARGIN};
use super::rows::mode_name;
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::history::Pending;
use crate::screens::controls::Control;
use crate::screens::widgets::{self, Buttons, Look};
use crate::screens::{Context, Event, Key, Screen, Transition};
use crate::theme;
use ply_history::{Bar, Group, PlayerResult, Span, Statistics, Streaks, Tally, Timeline};
use std::time::SystemTime;

/// What the screen says in place of a rating.
pub const NO_RATINGS: &str = "The levels' ratings are not measured yet, so no rating is \
                              estimated: the score against each level only.";

/// More weeks than this make the chart over time count months.
const MOST_WEEKS: usize = 16;

/// Which half of the statistics shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum View {
    Figures,
    Charts,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Back,
    Show(View),
}

/// The statistics and the day-by-day results they were asked with.
type Answer = (Statistics, Vec<Bar>);

/// The Statistics screen.
pub struct StatsScreen {
    view: View,
    /// What the filters chose, said under the title.
    scope: String,
    statistics: Option<Statistics>,
    /// Results per day, for the months of the chart over time.
    days: Vec<Bar>,
    problem: Option<String>,
    asking: Option<Pending<Answer>>,
}

impl StatsScreen {
    /// The statistics of the games `filters` let through.
    pub fn new(context: &Context, filters: &Filters) -> StatsScreen {
        let filter = filters.to_filter(SystemTime::now());
        let asking = context.storage.history.as_ref().map(|history| {
            history.ask(move |history| {
                let weeks = history.stats(&filter, &[], &Timeline::local(Span::Week))?;
                let days = history.stats(&filter, &[], &Timeline::local(Span::Day))?;
                Ok((weeks, days.timeline))
            })
        });
        StatsScreen {
            view: View::Figures,
            scope: if filters.all() {
                "Every game".to_string()
            } else {
                "The games the filters chose".to_string()
            },
            statistics: None,
            days: Vec::new(),
            problem: asking
                .is_none()
                .then(|| "This window keeps no history of games.".to_string()),
            asking,
        }
    }

    /// The statistics, once the history answered.
    pub fn statistics(&self) -> Option<&Statistics> {
        self.statistics.as_ref()
    }

    fn take(&mut self, answer: Result<Answer, String>) {
        match answer {
            Ok((statistics, days)) => {
                self.statistics = Some(statistics);
                self.days = days;
            }
            Err(problem) => self.problem = Some(problem),
        }
    }

    /// Shows the charts (`true`) or the figures.
    pub fn show_charts(&mut self, charts: bool) {
        self.view = if charts { View::Charts } else { View::Figures };
    }

    fn bar(context: &Context) -> Vec<(Rect, Action, &'static str)> {
        let entries = [
            (Action::Back, "Back"),
            (Action::Show(View::Figures), "Figures"),
            (Action::Show(View::Charts), "Charts"),
        ];
        let band = layout::bottom_band(context);
        let s = widgets::scale(context);
        let width = (band.w).min(3.0 * 220.0 * s);
        let area = Rect::new(band.x + (band.w - width) / 2.0, band.y, width, band.h);
        layout::across(area, entries.len(), 10.0 * s)
            .into_iter()
            .zip(entries)
            .map(|(rect, (action, label))| (rect, action, label))
            .collect()
    }

    /// The room between the title and the buttons.
    fn room(context: &Context) -> Rect {
        let s = widgets::scale(context);
        let top = 140.0 * s;
        let bottom = layout::bottom_band(context).y - 12.0 * s;
        Rect::new(
            MARGIN * s,
            top,
            context.window.size.0 - 2.0 * MARGIN * s,
            bottom - top,
        )
    }

    fn draw_figures(&self, statistics: &Statistics, context: &Context, frame: &mut Frame) {
        let s = widgets::scale(context);
        let room = Self::room(context);
        let line = 24.0 * s;
        let size = 17.0 * s;
        let overall = &statistics.overall;
        let mut lines = vec![
            format!(
                "{}: {}",
                games_text(overall.tally.games()),
                tally_text(overall.tally)
            ),
            streaks_text(&overall.streaks),
        ];
        if statistics.uncounted > 0 {
            lines.push(format!(
                "{} between other players (whose side was not yours) are not counted.",
                games_text(statistics.uncounted as u32)
            ));
        }
        for (index, text) in lines.iter().enumerate() {
            frame.text(
                text.as_str(),
                Rect::new(room.x, room.y + index as f32 * line, room.w, line),
                size,
                theme::TEXT,
                Align::Left,
            );
        }
        let top = room.y + lines.len() as f32 * line + 10.0 * s;
        let gap = 24.0 * s;
        let half = (room.w - gap) / 2.0;
        let left = Rect::new(room.x, top, half, room.y + room.h - top);
        let right = Rect::new(room.x + half + gap, top, half, left.h);
        let upper = Rect::new(left.x, left.y, left.w, left.h * 0.5 - 6.0 * s);
        let lower = Rect::new(left.x, left.y + left.h * 0.5, left.w, left.h * 0.5);
        let modes: Vec<[String; 6]> = statistics
            .modes
            .iter()
            .map(|group| group_row(mode_name(&group.name), group))
            .collect();
        table("By mode", &modes, upper, s, frame);
        let opponents: Vec<[String; 6]> = statistics
            .opponents
            .iter()
            .map(|group| group_row(&group.name, group))
            .collect();
        table("By opponent", &opponents, right, s, frame);
        let levels: Vec<[String; 6]> = statistics
            .levels
            .iter()
            .map(|level| {
                [
                    level.level.name().to_string(),
                    level.tally.games().to_string(),
                    level.tally.wins.to_string(),
                    level.tally.draws.to_string(),
                    level.tally.losses.to_string(),
                    level.tally.score().map_or(String::new(), |score| {
                        format!("score {:.0}%", score * 100.0)
                    }),
                ]
            })
            .collect();
        let used = table("Against the computer", &levels, lower, s, frame);
        let note = Rect::new(lower.x, lower.y + used, lower.w, lower.h - used);
        if note.h >= size * 2.5 {
            frame.text(
                NO_RATINGS,
                note,
                theme::TEXT_SMALL * s,
                theme::TEXT_DIM,
                Align::Wrap,
            );
        }
    }

    fn draw_charts(&self, statistics: &Statistics, context: &Context, frame: &mut Frame) {
        let s = widgets::scale(context);
        let room = Self::room(context);
        let size = 18.0 * s;
        let band = size * 1.6;
        let (over_time, span) = self.over_time(statistics);
        let upper = Rect::new(room.x, room.y, room.w, room.h * 0.56 - band);
        charts::heading(
            &format!("Results per {span}"),
            Rect::new(room.x, room.y, room.w, band),
            size,
            frame,
        );
        let time_area = Rect::new(room.x, room.y + band, room.w, upper.h);
        charts::columns(&over_time, time_area, size, frame);
        let lower_top = time_area.y + time_area.h + 10.0 * s;
        charts::heading(
            "Results per mode",
            Rect::new(room.x, lower_top, room.w, band),
            size,
            frame,
        );
        let per_mode: Vec<Column> = statistics
            .modes
            .iter()
            .map(|group| Column {
                label: mode_name(&group.name).to_string(),
                tally: group.tally,
            })
            .collect();
        let mode_area = Rect::new(
            room.x,
            lower_top + band,
            room.w,
            room.y + room.h - lower_top - band,
        );
        charts::rows(&per_mode, mode_area, size, frame);
    }

    /// The bars of the chart over time, and what each stands for: weeks, or months
    /// when there are many weeks.
    fn over_time(&self, statistics: &Statistics) -> (Vec<Column>, &'static str) {
        if statistics.timeline.len() <= MOST_WEEKS {
            let weeks = statistics
                .timeline
                .iter()
                .map(|bar| Column {
                    label: ply_save::local_text(bar.start)
                        .get(5..10)
                        .unwrap_or_default()
                        .to_string(),
                    tally: bar.tally,
                })
                .collect();
            return (weeks, "week (from Monday)");
        }
        let mut months: Vec<Column> = Vec::new();
        for day in &self.days {
            let month = ply_save::local_text(day.start)
                .get(..7)
                .unwrap_or_default()
                .to_string();
            match months.last_mut() {
                Some(last) if last.label == month => add(&mut last.tally, day.tally),
                _ => months.push(Column {
                    label: month,
                    tally: day.tally,
                }),
            }
        }
        (months, "month")
    }
}

/// Adds `more` to `tally`.
fn add(tally: &mut Tally, more: Tally) {
    tally.wins += more.wins;
    tally.draws += more.draws;
    tally.losses += more.losses;
}

fn games_text(count: u32) -> String {
    match count {
        1 => "1 game".to_string(),
        count => format!("{count} games"),
    }
}

fn tally_text(tally: Tally) -> String {
    let score = tally.score().map_or(String::new(), |score| {
        format!(", score {:.0}%", score * 100.0)
    });
    format!(
        "{} won, {} drawn, {} lost{score}",
        tally.wins, tally.draws, tally.losses
    )
}

fn result_word(result: PlayerResult, count: u32) -> &'static str {
    match (result, count) {
        (PlayerResult::Win, 1) => "win",
        (PlayerResult::Win, _) => "wins",
        (PlayerResult::Draw, 1) => "draw",
        (PlayerResult::Draw, _) => "draws",
        (PlayerResult::Loss, 1) => "loss",
        (PlayerResult::Loss, _) => "losses",
    }
}

fn current_text(streaks: &Streaks) -> String {
    match streaks.current {
        Some((result, count)) => format!("{count} {}", result_word(result, count)),
        None => String::new(),
    }
}

fn streaks_text(streaks: &Streaks) -> String {
    if streaks.current.is_none() {
        return "No game counted yet.".to_string();
    }
    format!(
        "Now: {} in a row. Longest: {} {}, {} {}, {} without a loss.",
        current_text(streaks),
        streaks.longest_wins,
        result_word(PlayerResult::Win, streaks.longest_wins),
        streaks.longest_losses,
        result_word(PlayerResult::Loss, streaks.longest_losses),
        games_text(streaks.longest_unbeaten)
    )
}

/// A group's row: name, games, won, drawn, lost, the current streak.
fn group_row(name: &str, group: &Group) -> [String; 6] {
    [
        name.to_string(),
        group.tally.games().to_string(),
        group.tally.wins.to_string(),
        group.tally.draws.to_string(),
        group.tally.losses.to_string(),
        format!("now {}", current_text(&group.streaks)),
    ]
}

/// The shares of a table's width its columns take.
const TABLE_COLUMNS: [(&str, f32); 6] = [
    ("", 0.34),
    ("games", 0.12),
    ("won", 0.1),
    ("drawn", 0.12),
    ("lost", 0.1),
    ("", 0.22),
];

/// Draws a table with a heading, column titles and as many rows as fit in `area`;
/// returns the height used.
fn table(title: &str, rows: &[[String; 6]], area: Rect, s: f32, frame: &mut Frame) -> f32 {
    let line = 22.0 * s;
    let size = 15.0 * s;
    frame.text(
        title,
        Rect::new(area.x, area.y, area.w, line),
        theme::TEXT_BODY * s * 0.9,
        theme::TITLE,
        Align::Left,
    );
    let cells = |y: f32| {
        let mut x = area.x;
        TABLE_COLUMNS.map(|(_, share)| {
            let cell = Rect::new(x, y, area.w * share - 6.0 * s, line);
            x += area.w * share;
            cell
        })
    };
    for ((heading, _), cell) in TABLE_COLUMNS.iter().zip(cells(area.y + line)) {
        frame.text(*heading, cell, size * 0.9, theme::TEXT_DIM, Align::Left);
    }
    let fitting = ((area.h - 2.0 * line) / line).floor().max(0.0) as usize;
    if rows.is_empty() {
        frame.text(
            "none",
            Rect::new(area.x, area.y + 2.0 * line, area.w, line),
            size,
            theme::TEXT_DIM,
            Align::Left,
        );
        return 3.0 * line;
    }
    let shown = rows.len().min(fitting);
    for (index, row) in rows.iter().take(shown).enumerate() {
        for (text, cell) in row.iter().zip(cells(area.y + (index as f32 + 2.0) * line)) {
            frame.text(text.as_str(), cell, size, theme::TEXT, Align::Left);
        }
    }
    (shown as f32 + 2.0) * line
}

impl Screen for StatsScreen {
    fn controls(&self) -> Vec<Control> {
        vec![
            Control::new("Click", "figures or charts"),
            Control::new("←/→", "figures, charts"),
            Control::new("Esc", "back"),
        ]
    }

    /// Waits for the figures (a screenshot shows the settled screen).
    fn settle(&mut self) {
        if let Some(asking) = self.asking.take() {
            self.take(asking.wait());
        }
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        match event {
            Event::Tick(_) => {
                if let Some(answer) = self.asking.as_ref().and_then(Pending::poll) {
                    self.asking = None;
                    self.take(answer);
                }
            }
            Event::Key(Key::Escape) => return Transition::Pop,
            Event::Key(Key::Left) => self.view = View::Figures,
            Event::Key(Key::Right) => self.view = View::Charts,
            Event::PointerUp(point) => {
                let mut buttons = Buttons::new();
                for (rect, action, _) in Self::bar(context) {
                    buttons.add(rect, action);
                }
                match buttons.at(*point) {
                    Some(Action::Back) => return Transition::Pop,
                    Some(Action::Show(view)) => self.view = view,
                    None => {}
                }
            }
            _ => {}
        }
        Transition::Stay
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        widgets::page(frame, context, "Statistics");
        let s = widgets::scale(context);
        frame.text(
            self.scope.as_str(),
            Rect::new(0.0, 104.0 * s, context.window.size.0, 28.0 * s),
            theme::TEXT_SMALL * s,
            theme::TEXT_DIM,
            Align::Center,
        );
        match (&self.statistics, &self.problem) {
            (Some(statistics), _) if self.view == View::Figures => {
                self.draw_figures(statistics, context, frame)
            }
            (Some(statistics), _) => self.draw_charts(statistics, context, frame),
            (None, problem) => {
                let text = problem.as_ref().map_or("Counting…".to_string(), |problem| {
                    format!("The history cannot be read: {problem}")
                });
                frame.text(
                    text,
                    Self::room(context),
                    theme::TEXT_BODY * s,
                    theme::TEXT,
                    Align::Wrap,
                );
            }
        }
        for (rect, action, label) in Self::bar(context) {
            let look = match action {
                Action::Show(view) if view == self.view => Look::Chosen,
                _ => Look::Normal,
            };
            widgets::button(frame, context, rect, label, look);
        }
    }
}
