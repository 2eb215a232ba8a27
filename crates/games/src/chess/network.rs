//! The learned evaluation of standard chess, atomic chess, king of the hill, last piece
//! standing, checkers and hnefatafl: a small network on where the pieces stand
//! (checkers's and hnefatafl's pieces are laid on chess roles and squares, see
//! `crate::checkers` and `crate::hnefatafl`). Each side's view sums one row of
//! weights per piece into a hidden layer (clipped at one); the output weighs the side to
//! move's layer and the other's, with its own weights for each stage of the game (an
//! output bucket, chosen by how many pieces are left). It is trained by `ply tune net`
//! in floating point and kept here in integers: the committed files
//! `data/MODE-network.bin` hold the rounded weights (see docs/tuning.md for the runs).

use super::Role;
use super::accumulator::{self, Inputs};
use ply_core::Player;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// Inputs of one view: a piece's owner (the view's own side or the other), its role
/// and its square, mirrored top to bottom in Black's view.
pub const INPUTS: usize = 2 * 6 * 64;
/// Hidden units of one view in a network started afresh, unless the trainer is told
/// otherwise; a network file says its own.
pub const DEFAULT_HIDDEN: usize = 64;
/// The fewest hidden units of one view a network may have.
pub const FEWEST_HIDDEN: usize = 32;
/// The most hidden units of one view a network may have.
pub const MOST_HIDDEN: usize = 512;
/// What a hidden unit's full activation (1.0) is in integers, and so the factor of the
/// first layer's weights and biases.
pub const ACTIVATION_SCALE: i32 = 255;
/// The factor of the output layer's weights.
pub const OUTPUT_SCALE: i32 = 512;

/// The most output buckets a network may have.
pub const MOST_BUCKETS: usize = 8;
/// The pieces of a full chess board, over which the output buckets are spread.
const FULL_BOARD: usize = 32;

/// The file's first bytes: what it is and the version of its layout (the first had one
/// output bucket and no word saying how many).
const MAGIC: &[u8; 8] = b"PLYNET02";
/// The first layout's first bytes, still read.
const MAGIC_ONE_BUCKET: &[u8; 8] = b"PLYNET01";
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

/// The output bucket of a board holding `pieces`, of a network with `buckets`: the
/// pieces from 1 to 32 spread evenly over them, more than 32 in the last.
#[inline]
pub fn output_bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(1) * buckets / FULL_BOARD).min(buckets - 1)
}

/// Whether a network may have `buckets` output buckets: 1 to [`MOST_BUCKETS`].
pub fn bucket_count_allowed(buckets: usize) -> bool {
    (1..=MOST_BUCKETS).contains(&buckets)
}

/// Whether a view may have `hidden` units: a power of two from [`FEWEST_HIDDEN`] to
/// [`MOST_HIDDEN`], each a size the evaluation is compiled for.
pub fn hidden_size_allowed(hidden: usize) -> bool {
    (FEWEST_HIDDEN..=MOST_HIDDEN).contains(&hidden) && hidden.is_power_of_two()
}

/// A network's weights as the trainer holds them, in floating point.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatWeights {
    /// `INPUTS` rows of one weight per hidden unit.
    pub input: Vec<f32>,
    /// The hidden layer's biases, one per unit (their number is the layer's size).
    pub hidden_bias: Vec<f32>,
    /// The output's weights, for each output bucket in turn: one per unit of the side
    /// to move's layer, then one per unit of the other side's.
    pub output: Vec<f32>,
    /// The output's bias in each bucket (their number is the number of buckets).
    pub output_bias: Vec<f32>,
}

/// A network in integers, as the evaluation runs it.
#[derive(Clone, Debug)]
pub struct PieceNetwork {
    /// Tells this network's sums from another's in a thread's kept sums
    /// (`super::accumulator`): unique to each network read or rounded.
    identity: u64,
    /// Hidden units of one view.
    hidden: usize,
    /// `INPUTS` rows of `hidden` weights.
    input: Vec<i16>,
    /// `hidden` biases.
    hidden_bias: Vec<i16>,
    /// Output buckets, chosen by the number of pieces ([`output_bucket`]).
    buckets: usize,
    /// For each bucket, `hidden` weights for the side to move's layer, then `hidden` for
    /// the other's.
    output: Vec<i16>,
    /// The output's bias in each bucket.
    output_bias: Vec<i32>,
    /// Centipawns of the evaluation per unit of the output (the logit of the expected
    /// score it was trained to).
    centipawns_per_logit: i32,
}

