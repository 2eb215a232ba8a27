//! The game's sounds, made in code so that the project carries no third-party sound files
//! and no licences to track: each cue is a few tones (with a pitch glide, a soft attack,
//! an exponential decay and overtones that fade faster than the fundamental) and filtered
//! noise bursts, mixed, then brought to one loudness so that no cue stands out. The same
//! cue always gives the same samples.

use super::cue::Cue;
use std::f32::consts::TAU;

/// Samples per second of every synthesised sound (mono).
pub const SAMPLE_RATE: u32 = 44_100;

/// The highest a sample may reach (about -1 dBFS), so nothing clips when mixed a little.
pub const PEAK: f32 = 0.89;

/// The level every cue is brought to (about -18 dBFS): the RMS of its loudest
/// [`WINDOW`], close to the time over which the ear adds up a short sound's loudness.
pub const LOUDNESS: f32 = 0.125;

/// How long the window is that [`loudness`] measures, in seconds.
const WINDOW: f32 = 0.3;

/// How long every sound fades out over at its end, in seconds, so none ends in a click.
const FADE: f32 = 0.008;

const RATE: f32 = SAMPLE_RATE as f32;

/// A tone: a pitch that may glide, an envelope, and overtones.
#[derive(Clone, Copy, Debug)]
struct Tone {
    at: f32,
    from: f32,
    to: f32,
    length: f32,
    attack: f32,
    decay: f32,
    gain: f32,
    bright: f32,
}

impl Tone {
    /// A pure tone of `freq` Hz starting `at` seconds in, lasting `length` seconds.
    const fn new(at: f32, freq: f32, length: f32) -> Tone {
        Tone {
            at,
            from: freq,
            to: freq,
            length,
            attack: 0.002,
            decay: 0.1,
            gain: 1.0,
            bright: 0.0,
        }
    }

    /// Glides to `freq` over its length.
    const fn glide(self, freq: f32) -> Tone {
        Tone { to: freq, ..self }
    }

    /// Rises over `attack` seconds, then falls by e every `decay` seconds.
    const fn shape(self, attack: f32, decay: f32) -> Tone {
        Tone {
            attack,
            decay,
            ..self
        }
    }

    /// Scales it by `gain`.
    const fn gain(self, gain: f32) -> Tone {
        Tone { gain, ..self }
    }

    /// Adds the second and third harmonics, `bright` strong (0: none).
    const fn bright(self, bright: f32) -> Tone {
        Tone { bright, ..self }
    }
}

/// A burst of noise through a band-pass filter whose upper edge may sweep.
#[derive(Clone, Copy, Debug)]
struct Noise {
    at: f32,
    length: f32,
    attack: f32,
    decay: f32,
    gain: f32,
    low: f32,
    high_from: f32,
    high_to: f32,
}

impl Noise {
    /// Noise between `low` and `high` Hz starting `at` seconds in, lasting `length`.
    const fn new(at: f32, length: f32, low: f32, high: f32) -> Noise {
        Noise {
            at,
            length,
            attack: 0.0005,
            decay: 0.01,
            gain: 1.0,
            low,
            high_from: high,
            high_to: high,
        }
    }

    /// Sweeps the upper edge to `high` Hz over its length.
    const fn sweep(self, high: f32) -> Noise {
        Noise {
            high_to: high,
            ..self
        }
    }

    /// Rises over `attack` seconds, then falls by e every `decay` seconds.
    const fn shape(self, attack: f32, decay: f32) -> Noise {
        Noise {
            attack,
            decay,
            ..self
        }
    }

    /// Scales it by `gain`.
    const fn gain(self, gain: f32) -> Noise {
        Noise { gain, ..self }
    }
}

/// A soft rise, an exponential fall, and a short fade at the very end.
fn envelope(t: f32, attack: f32, decay: f32, length: f32) -> f32 {
    let attack = attack.max(0.0005);
    let rise = if t < attack {
        0.5 - 0.5 * (std::f32::consts::PI * t / attack).cos()
    } else {
        (-(t - attack) / decay).exp()
    };
    rise * ((length - t) / FADE).clamp(0.0, 1.0)
}

/// One pole of a low-pass filter: how far it moves towards its input each sample.
fn pole(cutoff: f32) -> f32 {
    1.0 - (-TAU * cutoff / RATE).exp()
}

/// A small deterministic noise source (xorshift), so each cue is the same every time.
struct Hiss(u32);

