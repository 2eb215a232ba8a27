//! Which sound each thing at the table makes: every sound the game has (a [`Cue`]), the
//! group the settings switch it with, its length limit, and the window-free mapping from
//! the table's events (and who sits at this computer) to cues.

use ply_core::{EndReason, Outcome, Player};
use ply_play::{MoveEffects, NoticeKind, Table, TableEvent};

/// Sounds the settings switch on and off together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// Pieces moving, taking, dropping, promoting.
    Moves,
    /// Check, refused attempts, the end of a game, a clock running low.
    Game,
    /// Players coming and going, chat.
    Lobby,
}

/// One sound of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A piece moved.
    Move,
    /// A piece took another.
    Capture,
    /// A king castled (two pieces moved).
    Castle,
    /// A piece was promoted (chess).
    Promote,
    /// A checkers man was crowned.
    Crown,
    /// A Connect Four counter dropped into its column.
    Drop,
    /// A capture blew up the pieces around it (atomic chess).
    Explosion,
    /// A king was put in check.
    Check,
    /// The player tried something that is not allowed (soft).
    Illegal,
    /// The hnefatafl king reached a corner.
    KingEscaped,
    /// The game ended in a win for the player at this computer.
    Won,
    /// The game ended in a loss for the player at this computer.
    Lost,
    /// The game ended in a draw.
    Drawn,
    /// Someone joined the lobby (or came back).
    Joined,
    /// Someone left the lobby (or lost the connection).
    Left,
    /// A chat message arrived.
    Chat,
    /// A clock is running low. The table's clocks only count time used today, so nothing
    /// sends this cue until games have time limits; it is made and exported with the rest.
    LowTime,
}

impl Cue {
    /// Every cue, in the order they are listed and exported.
    pub const ALL: [Cue; 17] = [
        Cue::Move,
        Cue::Capture,
        Cue::Castle,
        Cue::Promote,
        Cue::Crown,
        Cue::Drop,
        Cue::Explosion,
        Cue::Check,
        Cue::Illegal,
        Cue::KingEscaped,
        Cue::Won,
        Cue::Lost,
        Cue::Drawn,
        Cue::Joined,
        Cue::Left,
        Cue::Chat,
        Cue::LowTime,
    ];

    /// A short lower-case name (the exported file is `NAME.wav`).
    pub const fn name(self) -> &'static str {
        match self {
            Cue::Move => "move",
            Cue::Capture => "capture",
            Cue::Castle => "castle",
            Cue::Promote => "promote",
            Cue::Crown => "crown",
            Cue::Drop => "drop",
            Cue::Explosion => "explosion",
            Cue::Check => "check",
            Cue::Illegal => "illegal",
            Cue::KingEscaped => "king-escaped",
            Cue::Won => "won",
            Cue::Lost => "lost",
            Cue::Drawn => "drawn",
            Cue::Joined => "joined",
            Cue::Left => "left",
            Cue::Chat => "chat",
            Cue::LowTime => "low-time",
        }
    }

    /// The group that switches this cue on and off.
    pub const fn group(self) -> Group {
        match self {
            Cue::Move
            | Cue::Capture
            | Cue::Castle
            | Cue::Promote
            | Cue::Crown
            | Cue::Drop
            | Cue::Explosion => Group::Moves,
            Cue::Check
            | Cue::Illegal
            | Cue::KingEscaped
            | Cue::Won
            | Cue::Lost
            | Cue::Drawn
            | Cue::LowTime => Group::Game,
            Cue::Joined | Cue::Left | Cue::Chat => Group::Lobby,
        }
    }

    /// Whether this cue ends a game (endings may ring longer than the others).
    pub const fn is_ending(self) -> bool {
        matches!(self, Cue::Won | Cue::Lost | Cue::Drawn)
    }

    /// The longest this cue may last, in seconds: short cues stay out of the way of the
    /// next move; only the endings ring on.
    pub const fn limit(self) -> f32 {
        if self.is_ending() { 2.0 } else { 0.6 }
    }
}

