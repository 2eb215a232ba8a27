//! "History": the finished games, newest first, a page at a time, under filters (mode,
//! opponent, result, the computer and its level, where, when, a name searched); games
//! chosen to export as one record or to delete (after asking); a game opened again on
//! the game screen, at its end, to step back through.

use super::charts::{LOSS, WIN};
use super::filters::{Filters, Which};
use super::layout::{self, MARGIN};
use super::rows::{self, COLUMNS};
use super::stats::StatsScreen;
use crate::display::{Align, Frame, Item};
use crate::geometry::{Point, Rect};
use crate::history::Pending;
use crate::screens::analysis::{AnalysisScreen, Source};
use crate::screens::confirm::{Answer, Question};
use crate::screens::controls::Control;
use crate::screens::game::GameScreen;
use crate::screens::widgets::{self, Buttons, Look};
use crate::screens::{Context, Event, Key, Screen, Transition};
use crate::theme;
use ply_history::{GameFilter, GameId, GameSummary, Page, Span, Timeline};
use ply_play::{Message, Table};
use ply_save::{Format, SavedGame};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::SystemTime;

/// The height of a row of the list, before scaling.
const ROW: f32 = 36.0;
/// Where the list's heading starts, below the filters, before scaling.
const LIST_TOP: f32 = 206.0;

/// What a click on the screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Filter(Which),
    Search,
    Row(usize),
    Choose(usize),
    Back,
    Open,
    Analyse,
    Export,
    Delete,
    Statistics,
    Previous,
    Next,
}

/// The bottom bar's buttons, in order.
const BAR: [(Action, &str); 8] = [
    (Action::Back, "Back"),
    (Action::Open, "Open"),
    (Action::Analyse, "Analyse"),
    (Action::Export, "Export"),
    (Action::Delete, "Delete"),
    (Action::Statistics, "Statistics"),
    (Action::Previous, "Previous"),
    (Action::Next, "Next"),
];

/// The bottom bar's buttons' shares of its width (the longer labels wider).
const BAR_WEIGHTS: [f32; 8] = [0.85, 0.95, 1.1, 1.0, 1.0, 1.3, 1.15, 0.85];

/// A page of the list and how many games the filters let through.
type Listing = (Vec<GameSummary>, u64);

/// The History screen.
pub struct HistoryScreen {
    filters: Filters,
    /// The opponents' names, most played first, for the opponent filter.
    opponents: Vec<String>,
    /// How many games come before the first row shown.
    first: u64,
    shown: Vec<GameSummary>,
    total: u64,
    /// The row the keyboard is on.
    cursor: usize,
    /// The games chosen, with their modes (for the export's format).
    chosen: BTreeMap<GameId, String>,
    /// Whether typing goes into the search box.
    searching: bool,
    /// "Delete these games?", while it is asked.
    asking: Option<Question<()>>,
    /// Why the list cannot be shown.
    problem: Option<String>,
    /// Whether a first page came.
    loaded: bool,
    /// The rows of the page last asked for.
    asked_rows: u64,
    listing: Option<Pending<Listing>>,
    naming: Option<Pending<Vec<String>>>,
    opening: Option<Pending<SavedGame>>,
    /// The game being opened goes to the analysis board (its review kept with it).
    analysing: Option<GameId>,
    exporting: Option<Pending<PathBuf>>,
    deleting: Option<Pending<usize>>,
}

impl HistoryScreen {
    /// The screen, asking the context's history for its first page.
    pub fn new(context: &Context) -> HistoryScreen {
        let mut screen = HistoryScreen {
            filters: Filters::default(),
            opponents: Vec::new(),
            first: 0,
            shown: Vec::new(),
            total: 0,
            cursor: 0,
            chosen: BTreeMap::new(),
            searching: false,
            asking: None,
            problem: None,
            loaded: false,
            asked_rows: 0,
            listing: None,
            naming: None,
            opening: None,
            analysing: None,
            exporting: None,
            deleting: None,
        };
        screen.refresh(context);
        screen.ask_opponents(context);
        screen
    }

    /// The filters chosen.
    pub fn filters(&self) -> &Filters {
        &self.filters
    }

