//! Waking a window that sleeps in its X11 event loop, from other threads.
//!
//! The window library blocks in the X server's event queue, so only an event there
//! wakes it. To ask for a frame we send the window a pointer motion to an impossible
//! point: the library turns it into a frame, and the window's input reader drops it
//! ([`super::is_wake_point`]).
//!
//! The library's loop has a flaw this module works around: when events were already
//! waiting as it looks at its queue, it handles them and then waits for one event more
//! before it draws, so the last input of a burst (or our wake) can sit unanswered until
//! the next event comes. After anything that may leave it so (a wake, input on the
//! window, a frame), a thread sends it a few empty messages at growing intervals (2 ms
//! to 64 ms), each of which ends such a wait; and a wake is repeated until a frame
//! begins. The window itself is found as the one this process created (the X-Resource
//! extension says which client is which process). The connection also reports when
//! part of the window must be drawn again (exposed), which the library does not.

use super::{Poke, WAKE_COORDINATE};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};
use x11rb::connection::Connection;
use x11rb::protocol::Event;
use x11rb::protocol::res::{ClientIdMask, ClientIdSpec, ConnectionExt as _};
use x11rb::protocol::xproto::{
    Atom, ChangeWindowAttributesAux, ClientMessageEvent, ConnectionExt as _, EventMask, KeyButMask,
    MOTION_NOTIFY_EVENT, Motion, MotionNotifyEvent, Window,
};
use x11rb::rust_connection::RustConnection;

/// The first empty message's delay after something happened; each next one waits twice
/// as long.
const FIRST_NUDGE: Duration = Duration::from_millis(2);
/// The longest delay between two empty messages; the chain ends after it.
const LAST_NUDGE: Duration = Duration::from_millis(64);
/// How long a wake is repeated while no frame begins.
const WAKE_GIVEN_UP: Duration = Duration::from_secs(1);

