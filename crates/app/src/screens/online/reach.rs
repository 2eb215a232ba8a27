//! Who can join the host's lobby and how, in words: on the home network, from anywhere
//! (or why not) when this computer hosts; the relay's address and the lobby code when
//! the lobby is on a relay; and the invite code that carries them.

use crate::session::Session;
use ply_net::portmap::Reach;
use std::net::SocketAddr;

/// One line of the lobby's "who can join" box: its words, and what Copy puts on the
/// clipboard or whether a Help button stands beside it instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReachLine {
    /// What the line says.
    pub text: String,
    /// What its Copy button puts on the clipboard, if it has one.
    pub copy: Option<String>,
    /// Whether a Help button stands beside it.
    pub help: bool,
}

impl ReachLine {
    /// A line with a Copy button for `copy`.
    pub fn copy(text: String, copy: String) -> ReachLine {
        ReachLine {
            text,
            copy: Some(copy),
            help: false,
        }
    }

    /// A line with a Help button.
    pub fn help(text: String) -> ReachLine {
        ReachLine {
            text,
            copy: None,
            help: true,
        }
    }
}

/// Who can join and how, in words (host only): on the home network, from anywhere
/// (or why not), and the invite code; on a relay, its address and the lobby code.
pub fn reach_lines(session: &Session, reach: Option<&Reach>) -> Vec<ReachLine> {
    if session.server.is_none() && session.mirror.is_host() {
        return relay_lines(session);
    }
    let (Some(server), Some(reach)) = (&session.server, reach) else {
        return Vec::new();
    };
    let port = server.addr().port();
    let local = match reach {
        Reach::Open { local, .. } | Reach::PrivateOutside { local, .. } => Some(*local),
        _ => session.lan,
    };
    let moved = session.usual_port_taken.map_or(String::new(), |usual| {
        format!(" (port {usual} was in use, friends use port {port})")
    });
    let mut lines = vec![match local {
        Some(local) => ReachLine::copy(
            format!("Friends on your network: {local}{moved}"),
            local.to_string(),
        ),
        None => ReachLine::help(format!(
            "Friends on your network: this computer's address, port {port}{moved}"
        )),
    }];
    lines.push(match reach {
        Reach::Asking => ReachLine {
            text: "Asking your router to open the port...".into(),
            copy: None,
            help: false,
        },
        Reach::Open { public, .. } => ReachLine::copy(
            format!("Friends anywhere: {public} (your router opened the port)"),
            public.to_string(),
        ),
        Reach::PrivateOutside { outside, .. } => ReachLine::help(format!(
            "Your router's outside address {} is itself private: friends outside \
             cannot join; use a relay",
            outside.ip()
        )),
        Reach::Refused { .. } => ReachLine::help(
            "Your router did not open the port: friends outside your network cannot \
             join; see Help"
                .into(),
        ),
        Reach::NotAsked => ReachLine::help(
            "The router is not asked to open the port (Settings): friends outside your \
             network cannot join; see Help"
                .into(),
        ),
    });
    let (best, whom) = match reach {
        Reach::Open { public, .. } => (Some(*public), ""),
        _ => (local, " (friends on your network)"),
    };
    if let Some(code) = best.and_then(|addr| session.invite_code(addr, None)) {
        lines.push(ReachLine::copy(format!("Invite code: {code}{whom}"), code));
    }
    lines
}

/// The lines of a lobby opened on a relay: where friends join, with the lobby code,
/// and the invite code when the relay was given as an address (a name would need a
/// lookup, which the window does not wait for).
fn relay_lines(session: &Session) -> Vec<ReachLine> {
    let Some(code) = session.mirror.code() else {
        return Vec::new();
    };
    let mut lines = vec![ReachLine::copy(
        format!(
            "Friends join at {} with the lobby code {code}",
            session.address
        ),
        session.address.clone(),
    )];
    let invite = session
        .address
        .parse::<SocketAddr>()
        .ok()
        .and_then(|relay| session.invite_code(relay, Some(code)));
    if let Some(invite) = invite {
        lines.push(ReachLine::copy(format!("Invite code: {invite}"), invite));
    }
    lines
}
