//! "Statistics": the player's results over the games the History screen's filters let
//! through: in all, per mode, per opponent and against each level of the computer (wins,
//! draws, losses, the score and streaks), and as charts: results over time and per mode.
//! Against levels whose rating was measured on an outside scale (docs/levels.md), the
//! player's rating is estimated from the results; elsewhere the screen says why not.

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
use ply_history::{
    Bar, Group, LevelResults, PlayerResult, Span, Statistics, Streaks, Strength, Tally, Timeline,
};
use std::time::SystemTime;

/// What the screen says in place of a rating.
pub const NO_RATINGS: &str = "None of these levels has a rating measured against a rated \
                              engine in its game, so no rating is estimated: the score \
                              against each level only.";

/// What the screen says when the rated levels' results give no finite estimate.
pub const BEYOND_MEASURE: &str = "Against the rated levels every game so far was won, or \
                                  every one lost, so your rating cannot be estimated yet.";

/// More weeks than this make the chart over time count months.
const MOST_WEEKS: usize = 16;

/// Which part of the statistics shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum View {
    /// The table per mode.
    Modes,
    /// The table per opponent.
    Opponents,
    /// The table per level of the computer.
    Computer,
    /// The charts.
    Charts,
}

impl View {
    /// Every view, in the order the bar and the arrows go through them.
    const ALL: [View; 4] = [View::Modes, View::Opponents, View::Computer, View::Charts];

