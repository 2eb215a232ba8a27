//! "Play on this computer": choose a mode and who plays each side.

use super::game::GameScreen;
use super::widgets::{self, Buttons, Look};
use super::{Context, Event, Key, Screen, Transition};
use crate::display::{Align, Frame, Rect};
use crate::settings::Settings;
use crate::table::{Seat, Table};
use crate::theme;
use ply_core::Player;
use ply_modes::{Level, MODES};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Mode(usize),
    HowToPlay,
    Person(Player),
    Computer(Player),
    Strength(Player, Level),
    Start,
    Back,
}

/// The local game setup screen.
pub struct LocalSetup {
    mode: usize,
    seats: [Seat; 2],
}

impl LocalSetup {
    /// The choices made last time (kept in the settings), else the first mode with a
    /// person against the computer at Medium.
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

    /// Starts the game this setup describes, and remembers the choices for next time.
    pub fn start_game(&self, context: &mut Context) -> GameScreen {
        let settings = &mut context.settings;
        settings.local_mode = MODES[self.mode].id.to_string();
        settings.local_seats = self.seats.map(seat_text);
        context.settings_changed = true;
        let pace = Duration::from_millis(u64::from(settings.computer_pace_ms));
        let table = Table::local(MODES[self.mode].new_game(), self.seats).with_pace(pace);
        GameScreen::new(table, false)
    }

    fn layout(&self, context: &Context, frame: &mut Frame, draw: bool) -> Buttons<Action> {
        let mut buttons = Buttons::new();
        let s = widgets::scale(context);
        let window = context.window();
        let look = |chosen: bool| if chosen { Look::Chosen } else { Look::Normal };
        let mut place = |frame: &mut Frame, rect: Rect, label: &str, look: Look, action| {
            if draw {
                widgets::button(frame, context, rect, label, look);
            }
            buttons.add(rect, action);
        };
        let list_left = 40.0 * s;
        let list_width = 340.0 * s;
        let row = 50.0 * s;
        for (index, mode) in MODES.iter().enumerate() {
            let rect = Rect::new(
                list_left,
                110.0 * s + index as f32 * (row + 8.0 * s),
                list_width,
                row,
            );
            place(
                frame,
                rect,
                mode.name,
                look(index == self.mode),
                Action::Mode(index),
            );
        }
        let left = list_left + list_width + 40.0 * s;
        let width = (window.w - left - 40.0 * s).max(200.0);
        let mode = &MODES[self.mode];
        if draw {
            frame.text(
                mode.name,
                Rect::new(left, 110.0 * s, width, 44.0 * s),
                34.0 * s,
                theme::TITLE,
                Align::Left,
            );
            frame.text(
                mode.summary,
                Rect::new(left, 160.0 * s, width, 80.0 * s),
                22.0 * s,
                theme::TEXT,
                Align::Wrap,
            );
        }
        place(
            frame,
            Rect::new(left, 245.0 * s, 200.0 * s, 44.0 * s),
            "How to play",
            Look::Normal,
            Action::HowToPlay,
        );
        let names = mode.new_game();
        for player in Player::BOTH {
            let top = 320.0 * s + player.index() as f32 * 150.0 * s;
            let seat = self.seats[player.index()];
            if draw {
                let label = format!(
                    "{} (moves {})",
                    names.side_name(player),
                    if player == Player::First {
                        "first"
                    } else {
                        "second"
                    }
                );
                frame.text(
                    label,
                    Rect::new(left, top, width, 36.0 * s),
                    26.0 * s,
                    theme::TEXT,
                    Align::Left,
                );
            }
            let y = top + 42.0 * s;
            let w = 150.0 * s;
            let h = 44.0 * s;
            place(
                frame,
                Rect::new(left, y, w, h),
                "Person",
                look(seat == Seat::Person),
                Action::Person(player),
            );
            place(
                frame,
                Rect::new(left + w + 10.0 * s, y, w, h),
                "Computer",
                look(matches!(seat, Seat::Computer(_))),
                Action::Computer(player),
            );
            if let Seat::Computer(level) = seat {
                for (i, strength) in Level::ALL.into_iter().enumerate() {
                    let rect = Rect::new(
                        left + i as f32 * (130.0 * s + 8.0 * s),
                        y + h + 10.0 * s,
                        130.0 * s,
                        40.0 * s,
                    );
                    place(
                        frame,
                        rect,
                        strength.name(),
                        look(strength == level),
                        Action::Strength(player, strength),
                    );
                }
            }
        }
        let bottom = window.h - 90.0 * s;
        place(
            frame,
            Rect::new(list_left, bottom, 200.0 * s, 54.0 * s),
            "Back",
            Look::Normal,
            Action::Back,
        );
        place(
            frame,
            Rect::new(window.w - 40.0 * s - 260.0 * s, bottom, 260.0 * s, 54.0 * s),
            "Start",
            Look::Chosen,
            Action::Start,
        );
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
        match event {
            Event::Key(Key::Escape) => Transition::Pop,
            Event::Key(Key::Enter) => Transition::Replace(Box::new(self.start_game(context))),
            Event::PointerUp(point) => {
                let buttons = self.layout(context, &mut Frame::default(), false);
                match buttons.at(*point) {
                    Some(Action::Mode(index)) => self.mode = index,
                    Some(Action::HowToPlay) => {
                        widgets::open_help(context, Some(MODES[self.mode].id));
                    }
                    Some(Action::Person(player)) => self.seats[player.index()] = Seat::Person,
                    Some(Action::Computer(player))
                        if self.seats[player.index()] == Seat::Person =>
                    {
                        self.seats[player.index()] = Seat::Computer(Level::Medium);
                    }
                    Some(Action::Strength(player, level)) => {
                        self.seats[player.index()] = Seat::Computer(level);
                    }
                    Some(Action::Start) => {
                        return Transition::Replace(Box::new(self.start_game(context)));
                    }
                    Some(Action::Back) => return Transition::Pop,
                    Some(Action::Computer(_)) | None => {}
                }
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        widgets::page(frame, context, "Play on this computer");
        self.layout(context, frame, true);
    }
}

/// How a seat is written in the settings.
fn seat_text(seat: Seat) -> String {
    match seat {
        Seat::Computer(level) => level.name().to_lowercase(),
        Seat::Person | Seat::Remote => "person".to_string(),
    }
}

/// A seat read back from the settings (a person for anything unknown).
fn seat_from_text(text: &str) -> Seat {
    Level::ALL
        .into_iter()
        .find(|level| level.name().eq_ignore_ascii_case(text))
        .map_or(Seat::Person, Seat::Computer)
}
