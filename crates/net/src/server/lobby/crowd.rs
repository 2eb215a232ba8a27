//! A lobby's crowd: spectators never keep a player out, and their comings and goings
//! cannot flood the others. A full lobby takes a newcomer from a network holding fewer
//! of its spectators in place of the latest spectator from the network holding the
//! most; and spectators' arrivals and departures reach everyone at once in bursts of at
//! most [`VIEW_BURST`], then at most once a second (later changes wait for their turn
//! and go out together).

use super::{Lobby, MemberId};
use crate::protocol::ServerMsg;
use crate::server::address::{AddressKey, NetworkKey};
use crate::server::rate::RateLimit;
use std::collections::HashMap;
use std::time::Instant;

/// How many views for spectators coming and going go out at once before the pace of
/// one a second applies.
pub(super) const VIEW_BURST: u32 = 4;

/// The pace of views sent for spectators coming and going.
pub(super) fn member_views() -> RateLimit {
    RateLimit::new(1, VIEW_BURST)
}

impl Lobby {
    /// Makes room in a full lobby for a newcomer from `address` by letting go of the
    /// latest spectator from the network that holds the most spectators, provided it
    /// holds more than the newcomer's network would with the newcomer; returns whether
    /// it did. A spectator here is a connected member who is not the host and holds no
    /// side.
    pub(super) fn make_room(&mut self, address: AddressKey) -> bool {
        let mut per_network: HashMap<NetworkKey, usize> = HashMap::new();
        for (_, network) in self.spectators() {
            *per_network.entry(network).or_insert(0) += 1;
        }
        let mine = per_network.get(&address.network()).copied().unwrap_or(0);
        let crowded = per_network
            .into_iter()
            .max_by_key(|(_, count)| *count)
            .filter(|(_, count)| *count > mine + 1)
            .map(|(network, _)| network);
        let Some(crowded) = crowded else {
            return false;
        };
        let latest = self
            .spectators()
            .filter(|(_, network)| *network == crowded)
            .map(|(id, _)| id)
            .max();
        let Some(latest) = latest else {
            return false;
        };
        self.send(latest, &ServerMsg::Displaced);
        self.forget(latest);
        true
    }

    /// The spectators and their networks.
    fn spectators(&self) -> impl Iterator<Item = (MemberId, NetworkKey)> + '_ {
        self.members.iter().filter_map(|member| {
            let link = member.link.as_ref()?;
            let spectating = !member.host && self.side_of(member.id).is_none();
            spectating.then(|| (member.id, link.address.network()))
        })
    }

    /// Tells everyone that a spectator came or went: at once when the pace allows,
    /// otherwise when [`Lobby::flush_view`] finds it does.
    pub(super) fn broadcast_members(&mut self) {
        if self.member_views.allow(Instant::now()) {
            self.broadcast_lobby();
        } else {
            self.view_pending = true;
        }
    }

    /// Sends the view held back by a spectator's coming or going once the pace allows
    /// (the server calls this several times a second).
    pub fn flush_view(&mut self, now: Instant) {
        if self.view_pending && self.member_views.allow(now) {
            self.broadcast_lobby();
            self.settle();
        }
    }
}
