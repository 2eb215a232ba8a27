//! Keeps the relay's log readable under attack: each kind of event is logged at most
//! once per address per minute, however often it happens. (What a peer sent, a name in
//! a refusal for instance, goes into the log through [`crate::text::Escaped`], so that
//! it can neither break a line nor reach the operator's terminal raw.)

use super::address::AddressKey;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often one kind of event from one address may be logged.
const PERIOD: Duration = Duration::from_secs(60);

/// How many (kind, address) pairs are remembered before old ones are dropped.
const CAPACITY: usize = 10_000;

/// When each kind of event was last logged for each address.
#[derive(Debug, Default)]
pub(crate) struct LogGate {
    last: Mutex<HashMap<(&'static str, AddressKey), Instant>>,
}

impl LogGate {
    /// Whether an event of `kind` from `address` may be logged now (and notes it).
    pub fn allow(&self, kind: &'static str, address: AddressKey) -> bool {
        self.allow_at(kind, address, Instant::now())
    }

    fn allow_at(&self, kind: &'static str, address: AddressKey, now: Instant) -> bool {
        let mut last = super::lock(&self.last);
        if let Some(when) = last.get(&(kind, address))
            && now.saturating_duration_since(*when) < PERIOD
        {
            return false;
        }
        if last.len() >= CAPACITY {
            last.retain(|_, when| now.saturating_duration_since(*when) < PERIOD);
            if last.len() >= CAPACITY {
                // Under a flood of addresses, new ones stay quiet until room returns.
                return false;
            }
        }
        last.insert((kind, address), now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn once_per_kind_per_address_per_minute() {
        let gate = LogGate::default();
        let a = AddressKey::of([10, 0, 0, 1].into());
        let b = AddressKey::of([10, 0, 0, 2].into());
        let now = Instant::now();
        assert!(gate.allow_at("refused", a, now));
        assert!(!gate.allow_at("refused", a, now + Duration::from_secs(59)));
        assert!(gate.allow_at("locked out", a, now));
        assert!(gate.allow_at("refused", b, now));
        assert!(gate.allow_at("refused", a, now + PERIOD));
    }
}
