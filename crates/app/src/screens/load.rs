//! "Load a saved game": the saves, newest first, with what each holds; load, export as
//! a game record, or delete; and the saves folder opened in the file manager.

use super::analysis::{AnalysisScreen, Source};
use super::confirm::{Answer, Question};
use super::game::GameScreen;
use super::widgets::{self, Buttons, Look};
use super::{Context, Event, Key, Screen, Transition};
use crate::color::Rgba;
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::theme;
use ply_modes::find_mode;
use ply_play::Message;
use ply_save::{GameResult, ListedSave, SaveFolder, local_text};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Load(usize),
    Export(usize),
    Analyse(usize),
    Delete(usize),
    OpenFolder,
    Previous,
    Next,
    Back,
}

/// The list of saved games.
pub struct LoadScreen {
    saves: Vec<ListedSave>,
    problem: Option<String>,
    first: usize,
    /// "Delete this save?", while it is asked.
    asking: Option<Question<usize>>,
}

impl LoadScreen {
    /// The saves in the context's save folder.
    pub fn new(context: &Context) -> LoadScreen {
        let mut screen = LoadScreen {
            saves: Vec::new(),
            problem: None,
            first: 0,
            asking: None,
        };
        screen.reload(context);
        screen
    }

    fn reload(&mut self, context: &Context) {
        self.problem = None;
        match context.storage.saves.as_ref().map(SaveFolder::list) {
            Some(Ok(saves)) => self.saves = saves,
            Some(Err(error)) => {
                self.saves.clear();
                self.problem = Some(error.to_string());
            }
            None => {
                self.saves.clear();
                self.problem = Some("There is no folder for saved games on this computer.".into());
            }
        }
        self.first = self.first.min(self.saves.len().saturating_sub(1));
    }

    fn rows_per_page(context: &Context) -> usize {
        let s = widgets::scale(context);
        let pitch = RowShape::of(context).pitch * s;
        (((context.window.size.1 - 260.0 * s) / pitch).max(1.0)) as usize
    }

    fn describe(save: &ListedSave) -> (String, String) {
        match &save.summary {
            Ok(summary) => {
                let mode = find_mode(&summary.mode_id);
                let mode_name = mode.map_or(summary.mode_id.as_str(), |mode| mode.name);
                let state = match (summary.result, mode) {
                    (GameResult::InProgress, Some(mode)) => {
                        format!("{} to move", mode.new_game().side_name(summary.to_move))
                    }
                    (GameResult::InProgress, None) => "in progress".to_string(),
                    (GameResult::Won(winner), Some(mode)) => {
                        format!("{} won", mode.new_game().side_name(winner))
                    }
                    (GameResult::Won(_), None) => "finished".to_string(),
                    (GameResult::Drawn, _) => "drawn".to_string(),
                };
                let title = if save.is_autosave() {
                    format!("{} (autosave)", summary.title)
                } else {
                    summary.title.clone()
                };
                (
                    title,
                    format!(
                        "{mode_name} - {} - {} - {state}",
                        local_text(summary.updated),
                        ply_save::length_text(summary.move_count)
                    ),
                )
            }
            Err(error) => (save.name.clone(), error.to_string()),
        }
    }