/// Who listens at this computer, which decides how an event sounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listener {
    /// The sides played by people at this computer: with exactly one, the end of a game
    /// is a win or a loss for them; otherwise a win is celebrated whoever won.
    pub persons: Vec<Player>,
    /// Whether a promotion is a crowning (checkers) rather than a chess promotion.
    pub crowns: bool,
}

impl Listener {
    /// The listener at `table`.
    pub fn at(table: &Table) -> Listener {
        Listener {
            persons: table.persons(),
            crowns: table.game().mode_id() == "checkers",
        }
    }

    fn ending(&self, outcome: Outcome) -> Cue {
        match (outcome.winner(), self.persons.as_slice()) {
            (None, _) => Cue::Drawn,
            (Some(winner), [me]) if winner != *me => Cue::Lost,
            (Some(_), _) => Cue::Won,
        }
    }
}

/// The cues a table event makes, in the order they should sound.
pub fn cues_for(event: &TableEvent, listener: &Listener) -> Vec<Cue> {
    match event {
        TableEvent::Moved(effects) => move_cues(effects, listener),
        TableEvent::Ended(outcome) => {
            let mut cues = Vec::new();
            if outcome.reason() == EndReason::KingEscaped {
                cues.push(Cue::KingEscaped);
            }
            cues.push(listener.ending(*outcome));
            cues
        }
        TableEvent::Refused(_) => vec![Cue::Illegal],
        TableEvent::Notice(kind, _) => match kind {
            NoticeKind::Chat => vec![Cue::Chat],
            NoticeKind::Left => vec![Cue::Left],
            NoticeKind::Back => vec![Cue::Joined],
            NoticeKind::Other => Vec::new(),
        },
        TableEvent::LowTime(side) if listener.persons.contains(side) => vec![Cue::LowTime],
        TableEvent::LowTime(_)
        | TableEvent::Undone
        | TableEvent::DrawOffered(_)
        | TableEvent::DrawDeclined(_)
        | TableEvent::TakebackAsked(_)
        | TableEvent::TakebackDeclined(_)
        | TableEvent::Aborted => Vec::new(),
    }
}

/// The cues of a lobby's members changing from `before` to `after` (the names of those
/// connected): one for anyone who came, one for anyone who went.
pub fn lobby_cues(before: &[String], after: &[String]) -> Vec<Cue> {
    let mut cues = Vec::new();
    if after.iter().any(|name| !before.contains(name)) {
        cues.push(Cue::Joined);
    }
    if before.iter().any(|name| !after.contains(name)) {
        cues.push(Cue::Left);
    }
    cues
}

