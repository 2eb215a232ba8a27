//! The key a position is stored and found under: the mode's own Zobrist key of the
//! position, mixed with a key of the mode, so that the chess variants, which share
//! their board and keys, never answer for each other's positions.

use ply_core::zobrist::splitmix64;
use ply_modes::AnyGame;

/// A position of a mode, as "your games at this position" finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey(pub i64);

impl PositionKey {
    /// The key of the position whose Zobrist key in mode `mode_id` is `zobrist`.
    pub fn new(mode_id: &str, zobrist: u64) -> PositionKey {
        PositionKey((zobrist ^ mode_key(mode_id)) as i64)
    }

    /// The key of `game`'s current position.
    pub fn of(game: &dyn AnyGame) -> PositionKey {
        PositionKey::new(game.mode_id(), game.position_key())
    }

    /// The key of every position of `game`, its start first.
    pub fn all_of(game: &dyn AnyGame) -> Vec<PositionKey> {
        let mode = mode_key(game.mode_id());
        game.position_keys()
            .into_iter()
            .map(|zobrist| PositionKey((zobrist ^ mode) as i64))
            .collect()
    }
}

/// A key of the mode's identifier (FNV-1a, mixed by SplitMix64): fixed forever, as the
/// stored keys depend on it.
fn mode_key(mode_id: &str) -> u64 {
    let hash = mode_id
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    splitmix64(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_sharing_a_board_get_different_keys_and_transpositions_the_same() {
        let chess = ply_modes::replay("chess", None, ["g1f3", "g8f6", "b1c3"]).expect("legal");
        let atomic = ply_modes::replay("atomic", None, ["g1f3", "g8f6", "b1c3"]).expect("legal");
        assert_eq!(chess.position_key(), atomic.position_key());
        assert_ne!(
            PositionKey::of(chess.as_ref()),
            PositionKey::of(atomic.as_ref())
        );
        let transposed = ply_modes::replay("chess", None, ["b1c3", "g8f6", "g1f3"]).expect("legal");
        assert_eq!(
            PositionKey::of(chess.as_ref()),
            PositionKey::of(transposed.as_ref())
        );
        let all = PositionKey::all_of(chess.as_ref());
        assert_eq!(all.len(), 4);
        assert_eq!(all[3], PositionKey::of(chess.as_ref()));
    }
}
