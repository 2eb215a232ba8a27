//! The thin part that touches the sound device: a thread that opens it through kira (whose
//! cpal backend reports a missing device as an error, and restarts its stream when the
//! device changes), turns every cue's synthesised samples into a sound once, and plays
//! what the window asks for. Opening a device can take a while, so the window never waits
//! for it: it sends requests over a channel that never blocks and polls for the thread's
//! news. Without a device the thread reports why and ends; requests are then dropped.

use super::cue::Cue;
use super::synth::{self, SAMPLE_RATE};
use crossbeam_channel::{Receiver, Sender, unbounded};
use kira::sound::static_sound::{StaticSoundData, StaticSoundSettings};
use kira::{AudioManager, AudioManagerSettings, Decibels, DefaultBackend, Frame, StartTime};
use std::sync::Arc;
use std::time::Duration;

/// Whether sounds can play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SoundState {
    /// The device is being opened.
    Starting,
    /// Sounds play.
    On,
    /// No sound will play, and why (no device, say).
    Off(String),
}

/// A sound to play: the cue, its loudness (0 to 1) and how long to wait before it.
struct Request {
    cue: Cue,
    volume: f32,
    delay: Duration,
}

/// Plays cues on the sound device from a thread of its own.
pub struct Player {
    requests: Sender<Request>,
    news: Receiver<SoundState>,
    state: SoundState,
}

impl Player {
    /// Starts opening the sound device on its own thread and returns at once.
    pub fn start() -> Player {
        let (requests, inbox) = unbounded();
        let (report, news) = unbounded();
        let spawned = std::thread::Builder::new()
            .name("sound".into())
            .spawn(move || serve(&inbox, &report));
        let state = match spawned {
            Ok(_) => SoundState::Starting,
            Err(error) => SoundState::Off(format!("the sound thread could not start: {error}")),
        };
        Player {
            requests,
            news,
            state,
        }
    }

    /// Takes in the sound thread's news; the new state when it changed.
    pub fn poll(&mut self) -> Option<&SoundState> {
        let mut changed = false;
        while let Ok(state) = self.news.try_recv() {
            changed |= state != self.state;
            self.state = state;
        }
        changed.then_some(&self.state)
    }

    /// Plays `cue` at `volume` (0 to 1) after `delay`; nothing when sound is off.
    pub fn play(&self, cue: Cue, volume: f32, delay: Duration) {
        if !matches!(self.state, SoundState::Off(_)) {
            // A send fails only once the thread has ended, when sound is off anyway.
            let _ = self.requests.send(Request { cue, volume, delay });
        }
    }
}

/// The sound thread: opens the device, says how that went, then plays requests until the
/// window's side of the channel is gone.
fn serve(inbox: &Receiver<Request>, report: &Sender<SoundState>) {
    let complaints = catch_complaints();
    let mut manager = match AudioManager::<DefaultBackend>::new(AudioManagerSettings::default()) {
        Ok(manager) => manager,
        Err(error) => {
            let reason = match complaints() {
                Some(driver) => format!("{error} (the driver says: {driver})"),
                None => error.to_string(),
            };
            let _ = report.send(SoundState::Off(reason));
            return;
        }
    };
    let sounds: Vec<StaticSoundData> = Cue::ALL.into_iter().map(sound).collect();
    let _ = report.send(SoundState::On);
    for request in inbox {
        let Some(index) = Cue::ALL.iter().position(|&cue| cue == request.cue) else {
            continue;
        };
        let decibels = 20.0 * request.volume.clamp(0.001, 1.0).log10();
        let sound = sounds[index]
            .volume(Decibels(decibels))
            .start_time(StartTime::Delayed(request.delay));
        // Playing fails only when too many sounds already play; this one is then skipped.
        let _ = manager.play(sound);
    }
}

/// Sends the sound driver's own complaints on this thread somewhere other than the
/// terminal, and gives a way to read the last one. ALSA (Linux) prints a dozen lines
/// when there is no sound card; caught, one of them explains why sound is off.
#[cfg(target_os = "linux")]
fn catch_complaints() -> impl Fn() -> Option<String> {
    let caught = alsa::Output::local_error_handler().ok();
    move || {
        let text = caught.as_ref()?.borrow().to_string();
        text.lines().last().map(|line| line.trim().to_string())
    }
}

/// Elsewhere the sound drivers do not print: there is nothing to catch.
#[cfg(not(target_os = "linux"))]
fn catch_complaints() -> impl Fn() -> Option<String> {
    || None
}

/// A cue's samples as a sound kira can play (the same sample on both sides).
fn sound(cue: Cue) -> StaticSoundData {
    let frames: Arc<[Frame]> = synth::render(cue)
        .into_iter()
        .map(|sample| Frame {
            left: sample,
            right: sample,
        })
        .collect();
    StaticSoundData {
        sample_rate: SAMPLE_RATE,
        frames,
        settings: StaticSoundSettings::new(),
        slice: None,
    }
}
