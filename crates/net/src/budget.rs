//! The relay's bound on memory it buffers for connections: every connection charges the
//! capacity of its read and write buffers to its address's budget, its network's and
//! the server's ([`Budgets`]), a frame that would take any of them past its limit is
//! refused (closing that connection), and new connections are turned away as busy once
//! most of a budget they would share is in use.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A shared limit on buffered bytes.
#[derive(Debug)]
pub struct MemoryBudget {
    used: AtomicUsize,
    limit: usize,
}

impl MemoryBudget {
    /// A budget of `limit` bytes.
    pub fn new(limit: usize) -> MemoryBudget {
        MemoryBudget {
            used: AtomicUsize::new(0),
            limit,
        }
    }

    /// The limit, in bytes.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Bytes charged now.
    pub fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }

    /// Whether most (three quarters) of the budget is in use: time to refuse new work.
    pub fn is_tight(&self) -> bool {
        self.used() > self.limit / 4 * 3
    }

    /// Charges `bytes` more, unless that would pass the limit.
    pub fn try_charge(&self, bytes: usize) -> bool {
        self.used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |used| {
                used.checked_add(bytes).filter(|&total| total <= self.limit)
            })
            .is_ok()
    }

    /// Charges `bytes` more whatever the limit (for what is already allocated).
    pub fn charge(&self, bytes: usize) {
        self.used.fetch_add(bytes, Ordering::Relaxed);
    }

    /// Gives back `bytes`.
    pub fn release(&self, bytes: usize) {
        let _ = self
            .used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |used| {
                Some(used.saturating_sub(bytes))
            });
    }
}

/// The budgets one connection charges together (its address's, its network's and the
/// server's, say): a charge is made only when every one of them has room for it.
#[derive(Clone, Debug, Default)]
pub struct Budgets(Vec<Arc<MemoryBudget>>);

impl Budgets {
    /// Charges to every budget of `budgets`.
    pub fn new(budgets: Vec<Arc<MemoryBudget>>) -> Budgets {
        Budgets(budgets)
    }

    /// Charges `bytes` more to every budget, unless that would take one past its limit
    /// (then none is charged).
    pub fn try_charge(&self, bytes: usize) -> bool {
        for (index, budget) in self.0.iter().enumerate() {
            if !budget.try_charge(bytes) {
                for charged in &self.0[..index] {
                    charged.release(bytes);
                }
                return false;
            }
        }
        true
    }

    /// Charges `bytes` more to every budget whatever the limits.
    pub fn charge(&self, bytes: usize) {
        for budget in &self.0 {
            budget.charge(bytes);
        }
    }

    /// Gives back `bytes` to every budget.
    pub fn release(&self, bytes: usize) {
        for budget in &self.0 {
            budget.release(bytes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_charges_all_or_none() {
        let (address, server) = (
            Arc::new(MemoryBudget::new(100)),
            Arc::new(MemoryBudget::new(1000)),
        );
        let budgets = Budgets::new(vec![address.clone(), server.clone()]);
        assert!(budgets.try_charge(80));
        assert!(!budgets.try_charge(30), "past the address's limit");
        assert_eq!((address.used(), server.used()), (80, 80));
        server.charge(915);
        assert!(!budgets.try_charge(10), "past the server's limit");
        assert_eq!((address.used(), server.used()), (80, 995));
        budgets.release(80);
        assert_eq!((address.used(), server.used()), (0, 915));
    }

    #[test]
    fn charges_stop_at_the_limit_and_tighten_before_it() {
        let budget = MemoryBudget::new(1000);
        assert!(budget.try_charge(700));
        assert!(!budget.is_tight());
        assert!(budget.try_charge(100));
        assert!(budget.is_tight());
        assert!(!budget.try_charge(201));
        assert!(budget.try_charge(200));
        budget.release(1000);
        assert_eq!(budget.used(), 0);
    }
}
