//! The main menu: the first thing a player sees.

use super::widgets::{self, Buttons, Look};
use super::{Context, Event, Screen, Transition};
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::theme;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    PlayHere,
    SetUp,
    Host,
    Join,
    Return,
    Load,
    History,
    Help,
    Settings,
    Quit,
}

const ENTRIES: [(Choice, &str); 10] = [
    (Choice::PlayHere, "Play on this computer"),
    (Choice::SetUp, "Set up a position"),
    (Choice::Host, "Host an online game"),
    (Choice::Join, "Join an online game"),
    (Choice::Return, "Return to your game"),
    (Choice::Load, "Load a saved game"),
    (Choice::History, "History of your games"),
    (Choice::Help, "Help"),
    (Choice::Settings, "Settings"),
    (Choice::Quit, "Quit"),
];

/// The height of the line under the title that says what the games are, before scaling.
const SUBTITLE_HEIGHT: f32 = 40.0;

/// The main menu.
#[derive(Default)]
pub struct MainMenu;

impl MainMenu {
    fn layout(&self, context: &Context) -> Vec<(Rect, Choice, &'static str)> {
        let mut frame = Frame::default();
        let area = widgets::page(&mut frame, context, "");
        let s = widgets::scale(context);
        let below_subtitle = Rect::new(
            area.x,
            area.y + SUBTITLE_HEIGHT * s,
            area.w,
            area.h - (SUBTITLE_HEIGHT + 12.0) * s,
        );
        // "Return to your game" shows only while an online game waits for the player.
        let waiting = !super::online::held_seats(context).is_empty();
        let entries: Vec<(Choice, &'static str)> = ENTRIES
            .into_iter()
            .filter(|(choice, _)| *choice != Choice::Return || waiting)
            .collect();
        widgets::column(context, below_subtitle, entries.len())
            .into_iter()
            .zip(entries)
            .map(|(rect, (choice, label))| (rect, choice, label))
            .collect()
    }
}

impl Screen for MainMenu {
    fn controls(&self) -> Vec<crate::screens::controls::Control> {
        vec![
            crate::screens::controls::Control::new("Click", "choose"),
            crate::screens::controls::Control::new("M", "sound on or off"),
        ]
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        match event {
            Event::PointerUp(point) => {
                let mut buttons = Buttons::new();
                for (rect, choice, _) in self.layout(context) {
                    buttons.add(rect, choice);
                }
                match buttons.at(*point) {
                    Some(Choice::PlayHere) => Transition::Push(Box::new(
                        super::local::LocalSetup::new(&context.prefs.settings),
                    )),
                    Some(Choice::SetUp) => Transition::Push(Box::new(
                        super::editor::EditorScreen::new(&context.prefs.settings.local_mode),
                    )),
                    Some(Choice::Load) => {
                        Transition::Push(Box::new(super::load::LoadScreen::new(context)))
                    }
                    Some(Choice::History) => {
                        Transition::Push(Box::new(super::history::HistoryScreen::new(context)))
                    }
                    Some(Choice::Host) => {
                        Transition::Push(Box::new(super::online::HostScreen::new(context)))
                    }
                    Some(Choice::Join) => {
                        Transition::Push(Box::new(super::online::JoinScreen::new(context)))
                    }
                    Some(Choice::Return) => {
                        Transition::Push(Box::new(super::online::ComebackScreen::new(context)))
                    }
                    Some(Choice::Help) => {
                        widgets::open_help(context, None);
                        Transition::Stay
                    }
                    Some(Choice::Settings) => {
                        Transition::Push(Box::new(super::settings::SettingsScreen::new()))
                    }
                    Some(Choice::Quit) => Transition::Quit,
                    None => Transition::Stay,
                }
            }
            Event::Key(super::Key::Escape) => Transition::Quit,
            _ => Transition::Stay,
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        let area = widgets::page(frame, context, "Plyground");
        let s = widgets::scale(context);
        frame.text(
            "Chess and its variants, checkers, hnefatafl and more",
            Rect::new(0.0, area.y, area.w, SUBTITLE_HEIGHT * s),
            24.0 * s,
            theme::TEXT_DIM,
            Align::Center,
        );
        let buttons: Vec<(Rect, &str, Look)> = self
            .layout(context)
            .into_iter()
            .map(|(rect, _, label)| (rect, label, Look::Normal))
            .collect();
        widgets::buttons_alike(frame, context, &buttons);
        let window = context.window.area();
        frame.text(
            format!("version {}", env!("CARGO_PKG_VERSION")),
            Rect::new(
                window.w - 220.0 * s,
                window.h - 40.0 * s,
                200.0 * s,
                30.0 * s,
            ),
            18.0 * s,
            theme::TEXT_DIM,
            Align::Right,
        );
    }
}
