//! The learned evaluation of standard chess, atomic chess, king of the hill, last piece
//! standing, checkers and hnefatafl: a small network on where the pieces stand
//! (checkers's and hnefatafl's pieces are laid on chess roles and squares, see
//! `crate::checkers` and `crate::hnefatafl`). Each side's view sums one row of
//! weights per piece into a hidden layer (clipped at one); the output weighs the side to
//! move's layer and the other's. It is trained by `ply tune net` in floating point and
//! kept here in integers: the committed files `data/MODE-network.bin` hold the rounded
//! weights (see docs/tuning.md for the runs).

use super::Role;
use ply_core::Player;
use std::sync::OnceLock;

/// Inputs of one view: a piece's owner (the view's own side or the other), its role
/// and its square, mirrored top to bottom in Black's view.
pub const INPUTS: usize = 2 * 6 * 64;
/// Hidden units of one view.
pub const HIDDEN: usize = 64;
/// What a hidden unit's full activation (1.0) is in integers, and so the factor of the
/// first layer's weights and biases.
pub const ACTIVATION_SCALE: i32 = 255;
/// The factor of the output layer's weights.
pub const OUTPUT_SCALE: i32 = 512;

/// The file's first bytes: what it is and the version of its layout.
const MAGIC: &[u8; 8] = b"PLYNET01";
/// The committed networks, one per mode that has one (see docs/tuning.md for the
/// commands that make them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Committed {
    /// Standard chess's, trained on Stockfish's static evaluation.
    Chess,
    /// Atomic chess's, started from chess's and trained on the computer's own searches.
    Atomic,
    /// King of the hill's, started from chess's and trained on the computer's own searches.
    KingOfTheHill,
    /// Last piece standing's, trained on the computer's own searches.
    LastPieceStanding,
    /// Checkers's, trained from scratch on the computer's own searches.
    Checkers,
    /// Hnefatafl's, a correction added to its weight table, trained from scratch on the
    /// computer's own searches.
    Hnefatafl,
}

/// The input a piece feeds in `view`'s hidden layer.
#[inline]
pub fn input(view: Player, owner: Player, role: Role, square: u8) -> usize {
    let other = usize::from(owner != view);
    let square = if view == Player::First {
        square
    } else {
        square ^ 56
    };
    (other * 6 + role as usize) * 64 + usize::from(square)
}

/// A network's weights as the trainer holds them, in floating point.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatWeights {
    /// `INPUTS` rows of `HIDDEN` weights.
    pub input: Vec<f32>,
    /// The hidden layer's biases.
    pub hidden_bias: Vec<f32>,
    /// The output's weights: `HIDDEN` for the side to move's layer, then `HIDDEN` for
    /// the other side's.
    pub output: Vec<f32>,
    /// The output's bias.
    pub output_bias: f32,
}

/// A network in integers, as the evaluation runs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceNetwork {
    input: Vec<[i16; HIDDEN]>,
    hidden_bias: [i16; HIDDEN],
    output: [[i16; HIDDEN]; 2],
    output_bias: i32,
    /// Centipawns of the evaluation per unit of the output (the logit of the expected
    /// score it was trained to).
    centipawns_per_logit: i32,
}

/// Why bytes could not be read as a network.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// The bytes do not start like a network.
    #[error("not a network on the pieces (wrong first bytes)")]
    NotANetwork,
    /// The layout is for another number of hidden units.
    #[error("the network has {0} hidden units; this build runs {HIDDEN}")]
    OtherShape(u32),
    /// The weights are cut short or run on.
    #[error("the network's weights are damaged (wrong length)")]
    Damaged,
}

