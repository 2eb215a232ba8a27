//! A referee for the game screen's tests that answers later, as the relay does: what a
//! table submits is recorded, and the rulings a test queues come on the next poll.

use ply_modes::AnyGame;
use ply_play::{Referee, Request, Ruling};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

/// What the table has submitted, shared with the test.
pub type Sent = Rc<RefCell<Vec<Request>>>;
/// The rulings the test queues for the next poll.
pub type Replies = Rc<RefCell<VecDeque<Ruling>>>;

/// The referee; see the module's documentation.
pub struct LaterReferee {
    sent: Sent,
    replies: Replies,
}

impl LaterReferee {
    /// A referee recording into `sent` and answering from `replies`.
    pub fn new(sent: &Sent, replies: &Replies) -> LaterReferee {
        LaterReferee {
            sent: Rc::clone(sent),
            replies: Rc::clone(replies),
        }
    }
}

impl Referee for LaterReferee {
    fn submit(&mut self, _game: &dyn AnyGame, request: Request) -> Vec<Ruling> {
        self.sent.borrow_mut().push(request);
        Vec::new()
    }
    fn poll(&mut self) -> Vec<Ruling> {
        self.replies.borrow_mut().drain(..).collect()
    }
    fn echoes_moves(&self) -> bool {
        true
    }
    fn allows_undo(&self) -> bool {
        false
    }
}