impl Hiss {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0 as f32 / u32::MAX as f32 * 2.0 - 1.0
    }
}

/// Where a cue is mixed.
struct Canvas {
    samples: Vec<f32>,
    hiss: Hiss,
}

impl Canvas {
    fn new(seconds: f32) -> Canvas {
        Canvas {
            samples: vec![0.0; (seconds * RATE).round() as usize],
            hiss: Hiss(0x9E37_79B9),
        }
    }

    fn tone(&mut self, tone: Tone) {
        let mut phase = 0.0f32;
        mix(&mut self.samples, tone.at, tone.length, |t| {
            let freq = tone.from * (tone.to / tone.from).powf(t / tone.length);
            phase = (phase + freq / RATE).fract();
            let env = envelope(t, tone.attack, tone.decay, tone.length);
            let wave = (TAU * phase).sin()
                + tone.bright * 0.5 * env * (TAU * 2.0 * phase).sin()
                + tone.bright * 0.25 * env * env * (TAU * 3.0 * phase).sin();
            tone.gain * env * wave
        });
    }

    fn noise(&mut self, noise: Noise) {
        let (mut low_a, mut low_b, mut floor) = (0.0f32, 0.0f32, 0.0f32);
        let hiss = &mut self.hiss;
        let floor_pole = pole(noise.low);
        mix(&mut self.samples, noise.at, noise.length, |t| {
            let high = noise.high_from * (noise.high_to / noise.high_from).powf(t / noise.length);
            let top = pole(high);
            low_a += top * (hiss.next() - low_a);
            low_b += top * (low_a - low_b);
            floor += floor_pole * (low_b - floor);
            noise.gain * envelope(t, noise.attack, noise.decay, noise.length) * (low_b - floor)
        });
    }

    /// A wooden knock: a click of noise over a short falling tone; `pitch` scales it.
    fn knock(&mut self, at: f32, pitch: f32, gain: f32) {
        self.noise(
            Noise::new(at, 0.03, 1200.0 * pitch, 6000.0)
                .shape(0.0005, 0.004)
                .gain(2.5 * gain),
        );
        self.tone(
            Tone::new(at, 520.0 * pitch, 0.13)
                .glide(390.0 * pitch)
                .shape(0.001, 0.025)
                .bright(0.4)
                .gain(gain),
        );
        self.tone(
            Tone::new(at, 1270.0 * pitch, 0.06)
                .glide(1150.0 * pitch)
                .shape(0.0008, 0.01)
                .gain(0.3 * gain),
        );
    }

    /// A bell-like note of `freq` Hz from `at` to `end` seconds.
    fn chime(&mut self, at: f32, freq: f32, end: f32, decay: f32, gain: f32) {
        self.tone(
            Tone::new(at, freq, end - at)
                .shape(0.004, decay)
                .bright(0.6)
                .gain(gain),
        );
    }

    /// The mixed sound, at `level` times the common loudness and never above [`PEAK`].
    fn finish(self, level: f32) -> Vec<f32> {
        let mut samples = self.samples;
        let loud = loudness(&samples).max(f32::EPSILON);
        let peak = peak(&samples).max(f32::EPSILON);
        let gain = (LOUDNESS * level / loud).min(PEAK / peak);
        for sample in &mut samples {
            *sample *= gain;
        }
        samples
    }
}

/// Mixes `sound` into `samples` from `at` seconds for `length` seconds; `sound` gives a
/// sample for each time in seconds from its own start.
fn mix(samples: &mut [f32], at: f32, length: f32, mut sound: impl FnMut(f32) -> f32) {
    let start = (at * RATE).round() as usize;
    let count = (length * RATE).round() as usize;
    for (i, sample) in samples.iter_mut().skip(start).take(count).enumerate() {
        *sample += sound(i as f32 / RATE);
    }
}

/// The RMS of the loudest [`WINDOW`] of `samples` (of all of them when shorter).
pub fn loudness(samples: &[f32]) -> f32 {
    let window = ((WINDOW * RATE) as usize).clamp(1, samples.len().max(1));
    let squares: Vec<f32> = samples.iter().map(|s| s * s).collect();
    let mut sum: f32 = squares.iter().take(window).sum();
    let mut loudest = sum;
    for i in window..squares.len() {
        sum += squares[i] - squares[i - window];
        loudest = loudest.max(sum);
    }
    (loudest.max(0.0) / window as f32).sqrt()
}

