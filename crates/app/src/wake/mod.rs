//! Waking the window: it sleeps until something happens, and the threads that have news
//! for it (the computer's, the network's, a timer a screen asked for, a signal to stop)
//! wake it through the one hook installed here.

pub mod timer;
#[cfg(target_os = "linux")]
pub mod x11;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// Where a wake's pointer motion goes (see [`x11`]): no pointer is ever there.
pub const WAKE_COORDINATE: i16 = i16::MIN;

/// Whether a pointer motion to (`x`, `y`) is a wake rather than the pointer moving.
pub fn is_wake_point(x: f32, y: f32) -> bool {
    x <= f32::from(WAKE_COORDINATE) && y <= f32::from(WAKE_COORDINATE)
}

/// A way to wake the window, callable from any thread.
pub type Poke = Arc<dyn Fn() + Send + Sync>;

static HOOK: OnceLock<Poke> = OnceLock::new();

/// Makes `poke` the way to wake the window, for the life of the process. Returns false
/// when a hook was already installed (it stays).
pub fn install(poke: Poke) -> bool {
    HOOK.set(poke).is_ok()
}

/// Wakes the window so that it draws a frame soon. Does nothing before a window has
/// installed its hook (in tests and tools, where nothing sleeps).
pub fn wake() {
    if let Some(poke) = HOOK.get() {
        poke();
    }
}

/// Frames the window has begun, for the wake to tell whether its frame came.
static FRAMES: AtomicU64 = AtomicU64::new(0);

/// The window begins a frame (the window's loop says so, first thing in each frame).
pub fn frame_began() {
    FRAMES.fetch_add(1, Ordering::SeqCst);
    #[cfg(target_os = "linux")]
    x11::note_activity();
}

/// How many frames the window has begun.
pub fn frames() -> u64 {
    FRAMES.load(Ordering::SeqCst)
}

/// [`wake`] as a value, for code that takes a callback (the network client).
pub fn poke() -> Poke {
    Arc::new(wake)
}
