//! The game table: one game in progress, without a window. It holds the game, who sits
//! at each side, the clocks, the computer's work, draw offers, undo, resignation and
//! what has been saved, and asks its referee (the local rules or the relay) before
//! anything happens. Whatever happens comes out as events, which the board view
//! animates, the panel counts and sounds will play.

mod consent;
mod ending;
mod events;
mod hint;
mod referee;
mod saving;
mod seat;

pub use events::{MoveEffects, NoticeKind, Piece, TableEvent, Tally, effects};
pub use hint::Hint;
pub use referee::{LocalReferee, Referee, Request, Ruling};
pub use saving::SaveRecord;
pub use seat::Seat;

use crate::clock::Clocks;
use crate::computer::{Computer, News, Wake};
use crate::offers::Offers;
use crate::policy::{clock_budget, move_seed};
use ply_core::{MoveCode, Outcome, Player, TimeControl};
use ply_modes::{AnyGame, Level, Thought, find_mode};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// The most time the computer may take for one move (the full engine uses all of it).
pub const MOVE_BUDGET: Duration = Duration::from_millis(2500);
/// How long the computer waits after a move before it starts thinking, so the move's
/// animation is seen first.
const AFTER_MOVE: Duration = Duration::from_millis(250);
/// A score (from the computer's side) at or below which it accepts a draw offer.
const ACCEPT_DRAW_BELOW: i32 = -300;

/// The computer's current search, as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// The side it thinks for.
    pub side: Player,
    /// Its strength.
    pub level: Level,
    /// What its search has found so far.
    pub thought: Thought,
    /// The time it was given for the move.
    pub budget: Duration,
}

/// A game in progress with its seats, clocks, computer and referee.
pub struct Table {
    game: Box<dyn AnyGame>,
    seats: [Seat; 2],
    names: [Option<String>; 2],
    referee: Box<dyn Referee>,
    clocks: Clocks,
    computer: Computer,
    thinking: Option<Thinking>,
    scores: [Option<i32>; 2],
    seed: u64,
    move_budget: Duration,
    /// What the computer calls when it has news, if anyone asked.
    wake: Option<Wake>,
    pace: Duration,
    hold: Duration,
    awaiting_echo: bool,
    /// The draw offer and the request to take back a move waiting for an answer, as
    /// the referee ruled them.
    offers: Offers,
    /// Whether the side to move's empty clock was already reported to the referee.
    flag_reported: bool,
    /// Whether each side was already told it is low on time.
    low_time_told: [bool; 2],
    /// The referee holds the clocks still (a relay that restarted, until every player
    /// is back): no clock runs here either.
    clocks_held: bool,
    history: Vec<MoveEffects>,
    ending: Option<Outcome>,
    record: SaveRecord,
    events: Vec<TableEvent>,
    hints: hint::Hints,
}

impl Table {
    /// Whether there is anyone to chat with at this table (an online game).
    pub fn chats(&self) -> bool {
        self.referee.chats()
    }

    /// Says `text` to everyone at the table (nothing where nobody listens).
    pub fn chat(&mut self, text: &str) {
        self.referee.chat(text);
    }

