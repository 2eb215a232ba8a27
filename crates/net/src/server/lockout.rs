//! The brake on password guessing: failed entries counted per target lobby, both for
//! the address and for its network, each failure locking that pair out for twice as
//! long as the previous one; and guesses in flight: one address has at most one
//! password exchange under way with a lobby, one network at most two, so that guesses
//! sent at once cannot all reach the host before the first failure counts.
//!
//! Only a success into the same lobby clears an address's record (its network's runs
//! its course), so a guesser cannot wipe their record by joining a lobby of their own,
//! and a few addresses of one network share one record, which locks the whole network
//! out of that lobby from its fourth failure on. Addresses are counted by
//! [`AddressKey`], so an IPv6 host cannot escape by hopping through the addresses of
//! its own /64.
//!
//! The table is bounded without being a lever: an address (or network) keeps records
//! against at most [`MAX_TARGETS`] lobbies, past which its failures count against every
//! lobby at once, so a few addresses cannot fill it; and when it is full anyway, the
//! records that cost least to lose go first (the fewest failures, then the oldest), so
//! a flood of single failures cannot flush a guesser's long lock-out. It never stops
//! recording, which would give fresh addresses unlimited guesses.

use super::address::{AddressKey, NetworkKey};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How many password exchanges one address may have under way with one lobby.
const IN_FLIGHT_PER_ADDRESS: usize = 1;

/// How many password exchanges one network may have under way with one lobby.
const IN_FLIGHT_PER_NETWORK: usize = 2;

/// How many failures a network's addresses may make against one lobby before the
/// network is locked out with them (a typo or two from a neighbour locks out nobody
/// else).
const NETWORK_GRACE: u32 = 3;

/// How many lobbies one address (or network) keeps records against before its further
/// failures count against every lobby at once.
const MAX_TARGETS: usize = 8;

/// How long failures are remembered after the last one.
const FORGET_AFTER: Duration = Duration::from_secs(600);

/// What a failure was aimed at.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Target {
    /// A lobby's password (or a rejoin token), by the lobby's code.
    Lobby(String),
    /// A lobby's invite secret, by the lobby's code: counted for the address alone,
    /// so that guessers of its network never lock out a friend with an invite code.
    Invite(String),
    /// A code that names no lobby: scanning for codes is counted as one target.
    UnknownCode,
    /// Every lobby: the record of an address (or network) that failed against more
    /// lobbies than a player would.
    Any,
}

/// Whose failures a record counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Who {
    Address(AddressKey),
    Network(NetworkKey),
}

impl Who {
    /// The address and its network.
    fn both(address: AddressKey) -> [Who; 2] {
        [Who::Address(address), Who::Network(address.network())]
    }

    /// Whose records a failure against `target` counts in: the address, and its
    /// network unless the target is an invite secret.
    fn counted(address: AddressKey, target: &Target) -> Vec<Who> {
        match target {
            Target::Invite(_) => vec![Who::Address(address)],
            _ => Who::both(address).to_vec(),
        }
    }

