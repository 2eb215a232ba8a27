//! The relay's bound on memory it buffers for connections: every connection charges the
//! capacity of its read and write buffers to one shared budget, a frame that would take
//! the total past the limit is refused (closing that connection), and new connections
//! are turned away as "server busy" once most of the budget is in use.

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

#[cfg(test)]
mod tests {
    use super::*;

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
