//! The relay as a table's referee: requests go to the server as messages, and what the
//! server accepted comes back as rulings (the move echoed, the game's end, draw offers),
//! with news about the other players as messages for the screen.

use super::events::NoticeKind;
use super::referee::{Referee, Request, Ruling};
use crate::message::Message;
use crate::session::Shared;
use ply_modes::AnyGame;
use ply_net::{ClientMsg, NetEvent, ServerMsg};
use std::time::Duration;

/// A referee that is the relay server, reached through a lobby's session.
pub struct RemoteReferee {
    session: Shared,
}

impl RemoteReferee {
    /// Referees through `session`.
    pub fn new(session: Shared) -> RemoteReferee {
        RemoteReferee { session }
    }
}

impl Referee for RemoteReferee {
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
        self.session.borrow_mut().send(message);
        Vec::new()
    }

    fn poll(&mut self) -> Vec<Ruling> {
        let (events, closed) = {
            let mut session = self.session.borrow_mut();
            let events = session.poll();
            (events, session.closed.clone())
        };
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
                        _ => None,
                    };
                    rulings.extend(ruling(message));
                    rulings.extend(clocks.map(Ruling::Clocks));
                }
                NetEvent::Closed(_) => {
                    if let Some(reason) = &closed {
                        rulings.push(Ruling::Notice(
                            NoticeKind::Other,
                            Message::error(reason.clone()),
                        ));
                    }
                }
                _ => {}
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
        self.session.borrow().closed.is_none()
    }

    fn closing(&mut self) {
        self.session.borrow_mut().send(ClientMsg::Leave);
    }

    fn chats(&self) -> bool {
        true
    }

    fn chat(&mut self, text: &str) {
        self.session.borrow_mut().send(ClientMsg::Chat {
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
        ServerMsg::PlayerRejoined { name } => {
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
