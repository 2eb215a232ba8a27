//! Stopping the game from outside as its close button does: SIGTERM (the system shuts
//! down), SIGHUP (its terminal closed) and SIGINT (Ctrl-C) set a flag and wake the
//! window, which then saves the game in progress and ends. A second signal ends the
//! program at once, as it would have without the game listening.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Starts listening for the signals; the flag turns true when one arrives. Where
/// signals cannot be caught, the flag stays false and the system's default applies.
pub fn watch() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    listen(Arc::clone(&stop));
    stop
}

#[cfg(unix)]
fn listen(stop: Arc<AtomicBool>) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use std::sync::atomic::Ordering;

    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT]) else {
        return;
    };
    let _thread = std::thread::Builder::new()
        .name("stop-signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                if stop.swap(true, Ordering::SeqCst) {
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                }
                crate::wake::wake();
            }
        });
}
