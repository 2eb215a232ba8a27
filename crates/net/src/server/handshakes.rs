//! Connections still introducing themselves: at most so many in all, per address and
//! per network. When all places are taken, a newcomer from a network that holds few
//! takes the place of the oldest handshake of the network that holds the most, so
//! however many addresses stall mid-handshake, a player from elsewhere still gets in;
//! only a table of networks holding one handshake each turns newcomers away.

use super::address::{AddressKey, NetworkKey};
use super::lock;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// Why a connection may not start its handshake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Its address has as many handshakes under way as one address may.
    Address,
    /// Its network has as many handshakes under way as one network may.
    Network,
    /// Every place is taken, by networks holding no more than the newcomer's.
    Full,
}

/// The limits of the table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Handshakes in all.
    pub total: usize,
    /// Handshakes from one address.
    pub per_address: usize,
    /// Handshakes from one network.
    pub per_network: usize,
}

/// The handshakes under way.
#[derive(Debug)]
pub(crate) struct Handshakes {
    limits: Limits,
    table: Mutex<Table>,
}

#[derive(Debug, Default)]
struct Table {
    /// The next handshake's number; numbers grow with age, so the lowest is oldest.
    next: u64,
    pending: HashMap<u64, Pending>,
    addresses: HashMap<AddressKey, usize>,
    networks: HashMap<NetworkKey, usize>,
}

#[derive(Debug)]
struct Pending {
    address: AddressKey,
    /// Tells the handshake's task that its place was given to someone else.
    evict: oneshot::Sender<()>,
}

impl Handshakes {
    /// An empty table with these limits.
    pub fn new(limits: Limits) -> Arc<Handshakes> {
        Arc::new(Handshakes {
            limits,
            table: Mutex::new(Table::default()),
        })
    }

    /// Gives a connection from `address` a place for its handshake, taking one from a
    /// crowded network if all are held.
    pub fn begin(self: &Arc<Handshakes>, address: AddressKey) -> Result<Handshake, Refusal> {
        let mut table = lock(&self.table);
        let network = address.network();
        let at_network = table.networks.get(&network).copied().unwrap_or(0);
        if table.addresses.get(&address).copied().unwrap_or(0) >= self.limits.per_address {
            return Err(Refusal::Address);
        }
        if at_network >= self.limits.per_network {
            return Err(Refusal::Network);
        }
        if table.pending.len() >= self.limits.total.max(1) {
            // The network holding the most gives up its oldest place, provided it
            // holds more than the newcomer's would after taking it.
            let crowded = table
                .networks
                .iter()
                .max_by_key(|(_, count)| **count)
                .filter(|(_, count)| **count > at_network + 1)
                .map(|(network, _)| *network)
                .ok_or(Refusal::Full)?;
            let oldest = table
                .pending
                .iter()
                .filter(|(_, pending)| pending.address.network() == crowded)
                .map(|(id, _)| *id)
                .min()
                .ok_or(Refusal::Full)?;
            if let Some(evicted) = table.remove(oldest) {
                let _ = evicted.send(());
            }
        }
        let id = table.next;
        table.next += 1;
        let (evict, evicted) = oneshot::channel();
        table.pending.insert(id, Pending { address, evict });
        *table.addresses.entry(address).or_insert(0) += 1;
        *table.networks.entry(network).or_insert(0) += 1;
        Ok(Handshake {
            table: self.clone(),
            id,
            evicted,
        })
    }
}

impl Table {
    /// Forgets handshake `id`; returns the way to tell its task, if it was there.
    fn remove(&mut self, id: u64) -> Option<oneshot::Sender<()>> {
        let pending = self.pending.remove(&id)?;
        let address = pending.address;
        give_back(&mut self.addresses, address);
        give_back(&mut self.networks, address.network());
        Some(pending.evict)
    }
}

/// Counts one handshake less for `key`, forgetting keys that hold none.
fn give_back<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: K) {
    if let Some(count) = counts.get_mut(&key) {
        *count = count.saturating_sub(1);
        if *count == 0 {
            counts.remove(&key);
        }
    }
}

/// One connection's place among the handshakes, given back when dropped.
#[derive(Debug)]
pub(crate) struct Handshake {
    table: Arc<Handshakes>,
    id: u64,
    /// Completes when the place was given to a newcomer: the handshake must end.
    pub evicted: oneshot::Receiver<()>,
}

impl Drop for Handshake {
    fn drop(&mut self) {
        lock(&self.table.table).remove(self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> AddressKey {
        AddressKey::of(text.parse().expect("an address"))
    }

    #[test]
    fn a_newcomer_takes_the_oldest_place_of_the_most_crowded_network() {
        let table = Handshakes::new(Limits {
            total: 4,
            per_address: 2,
            per_network: 3,
        });
        let mut first = table.begin(key("10.0.0.1")).expect("a place");
        let mut second = table.begin(key("10.0.0.1")).expect("a place");
        assert_eq!(table.begin(key("10.0.0.1")).err(), Some(Refusal::Address));
        let _third = table.begin(key("10.0.0.2")).expect("a place");
        assert_eq!(table.begin(key("10.0.0.3")).err(), Some(Refusal::Network));
        let _fourth = table.begin(key("10.0.1.1")).expect("a place");
        // Full: a newcomer from a third network takes the oldest place of the first.
        let _fifth = table.begin(key("10.0.2.1")).expect("a place made");
        assert_eq!(first.evicted.try_recv(), Ok(()));
        assert!(
            second.evicted.try_recv().is_err(),
            "only one place was taken"
        );
        let _sixth = table.begin(key("10.0.3.1")).expect("a place made");
        assert_eq!(second.evicted.try_recv(), Ok(()));
        // Four networks with one each: nobody gives up a place any more.
        assert_eq!(table.begin(key("10.0.4.1")).err(), Some(Refusal::Full));
        drop(first);
        drop(second);
        assert_eq!(table.begin(key("10.0.4.1")).err(), Some(Refusal::Full));
    }
}
