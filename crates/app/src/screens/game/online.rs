//! What an online game adds to the game screen: the game kept on disk after every move
//! (and kept as lost when touch with it is lost), a strip when a player is away (the
//! countdown, then claiming the win, calling a draw or waiting; for the host, handing
//! the seat to the computer), the rematch asked of everyone, and a new table whenever
//! the relay reseats a side or starts the next game.

use super::layers::{Action, Button};
use super::panel::{CONNECTION_LOST, RECONNECTING};
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::screens::Context;
use crate::screens::widgets::{self, Look};
use crate::session::Shared;
use crate::theme;
use ply_core::Player;
use ply_modes::Level;
use ply_net::{ClientMsg, Occupant};
use ply_play::{NoticeKind, Table, TableEvent, clock_text};
use ply_save::{GameKeeper, SaveFolder};
use std::time::{Duration, Instant};

/// The shortest wait for the strip's next figure, so that a figure due now shows.
const MIN_STEP: Duration = Duration::from_millis(1);

/// The part of `time` below a whole second.
fn subsecond(time: Duration) -> Duration {
    Duration::from_nanos(u64::from(time.subsec_nanos()))
}

/// Someone whose side is waiting for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Absence {
    /// Who (for the computer's side, the host whose machine moves for it).
    pub name: String,
    /// The side they hold.
    pub side: Player,
    /// Since when.
    pub since: Instant,
    /// When their opponent may claim the game.
    pub claim_at: Instant,
    /// Whether this player may claim it (they hold the other side, or host the
    /// computer that does).
    pub may_claim: bool,
    /// Whether this player hosts, and so may hand the side to the computer.
    pub may_reseat: bool,
}

/// How the rematch stands after a game, for the banner's button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RematchState {
    /// Nobody asked yet.
    Open,
    /// This player asked; the others have not yet.
    Asked,
    /// Someone else asked; this player's click starts it.
    Offered,
    /// This player did not play the game, so it is not theirs to ask.
    NotMine,
}

/// The online side of a game screen.
pub struct OnlineLink {
    session: Shared,
    strength: Level,
    keeper: Option<GameKeeper>,
    /// The seating the table was built for.
    sides: Option<[Occupant; 2]>,
    /// An absence this player chose to wait out (the strip stays away until it ends).
    waited: Option<(String, Instant)>,
}

impl OnlineLink {
    /// The link of a table built from `session` now, the computer at `strength`;
    /// the game is kept in `saves`.
    pub fn new(session: Shared, strength: Level, saves: Option<SaveFolder>) -> OnlineLink {
        let (sides, seat) = {
            let session = session.borrow();
            let mirror = &session.mirror;
            let seat = format!(
                "{} {}",
                mirror.code().unwrap_or_default(),
                mirror.name().unwrap_or_default()
            );
            (mirror.sides().cloned(), seat)
        };
        OnlineLink {
            keeper: saves.map(|folder| GameKeeper::new(folder, &seat)),
            session,
            strength,
            sides,
            waited: None,
        }
    }

    /// The session, to build the next table from.
    pub fn session(&self) -> &Shared {
        &self.session
    }

    /// The latest `most` lines said in the lobby and its game (who, what), oldest first.
    pub fn chat_lines(&self, most: usize) -> Vec<(String, String)> {
        let session = self.session.borrow();
        let mut lines: Vec<(String, String)> = session
            .chat
            .lines()
            .rev()
            .take(most)
            .map(|line| (line.from.clone(), line.text.clone()))
            .collect();
        lines.reverse();
        lines
    }

    /// The computer's strength for the next table.
    pub fn strength(&self) -> Level {
        self.strength
    }

    /// Whether the relay moved on from the table this link was built with: a side was
    /// reseated during the game, the next game (a rematch) started after it, or the
    /// connection healed (moves may have been played meanwhile).
    pub fn outdated(&self, table: &Table) -> bool {
        let session = self.session.borrow();
        let mirror = &session.mirror;
        mirror.in_game()
            && (table.outcome().is_some()
                || mirror.sides().cloned() != self.sides
                || session.healed)
    }

    /// Keeps the game on disk after `event`: written again after a move, kept as lost
    /// when touch was lost, deleted when the game ended. Returns whether it was kept as
    /// lost, or what went wrong.
    pub fn keep(&self, event: &TableEvent, table: &Table, my_name: &str) -> Result<bool, String> {
        let Some(keeper) = self.keeper.as_ref() else {
            return Ok(false);
        };
        let unfinished = table.outcome().is_none() && !table.game().moves().is_empty();
        let lost = match event {
            TableEvent::Notice(NoticeKind::Left, _) => true,
            TableEvent::Notice(..) => self.session.borrow().closed.is_some(),
            _ => false,
        };
        let kept = match event {
            TableEvent::Ended(_) => keeper.discard().map(|()| false),
            TableEvent::Moved(_) if unfinished => {
                keeper.keep(&table.saved_game(my_name)).map(|_| false)
            }
            TableEvent::Notice(..) if lost && unfinished => {
                keeper.keep_as_lost(table.saved_game(my_name)).map(|_| true)
            }
            _ => Ok(false),
        };
        kept.map_err(|error| format!("The game could not be kept on disk: {error}"))
    }

