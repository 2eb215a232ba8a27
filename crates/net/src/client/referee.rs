//! The relay as a table's referee: requests go to the server as messages, and what the
//! server accepted comes back as rulings (the move echoed, the game's end, draw offers,
//! the clocks), with news about the other players as messages for the screen. The game
//! window and `ply host`/`ply join` both referee their tables with it, each through its
//! own [`RelayLink`] to the connection.

use super::NetEvent;
use crate::protocol::{ClientMsg, ServerMsg};
use ply_modes::AnyGame;
use ply_play::{Message, NoticeKind, Referee, Request, Ruling};
use std::time::Duration;

/// What a [`RelayReferee`] needs of a connection to a lobby.
pub trait RelayLink {
    /// Sends `message` to the relay.
    fn send(&mut self, message: ClientMsg);
    /// The events that arrived since the last poll. Never blocks.
    fn poll(&mut self) -> Vec<NetEvent>;
    /// Why the connection ended, in a player's words, once it has.
    fn closed(&self) -> Option<String>;
}

/// A referee that is the relay server, reached through a lobby's connection.
pub struct RelayReferee<L: RelayLink> {
    link: L,
}

impl<L: RelayLink> RelayReferee<L> {
    /// Referees through `link`.
    pub fn new(link: L) -> RelayReferee<L> {
        RelayReferee { link }
    }
}

impl<L: RelayLink> Referee for RelayReferee<L> {
    fn submit(&mut self, _game: &dyn AnyGame, request: Request) -> Vec<Ruling> {
        let message = match request {
            Request::Move { text, .. } => ClientMsg::Move { text },
            Request::Resign(_) => ClientMsg::Resign,
            Request::OfferDraw(_) => ClientMsg::OfferDraw,
            Request::AnswerDraw { accept: true, .. } => ClientMsg::AcceptDraw,
            Request::AnswerDraw { accept: false, .. } => ClientMsg::DeclineDraw,
            // The relay keeps the clocks and decides when one has run out.
            Request::OutOfTime(_) => return Vec::new(),
            Request::AskTakeback(_) => ClientMsg::AskTakeback,
            Request::AnswerTakeback { accept, .. } => ClientMsg::AnswerTakeback { accept },
            Request::Abort(_) => ClientMsg::Abort,
        };
        self.link.send(message);
        Vec::new()
    }

    fn poll(&mut self) -> Vec<Ruling> {
        let events = self.link.poll();
        let mut rulings = Vec::new();
        for event in events {
            match event {
                NetEvent::Message(message) => {
                    let clocks = match &message {
                        ServerMsg::MovePlayed {
                            left_ms: Some(left),
                            ..
                        }
                        | ServerMsg::TakenBack {
                            left_ms: Some(left),
                            ..
                        } => Some(left.map(Duration::from_millis)),
                        ServerMsg::PlayerRejoined {
                            clock: Some(clock), ..
                        } => {
                            rulings.push(Ruling::ClocksHeld(!clock.running));
                            Some(clock.left_ms.map(Duration::from_millis))
                        }
                        _ => None,
                    };
                    rulings.extend(ruling(message));
                    rulings.extend(clocks.map(Ruling::Clocks));
                }
                NetEvent::Closed(_) => {
                    if let Some(reason) = self.link.closed() {
                        rulings.push(Ruling::Notice(NoticeKind::Other, Message::error(reason)));
                    }
                }
                NetEvent::Reconnecting {
                    failed_tries: 0, ..
                } => {
                    rulings.push(Ruling::Notice(
                        NoticeKind::Left,
                        Message::warning("The connection was lost; reconnecting..."),
                    ));
                }
                NetEvent::Reconnected(_) => {
                    rulings.push(Ruling::Notice(
                        NoticeKind::Back,
                        Message::info("Reconnected."),
                    ));
                }
                NetEvent::Entered(_) | NetEvent::Reconnecting { .. } => {}
            }
        }
        rulings
    }

    fn echoes_moves(&self) -> bool {
        true
    }

    fn allows_undo(&self) -> bool {
        false
    }

    fn is_live(&self) -> bool {
        self.link.closed().is_none()
    }

    fn closing(&mut self) {
        self.link.send(ClientMsg::Leave);
    }

    fn chats(&self) -> bool {
        true
    }

    fn chat(&mut self, text: &str) {
        self.link.send(ClientMsg::Chat {
            text: text.to_string(),
        });
    }
}

/// What a server message means at the table, if anything.
fn ruling(message: ServerMsg) -> Option<Ruling> {
    Some(match message {
        ServerMsg::MovePlayed { text, .. } => Ruling::Played(text),
        ServerMsg::MoveRefused { reason, .. } => Ruling::Refused(reason.to_string()),
        ServerMsg::GameOver { outcome } => Ruling::Ended(outcome),
        ServerMsg::DrawOffered { by } => Ruling::DrawOffered(by),
        ServerMsg::DrawDeclined { by } => Ruling::DrawDeclined(by),
        ServerMsg::TakebackAsked { by } => Ruling::TakebackAsked(by),
        ServerMsg::TakebackDeclined { by } => Ruling::TakebackDeclined(by),
        ServerMsg::TakenBack { ply, .. } => Ruling::TakenBack(ply as usize),
        ServerMsg::GameAborted => Ruling::Aborted,
        ServerMsg::PlayerDropped { name } => Ruling::Notice(
            NoticeKind::Left,
            Message::warning(format!("{name} lost the connection; their seat is kept.")),
        ),
        ServerMsg::PlayerRejoined { name, .. } => {
            Ruling::Notice(NoticeKind::Back, Message::info(format!("{name} is back.")))
        }
        ServerMsg::PlayerReplaced { name } => Ruling::Notice(
            NoticeKind::Other,
            Message::warning(format!("{name} joined again from another place.")),
        ),
        ServerMsg::Chat { from, text } => {
            Ruling::Notice(NoticeKind::Chat, Message::info(format!("{from}: {text}")))
        }
        ServerMsg::Denied(reason) => {
            Ruling::Notice(NoticeKind::Other, Message::error(reason.to_string()))
        }
        _ => return None,
    })
}
