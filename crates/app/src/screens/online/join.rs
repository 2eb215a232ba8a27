//! "Join an online game": the host's address or invite code, a name, the password and,
//! on a relay with several lobbies, the lobby's code. The screen stays while the host is
//! reached; every failure is said in words and the player stays here with every field
//! (the password too) still filled, to correct it and try again.

use super::super::widgets::{self, Look};
use super::super::{Context, Event, Screen, Transition};
use super::error::OnlineError;
use super::form::{Field, Form, FormAction, back_and_go, draw_buttons, form_update, help_between};
use super::lobby::LobbyScreen;
use crate::display::Frame;
use crate::geometry::Rect;
use crate::session::{Session, Shared};
use ply_net::client::with_default_port;
use ply_net::invite::Invite;
use ply_net::name::name_problem;
use ply_net::{ClientError, CloseReason, EntryRefusal, EntryRequest, NetEvent};
use ply_play::Message;
use std::time::Duration;

/// "Join an online game": the host's address, a name, the password and, on a relay
/// with several lobbies, the lobby's code.
pub struct JoinScreen {
    form: Form,
    /// The connection being made, until the lobby is entered or it fails.
    pending: Option<Shared>,
    /// Whether that connection takes back a seat this computer kept.
    rejoining: bool,
}

impl JoinScreen {
    /// The join form, filled in from the settings.
    pub fn new(context: &Context) -> JoinScreen {
        JoinScreen {
            form: Form {
                fields: vec![
                    Field {
                        label: "Address or invite",
                        value: context.prefs.settings.last_address.clone(),
                        secret: false,
                        name: false,
                        beside: false,
                    },
                    Field {
                        label: "Your name",
                        value: context.prefs.settings.name.clone(),
                        secret: false,
                        name: true,
                        beside: false,
                    },
                    Field {
                        label: "Password",
                        value: String::new(),
                        secret: true,
                        name: false,
                        beside: false,
                    },
                    Field {
                        label: "Lobby code",
                        value: String::new(),
                        secret: false,
                        name: false,
                        beside: false,
                    },
                ],
                focus: Some(0),
            },
            pending: None,
            rejoining: false,
        }
    }

    fn buttons(&self, context: &Context) -> Vec<(Rect, String, Look, FormAction)> {
        let mut buttons = vec![help_between(context, "Help: joining")];
        buttons.extend(back_and_go(context, "Join"));
        buttons
    }

    /// Starts reaching the host typed in the form, as Join does; the lobby opens once it
    /// is entered.
    pub fn press_join(&mut self, context: &mut Context) -> Transition {
        match self.start(context) {
            Ok(session) => {
                let address = session.borrow().address.clone();
                context.output.notice = Some(Message::info(format!("Connecting to {address}...")));
                self.pending = Some(session);
            }
            Err(error) => context.output.notice = Some(Message::error(error.to_string())),
        }
        Transition::Stay
    }

    /// Whether a connection is being made.
    pub fn connecting(&self) -> bool {
        self.pending.is_some()
    }

    /// Waits up to `timeout` for news of the connection being made and takes it in
    /// (tests only; the window ticks).
    pub fn wait_for_news(&mut self, timeout: Duration, context: &mut Context) -> Transition {
        let Some(session) = self.pending.clone() else {
            return Transition::Stay;
        };
        let events = session.borrow_mut().wait(timeout);
        self.take_news(session, events, context)
    }

    /// Opens the lobby once it is entered; on a failure, says why and stays on the form.
    fn take_news(
        &mut self,
        session: Shared,
        events: Vec<NetEvent>,
        context: &mut Context,
    ) -> Transition {
        let stale_seat = events.iter().any(|event| {
            matches!(
                event,
                NetEvent::Closed(CloseReason::Failed(ClientError::Refused(
                    EntryRefusal::NoSuchLobby { .. } | EntryRefusal::BadToken { .. }
                )))
            )
        });
        if stale_seat && self.rejoining {
            // The kept seat belonged to a lobby that is gone (or was taken back
            // elsewhere): forget it and join as anyone would.
            let (address, name) = {
                let session = session.borrow();
                (session.address.clone(), self.form.value(1))
            };
            let forgotten = context
                .storage
                .seats
                .as_ref()
                .is_some_and(|seats| seats.forget(&address, &name).is_ok());
            if forgotten {
                return self.press_join(context);
            }
        }
        if events
            .iter()
            .any(|event| matches!(event, NetEvent::Closed(_)))
        {
            let why = session.borrow().closed.clone().unwrap_or_default();
            context.output.notice = Some(Message::error(why));
            self.pending = None;
            return Transition::Stay;
        }
        if session.borrow().mirror.entered().is_some() {
            self.pending = None;
            // "Connecting to ..." is over.
            context.output.notice = None;
            return Transition::Replace(Box::new(LobbyScreen::with_news(session, events)));
        }
        Transition::Stay
    }

