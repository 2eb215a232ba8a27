//! The bytes of a save file: a fixed 26-byte prefix (signature, format version, then the
//! length and CRC-32 of each section), the small header section, then the game record.
//! docs/save-format.md describes the same layout for people.

use crate::SaveError;
use crate::wire::{WireHeader, WireRecord, WireRecordV2, WireRecordV3, WireRecordV4};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io::Read;

/// The signature every save file starts with: a byte above 127 (catches 7-bit
/// transfers), "PLY", then CR LF, Ctrl-Z and LF (catch line-ending conversions).
pub const MAGIC: [u8; 8] = *b"\x89PLY\r\n\x1a\n";

/// The format version this build writes, and the newest it reads.
pub const FORMAT_VERSION: u16 = 4;

/// The oldest format version this build reads. Released versions are never dropped.
pub const OLDEST_FORMAT_VERSION: u16 = 1;

/// Length of the fixed prefix before the header section.
pub const PREFIX_LEN: usize = 26;

/// Largest header section accepted: a listing never reads more than this per file.
pub const MAX_HEADER_LEN: u32 = 64 * 1024;

/// Largest game record accepted.
pub const MAX_RECORD_LEN: u32 = 16 * 1024 * 1024;

/// The fixed prefix, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Prefix {
    pub version: u16,
    pub header_len: u32,
    pub header_crc: u32,
    pub record_len: u32,
    pub record_crc: u32,
}

impl Prefix {
    /// Bytes in the whole file this prefix describes.
    fn file_len(self) -> usize {
        PREFIX_LEN + self.header_len as usize + self.record_len as usize
    }
}

fn cut_short() -> SaveError {
    SaveError::damaged("the file is cut short")
}

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    let field = bytes.get(at..at + 2)?;
    Some(u16::from_le_bytes([field[0], field[1]]))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    let field = bytes.get(at..at + 4)?;
    Some(u32::from_le_bytes([field[0], field[1], field[2], field[3]]))
}