    /// The games shown now.
    pub fn shown(&self) -> &[GameSummary] {
        &self.shown
    }

    /// Whether an answer of the history is awaited.
    pub fn waiting(&self) -> bool {
        self.listing.is_some()
            || self.naming.is_some()
            || self.opening.is_some()
            || self.exporting.is_some()
            || self.deleting.is_some()
    }

    fn filter(&self) -> GameFilter {
        self.filters.to_filter(SystemTime::now())
    }

    /// Asks for the page at `first` under the filters.
    fn refresh(&mut self, context: &Context) {
        let Some(history) = &context.storage.history else {
            self.problem = Some("This window keeps no history of games.".to_string());
            return;
        };
        let filter = self.filter();
        let page = Page {
            offset: self.first,
            limit: rows_per_page(context) as u64,
        };
        self.asked_rows = page.limit;
        self.listing = Some(
            history.ask(move |history| Ok((history.list(&filter, page)?, history.count(&filter)?))),
        );
    }

    /// Asks for the names of the player's opponents.
    fn ask_opponents(&mut self, context: &Context) {
        if let Some(history) = &context.storage.history {
            self.naming = Some(history.ask(|history| {
                let every =
                    history.stats(&GameFilter::default(), &[], &Timeline::utc(Span::Week))?;
                Ok(every
                    .opponents
                    .into_iter()
                    .map(|group| group.name)
                    .collect())
            }));
        }
    }

    /// Takes the history's answers in; a game opened becomes the next screen.
    fn take_answers(&mut self, context: &mut Context) -> Transition {
        if let Some(answer) = self.listing.as_ref().and_then(Pending::poll) {
            self.listing = None;
            self.take_listing(answer);
            if self.shown.is_empty() && self.first > 0 {
                self.first = self.first.saturating_sub(self.asked_rows);
                self.refresh(context);
            }
        }
        if let Some(answer) = self.naming.as_ref().and_then(Pending::poll) {
            self.naming = None;
            self.opponents = answer.unwrap_or_default();
        }
        if let Some(answer) = self.exporting.as_ref().and_then(Pending::poll) {
            self.exporting = None;
            context.output.notice = Some(match answer {
                Ok(path) => Message::success(format!("Games written: {}", path.display())),
                Err(problem) => {
                    Message::error(format!("The games could not be exported: {problem}"))
                }
            });
        }
        if let Some(answer) = self.deleting.as_ref().and_then(Pending::poll) {
            self.deleting = None;
            context.output.notice = Some(match answer {
                Ok(1) => Message::success("1 game deleted from the history."),
                Ok(count) => Message::success(format!("{count} games deleted from the history.")),
                Err(problem) => {
                    Message::error(format!("The games could not be deleted: {problem}"))
                }
            });
            self.chosen.clear();
            self.refresh(context);
            self.ask_opponents(context);
        }
        if let Some(answer) = self.opening.as_ref().and_then(Pending::poll) {
            self.opening = None;
            match answer {
                Ok(saved) => {
                    if let Some(id) = self.analysing.take() {
                        if let Some(board) = AnalysisScreen::of_saved(saved, Source::History(id)) {
                            return Transition::Push(Box::new(board));
                        }
                        return Transition::Stay;
                    }
                    return Transition::Push(Box::new(GameScreen::new(
                        Table::from_saved(saved, None),
                        false,
                    )));
                }
                Err(problem) => {
                    context.output.notice = Some(Message::error(format!(
                        "The game could not be opened: {problem}"
                    )))
                }
            }
        }
        if self.loaded && self.listing.is_none() && rows_per_page(context) as u64 != self.asked_rows
        {
            self.refresh(context);
        }
        Transition::Stay
    }

    fn take_listing(&mut self, answer: Result<Listing, String>) {
        match answer {
            Ok((games, total)) => {
                self.problem = None;
                self.loaded = true;
                self.total = total;
                self.shown = games;
                self.cursor = self.cursor.min(self.shown.len().saturating_sub(1));
            }
            Err(problem) => self.problem = Some(problem),
        }
    }