/// Two networks are the same if their weights and scale are, whatever their identity.
impl PartialEq for PieceNetwork {
    fn eq(&self, other: &Self) -> bool {
        (self.hidden, self.buckets, &self.input, &self.hidden_bias)
            == (
                other.hidden,
                other.buckets,
                &other.input,
                &other.hidden_bias,
            )
            && (&self.output, &self.output_bias, self.centipawns_per_logit)
                == (
                    &other.output,
                    &other.output_bias,
                    other.centipawns_per_logit,
                )
    }
}

impl Eq for PieceNetwork {}

/// A new network's identity.
fn new_identity() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Why bytes could not be read as a network.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// The bytes do not start like a network.
    #[error("not a network on the pieces (wrong first bytes)")]
    NotANetwork,
    /// The layer has a number of hidden units this build does not run.
    #[error(
        "the network has {0} hidden units; this build runs a power of two from \
         {FEWEST_HIDDEN} to {MOST_HIDDEN}"
    )]
    OtherShape(u32),
    /// The output has a number of buckets this build does not run.
    #[error("the network has {0} output buckets; this build runs 1 to {MOST_BUCKETS}")]
    OtherBuckets(u32),
    /// The output's weights could add up past what its integer holds.
    #[error("the network's output weights are too large for its sums")]
    OutputTooLarge,
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
    /// The hidden layer's size is not one this build runs.
    #[error(
        "{0} hidden units: a network has a power of two from {FEWEST_HIDDEN} to \
         {MOST_HIDDEN}"
    )]
    HiddenSize(usize),
    /// The output has a number of buckets this build does not run.
    #[error("{0} output buckets: a network has 1 to {MOST_BUCKETS}")]
    BucketCount(usize),
    /// A weight is too large (or not a number) for its integer.
    #[error("a weight of the {0} is out of range for its integer")]
    OutOfRange(&'static str),
}

/// The most pieces a board holds: hnefatafl's 37 (chess has 32).
pub const MOST_PIECES: usize = 37;

/// The largest first-layer weight or bias: a hidden sum of a bias and a full board of
/// them cannot overflow its `i16`.
const LARGEST_SUMMED: i16 = i16::MAX / (MOST_PIECES as i16 + 1);

