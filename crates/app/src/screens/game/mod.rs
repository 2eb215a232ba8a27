//! The game screen's controller, in the spirit of Zemeroth's battle screen: it routes
//! the window's events to the layer that owns them (a popup, the panel or the board),
//! turns clicks into requests to the game table, feeds the table's events to the board
//! view, and puts together what is drawn. The table, the board view, the panel and the
//! layers each live in their own module.

mod actions;
mod chat_line;
mod controls;
mod ending;
mod entry;
mod hint;
mod input;
mod layers;
mod news;
mod note;
mod online;
mod panel;
mod premove;
mod recording;
mod view;
mod why_not;

pub use entry::{Candidate, Entry, MoveEntry, candidates};
pub use layers::{Action, Button, Layer};
pub use online::{Absence, RematchState};
pub use panel::{PanelHit, Past};
pub use premove::{Premove, Premoves};

use super::widgets;
use super::{Context, Event, Key, Screen, Transition};
use crate::board::drawings::Drawings;
use crate::board::views::Boards;
use crate::board::{Hit, Marks, Placement, Scene};
use crate::display::Frame;
use crate::geometry::{Point, Rect};
use crate::screens::online::online_table;
use crate::session::Shared;
use crate::theme;
use layers::Situation;
use online::OnlineLink;
use panel::{Panel, People};
use ply_core::{BoardView, InputStyle, Player, WhyNot};
use ply_modes::Level;
use ply_play::{Message, Table};
use ply_save::SaveFolder;
use std::rc::Rc;
use std::time::Duration;

/// How long a piece that cannot move stays marked after it was clicked, in seconds.
const STUCK_SECONDS: f32 = 1.2;

/// What the pointer went down on, to act only if it comes up on the same thing.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Press {
    /// The layers' version when it went down: a layer that appeared or went away since
    /// means the release belongs to nothing.
    version: u64,
    /// Where it went down.
    at: Point,
    target: Target,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Target {
    /// A layer's button, or the empty part of a layer.
    Layer(Option<Action>),
    /// Something on the panel.
    Panel(Option<PanelHit>),
    /// The board (moves are entered as the pointer goes down and comes up).
    Board,
}

/// The position shown while the player looks back through the game.
struct LookingBack {
    plies: usize,
    view: BoardView,
    last_move: Vec<usize>,
    /// Whose turn it was then.
    to_move: Player,
    /// The move that led there, as the move list writes it ("2… Nc6"), if any.
    after: Option<String>,
}

/// The game screen.
pub struct GameScreen {
    table: Table,
    boards: Boards,
    /// Where the right button went down to orbit the 3D camera, while it is held.
    orbiting: Option<Point>,
    candidates: Vec<Candidate>,
    entry: MoveEntry,
    dragging: Option<Point>,
    layers: Vec<Layer>,
    version: u64,
    press: Option<Press>,
    panel: Panel,
    looking_back: Option<LookingBack>,
    stuck: Option<(usize, f32)>,
    /// Why the last move a person tried is not legal, until the next try or move.
    why_not: Option<WhyNot>,
    /// Whether this game has been counted among the games started.
    counted: bool,
    flipped: bool,
    online: bool,
    /// Seconds since the top layer appeared, for its fade-in.
    layer_age: f32,
    /// What is being typed into the chat line, while it is open (online only).
    chat_line: Option<String>,
    /// The relay's side of an online game.
    link: Option<OnlineLink>,
    /// The game was aborted: the screen goes back to the lobby.
    aborted: bool,
    /// A move entered while the other side thinks, played when the turn comes.
    premoves: Premoves,
    /// The game's entry in the history, once it ended here and was recorded.
    recorded: Option<crate::history::Ticket>,
    /// The player's arrows and circles on the board.
    drawings: Drawings,
}

impl GameScreen {
    /// A screen for a game at `table`; `online` when the table's referee is a relay.
    /// The table's computer wakes the window with its news.
    pub fn new(table: Table, online: bool) -> GameScreen {
        let table = table.with_wake(crate::wake::poke());
        let mut screen = GameScreen {
            candidates: candidates(table.game()),
            table,
            boards: Boards::new(),
            orbiting: None,
            entry: MoveEntry::default(),
            dragging: None,
            layers: Vec::new(),
            version: 0,
            press: None,
            panel: Panel::default(),
            looking_back: None,
            stuck: None,
            why_not: None,
            counted: false,
            flipped: false,
            online,
            layer_age: theme::FADE_SECONDS,
            chat_line: None,
            link: None,
            aborted: false,
            premoves: Premoves::default(),
            recorded: None,
            drawings: Drawings::default(),
        };
        if screen.table.outcome().is_some() {
            screen.push(Layer::GameOver { collapsed: false });
        }
        screen
    }