    /// The games an action applies to: those chosen, else the one the cursor is on.
    fn targets(&self) -> BTreeMap<GameId, String> {
        if self.chosen.is_empty() {
            self.shown
                .get(self.cursor)
                .map(|game| (game.id, game.mode.clone()))
                .into_iter()
                .collect()
        } else {
            self.chosen.clone()
        }
    }

    /// Opens the game the keyboard is on: to play on, or on the analysis board.
    fn open(&mut self, context: &Context, to_analyse: bool) {
        let (Some(history), Some(game)) = (&context.storage.history, self.shown.get(self.cursor))
        else {
            return;
        };
        let id = game.id;
        self.analysing = to_analyse.then_some(id);
        self.opening = Some(history.ask(move |history| history.game(id)?.saved_game()));
    }

    /// Writes the chosen games as one record into the saves folder.
    fn export(&mut self, context: &mut Context) {
        let targets = self.targets();
        let (Some(history), Some(folder), false) = (
            &context.storage.history,
            &context.storage.saves,
            targets.is_empty(),
        ) else {
            context.output.notice = Some(Message::warning(
                "There is no game to export, or no folder to write it in.",
            ));
            return;
        };
        let formats: Vec<Format> = targets
            .values()
            .map(|mode| Format::for_mode(mode))
            .collect();
        let format = if formats.iter().all(|format| *format == formats[0]) {
            formats[0]
        } else {
            Format::Text
        };
        let ids: Vec<GameId> = targets.into_keys().collect();
        let dir = folder.path().to_path_buf();
        let stamp = ply_save::local_text(SystemTime::now()).replace([':', ' '], "-");
        self.exporting = Some(history.ask(move |history| {
            let text = history.export(&ids, format)?;
            let path = free_path(&dir, &format!("history-{stamp}"), format.extension());
            std::fs::create_dir_all(&dir)
                .and_then(|()| std::fs::write(&path, text))
                .map_err(|source| ply_history::HistoryError::File {
                    path: path.clone(),
                    source,
                })?;
            Ok(path)
        }));
    }

    fn ask_delete(&mut self, at: Point) {
        let count = self.targets().len();
        if count == 0 {
            return;
        }
        let games = if count == 1 {
            "this game".to_string()
        } else {
            format!("these {count} games")
        };
        self.asking = Some(Question {
            text: format!("Delete {games} from the history? They cannot be brought back."),
            yes: "Delete",
            action: (),
            asked_at: at,
        });
    }

    fn delete(&mut self, context: &Context) {
        let ids: Vec<GameId> = self.targets().into_keys().collect();
        if let Some(history) = &context.storage.history {
            self.deleting = Some(history.ask(move |history| history.delete(&ids)));
        }
    }

    fn toggle(&mut self, row: usize) {
        if let Some(game) = self.shown.get(row)
            && self.chosen.remove(&game.id).is_none()
        {
            self.chosen.insert(game.id, game.mode.clone());
        }
    }

    /// Moves the keyboard's row by `step` rows, to the page before or after at the
    /// ends of this one.
    fn step(&mut self, step: i64, context: &Context) {
        let rows = self.asked_rows.max(1) as i64;
        let at = self.first as i64 + self.cursor as i64 + step;
        let at = at.clamp(0, (self.total as i64 - 1).max(0));
        let first = at - at.rem_euclid(rows);
        self.cursor = (at - first) as usize;
        if first as u64 != self.first {
            self.first = first as u64;
            self.refresh(context);
        }
    }

    fn filters_changed(&mut self, context: &Context) {
        self.first = 0;
        self.cursor = 0;
        self.refresh(context);
    }

    /// The filter buttons and the search box: two rows under the title.
    fn filter_boxes(context: &Context) -> (Vec<(Rect, Which)>, Rect) {
        let s = widgets::scale(context);
        let width = context.window.size.0 - 2.0 * MARGIN * s;
        let gap = 8.0 * s;
        let top = Rect::new(MARGIN * s, 110.0 * s, width, 40.0 * s);
        let bottom = Rect::new(MARGIN * s, 156.0 * s, width, 40.0 * s);
        let mut boxes: Vec<Rect> = layout::across(top, 4, gap);
        let lower = layout::across(bottom, 4, gap);
        boxes.extend_from_slice(&lower[..2]);
        let search = Rect::new(
            lower[2].x,
            lower[2].y,
            lower[3].x + lower[3].w - lower[2].x,
            lower[2].h,
        );
        (boxes.into_iter().zip(Which::ALL).collect(), search)
    }