/// The largest magnitude in `samples`.
pub fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0f32, |top, s| top.max(s.abs()))
}

/// Notes of the equal-tempered scale, in Hz.
mod note {
    pub const C4: f32 = 261.63;
    pub const E_FLAT4: f32 = 311.13;
    pub const G4: f32 = 392.00;
    pub const C5: f32 = 523.25;
    pub const E5: f32 = 659.26;
    pub const G5: f32 = 783.99;
    pub const A5: f32 = 880.00;
    pub const B5: f32 = 987.77;
    pub const C6: f32 = 1046.50;
    pub const D6: f32 = 1174.66;
    pub const E6: f32 = 1318.51;
    pub const G6: f32 = 1567.98;
}

/// The samples of `cue`: mono, [`SAMPLE_RATE`] per second, within ±[`PEAK`].
pub fn render(cue: Cue) -> Vec<f32> {
    use note::*;
    match cue {
        Cue::Move => {
            let mut c = Canvas::new(0.14);
            c.knock(0.0, 1.0, 1.0);
            c.finish(1.0)
        }
        Cue::Capture => {
            let mut c = Canvas::new(0.26);
            c.knock(0.0, 0.85, 1.0);
            c.knock(0.055, 1.15, 0.7);
            c.noise(
                Noise::new(0.0, 0.2, 300.0, 3000.0)
                    .shape(0.004, 0.035)
                    .gain(0.5),
            );
            c.finish(1.0)
        }
        Cue::Castle => {
            let mut c = Canvas::new(0.28);
            c.knock(0.0, 1.0, 1.0);
            c.knock(0.13, 0.9, 0.9);
            c.finish(1.0)
        }
        Cue::Promote => {
            let mut c = Canvas::new(0.55);
            c.knock(0.0, 1.0, 1.0);
            c.chime(0.06, E5, 0.55, 0.12, 0.45);
            c.chime(0.16, B5, 0.55, 0.14, 0.45);
            c.finish(1.0)
        }
        Cue::Crown => {
            let mut c = Canvas::new(0.55);
            c.knock(0.0, 0.9, 1.0);
            for (i, freq) in [C6, E6, G6].into_iter().enumerate() {
                c.chime(0.05 + 0.07 * i as f32, freq, 0.55, 0.1, 0.3);
            }
            c.finish(1.0)
        }
        Cue::Drop => {
            let mut c = Canvas::new(0.25);
            for (at, gain) in [(0.0, 1.0), (0.07, 0.35), (0.12, 0.12)] {
                c.noise(
                    Noise::new(at, 0.02, 2000.0, 8000.0)
                        .shape(0.0005, 0.003)
                        .gain(0.8 * gain),
                );
                c.tone(
                    Tone::new(at, 900.0, 0.12)
                        .glide(760.0)
                        .shape(0.001, 0.02)
                        .bright(0.5)
                        .gain(gain),
                );
            }
            c.finish(1.0)
        }
        Cue::Explosion => {
            let mut c = Canvas::new(0.58);
            // Mostly rumbling noise in the middle of the range: a deep thump alone would
            // vanish on small speakers.
            c.noise(
                Noise::new(0.0, 0.58, 90.0, 3500.0)
                    .sweep(400.0)
                    .shape(0.003, 0.12),
            );
            c.tone(
                Tone::new(0.0, 130.0, 0.5)
                    .glide(55.0)
                    .shape(0.004, 0.08)
                    .bright(0.5)
                    .gain(0.5),
            );
            c.knock(0.0, 0.7, 0.6);
            c.finish(1.0)
        }
        Cue::Check => {
            let mut c = Canvas::new(0.42);
            c.chime(0.0, A5, 0.2, 0.07, 1.0);
            c.chime(0.1, D6, 0.42, 0.09, 1.0);
            c.finish(1.0)
        }
        Cue::Illegal => {
            let mut c = Canvas::new(0.18);
            c.tone(
                Tone::new(0.0, 220.0, 0.18)
                    .glide(175.0)
                    .shape(0.006, 0.05)
                    .bright(0.2),
            );
            // Soft on purpose: a refusal should not scold.
            c.finish(0.6)
        }
        Cue::KingEscaped => {
            let mut c = Canvas::new(0.58);
            c.noise(
                Noise::new(0.0, 0.5, 300.0, 600.0)
                    .sweep(5000.0)
                    .shape(0.25, 0.1)
                    .gain(0.5),
            );
            c.tone(
                Tone::new(0.0, G4, 0.45)
                    .glide(2.0 * G4)
                    .shape(0.05, 0.3)
                    .bright(0.3)
                    .gain(0.6),
            );
            c.chime(0.35, G6, 0.58, 0.08, 0.5);
            c.finish(1.0)
        }
        Cue::Won => {
            let mut c = Canvas::new(1.6);
            for (i, freq) in [C5, E5, G5].into_iter().enumerate() {
                c.chime(0.12 * i as f32, freq, 1.6, 0.25, 0.7);
            }
            c.chime(0.36, C6, 1.6, 0.5, 0.8);
            c.finish(1.0)
        }
        Cue::Lost => {
            let mut c = Canvas::new(1.5);
            for (i, freq) in [G4, E_FLAT4, C4].into_iter().enumerate() {
                let decay = if i == 2 { 0.5 } else { 0.25 };
                c.tone(
                    Tone::new(0.22 * i as f32, freq, 1.5 - 0.22 * i as f32)
                        .shape(0.015, decay)
                        .bright(0.2),
                );
            }
            c.finish(1.0)
        }
        Cue::Drawn => {
            let mut c = Canvas::new(1.3);
            c.chime(0.0, G4, 1.3, 0.3, 0.8);
            c.chime(0.22, C5, 1.3, 0.45, 0.8);
            c.finish(1.0)
        }
        Cue::Joined => {
            let mut c = Canvas::new(0.36);
            c.chime(0.0, C5, 0.14, 0.05, 1.0);
            c.chime(0.1, G5, 0.36, 0.08, 1.0);
            c.finish(1.0)
        }
        Cue::Left => {
            let mut c = Canvas::new(0.36);
            c.chime(0.0, G5, 0.14, 0.05, 1.0);
            c.chime(0.1, C5, 0.36, 0.08, 1.0);
            c.finish(1.0)
        }
        Cue::Chat => {
            let mut c = Canvas::new(0.22);
            c.tone(
                Tone::new(0.0, G6, 0.22)
                    .glide(E6)
                    .shape(0.002, 0.05)
                    .bright(0.3),
            );
            c.finish(1.0)
        }
        Cue::LowTime => {
            let mut c = Canvas::new(0.28);
            for (at, freq) in [(0.0, 1000.0), (0.17, 800.0)] {
                c.tone(Tone::new(at, freq, 0.1).shape(0.001, 0.02).bright(0.4));
                c.noise(
                    Noise::new(at, 0.02, 2000.0, 7000.0)
                        .shape(0.0005, 0.003)
                        .gain(0.6),
                );
            }
            c.finish(1.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_is_audible_short_enough_and_below_the_ceiling() {
        for cue in Cue::ALL {
            let samples = render(cue);
            let seconds = samples.len() as f32 / RATE;
            assert!(seconds <= cue.limit(), "{cue:?} lasts {seconds} s");
            assert!(peak(&samples) <= PEAK + 1e-6, "{cue:?} clips");
            assert!(loudness(&samples) > 0.05, "{cue:?} is almost silent");
            assert!(samples.iter().all(|s| s.is_finite()), "{cue:?}");
        }
    }

    #[test]
    fn the_short_cues_are_level_matched() {
        let db = |cue| 20.0 * (loudness(&render(cue)) / LOUDNESS).log10();
        for cue in Cue::ALL {
            let level = db(cue);
            let wanted = if cue == Cue::Illegal { -4.4 } else { 0.0 };
            assert!(
                (level - wanted).abs() < 3.0,
                "{cue:?} is {level:.1} dB from the others"
            );
        }
    }

    #[test]
    fn sounds_rise_from_silence_and_fade_back_to_it() {
        for cue in Cue::ALL {
            let samples = render(cue);
            assert!(samples[0].abs() < 0.01, "{cue:?} starts with a jump");
            let end = peak(&samples[samples.len() - 8..]);
            assert!(end < 0.01, "{cue:?} ends abruptly at {end}");
        }
    }

    #[test]
    fn the_same_cue_always_sounds_the_same() {
        assert_eq!(render(Cue::Capture), render(Cue::Capture));
        assert_ne!(render(Cue::Joined), render(Cue::Left));
    }
}
