//! What the window costs the computer: the processor time the program has used, for
//! `--measure-idle` (an idle window should use almost none), and frame-time
//! percentiles for `--measure-frames`.

use std::time::{Duration, Instant};

/// Linux reports process times in ticks of 1/100 s to programs (USER_HZ, fixed at 100
/// on every architecture Linux supports for desktops).
const TICKS_PER_SECOND: f64 = 100.0;

/// The processor time this process has used so far (all threads, user and system), in
/// seconds, or `None` where the system does not say (everywhere but Linux).
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name may hold spaces; the fields counted below follow its ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / TICKS_PER_SECOND)
}

/// What an idle window costs, for `--measure-idle`: the frames it drew and the
/// processor time it used over the whole span, and over the part after the screen has
/// settled (its first seconds hold its fade-in and the first frames' font work).
#[derive(Clone, Debug)]
pub struct IdleMeter {
    started: Instant,
    cpu_at_start: Option<f64>,
    frames: u64,
    /// When, at what processor time and after how many frames the screen had settled.
    settled: Option<(Instant, Option<f64>, u64)>,
}

/// How long after the first frame an idle window counts as settled.
pub const SETTLE: Duration = Duration::from_secs(2);

impl IdleMeter {
    /// Starts measuring at `now`.
    pub fn start(now: Instant) -> IdleMeter {
        IdleMeter {
            started: now,
            cpu_at_start: cpu_seconds(),
            frames: 0,
            settled: None,
        }
    }

    /// When the window must wake to note that the screen has settled, until it has.
    pub fn settle_at(&self) -> Option<Instant> {
        self.settled.is_none().then_some(self.started + SETTLE)
    }

    /// A frame begins at `now`.
    pub fn frame(&mut self, now: Instant) {
        if self.settled.is_none() && now >= self.started + SETTLE {
            self.settled = Some((now, cpu_seconds(), self.frames));
        }
        self.frames += 1;
    }

    /// The figures at `now`, in a line.
    pub fn report(&self, now: Instant) -> String {
        let span = |from: Instant| now.saturating_duration_since(from).as_secs_f64();
        let used = |from: Option<f64>| Some(cpu_seconds()? - from?);
        let part = |seconds: f64, frames: u64, cpu: Option<f64>| match cpu {
            Some(cpu) => format!(
                "{seconds:.1} s, {frames} frames, {cpu:.2} s of processor time ({:.1}% of one core)",
                100.0 * cpu / seconds.max(0.001)
            ),
            None => format!(
                "{seconds:.1} s, {frames} frames (this system does not report processor time)"
            ),
        };
        let whole = part(span(self.started), self.frames, used(self.cpu_at_start));
        match self.settled {
            Some((at, cpu, frames)) => format!(
                "idle: {whole}; once settled: {}",
                part(span(at), self.frames - frames, used(cpu))
            ),
            None => format!("idle: {whole}"),
        }
    }
}

/// The value below which a fraction `share` (0 to 1) of `samples` lie (nearest rank);
/// 0 for no samples. Sorts `samples`.
pub fn percentile(samples: &mut [f32], share: f32) -> f32 {
    if samples.is_empty() {
        return 0.0;
    }
    samples.sort_by(f32::total_cmp);
    let rank = (share.clamp(0.0, 1.0) * samples.len() as f32).ceil() as usize;
    samples[rank.clamp(1, samples.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_99th_percentile_of_a_hundred_frames_is_the_second_longest() {
        let mut frames: Vec<f32> = (1..=100).rev().map(|ms| ms as f32).collect();
        assert_eq!(percentile(&mut frames, 0.99), 99.0);
        assert_eq!(percentile(&mut frames, 1.0), 100.0);
        assert_eq!(percentile(&mut [], 0.99), 0.0);
    }

    #[test]
    fn processor_time_grows_with_work() {
        let reported = cpu_seconds();
        if cfg!(target_os = "linux") {
            assert!(reported.is_some(), "Linux reports processor time");
        }
        let Some(before) = reported else {
            return;
        };
        // Spin until the reported time grows; a busy machine may give this thread
        // only a slice of each second, so the wall-clock limit is generous.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let mut spin = 0u64;
        let mut now = before;
        while now - before < 0.05 && std::time::Instant::now() < deadline {
            for _ in 0..100_000 {
                spin = spin.wrapping_add(std::hint::black_box(1));
            }
            now = cpu_seconds().expect("reported again");
        }
        assert!(spin > 0);
        assert!(now - before >= 0.05, "{before} -> {now}");
    }
}