    /// The screen of the online game the session's lobby plays now, the computer (when
    /// this machine hosts and moves for it) at `strength`, kept on disk in `saves`;
    /// `None` when no game is known.
    pub fn online(
        session: &Shared,
        strength: Level,
        saves: Option<SaveFolder>,
    ) -> Option<GameScreen> {
        let table = online_table(session, strength)?;
        session.borrow_mut().healed = false;
        let mut screen = GameScreen::new(table, true);
        screen.link = Some(OnlineLink::new(Rc::clone(session), strength, saves));
        Some(screen)
    }

    /// The player an online game waits for, if any.
    pub fn absence(&self) -> Option<Absence> {
        self.link.as_ref()?.absence(&self.table)
    }

    /// The buttons that take clicks now: the top layer's, and the absence strip's when
    /// no layer holds every click.
    pub fn clickable(&self, context: &Context) -> Vec<Button> {
        let situation = self.situation(context);
        let mut out = self
            .layers
            .last()
            .map(|layer| layer.buttons(context, &situation))
            .unwrap_or_default();
        if !self.layers.last().is_some_and(Layer::modal)
            && let Some(absence) = self.absence()
        {
            out.extend(OnlineLink::buttons(context, situation.board, &absence));
        }
        out
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The table, to change (tests and tools).
    pub fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }

    /// Why the last move a person tried is not legal, while it is shown.
    pub fn why_not(&self) -> Option<&WhyNot> {
        self.why_not.as_ref()
    }

    /// The layers over the game, bottom first.
    pub fn layers(&self) -> &[Layer] {
        &self.layers
    }

    /// The move being entered.
    pub fn entry(&self) -> &MoveEntry {
        &self.entry
    }

    /// The premove being entered or waiting for the turn.
    pub fn premoves(&self) -> &Premoves {
        &self.premoves
    }

    /// How many plies the board shows while looking back, `None` when live.
    pub fn looking_at(&self) -> Option<usize> {
        self.looking_back.as_ref().map(|back| back.plies)
    }

    /// The past position shown while looking back: how many plies in, whose turn.
    pub fn past(&self) -> Option<Past> {
        self.looking_back.as_ref().map(|back| Past {
            plies: back.plies,
            to_move: back.to_move,
        })
    }

    /// The centre of a cell on screen, for a window of the context's size.
    pub fn cell_center(&self, context: &Context, cell: usize) -> Point {
        let view = self.table.game().view();
        self.board(context)
            .cell_center(self.placement(context), &view, cell)
    }

    /// Where the picked-up piece may go: quiet destinations, then those that take.
    pub fn targets(&self) -> (Vec<usize>, Vec<usize>) {
        self.entry.targets(&self.candidates)
    }

    /// The cells marked as having decided the game (empty while it goes on).
    pub fn deciding_cells(&self) -> Vec<usize> {
        match self.table.outcome() {
            Some(outcome) => ending::deciding_cells(
                outcome,
                &self.table.game().view(),
                self.table.history().last(),
            ),
            None => Vec::new(),
        }
    }

    /// The game-over banner's headline and reason, once the game is over; online, the
    /// headline names the winner.
    pub fn ending_text(&self) -> Option<(String, String)> {
        let game = self.table.game();
        let names = Player::BOTH.map(|side| self.online.then(|| self.table.seat_label(side, "")));
        self.table.outcome().map(|outcome| {
            (
                ending::headline(game, outcome, names.each_ref().map(Option::as_deref)),
                ending::reason(game, outcome),
            )
        })
    }

    /// Shows the position after `plies` moves, as if the player had stepped back to it.
    pub fn show_plies(&mut self, context: &Context, plies: usize) {
        self.look_back(context, Some(plies));
    }

    /// Folds the game-over banner into a strip, as its Hide button does.
    pub fn collapse_banner(&mut self) {
        if let Some(Layer::GameOver { collapsed }) = self.layers.last_mut() {
            *collapsed = true;
            self.version += 1;
        }
    }

