//! "Return to your game": every online game this computer holds a seat in (kept on
//! disk, so a crash or a restart loses none), with its mode, the opponent, where it is
//! played and how long ago it was last seen, each one click from going back in with
//! its seat.

use super::host::{attach_server, own_server_port, restart_own_server};
use super::{JoinScreen, LobbyScreen, OnlineError};
use crate::display::{Align, Frame};
use crate::geometry::Rect;
use crate::screens::widgets::{self, Buttons, Look};
use crate::screens::{Context, Event, Key, Screen, Transition};
use crate::session::Session;
use crate::theme;
use ply_modes::find_mode;
use ply_net::{EntryRequest, StoredSeat};
use ply_play::Message;
use std::time::SystemTime;

/// The most games listed (the newest).
const MOST: usize = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Return(usize),
    Back,
}

/// The list of games to go back to.
pub struct ComebackScreen {
    seats: Vec<StoredSeat>,
}

impl ComebackScreen {
    /// The games the context's store of seats holds, newest first.
    pub fn new(context: &Context) -> ComebackScreen {
        ComebackScreen {
            seats: held_seats(context),
        }
    }

    /// What one game's row says: the mode and the opponent, then when and where.
    fn describe(seat: &StoredSeat) -> (String, String) {
        let mode = find_mode(&seat.mode).map_or(seat.mode.as_str(), |mode| mode.name);
        let against = match &seat.opponent {
            Some(opponent) => format!("{mode} against {opponent}"),
            None => format!("{mode}, no opponent seated yet"),
        };
        let role = if seat.host { "hosted by you" } else { "joined" };
        // When comes first: on a narrow row the end of the line is cut.
        let details = format!(
            "{} · {role} at {} · lobby {} · as {}",
            ago(seat.kept_at),
            seat.address,
            seat.code,
            seat.name,
        );
        (against, details)
    }

    fn layout(&self, context: &Context, frame: &mut Frame, draw: bool) -> Buttons<Action> {
        let area = widgets::page(frame, context, "Return to your game");
        let s = widgets::scale(context);
        let mut buttons = Buttons::new();
        for (slot, seat) in self.seats.iter().take(MOST).enumerate() {
            let y = area.y + 20.0 * s + slot as f32 * 84.0 * s;
            let row = Rect::new(area.x + 60.0 * s, y, area.w - 120.0 * s, 74.0 * s);
            let go = Rect::new(row.x + row.w - 150.0 * s, y + 14.0 * s, 136.0 * s, 46.0 * s);
            if draw {
                frame.rect(row, theme::PLAYER);
                let (against, details) = Self::describe(seat);
                let text_w = row.w - 180.0 * s;
                frame.text(
                    against,
                    Rect::new(row.x + 16.0 * s, y + 6.0 * s, text_w, 32.0 * s),
                    22.0 * s,
                    theme::TEXT,
                    Align::Left,
                );
                frame.text(
                    details,
                    Rect::new(row.x + 16.0 * s, y + 40.0 * s, text_w, 26.0 * s),
                    16.0 * s,
                    theme::TEXT_DIM,
                    Align::Left,
                );
                widgets::button(frame, context, go, "Return", Look::Chosen);
            }
            buttons.add(go, Action::Return(slot));
        }
        if draw && self.seats.is_empty() {
            frame.text(
                "No online game is waiting for you on this computer.",
                Rect::new(area.x, area.y + 40.0 * s, area.w, 40.0 * s),
                22.0 * s,
                theme::TEXT_DIM,
                Align::Center,
            );
        }
        if draw {
            widgets::draw_back_button(frame, context);
        }
        buttons.add(widgets::back_button(context), Action::Back);
        buttons
    }

    /// Goes back into the game in `slot` with its seat, through the join screen's
    /// way in (which finds the kept seat and rejoins with it). A game this computer
    /// hosted has its server started again first, with its kept key and lobbies, so
    /// that its guests find it where they left it.
    fn go_back(&self, slot: usize, context: &mut Context) -> Transition {
        let Some(seat) = self.seats.get(slot) else {
            return Transition::Stay;
        };
        match Self::reenter(seat, context) {
            Ok(lobby) => Transition::Replace(Box::new(lobby)),
            Err(error) => {
                context.output.notice = Some(Message::error(error.to_string()));
                Transition::Stay
            }
        }
    }

    fn reenter(seat: &StoredSeat, context: &mut Context) -> Result<LobbyScreen, OnlineError> {
        let own_port = context
            .storage
            .seats
            .as_ref()
            .and_then(|seats| own_server_port(seat, seats));
        let restarted = own_port
            .map(|port| restart_own_server(port, context))
            .transpose()?;
        let session = match &seat.hosting {
            // The host answers joiners again with what it answered them with before.
            Some(secrets) if seat.host => {
                let request = EntryRequest::rejoin(
                    &seat.name,
                    &secrets.password,
                    Some(&seat.code),
                    seat.token,
                )
                .with_invite(secrets.invite);
                let net = crate::session::connect(&seat.address, request);
                let session = Session::keeping_seat(
                    net,
                    None,
                    seat.address.clone(),
                    secrets.password.clone(),
                    context.storage.seats.clone(),
                );
                session.borrow_mut().invite = secrets.invite;
                session
            }
            _ => {
                let mut join = JoinScreen::new(context);
                join.fill(&seat.address, &seat.name, "");
                join.fill_code(&seat.code);
                join.start(context)?
            }
        };
        if let Some((server, not_kept)) = restarted {
            attach_server(&session, server, None, context);
            session.borrow_mut().seat_not_kept = not_kept;
        }
        Ok(LobbyScreen::new(session))
    }
}

/// The seats kept on this computer, newest first.
pub fn held_seats(context: &Context) -> Vec<StoredSeat> {
    context
        .storage
        .seats
        .as_ref()
        .map(ply_net::RejoinStore::games)
        .unwrap_or_default()
}

/// "just now", "5 minutes ago", "3 hours ago", "2 days ago".
fn ago(when: SystemTime) -> String {
    let seconds = SystemTime::now()
        .duration_since(when)
        .map_or(0, |elapsed| elapsed.as_secs());
    let (count, unit) = match seconds {
        0..60 => return "just now".to_string(),
        60..3600 => (seconds / 60, "minute"),
        3600..86_400 => (seconds / 3600, "hour"),
        _ => (seconds / 86_400, "day"),
    };
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {unit}{plural} ago")
}

impl Screen for ComebackScreen {
    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        match event {
            Event::Key(Key::Escape) => Transition::Pop,
            Event::PointerUp(point) => {
                match self
                    .layout(context, &mut Frame::default(), false)
                    .at(*point)
                {
                    Some(Action::Return(slot)) => self.go_back(slot, context),
                    Some(Action::Back) => Transition::Pop,
                    None => Transition::Stay,
                }
            }
            _ => Transition::Stay,
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        self.layout(context, frame, true);
    }
}