fn move_cues(effects: &MoveEffects, listener: &Listener) -> Vec<Cue> {
    let mut cues = vec![if effects.exploded {
        Cue::Explosion
    } else if !effects.captured.is_empty() {
        Cue::Capture
    } else if !effects.companions.is_empty() {
        Cue::Castle
    } else if effects.path.len() == 1 {
        Cue::Drop
    } else {
        Cue::Move
    }];
    if effects.promoted.is_some() {
        cues.push(if listener.crowns {
            Cue::Crown
        } else {
            Cue::Promote
        });
    }
    if effects.check {
        cues.push(Cue::Check);
    }
    cues
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::PieceKind;

    fn listener(persons: &[Player]) -> Listener {
        Listener {
            persons: persons.to_vec(),
            crowns: false,
        }
    }

    fn quiet_move() -> MoveEffects {
        MoveEffects {
            side: Player::First,
            display: "e4".into(),
            path: vec![12, 28],
            piece: Some((Player::First, PieceKind(0))),
            captured: Vec::new(),
            companions: Vec::new(),
            exploded: false,
            promoted: None,
            check: false,
        }
    }

    #[test]
    fn the_end_of_a_game_sounds_from_the_local_players_side() {
        let win = Outcome::Win {
            winner: Player::First,
            reason: EndReason::Checkmate,
        };
        let ended = TableEvent::Ended(win);
        assert_eq!(cues_for(&ended, &listener(&[Player::First])), [Cue::Won]);
        assert_eq!(cues_for(&ended, &listener(&[Player::Second])), [Cue::Lost]);
        assert_eq!(cues_for(&ended, &listener(&Player::BOTH)), [Cue::Won]);
        assert_eq!(cues_for(&ended, &listener(&[])), [Cue::Won]);
        let draw = TableEvent::Ended(Outcome::Draw {
            reason: EndReason::Stalemate,
        });
        assert_eq!(cues_for(&draw, &listener(&[Player::First])), [Cue::Drawn]);
    }

    #[test]
    fn an_escaping_king_sounds_before_the_result() {
        let escaped = TableEvent::Ended(Outcome::Win {
            winner: Player::Second,
            reason: EndReason::KingEscaped,
        });
        assert_eq!(
            cues_for(&escaped, &listener(&[Player::First])),
            [Cue::KingEscaped, Cue::Lost]
        );
    }

    #[test]
    fn a_move_sounds_by_what_it_did() {
        let people = listener(&Player::BOTH);
        let plain = quiet_move();
        assert_eq!(
            cues_for(&TableEvent::Moved(plain.clone()), &people),
            [Cue::Move]
        );
        let drop = MoveEffects {
            path: vec![3],
            ..plain.clone()
        };
        assert_eq!(cues_for(&TableEvent::Moved(drop), &people), [Cue::Drop]);
        let castle = MoveEffects {
            companions: vec![(7, 5, (Player::First, PieceKind(3)))],
            ..plain.clone()
        };
        assert_eq!(cues_for(&TableEvent::Moved(castle), &people), [Cue::Castle]);
        let blast = MoveEffects {
            captured: vec![(28, (Player::Second, PieceKind(0)))],
            exploded: true,
            ..plain.clone()
        };
        assert_eq!(
            cues_for(&TableEvent::Moved(blast), &people),
            [Cue::Explosion]
        );
        let promotion = MoveEffects {
            captured: vec![(57, (Player::Second, PieceKind(1)))],
            promoted: Some((Player::First, PieceKind(4))),
            check: true,
            ..plain.clone()
        };
        assert_eq!(
            cues_for(&TableEvent::Moved(promotion.clone()), &people),
            [Cue::Capture, Cue::Promote, Cue::Check]
        );
        let checkers = Listener {
            crowns: true,
            ..people
        };
        assert_eq!(
            cues_for(&TableEvent::Moved(promotion), &checkers),
            [Cue::Capture, Cue::Crown, Cue::Check]
        );
    }

    #[test]
    fn news_and_refusals_have_their_own_sounds() {
        let people = listener(&[Player::First]);
        let news = |kind| TableEvent::Notice(kind, ply_play::Message::info("news"));
        assert_eq!(cues_for(&news(NoticeKind::Chat), &people), [Cue::Chat]);
        assert_eq!(cues_for(&news(NoticeKind::Left), &people), [Cue::Left]);
        assert_eq!(cues_for(&news(NoticeKind::Back), &people), [Cue::Joined]);
        assert!(cues_for(&news(NoticeKind::Other), &people).is_empty());
        let refused = TableEvent::Refused("not your turn".into());
        assert_eq!(cues_for(&refused, &people), [Cue::Illegal]);
        assert!(cues_for(&TableEvent::Undone, &people).is_empty());
    }

    #[test]
    fn lobby_members_coming_and_going_sound() {
        let names = |list: &[&str]| list.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let (ada, both) = (names(&["Ada"]), names(&["Ada", "Bo"]));
        assert_eq!(lobby_cues(&ada, &both), [Cue::Joined]);
        assert_eq!(lobby_cues(&both, &ada), [Cue::Left]);
        assert_eq!(lobby_cues(&ada, &names(&["Cy"])), [Cue::Joined, Cue::Left]);
        assert!(lobby_cues(&both, &both).is_empty());
    }

    #[test]
    fn only_the_endings_may_ring_long() {
        for cue in Cue::ALL {
            assert_eq!(cue.limit() > 0.6, cue.is_ending(), "{cue:?}");
        }
        let mut names: Vec<_> = Cue::ALL.iter().map(|cue| cue.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names.len(),
            Cue::ALL.len(),
            "every cue has its own file name"
        );
    }
}