    /// A table for `game` with `seats` (first player first), refereed by `referee`.
    pub fn new(game: Box<dyn AnyGame>, seats: [Seat; 2], referee: Box<dyn Referee>) -> Table {
        let seed = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64);
        Table {
            history: rewound_effects(game.as_ref()),
            game,
            seats,
            names: [None, None],
            referee,
            clocks: Clocks::default(),
            computer: Computer::start(None),
            thinking: None,
            scores: [None; 2],
            seed,
            move_budget: MOVE_BUDGET,
            wake: None,
            pace: Duration::ZERO,
            hold: Duration::ZERO,
            awaiting_echo: false,
            offers: Offers::default(),
            flag_reported: false,
            low_time_told: [false; 2],
            clocks_held: false,
            ending: None,
            record: SaveRecord::default(),
            events: Vec::new(),
            hints: hint::Hints::default(),
        }
    }

    /// A game on this computer, refereed by the rules in this process.
    pub fn local(game: Box<dyn AnyGame>, seats: [Seat; 2]) -> Table {
        Table::new(game, seats, Box::new(LocalReferee))
    }

    /// Names the players (online, where each side has a player's name).
    pub fn with_names(mut self, names: [Option<String>; 2]) -> Table {
        self.names = names;
        self
    }

    /// Plays under `control`: each side starts with its base time and gains the
    /// increment after each move; a clock that runs out loses (or draws, when the
    /// opponent could not possibly win).
    pub fn with_time_control(mut self, control: TimeControl) -> Table {
        self.clocks = Clocks::new(Some(control));
        self
    }

    /// Sets each side's time left (first player first), as the relay says at the start
    /// of an online game or after a rejoin.
    pub fn with_time_left(mut self, left: [Duration; 2]) -> Table {
        self.clocks.set_left(left);
        self.low_time_told = Player::BOTH.map(|side| self.clocks.low(side));
        self
    }

    /// Goes on with `before`'s clocks: the same game at a table rebuilt after a side was
    /// reseated keeps the time as it ran, not as the last move left it.
    pub fn keep_clocks_of(&mut self, before: &Table) {
        self.clocks = before.clocks.clone();
        self.low_time_told = before.low_time_told;
        self.clocks_held = before.clocks_held;
    }

    /// Holds the clocks still, as the referee who keeps them does now (a relay that
    /// restarted holds them until every player is back).
    pub fn with_clocks_held(mut self, held: bool) -> Table {
        self.clocks_held = held;
        self
    }

    /// Sets how long the computer waits before each of its moves when no person sits
    /// at the table, so that a person can follow a game between computers.
    pub fn with_pace(mut self, pace: Duration) -> Table {
        self.pace = pace;
        self
    }

    /// Sets the most time the computer may take for one move (instead of
    /// [`MOVE_BUDGET`]); on a clock it takes less when its time is short.
    pub fn with_move_budget(mut self, budget: Duration) -> Table {
        self.move_budget = budget;
        self
    }

    /// Sets the game's seed, from which the seed of each of the computer's moves
    /// follows (by default, one taken from the time the table was made).
    pub fn with_seed(mut self, seed: u64) -> Table {
        self.seed = seed;
        self
    }

    /// Has the computer call `wake` whenever it has news for the table (progress, a
    /// move, a hint), so that whoever drives the table ticks it at once; a search under
    /// way goes on.
    pub fn with_wake(mut self, wake: Wake) -> Table {
        self.computer.wake_with(Arc::clone(&wake));
        self.hints.wake_with(Arc::clone(&wake));
        self.wake = Some(wake);
        self
    }

    /// The game.
    pub fn game(&self) -> &dyn AnyGame {
        self.game.as_ref()
    }

    /// Who plays `side`.
    pub fn seat(&self, side: Player) -> Seat {
        self.seats[side.index()]
    }

    /// Who plays each side.
    pub fn seats(&self) -> [Seat; 2] {
        self.seats
    }

    /// The sides played by people at this computer.
    pub fn persons(&self) -> Vec<Player> {
        Player::BOTH
            .into_iter()
            .filter(|side| self.seat(*side).is_person())
            .collect()
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().or(self.ending)
    }

    /// The clocks.
    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// What every move so far did, in order.
    pub fn history(&self) -> &[MoveEffects] {
        &self.history
    }

    /// The computer's current search, if it is thinking.
    pub fn thinking(&self) -> Option<&Thinking> {
        self.thinking.as_ref()
    }

    /// The side whose draw offer waits for an answer.
    pub fn draw_offer(&self) -> Option<Player> {
        self.offers.draw()
    }

    /// The side whose request to take back a move waits for an answer.
    pub fn takeback_offer(&self) -> Option<Player> {
        self.offers.takeback()
    }

    /// Whether a person at this computer may move now.
    pub fn person_to_move(&self) -> bool {
        self.outcome().is_none()
            && self.seat(self.game.to_move()).is_person()
            && !self.awaiting_echo
            && self.offers.draw().is_none()
    }

    /// Whether moves may be taken back (local games with a move to take back).
    pub fn can_undo(&self) -> bool {
        self.referee.allows_undo() && (!self.game.moves().is_empty() || self.outcome().is_some())
    }

    /// Who resigns or offers a draw from this computer: the only person here, or the
    /// person to move when two share the computer.
    pub fn acting_person(&self) -> Option<Player> {
        match self.persons().as_slice() {
            [] => None,
            [only] => Some(*only),
            _ => Some(self.game.to_move()),
        }
    }

    /// What is shown for `side`: the player's name online, else the computer's
    /// strength, or `my_name` (from the settings) for the only person at this computer.
    pub fn seat_label(&self, side: Player, my_name: &str) -> String {
        if let Some(known) = &self.names[side.index()] {
            return known.clone();
        }
        let my_name = my_name.trim();
        let alone = self.persons().len() == 1;
        match self.seat(side) {
            Seat::Computer(level) => format!("Computer ({})", level.name()),
            Seat::Remote => "Opponent".into(),
            Seat::Person if alone && !my_name.is_empty() => my_name.to_string(),
            Seat::Person if alone => "You".into(),
            Seat::Person => format!("Player {}", side.index() + 1),
        }
    }

    /// Everything that happened since the last call.
    pub fn take_events(&mut self) -> Vec<TableEvent> {
        std::mem::take(&mut self.events)
    }

    /// How long the table stays as it is when nothing happens (no input, no news from
    /// the computer or the referee): until the computer starts after its pause, or the
    /// running clock shows another figure. `None`: it changes only when something
    /// happens.
    pub fn next_change(&self, paused: bool) -> Option<Duration> {
        let starting = (!self.hold.is_zero()).then_some(self.hold);
        let clock = self
            .clock_runs(paused)
            .then(|| self.clocks.next_change(self.game.to_move()));
        starting.into_iter().chain(clock).min()
    }

    /// Whether the side to move's clock runs (see [`Table::tick`]).
    /// Whether the side to move's clock runs now (see [`crate::clock::runs_after`]).
    /// Whether the table holds still while `paused`: a local game does (nothing moves
    /// while its menu is open); an online one goes on.
    fn holds(&self, paused: bool) -> bool {
        paused && self.referee.allows_undo()
    }

    fn clock_runs(&self, paused: bool) -> bool {
        !self.holds(paused)
            && !self.clocks_held
            && self.outcome().is_none()
            && self.referee.is_live()
            && crate::clock::runs_after(self.game.moves().len())
    }

    /// Lets `elapsed` pass: runs the clock of the side to move, applies the referee's
    /// rulings and the computer's answers, and starts the computer when it is its turn.
    /// A table `paused` whose referee allows pausing (a local game while its menu is
    /// open) holds still: no clock runs, and a move the computer finds waits until the
    /// pause ends.
    pub fn tick(&mut self, elapsed: Duration, paused: bool) {
        if self.clock_runs(paused) {
            let side = self.game.to_move();
            self.clocks.run(side, elapsed);
            if self.clocks.low(side) && !self.low_time_told[side.index()] {
                self.low_time_told[side.index()] = true;
                self.events.push(TableEvent::LowTime(side));
            }
            if self.clocks.flagged(side) && !self.flag_reported {
                self.flag_reported = true;
                self.ask(Request::OutOfTime(side));
            }
        }
        self.hold = self.hold.saturating_sub(elapsed);
        let rulings = self.referee.poll();
        self.apply_all(rulings);
        if self.holds(paused) {
            return;
        }
        for news in self.computer.poll() {
            match news {
                News::Progress(thought) => {
                    if let Some(thinking) = &mut self.thinking {
                        thinking.thought = thought;
                    }
                }
                News::Done(thought) => self.computer_answered(thought),
            }
        }
        self.poll_hint();
        if !paused {
            self.start_computer_if_due();
        }
    }

    /// A person at this computer plays a legal move.
    pub fn play(&mut self, code: MoveCode) {
        if !self.person_to_move() {
            return;
        }
        self.submit_move(code);
    }

    /// A person at this computer resigns `side`.
    pub fn resign(&mut self, side: Player) {
        if self.outcome().is_none() && self.seat(side).is_person() {
            self.ask(Request::Resign(side));
        }
    }

    /// A person at this computer offers a draw for `side`. A computer opponent here
    /// answers at once: it accepts only when it judges its position clearly lost.
    pub fn offer_draw(&mut self, side: Player) {
        if self.outcome().is_some() || !self.seat(side).is_person() || self.offers.draw().is_some()
        {
            return;
        }
        self.ask(Request::OfferDraw(side));
    }

    /// A person at this computer answers the draw offered to them.
    pub fn answer_draw(&mut self, accept: bool) {
        let Some(offerer) = self.offers.draw() else {
            return;
        };
        let by = offerer.opponent();
        if self.seat(by).is_person() {
            self.ask(Request::AnswerDraw { by, accept });
        }
    }

    /// Takes back the last move, and the computer's moves before it, back to a person's
    /// turn (local games only).
    pub fn undo(&mut self) {
        if !self.can_undo() {
            return;
        }
        self.stop_computer();
        self.ending = None;
        self.offers.clear();
        self.undo_one();
        let has_person = !self.persons().is_empty();
        while has_person
            && !self.seat(self.game.to_move()).is_person()
            && !self.game.moves().is_empty()
        {
            self.undo_one();
        }
        self.events.push(TableEvent::Undone);
    }

    /// The window is closing: stops the computer and tells the referee.
    pub fn closing(&mut self) {
        self.stop_computer();
        self.referee.closing();
    }

    /// Stops the computer's search; its answer will be ignored.
    pub fn stop_computer(&mut self) {
        self.computer.cancel();
        self.thinking = None;
    }

    /// A new game of the same mode from the same start, with the same seats.
    pub fn rematch(&self) -> Option<Table> {
        let mode = find_mode(self.game.mode_id())?;
        let game = mode.from_position(&self.game.start_text()).ok()?;
        let mut table = Table::local(game, self.seats)
            .with_pace(self.pace)
            .with_move_budget(self.move_budget);
        if let Some(control) = self.clocks.control() {
            table = table.with_time_control(control);
        }
        if let Some(wake) = &self.wake {
            table = table.with_wake(Arc::clone(wake));
        }
        Some(table)
    }

    /// The game as it stood after `plies` moves (for looking back through it).
    pub fn position_after(&self, plies: usize) -> Box<dyn AnyGame> {
        let mut game = self.game.clone_box();
        while game.moves().len() > plies && game.undo().is_some() {}
        game
    }

    fn submit_move(&mut self, code: MoveCode) {
        let Some(text) = self.game.move_text(code) else {
            return;
        };
        if !self.referee.is_live() {
            self.events.push(TableEvent::Refused(
                "The connection is closed, so the move cannot be sent; the game is kept in your saved games.".into(),
            ));
            return;
        }
        if self.referee.echoes_moves() {
            self.awaiting_echo = true;
        }
        self.ask(Request::Move { code, text });
    }

    pub(super) fn ask(&mut self, request: Request) {
        let rulings = self.referee.submit(self.game.as_ref(), request);
        self.apply_all(rulings);
    }

    fn apply_all(&mut self, rulings: Vec<Ruling>) {
        for ruling in rulings {
            self.apply(ruling);
        }
    }

    fn apply(&mut self, ruling: Ruling) {
        match ruling {
            Ruling::Played(text) => {
                self.awaiting_echo = false;
                self.play_accepted(&text);
            }
            Ruling::Refused(reason) => {
                self.awaiting_echo = false;
                self.events.push(TableEvent::Refused(reason));
            }
            // The referee has ruled on each offer and answer: the table's offers follow
            // its steps, and have nothing to refuse.
            Ruling::DrawOffered(side) => {
                let _ = self.offers.offer_draw(side);
                self.events.push(TableEvent::DrawOffered(side));
                if let Seat::Computer(_) = self.seat(side.opponent()) {
                    let accept = self.computer_accepts_draw(side.opponent());
                    self.ask(Request::AnswerDraw {
                        by: side.opponent(),
                        accept,
                    });
                }
            }
            Ruling::DrawDeclined(side) => {
                let _ = self.offers.answer_draw(side);
                self.events.push(TableEvent::DrawDeclined(side));
            }
            Ruling::Ended(outcome) => self.end(outcome),
            Ruling::Notice(news, message) => self.events.push(TableEvent::Notice(news, message)),
            Ruling::Clocks(left) => self.clocks.set_left(left),
            Ruling::ClocksHeld(held) => self.clocks_held = held,
            Ruling::TakebackAsked(side) => {
                let _ = self.offers.ask_takeback(side);
                self.events.push(TableEvent::TakebackAsked(side));
            }
            Ruling::TakebackDeclined(side) => {
                let _ = self.offers.answer_takeback(side);
                self.events.push(TableEvent::TakebackDeclined(side));
            }
            Ruling::TakenBack(moves) => self.taken_back_to(moves),
            Ruling::Aborted => {
                self.stop_computer();
                self.events.push(TableEvent::Aborted);
            }
        }
    }

    fn play_accepted(&mut self, text: &str) {
        let Ok(code) = self.game.parse_move(text) else {
            self.events.push(TableEvent::Refused(format!(
                "This computer could not follow the move {text}."
            )));
            return;
        };
        let before = self.game.view();
        let side = self.game.to_move();
        let path = self.game.move_path(code).unwrap_or_default();
        let display = self.game.display_move(code).unwrap_or_else(|| text.into());
        if self.game.play(code).is_err() {
            return;
        }
        self.clocks.moved(side);
        self.flag_reported = false;
        let effects = effects(&before, &self.game.view(), &path, side, display);
        self.history.push(effects.clone());
        self.events.push(TableEvent::Moved(effects));
        self.offers.moved(side);
        self.thinking = None;
        self.hold = if self.persons().is_empty() {
            self.pace.max(AFTER_MOVE)
        } else {
            AFTER_MOVE
        };
        if let Some(outcome) = self.game.outcome() {
            self.stop_computer();
            self.events.push(TableEvent::Ended(outcome));
        }
    }

    pub(super) fn undo_one(&mut self) {
        let moves = self.game.moves().len();
        self.game.undo();
        if self.game.moves().len() < moves {
            self.history.pop();
            self.clocks.undone(self.game.to_move());
        }
    }

    fn start_computer_if_due(&mut self) {
        if self.outcome().is_some()
            || self.computer.is_thinking()
            || self.awaiting_echo
            || self.offers.draw().is_some()
            || !self.hold.is_zero()
        {
            return;
        }
        let side = self.game.to_move();
        let Seat::Computer(level) = self.seat(side) else {
            return;
        };
        let request = ply_modes::Request {
            level,
            budget: self.computer_budget(side),
            seed: move_seed(self.seed, self.game.as_ref()),
            whole_budget: false,
        };
        self.computer.think(self.game.as_ref(), request);
        self.thinking = Some(Thinking {
            side,
            level,
            budget: request.budget,
            thought: Thought {
                best: None,
                depth: 0,
                score: ply_core::Score::ZERO,
                nodes: 0,
                elapsed: Duration::ZERO,
                line: Vec::new(),
            },
        });
    }

    fn computer_answered(&mut self, thought: Thought) {
        let side = self.game.to_move();
        self.thinking = None;
        self.scores[side.index()] = Some(thought.score.0);
        match thought.best {
            Some(best) => self.submit_move(best),
            None => self.events.push(TableEvent::Refused(
                "The computer found no move to play.".into(),
            )),
        }
    }

    /// How long the computer may think for `side`: the table's move budget, and on a
    /// clock no more than [`clock_budget`] gives, so that it never loses on time where
    /// a person would not.
    fn computer_budget(&self, side: Player) -> Duration {
        match (self.clocks.left(side), self.clocks.control()) {
            (Some(left), Some(control)) => {
                clock_budget(left, control.increment, None).min(self.move_budget)
            }
            _ => self.move_budget,
        }
    }

    /// Whether the computer playing `side` takes a draw: only when clearly losing.
    fn computer_accepts_draw(&self, side: Player) -> bool {
        let score = self.scores[side.index()].unwrap_or_else(|| {
            let now = self.game.evaluate().0;
            if self.game.to_move() == side {
                now
            } else {
                -now
            }
        });
        score <= ACCEPT_DRAW_BELOW
    }

    /// Waits for the computer's current answer and applies it (tests and tools only;
    /// the window polls through [`Table::tick`]).
    pub fn wait_for_computer(&mut self) {
        self.hold = Duration::ZERO;
        self.start_computer_if_due();
        if let Some(thought) = self.computer.wait() {
            self.computer_answered(thought);
        }
    }
}

/// What each move of `game` did (a resumed or loaded game), worked out by taking the
/// moves back one by one on a copy, newest first.
fn rewound_effects(game: &dyn AnyGame) -> Vec<MoveEffects> {
    let mut rewound = game.clone_box();
    let mut history = Vec::new();
    while !rewound.moves().is_empty() {
        let (after, plies) = (rewound.view(), rewound.moves().len());
        let Some(code) = rewound.undo() else {
            break;
        };
        if rewound.moves().len() == plies {
            // That took back a resignation or an agreed draw, not a move.
            continue;
        }
        let path = rewound.move_path(code).unwrap_or_default();
        let display = rewound.display_move(code).unwrap_or_default();
        let before = rewound.view();
        history.push(effects(&before, &after, &path, rewound.to_move(), display));
    }
    history.reverse();
    history
}
