//! A token bucket: how often something may happen, with room for short bursts. The
//! relay keeps one per connection (every message) and one per member (chat).

use std::time::Instant;

/// `rate` events per second on average, up to `burst` at once.
#[derive(Debug)]
pub(crate) struct RateLimit {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    /// A full bucket.
    pub fn new(rate: u32, burst: u32) -> RateLimit {
        let rate = f64::from(rate.max(1));
        let burst = f64::from(burst.max(1));
        RateLimit {
            rate,
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Whether one more event may happen at `now` (and counts it if so).
    pub fn allow(&mut self, now: Instant) -> bool {
        let refill = now.saturating_duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn bursts_then_the_rate() {
        let mut limit = RateLimit::new(2, 3);
        let start = Instant::now();
        assert!((0..3).all(|_| limit.allow(start)));
        assert!(!limit.allow(start));
        assert!(limit.allow(start + Duration::from_millis(500)));
        assert!(!limit.allow(start + Duration::from_millis(600)));
    }
}