/// Why the window cannot be woken this way.
#[derive(Debug, thiserror::Error)]
pub enum WakeError {
    /// No X server answered.
    #[error("no X display: {0}")]
    Connect(#[from] x11rb::errors::ConnectError),
    /// The X server broke the connection.
    #[error("the X server went away: {0}")]
    Connection(#[from] x11rb::errors::ConnectionError),
    /// The X server refused a request (no X-Resource extension, say).
    #[error("the X server refused: {0}")]
    Reply(#[from] x11rb::errors::ReplyError),
    /// This process has no window on the display.
    #[error("this program's window was not found on the display")]
    NoWindow,
    /// The system refused a thread.
    #[error("no thread to wake the window: {0}")]
    Thread(#[from] std::io::Error),
}

/// Whether windows on this display can be woken (the X server answers X-Resource).
pub fn available() -> bool {
    let Ok((connection, _)) = x11rb::connect(None) else {
        return false;
    };
    query_own_clients(&connection).is_ok()
}

/// The resource bases of this process's connections to the X server.
fn query_own_clients(connection: &RustConnection) -> Result<Vec<u32>, WakeError> {
    let all = ClientIdSpec {
        client: 0,
        mask: ClientIdMask::LOCAL_CLIENT_PID,
    };
    let reply = connection.res_query_client_ids(&[all])?.reply()?;
    let pid = std::process::id();
    Ok(reply
        .ids
        .iter()
        .filter(|id| id.value.first() == Some(&pid))
        .map(|id| id.spec.client)
        .collect())
}

/// The windows this process created, among the screen's top-level windows and their
/// children (a window manager puts each window inside a frame of its own).
fn own_windows(connection: &RustConnection, root: Window) -> Result<Vec<Window>, WakeError> {
    let mask = connection.setup().resource_id_mask;
    let bases: Vec<u32> = query_own_clients(connection)?
        .into_iter()
        .map(|base| base & !mask)
        .collect();
    let ours = |window: Window| bases.contains(&(window & !mask));
    let mut found = Vec::new();
    for top in connection.query_tree(root)?.reply()?.children {
        if ours(top) {
            found.push(top);
            continue;
        }
        if let Ok(cookie) = connection.query_tree(top)
            && let Ok(reply) = cookie.reply()
        {
            found.extend(reply.children.into_iter().filter(|&child| ours(child)));
        }
    }
    Ok(found)
}

/// What the waking thread is asked to do.
#[derive(Default)]
struct Asked {
    /// A frame is wanted.
    frame: bool,
    /// Something happened that may leave the loop waiting: start the chain again.
    activity: bool,
}

type Signal = Arc<(Mutex<Asked>, Condvar)>;

/// The waking thread's signal, once it runs, for [`note_activity`].
static SIGNAL: OnceLock<Signal> = OnceLock::new();

fn ask(signal: &Signal, frame: bool) {
    let (lock, condvar) = &**signal;
    let mut asked = lock.lock().unwrap_or_else(PoisonError::into_inner);
    asked.frame |= frame;
    asked.activity = true;
    condvar.notify_one();
}

/// Tells the waking thread that something happened (a frame began), so that it makes
/// sure the loop does not sit on input that came meanwhile.
pub fn note_activity() {
    if let Some(signal) = SIGNAL.get() {
        ask(signal, false);
    }
}

/// The messages the waking thread sends the window.
struct Sender {
    connection: Arc<RustConnection>,
    root: Window,
    windows: Vec<Window>,
    nudge: Atom,
}

impl Sender {
    /// A pointer motion to the wake point: the window draws a frame.
    fn wake(&self) {
        for &window in &self.windows {
            let motion = MotionNotifyEvent {
                response_type: MOTION_NOTIFY_EVENT,
                detail: Motion::NORMAL,
                sequence: 0,
                time: x11rb::CURRENT_TIME,
                root: self.root,
                event: window,
                child: x11rb::NONE,
                root_x: WAKE_COORDINATE,
                root_y: WAKE_COORDINATE,
                event_x: WAKE_COORDINATE,
                event_y: WAKE_COORDINATE,
                state: KeyButMask::default(),
                same_screen: true,
            };
            let _ = self
                .connection
                .send_event(false, window, EventMask::NO_EVENT, motion);
        }
        let _ = self.connection.flush();
    }

    /// An empty message: ends a wait for one event more, draws nothing.
    fn nudge(&self) {
        for &window in &self.windows {
            let message = ClientMessageEvent::new(32, window, self.nudge, [0u32; 5]);
            let _ = self
                .connection
                .send_event(false, window, EventMask::NO_EVENT, message);
        }
        let _ = self.connection.flush();
    }
}

/// Starts waking this process's window: returns the hook that asks it for a frame from
/// any thread, and keeps the threads that do it and that watch the window's events.
pub fn waker() -> Result<Poke, WakeError> {
    let (connection, screen) = x11rb::connect(None)?;
    let root = connection
        .setup()
        .roots
        .get(screen)
        .map(|screen| screen.root)
        .ok_or(WakeError::NoWindow)?;
    let windows = own_windows(&connection, root)?;
    if windows.is_empty() {
        return Err(WakeError::NoWindow);
    }
    let watched = ChangeWindowAttributesAux::new().event_mask(
        EventMask::EXPOSURE
            | EventMask::KEY_PRESS
            | EventMask::KEY_RELEASE
            | EventMask::BUTTON_RELEASE
            | EventMask::POINTER_MOTION
            | EventMask::ENTER_WINDOW
            | EventMask::LEAVE_WINDOW
            | EventMask::STRUCTURE_NOTIFY
            | EventMask::FOCUS_CHANGE,
    );
    for &window in &windows {
        connection.change_window_attributes(window, &watched)?;
    }
    let nudge = connection
        .intern_atom(false, b"_PLYGROUND_NUDGE")?
        .reply()?
        .atom;
    connection.flush()?;
    let connection = Arc::new(connection);
    let signal: Signal = Arc::default();
    let sender = Sender {
        connection: Arc::clone(&connection),
        root,
        windows,
        nudge,
    };
    let theirs = Arc::clone(&signal);
    std::thread::Builder::new()
        .name("window-waker".into())
        .spawn(move || send_when_asked(&theirs, &sender))?;
    let watcher = Arc::clone(&signal);
    std::thread::Builder::new()
        .name("window-events".into())
        .spawn(move || {
            while let Ok(event) = connection.wait_for_event() {
                match event {
                    Event::Expose(exposed) if exposed.count == 0 => ask(&watcher, true),
                    Event::Error(_) | Event::Expose(_) => {}
                    _ => ask(&watcher, false),
                }
            }
        })?;
    let _ = SIGNAL.set(Arc::clone(&signal));
    Ok(Arc::new(move || ask(&signal, true)))
}

/// The chain of empty messages after something happened, and the frame still awaited.
struct Chain {
    next_at: Instant,
    step: Duration,
    /// The frame count when a wake was asked for and when, while no frame has begun.
    awaited: Option<(u64, Instant)>,
}

fn send_when_asked(signal: &Signal, sender: &Sender) {
    let (lock, condvar) = &**signal;
    let mut chain: Option<Chain> = None;
    loop {
        let mut asked = lock.lock().unwrap_or_else(PoisonError::into_inner);
        while !asked.activity {
            match &chain {
                None => asked = condvar.wait(asked).unwrap_or_else(PoisonError::into_inner),
                Some(chain) => {
                    let now = Instant::now();
                    if now >= chain.next_at {
                        break;
                    }
                    asked = condvar
                        .wait_timeout(asked, chain.next_at - now)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0;
                }
            }
        }
        let taken = std::mem::take(&mut *asked);
        drop(asked);
        let now = Instant::now();
        let frames = super::frames();
        if taken.activity {
            if taken.frame {
                sender.wake();
            }
            let awaited = match chain.as_ref().and_then(|chain| chain.awaited) {
                Some(awaited) => Some(awaited),
                None => taken.frame.then_some((frames, now)),
            };
            chain = Some(Chain {
                next_at: now + FIRST_NUDGE,
                step: FIRST_NUDGE,
                awaited,
            });
            continue;
        }
        let Some(current) = chain.as_mut() else {
            continue;
        };
        sender.nudge();
        if current
            .awaited
            .is_some_and(|(count, since)| count != frames || now - since > WAKE_GIVEN_UP)
        {
            current.awaited = None;
        }
        current.step = (current.step * 2).min(LAST_NUDGE);
        current.next_at = now + current.step;
        if current.step >= LAST_NUDGE && current.awaited.is_none() {
            chain = None;
        }
    }
}