    fn layout(&self, context: &Context, frame: &mut Frame, draw: bool) -> Buttons<Action> {
        let mut buttons = Buttons::new();
        let s = widgets::scale(context);
        let window = context.window.area();
        let left = 60.0 * s;
        let width = window.w - 120.0 * s;
        let rows = Self::rows_per_page(context);
        let shape = RowShape::of(context);
        let text_width = if shape.stacked {
            width - 32.0 * s
        } else {
            width - 560.0 * s
        };
        for (slot, index) in (self.first..self.saves.len()).take(rows).enumerate() {
            let save = &self.saves[index];
            let y = 120.0 * s + slot as f32 * shape.pitch * s;
            let row = Rect::new(left, y, width, (shape.pitch - 10.0) * s);
            let readable = save.summary.is_ok();
            if draw {
                frame.rect(row, Rgba::rgb(52, 58, 70));
                let (title, details) = Self::describe(save);
                frame.text(
                    title,
                    Rect::new(left + 16.0 * s, y + 6.0 * s, text_width, 34.0 * s),
                    24.0 * s,
                    theme::TEXT,
                    Align::Left,
                );
                let color = if readable {
                    theme::TEXT_DIM
                } else {
                    Rgba::rgb(240, 120, 110)
                };
                frame.text(
                    details,
                    Rect::new(left + 16.0 * s, y + 40.0 * s, text_width, 28.0 * s),
                    17.0 * s,
                    color,
                    Align::Left,
                );
            }
            let top = y + shape.buttons_top * s;
            let load = Rect::new(left + width - 540.0 * s, top, 120.0 * s, 46.0 * s);
            let analyse = Rect::new(left + width - 410.0 * s, top, 140.0 * s, 46.0 * s);
            let export = Rect::new(left + width - 260.0 * s, top, 120.0 * s, 46.0 * s);
            let delete = Rect::new(left + width - 130.0 * s, top, 118.0 * s, 46.0 * s);
            if readable {
                if draw {
                    widgets::button(frame, context, load, "Load", Look::Chosen);
                    widgets::button(frame, context, analyse, "Analyse", Look::Normal);
                    widgets::button(frame, context, export, "Export", Look::Normal);
                }
                buttons.add(load, Action::Load(index));
                buttons.add(analyse, Action::Analyse(index));
                buttons.add(export, Action::Export(index));
            }
            if draw {
                widgets::button(frame, context, delete, "Delete", Look::Normal);
            }
            buttons.add(delete, Action::Delete(index));
        }
        let bottom = window.h - 90.0 * s;
        let mut place = |frame: &mut Frame, rect: Rect, label: &str, enabled: bool, action| {
            let look = if enabled {
                Look::Normal
            } else {
                Look::Disabled
            };
            if draw {
                widgets::button(frame, context, rect, label, look);
            }
            if enabled {
                buttons.add(rect, action);
            }
        };
        place(
            frame,
            Rect::new(left, bottom, 200.0 * s, 54.0 * s),
            "Back",
            true,
            Action::Back,
        );
        place(
            frame,
            Rect::new(left + 220.0 * s, bottom, 240.0 * s, 54.0 * s),
            "Open saves folder",
            context.storage.saves.is_some(),
            Action::OpenFolder,
        );
        if self.saves.len() > rows {
            place(
                frame,
                Rect::new(window.w - left - 250.0 * s, bottom, 120.0 * s, 54.0 * s),
                "Previous",
                self.first > 0,
                Action::Previous,
            );
            place(
                frame,
                Rect::new(window.w - left - 120.0 * s, bottom, 120.0 * s, 54.0 * s),
                "Next",
                self.first + rows < self.saves.len(),
                Action::Next,
            );
        }
        buttons
    }

    fn load(&mut self, index: usize, context: &mut Context) -> Transition {
        let (Some(save), Some(folder)) = (self.saves.get(index), context.storage.saves.as_ref())
        else {
            return Transition::Stay;
        };
        match folder.load(&save.name) {
            Ok(saved) => {
                let name = (!save.is_autosave()).then(|| save.name.clone());
                Transition::Replace(Box::new(GameScreen::new(
                    ply_play::Table::from_saved(saved, name),
                    false,
                )))
            }
            Err(error) => {
                context.output.notice = Some(Message::error(error.to_string()));
                Transition::Stay
            }
        }
    }

    /// Opens save `index` on the analysis board; a review made there is written into
    /// the save.
    fn analyse(&mut self, index: usize, context: &mut Context) -> Transition {
        let (Some(save), Some(folder)) = (self.saves.get(index), context.storage.saves.as_ref())
        else {
            return Transition::Stay;
        };
        let opened = folder
            .file_of(&save.name)
            .and_then(|path| Ok((folder.load(&save.name)?, path)));
        match opened {
            Ok((saved, path)) => match AnalysisScreen::of_saved(saved, Source::Save(path)) {
                Some(board) => Transition::Push(Box::new(board)),
                None => Transition::Stay,
            },
            Err(error) => {
                context.output.notice = Some(Message::error(error.to_string()));
                Transition::Stay
            }
        }
    }

    /// Writes save `index` as a game record beside the saves, and says where.
    fn export(&self, index: usize, context: &mut Context) {
        let (Some(save), Some(folder)) = (self.saves.get(index), context.storage.saves.as_ref())
        else {
            return;
        };
        let written = folder
            .load(&save.name)
            .and_then(|saved| folder.export_record(&saved));
        context.output.notice = Some(match written {
            Ok(path) => Message::success(format!("Game record written: {}", path.display())),
            Err(error) => Message::error(error.to_string()),
        });
    }