    /// The rectangle of row `slot` of the list.
    fn row_rect(context: &Context, slot: usize) -> Rect {
        let s = widgets::scale(context);
        Rect::new(
            MARGIN * s,
            (LIST_TOP + 26.0 + slot as f32 * ROW) * s,
            context.window.size.0 - 2.0 * MARGIN * s,
            (ROW - 4.0) * s,
        )
    }

    fn can(&self, action: Action) -> bool {
        let any = !self.targets().is_empty();
        match action {
            Action::Open | Action::Analyse => self.shown.get(self.cursor).is_some(),
            Action::Export | Action::Delete => any,
            Action::Previous => self.first > 0,
            Action::Next => self.first + (self.shown.len() as u64) < self.total,
            _ => true,
        }
    }

    fn buttons(&self, context: &Context) -> Buttons<Action> {
        let mut buttons = Buttons::new();
        let (filters, search) = Self::filter_boxes(context);
        for (rect, which) in filters {
            buttons.add(rect, Action::Filter(which));
        }
        buttons.add(search, Action::Search);
        for slot in 0..self.shown.len() {
            let row = Self::row_rect(context, slot);
            buttons.add(row, Action::Row(slot));
            buttons.add(check_box(context, row), Action::Choose(slot));
        }
        for (rect, (action, _)) in layout::bottom_bar(context, &BAR_WEIGHTS)
            .into_iter()
            .zip(BAR)
        {
            if self.can(action) {
                buttons.add(rect, action);
            }
        }
        buttons
    }

    fn act(
        &mut self,
        action: Action,
        at: Point,
        forward: bool,
        context: &mut Context,
    ) -> Transition {
        self.searching = action == Action::Search;
        match action {
            Action::Filter(which) => {
                self.filters.cycle(which, forward, &self.opponents);
                self.filters_changed(context);
            }
            Action::Search => {}
            Action::Row(slot) => self.cursor = slot,
            Action::Choose(slot) => {
                self.cursor = slot;
                self.toggle(slot);
            }
            Action::Back => return Transition::Pop,
            Action::Open => self.open(context, false),
            Action::Analyse => self.open(context, true),
            Action::Export => self.export(context),
            Action::Delete => self.ask_delete(at),
            Action::Statistics => {
                return Transition::Push(Box::new(StatsScreen::new(context, &self.filters)));
            }
            Action::Previous => self.step(-(self.asked_rows as i64), context),
            Action::Next => self.step(self.asked_rows as i64, context),
        }
        Transition::Stay
    }

    fn key(&mut self, key: Key, context: &mut Context) -> Transition {
        let rows = self.asked_rows as i64;
        match key {
            Key::Escape if self.searching => self.searching = false,
            Key::Enter if self.searching => self.searching = false,
            Key::Backspace if self.searching => {
                self.filters.search.pop();
                self.filters_changed(context);
            }
            Key::Escape => return Transition::Pop,
            Key::Up => self.step(-1, context),
            Key::Down => self.step(1, context),
            Key::PageUp => self.step(-rows, context),
            Key::PageDown => self.step(rows, context),
            Key::Home => self.step(-(self.total as i64), context),
            Key::End => self.step(self.total as i64, context),
            Key::Enter => self.open(context, false),
            Key::Delete => {
                let at = self.row_center(context);
                self.ask_delete(at);
            }
            _ => {}
        }
        Transition::Stay
    }

    /// Where the keyboard's row is (a question asked from the keyboard keeps its
    /// confirming button away from it, as from a click).
    fn row_center(&self, context: &Context) -> Point {
        Self::row_rect(context, self.cursor).center()
    }

