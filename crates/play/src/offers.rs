//! Offers that wait for the opponent's answer: a draw, and taking back a move. One state
//! machine for everyone: the relay runs it with authority (and tells its players each
//! step), and the clients' tables and mirrors follow it from what the relay said, so
//! all of them agree on what is waiting for whom.

use ply_core::Player;

/// The offers waiting for an answer in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    draw: Option<Player>,
    takeback: Option<Player>,
}

/// Why an offer or an answer cannot be made now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferRefusal {
    /// The side's own offer of the same kind still waits for an answer.
    Pending,
    /// Nothing of that kind waits for this side's answer.
    NothingToAnswer,
}

/// What offering a draw did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawOffer {
    /// The offer waits for the opponent's answer.
    Made,
    /// The opponent had offered a draw already: the two agree, and the game is drawn.
    Agreed,
}

/// What a move answered by being played instead of an answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Declined {
    /// The opponent's draw offer, declined.
    pub draw: bool,
    /// The opponent's request to take back a move, declined.
    pub takeback: bool,
}

impl Offers {
    /// The offers as someone who keeps them says they stand (a game joined while it
    /// runs): `draw` offered by that side, `takeback` asked by that side.
    pub fn standing(draw: Option<Player>, takeback: Option<Player>) -> Offers {
        Offers { draw, takeback }
    }

    /// The side whose draw offer waits for an answer.
    pub fn draw(&self) -> Option<Player> {
        self.draw
    }

    /// The side whose request to take back a move waits for an answer.
    pub fn takeback(&self) -> Option<Player> {
        self.takeback
    }

    /// `side` offers a draw: it waits for the opponent, or is agreed at once when the
    /// opponent had offered one.
    pub fn offer_draw(&mut self, side: Player) -> Result<DrawOffer, OfferRefusal> {
        match self.draw {
            Some(by) if by == side => Err(OfferRefusal::Pending),
            Some(_) => {
                self.draw = None;
                Ok(DrawOffer::Agreed)
            }
            None => {
                self.draw = Some(side);
                Ok(DrawOffer::Made)
            }
        }
    }

    /// `by` answers the draw its opponent offered (accepting or declining: either way
    /// the offer no longer waits).
    pub fn answer_draw(&mut self, by: Player) -> Result<(), OfferRefusal> {
        if self.draw != Some(by.opponent()) {
            return Err(OfferRefusal::NothingToAnswer);
        }
        self.draw = None;
        Ok(())
    }

    /// `side` asks to take back its last move (whether there is one to take back is
    /// for the game to say).
    pub fn ask_takeback(&mut self, side: Player) -> Result<(), OfferRefusal> {
        if self.takeback == Some(side) {
            return Err(OfferRefusal::Pending);
        }
        self.takeback = Some(side);
        Ok(())
    }

    /// `by` answers its opponent's request to take back a move; gives the side that
    /// asked.
    pub fn answer_takeback(&mut self, by: Player) -> Result<Player, OfferRefusal> {
        if self.takeback != Some(by.opponent()) {
            return Err(OfferRefusal::NothingToAnswer);
        }
        self.takeback = None;
        Ok(by.opponent())
    }

    /// `mover` moved: that declines what its opponent offered or asked; its own
    /// request to take back a move lapses, and its own draw offer still stands.
    pub fn moved(&mut self, mover: Player) -> Declined {
        let takeback = self.takeback.take() == Some(mover.opponent());
        let draw = self.draw == Some(mover.opponent());
        if draw {
            self.draw = None;
        }
        Declined { draw, takeback }
    }

    /// Nothing waits any more: moves were taken back, or the game is over.
    pub fn clear(&mut self) {
        *self = Offers::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{First, Second};

    #[test]
    fn a_draw_offer_waits_once_and_meets_the_opponents_offer_as_agreement() {
        let mut offers = Offers::default();
        assert_eq!(offers.offer_draw(First), Ok(DrawOffer::Made));
        assert_eq!(offers.offer_draw(First), Err(OfferRefusal::Pending));
        assert_eq!(offers.draw(), Some(First));
        assert_eq!(offers.offer_draw(Second), Ok(DrawOffer::Agreed));
        assert_eq!(offers.draw(), None);
    }

    #[test]
    fn only_the_opponent_answers_an_offer() {
        let mut offers = Offers::default();
        offers.offer_draw(First).expect("made");
        assert_eq!(
            offers.answer_draw(First),
            Err(OfferRefusal::NothingToAnswer)
        );
        assert_eq!(offers.answer_draw(Second), Ok(()));
        offers.ask_takeback(Second).expect("asked");
        assert_eq!(offers.ask_takeback(Second), Err(OfferRefusal::Pending));
        assert_eq!(
            offers.answer_takeback(Second),
            Err(OfferRefusal::NothingToAnswer)
        );
        assert_eq!(offers.answer_takeback(First), Ok(Second));
        assert_eq!(offers, Offers::default());
    }

    #[test]
    fn a_move_declines_the_opponents_offers_and_keeps_the_movers_draw_offer() {
        let mut offers = Offers::standing(Some(Second), Some(Second));
        assert_eq!(
            offers.moved(First),
            Declined {
                draw: true,
                takeback: true
            }
        );
        assert_eq!(offers, Offers::default());
        let mut own = Offers::standing(Some(First), Some(First));
        assert_eq!(own.moved(First), Declined::default());
        assert_eq!(own, Offers::standing(Some(First), None));
    }
}