    fn label(self) -> &'static str {
        match self {
            View::Modes => "Modes",
            View::Opponents => "Opponents",
            View::Computer => "Computer",
            View::Charts => "Charts",
        }
    }

    /// The view `step` places along (wrapping).
    fn moved(self, step: isize) -> View {
        let at = View::ALL.iter().position(|&view| view == self).unwrap_or(0) as isize;
        View::ALL[(at + step).rem_euclid(View::ALL.len() as isize) as usize]
    }
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
                let strengths = Strength::measured();
                let weeks = history.stats(&filter, &strengths, &Timeline::local(Span::Week))?;
                let days = history.stats(&filter, &strengths, &Timeline::local(Span::Day))?;
                Ok((weeks, days.timeline))
            })
        });
        StatsScreen {
            view: View::Modes,
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

    /// Shows the charts (`true`) or the table per mode.
    pub fn show_charts(&mut self, charts: bool) {
        self.view = if charts { View::Charts } else { View::Modes };
    }

    fn bar(context: &Context) -> Vec<(Rect, Action, &'static str)> {
        let entries = std::iter::once((Action::Back, "Back"))
            .chain(View::ALL.map(|view| (Action::Show(view), view.label())));
        layout::bottom_bar(context, &[0.8, 0.9, 1.2, 1.15, 0.9])
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
                "Not counted: {} where your side is not known.",
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
        let mut area = Rect::new(room.x, top, room.w, room.y + room.h - top);
        let rows: Vec<[String; 9]> = match self.view {
            View::Modes => statistics
                .modes
                .iter()
                .map(|group| group_row(mode_name(&group.name), group))
                .collect(),
            View::Opponents => statistics
                .opponents
                .iter()
                .map(|group| group_row(&group.name, group))
                .collect(),
            _ => {
                let note_height = 2.0 * line;
                let note = match statistics.rating {
                    Some(rating) => format!(
                        "Your rating from your games against the rated levels: {:.0} \
                         (95%: {:.0} to {:.0}).",
                        rating.elo,
                        rating.low(),
                        rating.high()
                    ),
                    None if statistics
                        .levels
                        .iter()
                        .any(|level| level.strength.is_some()) =>
                    {
                        BEYOND_MEASURE.to_string()
                    }
                    None => NO_RATINGS.to_string(),
                };
                frame.text(
                    note,
                    Rect::new(area.x, area.y, area.w, note_height),
                    size,
                    theme::TEXT_DIM,
                    Align::Wrap,
                );
                area = Rect::new(area.x, area.y + note_height, area.w, area.h - note_height);
                let rows: Vec<[String; 9]> = statistics.levels.iter().map(level_row).collect();
                table(&LEVEL_HEADINGS, &rows, area, s, frame);
                return;
            }
        };
        table(&GROUP_HEADINGS, &rows, area, s, frame);
    }

    fn draw_charts(&self, statistics: &Statistics, context: &Context, frame: &mut Frame) {
        let s = widgets::scale(context);
        let room = Self::room(context);
        let size = 18.0 * s;
        let band = size * 1.6;
        let gap = 10.0 * s;
        let per_mode: Vec<Column> = statistics
            .modes
            .iter()
            .map(|group| Column {
                label: mode_name(&group.name).to_string(),
                tally: group.tally,
            })
            .collect();
        // The chart per mode takes the room its rows need, up to 45% of the room.
        let mode_height =
            charts::rows_height(per_mode.len().max(1), size).min(room.h * 0.45 - band);
        let time_height = room.h - 2.0 * band - gap - mode_height;
        let (over_time, span) = self.over_time(statistics);
        charts::heading(
            &format!("Results per {span}"),
            Rect::new(room.x, room.y, room.w, band),
            size,
            frame,
        );
        let time_area = Rect::new(room.x, room.y + band, room.w, time_height);
        charts::columns(&over_time, time_area, size, frame);
        let lower_top = time_area.y + time_area.h + gap;
        let mode_area = Rect::new(room.x, lower_top + band, room.w, mode_height);
        let fitting = charts::rows_fitting(mode_area.h, size);
        let title = if per_mode.len() > fitting {
            format!("Results per mode: the {fitting} most played")
        } else {
            "Results per mode".to_string()
        };
        charts::heading(
            &title,
            Rect::new(room.x, lower_top, room.w, band),
            size,
            frame,
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

/// The score as a percentage ("52%"), or nothing before any game.
fn score_text(tally: Tally) -> String {
    tally
        .score()
        .map_or(String::new(), |score| format!("{:.0}%", score * 100.0))
}

/// A group's row: name, games, won, drawn, lost, score, the current streak, the
/// longest runs of wins and of losses.
fn group_row(name: &str, group: &Group) -> [String; 9] {
    [
        name.to_string(),
        group.tally.games().to_string(),
        group.tally.wins.to_string(),
        group.tally.draws.to_string(),
        group.tally.losses.to_string(),
        score_text(group.tally),
        current_text(&group.streaks),
        group.streaks.longest_wins.to_string(),
        group.streaks.longest_losses.to_string(),
    ]
}

/// A row of the table against the computer: the mode and level, the results, the
/// level's measured rating and the rating the results show.
fn level_row(level: &LevelResults) -> [String; 9] {
    let tally = level.tally;
    let performance = match (level.strength, level.performance) {
        (Some(_), Some(rating)) => {
            format!("{:.0} ± {:.0}", rating.elo, 1.96 * rating.standard_error)
        }
        (Some(_), None) => "not yet".to_string(),
        (None, _) => String::new(),
    };
    [
        format!("{}, {}", mode_name(&level.mode), level.level.name()),
        tally.games().to_string(),
        tally.wins.to_string(),
        tally.draws.to_string(),
        tally.losses.to_string(),
        score_text(tally),
        level
            .strength
            .map_or_else(String::new, |elo| format!("{elo:.0}")),
        performance,
        String::new(),
    ]
}

/// The headings of the tables per mode and per opponent.
const GROUP_HEADINGS: [&str; 9] = [
    "",
    "games",
    "won",
    "drawn",
    "lost",
    "score",
    "now",
    "most won",
    "most lost",
];

/// The headings of the table against the computer's levels.
const LEVEL_HEADINGS: [&str; 9] = [
    "",
    "games",
    "won",
    "drawn",
    "lost",
    "score",
    "its rating",
    "yours",
    "",
];

/// A table's columns' shares of its width.
const TABLE_COLUMNS: [f32; 9] = [0.24, 0.09, 0.08, 0.09, 0.08, 0.09, 0.13, 0.1, 0.1];

/// Draws a table with column titles and as many rows as fit in `area`, and says how
/// many more there are.
fn table(headings: &[&str; 9], rows: &[[String; 9]], area: Rect, s: f32, frame: &mut Frame) {
    let line = 24.0 * s;
    let size = 16.0 * s;
    let cells = |y: f32| {
        let mut x = area.x;
        TABLE_COLUMNS.map(|share| {
            let cell = Rect::new(x, y, area.w * share - 6.0 * s, line);
            x += area.w * share;
            cell
        })
    };
    for (heading, cell) in headings.iter().zip(cells(area.y)) {
        frame.text(*heading, cell, size * 0.9, theme::TEXT_DIM, Align::Left);
    }
    let fitting = ((area.h - line) / line).floor().max(0.0) as usize;
    let shown = if rows.len() > fitting {
        fitting.saturating_sub(1)
    } else {
        rows.len()
    };
    for (index, row) in rows.iter().take(shown).enumerate() {
        for (text, cell) in row.iter().zip(cells(area.y + (index as f32 + 1.0) * line)) {
            frame.text(text.as_str(), cell, size, theme::TEXT, Align::Left);
        }
    }
    let note = match rows.len() - shown {
        0 if rows.is_empty() => "No game counted here.".to_string(),
        0 => return,
        more => format!("and {more} more (choose fewer games on the History screen)"),
    };
    frame.text(
        note,
        Rect::new(area.x, area.y + (shown as f32 + 1.0) * line, area.w, line),
        size,
        theme::TEXT_DIM,
        Align::Left,
    );
}

impl Screen for StatsScreen {
    fn controls(&self) -> Vec<Control> {
        vec![
            Control::new("Click", "a table or the charts"),
            Control::new("←/→", "the next one"),
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
            Event::Key(Key::Left) => self.view = self.view.moved(-1),
            Event::Key(Key::Right) => self.view = self.view.moved(1),
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
            (Some(statistics), _) if self.view == View::Charts => {
                self.draw_charts(statistics, context, frame)
            }
            (Some(statistics), _) => self.draw_figures(statistics, context, frame),
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
        let bar: Vec<(Rect, &str, Look)> = Self::bar(context)
            .into_iter()
            .map(|(rect, action, label)| {
                let look = match action {
                    Action::Show(view) if view == self.view => Look::Chosen,
                    _ => Look::Normal,
                };
                (rect, label, look)
            })
            .collect();
        widgets::buttons_alike(frame, context, &bar);
    }
}
