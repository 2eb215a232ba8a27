//! The analysis board: a game (or a position) with the computer's live view of it
//! (an evaluation bar, its best lines, a solver's proof in Connect Four), moves tried
//! freely as side lines of the game, and the game review (every move classed, each
//! side's accuracy, the chance of winning over the game). It works the same for every
//! mode and never changes the game it was opened with: the review is kept with it.

mod board;
mod layout;
mod lesson;
mod lesson_panel;
mod panel;
mod records;
mod review;
mod review_panel;
mod score_text;

use super::controls::Control;
use super::{Context, Event, Key, Screen, Transition};
use crate::board::drawings::Drawings;
use crate::board::views::Boards;
use crate::display::Frame;
use crate::geometry::Point;
use crate::screens::game::{Candidate, MoveEntry, candidates};
use crate::theme;
use layout::Layout;
use panel::PanelHit;
use ply_analysis::{LiveAnalysis, MoveTree, NodeId};
use ply_core::MoveCode;
use ply_modes::AnyGame;
use review::Review;
use std::path::PathBuf;

/// Lines the live analysis shows.
const LINES: usize = 3;

/// Where the game came from, and so where its review is kept.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A save file: the review is written into it.
    Save(PathBuf),
    /// The history of finished games: the review goes with the game there.
    History(ply_history::GameId),
    /// A game that has just ended here, recorded in the history with this ticket.
    Recorded(crate::history::Ticket),
    /// Nowhere to keep it (a position typed in, a game still being played).
    Nowhere,
}

/// What the pointer went down on.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Target {
    Board,
    Panel(Option<PanelHit>),
}

/// The analysis board.
pub struct AnalysisScreen {
    title: String,
    tree: MoveTree,
    boards: Boards,
    live: Option<LiveAnalysis>,
    /// Whether the computer analyses (the player may turn it off).
    engine_on: bool,
    entry: MoveEntry,
    candidates: Vec<Candidate>,
    dragging: Option<Point>,
    /// The moves that fit a click, while the player chooses one (a promotion).
    choosing: Option<Vec<MoveCode>>,
    orbiting: Option<Point>,
    /// The player's arrows and circles.
    drawings: Drawings,
    press: Option<(Point, Target)>,
    review: Review,
    source: Source,
    /// The game as it was opened, with its players, for keeping the review.
    saved: Option<ply_save::SavedGame>,
    /// What the player is typing or pasting: a position or a game record.
    typing: Option<String>,
    /// Learning from the game's mistakes, while it goes on.
    lesson: Option<lesson::Lesson>,
    /// The player's own games at the position shown, once the history answered.
    explored: Option<ply_history::Explored>,
    /// The history's answer about the position shown, while it is awaited.
    exploring: Option<crate::history::Pending<ply_history::Explored>>,
}

impl AnalysisScreen {
    /// An analysis board for `game` (its moves become the main line), showing the
    /// position after `ply` moves, under `title`.
    pub fn new(game: &dyn AnyGame, ply: usize, title: impl Into<String>) -> Option<Self> {
        let mut tree = MoveTree::new(game).ok()?;
        for _ in 0..ply {
            tree.forward();
        }
        let mut screen = AnalysisScreen {
            title: title.into(),
            tree,
            boards: Boards::new(),
            live: None,
            engine_on: true,
            entry: MoveEntry::default(),
            candidates: Vec::new(),
            dragging: None,
            choosing: None,
            orbiting: None,
            drawings: Drawings::default(),
            press: None,
            review: Review::default(),
            source: Source::Nowhere,
            saved: None,
            typing: None,
            lesson: None,
            explored: None,
            exploring: None,
        };
        screen.moved();
        Some(screen)
    }

    /// An analysis board for a saved game, whose review is kept where the game came
    /// from (and shown at once if it has one).
    pub fn of_saved(saved: ply_save::SavedGame, source: Source) -> Option<Self> {
        let mut screen = AnalysisScreen::new(&*saved.game, 0, saved.title.clone())?;
        if let Some(kept) = &saved.review {
            let nodes = screen.tree.main_line();
            screen.review = Review::finished(kept.clone(), &*saved.game, nodes);
        }
        screen.source = source;
        screen.saved = Some(saved);
        Some(screen)
    }

    /// Shows the position after `ply` moves of the main line (the move a player was
    /// looking at when they asked for the analysis).
    pub fn at_ply(mut self, ply: usize) -> Self {
        let main = self.tree.main_line();
        let id = match ply {
            0 => MoveTree::ROOT,
            _ => main
                .get(ply - 1)
                .or(main.last())
                .copied()
                .unwrap_or(MoveTree::ROOT),
        };
        self.tree.go(id);
        self.moved();
        self
    }

