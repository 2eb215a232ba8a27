//! What the window costs the computer: the processor time the program has used, for
//! `--measure-idle` (an idle window should use almost none).

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn processor_time_grows_with_work() {
        let reported = cpu_seconds();
        if cfg!(target_os = "linux") {
            assert!(reported.is_some(), "Linux reports processor time");
        }
        let Some(before) = reported else {
            return;
        };
        let started = std::time::Instant::now();
        let mut spin = 0u64;
        while started.elapsed().as_millis() < 300 {
            spin = spin.wrapping_add(std::hint::black_box(1));
        }
        assert!(spin > 0);
        let after = cpu_seconds().expect("reported again");
        assert!(after - before >= 0.1, "{before} -> {after}");
    }
}