/// Reads the prefix from the start of `bytes`, which may be shorter than the file.
pub(crate) fn read_prefix(bytes: &[u8]) -> Result<Prefix, SaveError> {
    if bytes.get(..MAGIC.len()) != Some(&MAGIC[..]) {
        return Err(SaveError::NotASave);
    }
    let version = u16_at(bytes, 8).ok_or_else(cut_short)?;
    if version > FORMAT_VERSION {
        return Err(SaveError::NewerFormat {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    if version < OLDEST_FORMAT_VERSION {
        return Err(SaveError::damaged(format!(
            "format version {version} never existed"
        )));
    }
    let field = |at| u32_at(bytes, at).ok_or_else(cut_short);
    let prefix = Prefix {
        version,
        header_len: field(10)?,
        header_crc: field(14)?,
        record_len: field(18)?,
        record_crc: field(22)?,
    };
    if prefix.header_len > MAX_HEADER_LEN {
        return Err(SaveError::damaged("the header size is impossible"));
    }
    if prefix.record_len > MAX_RECORD_LEN {
        return Err(SaveError::damaged("the game record size is impossible"));
    }
    Ok(prefix)
}

/// Checks a section against its checksum and decodes all of it.
fn decode_section<T: DeserializeOwned>(bytes: &[u8], crc: u32, name: &str) -> Result<T, SaveError> {
    if crc32fast::hash(bytes) != crc {
        return Err(SaveError::damaged(format!(
            "the {name} does not match its checksum"
        )));
    }
    let (value, rest) = postcard::take_from_bytes(bytes)
        .map_err(|e| SaveError::damaged(format!("the {name} cannot be decoded ({e})")))?;
    if !rest.is_empty() {
        return Err(SaveError::damaged(format!(
            "the {name} has unexpected bytes at its end"
        )));
    }
    Ok(value)
}

/// Splits and checks a whole file into its two sections, decoded.
pub(crate) fn decode(bytes: &[u8]) -> Result<(WireHeader, WireRecordV4), SaveError> {
    let prefix = read_prefix(bytes)?;
    match bytes.len().cmp(&prefix.file_len()) {
        std::cmp::Ordering::Less => return Err(cut_short()),
        std::cmp::Ordering::Greater => {
            return Err(SaveError::damaged("the file has extra bytes at its end"));
        }
        std::cmp::Ordering::Equal => {}
    }
    let header_end = PREFIX_LEN + prefix.header_len as usize;
    let header = decode_section(&bytes[PREFIX_LEN..header_end], prefix.header_crc, "header")?;
    let record_bytes = &bytes[header_end..];
    let name = "game record";
    let record = match prefix.version {
        1 => WireRecordV3::from(WireRecordV2::from(decode_section::<WireRecord>(
            record_bytes,
            prefix.record_crc,
            name,
        )?))
        .into(),
        2 => WireRecordV3::from(decode_section::<WireRecordV2>(
            record_bytes,
            prefix.record_crc,
            name,
        )?)
        .into(),
        3 => decode_section::<WireRecordV3>(record_bytes, prefix.record_crc, name)?.into(),
        _ => decode_section(record_bytes, prefix.record_crc, name)?,
    };
    Ok((header, record))
}

/// Reads just the prefix and the header section from `reader`, leaving the game record
/// unread: the listing's fast path. Returns the format version with the header.
pub(crate) fn read_header(reader: &mut impl Read) -> Result<(u16, WireHeader), ReadFailure> {
    let mut prefix_bytes = [0u8; PREFIX_LEN];
    let got = read_up_to(reader, &mut prefix_bytes)?;
    let prefix = read_prefix(&prefix_bytes[..got])?;
    let mut header = vec![0u8; prefix.header_len as usize];
    if read_up_to(reader, &mut header)? < header.len() {
        return Err(cut_short().into());
    }
    let header = decode_section(&header, prefix.header_crc, "header")?;
    Ok((prefix.version, header))
}

/// Fills `buffer` as far as the reader allows; returns how many bytes were read.
fn read_up_to(reader: &mut impl Read, buffer: &mut [u8]) -> Result<usize, ReadFailure> {
    let mut filled = 0;
    while filled < buffer.len() {
        match reader.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(count) => filled += count,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(ReadFailure::Io(e)),
        }
    }
    Ok(filled)
}

/// A header read failed: in the file system, or in the bytes.
#[derive(Debug)]
pub(crate) enum ReadFailure {
    Io(std::io::Error),
    Save(SaveError),
}

impl From<SaveError> for ReadFailure {
    fn from(error: SaveError) -> Self {
        ReadFailure::Save(error)
    }
}

fn encode_section(value: &impl Serialize, name: &str, limit: u32) -> Result<Vec<u8>, SaveError> {
    let bytes = postcard::to_stdvec(value).map_err(|e| SaveError::TooLarge {
        reason: format!("the {name} cannot be encoded ({e})"),
    })?;
    if bytes.len() > limit as usize {
        return Err(SaveError::TooLarge {
            reason: format!("the {name} would be larger than {limit} bytes"),
        });
    }
    Ok(bytes)
}

/// The whole file for a header and a record.
pub(crate) fn encode(header: &WireHeader, record: &WireRecordV4) -> Result<Vec<u8>, SaveError> {
    let header = encode_section(header, "header", MAX_HEADER_LEN)?;
    let record = encode_section(record, "game record", MAX_RECORD_LEN)?;
    let mut bytes = Vec::with_capacity(PREFIX_LEN + header.len() + record.len());
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    for section in [&header, &record] {
        // Both lengths were checked against limits that fit in a u32.
        let len = u32::try_from(section.len()).unwrap_or(u32::MAX);
        bytes.extend_from_slice(&len.to_le_bytes());
        bytes.extend_from_slice(&crc32fast::hash(section).to_le_bytes());
    }
    bytes.extend_from_slice(&header);
    bytes.extend_from_slice(&record);
    Ok(bytes)
}
