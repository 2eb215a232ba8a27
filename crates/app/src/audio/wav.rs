//! Writing the synthesised sounds as WAV files (16-bit PCM, mono), so that they can be
//! listened to and checked with ordinary tools on a machine without a sound card
//! (`plyground --export-sounds DIR`).

use super::cue::Cue;
use super::synth::{self, SAMPLE_RATE};
use std::io::Write;
use std::path::{Path, PathBuf};

/// One exported sound: where it went, how long it is and how loud its peak.
#[derive(Clone, Debug, PartialEq)]
pub struct Exported {
    /// The cue.
    pub cue: Cue,
    /// The file written.
    pub path: PathBuf,
    /// Its length in seconds.
    pub seconds: f32,
    /// Its highest sample's magnitude (1.0 is full scale).
    pub peak: f32,
}

/// `samples` (mono, [`SAMPLE_RATE`] per second, within ±1) as the bytes of a WAV file.
pub fn wav_bytes(samples: &[f32]) -> Vec<u8> {
    let data_len = u32::try_from(samples.len() * 2).unwrap_or(u32::MAX - 36);
    let mut bytes = Vec::with_capacity(44 + samples.len() * 2);
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data_len).to_le_bytes());
    bytes.extend_from_slice(b"WAVEfmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes()); // PCM
    bytes.extend_from_slice(&1u16.to_le_bytes()); // mono
    bytes.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    bytes.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes());
    bytes.extend_from_slice(&2u16.to_le_bytes()); // bytes per frame
    bytes.extend_from_slice(&16u16.to_le_bytes());
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data_len.to_le_bytes());
    for sample in samples {
        let value = (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16;
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    bytes
}

/// The samples of a WAV file written by [`wav_bytes`], as numbers within ±1; `None` when
/// the bytes are not such a file.
pub fn read_wav(bytes: &[u8]) -> Option<Vec<f32>> {
    let header_ok = bytes.len() >= 44
        && &bytes[0..4] == b"RIFF"
        && &bytes[8..16] == b"WAVEfmt "
        && bytes[20..24] == [1, 0, 1, 0]
        && bytes[24..28] == SAMPLE_RATE.to_le_bytes()
        && bytes[34..36] == [16, 0]
        && &bytes[36..40] == b"data";
    if !header_ok {
        return None;
    }
    let data = &bytes[44..];
    Some(
        data.chunks_exact(2)
            .map(|pair| f32::from(i16::from_le_bytes([pair[0], pair[1]])) / f32::from(i16::MAX))
            .collect(),
    )
}

/// Writes every cue into `dir` as `NAME.wav` (creating the folder), and says what was
/// written.
pub fn export(dir: &Path) -> std::io::Result<Vec<Exported>> {
    std::fs::create_dir_all(dir)?;
    Cue::ALL
        .into_iter()
        .map(|cue| {
            let samples = synth::render(cue);
            let path = dir.join(format!("{}.wav", cue.name()));
            std::fs::File::create(&path)?.write_all(&wav_bytes(&samples))?;
            Ok(Exported {
                cue,
                path,
                seconds: samples.len() as f32 / SAMPLE_RATE as f32,
                peak: synth::peak(&samples),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_exported_file_is_audible_short_enough_and_unclipped() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let exported = export(dir.path()).expect("the folder is writable");
        assert_eq!(exported.len(), Cue::ALL.len());
        for sound in exported {
            let bytes = std::fs::read(&sound.path).expect("written");
            let samples = read_wav(&bytes).expect("a 16-bit mono WAV file");
            let seconds = samples.len() as f32 / SAMPLE_RATE as f32;
            let peak = synth::peak(&samples);
            let name = sound.path.display();
            assert!((seconds - sound.seconds).abs() < 1e-6, "{name}");
            assert!(seconds <= sound.cue.limit(), "{name} lasts {seconds} s");
            assert!(peak < 0.98, "{name} clips: peak {peak}");
            assert!(synth::loudness(&samples) > 0.05, "{name} is almost silent");
        }
    }

    #[test]
    fn a_file_that_is_not_a_wav_is_refused() {
        assert_eq!(read_wav(b"RIFF and nothing else"), None);
        let mut bytes = wav_bytes(&[0.5, -0.5]);
        bytes[22] = 2;
        assert_eq!(read_wav(&bytes), None, "stereo is not what we write");
    }
}