    /// The buttons of the top layer, with their actions.
    pub fn layer_buttons(&self, context: &Context) -> Vec<(Rect, Action)> {
        let situation = self.situation(context);
        self.layers
            .last()
            .map(|layer| {
                layer
                    .buttons(context, &situation)
                    .into_iter()
                    .map(|b| (b.rect, b.action))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn push(&mut self, layer: Layer) {
        self.layers.push(layer);
        self.version += 1;
        self.layer_age = 0.0;
    }

    fn pop(&mut self) -> Option<Layer> {
        self.version += 1;
        self.layer_age = theme::FADE_SECONDS;
        self.layers.pop()
    }

    fn pop_menu(&mut self) {
        if self.layers.last() == Some(&Layer::Menu) {
            self.pop();
        }
    }

    /// Whether a layer that stops a local game's clock is open.
    fn paused(&self) -> bool {
        self.layers.iter().any(Layer::pauses)
    }

    fn rotated(&self) -> bool {
        let game = self.table.game();
        let home = match self.table.persons().as_slice() {
            [only] => *only,
            _ => Player::First,
        };
        (home != game.bottom()) != self.flipped
    }

    /// Where the board goes in a window of the context's size.
    fn placement(&self, context: &Context) -> Placement {
        let s = widgets::scale(context);
        let panel = Panel::area(context);
        let margin = 36.0 * s;
        let top = widgets::MESSAGE_HEIGHT * s + margin;
        // A folded banner takes a strip below the board, which makes room for it.
        let folded =
            self.layers.contains(&Layer::GameOver { collapsed: true }) || self.absence().is_some();
        let strip = if folded {
            layers::STRIP_HEIGHT * s
        } else {
            0.0
        };
        Placement {
            area: Rect::new(
                margin,
                top,
                panel.x - 2.0 * margin,
                context.window.size.1 - top - margin - strip,
            ),
            rotated: self.rotated(),
        }
    }

    fn board_hit(&self, context: &Context, point: Point) -> Option<Hit> {
        let view = self.table.game().view();
        self.board(context)
            .hit(self.placement(context), &view, point)
    }

    fn situation(&self, context: &Context) -> Situation<'_> {
        let game = self.table.game();
        Situation {
            game,
            over: self.table.outcome().is_some(),
            online: self.online,
            can_undo: self.table.can_undo(),
            acting: self.table.acting_person(),
            connected: self.link.as_ref().is_none_or(OnlineLink::connected),
            opponent_here: self.absence().is_none(),
            can_save: context.storage.saves.is_some(),
            board: self
                .board(context)
                .bounds(self.placement(context), &self.table.game().view()),
            ending: self.ending_text(),
            rematch: self.link.as_ref().map(OnlineLink::rematch),
            names: Player::BOTH.map(|side| self.online.then(|| self.table.seat_label(side, ""))),
        }
    }

    fn refresh_moves(&mut self) {
        self.why_not = None;
        self.candidates = candidates(self.table.game());
        self.entry.clear();
        self.dragging = None;
    }

    fn marks(&self, context: &Context) -> Marks {
        let live = self.looking_back.is_none();
        let (quiet_targets, capture_targets) = if live {
            self.entry.targets(&self.candidates)
        } else {
            (Vec::new(), Vec::new())
        };
        let hover = if live && self.table.person_to_move() && self.layers.is_empty() {
            match self.board_hit(context, context.window.pointer) {
                Some(Hit::Column(column)) => Some(Hit::Column(column)),
                Some(Hit::Cell(cell))
                    if quiet_targets.contains(&cell) || capture_targets.contains(&cell) =>
                {
                    Some(Hit::Cell(cell))
                }
                _ => None,
            }
        } else {
            None
        };
        let last_move = match &self.looking_back {
            Some(back) => back.last_move.clone(),
            None => self
                .table
                .history()
                .last()
                .map(|m| m.path.clone())
                .unwrap_or_default(),
        };
        let ending = if live {
            self.deciding_cells()
        } else {
            Vec::new()
        };
        let picked = self.entry.picked().or(self.premoves.picked());
        Marks {
            last_move,
            selected: picked.filter(|_| live),
            building: self.entry.landings().to_vec(),
            quiet_targets,
            capture_targets,
            hover,
            ending,
            stuck: self.stuck.map(|(cell, _)| cell),
            hint: match (self.table.hint(), live) {
                (Some(hint), true) => hint.path.clone(),
                _ => Vec::new(),
            },
            explained: match (&self.why_not, live) {
                (Some(why), true) => why.marks.clone(),
                _ => Vec::new(),
            },
            dragging: picked.zip(self.dragging),
            premove: if live {
                self.premoves.marked_cells(self.table.game())
            } else {
                Vec::new()
            },
            drawings: self
                .drawings
                .shown(match self.board_hit(context, context.window.pointer) {
                    Some(Hit::Cell(cell)) => Some(cell),
                    _ => None,
                }),
        }
    }
}

impl Screen for GameScreen {
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        if self.chat_event(event) {
            return Transition::Stay;
        }
        if matches!(event, Event::SecondaryDown(..)) && self.premoves.any() {
            self.premoves.cancel();
            self.dragging = None;
        }
        if self.view_event(event, context) {
            return Transition::Stay;
        }
        match event {
            Event::Tick(seconds) => {
                self.count_game(context);
                // Time passes for what is already moving before anything new starts, so
                // that a move the computer makes after a long think is seen whole.
                let view = self.table.game().view();
                self.boards
                    .tick(*seconds, self.rotated() && view.may_rotate);
                let elapsed = Duration::from_secs_f32(seconds.max(0.0));
                self.table.tick(elapsed, self.paused());
                self.take_table_events(context);
                if self.aborted {
                    return self.leave();
                }
                if let Some(link) = &self.link
                    && link.outdated(&self.table)
                {
                    self.table.stop_computer();
                    let (session, strength) = (Rc::clone(link.session()), link.strength());
                    // After a healed connection the relay's clocks, just received, are
                    // the ones to show; after a reseat, the running table's.
                    let healed = session.borrow().healed;
                    if let Some(mut next) =
                        GameScreen::online(&session, strength, context.storage.saves.clone())
                    {
                        if self.table.outcome().is_none() && !healed {
                            next.table.keep_clocks_of(&self.table);
                        }
                        return Transition::Replace(Box::new(next));
                    }
                }
                self.layer_age += seconds.max(0.0);
                if let Some((_, left)) = &mut self.stuck {
                    *left -= seconds;
                    if *left <= 0.0 {
                        self.stuck = None;
                    }
                }
                Transition::Stay
            }
            Event::PointerDown(point) => {
                self.pointer_down(*point, context);
                self.take_table_events(context);
                Transition::Stay
            }
            Event::PointerMove(point) => {
                if self.dragging.is_some() {
                    self.dragging = Some(*point);
                }
                Transition::Stay
            }
            Event::PointerUp(point) => {
                let transition = self.pointer_up(*point, context);
                self.take_table_events(context);
                transition
            }
            Event::Scroll(lines) => {
                if Panel::area(context).contains(context.window.pointer) {
                    self.panel
                        .scroll_by(context, &self.table, -lines.round() as i32);
                }
                Transition::Stay
            }
            Event::Key(Key::Escape) if self.layers.is_empty() && self.premoves.any() => {
                self.premoves.cancel();
                self.dragging = None;
                Transition::Stay
            }
            Event::Key(Key::Escape) => {
                match self.layers.last() {
                    None | Some(Layer::GameOver { .. }) => self.push(Layer::Menu),
                    Some(_) => {
                        if matches!(self.pop(), Some(Layer::Choose(_))) {
                            self.entry.clear();
                        }
                    }
                }
                Transition::Stay
            }
            Event::Key(key @ (Key::Left | Key::Right | Key::Home | Key::End)) => {
                if self.layers.iter().all(|layer| !layer.modal()) {
                    self.step(context, *key);
                }
                Transition::Stay
            }
            Event::Char(digit @ '1'..='9') => {
                let view = self.table.game().view();
                let column = *digit as usize - '1' as usize;
                if view.input == InputStyle::DropInColumn
                    && column < view.width
                    && self.layers.is_empty()
                    && self.looking_back.is_none()
                {
                    self.drop_into(column, context);
                    self.take_table_events(context);
                }
                Transition::Stay
            }
            Event::Char('h' | 'H') => {
                if self.layers.is_empty() {
                    self.ask_hint(context);
                }
                Transition::Stay
            }
            // A finished game opens on the analysis board at the move shown.
            Event::Char('a' | 'A')
                if self.table.outcome().is_some()
                    && self
                        .layers
                        .iter()
                        .all(|layer| matches!(layer, Layer::GameOver { .. })) =>
            {
                self.act(Action::Analyse, Point::default(), context)
            }
            Event::Char('t' | 'T') => {
                context.prefs.settings.theme =
                    (context.prefs.settings.theme + 1) % theme::THEMES.len();
                context.prefs.changed = true;
                Transition::Stay
            }
            Event::Char('f' | 'F') => {
                if self.table.game().view().may_rotate {
                    self.flipped = !self.flipped;
                }
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    /// Keeps an unfinished game in the autosave slot when the window closes.
    fn closing(&mut self, context: &mut Context) {
        self.table.stop_computer();
        self.table.closing();
        if self.table.outcome().is_none()
            && !self.table.game().moves().is_empty()
            && let Some(folder) = &context.storage.saves
        {
            let saved = self.table.saved_game(&context.prefs.settings.name);
            if let Err(error) = folder.autosave(&saved) {
                context.output.notice = Some(Message::error(error.to_string()));
            }
        }
    }

    fn settle(&mut self) {
        self.layer_age = theme::FADE_SECONDS;
    }

    fn controls(&self) -> Vec<crate::screens::controls::Control> {
        if self.layers.is_empty() {
            self.game_controls()
        } else {
            Vec::new()
        }
    }

    fn controls_area(&self, context: &Context) -> Rect {
        self.game_controls_area(context)
    }

    fn next_frame(&self, _context: &Context) -> Option<Duration> {
        if self.boards.animating() || self.stuck.is_some() || self.layer_age < theme::FADE_SECONDS {
            return Some(Duration::ZERO);
        }
        let absence = self
            .link
            .as_ref()
            .and_then(|link| link.next_change(&self.table));
        // The note counts the seconds while the connection heals.
        let healing = self
            .link
            .as_ref()
            .and_then(OnlineLink::reconnecting)
            .map(|_| Duration::from_secs(1));
        self.table
            .next_change(self.paused())
            .into_iter()
            .chain(absence)
            .chain(healing)
            .min()
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        frame.rect(context.window.area(), theme::BACKGROUND);
        let marks = self.marks(context);
        let live_view;
        let view = match &self.looking_back {
            Some(back) => &back.view,
            None => {
                live_view = self.table.game().view();
                &live_view
            }
        };
        let scene = Scene {
            placement: self.placement(context),
            view,
            game: self.table.game(),
            marks: &marks,
            theme: theme::theme(context.prefs.settings.theme),
            to_move: self.table.game().to_move(),
            pointer: self.layers.is_empty().then_some(context.window.pointer),
        };
        let board = self.board(context);
        board.draw(&scene, frame);
        let healing = self.link.as_ref().and_then(OnlineLink::reconnecting_note);
        if let Some(text) = healing {
            let bounds = board.bounds(scene.placement, view);
            note::draw(&text, theme::WHY_NOT, context, bounds, frame);
        } else if let Some(why) = &self.why_not {
            let bounds = board.bounds(scene.placement, view);
            why_not::draw(why, context, bounds, frame);
        } else if let Some(back) = &self.looking_back {
            let bounds = board.bounds(scene.placement, view);
            let text = match &back.after {
                Some(after) => format!("The past: the position after {after}. End: back to now"),
                None => "The past: the starting position. End: back to now".to_string(),
            };
            note::draw(&text, theme::PAST, context, bounds, frame);
        }
        let people = self
            .link
            .as_ref()
            .map(|link| People {
                connections: link.connections(),
                watching: link.watching(),
            })
            .unwrap_or_default();
        let game = self.table.game();
        let near = if self.rotated() {
            game.bottom().opponent()
        } else {
            game.bottom()
        };
        self.panel.draw(
            context,
            &self.table,
            self.past(),
            &people,
            near.opponent(),
            frame,
        );
        let situation = self.situation(context);
        let top = self.layers.len().saturating_sub(1);
        // A modal layer hides the layers below it (their titles would show through).
        let shown_from = self.layers.iter().rposition(Layer::modal).unwrap_or(0);
        for (index, layer) in self.layers.iter().enumerate().skip(shown_from) {
            let mut drawn = Frame::default();
            layer.draw(context, &situation, &mut drawn);
            for button in layer.buttons(context, &situation) {
                match (layer, button.action) {
                    (Layer::Choose(_), Action::Choose(code)) => {
                        drawn.rect(
                            button.rect,
                            theme::theme(context.prefs.settings.theme).light,
                        );
                        if !layers::draw_choice(situation.game, code, button.rect, &mut drawn) {
                            widgets::button(
                                &mut drawn,
                                context,
                                button.rect,
                                &button.label,
                                button.look,
                            );
                        }
                    }
                    _ => widgets::button(
                        &mut drawn,
                        context,
                        button.rect,
                        &button.label,
                        button.look,
                    ),
                }
            }
            let opacity = if index == top {
                (self.layer_age / theme::FADE_SECONDS).min(1.0)
            } else {
                1.0
            };
            frame.append_faded(drawn, opacity);
        }
        if !self.layers.last().is_some_and(Layer::modal)
            && let Some(absence) = self.absence()
        {
            let side = self.table.game().side_name(absence.side);
            OnlineLink::draw(context, situation.board, &absence, side, frame);
            for button in OnlineLink::buttons(context, situation.board, &absence) {
                widgets::button(frame, context, button.rect, &button.label, button.look);
            }
        }
        self.draw_chat_line(context, frame);
    }

    fn typing(&self) -> bool {
        self.chatting()
    }
}
