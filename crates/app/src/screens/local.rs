//! "Play on this computer": choose a mode, who plays each side, and the clock (none, one
//! of the mode's time controls, or one typed as "minutes+seconds"); the game starts from
//! the usual position, or from one set up in the position editor.

use super::game::GameScreen;
use super::widgets::{self, Buttons, Look};
use super::{Context, Event, Key, Screen, Transition};
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::settings::Settings;
use crate::theme;
use ply_core::{Player, TimeControl};
use ply_modes::{AnyGame, Level, MODES, level_rating};
use ply_play::{Message, Seat, Table};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Mode(usize),
    HowToPlay,
    Person(Player),
    Computer(Player),
    Strength(Player, Level),
    Clock,
    Start,
    Back,
}

/// The local game setup screen.
pub struct LocalSetup {
    mode: usize,
    seats: [Seat; 2],
    clock: Option<TimeControl>,
    /// A time control being typed, when the player chose to enter their own.
    typing: Option<String>,
    /// The position to start from instead of the usual one (set up in the editor),
    /// kept while its mode stays chosen.
    position: Option<Box<dyn AnyGame>>,
}

impl LocalSetup {
    /// The choices made last time (kept in the settings), else the first mode with a
    /// person against the computer at level 5.
    pub fn new(settings: &Settings) -> LocalSetup {
        let mode = MODES
            .iter()
            .position(|mode| mode.id == settings.local_mode)
            .unwrap_or(0);
        LocalSetup {
            mode,
            seats: settings
                .local_seats
                .clone()
                .map(|seat| seat_from_text(&seat)),
            clock: TimeControl::parse(&settings.local_clock).ok(),
            typing: None,
            position: None,
        }
    }

    /// Starts the game from `position` (of its own mode, which becomes the choice)
    /// instead of the usual start.
    pub fn with_position(mut self, position: Box<dyn AnyGame>) -> LocalSetup {
        self = self.with_mode(position.mode_id());
        self.position = Some(position);
        self
    }

    /// The position the game will start from: the one set up, or the mode's start.
    fn first_position(&self) -> Box<dyn AnyGame> {
        match &self.position {
            Some(position) => position.clone_box(),
            None => MODES[self.mode].new_game(),
        }
    }

    /// The chosen time control, if the game is to be timed.
    pub fn clock(&self) -> Option<TimeControl> {
        self.clock
    }

    /// The next clock after the current one: none, then the mode's time controls, then
    /// one the player types.
    fn next_clock(&mut self) {
        let presets = MODES[self.mode].time_presets;
        let at = self
            .clock
            .and_then(|clock| presets.iter().position(|&preset| preset == clock));
        match (self.clock, at) {
            (None, _) => self.clock = presets.first().copied(),
            (Some(_), Some(i)) if i + 1 < presets.len() => self.clock = Some(presets[i + 1]),
            (Some(_), Some(_)) => self.typing = Some(String::new()),
            (Some(_), None) => self.clock = None,
        }
    }

    /// Takes the typed time control (nothing typed: no clock, the choice that comes
    /// after typing one), or says why it cannot be one.
    fn finish_typing(&mut self, context: &mut Context) {
        let Some(text) = self.typing.take() else {
            return;
        };
        if text.trim().is_empty() {
            self.clock = None;
            return;
        }
        match TimeControl::parse(&text) {
            Ok(clock) => self.clock = Some(clock),
            Err(problem) => {
                context.output.notice = Some(Message::warning_sentence(&problem));
                self.typing = Some(text);
            }
        }
    }

    /// Who plays each side, as chosen.
    pub fn seats(&self) -> [Seat; 2] {
        self.seats
    }