    /// Opens the saves folder in the system's file manager, or says where it is when
    /// none opens.
    fn open_folder(context: &mut Context) {
        let Some(folder) = context.storage.saves.as_ref() else {
            return;
        };
        let path = folder.path().to_path_buf();
        let opened = std::fs::create_dir_all(&path).and_then(|()| open::that_detached(&path));
        context.output.notice = Some(match opened {
            Ok(()) => Message::info(format!("The saves folder opens: {}", path.display())),
            Err(_) => Message::warning(format!(
                "No file manager could be opened. Your saves are in {}",
                path.display()
            )),
        });
    }

    fn ask_delete(&mut self, index: usize, at: crate::geometry::Point) {
        let Some(save) = self.saves.get(index) else {
            return;
        };
        let name = Self::describe(save).0;
        self.asking = Some(Question {
            text: format!("Delete \"{name}\"? It cannot be brought back."),
            yes: "Delete",
            action: index,
            asked_at: at,
        });
    }

    fn delete(&mut self, index: usize, context: &mut Context) {
        let (Some(save), Some(folder)) = (self.saves.get(index), context.storage.saves.as_ref())
        else {
            return;
        };
        if let Err(error) = folder.delete(&save.name) {
            context.output.notice = Some(Message::error(error.to_string()));
        }
        self.reload(context);
    }
}

impl Screen for LoadScreen {
    fn controls(&self) -> Vec<crate::screens::controls::Control> {
        vec![
            crate::screens::controls::Control::new("Click", "open, delete or export a save"),
            crate::screens::controls::Control::new("Wheel", "scroll"),
            crate::screens::controls::Control::new("Esc", "back"),
        ]
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        if let Some(question) = &self.asking {
            match event {
                Event::Key(Key::Escape) => self.asking = None,
                Event::PointerUp(point) => match question.answer(context, *point) {
                    Some(Answer::Yes(index)) => {
                        self.asking = None;
                        self.delete(index, context);
                    }
                    Some(Answer::No) => self.asking = None,
                    None => {}
                },
                _ => {}
            }
            return Transition::Stay;
        }
        match event {
            Event::Key(Key::Escape) => Transition::Pop,
            Event::PointerUp(point) => {
                let buttons = self.layout(context, &mut Frame::default(), false);
                let rows = Self::rows_per_page(context);
                match buttons.at(*point) {
                    Some(Action::Load(index)) => return self.load(index, context),
                    Some(Action::Export(index)) => self.export(index, context),
                    Some(Action::Analyse(index)) => return self.analyse(index, context),
                    Some(Action::Delete(index)) => self.ask_delete(index, *point),
                    Some(Action::OpenFolder) => Self::open_folder(context),
                    Some(Action::Previous) => self.first = self.first.saturating_sub(rows),
                    Some(Action::Next) => self.first += rows,
                    Some(Action::Back) => return Transition::Pop,
                    None => {}
                }
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        let area = widgets::page(frame, context, "Load a saved game");
        let s = widgets::scale(context);
        if self.saves.is_empty() {
            let message = self.problem.clone().unwrap_or_else(|| {
                "There are no saved games yet. Save a game from its menu (Esc), and it will appear here.".to_string()
            });
            frame.text(
                message,
                Rect::new(
                    area.x + 60.0 * s,
                    area.y + 60.0 * s,
                    area.w - 120.0 * s,
                    120.0 * s,
                ),
                24.0 * s,
                theme::TEXT,
                Align::Wrap,
            );
        }
        self.layout(context, frame, true);
        if let Some(question) = &self.asking {
            question.draw(context, frame);
        }
    }
}

/// How a save's row is laid out: its title and details beside its buttons, or, where
/// that would cut them (large text, a small window), above them.
struct RowShape {
    /// From one row's top to the next's, before scaling.
    pitch: f32,
    /// Where the buttons start below the row's top, before scaling.
    buttons_top: f32,
    /// Whether the buttons go below the text.
    stacked: bool,
}

impl RowShape {
    /// The room the details line ("Chess - 2026-11-28 00:23 UTC - 20 moves - White to
    /// move") needs beside the buttons, before scaling.
    const TEXT_ROOM: f32 = 520.0;

    fn of(context: &Context) -> RowShape {
        let s = widgets::scale(context);
        let beside = context.window.size.0 - 120.0 * s - 560.0 * s;
        if beside >= RowShape::TEXT_ROOM * s {
            RowShape {
                pitch: 84.0,
                buttons_top: 14.0,
                stacked: false,
            }
        } else {
            RowShape {
                pitch: 132.0,
                buttons_top: 72.0,
                stacked: true,
            }
        }
    }
}
