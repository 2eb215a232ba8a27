//! `Mirror`: the client's own copy of the lobby and the game, kept by replaying the
//! server's events through `ply-modes`. It outlives the connection, so a game can be
//! saved after the host left, and it tells the host when the computer is to move.

use super::NetEvent;
use crate::protocol::{
    ClockView, Entered, GameSetup, GameView, LobbyView, Occupant, ServerMsg, StandIn, Token,
};
use ply_core::{Outcome, Player};
use ply_modes::{AnyGame, ReplayError, replay};
use ply_play::offers::Offers;
use std::time::Duration;

/// The local copy of everything the server has said about the lobby and its game.
#[derive(Default)]
pub struct Mirror {
    entered: Option<Entered>,
    lobby: Option<LobbyView>,
    setup: Option<GameSetup>,
    game: Option<Box<dyn AnyGame>>,
    moves: Vec<String>,
    sides: Option<[Occupant; 2]>,
    /// The sides the computer took over in this game from a player who dropped.
    stand_ins: Vec<StandIn>,
    outcome: Option<Outcome>,
    /// The offers waiting for an answer, following the relay's steps through the
    /// same state machine it runs (what it refused never reaches this copy).
    offers: Offers,
    running: bool,
    desync: Option<String>,
    clock: Option<ClockView>,
    /// When the clocks were last heard of.
    clock_at: Option<std::time::Instant>,
    /// Since when the client has been getting back in after its connection broke.
    reconnecting: Option<std::time::Instant>,
}

impl Mirror {
    /// An empty copy, before entry.
    pub fn new() -> Mirror {
        Mirror::default()
    }

    /// Takes an event into account.
    pub fn apply(&mut self, event: &NetEvent) {
        match event {
            NetEvent::Entered(entered) | NetEvent::Reconnected(entered) => {
                self.lobby = Some(entered.lobby.clone());
                match &entered.game {
                    Some(game) => {
                        self.start(game);
                        self.stand_ins = entered.lobby.stand_ins.clone();
                    }
                    // The game ended while this client was away.
                    None => self.running = false,
                }
                self.entered = Some(entered.as_ref().clone());
                self.reconnecting = None;
            }
            NetEvent::Reconnecting { since, .. } => self.reconnecting = Some(*since),
            NetEvent::Message(message) => self.apply_message(message),
            NetEvent::Closed(_) => {
                self.running = false;
                self.reconnecting = None;
            }
        }
    }

    fn apply_message(&mut self, message: &ServerMsg) {
        match message {
            ServerMsg::Lobby(view) => {
                if view.in_game || self.running {
                    self.sides = Some(view.sides.clone());
                    self.stand_ins = view.stand_ins.clone();
                }
                self.lobby = Some(view.clone());
            }
            ServerMsg::GameStarted(view) => self.start(view),
            ServerMsg::MovePlayed {
                ply,
                side,
                text,
                left_ms,
            } => {
                self.offers.moved(*side);
                if let (Some(clock), Some(left_ms)) = (self.clock.as_mut(), left_ms) {
                    clock.left_ms = *left_ms;
                    self.clock_at = Some(std::time::Instant::now());
                }
                if *ply as usize != self.moves.len() + 1 {
                    self.desync = Some(format!(
                        "move {ply} arrived after move {}",
                        self.moves.len()
                    ));
                }
                self.moves.push(text.clone());
                if let Some(game) = self.game.as_mut()
                    && let Err(error) = game.play_text(text)
                {
                    let refused = ReplayError::Move {
                        number: *ply as usize,
                        text: text.clone(),
                        error,
                    };
                    self.desync = Some(refused.to_string());
                }
            }
            ServerMsg::PlayerRejoined {
                clock: Some(clock), ..
            } if self.clock.is_some() => {
                self.clock = Some(*clock);
                self.clock_at = Some(std::time::Instant::now());
            }
            ServerMsg::TakebackAsked { by } => {
                let _ = self.offers.ask_takeback(*by);
            }
            ServerMsg::TakebackDeclined { by } => {
                let _ = self.offers.answer_takeback(*by);
            }
            ServerMsg::TakenBack { ply, left_ms } => {
                self.offers.clear();
                if let (Some(clock), Some(left_ms)) = (self.clock.as_mut(), left_ms) {
                    clock.left_ms = *left_ms;
                    self.clock_at = Some(std::time::Instant::now());
                }
                while self.moves.len() > *ply as usize {
                    self.moves.pop();
                    if let Some(game) = self.game.as_mut() {
                        game.undo();
                    }
                }
            }
            ServerMsg::GameAborted => {
                self.running = false;
                self.offers.clear();
            }
            ServerMsg::DrawOffered { by } => {
                let _ = self.offers.offer_draw(*by);
            }
            ServerMsg::DrawDeclined { by } => {
                let _ = self.offers.answer_draw(*by);
            }
            ServerMsg::GameOver { outcome } => {
                self.outcome = Some(*outcome);
                self.offers.clear();
                self.running = false;
            }
            _ => {}
        }
    }

    fn start(&mut self, view: &GameView) {
        self.setup = Some(GameSetup {
            mode: view.mode.clone(),
            start: view.start.clone(),
            moves: Vec::new(),
            clock: view.clock.map(|clock| clock.setup),
            resume: None,
        });
        self.clock = view.clock;
        self.clock_at = Some(std::time::Instant::now());
        self.moves = view.moves.clone();
        self.sides = Some(view.sides.clone());
        self.stand_ins.clear();
        self.offers = Offers::standing(view.draw_offer, view.takeback_offer);
        self.outcome = None;
        self.running = true;
        self.desync = None;
        self.game = match replay(&view.mode, view.start.as_deref(), &view.moves) {
            Ok(game) => Some(game),
            Err(error) => {
                self.desync = Some(error.to_string());
                None
            }
        };
    }