    /// The chosen mode's id.
    pub fn mode_id(&self) -> &'static str {
        MODES[self.mode].id
    }

    /// Chooses the mode with this id (used by `--mode`); unknown ids change nothing.
    pub fn with_mode(mut self, id: &str) -> LocalSetup {
        if let Some(index) = MODES.iter().position(|mode| mode.id == id) {
            self.mode = index;
        }
        self
    }

    /// Remembers the choices for next time (on Start, and on leaving with Back or Esc).
    fn remember(&self, context: &mut Context) {
        let settings = &mut context.prefs.settings;
        settings.local_mode = MODES[self.mode].id.to_string();
        settings.local_seats = self.seats.map(seat_text);
        settings.local_clock = self
            .clock
            .map(|clock| clock.to_string())
            .unwrap_or_default();
        context.prefs.changed = true;
    }

    /// Leaves the setup for the menu, its choices remembered.
    fn leave(&self, context: &mut Context) -> Transition {
        self.remember(context);
        Transition::Pop
    }

    /// Starts the game this setup describes, and remembers the choices for next time.
    pub fn start_game(&self, context: &mut Context) -> GameScreen {
        self.remember(context);
        let settings = &context.prefs.settings;
        let pace = Duration::from_millis(u64::from(settings.computer_pace_ms));
        let mut table = Table::local(self.first_position(), self.seats).with_pace(pace);
        if let Some(clock) = self.clock {
            table = table.with_time_control(clock);
        }
        GameScreen::new(table, false)
    }

    fn layout(&self, context: &Context, frame: &mut Frame, draw: bool) -> Buttons<Action> {
        let mut buttons = Buttons::new();
        let s = widgets::scale(context);
        let window = context.window.area();
        let look = |chosen: bool| if chosen { Look::Chosen } else { Look::Normal };
        let top = 110.0 * s;
        let bottom = window.h - 64.0 * s;
        let margin = 40.0 * s;
        let list = Rect::new(margin, top, 280.0 * s, bottom - 16.0 * s - top);
        let modes: Vec<(Rect, &str, Look)> = widgets::stack(list, MODES.len(), 50.0 * s, 8.0 * s)
            .into_iter()
            .enumerate()
            .map(|(index, rect)| (rect, MODES[index].name, look(index == self.mode)))
            .collect();
        if draw {
            widgets::buttons_alike(frame, context, &modes);
        }
        for (index, (rect, _, _)) in modes.iter().enumerate() {
            buttons.add(*rect, Action::Mode(index));
        }
        let mut place = |frame: &mut Frame, rect: Rect, label: &str, look: Look, action| {
            if draw {
                widgets::button(frame, context, rect, label, look);
            }
            buttons.add(rect, action);
        };
        let left = list.x + list.w + 30.0 * s;
        let width = (window.w - left - margin).max(200.0);
        let mode = &MODES[self.mode];
        let help_width = 170.0 * s;
        if draw {
            frame.text(
                mode.name,
                Rect::new(left, top, width - help_width - 10.0 * s, 44.0 * s),
                34.0 * s,
                theme::TITLE,
                Align::Left,
            );
        }
        place(
            frame,
            Rect::new(left + width - help_width, top, help_width, 44.0 * s),
            "How to play",
            Look::Normal,
            Action::HowToPlay,
        );
        // Each side's block: its name, Person or Computer, and the computer's strengths.
        let (label_h, choice_h, strength_h, inner_gap) = (30.0 * s, 42.0 * s, 38.0 * s, 5.0 * s);
        let seat_h = label_h + choice_h + strength_h + 2.0 * inner_gap;
        // The ladder's levels stand in a row where their labels fit at full size; else a
        // pair of arrows steps through them.
        let (gap, levels) = (6.0 * s, Level::ALL.len() as f32);
        let ladder_w = (width - (levels - 1.0) * gap) / levels;
        let ladder_fits = ladder_w >= 84.0 * s;
        // The sides follow the summary, or stand as low as they must to fit.
        let summary_top = top + 50.0 * s;
        let summary = match self.position {
            Some(_) => "Starts from the position you set up.",
            None => mode.summary,
        };
        let summary_lines = widgets::wrapped_lines(summary, width, 22.0 * s) as f32;
        let after_summary = summary_top + summary_lines * 22.0 * s * 1.25 + 28.0 * s;
        let seats_top = after_summary.min(bottom - 16.0 * s - 2.0 * seat_h - 12.0 * s);
        if draw {
            frame.text(
                summary,
                Rect::new(left, summary_top, width, seats_top - 12.0 * s - summary_top),
                22.0 * s,
                theme::TEXT,
                Align::Wrap,
            );
        }
        let names = mode.new_game();
        for player in Player::BOTH {
            let y = seats_top + player.index() as f32 * (seat_h + 12.0 * s);
            let seat = self.seats[player.index()];
            if draw {
                let order = if player == Player::First {
                    "first"
                } else {
                    "second"
                };
                let label = match seat {
                    Seat::Computer(level) if ladder_fits => format!(
                        "{} (moves {order}): {}",
                        names.side_name(player),
                        level_caption(mode.id, level)
                    ),
                    Seat::Computer(_) | Seat::Person | Seat::Remote => {
                        format!("{} (moves {order})", names.side_name(player))
                    }
                };
                frame.text(
                    label,
                    Rect::new(left, y, width, label_h),
                    26.0 * s,
                    theme::TEXT,
                    Align::Left,
                );
            }
            let y = y + label_h + inner_gap;
            let w = 150.0 * s;
            place(
                frame,
                Rect::new(left, y, w, choice_h),
                "Person",
                look(seat == Seat::Person),
                Action::Person(player),
            );
            place(
                frame,
                Rect::new(left + w + 10.0 * s, y, w, choice_h),
                "Computer",
                look(matches!(seat, Seat::Computer(_))),
                Action::Computer(player),
            );
            let row_y = y + choice_h + inner_gap;
            if let Seat::Computer(level) = seat
                && !ladder_fits
            {
                let arrow_w = 60.0 * s;
                let steps = [
                    (Rect::new(left, row_y, arrow_w, strength_h), "<", -1),
                    (
                        Rect::new(
                            left + 2.0 * w + 10.0 * s - arrow_w,
                            row_y,
                            arrow_w,
                            strength_h,
                        ),
                        ">",
                        1,
                    ),
                ];
                for (rect, label, step) in steps {
                    let next = Level::new(level.number().saturating_add_signed(step));
                    let (look, action) = match next {
                        Some(next) => (Look::Normal, Some(Action::Strength(player, next))),
                        None => (Look::Disabled, None),
                    };
                    match action {
                        Some(action) => place(frame, rect, label, look, action),
                        None if draw => widgets::button(frame, context, rect, label, look),
                        None => {}
                    }
                }
                if draw {
                    frame.text(
                        level_step(mode.id, level),
                        Rect::new(
                            left + arrow_w,
                            row_y,
                            2.0 * w + 10.0 * s - 2.0 * arrow_w,
                            strength_h,
                        ),
                        24.0 * s,
                        theme::TEXT,
                        Align::Center,
                    );
                }
            }
            if let Seat::Computer(level) = seat
                && ladder_fits
            {
                let strength_w = (120.0 * s).min(ladder_w);
                for (i, strength) in Level::ALL.into_iter().enumerate() {
                    let rect = Rect::new(
                        left + i as f32 * (strength_w + gap),
                        row_y,
                        strength_w,
                        strength_h,
                    );
                    place(
                        frame,
                        rect,
                        &level_button(mode.id, strength),
                        look(strength == level),
                        Action::Strength(player, strength),
                    );
                }
            }
        }
        place(
            frame,
            Rect::new(margin, bottom, 200.0 * s, 48.0 * s),
            "Back",
            Look::Normal,
            Action::Back,
        );
        let start = Rect::new(window.w - margin - 260.0 * s, bottom, 260.0 * s, 48.0 * s);
        let clock_x = margin + 200.0 * s + 20.0 * s;
        let clock_w = (240.0 * s).min(start.x - 20.0 * s - clock_x);
        let clock_label = match (&self.typing, self.clock) {
            (Some(text), _) => format!("Clock: {text}_"),
            (None, Some(clock)) => format!("Clock: {clock}"),
            (None, None) => "Clock: none".to_string(),
        };
        let clock_look = look(self.typing.is_some());
        place(
            frame,
            Rect::new(clock_x, bottom, clock_w, 48.0 * s),
            &clock_label,
            clock_look,
            Action::Clock,
        );
        if draw && self.typing.is_some() {
            frame.text(
                "minutes+seconds, then Enter (nothing typed: no clock)",
                Rect::new(
                    clock_x,
                    bottom - 22.0 * s,
                    start.x - 20.0 * s - clock_x,
                    20.0 * s,
                ),
                14.0 * s,
                theme::TEXT_DIM,
                Align::Center,
            );
        }
        place(frame, start, "Start", Look::Chosen, Action::Start);
        buttons
    }
}

