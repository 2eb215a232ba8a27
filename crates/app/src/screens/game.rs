//! The game screen: the 2D board of any mode, moves by click-click or drag-and-drop (or
//! a column drop), the side panel, the game menu and the game-over banner. The computer
//! thinks on its worker thread; this screen only polls it.

use super::widgets::{self, Buttons, Look};
use super::{Context, Event, Key, Screen, Transition};
use crate::computer::{Computer, News};
use crate::display::{Align, Frame, Item, Point, Rect, Rgba};
use crate::pieces::{self, PieceColors};
use crate::theme;
use ply_core::{BoardView, CellMark, InputStyle, MoveCode, Outcome, PieceKind, Player};
use ply_modes::{AnyGame, Level, Request, Thought, find_mode};
use ply_save::{Controller, SavedGame};
use std::collections::HashMap;
use std::time::{Duration, SystemTime};

/// The most time the computer may take for one move (Maximum uses all of it).
pub const MOVE_BUDGET: Duration = Duration::from_millis(2500);
/// How long a piece takes to slide to its square, in seconds.
const SLIDE_SECONDS: f32 = 0.18;
/// A score (from the computer's side) at or below which it accepts a draw offer.
const ACCEPT_DRAW_BELOW: i32 = -300;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Someone at this computer.
    Person,
    /// The computer, at a strength.
    Computer(Level),
    /// Someone at another computer, or a computer seated by another machine (online).
    Remote,
}

/// What an online game asks the server to do for the player at this computer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// Play this move (in the mode's move text).
    Move(String),
    /// Resign this player's side.
    Resign,
    /// Offer a draw, or accept the opponent's waiting offer.
    OfferDraw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    OpenMenu,
    Resume,
    Help,
    OfferDraw,
    Resign,
    Undo,
    Settings,
    Leave,
    Save,
    SaveAndLeave,
    LeaveWithoutSaving,
    CancelLeave,
    Rematch,
    Promote(MoveCode),
    CancelPromotion,
}

struct Slide {
    piece: (Player, PieceKind),
    path: Vec<usize>,
    elapsed: f32,
}

/// Where the board and the panel sit in the window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    /// The squares (without the frame).
    pub board: Rect,
    /// The side of one square.
    pub cell: f32,
    /// The side panel.
    pub panel: Rect,
}

/// The game screen.
pub struct GameScreen {
    game: Box<dyn AnyGame>,
    seats: [Seat; 2],
    view: BoardView,
    legal: Vec<(MoveCode, Vec<usize>)>,
    last_move: Vec<usize>,
    start_counts: HashMap<(Player, PieceKind), usize>,
    flipped: bool,
    selected: Option<usize>,
    dragging: Option<Point>,
    promotion: Vec<MoveCode>,
    /// Whether the mouse went down while the promotion picker was open, so the release
    /// that follows the press opening it does not close it again.
    pressed_in_picker: bool,
    menu_open: bool,
    slide: Option<Slide>,
    clocks: [f32; 2],
    computer: Computer,
    thinking: Option<(Thought, Level)>,
    computer_scores: [Option<i32>; 2],
    seed: u64,
    /// Online: moves and requests go to the server, which echoes what was accepted.
    online: bool,
    /// Online: requests waiting to be sent.
    outbox: Vec<Outgoing>,
    /// Online: a move was sent and its echo has not come back yet.
    awaiting_echo: bool,
    /// The players' names, when known (online).
    names: [Option<String>; 2],
    /// The save this game was loaded from or last saved as (overwritten on saving).
    save_name: Option<String>,
    /// When the game was first saved.
    created: Option<SystemTime>,
    /// The number of moves at the last save, to know whether leaving loses anything.
    saved_at_moves: Option<usize>,
    /// The "save before leaving?" question is showing.
    confirm_leave: bool,
}

/// What `kind` counts as on the captured-pieces panel: what it was before a promotion
/// the board shows (a crowned man is a man), so a promotion is not taken for a capture.
fn counted_kind(game: &dyn AnyGame, kind: PieceKind) -> PieceKind {
    game.piece(kind)
        .and_then(|look| look.promoted_from)
        .unwrap_or(kind)
}

/// What a piece of `kind` is worth on the captured-pieces panel.
fn value(game: &dyn AnyGame, kind: PieceKind) -> i32 {
    game.piece(kind).map_or(0, |look| look.value as i32)
}

fn counts(game: &dyn AnyGame, view: &BoardView) -> HashMap<(Player, PieceKind), usize> {
    let mut out = HashMap::new();
    for (player, kind) in view.cells.iter().filter_map(|cell| cell.piece) {
        *out.entry((player, counted_kind(game, kind))).or_insert(0) += 1;
    }
    out
}

fn clock_text(seconds: f32) -> String {
    let whole = seconds.max(0.0) as u64;
    format!("{}:{:02}", whole / 60, whole % 60)
}

