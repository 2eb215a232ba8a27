//! What the window costs the computer: the processor time the program has used, for
//! `--measure-idle` (an idle window should use almost none), and frame-time
//! percentiles for `--measure-frames`.

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