    /// How long the absence strip, while there is one, keeps showing the same figures
    /// (it counts whole seconds away, and down to the claim).
    pub fn next_change(&self, table: &Table) -> Option<Duration> {
        let absence = self.absence(table)?;
        let now = Instant::now();
        let second = |time: Duration| Duration::from_nanos(1_000_000_000) - subsecond(time);
        let away = second(now.saturating_duration_since(absence.since));
        let to_claim = absence.claim_at.saturating_duration_since(now);
        let claim = (!to_claim.is_zero()).then(|| subsecond(to_claim).max(MIN_STEP));
        Some(claim.map_or(away, |claim| claim.min(away)))
    }

    /// The player the game waits for now, if any (and not one this player chose to
    /// wait for).
    pub fn absence(&self, table: &Table) -> Option<Absence> {
        let session = self.session.borrow();
        let mirror = &session.mirror;
        if table.outcome().is_some() || session.closed.is_some() || !mirror.in_game() {
            return None;
        }
        let (sides, lobby) = (mirror.sides()?, mirror.lobby()?);
        let host_name = lobby
            .players
            .iter()
            .find(|player| player.host)
            .map(|player| player.name.clone());
        let me = mirror.name()?;
        let claim_after = Duration::from_millis(lobby.claim_after_ms);
        Player::BOTH.into_iter().find_map(|side| {
            let name = match &sides[side.index()] {
                Occupant::Player(name) => name.clone(),
                Occupant::Computer => host_name.clone()?,
                Occupant::Open => return None,
            };
            let since = session.away_since(&name).filter(|_| name != me)?;
            if self.waited.as_ref() == Some(&(name.clone(), since)) {
                return None;
            }
            let opponent = &sides[side.opponent().index()];
            let may_claim = *opponent == Occupant::Player(me.to_string())
                || (*opponent == Occupant::Computer && mirror.is_host());
            Some(Absence {
                may_reseat: mirror.is_host() && sides[side.index()] != Occupant::Computer,
                name,
                side,
                since,
                claim_at: since + claim_after,
                may_claim,
            })
        })
    }

    /// Since when the connection to the relay has been lost and is being brought back
    /// by itself, while it is.
    pub fn reconnecting(&self) -> Option<std::time::Instant> {
        self.session.borrow().mirror.reconnecting()
    }

    /// Whether this window is connected now: not healing its connection, nor past
    /// the end of it (requests would go nowhere).
    pub fn connected(&self) -> bool {
        self.reconnecting().is_none() && self.session.borrow().closed.is_none()
    }

    /// What the board says while the connection heals: the wait so far, and that the
    /// game goes on where it was once back.
    pub fn reconnecting_note(&self) -> Option<String> {
        let since = self.reconnecting()?;
        Some(format!(
            "The connection was lost: reconnecting ({} s). The game goes on \
             where it was once back.",
            since.elapsed().as_secs()
        ))
    }

    /// How each side's player is connected: their last round trip ("35 ms") or
    /// "connection lost" (for the computer's side, the host's connection); while this
    /// window's own connection heals, nothing is known of anyone: "reconnecting", and
    /// once it has ended, "connection lost".
    pub fn connections(&self) -> [Option<String>; 2] {
        let session = self.session.borrow();
        let mirror = &session.mirror;
        if mirror.reconnecting().is_some() {
            return [RECONNECTING, RECONNECTING].map(|text| Some(text.to_string()));
        }
        // Once this window's connection has ended for good, the last round trips heard
        // say nothing true any more.
        if session.closed.is_some() {
            return [CONNECTION_LOST, CONNECTION_LOST].map(|text| Some(text.to_string()));
        }
        let (Some(sides), Some(lobby)) = (mirror.sides(), mirror.lobby()) else {
            return [None, None];
        };
        let of = |occupant: &Occupant| {
            let player = lobby.players.iter().find(|player| match occupant {
                Occupant::Player(name) => player.name == *name,
                Occupant::Computer => player.host,
                Occupant::Open => false,
            })?;
            match (player.connected, player.rtt_ms) {
                (false, _) => Some(CONNECTION_LOST.to_string()),
                (true, Some(0)) => Some("< 1 ms".to_string()),
                (true, Some(rtt)) => Some(format!("{rtt} ms")),
                (true, None) => None,
            }
        };
        [of(&sides[0]), of(&sides[1])]
    }

    /// Who is watching the game: the connected members who hold no side (the host who
    /// plays no side among them), as "Watching: Cid, Dee", or `None` when nobody is.
    pub fn watching(&self) -> Option<String> {
        let session = self.session.borrow();
        let mirror = &session.mirror;
        let (Some(sides), Some(lobby)) = (mirror.sides(), mirror.lobby()) else {
            return None;
        };
        let seated = |name: &str| {
            sides
                .iter()
                .any(|side| matches!(side, Occupant::Player(seated) if seated == name))
                || (lobby.players.iter().any(|p| p.host && p.name == name)
                    && sides.contains(&Occupant::Computer))
        };
        let watchers: Vec<&str> = lobby
            .players
            .iter()
            .filter(|player| player.connected && !seated(&player.name))
            .map(|player| player.name.as_str())
            .collect();
        (!watchers.is_empty()).then(|| format!("Watching: {}", watchers.join(", ")))
    }