    /// How many password exchanges `self` may have under way with one lobby.
    fn in_flight_limit(self) -> usize {
        match self {
            Who::Address(_) => IN_FLIGHT_PER_ADDRESS,
            Who::Network(_) => IN_FLIGHT_PER_NETWORK,
        }
    }
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
    entries: HashMap<(Who, Target), Failures>,
    /// How many targets (but [`Target::Any`]) each address or network has records for.
    targets: HashMap<Who, usize>,
    /// Password exchanges under way, per address or network and target.
    in_flight: HashMap<(Who, Target), usize>,
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
            targets: HashMap::new(),
            in_flight: HashMap::new(),
        }
    }

    /// `Err(wait)` while `address`, or its network, is locked out of `target`.
    pub fn check(
        &self,
        address: AddressKey,
        target: &Target,
        now: Instant,
    ) -> Result<(), Duration> {
        let wait = Who::counted(address, target)
            .into_iter()
            .flat_map(|who| [(who, target.clone()), (who, Target::Any)])
            .filter_map(|key| self.entries.get(&key))
            .map(|failures| failures.locked_until.saturating_duration_since(now))
            .max()
            .unwrap_or_default();
        if wait.is_zero() { Ok(()) } else { Err(wait) }
    }

    /// Counts a password exchange of `address` with `target` as under way, unless the
    /// address or its network already has as many under way as it may.
    pub fn begin_exchange(&mut self, address: AddressKey, target: &Target) -> bool {
        let keys: Vec<(Who, Target)> = Who::counted(address, target)
            .into_iter()
            .map(|who| (who, target.clone()))
            .collect();
        let full = keys
            .iter()
            .any(|key| self.in_flight.get(key).copied().unwrap_or(0) >= key.0.in_flight_limit());
        if full {
            return false;
        }
        for key in keys {
            *self.in_flight.entry(key).or_insert(0) += 1;
        }
        true
    }

    /// Ends a password exchange counted by [`FailureTracker::begin_exchange`] (after
    /// its failure, if it failed, was recorded).
    pub fn end_exchange(&mut self, address: AddressKey, target: &Target) {
        for who in Who::counted(address, target) {
            let key = (who, target.clone());
            if let Some(count) = self.in_flight.get_mut(&key) {
                *count = count.saturating_sub(1);
                if *count == 0 {
                    self.in_flight.remove(&key);
                }
            }
        }
    }

    /// Counts a failure of `address` against `target`, for the address and (but for
    /// an invite secret) for its network; returns how long the address is now locked
    /// out.
    pub fn record(&mut self, address: AddressKey, target: Target, now: Instant) -> Duration {
        let mut lock = Duration::ZERO;
        for who in Who::counted(address, &target) {
            let locked = self.record_for(who, target.clone(), now);
            if who == Who::Address(address) {
                lock = locked;
            }
        }
        lock
    }

    /// Counts a failure of `who` against `target`; returns how long the pair is now
    /// locked out.
    fn record_for(&mut self, who: Who, target: Target, now: Instant) -> Duration {
        let mut key = (who, target);
        let known = self.entries.contains_key(&key);
        if !known && self.targets.get(&who).copied().unwrap_or(0) >= MAX_TARGETS {
            key.1 = Target::Any;
        }
        if !self.entries.contains_key(&key) {
            if self.entries.len() >= self.capacity {
                self.make_room(now);
            }
            if key.1 != Target::Any {
                *self.targets.entry(who).or_insert(0) += 1;
            }
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
        let free = match who {
            Who::Address(_) => 0,
            Who::Network(_) => NETWORK_GRACE,
        };
        if entry.count <= free {
            return Duration::ZERO;
        }
        let doublings = (entry.count - free - 1).min(30);
        let lock = self.base.saturating_mul(1 << doublings).min(self.max);
        entry.locked_until = now + lock;
        lock
    }

    /// Forgets the failures of `address` against `target` after it got into that
    /// lobby (those of its network run their course).
    pub fn succeeded(&mut self, address: AddressKey, target: &Target) {
        self.remove(&(Who::Address(address), target.clone()));
    }

    /// Forgets one record.
    fn remove(&mut self, key: &(Who, Target)) {
        if self.entries.remove(key).is_none() || key.1 == Target::Any {
            return;
        }
        if let Some(count) = self.targets.get_mut(&key.0) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                self.targets.remove(&key.0);
            }
        }
    }

    /// How many pairs are remembered.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Drops forgotten records, and if the table is still full, the oldest one.
    /// Drops forgotten records, and if the table is still full, a sixteenth of it:
    /// the records with the fewest failures, the oldest first.
    fn make_room(&mut self, now: Instant) {
        let forgotten: Vec<(Who, Target)> = self
            .entries
            .iter()
            .filter(|(_, failures)| now.duration_since(failures.last) >= FORGET_AFTER)
            .map(|(key, _)| key.clone())
            .collect();
        for key in &forgotten {
            self.remove(key);
        }
        if self.entries.len() < self.capacity {
            return;
        }
        let mut ranked: Vec<(u32, Instant, (Who, Target))> = self
            .entries
            .iter()
            .map(|(key, failures)| (failures.count, failures.last, key.clone()))
            .collect();
        let evicted = (self.capacity / 16).clamp(1, ranked.len());
        ranked.select_nth_unstable_by_key(evicted - 1, |(count, last, _)| (*count, *last));
        for (_, _, key) in &ranked[..evicted] {
            self.remove(key);
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
        let (ip, neighbour, other) = (key("10.0.0.1"), key("10.0.0.2"), key("10.0.1.2"));
        let t0 = Instant::now();
        assert_eq!(tracker.check(ip, &lobby("A"), t0), Ok(()));
        assert_eq!(tracker.record(ip, lobby("A"), t0), Duration::from_secs(1));
        assert!(tracker.check(ip, &lobby("A"), t0).is_err());
        // One failure locks out the address only.
        assert_eq!(tracker.check(neighbour, &lobby("A"), t0), Ok(()));
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
        tracker.succeeded(ip, &lobby("MINE"));
        assert!(tracker.check(ip, &lobby("VICTIM"), now).is_err());
        tracker.succeeded(ip, &lobby("VICTIM"));
        let later = now + Duration::from_secs(1);
        assert_eq!(tracker.check(ip, &lobby("VICTIM"), later), Ok(()));
    }

    #[test]
    fn a_network_shares_one_record_that_one_success_does_not_clear() {
        let mut tracker = FailureTracker::new(Duration::from_secs(1), Duration::from_secs(60), 100);
        let (guesser, friend, other) = (key("10.0.0.1"), key("10.0.0.2"), key("10.0.1.1"));
        let now = Instant::now();
        for guesses in 1..=6 {
            tracker.record(guesser, lobby("A"), now);
            let locked = tracker.check(friend, &lobby("A"), now).is_err();
            assert_eq!(locked, guesses > NETWORK_GRACE, "after {guesses} guesses");
        }
        assert_eq!(tracker.check(other, &lobby("A"), now), Ok(()));
        // The friend's own success leaves the network's four seconds running.
        tracker.succeeded(friend, &lobby("A"));
        let later = now + Duration::from_secs(3);
        assert!(tracker.check(friend, &lobby("A"), later).is_err());
        let after = now + Duration::from_secs(4);
        assert_eq!(tracker.check(friend, &lobby("A"), after), Ok(()));
    }

    #[test]
    fn one_exchange_in_flight_per_address_and_two_per_network() {
        let mut tracker = FailureTracker::new(Duration::from_secs(1), Duration::from_secs(60), 100);
        let (a, b, c) = (key("10.0.0.1"), key("10.0.0.2"), key("10.0.0.3"));
        assert!(tracker.begin_exchange(a, &lobby("A")));
        assert!(!tracker.begin_exchange(a, &lobby("A")));
        assert!(tracker.begin_exchange(a, &lobby("B")), "another lobby");
        assert!(tracker.begin_exchange(b, &lobby("A")));
        assert!(!tracker.begin_exchange(c, &lobby("A")), "the network's two");
        assert!(tracker.begin_exchange(key("10.0.1.1"), &lobby("A")));
        tracker.end_exchange(a, &lobby("A"));
        assert!(tracker.begin_exchange(c, &lobby("A")));
    }

    #[test]
    fn a_full_table_evicts_the_oldest_and_keeps_recording() {
        // Room for three addresses' records and their networks'.
        let mut tracker = FailureTracker::new(Duration::from_secs(10), Duration::from_secs(60), 6);
        let start = Instant::now();
        for (index, address) in ["10.0.1.1", "10.0.2.1", "10.0.3.1", "10.0.4.1"]
            .into_iter()
            .enumerate()
        {
            let at = start + Duration::from_millis(index as u64);
            tracker.record(key(address), lobby("A"), at);
        }
        let now = start + Duration::from_millis(10);
        assert_eq!(tracker.len(), 6);
        // The newcomer is locked out like anyone else; the oldest was let go.
        assert!(tracker.check(key("10.0.4.1"), &lobby("A"), now).is_err());
        assert_eq!(tracker.check(key("10.0.1.1"), &lobby("A"), now), Ok(()));
        assert!(tracker.check(key("10.0.2.1"), &lobby("A"), now).is_err());
    }

    #[test]
    fn a_flood_of_single_failures_cannot_flush_a_guessers_record() {
        let mut tracker = FailureTracker::new(Duration::from_secs(1), Duration::from_secs(60), 64);
        let guesser = key("10.0.0.7");
        let start = Instant::now();
        for _ in 0..5 {
            tracker.record(guesser, lobby("VICTIM"), start);
        }
        // Thousands of failures from other addresses and networks, one each.
        for index in 0..2_000u32 {
            let [_, a, b, c] = (index + 256).to_be_bytes();
            let flooder = key(&format!("11.{a}.{b}.{c}"));
            let at = start + Duration::from_millis(u64::from(index));
            tracker.record(flooder, lobby("VICTIM"), at);
        }
        assert!(tracker.len() <= 64);
        let now = start + Duration::from_secs(2);
        let wait = tracker
            .check(guesser, &lobby("VICTIM"), now)
            .expect_err("locked");
        assert!(wait >= Duration::from_secs(14), "{wait:?}");
    }

    #[test]
    fn failing_against_many_lobbies_locks_out_of_all_of_them() {
        let mut tracker =
            FailureTracker::new(Duration::from_secs(10), Duration::from_secs(60), 1_000);
        let scanner = key("10.0.0.9");
        let now = Instant::now();
        for index in 0..40 {
            tracker.record(scanner, lobby(&format!("L{index}")), now);
        }
        // Its address and its network keep a record per lobby up to the bound, then one.
        assert_eq!(tracker.len(), 2 * (MAX_TARGETS + 1));
        assert!(tracker.check(scanner, &lobby("NEVER-TRIED"), now).is_err());
        assert_eq!(
            tracker.check(key("10.0.1.1"), &lobby("NEVER-TRIED"), now),
            Ok(())
        );
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