    /// Sets the address, name and password, as typed.
    pub fn fill(&mut self, address: &str, name: &str, password: &str) {
        for (field, value) in self.form.fields.iter_mut().zip([address, name, password]) {
            field.value = value.to_string();
        }
    }

    /// Types `code` into the lobby code field, as a player would.
    pub fn fill_code(&mut self, code: &str) {
        if let Some(field) = self.form.fields.get_mut(3) {
            field.value = code.to_string();
        }
    }

    /// Connects to the host typed in the form and asks to enter its lobby, whose screen
    /// shows the connection from the start.
    pub fn connect(&mut self, context: &mut Context) -> Result<LobbyScreen, OnlineError> {
        self.start(context).map(LobbyScreen::new)
    }

    /// Connects to the host typed in the form and asks to enter its lobby.
    pub(super) fn start(&mut self, context: &mut Context) -> Result<Shared, OnlineError> {
        let typed = self.form.value(0);
        if typed.is_empty() {
            return Err(OnlineError::NoAddress);
        }
        let name = self.form.value(1);
        if let Some(problem) = name_problem(&name) {
            return Err(problem.into());
        }
        let (address, code, invite) = if Invite::looks_like(&typed) {
            let invite = Invite::decode(&typed)?;
            let typed_code = self.form.value(3);
            let code = invite.code.clone().unwrap_or(typed_code);
            (invite.addr.to_string(), code, Some(invite))
        } else {
            (with_default_port(&typed), self.form.value(3), None)
        };
        context.prefs.settings.last_address = typed.clone();
        context.prefs.settings.name = name.clone();
        context.prefs.changed = true;
        let password = self.form.value(2);
        let code = (!code.is_empty()).then_some(code.as_str());
        // A seat this computer kept under this name takes the place back (after a crash
        // or a restart); the relay ignores it when the seat is gone.
        let kept = context
            .storage
            .seats
            .as_ref()
            .and_then(|seats| seats.recall(&address, &name, code));
        self.rejoining = kept.is_some();
        // Otherwise a seat kept there under this name is found by the key the server
        // proves, however its address was spelt when the seat was taken.
        let request = match kept {
            Some(seat) => EntryRequest::rejoin(&name, &password, Some(&seat.code), seat.token),
            None => EntryRequest::join(&name, &password, code)
                .with_kept_seats(context.storage.seats.clone()),
        };
        // An invite code's secret lets its holder in without the password, and its
        // fingerprint leaves a server that proves another key before anything is said.
        let request = match invite {
            Some(invite) => request.with_invite(invite.secret).with_relay(invite.relay),
            None => request,
        };
        let net = crate::session::connect(&address, request);
        Ok(Session::keeping_seat(
            net,
            None,
            address,
            password,
            context.storage.seats.clone(),
        ))
    }
}

impl Screen for JoinScreen {
    fn controls(&self) -> Vec<crate::screens::controls::Control> {
        vec![
            crate::screens::controls::Control::new("Click", "choose a field or a button"),
            crate::screens::controls::Control::new("Type", "the address, your name, the password"),
            crate::screens::controls::Control::new("Esc", "back"),
        ]
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        if let (Event::Tick(_), Some(session)) = (event, self.pending.clone()) {
            let events = session.borrow_mut().poll();
            return self.take_news(session, events, context);
        }
        let buttons = self.buttons(context);
        match form_update(&mut self.form, buttons, event, context) {
            Some(FormAction::Go) => return self.press_join(context),
            Some(FormAction::Help) => {
                widgets::open_help(context, Some("online"));
            }
            Some(FormAction::Back) => return Transition::Pop,
            Some(FormAction::Mode | FormAction::Clock) | None => {}
        }
        Transition::Stay
    }

    fn typing(&self) -> bool {
        self.form.focus.is_some()
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        widgets::page(frame, context, "Join an online game");
        self.form.draw(context, frame);
        draw_buttons(context, frame, self.buttons(context));
    }
}