impl Screen for LocalSetup {
    fn controls(&self) -> Vec<crate::screens::controls::Control> {
        vec![
            crate::screens::controls::Control::new(
                "Click",
                "choose the game, the players and the clock",
            ),
            crate::screens::controls::Control::new("Esc", "back"),
        ]
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        if let Some(text) = &mut self.typing {
            match event {
                Event::Char(c) if c.is_ascii_digit() || matches!(c, '+' | '.' | ' ') => {
                    if text.len() < 12 {
                        text.push(*c);
                    }
                    return Transition::Stay;
                }
                Event::Key(Key::Backspace) => {
                    text.pop();
                    return Transition::Stay;
                }
                Event::Key(Key::Enter) => {
                    self.finish_typing(context);
                    return Transition::Stay;
                }
                Event::Key(Key::Escape) => {
                    self.typing = None;
                    return Transition::Stay;
                }
                Event::PointerUp(_) => self.finish_typing(context),
                _ => {}
            }
        }
        match event {
            Event::Key(Key::Escape) => self.leave(context),
            Event::Key(Key::Enter) => Transition::Replace(Box::new(self.start_game(context))),
            Event::PointerUp(point) => {
                let buttons = self.layout(context, &mut Frame::default(), false);
                match buttons.at(*point) {
                    Some(Action::Mode(index)) => {
                        if index != self.mode {
                            self.position = None;
                        }
                        self.mode = index;
                    }
                    Some(Action::HowToPlay) => {
                        widgets::open_help(context, Some(MODES[self.mode].id));
                    }
                    Some(Action::Person(player)) => self.seats[player.index()] = Seat::Person,
                    Some(Action::Computer(player))
                        if self.seats[player.index()] == Seat::Person =>
                    {
                        self.seats[player.index()] = Seat::Computer(Level::at(5));
                    }
                    Some(Action::Strength(player, level)) => {
                        self.seats[player.index()] = Seat::Computer(level);
                    }
                    Some(Action::Clock) if self.typing.is_none() => self.next_clock(),
                    Some(Action::Start) => {
                        return Transition::Replace(Box::new(self.start_game(context)));
                    }
                    Some(Action::Back) => return self.leave(context),
                    Some(Action::Computer(_) | Action::Clock) | None => {}
                }
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    fn typing(&self) -> bool {
        self.typing.is_some()
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        widgets::page(frame, context, "Play on this computer");
        self.layout(context, frame, true);
    }
}

/// A level's button on the ladder: its rating in the mode when it was measured, else
/// its number. The whole engine's is "Full" either way: its strength grows with the
/// time and cores it is given, so its rating (at the time a move and on the one core
/// docs/levels.md states) goes in the caption.
fn level_button(mode_id: &str, level: Level) -> String {
    if level == Level::FULL {
        return "Full".to_string();
    }
    match level_rating(mode_id, level) {
        Some(rating) => rating.elo.to_string(),
        None => level.number().to_string(),
    }
}

/// What the setup says of the chosen level: its name and, when measured, its rating.
fn level_caption(mode_id: &str, level: Level) -> String {
    match level_rating(mode_id, level) {
        Some(rating) => format!("{}, rated {rating}", level.name()),
        None => format!("{}, not rated in this game yet", level.name()),
    }
}

/// The chosen level between the arrows: its name and, when measured, its rating.
fn level_step(mode_id: &str, level: Level) -> String {
    match level_rating(mode_id, level) {
        Some(rating) => format!("{} · {}", level.name(), rating.elo),
        None => level.name(),
    }
}

/// How a seat is written in the settings.
fn seat_text(seat: Seat) -> String {
    match seat {
        Seat::Computer(level) => level.name().to_lowercase(),
        Seat::Person | Seat::Remote => "person".to_string(),
    }
}

/// A seat read back from the settings (a person for anything unknown; the names of
/// the levels before the ladder still read as the rungs that play like them).
fn seat_from_text(text: &str) -> Seat {
    Level::parse(text).map_or(Seat::Person, Seat::Computer)
}
