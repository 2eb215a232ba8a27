//! Counts per address and per network: how many connections, or lobbies, each address
//! and each network holds, so that a few dozen addresses of one provider cannot take
//! what the whole relay has. A place is held by a [`Slot`] and given back when it drops.

use super::address::{AddressKey, NetworkKey};
use super::lock;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Which limit a newcomer would pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Crowded {
    /// Its address holds as many as one address may.
    Address,
    /// Its network holds as many as one network may.
    Network,
}

/// Places held per address and per network, each with its limit.
#[derive(Debug)]
pub(crate) struct Quota {
    per_address: usize,
    per_network: usize,
    counts: Mutex<Counts>,
}

#[derive(Debug, Default)]
struct Counts {
    addresses: HashMap<AddressKey, usize>,
    networks: HashMap<NetworkKey, usize>,
}

impl Quota {
    /// At most `per_address` places per address and `per_network` per network.
    pub fn new(per_address: usize, per_network: usize) -> Arc<Quota> {
        Arc::new(Quota {
            per_address,
            per_network,
            counts: Mutex::new(Counts::default()),
        })
    }

    /// The limit per address.
    pub fn per_address(&self) -> usize {
        self.per_address
    }

    /// The limit per network.
    pub fn per_network(&self) -> usize {
        self.per_network
    }

    /// `Err` when `address` could not take one more place now.
    pub fn check(&self, address: AddressKey) -> Result<(), Crowded> {
        let counts = lock(&self.counts);
        let held = |count: Option<&usize>| count.copied().unwrap_or(0);
        if held(counts.addresses.get(&address)) >= self.per_address {
            return Err(Crowded::Address);
        }
        if held(counts.networks.get(&address.network())) >= self.per_network {
            return Err(Crowded::Network);
        }
        Ok(())
    }

    /// Takes a place for `address`, unless its address or network holds as many as
    /// they may.
    pub fn take(self: &Arc<Quota>, address: AddressKey) -> Result<Slot, Crowded> {
        let mut counts = lock(&self.counts);
        let at_address = counts.addresses.get(&address).copied().unwrap_or(0);
        let at_network = counts
            .networks
            .get(&address.network())
            .copied()
            .unwrap_or(0);
        if at_address >= self.per_address {
            return Err(Crowded::Address);
        }
        if at_network >= self.per_network {
            return Err(Crowded::Network);
        }
        counts.addresses.insert(address, at_address + 1);
        counts.networks.insert(address.network(), at_network + 1);
        Ok(Slot {
            quota: self.clone(),
            address,
        })
    }
}

/// One place in a [`Quota`], given back when dropped.
#[derive(Debug)]
pub(crate) struct Slot {
    quota: Arc<Quota>,
    address: AddressKey,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = lock(&self.quota.counts);
        give_back(&mut counts.addresses, self.address);
        give_back(&mut counts.networks, self.address.network());
    }
}

/// Counts one place less for `key`, forgetting keys that hold none.
fn give_back<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: K) {
    if let Some(count) = counts.get_mut(&key) {
        *count = count.saturating_sub(1);
        if *count == 0 {
            counts.remove(&key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> AddressKey {
        AddressKey::of(text.parse().expect("an address"))
    }

    #[test]
    fn addresses_and_networks_each_have_their_limit() {
        let quota = Quota::new(2, 3);
        let a = quota.take(key("10.0.0.1")).expect("first");
        let _b = quota.take(key("10.0.0.1")).expect("second");
        assert_eq!(quota.take(key("10.0.0.1")).err(), Some(Crowded::Address));
        let _c = quota.take(key("10.0.0.2")).expect("the network's third");
        assert_eq!(quota.take(key("10.0.0.3")).err(), Some(Crowded::Network));
        assert_eq!(quota.check(key("10.0.0.3")), Err(Crowded::Network));
        assert!(quota.take(key("10.0.1.1")).is_ok(), "another network");
        drop(a);
        assert_eq!(quota.check(key("10.0.0.3")), Ok(()));
        assert!(quota.take(key("10.0.0.1")).is_ok());
    }
}
