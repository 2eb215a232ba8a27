//! The brake on password guessing: failed entries counted per address and per target
//! lobby, each failure locking that pair out for twice as long as the previous one.
//!
//! Only a success into the same lobby clears a pair, so a guesser cannot wipe their
//! record by joining a lobby of their own. The table is bounded: when it is full the
//! oldest record is evicted (never "stop recording", which would give fresh addresses
//! unlimited guesses). Addresses are counted by [`AddressKey`], so an IPv6 host cannot
//! escape by hopping through the addresses of its own /64.

use super::address::AddressKey;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How long failures are remembered after the last one.
const FORGET_AFTER: Duration = Duration::from_secs(600);

/// What a failure was aimed at.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Target {
    /// A lobby, by its code.
    Lobby(String),
    /// A code that names no lobby: scanning for codes is counted as one target.
    UnknownCode,
}

#[derive(Clone, Copy, Debug)]
struct Failures {
    count: u32,
    last: Instant,
    locked_until: Instant,
}

/// Failed entries per address and target, and how long each pair must wait.
#[derive(Debug)]
pub(crate) struct FailureTracker {
    base: Duration,
    max: Duration,
    capacity: usize,
    entries: HashMap<(AddressKey, Target), Failures>,
}

impl FailureTracker {
    /// A tracker whose first failure locks a pair out for `base`, doubling with each
    /// further failure up to `max`, remembering at most `capacity` pairs.
    pub fn new(base: Duration, max: Duration, capacity: usize) -> FailureTracker {
        FailureTracker {
            base,
            max,
            capacity: capacity.max(1),
            entries: HashMap::new(),
        }
    }

    /// `Err(wait)` while `address` is locked out of `target`.
    pub fn check(
        &self,
        address: AddressKey,
        target: &Target,
        now: Instant,
    ) -> Result<(), Duration> {
        match self.entries.get(&(address, target.clone())) {
            Some(failures) if failures.locked_until > now => Err(failures.locked_until - now),
            _ => Ok(()),
        }
    }

    /// Counts a failure of `address` against `target`; returns how long the pair is
    /// now locked out.
    pub fn record(&mut self, address: AddressKey, target: Target, now: Instant) -> Duration {
        let key = (address, target);
        if !self.entries.contains_key(&key) && self.entries.len() >= self.capacity {
            self.make_room(now);
        }
        let entry = self.entries.entry(key).or_insert(Failures {
            count: 0,
            last: now,
            locked_until: now,
        });
        if now.duration_since(entry.last) >= FORGET_AFTER {
            entry.count = 0;
        }
        entry.count = entry.count.saturating_add(1);
        entry.last = now;
        let doublings = entry.count.saturating_sub(1).min(30);
        let lock = self.base.saturating_mul(1 << doublings).min(self.max);
        entry.locked_until = now + lock;
        lock
    }

    /// Forgets the failures of `address` against `lobby` after it got into that lobby.
    pub fn succeeded(&mut self, address: AddressKey, lobby: &str) {
        self.entries
            .remove(&(address, Target::Lobby(lobby.to_string())));
    }

    /// How many pairs are remembered.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Drops forgotten records, and if the table is still full, the oldest one.
    fn make_room(&mut self, now: Instant) {
        self.entries
            .retain(|_, failures| now.duration_since(failures.last) < FORGET_AFTER);
        if self.entries.len() < self.capacity {
            return;
        }
        let oldest = self
            .entries
            .iter()
            .min_by_key(|(_, failures)| failures.last)
            .map(|(key, _)| key.clone());
        if let Some(oldest) = oldest {
            self.entries.remove(&oldest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

    fn key(text: &str) -> AddressKey {
        AddressKey::of(text.parse::<IpAddr>().expect("an address"))
    }

    fn lobby(code: &str) -> Target {
        Target::Lobby(code.to_string())
    }

    #[test]
    fn failures_lock_out_longer_each_time() {
        let mut tracker = FailureTracker::new(Duration::from_secs(1), Duration::from_secs(5), 100);
        let (ip, other) = (key("10.0.0.1"), key("10.0.0.2"));
        let t0 = Instant::now();
        assert_eq!(tracker.check(ip, &lobby("A"), t0), Ok(()));
        assert_eq!(tracker.record(ip, lobby("A"), t0), Duration::from_secs(1));
        assert!(tracker.check(ip, &lobby("A"), t0).is_err());
        assert_eq!(tracker.check(other, &lobby("A"), t0), Ok(()));
        assert_eq!(tracker.check(ip, &lobby("B"), t0), Ok(()));
        let t1 = t0 + Duration::from_secs(1);
        assert_eq!(tracker.record(ip, lobby("A"), t1), Duration::from_secs(2));
        assert_eq!(tracker.record(ip, lobby("A"), t1), Duration::from_secs(4));
        assert_eq!(tracker.record(ip, lobby("A"), t1), Duration::from_secs(5));
        let later = t1 + FORGET_AFTER;
        assert_eq!(
            tracker.record(ip, lobby("A"), later),
            Duration::from_secs(1)
        );
    }

    #[test]
    fn only_a_success_into_the_same_lobby_clears_the_record() {
        let mut tracker = FailureTracker::new(Duration::from_secs(1), Duration::from_secs(60), 100);
        let ip = key("10.0.0.1");
        let now = Instant::now();
        tracker.record(ip, lobby("VICTIM"), now);
        tracker.succeeded(ip, "MINE");
        assert!(tracker.check(ip, &lobby("VICTIM"), now).is_err());
        tracker.succeeded(ip, "VICTIM");
        assert_eq!(tracker.check(ip, &lobby("VICTIM"), now), Ok(()));
    }

    #[test]
    fn a_full_table_evicts_the_oldest_and_keeps_recording() {
        let mut tracker = FailureTracker::new(Duration::from_secs(10), Duration::from_secs(60), 3);
        let start = Instant::now();
        for (index, address) in ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"]
            .into_iter()
            .enumerate()
        {
            let at = start + Duration::from_millis(index as u64);
            tracker.record(key(address), lobby("A"), at);
        }
        let now = start + Duration::from_millis(10);
        assert_eq!(tracker.len(), 3);
        // The newcomer is locked out like anyone else; the oldest was let go.
        assert!(tracker.check(key("10.0.0.4"), &lobby("A"), now).is_err());
        assert_eq!(tracker.check(key("10.0.0.1"), &lobby("A"), now), Ok(()));
        assert!(tracker.check(key("10.0.0.2"), &lobby("A"), now).is_err());
    }

    #[test]
    fn an_ipv6_host_cannot_hop_within_its_64() {
        let mut tracker =
            FailureTracker::new(Duration::from_secs(10), Duration::from_secs(60), 100);
        let now = Instant::now();
        tracker.record(key("2001:db8:1:2::1"), lobby("A"), now);
        assert!(
            tracker
                .check(key("2001:db8:1:2:ffff:1:2:3"), &lobby("A"), now)
                .is_err()
        );
        assert_eq!(
            tracker.check(key("2001:db8:1:3::1"), &lobby("A"), now),
            Ok(())
        );
    }
}