    fn status(&self) -> String {
        let games = match self.total {
            1 => "1 game".to_string(),
            count => format!("{count} games"),
        };
        let mut parts = vec![if self.filters.all() {
            games
        } else {
            format!("{games} match")
        }];
        if !self.chosen.is_empty() {
            parts.push(format!("{} chosen", self.chosen.len()));
        }
        let rows = self.asked_rows.max(1);
        if self.total > rows {
            parts.push(format!(
                "page {} of {}",
                self.first / rows + 1,
                self.total.div_ceil(rows)
            ));
        }
        parts.join(" · ")
    }

    fn draw_list(&self, context: &Context, frame: &mut Frame) {
        let s = widgets::scale(context);
        let heading = Rect::new(
            MARGIN * s,
            LIST_TOP * s,
            context.window.size.0 - 2.0 * MARGIN * s,
            24.0 * s,
        );
        for ((title, _), cell) in COLUMNS.iter().zip(columns(context, heading)) {
            frame.text(
                *title,
                cell,
                theme::TEXT_SMALL * s,
                theme::TEXT_DIM,
                Align::Left,
            );
        }
        for (slot, game) in self.shown.iter().enumerate() {
            let row = Self::row_rect(context, slot);
            let fill = if slot == self.cursor {
                theme::PLAYER_TO_MOVE
            } else {
                theme::PLAYER
            };
            frame.rect(row, fill);
            let check = check_box(context, row).inset(7.0 * s);
            frame.push(Item::Frame {
                rect: check,
                thickness: 2.0 * s,
                color: theme::TEXT_DIM,
            });
            if self.chosen.contains_key(&game.id) {
                frame.rect(check.inset(4.0 * s), theme::BUTTON_ACTIVE);
            }
            for ((text, cell), column) in rows::cells(game)
                .into_iter()
                .zip(columns(context, row))
                .zip(0..)
            {
                let color = match (column, game.player_result) {
                    (3, Some(ply_history::PlayerResult::Win)) => WIN,
                    (3, Some(ply_history::PlayerResult::Loss)) => LOSS,
                    _ => theme::TEXT,
                };
                frame.text(text, cell, 16.0 * s, color, Align::Left);
            }
        }
        let message = if let Some(problem) = &self.problem {
            Some(format!("The history cannot be read: {problem}"))
        } else if !self.loaded {
            Some("Opening the history…".to_string())
        } else if self.shown.is_empty() && self.filters.all() {
            Some(
                "No finished games yet. Every game that ends in this window is kept here."
                    .to_string(),
            )
        } else if self.shown.is_empty() {
            Some("No game matches these filters.".to_string())
        } else {
            None
        };
        if let Some(message) = message {
            let room = Self::row_rect(context, 0);
            let room = Rect::new(room.x, room.y, room.w, room.h * 3.0);
            frame.text(
                message,
                room,
                theme::TEXT_BODY * s,
                theme::TEXT,
                Align::Wrap,
            );
        }
    }
}

/// The check box at the left of a row.
fn check_box(context: &Context, row: Rect) -> Rect {
    let s = widgets::scale(context);
    Rect::new(row.x, row.y, 34.0 * s, row.h)
}

/// The cells of the list's columns within `row`, right of its check box.
fn columns(context: &Context, row: Rect) -> Vec<Rect> {
    let s = widgets::scale(context);
    let left = row.x + 40.0 * s;
    let width = row.x + row.w - left;
    let mut x = left;
    COLUMNS
        .iter()
        .map(|(_, share)| {
            let cell = Rect::new(x, row.y, width * share - 8.0 * s, row.h);
            x += width * share;
            cell
        })
        .collect()
}

/// How many rows of games fit between the heading and the status line.
fn rows_per_page(context: &Context) -> usize {
    let s = widgets::scale(context);
    let bottom = layout::bottom_band(context).y - 34.0 * s;
    let top = (LIST_TOP + 26.0) * s;
    (((bottom - top) / (ROW * s)).floor() as usize).max(1)
}

/// `dir/base.extension`, or with "-2", "-3"... when that file exists.
fn free_path(dir: &std::path::Path, base: &str, extension: &str) -> PathBuf {
    let mut path = dir.join(format!("{base}.{extension}"));
    let mut number = 1;
    while path.exists() {
        number += 1;
        path = dir.join(format!("{base}-{number}.{extension}"));
    }
    path
}