impl GameScreen {
    /// A game screen for `game` with `seats` (index 0 plays first).
    pub fn new(game: Box<dyn AnyGame>, seats: [Seat; 2]) -> GameScreen {
        let start_view = find_mode(game.mode_id())
            .and_then(|mode| mode.from_position(&game.start_text()).ok())
            .map_or_else(|| game.view(), |start| start.view());
        let start_counts = counts(game.as_ref(), &start_view);
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64);
        let mut screen = GameScreen {
            view: game.view(),
            game,
            seats,
            legal: Vec::new(),
            last_move: Vec::new(),
            start_counts,
            flipped: false,
            selected: None,
            dragging: None,
            promotion: Vec::new(),
            pressed_in_picker: false,
            menu_open: false,
            slide: None,
            clocks: [0.0; 2],
            computer: Computer::start(),
            thinking: None,
            computer_scores: [None; 2],
            seed,
            online: false,
            outbox: Vec::new(),
            awaiting_echo: false,
            names: [None, None],
            save_name: None,
            created: None,
            saved_at_moves: None,
            confirm_leave: false,
        };
        screen.refresh();
        screen
    }

    /// A game played through a server: moves of `Person` seats (and of `Computer` seats,
    /// which this machine computes) are sent with [`GameScreen::take_outgoing`] and played
    /// when the server echoes them through [`GameScreen::receive_move`].
    pub fn online(
        game: Box<dyn AnyGame>,
        seats: [Seat; 2],
        names: [Option<String>; 2],
    ) -> GameScreen {
        let mut screen = GameScreen::new(game, seats);
        screen.online = true;
        screen.names = names;
        screen
    }

    /// Online: the requests to send to the server now.
    pub fn take_outgoing(&mut self) -> Vec<Outgoing> {
        std::mem::take(&mut self.outbox)
    }

    /// Online: the server accepted a move; it is played on the board.
    pub fn receive_move(&mut self, text: &str) -> Result<(), ply_core::MoveError> {
        self.awaiting_echo = false;
        let code = self.game.parse_move(text)?;
        self.play(code);
        Ok(())
    }

    /// Online: the server refused this player's move; the player may try again.
    pub fn move_refused(&mut self) {
        self.awaiting_echo = false;
    }

    /// Online: the server ended the game (resignation and agreed draws are not seen by
    /// the rules, so they are recorded here).
    pub fn receive_outcome(&mut self, outcome: Outcome) {
        if self.game.outcome().is_some() {
            return;
        }
        let recorded = match outcome {
            Outcome::Win {
                winner,
                reason: ply_core::EndReason::Resignation,
            } => self.game.resign(winner.opponent()),
            Outcome::Draw {
                reason: ply_core::EndReason::DrawAgreed,
            } => self.game.agree_draw(),
            _ => Ok(()),
        };
        if recorded.is_ok() {
            self.stop_computer();
            self.refresh();
        }
    }

    /// Plays a move chosen at this computer, or sends it when the game is online.
    fn submit(&mut self, code: MoveCode) {
        if !self.online {
            self.play(code);
            return;
        }
        if let Some(text) = self.game.move_text(code) {
            self.outbox.push(Outgoing::Move(text));
            self.awaiting_echo = true;
            self.selected = None;
            self.promotion.clear();
        }
    }

    /// A game screen resuming a saved game; `name` is the save to overwrite when the
    /// player saves again (none for the autosave, which is never overwritten by hand).
    pub fn from_saved(saved: SavedGame, name: Option<String>) -> GameScreen {
        let mut seats = [Seat::Person; 2];
        for seat in &saved.seats {
            seats[seat.side.index()] = match seat.controller {
                Controller::Person => Seat::Person,
                Controller::Computer(level) => Seat::Computer(level),
            };
        }
        let moves = saved.game.moves().len();
        let mut screen = GameScreen::new(saved.game, seats);
        screen.clocks = saved.time_used.map(|used| used.as_secs_f32());
        screen.created = Some(saved.created);
        screen.saved_at_moves = name.as_ref().map(|_| moves);
        screen.save_name = name;
        screen
    }

    /// The game as a save: players, time used, and the game itself.
    pub fn saved_game(&self, context: &Context) -> SavedGame {
        let seats = Player::BOTH
            .into_iter()
            .map(|side| ply_save::Seat {
                name: self.seat_label(side, context),
                controller: match self.seats[side.index()] {
                    Seat::Person | Seat::Remote => Controller::Person,
                    Seat::Computer(level) => Controller::Computer(level),
                },
                side,
            })
            .collect();
        let mode_name =
            find_mode(self.game.mode_id()).map_or(self.game.mode_id(), |mode| mode.name);
        let title = format!(
            "{mode_name}: {} v {}",
            self.seat_label(Player::First, context),
            self.seat_label(Player::Second, context)
        );
        let mut saved = SavedGame::new(title, seats, self.game.clone_box());
        saved.time_used = self
            .clocks
            .map(|seconds| Duration::from_secs_f32(seconds.max(0.0)));
        if let Some(created) = self.created {
            saved.created = created;
        }
        saved
    }

    /// Saves the game in the context's save folder; says how it went in a notice.
    fn save(&mut self, context: &mut Context) -> bool {
        let Some(folder) = context.saves.clone() else {
            context.notice = Some("There is no folder for saved games on this computer.".into());
            return false;
        };
        let saved = self.saved_game(context);
        let written = match &self.save_name {
            Some(name) => folder.save(name, &saved).map(|_| name.clone()),
            None => folder.save_new(&saved),
        };
        match written {
            Ok(name) => {
                self.save_name = Some(name);
                self.created = Some(saved.created);
                self.saved_at_moves = Some(self.game.moves().len());
                context.notice = Some(format!("Game saved: {}", saved.title));
                true
            }
            Err(error) => {
                context.notice = Some(error.to_string());
                false
            }
        }
    }

    /// Whether leaving now would lose moves that are not in any save.
    fn unsaved(&self) -> bool {
        self.game.outcome().is_none()
            && !self.game.moves().is_empty()
            && self.saved_at_moves != Some(self.game.moves().len())
    }

    /// Whether the "save before leaving?" question is showing.
    pub fn asking_to_save(&self) -> bool {
        self.confirm_leave
    }

    /// The game being played.
    pub fn game(&self) -> &dyn AnyGame {
        self.game.as_ref()
    }

    /// The square chosen by the player, if any.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// Where the selected piece may go.
    pub fn targets(&self) -> Vec<usize> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        let mut targets: Vec<usize> = self
            .legal
            .iter()
            .filter(|(_, path)| path.first() == Some(&from))
            .filter_map(|(_, path)| path.last().copied())
            .collect();
        targets.sort_unstable();
        targets.dedup();
        targets
    }

    /// The moves offered by an open promotion picker.
    pub fn promotion_choices(&self) -> &[MoveCode] {
        &self.promotion
    }

    /// The promotion picker's buttons and the move each one plays.
    pub fn promotion_buttons(&self, context: &Context) -> Vec<(Rect, MoveCode)> {
        self.controls(context)
            .into_iter()
            .filter_map(|(rect, _, _, action)| match action {
                Action::Promote(code) => Some((rect, code)),
                _ => None,
            })
            .collect()
    }

    /// Whether the game menu is open.
    pub fn menu_open(&self) -> bool {
        self.menu_open
    }

    /// The cells of the last move, in order.
    pub fn last_move(&self) -> &[usize] {
        &self.last_move
    }

    /// Waits for the computer's current answer and plays it. Tests and tools only: the
    /// window polls instead, through [`Event::Tick`].
    pub fn wait_for_computer(&mut self, context: &mut Context) {
        self.start_computer_if_due();
        if let Some(thought) = self.computer.wait() {
            self.apply_computer(thought, context);
        }
    }

    /// Whether the computer is working on a move.
    pub fn computer_thinking(&self) -> bool {
        self.computer.is_thinking()
    }

    fn refresh(&mut self) {
        self.view = self.game.view();
        self.legal = self
            .game
            .legal_moves()
            .into_iter()
            .filter_map(|code| self.game.move_path(code).map(|path| (code, path)))
            .collect();
        let mut before = self.game.clone_box();
        self.last_move = match before.undo() {
            Some(code) => before.move_path(code).unwrap_or_default(),
            None => Vec::new(),
        };
        self.selected = None;
        self.dragging = None;
        self.promotion.clear();
    }

    fn persons(&self) -> Vec<Player> {
        Player::BOTH
            .into_iter()
            .filter(|p| self.seats[p.index()] == Seat::Person)
            .collect()
    }

    /// The side drawn at the bottom before any flip: the only person's side, else the
    /// first player.
    fn home_side(&self) -> Player {
        match self.persons().as_slice() {
            [only] => *only,
            _ => Player::First,
        }
    }

    fn rotated(&self) -> bool {
        self.view.may_rotate && ((self.home_side() != self.game.bottom()) != self.flipped)
    }

    fn person_to_move(&self) -> bool {
        self.game.outcome().is_none()
            && self.seats[self.game.to_move().index()] == Seat::Person
            && !self.menu_open
            && !self.confirm_leave
            && !self.awaiting_echo
            && self.promotion.is_empty()
    }

    /// Where the board and panel go in a window of the context's size.
    pub fn layout(&self, context: &Context) -> BoardLayout {
        let s = widgets::scale(context);
        let window = context.window();
        let panel_w = (380.0 * s).min(window.w * 0.4);
        let margin = 36.0 * s;
        let area = Rect::new(
            margin,
            margin,
            window.w - panel_w - 2.0 * margin,
            window.h - 2.0 * margin,
        );
        let extra_row = if self.view.input == InputStyle::DropInColumn {
            1.0
        } else {
            0.0
        };
        let width = self.view.width.max(1) as f32;
        let height = self.view.height.max(1) as f32 + extra_row;
        let cell = (area.w / width).min(area.h / height).floor().max(4.0);
        let board_w = cell * width;
        let board_h = cell * self.view.height as f32;
        let top = area.y + (area.h - cell * height) / 2.0 + cell * extra_row;
        let board = Rect::new(
            (area.x + (area.w - board_w) / 2.0).round(),
            top.round(),
            board_w,
            board_h,
        );
        let panel = Rect::new(window.w - panel_w, 0.0, panel_w, window.h);
        BoardLayout { board, cell, panel }
    }

    fn display_spot(&self, index: usize) -> (usize, usize) {
        let (w, h) = (self.view.width.max(1), self.view.height.max(1));
        let (column, row) = (index % w, index / w);
        if self.rotated() {
            (w - 1 - column, h - 1 - row)
        } else {
            (column, row)
        }
    }

    /// The rectangle of a cell on screen.
    pub fn cell_rect(&self, context: &Context, index: usize) -> Rect {
        let layout = self.layout(context);
        let (column, row) = self.display_spot(index);
        Rect::new(
            layout.board.x + column as f32 * layout.cell,
            layout.board.y + (self.view.height - 1 - row) as f32 * layout.cell,
            layout.cell,
            layout.cell,
        )
    }

    /// The column under a point (whole board height and the row above it).
    fn column_at(&self, context: &Context, point: Point) -> Option<usize> {
        let layout = self.layout(context);
        let board = layout.board;
        if point.x < board.x
            || point.x >= board.x + board.w
            || point.y < board.y - layout.cell
            || point.y >= board.y + board.h
        {
            return None;
        }
        let w = self.view.width.max(1);
        let shown = (((point.x - board.x) / layout.cell) as usize).min(w - 1);
        Some(if self.rotated() { w - 1 - shown } else { shown })
    }

    fn cell_at(&self, context: &Context, point: Point) -> Option<usize> {
        let layout = self.layout(context);
        let board = layout.board;
        if !board.contains(point) {
            return None;
        }
        let (w, h) = (self.view.width.max(1), self.view.height.max(1));
        let shown_column = (((point.x - board.x) / layout.cell) as usize).min(w - 1);
        let from_top = (((point.y - board.y) / layout.cell) as usize).min(h - 1);
        let shown_row = h - 1 - from_top;
        let (column, row) = if self.rotated() {
            (w - 1 - shown_column, h - 1 - shown_row)
        } else {
            (shown_column, shown_row)
        };
        Some(row * w + column)
    }

    fn moves_between(&self, from: usize, to: usize) -> Vec<MoveCode> {
        self.legal
            .iter()
            .filter(|(_, path)| path.first() == Some(&from) && path.last() == Some(&to))
            .map(|(code, _)| *code)
            .collect()
    }

    fn has_moves_from(&self, cell: usize) -> bool {
        self.legal
            .iter()
            .any(|(_, path)| path.first() == Some(&cell))
    }

    /// Tries to move the selected piece to `to`: plays it, opens the promotion picker
    /// when several moves share the squares, or does nothing.
    fn move_to(&mut self, to: usize) -> bool {
        let Some(from) = self.selected else {
            return false;
        };
        let candidates = self.moves_between(from, to);
        match candidates.as_slice() {
            [] => false,
            [only] => {
                self.submit(*only);
                true
            }
            _ => {
                self.promotion = candidates;
                self.dragging = None;
                true
            }
        }
    }

    fn drop_in_column(&mut self, column: usize) {
        let width = self.view.width.max(1);
        let code = self
            .legal
            .iter()
            .find(|(_, path)| path.last().is_some_and(|cell| cell % width == column))
            .map(|(code, _)| *code);
        if let Some(code) = code {
            self.submit(code);
        }
    }

    fn play(&mut self, code: MoveCode) {
        let path = self.game.move_path(code).unwrap_or_default();
        let piece = path
            .first()
            .and_then(|&from| self.view.cells.get(from))
            .and_then(|cell| cell.piece);
        let piece = piece.or_else(|| {
            let mut after = self.game.clone_box();
            after.play(code).ok()?;
            path.last()
                .and_then(|&to| after.view().cells.get(to).and_then(|cell| cell.piece))
        });
        if self.game.play(code).is_ok() {
            self.slide = piece.map(|piece| Slide {
                piece,
                path: self.slide_path(path),
                elapsed: 0.0,
            });
            self.refresh();
        }
    }

    /// The squares a moved piece slides over: the move's own path, or for a single
    /// square (a dropped counter) a fall from the top of its column.
    fn slide_path(&self, path: Vec<usize>) -> Vec<usize> {
        match path.as_slice() {
            [only] => {
                let width = self.view.width.max(1);
                let top = self.view.height.saturating_sub(1) * width + only % width;
                vec![top, *only]
            }
            _ => path,
        }
    }

    fn start_computer_if_due(&mut self) {
        if self.game.outcome().is_some() || self.computer.is_thinking() || self.awaiting_echo {
            return;
        }
        let side = self.game.to_move();
        if let Seat::Computer(level) = self.seats[side.index()] {
            let request = Request {
                level,
                budget: MOVE_BUDGET,
                seed: self.seed
                    ^ (self.game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            };
            self.computer.think(self.game.as_ref(), request);
            self.thinking = Some((
                Thought {
                    best: None,
                    depth: 0,
                    score: ply_core::Score::ZERO,
                    nodes: 0,
                    elapsed: Duration::ZERO,
                    line: Vec::new(),
                },
                level,
            ));
        }
    }

    fn apply_computer(&mut self, thought: Thought, context: &mut Context) {
        self.thinking = None;
        let side = self.game.to_move();
        self.computer_scores[side.index()] = Some(thought.score.0);
        match thought.best {
            Some(best) => self.submit(best),
            None => context.notice = Some("The computer found no move to play.".into()),
        }
    }

    fn poll_computer(&mut self, context: &mut Context) {
        for news in self.computer.poll() {
            match news {
                News::Progress(thought) => {
                    if let Some((_, level)) = self.thinking {
                        self.thinking = Some((thought, level));
                    }
                }
                News::Done(thought) => self.apply_computer(thought, context),
            }
        }
    }

    fn stop_computer(&mut self) {
        self.computer.cancel();
        self.thinking = None;
    }

    fn undo(&mut self) {
        self.stop_computer();
        self.game.undo();
        let has_person = !self.persons().is_empty();
        while has_person
            && matches!(self.seats[self.game.to_move().index()], Seat::Computer(_))
            && !self.game.moves().is_empty()
        {
            self.game.undo();
        }
        self.slide = None;
        self.refresh();
    }

    /// Who resigns from the menu: the only person, or the person to move.
    fn resigner(&self) -> Option<Player> {
        match self.persons().as_slice() {
            [] => None,
            [only] => Some(*only),
            _ => Some(self.game.to_move()),
        }
    }

    fn offer_draw(&mut self, context: &mut Context) {
        let computers: Vec<Player> = Player::BOTH
            .into_iter()
            .filter(|p| self.seats[p.index()] != Seat::Person)
            .collect();
        let accepts = computers.iter().all(|&side| {
            let score = self.computer_scores[side.index()].unwrap_or_else(|| {
                let now = self.game.evaluate().0;
                if self.game.to_move() == side {
                    now
                } else {
                    -now
                }
            });
            score <= ACCEPT_DRAW_BELOW
        });
        if accepts && self.game.agree_draw().is_ok() {
            self.stop_computer();
            self.refresh();
        } else {
            context.notice = Some("The computer declines the draw.".into());
        }
    }

    fn controls(&self, context: &Context) -> Vec<(Rect, String, Look, Action)> {
        let s = widgets::scale(context);
        let window = context.window();
        let layout = self.layout(context);
        let mut out = Vec::new();
        if self.confirm_leave {
            let entries = [
                ("Save and leave", Action::SaveAndLeave),
                ("Leave without saving", Action::LeaveWithoutSaving),
                ("Cancel", Action::CancelLeave),
            ];
            for (rect, (label, action)) in widgets::column(context, window, entries.len())
                .into_iter()
                .zip(entries)
            {
                out.push((rect, label.to_string(), Look::Normal, action));
            }
            return out;
        }
        if self.menu_open {
            let over = self.game.outcome().is_some();
            let entries = [
                ("Resume", Action::Resume, true),
                ("Save game", Action::Save, context.saves.is_some()),
                ("Help: rules of this game", Action::Help, true),
                (
                    "Offer draw",
                    Action::OfferDraw,
                    !over && (!self.online || self.resigner().is_some()),
                ),
                ("Resign", Action::Resign, !over && self.resigner().is_some()),
                (
                    "Undo move",
                    Action::Undo,
                    !self.online && (!self.game.moves().is_empty() || over),
                ),
                ("Settings", Action::Settings, true),
                (
                    if self.online {
                        "Back to lobby"
                    } else {
                        "Leave to menu"
                    },
                    Action::Leave,
                    true,
                ),
            ];
            for (rect, (label, action, enabled)) in widgets::column(context, window, entries.len())
                .into_iter()
                .zip(entries)
            {
                let look = if enabled {
                    Look::Normal
                } else {
                    Look::Disabled
                };
                out.push((rect, label.to_string(), look, action));
            }
            return out;
        }
        if !self.promotion.is_empty() {
            let size = layout.cell.max(60.0 * s);
            let total = size * self.promotion.len() as f32;
            let left = layout.board.center().x - total / 2.0;
            let top = layout.board.center().y - size / 2.0;
            out.push((window, String::new(), Look::Normal, Action::CancelPromotion));
            for (i, &code) in self.promotion.iter().enumerate() {
                let label = self.game.display_move(code).unwrap_or_default();
                out.push((
                    Rect::new(left + i as f32 * size, top, size, size),
                    label,
                    Look::Normal,
                    Action::Promote(code),
                ));
            }
            return out;
        }
        if self.game.outcome().is_some() {
            let banner = self.banner_rect(context);
            let w = 180.0 * s;
            let y = banner.y + banner.h - 64.0 * s;
            if self.online {
                out.push((
                    Rect::new(banner.center().x - w / 2.0, y, w, 48.0 * s),
                    "Back to lobby".into(),
                    Look::Chosen,
                    Action::Leave,
                ));
            } else {
                let w = 140.0 * s;
                let gap = 12.0 * s;
                let left = banner.center().x - 1.5 * w - gap;
                let entries = [
                    ("Rematch", Look::Chosen, Action::Rematch),
                    ("Save", Look::Normal, Action::Save),
                    ("Menu", Look::Normal, Action::Leave),
                ];
                for (i, (label, look, action)) in entries.into_iter().enumerate() {
                    let rect = Rect::new(left + i as f32 * (w + gap), y, w, 48.0 * s);
                    out.push((rect, label.into(), look, action));
                }
            }
        }
        let panel = layout.panel;
        out.push((
            Rect::new(
                panel.x + 20.0 * s,
                panel.h - 70.0 * s,
                panel.w - 40.0 * s,
                50.0 * s,
            ),
            "Game menu (Esc)".into(),
            Look::Normal,
            Action::OpenMenu,
        ));
        out
    }

    fn banner_rect(&self, context: &Context) -> Rect {
        let s = widgets::scale(context);
        let board = self.layout(context).board;
        let w = (520.0 * s).min(board.w.max(420.0 * s));
        let h = 190.0 * s;
        Rect::new(board.center().x - w / 2.0, board.center().y - h / 2.0, w, h)
    }

    fn act(&mut self, action: Action, context: &mut Context) -> Transition {
        match action {
            Action::OpenMenu => self.menu_open = true,
            Action::Resume => self.menu_open = false,
            Action::Help => {
                if let Err(error) = crate::help::open_page(Some(self.game.mode_id())) {
                    context.notice = Some(error.to_string());
                }
            }
            Action::OfferDraw if self.online => {
                self.menu_open = false;
                self.outbox.push(Outgoing::OfferDraw);
            }
            Action::OfferDraw => {
                self.menu_open = false;
                self.offer_draw(context);
            }
            Action::Resign if self.online => {
                self.menu_open = false;
                self.outbox.push(Outgoing::Resign);
            }
            Action::Resign => {
                self.menu_open = false;
                if let Some(side) = self.resigner()
                    && self.game.resign(side).is_ok()
                {
                    self.stop_computer();
                    self.refresh();
                }
            }
            Action::Undo => {
                self.menu_open = false;
                self.undo();
            }
            Action::Settings => {
                self.menu_open = false;
                return Transition::Push(Box::new(super::settings::SettingsScreen::new()));
            }
            Action::Leave => {
                self.menu_open = false;
                if !self.online && self.unsaved() && context.saves.is_some() {
                    self.confirm_leave = true;
                } else {
                    self.stop_computer();
                    return Transition::Pop;
                }
            }
            Action::Save => {
                self.menu_open = false;
                self.save(context);
            }
            Action::SaveAndLeave => {
                self.confirm_leave = false;
                if self.save(context) {
                    self.stop_computer();
                    return Transition::Pop;
                }
            }
            Action::LeaveWithoutSaving => {
                self.stop_computer();
                return Transition::Pop;
            }
            Action::CancelLeave => self.confirm_leave = false,
            Action::Rematch => {
                let fresh = find_mode(self.game.mode_id())
                    .and_then(|mode| mode.from_position(&self.game.start_text()).ok());
                if let Some(game) = fresh {
                    self.stop_computer();
                    return Transition::Replace(Box::new(GameScreen::new(game, self.seats)));
                }
            }
            Action::Promote(code) => {
                self.promotion.clear();
                self.submit(code);
            }
            Action::CancelPromotion => {
                self.promotion.clear();
                self.selected = None;
            }
        }
        Transition::Stay
    }

    fn pointer_down(&mut self, point: Point, context: &Context) {
        self.pressed_in_picker = !self.promotion.is_empty();
        if !self.person_to_move() || self.view.input == InputStyle::DropInColumn {
            return;
        }
        let Some(cell) = self.cell_at(context, point) else {
            self.selected = None;
            return;
        };
        if self.selected.is_some_and(|from| from != cell) && self.move_to(cell) {
            return;
        }
        if self.has_moves_from(cell) {
            self.selected = Some(cell);
            self.dragging = Some(point);
        } else {
            self.selected = None;
        }
    }

    fn pointer_up(&mut self, point: Point, context: &mut Context) -> Transition {
        let dragged = self.dragging.take().is_some();
        if !self.promotion.is_empty() && !self.pressed_in_picker {
            return Transition::Stay;
        }
        let mut buttons = Buttons::new();
        for (rect, _, look, action) in self.controls(context) {
            if look != Look::Disabled {
                buttons.add(rect, action);
            }
        }
        if let Some(action) = buttons.at(point)
            && !(dragged && action == Action::OpenMenu)
        {
            return self.act(action, context);
        }
        if !self.person_to_move() {
            return Transition::Stay;
        }
        if self.view.input == InputStyle::DropInColumn {
            if let Some(column) = self.column_at(context, point) {
                self.drop_in_column(column);
            }
            return Transition::Stay;
        }
        if dragged
            && let Some(cell) = self.cell_at(context, point)
            && Some(cell) != self.selected
        {
            self.move_to(cell);
        }
        Transition::Stay
    }

    fn piece_colors(&self, player: Player) -> PieceColors {
        PieceColors::of(self.game.side_colors(player))
    }

    /// Draws `player`'s piece of `kind` in `rect` (nothing for a kind the mode lacks).
    fn draw_piece(&self, frame: &mut Frame, (player, kind): (Player, PieceKind), rect: Rect) {
        if let Some(look) = self.game.piece(kind) {
            pieces::draw_piece(frame, look, self.piece_colors(player), rect);
        }
    }

    fn draw_board(&self, context: &Context, frame: &mut Frame) {
        let layout = self.layout(context);
        let s = widgets::scale(context);
        let board_theme = theme::theme(context.settings.theme);
        let board = layout.board;
        let connect = self.view.input == InputStyle::DropInColumn;
        let border = (layout.cell * 0.35).clamp(10.0, 30.0 * s);
        let frame_color = if connect {
            Rgba::rgb(36, 84, 184)
        } else {
            board_theme.border
        };
        frame.rect(
            Rect::new(
                board.x - border,
                board.y - border,
                board.w + 2.0 * border,
                board.h + 2.0 * border,
            ),
            frame_color,
        );
        for index in 0..self.view.cells.len() {
            let rect = self.cell_rect(context, index);
            let (column, row) = (index % self.view.width, index / self.view.width);
            let cell = self.view.cells[index];
            if connect {
                frame.push(Item::Disc {
                    center: rect.center(),
                    radius: rect.w * 0.42,
                    color: theme::BACKGROUND,
                });
                continue;
            }
            let color = match cell.mark {
                CellMark::Hole => Rgba::rgb(18, 20, 24),
                CellMark::Special => board_theme.special,
                CellMark::Unused => board_theme.light,
                CellMark::Plain if self.view.checkered && (column + row) % 2 == 0 => {
                    board_theme.dark
                }
                CellMark::Plain => board_theme.light,
            };
            frame.rect(rect, color);
            if !self.view.checkered && cell.mark != CellMark::Hole {
                frame.push(Item::Frame {
                    rect,
                    thickness: 1.0,
                    color: board_theme.border.with_alpha(0.6),
                });
            }
            if cell.mark == CellMark::Special {
                let inner = rect.inset(rect.w * 0.18);
                frame.push(Item::Line {
                    from: inner.at(0.0, 0.0),
                    to: inner.at(1.0, 1.0),
                    thickness: 2.0,
                    color: board_theme.border.with_alpha(0.5),
                });
                frame.push(Item::Line {
                    from: inner.at(1.0, 0.0),
                    to: inner.at(0.0, 1.0),
                    thickness: 2.0,
                    color: board_theme.border.with_alpha(0.5),
                });
            }
        }
        for &index in &self.last_move {
            let rect = self.cell_rect(context, index);
            if connect {
                frame.push(Item::Ring {
                    center: rect.center(),
                    radius: rect.w * 0.46,
                    thickness: rect.w * 0.06,
                    color: Rgba::rgb(255, 255, 255),
                });
            } else {
                frame.rect(rect, theme::LAST_MOVE);
            }
        }
        self.draw_coordinates(context, frame, layout, border);
        for &index in &self.view.in_check {
            let rect = self.cell_rect(context, index);
            frame.push(Item::Disc {
                center: rect.center(),
                radius: rect.w * 0.5,
                color: theme::CHECK,
            });
        }
        if let Some(selected) = self.selected {
            frame.rect(self.cell_rect(context, selected), theme::SELECTED);
            for target in self.targets() {
                let rect = self.cell_rect(context, target);
                if self
                    .view
                    .cells
                    .get(target)
                    .is_some_and(|cell| cell.piece.is_some())
                {
                    frame.push(Item::Ring {
                        center: rect.center(),
                        radius: rect.w * 0.45,
                        thickness: rect.w * 0.08,
                        color: theme::TARGET,
                    });
                } else {
                    frame.push(Item::Disc {
                        center: rect.center(),
                        radius: rect.w * 0.16,
                        color: theme::TARGET,
                    });
                }
            }
        }
        let sliding_to = self
            .slide
            .as_ref()
            .and_then(|slide| slide.path.last().copied());
        for (index, cell) in self.view.cells.iter().enumerate() {
            let Some(piece) = cell.piece else {
                continue;
            };
            if Some(index) == sliding_to
                || (self.dragging.is_some() && Some(index) == self.selected)
            {
                continue;
            }
            self.draw_piece(frame, piece, self.cell_rect(context, index));
        }
        if let Some(slide) = &self.slide {
            let rect = self.slide_rect(context, slide);
            self.draw_piece(frame, slide.piece, rect);
        }
        if let (Some(point), Some(selected)) = (self.dragging, self.selected)
            && let Some(piece) = self.view.cells.get(selected).and_then(|cell| cell.piece)
        {
            let size = layout.cell;
            let rect = Rect::new(point.x - size / 2.0, point.y - size / 2.0, size, size);
            self.draw_piece(frame, piece, rect);
        }
        if connect
            && self.person_to_move()
            && let Some(column) = self.column_at(context, context.pointer)
        {
            {
                let top = self.cell_rect(context, self.view.index(column, self.view.height - 1));
                let above = Rect::new(top.x, top.y - layout.cell - border, top.w, top.h);
                let mut ghost = self.piece_colors(self.game.to_move());
                ghost.fill = ghost.fill.with_alpha(0.6);
                let counter = self.game.pieces().first().unwrap_or(&pieces::TOKEN);
                pieces::draw_piece(frame, counter, ghost, above);
            }
        }
    }

    fn slide_rect(&self, context: &Context, slide: &Slide) -> Rect {
        let legs = slide.path.len().saturating_sub(1).max(1) as f32;
        let t = (slide.elapsed / SLIDE_SECONDS).clamp(0.0, 1.0) * legs;
        let leg = (t.floor() as usize).min(slide.path.len().saturating_sub(2));
        let from = self.cell_rect(context, slide.path[leg]);
        let to = self.cell_rect(context, slide.path[(leg + 1).min(slide.path.len() - 1)]);
        let corner = Point::new(from.x, from.y)
            .lerp(Point::new(to.x, to.y), (t - leg as f32).clamp(0.0, 1.0));
        from.moved_to(corner)
    }

    fn draw_coordinates(
        &self,
        context: &Context,
        frame: &mut Frame,
        layout: BoardLayout,
        border: f32,
    ) {
        let size = (border * 0.7).clamp(10.0, 22.0);
        let color = Rgba::rgb(235, 225, 205);
        for column in 0..self.view.width {
            let Some(label) = self.game.column_label(column) else {
                continue;
            };
            let rect = self.cell_rect(context, self.view.index(column, 0));
            let at = layout.board.y + layout.board.h;
            frame.text(
                label,
                Rect::new(rect.x, at, rect.w, border),
                size,
                color,
                Align::Center,
            );
        }
        for row in 0..self.view.height {
            let Some(label) = self.game.row_label(row) else {
                continue;
            };
            let rect = self.cell_rect(context, self.view.index(0, row));
            let at = layout.board.x - border;
            frame.text(
                label,
                Rect::new(at, rect.y, border, rect.h),
                size,
                color,
                Align::Center,
            );
        }
        let on_cell = theme::theme(context.settings.theme).light.with_alpha(0.85);
        for index in 0..self.view.cells.len() {
            let Some(label) = self.game.cell_label(index) else {
                continue;
            };
            let rect = self.cell_rect(context, index);
            frame.text(
                label,
                Rect::new(rect.x + rect.w * 0.04, rect.y, rect.w * 0.5, rect.h * 0.2),
                (rect.h * 0.16).clamp(8.0, 15.0),
                on_cell,
                Align::Left,
            );
        }
    }

    /// The value of `owner`'s pieces that have been taken so far.
    fn captured_value(&self, owner: Player) -> i32 {
        let now = counts(self.game.as_ref(), &self.view);
        self.start_counts
            .iter()
            .filter(|((who, _), _)| *who == owner)
            .map(|(&(_, kind), &start)| {
                let left = now.get(&(owner, kind)).copied().unwrap_or(0);
                start.saturating_sub(left) as i32 * value(self.game.as_ref(), kind)
            })
            .sum()
    }

    fn seat_label(&self, player: Player, context: &Context) -> String {
        let name = context.settings.name.trim();
        if let Some(known) = &self.names[player.index()] {
            return known.clone();
        }
        match self.seats[player.index()] {
            Seat::Computer(level) => format!("Computer ({})", level.name()),
            Seat::Remote => "Opponent".into(),
            Seat::Person if self.persons().len() == 1 && !name.is_empty() => name.to_string(),
            Seat::Person if self.persons().len() == 1 => "You".into(),
            Seat::Person => "Person".into(),
        }
    }

    fn draw_panel(&self, context: &Context, frame: &mut Frame) {
        let s = widgets::scale(context);
        let layout = self.layout(context);
        let panel = layout.panel;
        frame.rect(panel, theme::PANEL);
        let left = panel.x + 20.0 * s;
        let width = panel.w - 40.0 * s;
        let mode = find_mode(self.game.mode_id());
        let mut y = 18.0 * s;
        if let Some(mode) = mode {
            frame.text(
                mode.name,
                Rect::new(left, y, width, 36.0 * s),
                28.0 * s,
                theme::TITLE,
                Align::Left,
            );
            y += 40.0 * s;
            frame.text(
                mode.summary,
                Rect::new(left, y, width, 64.0 * s),
                16.0 * s,
                theme::TEXT_DIM,
                Align::Wrap,
            );
            y += 70.0 * s;
        }
        let top_side = if self.rotated() {
            self.game.bottom()
        } else {
            self.game.bottom().opponent()
        };
        let now = counts(self.game.as_ref(), &self.view);
        let has_material = self
            .start_counts
            .iter()
            .any(|(&(_, kind), _)| value(self.game.as_ref(), kind) > 0);
        for player in [top_side, top_side.opponent()] {
            let box_h = if has_material { 112.0 * s } else { 74.0 * s };
            let rect = Rect::new(left, y, width, box_h);
            let to_move = self.game.outcome().is_none() && self.game.to_move() == player;
            frame.rect(
                rect,
                if to_move {
                    Rgba::rgb(70, 84, 104)
                } else {
                    Rgba::rgb(58, 64, 76)
                },
            );
            if to_move {
                frame.push(Item::Frame {
                    rect,
                    thickness: 3.0,
                    color: theme::BUTTON_ACTIVE,
                });
            }
            let icon = Rect::new(left + 8.0 * s, y + 8.0 * s, 34.0 * s, 34.0 * s);
            pieces::draw_piece(frame, &pieces::TOKEN, self.piece_colors(player), icon);
            frame.text(
                self.seat_label(player, context),
                Rect::new(left + 50.0 * s, y + 6.0 * s, width - 60.0 * s, 36.0 * s),
                20.0 * s,
                theme::TEXT,
                Align::Left,
            );
            let side = self.game.side_name(player);
            let (status, color) = if to_move {
                (format!("{side}, to move"), theme::TITLE)
            } else {
                (side.to_string(), theme::TEXT_DIM)
            };
            frame.text(
                status,
                Rect::new(left + 50.0 * s, y + 40.0 * s, width - 160.0 * s, 26.0 * s),
                17.0 * s,
                color,
                Align::Left,
            );
            frame.text(
                clock_text(self.clocks[player.index()]),
                Rect::new(left + width - 100.0 * s, y + 40.0 * s, 90.0 * s, 26.0 * s),
                20.0 * s,
                theme::TEXT,
                Align::Right,
            );
            if has_material {
                let opponent = player.opponent();
                let mut x = left + 8.0 * s;
                let icon_size = 28.0 * s;
                let mut captured: Vec<(PieceKind, usize)> = self
                    .start_counts
                    .iter()
                    .filter(|((owner, _), _)| *owner == opponent)
                    .map(|(&(_, kind), &start)| {
                        (
                            kind,
                            start.saturating_sub(now.get(&(opponent, kind)).copied().unwrap_or(0)),
                        )
                    })
                    .filter(|&(_, missing)| missing > 0)
                    .collect();
                captured.sort_by_key(|&(kind, _)| (value(self.game.as_ref(), kind), kind));
                for (kind, missing) in captured {
                    for _ in 0..missing.min(16) {
                        if x + icon_size > left + width - 60.0 * s {
                            break;
                        }
                        self.draw_piece(
                            frame,
                            (opponent, kind),
                            Rect::new(x, y + 70.0 * s, icon_size, icon_size),
                        );
                        x += icon_size * 0.7;
                    }
                }
                let lead = self.captured_value(opponent) - self.captured_value(player);
                if lead > 0 {
                    frame.text(
                        format!("+{lead}"),
                        Rect::new(left + width - 60.0 * s, y + 70.0 * s, 52.0 * s, 28.0 * s),
                        20.0 * s,
                        theme::TEXT,
                        Align::Right,
                    );
                }
            }
            y += box_h + 10.0 * s;
        }
        if let Some((thought, level)) = &self.thinking {
            let budget = level
                .limits(MOVE_BUDGET)
                .time
                .unwrap_or(MOVE_BUDGET)
                .as_secs_f32()
                .max(0.01);
            let fraction = (thought.elapsed.as_secs_f32() / budget).clamp(0.0, 1.0);
            frame.text(
                format!(
                    "Computer is thinking... depth {}, {} positions",
                    thought.depth, thought.nodes
                ),
                Rect::new(left, y, width, 26.0 * s),
                17.0 * s,
                theme::TEXT,
                Align::Left,
            );
            let bar = Rect::new(left, y + 30.0 * s, width, 8.0 * s);
            frame.rect(bar, Rgba::rgb(30, 34, 40));
            frame.rect(
                Rect::new(bar.x, bar.y, bar.w * fraction, bar.h),
                theme::BUTTON_ACTIVE,
            );
        }
        y += 48.0 * s;
        frame.text(
            "Moves",
            Rect::new(left, y, width, 28.0 * s),
            20.0 * s,
            theme::TITLE,
            Align::Left,
        );
        y += 32.0 * s;
        let line_h = 24.0 * s;
        let bottom = panel.h - 90.0 * s;
        let rows = ((bottom - y) / line_h).max(0.0) as usize;
        let moves = self.game.display_moves();
        let pairs: Vec<String> = moves
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| format!("{}. {}", i + 1, pair.join("  ")))
            .collect();
        let first = pairs.len().saturating_sub(rows);
        for (i, text) in pairs[first..].iter().enumerate() {
            frame.text(
                text.as_str(),
                Rect::new(left, y + i as f32 * line_h, width, line_h),
                18.0 * s,
                theme::TEXT,
                Align::Left,
            );
        }
        let keys = if self.view.input == InputStyle::DropInColumn {
            "T: board theme   1-7: drop a counter"
        } else if self.view.may_rotate {
            "T: board theme   F: flip board"
        } else {
            "T: board theme"
        };
        frame.text(
            keys,
            Rect::new(left, panel.h - 104.0 * s, width, 24.0 * s),
            15.0 * s,
            theme::TEXT_DIM,
            Align::Left,
        );
    }

    fn draw_banner(&self, context: &Context, frame: &mut Frame, outcome: Outcome) {
        let s = widgets::scale(context);
        let rect = self.banner_rect(context);
        frame.rect(rect, Rgba(0.1, 0.11, 0.14, 0.96));
        frame.push(Item::Frame {
            rect,
            thickness: 3.0,
            color: theme::BUTTON_ACTIVE,
        });
        let headline = match outcome.winner() {
            Some(winner) => format!("{} wins", self.game.side_name(winner)),
            None => "Draw".to_string(),
        };
        frame.text(
            headline,
            Rect::new(rect.x, rect.y + 14.0 * s, rect.w, 50.0 * s),
            40.0 * s,
            theme::TITLE,
            Align::Center,
        );
        let reason = outcome.reason().describe();
        let mut chars = reason.chars();
        let reason: String = chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
        frame.text(
            reason,
            Rect::new(rect.x, rect.y + 66.0 * s, rect.w, 40.0 * s),
            24.0 * s,
            theme::TEXT,
            Align::Center,
        );
    }
}