    /// Since when the client has been getting back in after its connection broke
    /// (`None` while connected, and once the connection is over).
    pub fn reconnecting(&self) -> Option<std::time::Instant> {
        self.reconnecting
    }

    /// What the server said on entry.
    pub fn entered(&self) -> Option<&Entered> {
        self.entered.as_ref()
    }

    /// This player's name.
    pub fn name(&self) -> Option<&str> {
        self.entered.as_ref().map(|entered| entered.name.as_str())
    }

    /// The token that takes this player's seat back after a drop.
    pub fn token(&self) -> Option<Token> {
        self.entered.as_ref().map(|entered| entered.token)
    }

    /// The lobby's code.
    pub fn code(&self) -> Option<&str> {
        self.entered.as_ref().map(|entered| entered.code.as_str())
    }

    /// Whether this player hosts the lobby.
    pub fn is_host(&self) -> bool {
        self.entered.as_ref().is_some_and(|entered| entered.host)
    }

    /// The lobby as last seen.
    pub fn lobby(&self) -> Option<&LobbyView> {
        self.lobby.as_ref()
    }

    /// The current or last game, replayed locally (`None` before the first game, or if
    /// the local rules could not follow the server).
    pub fn game(&self) -> Option<&dyn AnyGame> {
        self.game.as_deref()
    }

    /// Every move of the current or last game, as the server sent them.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The current or last game as a setup: enough to save it, or to host it again
    /// and continue.
    pub fn game_setup(&self) -> Option<GameSetup> {
        self.setup.as_ref().map(|setup| GameSetup {
            moves: self.moves.clone(),
            ..setup.clone()
        })
    }

    /// The clocks of a timed game as the relay last sent them (each side's time left
    /// when it sent them).
    pub fn clock(&self) -> Option<ClockView> {
        self.clock
    }

    /// Each side's time left now in a timed game, First's then Second's: the relay's
    /// last figures, with the time since then charged to the side to move while its
    /// clock runs (for a save, or a table built after the game began).
    pub fn clock_left_now(&self) -> Option<[Duration; 2]> {
        let clock = self.clock?;
        let mut left = clock.left_ms.map(Duration::from_millis);
        let running =
            self.running && clock.running && ply_play::clock::runs_after(self.moves.len());
        if let (true, Some(at), Some(game)) = (running, self.clock_at, self.game()) {
            let side = game.to_move().index();
            left[side] = left[side].saturating_sub(at.elapsed());
        }
        Some(left)
    }

    /// How the last game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether a game is being played.
    pub fn in_game(&self) -> bool {
        self.running
    }

    /// The side whose draw offer waits for an answer.
    pub fn draw_offer(&self) -> Option<Player> {
        self.offers.draw()
    }

    /// The side whose request to take back a move waits for an answer.
    pub fn takeback_offer(&self) -> Option<Player> {
        self.offers.takeback()
    }

    /// The player the computer took `side` over from in this game, if it did.
    pub fn stand_in(&self, side: Player) -> Option<&StandIn> {
        self.stand_ins.iter().find(|stand_in| stand_in.side == side)
    }

    /// How the records of this game name whoever played `side`: the player's name, the
    /// computer, or both when the computer played on for a player who dropped; `None`
    /// for a side nobody holds.
    pub fn side_label(&self, side: Player) -> Option<String> {
        let occupant = self.sides.as_ref()?[side.index()].clone();
        let from_move = |stand_in: &StandIn| stand_in.from_ply / 2 + 1;
        match (occupant, self.stand_in(side)) {
            (Occupant::Open, _) => None,
            (Occupant::Computer, None) => Some("Computer".to_string()),
            (Occupant::Computer, Some(stand_in)) => Some(format!(
                "Computer for {} from move {}",
                stand_in.player,
                from_move(stand_in)
            )),
            (Occupant::Player(name), None) => Some(name),
            (Occupant::Player(name), Some(stand_in)) => Some(format!(
                "{name} (the computer played for {} from move {})",
                stand_in.player,
                from_move(stand_in)
            )),
        }
    }

    /// Who holds each side in the current or last game.
    pub fn sides(&self) -> Option<&[Occupant; 2]> {
        self.sides.as_ref()
    }

    /// The side this player holds in the current or last game.
    pub fn my_side(&self) -> Option<Player> {
        let name = self.name()?;
        let sides = self.sides.as_ref()?;
        Player::BOTH
            .into_iter()
            .find(|side| matches!(&sides[side.index()], Occupant::Player(holder) if holder == name))
    }

    /// Whether this player is the host and the computer is to move, so this machine
    /// must compute and send its move.
    pub fn computer_to_move(&self) -> bool {
        let (Some(game), Some(sides)) = (self.game(), self.sides.as_ref()) else {
            return false;
        };
        self.running && self.is_host() && sides[game.to_move().index()] == Occupant::Computer
    }

    /// Why the local copy could not follow the server, if it could not (the two sides
    /// disagree on the rules; the move list is still kept).
    pub fn desync(&self) -> Option<&str> {
        self.desync.as_deref()
    }
}