impl Screen for HistoryScreen {
    fn controls(&self) -> Vec<Control> {
        vec![
            Control::new("Click", "choose a filter, a game, a box"),
            Control::new("↑/↓", "move"),
            Control::new("PgUp/PgDn", "page"),
            Control::new("Space", "choose"),
            Control::new("Enter", "open"),
            Control::new("Del", "delete"),
            Control::new("Esc", "back"),
        ]
    }

    fn typing(&self) -> bool {
        self.searching
    }

    /// Waits for the page asked for (a screenshot shows the settled screen).
    fn settle(&mut self) {
        if let Some(listing) = self.listing.take() {
            self.take_listing(listing.wait());
        }
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        if let Event::Tick(_) = event {
            return self.take_answers(context);
        }
        if let Some(question) = &self.asking {
            match event {
                Event::Key(Key::Escape) => self.asking = None,
                Event::Key(Key::Enter) => {
                    self.asking = None;
                    self.delete(context);
                }
                Event::PointerUp(point) => match question.answer(context, *point) {
                    Some(Answer::Yes(())) => {
                        self.asking = None;
                        self.delete(context);
                    }
                    Some(Answer::No) => self.asking = None,
                    None => {}
                },
                _ => {}
            }
            return Transition::Stay;
        }
        match event {
            Event::PointerUp(point) | Event::SecondaryUp(point) => {
                let forward = matches!(event, Event::PointerUp(_));
                match self.buttons(context).at(*point) {
                    Some(action) => self.act(action, *point, forward, context),
                    None => {
                        self.searching = false;
                        Transition::Stay
                    }
                }
            }
            Event::Key(key) => self.key(*key, context),
            Event::Char(c) if self.searching && !c.is_control() => {
                self.filters.search.push(*c);
                self.filters_changed(context);
                Transition::Stay
            }
            Event::Char(' ') => {
                self.toggle(self.cursor);
                Transition::Stay
            }
            Event::Scroll(lines) => {
                self.step(-(lines.round() as i64), context);
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        widgets::page(frame, context, "History");
        let s = widgets::scale(context);
        let (filters, search) = Self::filter_boxes(context);
        let filter_buttons: Vec<(Rect, String, Look)> = filters
            .into_iter()
            .map(|(rect, which)| (rect, self.filters.label(which), Look::Normal))
            .collect();
        widgets::buttons_alike(frame, context, &filter_buttons);
        frame.rounded(search, theme::CORNER * s, theme::PANEL);
        if self.searching {
            frame.push(Item::Frame {
                rect: search,
                thickness: 2.0 * s,
                color: theme::BUTTON_ACTIVE,
            });
        }
        let (text, color) = match (self.filters.search.is_empty(), self.searching) {
            (true, false) => ("Search by name…".to_string(), theme::TEXT_DIM),
            (_, true) => (format!("Name: {}|", self.filters.search), theme::TEXT),
            (false, false) => (format!("Name: {}", self.filters.search), theme::TEXT),
        };
        frame.text(text, search.inset(10.0 * s), 18.0 * s, color, Align::Left);
        self.draw_list(context, frame);
        let band = layout::bottom_band(context);
        frame.text(
            self.status(),
            Rect::new(band.x, band.y - 32.0 * s, band.w, 26.0 * s),
            theme::TEXT_SMALL * s,
            theme::TEXT_DIM,
            Align::Right,
        );
        let bar: Vec<(Rect, &str, Look)> = layout::bottom_bar(context, &BAR_WEIGHTS)
            .into_iter()
            .zip(BAR)
            .map(|(rect, (action, label))| {
                let look = match (self.can(action), action) {
                    (false, _) => Look::Disabled,
                    (true, Action::Open) => Look::Chosen,
                    (true, _) => Look::Normal,
                };
                (rect, label, look)
            })
            .collect();
        widgets::buttons_alike(frame, context, &bar);
        if let Some(question) = &self.asking {
            question.draw(context, frame);
        }
    }
}
