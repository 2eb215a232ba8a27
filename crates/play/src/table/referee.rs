//! Who decides what happens at a table: a local referee (the rules, in this process) or a
//! remote one (the relay server, which echoes what it accepted). The table asks the same
//! way in both cases and applies the same rulings, so local and online games are one
//! table with a different referee.

use super::events::NoticeKind;
use crate::message::Message;
use ply_core::{EndReason, MoveCode, Outcome, Player};
use ply_modes::AnyGame;

/// Something a seat at this computer asks the referee for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Play this legal move (code and move text).
    Move {
        /// The move's code in the current position.
        code: MoveCode,
        /// The move in the mode's move text.
        text: String,
    },
    /// This side resigns.
    Resign(Player),
    /// This side offers a draw.
    OfferDraw(Player),
    /// This side answers the draw its opponent offered.
    AnswerDraw {
        /// Who answers.
        by: Player,
        /// Whether they accept.
        accept: bool,
    },
    /// This side's clock shows no time left.
    OutOfTime(Player),
    /// This side asks to take back its last move (online; a local game has Undo).
    AskTakeback(Player),
    /// This side answers its opponent's request to take back a move.
    AnswerTakeback {
        /// Who answers.
        by: Player,
        /// Whether they accept.
        accept: bool,
    },
    /// This side ends the game with no result, before both sides have moved.
    Abort(Player),
}

/// What the referee decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// This move is played (move text).
    Played(String),
    /// A request from this computer was refused, for this reason.
    Refused(String),
    /// A side offers a draw.
    DrawOffered(Player),
    /// A side declined a draw.
    DrawDeclined(Player),
    /// The game is over (resignation, agreement, or anything the rules alone do not
    /// see); endings by the rules follow from the moves themselves.
    Ended(Outcome),
    /// News for the player that changes nothing at the table (a player dropped, chat).
    Notice(NoticeKind, Message),
    /// Each side's time left, as the referee who keeps the clocks has them (the relay,
    /// with each move), first player first.
    Clocks([std::time::Duration; 2]),
    /// Whether the referee holds the clocks still (a relay that restarted, until every
    /// player is back) or lets the side to move's run again.
    ClocksHeld(bool),
    /// A side asks to take back its last move.
    TakebackAsked(Player),
    /// A side declined to take back a move.
    TakebackDeclined(Player),
    /// Moves were taken back: the game has this many left.
    TakenBack(usize),
    /// The game was aborted with no result.
    Aborted,
}

/// A referee for a table.
pub trait Referee {
    /// Passes on a request from a seat at this computer; rulings it can give at once
    /// come back here, the others later through [`Referee::poll`].
    fn submit(&mut self, game: &dyn AnyGame, request: Request) -> Vec<Ruling>;
    /// Rulings that arrived since the last poll (a remote referee's echoes). Never
    /// blocks.
    fn poll(&mut self) -> Vec<Ruling>;
    /// Whether a move played here is only shown once the referee has echoed it.
    fn echoes_moves(&self) -> bool;
    /// Whether moves may be taken back at will (only when nobody else is watching).
    fn allows_undo(&self) -> bool;
    /// The window is closing: say goodbye if anyone is listening.
    fn closing(&mut self) {}
    /// Whether the referee can still be reached (a relay whose connection closed
    /// cannot): the clocks stop and moves are no longer sent.
    fn is_live(&self) -> bool {
        true
    }
    /// Whether there is anyone to chat with (an online game).
    fn chats(&self) -> bool {
        false
    }
    /// Says `text` to everyone at the table, where [`Referee::chats`].
    fn chat(&mut self, _text: &str) {}
}

/// The rules in this process: every legal request is granted at once.
#[derive(Clone, Copy, Debug, Default)]
pub struct LocalReferee;

impl Referee for LocalReferee {
    fn submit(&mut self, game: &dyn AnyGame, request: Request) -> Vec<Ruling> {
        let over = game.outcome().is_some();
        vec![match request {
            _ if over => Ruling::Refused("The game is already over.".into()),
            Request::Move { code, text } => {
                if game.move_text(code).as_deref() == Some(text.as_str()) {
                    Ruling::Played(text)
                } else {
                    Ruling::Refused(format!("{text} is not a legal move here."))
                }
            }
            Request::Resign(side) => Ruling::Ended(Outcome::Win {
                winner: side.opponent(),
                reason: EndReason::Resignation,
            }),
            Request::OfferDraw(side) => Ruling::DrawOffered(side),
            Request::AnswerDraw { accept: true, .. } => Ruling::Ended(Outcome::Draw {
                reason: EndReason::DrawAgreed,
            }),
            Request::AnswerDraw { by, accept: false } => Ruling::DrawDeclined(by),
            Request::OutOfTime(side) => Ruling::Ended(Outcome::out_of_time(
                side,
                game.can_still_win(side.opponent()),
            )),
            // A game on this computer takes moves back with Undo, and simply stops.
            Request::AskTakeback(_) | Request::AnswerTakeback { .. } => {
                Ruling::Refused("Use Undo to take a move back.".into())
            }
            Request::Abort(_) => Ruling::Aborted,
        }]
    }

    fn poll(&mut self) -> Vec<Ruling> {
        Vec::new()
    }

    fn echoes_moves(&self) -> bool {
        false
    }

    fn allows_undo(&self) -> bool {
        true
    }
}