impl Screen for GameScreen {
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        match event {
            Event::Tick(seconds) => {
                if let Some(slide) = &mut self.slide {
                    slide.elapsed += seconds;
                    if slide.elapsed >= SLIDE_SECONDS {
                        self.slide = None;
                    }
                }
                if self.game.outcome().is_none() {
                    self.clocks[self.game.to_move().index()] += seconds;
                }
                self.poll_computer(context);
                if self.slide.is_none() {
                    self.start_computer_if_due();
                }
                Transition::Stay
            }
            Event::PointerDown(point) => {
                self.pointer_down(*point, context);
                Transition::Stay
            }
            Event::PointerMove(point) => {
                if self.dragging.is_some() {
                    self.dragging = Some(*point);
                }
                Transition::Stay
            }
            Event::PointerUp(point) => self.pointer_up(*point, context),
            Event::Key(Key::Escape) => {
                if self.confirm_leave {
                    self.confirm_leave = false;
                } else if !self.promotion.is_empty() {
                    self.promotion.clear();
                } else {
                    self.menu_open = !self.menu_open;
                }
                Transition::Stay
            }
            Event::Char(digit @ '1'..='9') if self.view.input == InputStyle::DropInColumn => {
                let column = *digit as usize - '1' as usize;
                if self.person_to_move() && !self.menu_open && column < self.view.width {
                    self.drop_in_column(column);
                }
                Transition::Stay
            }
            Event::Char('t' | 'T') => {
                context.settings.theme = (context.settings.theme + 1) % theme::THEMES.len();
                context.settings_changed = true;
                Transition::Stay
            }
            Event::Char('f' | 'F') => {
                if self.view.may_rotate {
                    self.flipped = !self.flipped;
                }
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    /// Keeps an unfinished game in the autosave slot when the window closes.
    fn closing(&mut self, context: &mut Context) {
        self.stop_computer();
        if self.game.outcome().is_none()
            && !self.game.moves().is_empty()
            && let Some(folder) = &context.saves
        {
            let saved = self.saved_game(context);
            if let Err(error) = folder.autosave(&saved) {
                context.notice = Some(error.to_string());
            }
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        frame.rect(context.window(), theme::BACKGROUND);
        self.draw_board(context, frame);
        self.draw_panel(context, frame);
        if let Some(outcome) = self.game.outcome()
            && !self.menu_open
            && !self.confirm_leave
        {
            self.draw_banner(context, frame, outcome);
        }
        if self.confirm_leave {
            dimmed_with_title(context, frame, "Save this game before leaving?", 40.0);
        }
        if self.menu_open {
            dimmed_with_title(context, frame, "Game menu", 44.0);
        }
        if !self.promotion.is_empty() {
            frame.rect(context.window(), Rgba(0.0, 0.0, 0.0, 0.45));
        }
        for (rect, label, look, action) in self.controls(context) {
            match action {
                Action::CancelPromotion => {}
                Action::Promote(code) => {
                    frame.rect(rect, theme::theme(context.settings.theme).light);
                    frame.push(Item::Frame {
                        rect,
                        thickness: 2.0,
                        color: theme::BUTTON_ACTIVE,
                    });
                    let mut after = self.game.clone_box();
                    let to = self
                        .game
                        .move_path(code)
                        .and_then(|path| path.last().copied());
                    if let (Ok(()), Some(to)) = (after.play(code), to)
                        && let Some(piece) = after.view().cells.get(to).and_then(|c| c.piece)
                    {
                        self.draw_piece(frame, piece, rect);
                        continue;
                    }
                    frame.text(label, rect, 18.0, theme::BACKGROUND, Align::Center);
                }
                _ => widgets::button(frame, context, rect, &label, look),
            }
        }
    }
}

/// Dims the whole window and writes `title` near its top, for the game's overlays.
fn dimmed_with_title(context: &Context, frame: &mut Frame, title: &str, size: f32) {
    frame.rect(context.window(), Rgba(0.0, 0.0, 0.0, 0.6));
    let s = widgets::scale(context);
    frame.text(
        title,
        Rect::new(0.0, 40.0 * s, context.size.0, 60.0 * s),
        size * s,
        theme::TITLE,
        Align::Center,
    );
}