    /// Carries out one of the strip's or the banner's online actions.
    pub fn act(&mut self, action: Action, table: &Table) {
        let mut session = self.session.borrow_mut();
        match action {
            Action::ClaimWin => session.send(ClientMsg::ClaimWin),
            Action::ClaimDraw => session.send(ClientMsg::ClaimDraw),
            Action::HandToComputer(side) => session.send(ClientMsg::SetSide {
                side,
                occupant: Occupant::Computer,
            }),
            Action::Rematch => session.send(ClientMsg::Rematch),
            Action::KeepWaiting => {
                drop(session);
                self.waited = self
                    .absence(table)
                    .map(|absence| (absence.name, absence.since));
            }
            _ => {}
        }
    }

    /// How the rematch stands.
    pub fn rematch(&self) -> RematchState {
        let session = self.session.borrow();
        let mirror = &session.mirror;
        let me = mirror.name().unwrap_or_default();
        let asked = mirror
            .lobby()
            .map(|lobby| lobby.rematch.clone())
            .unwrap_or_default();
        let played = mirror.my_side().is_some()
            || (mirror.is_host()
                && mirror
                    .sides()
                    .is_some_and(|sides| sides.contains(&Occupant::Computer)));
        if !played {
            RematchState::NotMine
        } else if asked.iter().any(|name| name == me) {
            RematchState::Asked
        } else if asked.is_empty() {
            RematchState::Open
        } else {
            RematchState::Offered
        }
    }

    /// Where the strip goes: below the board, across the room left of the panel.
    pub fn strip(context: &Context, board: Rect) -> Rect {
        let s = widgets::scale(context);
        let h = (super::layers::STRIP_HEIGHT - 12.0) * s;
        let y = (board.y + board.h + 8.0 * s).min(context.window.size.1 - h);
        let (left, right) = (16.0 * s, super::panel::Panel::area(context).x - 16.0 * s);
        Rect::new(left, y, (right - left).max(board.w), h)
    }

    /// The strip's buttons for `absence`, right-aligned in it.
    pub fn buttons(context: &Context, board: Rect, absence: &Absence) -> Vec<Button> {
        let s = widgets::scale(context);
        let strip = OnlineLink::strip(context, board);
        let mut entries: Vec<(String, Look, Action)> = Vec::new();
        if absence.may_claim && Instant::now() >= absence.claim_at {
            entries.push(("Claim win".into(), Look::Chosen, Action::ClaimWin));
            entries.push(("Draw".into(), Look::Normal, Action::ClaimDraw));
        }
        // The relay keeps a dropped player's side for them until the countdown ends.
        if absence.may_reseat && Instant::now() >= absence.claim_at {
            entries.push((
                "Computer plays it".into(),
                Look::Normal,
                Action::HandToComputer(absence.side),
            ));
        }
        entries.push(("Wait".into(), Look::Normal, Action::KeepWaiting));
        let gap = 8.0 * s;
        let mut x = strip.x + strip.w - 8.0 * s;
        let mut out = Vec::new();
        for (label, look, action) in entries.into_iter().rev() {
            let w = (label.chars().count() as f32 * 9.5 + 28.0).max(80.0) * s;
            x -= w;
            let rect = Rect::new(x, strip.y + 6.0 * s, w, strip.h - 12.0 * s);
            out.push(Button {
                rect,
                label,
                look,
                action,
            });
            x -= gap;
        }
        out.reverse();
        out
    }

    /// Draws the strip for `absence` (its buttons are drawn by the caller).
    pub fn draw(
        context: &Context,
        board: Rect,
        absence: &Absence,
        side_name: &str,
        frame: &mut Frame,
    ) {
        let s = widgets::scale(context);
        let strip = OnlineLink::strip(context, board);
        frame.rect(strip, theme::PANEL);
        let now = Instant::now();
        let away = clock_text(now.saturating_duration_since(absence.since));
        let text = if !absence.may_claim {
            format!(
                "{} ({side_name}) lost the connection {away} ago.",
                absence.name
            )
        } else if now < absence.claim_at {
            let left = clock_text(absence.claim_at.saturating_duration_since(now));
            format!(
                "{} lost the connection: you may claim the game in {left}.",
                absence.name
            )
        } else {
            format!("{} has been away for {away}.", absence.name)
        };
        let buttons = OnlineLink::buttons(context, board, absence);
        let text_end = buttons
            .first()
            .map_or(strip.x + strip.w, |button| button.rect.x);
        let room = Rect::new(
            strip.x + 12.0 * s,
            strip.y,
            text_end - strip.x - 20.0 * s,
            strip.h,
        );
        frame.text(text, room, 18.0 * s, theme::TEXT, Align::Left);
    }
}