    /// The position on the board.
    pub fn position(&self) -> &dyn AnyGame {
        self.tree.position()
    }

    /// The moves and side lines.
    pub fn tree(&self) -> &MoveTree {
        &self.tree
    }

    /// Reviews the main line at once, each position searched to `depth`, and shows
    /// the review (for screenshots and tests, which want it settled).
    pub fn review_now(&mut self, depth: u32) -> Result<(), String> {
        let game = self.main_game();
        let settings = ply_analysis::ReviewSettings {
            depth: Some(depth),
            ..ply_analysis::ReviewSettings::default()
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let review = ply_analysis::review_game(&*game, &settings, &stop, &mut |_, _| {})
            .map_err(|error| error.to_string())?;
        self.review = Review::finished(review, &*game, self.tree.main_line());
        Ok(())
    }

    /// Waits until the live analysis has all its lines at `depth` or more (or a proof),
    /// at most `longest` (for screenshots, which want the lines shown).
    pub fn wait_for_analysis(&self, depth: u32, longest: std::time::Duration) {
        let started = std::time::Instant::now();
        while let Some(live) = &self.live {
            let view = live.view();
            let deep = view.lines.len() == LINES.min(self.candidates.len().max(1))
                && view.lines.iter().all(|line| line.depth >= depth);
            if deep || view.exact.is_some() || !view.searching || started.elapsed() > longest {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// Waits until the history said how the player's games went on from the position
    /// shown, at most `longest` (for screenshots, which want it shown).
    pub fn wait_for_history(&mut self, context: &Context, longest: std::time::Duration) {
        let started = std::time::Instant::now();
        self.explore(context);
        while let Some(pending) = &self.exploring {
            if let Some(answer) = pending.poll() {
                self.exploring = None;
                self.explored = Some(answer.unwrap_or_default());
                return;
            }
            if started.elapsed() > longest {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    /// Whether a review is running.
    pub fn reviewing(&self) -> bool {
        self.review.running()
    }

    /// The cursor moved or a move was played: new moves to enter, and the analysis
    /// starts again on the new position (unless a review has the cores).
    fn moved(&mut self) {
        self.explored = None;
        self.exploring = None;
        self.entry.clear();
        self.drawings.clear();
        self.dragging = None;
        self.choosing = None;
        self.candidates = candidates(self.tree.position());
        self.restart_analysis();
    }

    fn restart_analysis(&mut self) {
        let quiet = self.review.running() || self.lesson.is_some();
        self.live = (self.engine_on && !quiet).then(|| {
            LiveAnalysis::start(self.tree.position(), LINES, 1, Some(crate::wake::poke()))
        });
    }

    /// Plays `code` on the board (as a new side line where the game went otherwise).
    fn play(&mut self, code: MoveCode) {
        let text = self.tree.position().move_text(code);
        if self.tree.play(code).is_ok() {
            self.moved();
            if let (Some(lesson), Some(text)) = (&mut self.lesson, text)
                && *lesson.step() == lesson::Step::Asking
            {
                lesson.tried(self.tree.position(), &text);
            }
        }
    }

    fn go(&mut self, id: NodeId) {
        if id != self.tree.cursor() {
            self.tree.go(id);
            self.moved();
        }
    }

    fn key(&mut self, key: Key, context: &mut Context) -> Transition {
        if let Some(text) = &mut self.typing {
            match key {
                Key::Escape => self.typing = None,
                Key::Backspace => {
                    text.pop();
                }
                Key::Enter => return self.open_typed(context),
                _ => {}
            }
            return Transition::Stay;
        }
        match key {
            Key::Escape if self.choosing.is_some() => self.choosing = None,
            Key::Escape => return Transition::Pop,
            Key::Left => self.step(MoveTree::back),
            Key::Right => self.step(MoveTree::forward),
            Key::Home | Key::Up => self.step(MoveTree::to_start),
            Key::End | Key::Down => self.step(MoveTree::to_end),
            Key::Tab => {
                context.prefs.settings.view_3d = !context.prefs.settings.view_3d;
                context.prefs.changed = true;
                self.orbiting = None;
            }
            Key::Delete => self.delete_here(),
            _ => {}
        }
        Transition::Stay
    }

    fn step(&mut self, how: fn(&mut MoveTree)) {
        let before = self.tree.cursor();
        how(&mut self.tree);
        if self.tree.cursor() != before {
            self.moved();
        }
    }

    /// Deletes the move on the board and what follows it.
    fn delete_here(&mut self) {
        let here = self.tree.cursor();
        if here != MoveTree::ROOT {
            self.tree.delete(here);
            self.moved();
        }
    }

    /// Runs what a click on the panel means.
    fn act(&mut self, hit: PanelHit, context: &mut Context) -> Transition {
        match hit {
            PanelHit::Back => return Transition::Pop,
            PanelHit::Move(id) => self.go(id),
            PanelHit::Line(index) => {
                let line = self
                    .live
                    .as_ref()
                    .and_then(|live| live.view().lines.get(index).map(|l| l.line.clone()));
                if let Some(line) = line
                    && self.tree.play_line(&line) > 0
                {
                    self.moved();
                }
            }
            PanelHit::Engine => {
                self.engine_on = !self.engine_on;
                self.restart_analysis();
            }
            PanelHit::Promote => {
                if self.tree.promote(self.tree.cursor()) {
                    self.moved();
                }
            }
            PanelHit::Delete => self.delete_here(),
            PanelHit::Choice(code) => self.play(code),
            PanelHit::Paste => self.typing = Some(String::new()),
            PanelHit::Edit => {
                if let Some(editor) = super::editor::EditorScreen::editing(self.tree.position()) {
                    return Transition::Push(Box::new(editor));
                }
            }
            PanelHit::Learn => self.start_lesson(),
            PanelHit::Lesson(step) => self.lesson_step(step),
            PanelHit::CopyPosition => {
                context.output.clipboard = Some(self.tree.position().position_text());
                context.output.notice = Some(ply_play::Message::success("Position copied"));
            }
            PanelHit::CopyGame => match records::record_of(&self.main_saved()) {
                Ok(text) => {
                    context.output.clipboard = Some(text);
                    context.output.notice = Some(ply_play::Message::success("Game record copied"));
                }
                Err(reason) => context.output.notice = Some(ply_play::Message::error(reason)),
            },
            PanelHit::StartReview => {
                let game = self.main_game();
                let per_position =
                    std::time::Duration::from_millis(u64::from(context.prefs.settings.review_ms));
                self.review.start(game, self.tree.main_line(), per_position);
                self.live = None;
            }
            PanelHit::ReviewTime => {
                let times = crate::settings::REVIEW_TIMES_MS;
                let now = context.prefs.settings.review_ms;
                let next = times
                    .iter()
                    .copied()
                    .find(|&ms| ms > now)
                    .unwrap_or(times[0]);
                context.prefs.settings.review_ms = next;
                context.prefs.changed = true;
            }
            PanelHit::CancelReview => {
                self.review.cancel();
                self.restart_analysis();
            }
            PanelHit::Graph(ply) => {
                let line = self.tree.main_line();
                let id = if ply == 0 {
                    MoveTree::ROOT
                } else {
                    line.get(ply - 1).copied().unwrap_or(MoveTree::ROOT)
                };
                self.go(id);
            }
        }
        Transition::Stay
    }

    /// Opens what the player typed or pasted: a position, moves or a game record of
    /// this board's mode, in place of this board; says why not if it cannot.
    fn open_typed(&mut self, context: &mut Context) -> Transition {
        let text = self.typing.take().unwrap_or_default();
        let mode = self.tree.position().mode_id();
        let opened = match records::read(&text, mode) {
            Ok(records::Opened::Game(game)) => {
                AnalysisScreen::new(&*game, game.moves().len(), self.title.clone())
            }
            Ok(records::Opened::Record(saved)) => AnalysisScreen::of_saved(*saved, Source::Nowhere),
            Err(reason) => {
                context.output.notice = Some(ply_play::Message::error(reason));
                self.typing = Some(text);
                return Transition::Stay;
            }
        };
        match opened {
            Some(board) => Transition::Replace(Box::new(board)),
            None => Transition::Stay,
        }
    }

    /// The main line as a saved game: the players and review it was opened with.
    fn main_saved(&self) -> ply_save::SavedGame {
        let game = self.main_game();
        let mut saved = ply_save::SavedGame::new(self.title.clone(), Vec::new(), game);
        if let Some(opened) = &self.saved {
            saved.seats = opened.seats.clone();
            saved.created = opened.created;
            if opened.game.move_texts() == saved.game.move_texts() {
                saved.review = opened.review.clone();
                saved.clock = opened.clock.clone();
                saved.time_used = opened.time_used;
            }
        }
        saved
    }

    /// The game the main line records (what a review looks at).
    fn main_game(&self) -> Box<dyn AnyGame> {
        match self.tree.main_line().last() {
            Some(&last) => self.tree.game_at(last),
            None => self.tree.game_at(MoveTree::ROOT),
        }
    }

    /// Asks the history about the position shown, unless it was asked already.
    fn explore(&mut self, context: &Context) {
        let Some(history) = &context.storage.history else {
            return;
        };
        if self.explored.is_some() || self.exploring.is_some() {
            return;
        }
        let position = self.tree.position().clone_box();
        self.exploring = Some(history.ask(move |history| history.explore(&*position)));
    }

    fn tick(&mut self, seconds: f32, context: &mut Context) {
        // The analysis board is always seen from the mode's usual side.
        self.boards.tick(seconds, false);
        self.explore(context);
        if let Some(answer) = self.exploring.as_ref().and_then(|pending| pending.poll()) {
            self.exploring = None;
            // A history that cannot answer leaves the line out; it says why elsewhere.
            self.explored = Some(answer.unwrap_or_default());
        }
        if let Some(lesson) = &mut self.lesson {
            let curve = self.tree.position().chance_curve();
            lesson.tick(|score| curve.chance(score));
        }
        if !self.review.running() {
            return;
        }
        if let Some((kept, game)) = self.review.poll() {
            review::keep(kept, &self.source, self.saved.as_mut(), &*game, context);
        }
        if !self.review.running() {
            self.restart_analysis();
        }
    }
}

impl Screen for AnalysisScreen {
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        let layout = Layout::of(context);
        match *event {
            Event::Tick(seconds) => self.tick(seconds, context),
            Event::Key(key) => return self.key(key, context),
            Event::Char(typed) if self.typing.is_some() => {
                if let Some(text) = &mut self.typing
                    && (!typed.is_control() || typed == '\n')
                {
                    text.push(typed);
                }
            }
            Event::Char('r' | 'R') if context.prefs.settings.view_3d => {
                self.boards.get_mut(true).reset_camera();
            }
            Event::PointerDown(point) => {
                let target = if layout.panel.contains(point) || self.choosing.is_some() {
                    Target::Panel(self.panel_hit(context, point))
                } else {
                    self.board_down(point, context);
                    Target::Board
                };
                self.press = Some((point, target));
            }
            Event::PointerUp(point) => match self.press.take() {
                Some((_, Target::Board)) => self.board_up(point, context),
                Some((_, Target::Panel(Some(hit))))
                    if self.panel_hit(context, point) == Some(hit) =>
                {
                    return self.act(hit, context);
                }
                _ => {}
            },
            Event::PointerMove(point) => self.orbit_to(point),
            Event::SecondaryDown(point, held) => self.secondary_down(point, held, context),
            Event::SecondaryUp(point) => self.secondary_up(point, context),
            Event::Scroll(lines)
                if context.prefs.settings.view_3d
                    && !layout.panel.contains(context.window.pointer) =>
            {
                self.boards.get_mut(true).zoom(lines);
            }
            _ => {}
        }
        Transition::Stay
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        frame.rect(context.window.area(), theme::BACKGROUND);
        self.draw_board(context, frame);
        self.draw_bar(context, frame);
        self.draw_panel(context, frame);
    }

    fn next_frame(&self, _context: &Context) -> Option<std::time::Duration> {
        let checking = self
            .lesson
            .as_ref()
            .is_some_and(|lesson| *lesson.step() == lesson::Step::Checking);
        let busy = self.boards.animating() || self.dragging.is_some();
        busy.then_some(std::time::Duration::ZERO)
            .or(self
                .review
                .running()
                .then_some(std::time::Duration::from_millis(250)))
            .or(checking.then_some(std::time::Duration::from_millis(200)))
    }

    fn typing(&self) -> bool {
        self.typing.is_some()
    }

    fn controls(&self) -> Vec<Control> {
        vec![
            Control::new(
                "Click, drag",
                "play a move (a new line where the game went otherwise)",
            ),
            Control::new("Left / Right", "a move back / forward"),
            Control::new("Home / End", "to the start / the end of the line"),
            Control::new("Click a line", "play the computer's line onto the board"),
            Control::new("Delete", "delete the move shown and what follows"),
            Control::new(
                "Right-drag, right-click",
                "arrow, circle (Shift red, Alt blue)",
            ),
            Control::new("Tab", "flat or 3D board"),
            Control::new("Esc", "back"),
        ]
    }
}
