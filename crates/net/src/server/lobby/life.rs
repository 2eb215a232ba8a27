//! When a lobby closes by itself: its host stayed away longer than the lobby waits,
//! nobody playing has been connected for a while, or nobody entered it or moved for
//! their own side for the idle limit (chat, requests and the computer's moves keep no
//! lobby open), so that lobbies held by nobody, or by someone only pretending to use
//! them, give their place back.

use super::Lobby;
use crate::protocol::ServerMsg;
use std::time::{Duration, Instant};

impl Lobby {
    /// Closes the lobby if its host has been away for longer than it waits, if nobody
    /// playing has been connected for the lobby's empty wait, or if nobody entered or
    /// moved for their own side for `idle_limit`; returns why it closed.
    pub fn close_if_abandoned(&mut self, idle_limit: Duration) -> Option<&'static str> {
        if self.closed {
            return None;
        }
        let now = Instant::now();
        let host_gone = self
            .host()
            .and_then(|host| host.away_since)
            .is_some_and(|since| now.saturating_duration_since(since) >= self.limits.host_wait);
        if host_gone {
            self.broadcast(&ServerMsg::HostLeft);
            self.close_all();
            return Some("the host did not come back");
        }
        if self.someone_playing_is_connected() {
            self.unattended_since = None;
        } else {
            let since = *self.unattended_since.get_or_insert(now);
            if now.saturating_duration_since(since) >= self.limits.empty_wait {
                self.broadcast(&ServerMsg::HostLeft);
                self.close_all();
                return Some("nobody playing was connected");
            }
        }
        if now.saturating_duration_since(self.last_activity) < idle_limit {
            return None;
        }
        self.broadcast(&ServerMsg::ClosedIdle);
        self.close_all();
        Some("nobody entered or moved for their own side")
    }

    /// Whether the host, a player of the running game or, between games, anyone is
    /// connected.
    fn someone_playing_is_connected(&self) -> bool {
        self.members.iter().any(|member| {
            member.link.is_some()
                && (member.host || self.game.is_none() || self.side_of(member.id).is_some())
        })
    }
}