/// Why floating-point weights cannot be kept in integers.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum QuantiseError {
    /// A layer has the wrong number of weights.
    #[error("the {0} has the wrong number of weights")]
    WrongShape(&'static str),
    /// A weight is too large (or not a number) for its integer.
    #[error("a weight of the {0} is out of range for its integer")]
    OutOfRange(&'static str),
}

/// The most pieces a board holds: hnefatafl's 37 (chess has 32).
pub const MOST_PIECES: usize = 37;

/// The largest first-layer weight or bias: a hidden sum of a bias and a full board of
/// them cannot overflow its `i16`.
const LARGEST_SUMMED: i16 = i16::MAX / (MOST_PIECES as i16 + 1);

/// Rounds `value * scale` to an `i16` no larger than `largest`, if it fits.
fn to_i16(value: f32, scale: i32, largest: i16, layer: &'static str) -> Result<i16, QuantiseError> {
    let scaled = (value * scale as f32).round();
    if scaled.is_finite() && scaled.abs() <= f32::from(largest) {
        Ok(scaled as i16)
    } else {
        Err(QuantiseError::OutOfRange(layer))
    }
}

impl PieceNetwork {
    /// A committed network, read once.
    pub fn committed(which: Committed) -> &'static PieceNetwork {
        static CHESS: OnceLock<PieceNetwork> = OnceLock::new();
        static ATOMIC: OnceLock<PieceNetwork> = OnceLock::new();
        static KING_OF_THE_HILL: OnceLock<PieceNetwork> = OnceLock::new();
        static CHECKERS: OnceLock<PieceNetwork> = OnceLock::new();
        static LAST_PIECE_STANDING: OnceLock<PieceNetwork> = OnceLock::new();
        static HNEFATAFL: OnceLock<PieceNetwork> = OnceLock::new();
        let (network, bytes): (_, &[u8]) = match which {
            Committed::Chess => (&CHESS, include_bytes!("../../data/chess-network.bin")),
            Committed::Atomic => (&ATOMIC, include_bytes!("../../data/atomic-network.bin")),
            Committed::KingOfTheHill => (
                &KING_OF_THE_HILL,
                include_bytes!("../../data/koth-network.bin"),
            ),
            Committed::LastPieceStanding => (
                &LAST_PIECE_STANDING,
                include_bytes!("../../data/lps-network.bin"),
            ),
            Committed::Checkers => (&CHECKERS, include_bytes!("../../data/checkers-network.bin")),
            Committed::Hnefatafl => (
                &HNEFATAFL,
                include_bytes!("../../data/hnefatafl-network.bin"),
            ),
        };
        network.get_or_init(|| {
            PieceNetwork::from_bytes(bytes)
                .unwrap_or_else(|e| panic!("the committed network {which:?} does not read: {e}"))
        })
    }

    /// Rounds trained weights to integers. `centipawns_per_logit` turns the output
    /// into the evaluation's units.
    pub fn quantise(
        weights: &FloatWeights,
        centipawns_per_logit: i32,
    ) -> Result<PieceNetwork, QuantiseError> {
        if weights.input.len() != INPUTS * HIDDEN {
            return Err(QuantiseError::WrongShape("input layer"));
        }
        if weights.hidden_bias.len() != HIDDEN {
            return Err(QuantiseError::WrongShape("hidden layer"));
        }
        if weights.output.len() != 2 * HIDDEN {
            return Err(QuantiseError::WrongShape("output layer"));
        }
        let mut input = vec![[0; HIDDEN]; INPUTS];
        for (row, values) in input.iter_mut().zip(weights.input.chunks(HIDDEN)) {
            for (slot, &value) in row.iter_mut().zip(values) {
                *slot = to_i16(value, ACTIVATION_SCALE, LARGEST_SUMMED, "input layer")?;
            }
        }
        let mut hidden_bias = [0; HIDDEN];
        for (slot, &value) in hidden_bias.iter_mut().zip(&weights.hidden_bias) {
            *slot = to_i16(value, ACTIVATION_SCALE, LARGEST_SUMMED, "hidden layer")?;
        }
        let mut output = [[0; HIDDEN]; 2];
        for (row, values) in output.iter_mut().zip(weights.output.chunks(HIDDEN)) {
            for (slot, &value) in row.iter_mut().zip(values) {
                *slot = to_i16(value, OUTPUT_SCALE, i16::MAX, "output layer")?;
            }
        }
        let bias = (weights.output_bias * (ACTIVATION_SCALE * OUTPUT_SCALE) as f32).round();
        if !bias.is_finite() || bias.abs() > i32::MAX as f32 / 2.0 {
            return Err(QuantiseError::OutOfRange("output bias"));
        }
        Ok(PieceNetwork {
            input,
            hidden_bias,
            output,
            output_bias: bias as i32,
            centipawns_per_logit,
        })
    }

    /// Centipawns of the evaluation per unit of the output.
    pub fn centipawns_per_logit(&self) -> i32 {
        self.centipawns_per_logit
    }

    /// The weights in floating point, as [`PieceNetwork::quantise`] took them (up to
    /// its rounding), so that training can start from a network.
    pub fn to_float_weights(&self) -> FloatWeights {
        let first = |value: i16| f32::from(value) / ACTIVATION_SCALE as f32;
        FloatWeights {
            input: self
                .input
                .iter()
                .flatten()
                .map(|&value| first(value))
                .collect(),
            hidden_bias: self.hidden_bias.map(first).to_vec(),
            output: (self.output.iter().flatten())
                .map(|&value| f32::from(value) / OUTPUT_SCALE as f32)
                .collect(),
            output_bias: self.output_bias as f32 / (ACTIVATION_SCALE * OUTPUT_SCALE) as f32,
        }
    }

    /// The network's file: the magic bytes, the hidden layer's size and the centipawns
    /// per logit (u32 and i32), the input rows, the hidden biases and the output weights
    /// (i16), and the output's bias (i32), all little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend((HIDDEN as u32).to_le_bytes());
        bytes.extend(self.centipawns_per_logit.to_le_bytes());
        let rows = self.input.iter().chain([&self.hidden_bias]);
        for value in rows.chain(&self.output).flatten() {
            bytes.extend(value.to_le_bytes());
        }
        bytes.extend(self.output_bias.to_le_bytes());
        bytes
    }

    /// Reads a network file written by [`PieceNetwork::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<PieceNetwork, NetworkError> {
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or(NetworkError::NotANetwork)?;
        let word = |at: usize| -> Result<[u8; 4], NetworkError> {
            rest.get(at..at + 4)
                .and_then(|word| word.try_into().ok())
                .ok_or(NetworkError::Damaged)
        };
        let hidden = u32::from_le_bytes(word(0)?);
        if hidden as usize != HIDDEN {
            return Err(NetworkError::OtherShape(hidden));
        }
        let centipawns_per_logit = i32::from_le_bytes(word(4)?);
        let rows = INPUTS + 1 + 2;
        let weights_end = 8 + rows * HIDDEN * 2;
        if rest.len() != weights_end + 4 {
            return Err(NetworkError::Damaged);
        }
        let mut values = rest[8..weights_end]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut row = || {
            let mut row = [0; HIDDEN];
            for (slot, value) in row.iter_mut().zip(&mut values) {
                *slot = value;
            }
            row
        };
        let input = (0..INPUTS).map(|_| row()).collect();
        let hidden_bias = row();
        let output = [row(), row()];
        Ok(PieceNetwork {
            input,
            hidden_bias,
            output,
            output_bias: i32::from_le_bytes(word(weights_end)?),
            centipawns_per_logit,
        })
    }

    /// The evaluation, in centipawns from `to_move`'s view, of a board holding
    /// `pieces` (each an owner, a role and a square). With up to [`MOST_PIECES`] the
    /// hidden sums cannot overflow; with more they saturate.
    pub fn evaluate(
        &self,
        pieces: impl Iterator<Item = (Player, Role, u8)>,
        to_move: Player,
    ) -> i32 {
        let mut layers = [self.hidden_bias, self.hidden_bias];
        for (owner, role, square) in pieces {
            for view in Player::BOTH {
                let row = &self.input[input(view, owner, role, square)];
                for (sum, &weight) in layers[view.index()].iter_mut().zip(row) {
                    *sum = sum.saturating_add(weight);
                }
            }
        }
        let own = &layers[to_move.index()];
        let other = &layers[to_move.opponent().index()];
        let mut sum = self.output_bias;
        for (layer, weights) in [own, other].into_iter().zip(&self.output) {
            for (&value, &weight) in layer.iter().zip(weights) {
                sum += i32::from(value).clamp(0, ACTIVATION_SCALE) * i32::from(weight);
            }
        }
        let divisor = i64::from(ACTIVATION_SCALE * OUTPUT_SCALE);
        (i64::from(sum) * i64::from(self.centipawns_per_logit) / divisor) as i32
    }
}
