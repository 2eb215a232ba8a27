//! The analysis board: a game (or a position) with the computer's live view of it
//! (an evaluation bar, its best lines, a solver's proof in Connect Four), moves tried
//! freely as side lines of the game, and the game review (every move classed, each
//! side's accuracy, the chance of winning over the game). It works the same for every
//! mode and never changes the game it was opened with: the review is kept with it.

mod board;
mod layout;
mod panel;
mod review;
mod review_panel;
mod score_text;

use super::controls::Control;
use super::{Context, Event, Key, Screen, Transition};
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
    press: Option<(Point, Target)>,
    review: Review,
    source: Source,
    /// The game as it was opened, with its players, for keeping the review.
    saved: Option<ply_save::SavedGame>,
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
            press: None,
            review: Review::default(),
            source: Source::Nowhere,
            saved: None,
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

    /// Whether a review is running.
    pub fn reviewing(&self) -> bool {
        self.review.running()
    }

    /// The cursor moved or a move was played: new moves to enter, and the analysis
    /// starts again on the new position (unless a review has the cores).
    fn moved(&mut self) {
        self.entry.clear();
        self.dragging = None;
        self.choosing = None;
        self.candidates = candidates(self.tree.position());
        self.restart_analysis();
    }

    fn restart_analysis(&mut self) {
        self.live = (self.engine_on && !self.review.running()).then(|| {
            LiveAnalysis::start(self.tree.position(), LINES, 1, Some(crate::wake::poke()))
        });
    }

    /// Plays `code` on the board (as a new side line where the game went otherwise).
    fn play(&mut self, code: MoveCode) {
        if self.tree.play(code).is_ok() {
            self.moved();
        }
    }

    fn go(&mut self, id: NodeId) {
        if id != self.tree.cursor() {
            self.tree.go(id);
            self.moved();
        }
    }

    fn key(&mut self, key: Key, context: &mut Context) -> Transition {
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
    fn act(&mut self, hit: PanelHit) -> Transition {
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
            PanelHit::StartReview => {
                let game = self.main_game();
                self.review.start(game, self.tree.main_line());
                self.live = None;
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

    /// The game the main line records (what a review looks at).
    fn main_game(&self) -> Box<dyn AnyGame> {
        match self.tree.main_line().last() {
            Some(&last) => self.tree.game_at(last),
            None => self.tree.game_at(MoveTree::ROOT),
        }
    }

    fn tick(&mut self, seconds: f32, context: &mut Context) {
        let rotated = self.rotated();
        self.boards.tick(seconds, rotated);
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

    /// Whether the board is turned so the second player's side is at the bottom.
    fn rotated(&self) -> bool {
        false
    }
}

impl Screen for AnalysisScreen {
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        let layout = Layout::of(context);
        match *event {
            Event::Tick(seconds) => self.tick(seconds, context),
            Event::Key(key) => return self.key(key, context),
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
                    return self.act(hit);
                }
                _ => {}
            },
            Event::PointerMove(point) => self.orbit_to(point),
            Event::SecondaryDown(point) => {
                self.orbiting = context.prefs.settings.view_3d.then_some(point);
            }
            Event::SecondaryUp(_) => self.orbiting = None,
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
        let busy = self.boards.animating() || self.dragging.is_some();
        busy.then_some(std::time::Duration::ZERO).or(self
            .review
            .running()
            .then_some(std::time::Duration::from_millis(250)))
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
            Control::new("Tab", "flat or 3D board"),
            Control::new("Esc", "back"),
        ]
    }
}
