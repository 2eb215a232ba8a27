//! The game table beside `ply host`'s console: ply-play's table for the game the lobby
//! plays, refereed by the relay, on which the computer plays the sides it holds (the
//! host's machine moves for it), exactly as it does in the game window. The console
//! hands the table every event after showing it, and ticks it when the computer has
//! news or the table said it would change.

use crossbeam_channel::{Receiver, bounded};
use ply_modes::Level;
use ply_net::{
    ClientMsg, Mirror, NetEvent, NetHandle, Occupant, RelayLink, RelayReferee, ServerMsg,
    mirrored_table,
};
use ply_play::Table;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How the computer plays the sides it holds.
#[derive(Clone, Copy, Debug)]
pub struct ComputerPlay {
    /// How strongly.
    pub level: Level,
    /// The most time it takes for a move (less on a short clock).
    pub budget: Duration,
}

/// The console's connection as the relay referee's link: requests go out through the
/// handle, and the table hears the events the console handed it.
struct ConsoleLink {
    handle: Rc<NetHandle>,
    heard: Rc<RefCell<Vec<NetEvent>>>,
}

impl RelayLink for ConsoleLink {
    fn send(&mut self, message: ClientMsg) {
        let _ = self.handle.send(message);
    }

    fn poll(&mut self) -> Vec<NetEvent> {
        std::mem::take(&mut *self.heard.borrow_mut())
    }

    fn closed(&self) -> Option<String> {
        // The console ends with the connection; the table never outlives it.
        None
    }
}

/// The table of the lobby's running game, kept in step with the console's mirror.
pub struct ConsoleTable {
    handle: Rc<NetHandle>,
    heard: Rc<RefCell<Vec<NetEvent>>>,
    computer: ComputerPlay,
    wake: Arc<dyn Fn() + Send + Sync>,
    table: Option<Table>,
    /// The seating the table was built for.
    sides: Option<[Occupant; 2]>,
    ticked: Instant,
}

impl ConsoleTable {
    /// No table yet; the computer will play as `computer` says. The receiver hears
    /// when the computer has news, so the console ticks the table then.
    pub fn new(handle: Rc<NetHandle>, computer: ComputerPlay) -> (ConsoleTable, Receiver<()>) {
        let (woken, wakes) = bounded(1);
        let table = ConsoleTable {
            handle,
            heard: Rc::default(),
            computer,
            wake: Arc::new(move || {
                let _ = woken.try_send(());
            }),
            table: None,
            sides: None,
            ticked: Instant::now(),
        };
        (table, wakes)
    }

    /// Takes in `event`, which `mirror` has already applied: a table is built for a
    /// game that starts (or is found on entry, or has a side reseated), follows the
    /// running game's moves and offers, and goes when the game is over.
    pub fn hear(&mut self, event: NetEvent, mirror: &Mirror) {
        if !mirror.in_game() {
            self.table = None;
            self.heard.borrow_mut().clear();
            return;
        }
        let fresh = event.entered().is_some()
            || matches!(event, NetEvent::Message(ServerMsg::GameStarted(_)));
        if fresh || self.table.is_none() || mirror.sides() != self.sides.as_ref() {
            self.build(mirror);
        } else {
            self.heard.borrow_mut().push(event);
        }
        self.tick();
    }

    /// Builds the table for the game `mirror` shows now.
    fn build(&mut self, mirror: &Mirror) {
        self.heard.borrow_mut().clear();
        let link = ConsoleLink {
            handle: Rc::clone(&self.handle),
            heard: Rc::clone(&self.heard),
        };
        let referee = Box::new(RelayReferee::new(link));
        self.table = mirrored_table(mirror, self.computer.level, referee).map(|table| {
            table
                .with_move_budget(self.computer.budget)
                .with_seed(0)
                .with_wake(Arc::clone(&self.wake))
        });
        self.sides = mirror.sides().cloned();
        self.ticked = Instant::now();
    }

    /// Lets the time since the last tick pass at the table: it applies what the relay
    /// said and the computer's answers, and starts the computer when it is its turn.
    pub fn tick(&mut self) {
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(self.ticked);
        self.ticked = now;
        if let Some(table) = &mut self.table {
            table.tick(elapsed, false);
            // The console shows what the relay says; the table's own events add nothing.
            table.take_events();
        }
    }

    /// How long the table stays as it is if nothing happens (the computer's wait
    /// after a move, the running clock); `None` while it changes only when something
    /// happens.
    pub fn next_change(&self) -> Option<Duration> {
        self.table.as_ref()?.next_change(false)
    }
}