/// The largest first-layer weight or bias a network can keep, in floating point.
pub const LARGEST_FIRST_LAYER_WEIGHT: f32 = LARGEST_SUMMED as f32 / ACTIVATION_SCALE as f32;

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
    /// into the evaluation's units. The hidden layer's size is the number of its biases,
    /// the output buckets' the number of output biases.
    pub fn quantise(
        weights: &FloatWeights,
        centipawns_per_logit: i32,
    ) -> Result<PieceNetwork, QuantiseError> {
        let hidden = weights.hidden_bias.len();
        if !hidden_size_allowed(hidden) {
            return Err(QuantiseError::HiddenSize(hidden));
        }
        if weights.input.len() != INPUTS * hidden {
            return Err(QuantiseError::WrongShape("input layer"));
        }
        let buckets = weights.output_bias.len();
        if !bucket_count_allowed(buckets) {
            return Err(QuantiseError::BucketCount(buckets));
        }
        if weights.output.len() != buckets * 2 * hidden {
            return Err(QuantiseError::WrongShape("output layer"));
        }
        let round = |values: &[f32], scale, largest, layer| {
            values
                .iter()
                .map(|&value| to_i16(value, scale, largest, layer))
                .collect::<Result<Vec<i16>, _>>()
        };
        let output_bias = weights
            .output_bias
            .iter()
            .map(|&bias| {
                let bias = (bias * (ACTIVATION_SCALE * OUTPUT_SCALE) as f32).round();
                if bias.is_finite() && bias.abs() <= i32::MAX as f32 / 2.0 {
                    Ok(bias as i32)
                } else {
                    Err(QuantiseError::OutOfRange("output bias"))
                }
            })
            .collect::<Result<Vec<i32>, _>>()?;
        let input = round(
            &weights.input,
            ACTIVATION_SCALE,
            LARGEST_SUMMED,
            "input layer",
        )?;
        let network = PieceNetwork {
            identity: new_identity(),
            hidden,
            input,
            hidden_bias: round(
                &weights.hidden_bias,
                ACTIVATION_SCALE,
                LARGEST_SUMMED,
                "hidden layer",
            )?,
            buckets,
            output: round(&weights.output, OUTPUT_SCALE, i16::MAX, "output layer")?,
            output_bias,
            centipawns_per_logit,
        };
        if !network.output_sums_fit() {
            return Err(QuantiseError::OutOfRange("output layer"));
        }
        Ok(network)
    }

    /// Whether the output's sum stays within an `i32` in every bucket whatever the
    /// hidden units hold.
    fn output_sums_fit(&self) -> bool {
        self.output
            .chunks(2 * self.hidden)
            .zip(&self.output_bias)
            .all(|(weights, &bias)| {
                let largest: i64 = weights
                    .iter()
                    .map(|&weight| i64::from(weight).abs() * i64::from(ACTIVATION_SCALE))
                    .sum::<i64>()
                    + i64::from(bias).abs();
                largest <= i64::from(i32::MAX)
            })
    }

    /// Hidden units of one view.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// What tells this network from another in a thread's kept sums.
    pub(super) fn identity(&self) -> u64 {
        self.identity
    }

    /// The weights `input` adds to a view's hidden sums (`HIDDEN` being the network's
    /// number of units).
    #[inline]
    pub(super) fn row<const HIDDEN: usize>(&self, input: usize) -> &[i16; HIDDEN] {
        (self.input[input * HIDDEN..(input + 1) * HIDDEN])
            .try_into()
            .expect("a whole row")
    }

    /// The hidden layer's biases (`HIDDEN` being the network's number of units).
    pub(super) fn hidden_bias<const HIDDEN: usize>(&self) -> &[i16; HIDDEN] {
        self.hidden_bias[..].try_into().expect("a whole layer")
    }

    /// The evaluation, in centipawns, from the hidden sums of the side to move's view
    /// (`own`) and of the other side's, of a board holding `pieces`.
    #[inline]
    pub(super) fn output<const HIDDEN: usize>(
        &self,
        own: &[i16; HIDDEN],
        other: &[i16; HIDDEN],
        pieces: usize,
    ) -> i32 {
        let bucket = output_bucket(pieces, self.buckets);
        let mut sum = self.output_bias[bucket];
        let weights = &self.output[bucket * 2 * HIDDEN..(bucket + 1) * 2 * HIDDEN];
        for (layer, weights) in [own, other].into_iter().zip(weights.chunks_exact(HIDDEN)) {
            for (&value, &weight) in layer.iter().zip(weights) {
                sum += i32::from(value).clamp(0, ACTIVATION_SCALE) * i32::from(weight);
            }
        }
        let divisor = i64::from(ACTIVATION_SCALE * OUTPUT_SCALE);
        (i64::from(sum) * i64::from(self.centipawns_per_logit) / divisor) as i32
    }

    /// Centipawns of the evaluation per unit of the output.
    pub fn centipawns_per_logit(&self) -> i32 {
        self.centipawns_per_logit
    }

    /// The weights in floating point, as [`PieceNetwork::quantise`] took them (up to
    /// its rounding), so that training can start from a network.
    pub fn to_float_weights(&self) -> FloatWeights {
        let scaled = |values: &[i16], scale: i32| {
            values
                .iter()
                .map(|&value| f32::from(value) / scale as f32)
                .collect()
        };
        FloatWeights {
            input: scaled(&self.input, ACTIVATION_SCALE),
            hidden_bias: scaled(&self.hidden_bias, ACTIVATION_SCALE),
            output: scaled(&self.output, OUTPUT_SCALE),
            output_bias: self
                .output_bias
                .iter()
                .map(|&bias| bias as f32 / (ACTIVATION_SCALE * OUTPUT_SCALE) as f32)
                .collect(),
        }
    }

    /// The network's file: the magic bytes, the hidden layer's size, the number of
    /// output buckets and the centipawns per logit (u32, u32 and i32), the input rows,
    /// the hidden biases and the output weights (i16), and the output's bias in each
    /// bucket (i32), all little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend((self.hidden as u32).to_le_bytes());
        bytes.extend((self.buckets as u32).to_le_bytes());
        bytes.extend(self.centipawns_per_logit.to_le_bytes());
        let values = self
            .input
            .iter()
            .chain(&self.hidden_bias)
            .chain(&self.output);
        for value in values {
            bytes.extend(value.to_le_bytes());
        }
        for bias in &self.output_bias {
            bytes.extend(bias.to_le_bytes());
        }
        bytes
    }

    /// Reads a network file written by [`PieceNetwork::to_bytes`], or by the builds
    /// before output buckets (one bucket, and no word saying so).
    pub fn from_bytes(bytes: &[u8]) -> Result<PieceNetwork, NetworkError> {
        let (rest, says_buckets) = if let Some(rest) = bytes.strip_prefix(MAGIC.as_slice()) {
            (rest, true)
        } else {
            let rest = bytes
                .strip_prefix(MAGIC_ONE_BUCKET.as_slice())
                .ok_or(NetworkError::NotANetwork)?;
            (rest, false)
        };
        let word = |at: usize| -> Result<[u8; 4], NetworkError> {
            rest.get(at..at + 4)
                .and_then(|word| word.try_into().ok())
                .ok_or(NetworkError::Damaged)
        };
        let hidden = u32::from_le_bytes(word(0)?);
        if !hidden_size_allowed(hidden as usize) {
            return Err(NetworkError::OtherShape(hidden));
        }
        let hidden = hidden as usize;
        let (buckets, header) = if says_buckets {
            (u32::from_le_bytes(word(4)?), 12)
        } else {
            (1, 8)
        };
        if !bucket_count_allowed(buckets as usize) {
            return Err(NetworkError::OtherBuckets(buckets));
        }
        let buckets = buckets as usize;
        let centipawns_per_logit = i32::from_le_bytes(word(header - 4)?);
        let rows = INPUTS + 1 + 2 * buckets;
        let weights_end = header + rows * hidden * 2;
        if rest.len() != weights_end + 4 * buckets {
            return Err(NetworkError::Damaged);
        }
        let values: Vec<i16> = rest[header..weights_end]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        let (input, rest_of_values) = values.split_at(INPUTS * hidden);
        let (hidden_bias, output) = rest_of_values.split_at(hidden);
        let network = PieceNetwork {
            identity: new_identity(),
            hidden,
            input: input.to_vec(),
            hidden_bias: hidden_bias.to_vec(),
            buckets,
            output: output.to_vec(),
            output_bias: (0..buckets)
                .map(|bucket| word(weights_end + 4 * bucket).map(i32::from_le_bytes))
                .collect::<Result<_, _>>()?,
            centipawns_per_logit,
        };
        if !network.output_sums_fit() {
            return Err(NetworkError::OutputTooLarge);
        }
        Ok(network)
    }

    /// The evaluation, in centipawns from `to_move`'s view, of a board holding
    /// `pieces` (each an owner, a role and a square). A board of up to
    /// [`MOST_PIECES`] is evaluated from this thread's sums of the board it evaluated
    /// last, which the search makes a move or two away (the same result as
    /// [`PieceNetwork::evaluate_afresh`]); a board of more is summed afresh.
    pub fn evaluate(
        &self,
        pieces: impl Iterator<Item = (Player, Role, u8)>,
        to_move: Player,
    ) -> i32 {
        let mut inputs = Inputs::default();
        let mut count = 0;
        for (owner, role, square) in pieces {
            inputs.insert(input(Player::First, owner, role, square));
            count += 1;
        }
        if count > MOST_PIECES {
            return self.evaluate_afresh(inputs.pieces(), to_move);
        }
        accumulator::evaluate(self, &inputs, to_move == Player::First)
    }

    /// [`PieceNetwork::evaluate`], summing every piece's rows afresh: with more than
    /// [`MOST_PIECES`] the hidden sums saturate rather than overflow.
    pub fn evaluate_afresh(
        &self,
        pieces: impl Iterator<Item = (Player, Role, u8)>,
        to_move: Player,
    ) -> i32 {
        match self.hidden {
            32 => self.evaluate_sized::<32>(pieces, to_move),
            64 => self.evaluate_sized::<64>(pieces, to_move),
            128 => self.evaluate_sized::<128>(pieces, to_move),
            256 => self.evaluate_sized::<256>(pieces, to_move),
            _ => self.evaluate_sized::<MOST_HIDDEN>(pieces, to_move),
        }
    }

    /// [`PieceNetwork::evaluate_afresh`] compiled for `HIDDEN` units, so that the sums
    /// run as vector instructions over whole rows.
    fn evaluate_sized<const HIDDEN: usize>(
        &self,
        pieces: impl Iterator<Item = (Player, Role, u8)>,
        to_move: Player,
    ) -> i32 {
        let bias = self.hidden_bias::<HIDDEN>();
        let mut sums = [*bias, *bias];
        let mut count = 0;
        for (owner, role, square) in pieces {
            count += 1;
            for view in Player::BOTH {
                let weights = self.row::<HIDDEN>(input(view, owner, role, square));
                for (sum, &weight) in sums[view.index()].iter_mut().zip(weights) {
                    *sum = sum.saturating_add(weight);
                }
            }
        }
        self.output(
            &sums[to_move.index()],
            &sums[to_move.opponent().index()],
            count,
        )
    }
}
