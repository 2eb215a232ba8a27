//! A game's identity, so that a game recorded twice, or imported again from the saves
//! folder or a PGN file, is stored once: the content (a hash of mode, start position,
//! moves and each side's name) and the second the game was first saved.

use sha2::{Digest, Sha256};

/// Bytes of the SHA-256 digest kept as the content hash (128 bits: no two different
/// games will ever share one by chance).
const CONTENT_BYTES: usize = 16;

/// The content hash of a game: what makes two records the same game, apart from when
/// it was played. Each part is followed by a zero byte, which no text contains.
pub(crate) fn content(mode: &str, start: &str, moves: &[String], names: [&str; 2]) -> Vec<u8> {
    let mut digest = Sha256::new();
    digest.update(b"plyground history game 1\0");
    for part in [mode, start] {
        digest.update(part.as_bytes());
        digest.update([0]);
    }
    for text in moves {
        digest.update(text.as_bytes());
        digest.update(b" ");
    }
    digest.update([0]);
    for name in names {
        digest.update(name.as_bytes());
        digest.update([0]);
    }
    digest.finalize()[..CONTENT_BYTES].to_vec()
}

/// The identity as text: the content hash in hexadecimal, a dash, and the second the
/// game was first saved (seconds since 1970, UTC).
pub(crate) fn identity_text(content: &[u8], created_ms: i64) -> String {
    let hex: String = content.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("{hex}-{}", created_ms.div_euclid(1000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_counts_and_parts_cannot_slide_into_each_other() {
        let moves = |texts: &[&str]| texts.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        let base = content("chess", "", &moves(&["e2e4"]), ["Ann", "Bob"]);
        assert_eq!(base.len(), CONTENT_BYTES);
        assert_eq!(
            base,
            content("chess", "", &moves(&["e2e4"]), ["Ann", "Bob"])
        );
        for other in [
            content("atomic", "", &moves(&["e2e4"]), ["Ann", "Bob"]),
            content("chess", "", &moves(&["e2e3"]), ["Ann", "Bob"]),
            content("chess", "", &moves(&["e2e4"]), ["Bob", "Ann"]),
            content("chess", "", &moves(&["e2e4"]), ["AnnB", "ob"]),
            content("chess", "e2e4", &moves(&[]), ["Ann", "Bob"]),
        ] {
            assert_ne!(base, other);
        }
        assert_eq!(
            identity_text(&[0xab, 0x01], 1_700_000_000_999),
            "ab01-1700000000"
        );
    }
}
