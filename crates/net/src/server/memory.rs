//! Memory per address and per network before the server's: each connection's buffers
//! are charged to its address's budget, its network's and the server's, so that a few
//! dozen addresses holding half-sent frames fill their own budgets, not the relay's.
//! A new connection is turned away when its address's or network's budget is mostly
//! used, and, once the server's is mostly used, when its network holds more than a
//! small share of it; a newcomer from a quiet network still gets in.

use super::address::{AddressKey, NetworkKey};
use super::lock;
use crate::budget::{Budgets, MemoryBudget};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, Weak};

/// The share of the server's budget a network may hold and still open connections
/// once the server's budget is mostly used.
const QUIET_SHARE: usize = 64;

/// The server's budget and one for each address and network with connections.
#[derive(Debug)]
pub(crate) struct MemoryBudgets {
    server: Arc<MemoryBudget>,
    per_address: usize,
    per_network: usize,
    addresses: Mutex<Shared<AddressKey>>,
    networks: Mutex<Shared<NetworkKey>>,
}

impl MemoryBudgets {
    /// A server budget of `total` bytes, `per_address` for each address and
    /// `per_network` for each network.
    pub fn new(total: usize, per_address: usize, per_network: usize) -> MemoryBudgets {
        MemoryBudgets {
            server: Arc::new(MemoryBudget::new(total)),
            per_address,
            per_network,
            addresses: Mutex::new(Shared::default()),
            networks: Mutex::new(Shared::default()),
        }
    }

    /// Bytes the server's connections buffer now.
    pub fn used(&self) -> usize {
        self.server.used()
    }

    /// What a connection from `address` charges its buffers to.
    pub fn for_connection(&self, address: AddressKey) -> Budgets {
        Budgets::new(vec![
            lock(&self.addresses).get(address, self.per_address),
            lock(&self.networks).get(address.network(), self.per_network),
            self.server.clone(),
        ])
    }

    /// Whether a new connection from `address` may start.
    pub fn admits(&self, address: AddressKey) -> bool {
        let used = |budget: Option<Arc<MemoryBudget>>| budget.map_or(0, |b| b.used());
        let at_address = lock(&self.addresses).find(&address);
        if at_address.as_ref().is_some_and(|budget| budget.is_tight()) {
            return false;
        }
        let at_network = lock(&self.networks).find(&address.network());
        if at_network.as_ref().is_some_and(|budget| budget.is_tight()) {
            return false;
        }
        !self.server.is_tight() || used(at_network) < self.server.limit() / QUIET_SHARE
    }
}

/// Budgets by key, alive while a connection holds them.
#[derive(Debug)]
struct Shared<K> {
    budgets: HashMap<K, Weak<MemoryBudget>>,
    /// How many entries the map may reach before the dead ones are swept out.
    sweep_at: usize,
}

impl<K> Default for Shared<K> {
    fn default() -> Shared<K> {
        Shared {
            budgets: HashMap::new(),
            sweep_at: 64,
        }
    }
}

impl<K: Hash + Eq + Copy> Shared<K> {
    /// The budget of `key`, alive or none.
    fn find(&self, key: &K) -> Option<Arc<MemoryBudget>> {
        self.budgets.get(key).and_then(Weak::upgrade)
    }

    /// The budget of `key`, made with `limit` if none is alive.
    fn get(&mut self, key: K, limit: usize) -> Arc<MemoryBudget> {
        if let Some(budget) = self.find(&key) {
            return budget;
        }
        if self.budgets.len() >= self.sweep_at {
            self.budgets.retain(|_, budget| budget.strong_count() > 0);
            self.sweep_at = (self.budgets.len() * 2).max(64);
        }
        let budget = Arc::new(MemoryBudget::new(limit));
        self.budgets.insert(key, Arc::downgrade(&budget));
        budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> AddressKey {
        AddressKey::of(text.parse().expect("an address"))
    }

    #[test]
    fn an_address_fills_its_own_budget_and_not_the_servers() {
        let budgets = MemoryBudgets::new(64_000, 1_000, 3_000);
        let greedy = budgets.for_connection(key("10.0.0.1"));
        assert!(greedy.try_charge(900));
        assert!(!greedy.try_charge(200), "past the address's budget");
        assert!(!budgets.admits(key("10.0.0.1")));
        assert!(budgets.admits(key("10.0.0.2")));
        let neighbour = budgets.for_connection(key("10.0.0.2"));
        assert!(neighbour.try_charge(900));
        let third = budgets.for_connection(key("10.0.0.3"));
        assert!(third.try_charge(900));
        assert!(
            !budgets.admits(key("10.0.0.4")),
            "the network's budget is tight"
        );
        assert!(budgets.admits(key("10.0.1.1")));
        assert_eq!(budgets.used(), 2_700);
        greedy.release(900);
        assert!(budgets.admits(key("10.0.0.1")));
    }

    #[test]
    fn a_tight_server_still_admits_quiet_networks() {
        let budgets = MemoryBudgets::new(6_400, 10_000, 10_000);
        let busy = budgets.for_connection(key("10.0.0.1"));
        busy.charge(5_000);
        assert!(!budgets.admits(key("10.0.0.2")));
        assert!(budgets.admits(key("10.0.1.1")));
        let quiet = budgets.for_connection(key("10.0.1.1"));
        quiet.charge(100);
        assert!(!budgets.admits(key("10.0.1.2")));
    }
}
