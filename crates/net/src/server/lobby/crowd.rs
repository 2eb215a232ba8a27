//! A lobby's crowd: spectators never keep a player out, and their comings and goings
//! cannot flood the others. A full lobby takes a newcomer from a network holding fewer
//! of its spectators in place of the latest spectator from the network holding the
//! most; and a spectator's arrival or departure reaches everyone at most once per
//! [`VIEW_GAP`] (later changes wait for the end of the gap and go out together).

use super::{Lobby, MemberId};
use crate::protocol::ServerMsg;
use crate::server::address::{AddressKey, NetworkKey};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The shortest time between two views sent for spectators coming and going.
pub(super) const VIEW_GAP: Duration = Duration::from_secs(1);

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

    /// Tells everyone that a spectator came or went: at once when the last view went
    /// out at least [`VIEW_GAP`] ago, otherwise at the end of the gap.
    pub(super) fn broadcast_members(&mut self) {
        if self.last_view.elapsed() >= VIEW_GAP {
            self.broadcast_lobby();
        } else {
            self.view_pending = true;
        }
    }

    /// Sends the view held back by a spectator's coming or going once its gap is over
    /// (the server calls this several times a second).
    pub fn flush_view(&mut self, now: Instant) {
        if self.view_pending && now.saturating_duration_since(self.last_view) >= VIEW_GAP {
            self.broadcast_lobby();
            self.settle();
        }
    }
}
