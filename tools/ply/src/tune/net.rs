//! `ply tune net`: trains the network on the pieces of standard chess, atomic chess, king
//! of the hill, last piece standing, checkers or hnefatafl (see
//! `ply_games::chess::network`) to the scores in positions files, by Adam over shuffled
//! mini-batches, and writes it rounded to integers. Each position's target is its score
//! turned into an expected result (`1 / (1 + 10^(-s/400))`, the 400 widened by
//! `--score-scale`, from the side to move's view, blended with the game's result by
//! `--result-share`); the network learns the logit of it
//! (in hnefatafl, added to its weight table's score, which it learns to correct).
//! Whole games are held out (by a hash of their number, as `ply tune fit` does) and the
//! epoch with the least error on them is kept. Positions the mode's evaluation gives to
//! its weight table instead (last piece standing's hunts) are left out.

use super::fit::expected_score;
use super::parallel::sum_on_threads;
use super::samples::read_sample_files;
use clap::Args;
use ply_core::{Player, Rules, zobrist::splitmix64};
use ply_games::checkers::Checkers;
use ply_games::chess::network::{
    DEFAULT_HIDDEN, FEWEST_HIDDEN, FloatWeights, INPUTS, LARGEST_FIRST_LAYER_WEIGHT, MOST_BUCKETS,
    MOST_HIDDEN, MOST_PIECES, PieceNetwork, bucket_count_allowed, hidden_size_allowed, input,
    output_bucket,
};
use ply_games::chess::{AtomicRules, Chess, KothRules, LpsRules, Role, StandardRules, Variant};
use ply_games::hnefatafl::Hnefatafl;
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `ply tune net`.
#[derive(Args, Debug)]
pub struct NetArgs {
    /// Mode identifier: chess, atomic, koth, lps, checkers or hnefatafl, the modes with a
    /// network.
    #[arg(long)]
    pub mode: String,
    /// A positions file with a score on every line (repeatable).
    #[arg(long = "positions", required = true)]
    positions: Vec<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 8)]
    epochs: u32,
    /// Adam's step size; it falls to three tenths of this for the last 30% of epochs.
    #[arg(long, default_value_t = 0.002)]
    rate: f32,
    /// Positions per step.
    #[arg(long, default_value_t = 1024)]
    batch: usize,
    /// Percent of positions held out of the training to check it.
    #[arg(long, default_value_t = 20)]
    holdout_percent: u64,
    /// Threads computing each step's gradient.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// A network file to start from (such as chess's, for a mode with fewer
    /// positions); without it the weights start small and random.
    #[arg(long)]
    from: Option<PathBuf>,
    /// Hidden units of each view (a power of two from 32 to 512): 64 for a network
    /// started afresh unless given. A network given by `--from` keeps its own width
    /// unless this is wider; then it is widened, its own units kept and the new ones
    /// starting with small random weights into them and none out, so that it starts
    /// out evaluating exactly as it did.
    #[arg(long)]
    hidden: Option<usize>,
    /// Output buckets, 1 to 8: the output's weights and bias chosen by how many pieces
    /// are left, so that each stage of the game weighs the hidden units its own way. 1
    /// for a network started afresh unless given; a network given by `--from` keeps its
    /// own unless it has one and this asks for more: then each bucket starts as a copy
    /// of its one, so that it starts out evaluating exactly as it did.
    #[arg(long)]
    output_buckets: Option<usize>,
    /// Seed of the starting weights and of the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The evaluation's centipawns per centipawn of the positions' scores: 1/K, where K
    /// is the scale `ply tune fit --score-share 1` finds for the weight table on the same
    /// positions, so that the network speaks in the units the search's margins expect.
    #[arg(long, default_value_t = 1.0)]
    eval_per_score: f64,
    /// Scores per 400 of the target's odds scale: a score `s` is learnt as the expected
    /// result `1 / (1 + 10^(-s / (400 * SCALE)))`. Above 1 it keeps apart scores the
    /// plain curve would flatten (hnefatafl's run to thousands for odds chess gives a
    /// few hundred); the evaluation keeps the scores' units either way.
    #[arg(long, default_value_t = 1.0)]
    score_scale: f64,
    /// The share of each target taken from how the position's game ended rather than
    /// from its score, 0 to 1: the score is one shallow search's opinion, the result
    /// what the game made of it.
    #[arg(long, default_value_t = 0.0)]
    result_share: f64,
    /// Also train on each chess position turned left to right (the a-file becoming the
    /// h-file), where no side may still castle, so that neither wing is worth more than
    /// the other: the same position seen again, with the same target. Held-out
    /// positions are not turned.
    #[arg(long)]
    mirror: bool,
    /// Also learn one row per piece (its owner and role) shared by all its squares,
    /// added to each square's row when the network is written: what a piece is worth
    /// wherever it stands is then learnt from every position that holds it, and each
    /// square's row learns only what that square adds. The network written has the
    /// same shape either way.
    #[arg(long)]
    piece_rows: bool,
    /// Where to write the network (crates/games/data/MODE-network.bin); without it the
    /// training only reports.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// One position: its pieces, whose move it is, and the expected score to learn.
struct Position {
    /// What the mode's weight table adds to the network, in the evaluation's units
    /// (hnefatafl's; 0 elsewhere).
    table: i32,
    /// The same in the network's output units (logits).
    table_logit: f32,
    /// Each piece as `owner << 9 | role << 6 | square`.
    pieces: [u16; MOST_PIECES],
    count: u8,
    to_move: Player,
    /// The side to move's expected score.
    target: f32,
}

impl Position {
    fn pieces(&self) -> impl Iterator<Item = (Player, Role, u8)> + '_ {
        self.pieces[..usize::from(self.count)].iter().map(|&piece| {
            let owner = if piece >> 9 == 0 {
                Player::First
            } else {
                Player::Second
            };
            let role = Role::ALL[usize::from(piece >> 6 & 7)];
            (owner, role, (piece & 63) as u8)
        })
    }

    /// The same position turned left to right.
    fn mirrored(&self) -> Position {
        let mut pieces = self.pieces;
        for piece in &mut pieces[..usize::from(self.count)] {
            *piece ^= 7;
        }
        Position { pieces, ..*self }
    }

    /// The inputs of `view`'s hidden layer.
    fn inputs(&self, view: Player) -> impl Iterator<Item = usize> + '_ {
        self.pieces()
            .map(move |(owner, role, square)| input(view, owner, role, square))
    }
}

/// The squares of a board: each piece (owner and role) has this many input rows in a
/// row, one per square.
const SQUARES: usize = 64;
/// Rows shared by all the squares of one piece, one per owner and role (`--piece-rows`).
const PIECE_ROWS: usize = INPUTS / SQUARES;

/// The network's weights as one flat list (input rows, hidden biases, output weights
/// and output biases of each bucket, then the shared piece rows if it has them), so
/// that Adam runs over them in one loop.
#[derive(Clone)]
struct Flat {
    /// Hidden units of one view.
    hidden: usize,
    /// Output buckets.
    buckets: usize,
    /// The weights.
    weights: Vec<f32>,
    /// Whether the weights end with [`PIECE_ROWS`] rows shared by each piece's squares.
    piece_rows: bool,
}

/// A hidden layer's sums before clipping, from each view: the side to move's first
/// (only the network's number of units is used).
type Layers = [[f32; MOST_HIDDEN]; 2];

impl Flat {
    /// Where the hidden biases start.
    fn hidden_bias(&self) -> usize {
        INPUTS * self.hidden
    }

    /// Where the output's weights start.
    fn output(&self) -> usize {
        self.hidden_bias() + self.hidden
    }

    /// The output bucket of `position`.
    fn bucket(&self, position: &Position) -> usize {
        output_bucket(usize::from(position.count), self.buckets)
    }

    /// Where the output's weights for `bucket` start.
    fn bucket_output(&self, bucket: usize) -> usize {
        self.output() + bucket * 2 * self.hidden
    }

    /// Where the output's biases start, one per bucket.
    fn output_bias(&self) -> usize {
        self.output() + self.buckets * 2 * self.hidden
    }

    /// Where the network's weights end (and the shared piece rows start, if any).
    fn network_end(&self) -> usize {
        self.output_bias() + self.buckets
    }

    /// Small random starting weights (zero biases) for `hidden` units a view and
    /// `buckets` output buckets.
    fn start(hidden: usize, buckets: usize, seed: u64) -> Flat {
        let mut state = seed;
        let mut uniform = || {
            state = splitmix64(state);
            (state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0
        };
        let mut flat = Flat {
            hidden,
            buckets,
            weights: Vec::new(),
            piece_rows: false,
        };
        flat.weights = vec![0.0; flat.network_end()];
        let (hidden_bias, output, output_bias) =
            (flat.hidden_bias(), flat.output(), flat.output_bias());
        // The spreads keep a unit's starting sums and the output's starting logit about
        // as large as they were with 64 units.
        let spread = (DEFAULT_HIDDEN as f32 / hidden as f32).sqrt();
        for weight in &mut flat.weights[..hidden_bias] {
            *weight = uniform() * 0.08;
        }
        for weight in &mut flat.weights[output..output_bias] {
            *weight = uniform() * 0.17 * spread;
        }
        flat
    }

    /// The same network with `hidden` units a view: its own units as they are, the
    /// new ones with small random weights from the inputs (as [`Flat::start`] gives)
    /// and none to the output, so that it evaluates every position as before.
    fn widened(&self, hidden: usize, seed: u64) -> Flat {
        let fresh = Flat::start(hidden, self.buckets, seed);
        let old = self.hidden;
        let mut weights = Vec::with_capacity(fresh.weights.len());
        let rows = self.weights[..self.hidden_bias()].chunks(old);
        for (row, fresh_row) in rows.zip(fresh.weights[..fresh.hidden_bias()].chunks(hidden)) {
            weights.extend(row);
            weights.extend(&fresh_row[old..]);
        }
        weights.extend(&self.weights[self.hidden_bias()..self.output()]);
        weights.extend(std::iter::repeat_n(0.0, hidden - old));
        for side in self.weights[self.output()..self.output_bias()].chunks(old) {
            weights.extend(side);
            weights.extend(std::iter::repeat_n(0.0, hidden - old));
        }
        weights.extend(&self.weights[self.output_bias()..self.network_end()]);
        Flat {
            hidden,
            buckets: self.buckets,
            weights,
            piece_rows: false,
        }
    }

    /// The same network, of one output bucket, with `buckets`, each a copy of the one,
    /// so that it evaluates every position as before.
    fn with_buckets(&self, buckets: usize) -> Flat {
        let mut weights = self.weights[..self.output()].to_vec();
        for _ in 0..buckets {
            weights.extend(&self.weights[self.output()..self.output_bias()]);
        }
        for _ in 0..buckets {
            weights.extend(&self.weights[self.output_bias()..self.network_end()]);
        }
        Flat {
            hidden: self.hidden,
            buckets,
            weights,
            piece_rows: false,
        }
    }

    /// The same network with shared piece rows that start at zero, so that it
    /// evaluates every position as before.
    fn with_piece_rows(mut self) -> Flat {
        self.weights
            .extend(std::iter::repeat_n(0.0, PIECE_ROWS * self.hidden));
        self.piece_rows = true;
        self
    }

    /// The network as it evaluates: each square's row with its piece's shared row
    /// added, and no shared rows. A sum can grow past what the network file keeps
    /// ([`LARGEST_FIRST_LAYER_WEIGHT`]); [`Flat::into_float_weights`] clips it.
    fn merged(&self) -> Cow<'_, Flat> {
        if !self.piece_rows {
            return Cow::Borrowed(self);
        }
        let hidden = self.hidden;
        let mut weights = self.weights[..self.network_end()].to_vec();
        let shared = &self.weights[self.network_end()..];
        let pieces = weights[..INPUTS * hidden].chunks_mut(SQUARES * hidden);
        for (squares, piece) in pieces.zip(shared.chunks(hidden)) {
            for row in squares.chunks_mut(hidden) {
                for (weight, add) in row.iter_mut().zip(piece) {
                    *weight += add;
                }
            }
        }
        Cow::Owned(Flat {
            hidden,
            buckets: self.buckets,
            weights,
            piece_rows: false,
        })
    }

    /// The mean gradient over `batch` of all the weights, shared piece rows
    /// included: a shared row's is the sum of its squares' rows'.
    fn full_gradient(&self, batch: &[&Position], threads: usize) -> Vec<f32> {
        let merged = self.merged();
        let mut gradient = merged.gradient(batch, threads);
        if self.piece_rows {
            let hidden = self.hidden;
            let mut shared = vec![0.0; PIECE_ROWS * hidden];
            let pieces = gradient[..INPUTS * hidden].chunks(SQUARES * hidden);
            for (squares, piece) in pieces.zip(shared.chunks_mut(hidden)) {
                for row in squares.chunks(hidden) {
                    for (sum, value) in piece.iter_mut().zip(row) {
                        *sum += value;
                    }
                }
            }
            gradient.extend(shared);
        }
        gradient
    }

    /// The hidden layers' sums and the output's logit for `position`.
    fn forward(&self, position: &Position) -> (Layers, f32) {
        let (hidden, weights) = (self.hidden, &self.weights);
        let mut layers = [[0.0; MOST_HIDDEN]; 2];
        let views = [position.to_move, position.to_move.opponent()];
        for (layer, view) in layers.iter_mut().zip(views) {
            let layer = &mut layer[..hidden];
            layer.copy_from_slice(&weights[self.hidden_bias()..self.output()]);
            for index in position.inputs(view) {
                let row = &weights[index * hidden..(index + 1) * hidden];
                for (sum, weight) in layer.iter_mut().zip(row) {
                    *sum += weight;
                }
            }
        }
        let bucket = self.bucket(position);
        let mut logit = weights[self.output_bias() + bucket] + position.table_logit;
        let output = self.bucket_output(bucket);
        let output = weights[output..output + 2 * hidden].chunks(hidden);
        for (layer, row) in layers.iter().zip(output) {
            for (sum, weight) in layer.iter().zip(row) {
                logit += sum.clamp(0.0, 1.0) * weight;
            }
        }
        (layers, logit)
    }

    /// Adds the gradient of `scale` times the squared error on `position` into
    /// `gradient`.
    fn add_gradient(&self, position: &Position, scale: f32, gradient: &mut [f32]) {
        let hidden = self.hidden;
        let (layers, logit) = self.forward(position);
        let predicted = sigmoid(logit);
        let slope = scale * 2.0 * (predicted - position.target) * predicted * (1.0 - predicted);
        let bucket = self.bucket(position);
        gradient[self.output_bias() + bucket] += slope;
        let views = [position.to_move, position.to_move.opponent()];
        for (side, (layer, view)) in layers.iter().zip(views).enumerate() {
            let output = self.bucket_output(bucket) + side * hidden;
            let mut back = [0.0; MOST_HIDDEN];
            for unit in 0..hidden {
                let sum = layer[unit];
                gradient[output + unit] += slope * sum.clamp(0.0, 1.0);
                if sum > 0.0 && sum < 1.0 {
                    back[unit] = slope * self.weights[output + unit];
                }
            }
            let back = &back[..hidden];
            let biases = &mut gradient[self.hidden_bias()..self.output()];
            for (bias, value) in biases.iter_mut().zip(back) {
                *bias += value;
            }
            for index in position.inputs(view) {
                let row = &mut gradient[index * hidden..(index + 1) * hidden];
                for (weight, value) in row.iter_mut().zip(back) {
                    *weight += value;
                }
            }
        }
    }

    /// The mean gradient over `batch`, computed on `threads` threads.
    fn gradient(&self, batch: &[&Position], threads: usize) -> Vec<f32> {
        let scale = 1.0 / batch.len().max(1) as f32;
        sum_on_threads(batch, threads, self.weights.len(), |position, part| {
            self.add_gradient(position, scale, part)
        })
    }

    /// Mean squared error of the predictions on `positions`, on `threads` threads.
    fn error(&self, positions: &[Position], threads: usize) -> f64 {
        let merged = self.merged();
        mean_error(positions, threads, |position| {
            f64::from(sigmoid(merged.forward(position).1))
        })
    }

    /// The weights of a network file.
    fn read(path: &Path) -> Result<Flat, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let network =
            PieceNetwork::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        let weights = network.to_float_weights();
        let mut flat = weights.input;
        flat.extend(weights.hidden_bias);
        flat.extend(weights.output);
        flat.extend(weights.output_bias);
        Ok(Flat {
            hidden: network.hidden(),
            buckets: network.buckets(),
            weights: flat,
            piece_rows: false,
        })
    }

    /// The weights as a network file keeps them: shared piece rows added into their
    /// squares' rows (see [`Flat::merged`]) and the first layer's weights and biases
    /// clipped to what the file holds, with the number that were beyond it.
    fn into_float_weights(self) -> (FloatWeights, usize) {
        let mut flat = self.merged().into_owned();
        let largest = LARGEST_FIRST_LAYER_WEIGHT;
        let first_layer = flat.output();
        let mut beyond = 0;
        for weight in &mut flat.weights[..first_layer] {
            if weight.abs() > largest {
                beyond += 1;
                *weight = weight.clamp(-largest, largest);
            }
        }
        let weights = FloatWeights {
            input: flat.weights[..flat.hidden_bias()].to_vec(),
            hidden_bias: flat.weights[flat.hidden_bias()..flat.output()].to_vec(),
            output: flat.weights[flat.output()..flat.output_bias()].to_vec(),
            output_bias: flat.weights[flat.output_bias()..flat.network_end()].to_vec(),
        };
        (weights, beyond)
    }
}

fn sigmoid(logit: f32) -> f32 {
    1.0 / (1.0 + (-logit).exp())
}

/// The mean squared error of `predict` against the targets, on `threads` threads.
fn mean_error(
    positions: &[Position],
    threads: usize,
    predict: impl Fn(&Position) -> f64 + Sync,
) -> f64 {
    let total = sum_on_threads(positions, threads, 1, |position, total: &mut [f64]| {
        total[0] += (predict(position) - f64::from(position.target)).powi(2)
    });
    total[0] / positions.len().max(1) as f64
}

/// What the network is given of a position, or `None` for a position the mode's
/// evaluation gives to its weight table alone.
struct NetworkView {
    /// Whose move it is.
    to_move: Player,
    /// The pieces as the network sees them.
    pieces: Vec<(Player, Role, u8)>,
    /// What the mode's weight table adds to the network's output, from the side to
    /// move's view (hnefatafl's; 0 elsewhere).
    table: i32,
    /// Whether the position turned left to right is worth the same: a chess position
    /// where no side may castle.
    mirrors: bool,
}

/// Reads one position of the mode, as [`NetworkView`] or not at all.
type Reader = fn(&str) -> Result<Option<NetworkView>, String>;

/// Reads a position of chess variant `V`.
fn read_chess<V: Variant>(text: &str) -> Result<Option<NetworkView>, String> {
    let board = Chess::<V>::from_text(text).map_err(|e| e.to_string())?;
    let castling = text.split_whitespace().nth(2);
    Ok(board.network_evaluates().then(|| NetworkView {
        to_move: board.turn(),
        pieces: board.piece_list().collect(),
        table: 0,
        mirrors: castling == Some("-"),
    }))
}

/// Reads a checkers position.
fn read_checkers(text: &str) -> Result<Option<NetworkView>, String> {
    let board = Checkers::from_text(text).map_err(|e| e.to_string())?;
    Ok(Some(NetworkView {
        to_move: board.to_move(),
        pieces: board.network_pieces().collect(),
        table: 0,
        mirrors: false,
    }))
}

/// Reads a hnefatafl position, whose network learns what its weight table misses.
fn read_hnefatafl(text: &str) -> Result<Option<NetworkView>, String> {
    let board = Hnefatafl::from_text(text).map_err(|e| e.to_string())?;
    Ok(Some(NetworkView {
        to_move: board.turn(),
        pieces: board.network_pieces().collect(),
        table: board.table_score(),
        mirrors: false,
    }))
}

/// Reads the positions files into a training set and a held-out set, each position
/// read by `read`.
fn load(args: &NetArgs, read: Reader) -> Result<(Vec<Position>, Vec<Position>), String> {
    let (mut training, mut held_out) = (Vec::new(), Vec::new());
    read_sample_files(&args.positions, |sample| {
        let score = sample
            .score
            .ok_or("no score on the line (the network learns the positions' scores)")?;
        let Some(NetworkView {
            to_move,
            pieces,
            table,
            mirrors,
        }) = read(sample.position)?
        else {
            return Ok(());
        };
        let own_score = score * to_move.sign();
        let own_result = match to_move {
            Player::First => sample.result.score(),
            Player::Second => 1.0 - sample.result.score(),
        };
        let expected = expected_score(f64::from(own_score) / args.score_scale, 1.0);
        let mut position = Position {
            table,
            table_logit: table as f32 / centipawns_per_logit(args) as f32,
            pieces: [0; MOST_PIECES],
            count: 0,
            to_move,
            target: ((1.0 - args.result_share) * expected + args.result_share * own_result) as f32,
        };
        for (owner, role, square) in pieces {
            let slot = position
                .pieces
                .get_mut(usize::from(position.count))
                .ok_or(format!("more than {MOST_PIECES} pieces on the board"))?;
            *slot = (owner.index() as u16) << 9 | (role as u16) << 6 | u16::from(square);
            position.count += 1;
        }
        if splitmix64(sample.game) % 100 < args.holdout_percent {
            held_out.push(position);
        } else {
            if args.mirror && mirrors {
                training.push(position.mirrored());
            }
            training.push(position);
        }
        Ok(())
    })?;
    if training.is_empty() {
        return Err("no positions to train on".into());
    }
    Ok((training, held_out))
}

/// The evaluation's units per unit of the network's output.
fn centipawns_per_logit(args: &NetArgs) -> i32 {
    (400.0 / std::f64::consts::LN_10 * args.eval_per_score * args.score_scale).round() as i32
}

/// Shuffles `order` in place (Fisher and Yates), drawing from `state`.
fn shuffle(order: &mut [usize], state: &mut u64) {
    for last in (1..order.len()).rev() {
        *state = splitmix64(*state);
        let pick = (*state % (last as u64 + 1)) as usize;
        order.swap(last, pick);
    }
}

/// Trains the network and reports (and writes) it.
pub fn run(args: &NetArgs) -> Result<(), String> {
    let read: Reader = match args.mode.as_str() {
        "chess" => read_chess::<StandardRules>,
        "atomic" => read_chess::<AtomicRules>,
        "koth" => read_chess::<KothRules>,
        "lps" => read_chess::<LpsRules>,
        "checkers" => read_checkers,
        "hnefatafl" => read_hnefatafl,
        other => {
            return Err(format!(
                "mode '{other}' has no network to train (chess, atomic, koth, lps, checkers \
                 and hnefatafl have one)"
            ));
        }
    };
    if args.batch == 0 {
        return Err("--batch must be at least 1".into());
    }
    for (name, value) in [
        ("--eval-per-score", args.eval_per_score),
        ("--score-scale", args.score_scale),
    ] {
        if !(value.is_finite() && value > 0.0) {
            return Err(format!("{name} {value} is not a positive number"));
        }
    }
    if !(0.0..=1.0).contains(&args.result_share) {
        return Err(format!(
            "--result-share {} is not between 0 and 1",
            args.result_share
        ));
    }
    if let Some(hidden) = args.hidden.filter(|&hidden| !hidden_size_allowed(hidden)) {
        return Err(format!(
            "--hidden {hidden}: a network has a power of two from {FEWEST_HIDDEN} to \
             {MOST_HIDDEN} hidden units"
        ));
    }
    if let Some(buckets) = args
        .output_buckets
        .filter(|&buckets| !bucket_count_allowed(buckets))
    {
        return Err(format!(
            "--output-buckets {buckets}: a network has 1 to {MOST_BUCKETS} output buckets"
        ));
    }
    let mut weights = match (&args.from, args.hidden) {
        (Some(path), hidden) => {
            let from = Flat::read(path)?;
            match hidden {
                Some(hidden) if hidden < from.hidden => {
                    return Err(format!(
                        "--hidden {hidden} is narrower than the {} units of {}; a network \
                         can be widened, not narrowed",
                        from.hidden,
                        path.display()
                    ));
                }
                Some(hidden) => from.widened(hidden, args.seed),
                None => from,
            }
        }
        (None, hidden) => Flat::start(
            hidden.unwrap_or(DEFAULT_HIDDEN),
            args.output_buckets.unwrap_or(1),
            args.seed,
        ),
    };
    match args.output_buckets {
        Some(buckets) if buckets != weights.buckets && weights.buckets == 1 => {
            weights = weights.with_buckets(buckets);
        }
        Some(buckets) if buckets != weights.buckets => {
            return Err(format!(
                "--output-buckets {buckets}: the network to start from has {}; only a \
                 network of one bucket can be given more",
                weights.buckets
            ));
        }
        _ => {}
    }
    if args.piece_rows {
        weights = weights.with_piece_rows();
    }
    let started = Instant::now();
    let (training, held_out) = load(args, read)?;
    say!(
        "{} positions to train on, {} held out; read in {:.1} s",
        training.len(),
        held_out.len(),
        started.elapsed().as_secs_f64()
    );
    let (checked, which) = if held_out.is_empty() {
        (&training, "training positions, none being held out")
    } else {
        (&held_out, "held-out positions")
    };
    let count = weights.weights.len();
    let (mut first_moment, mut second_moment) = (vec![0.0f32; count], vec![0.0f32; count]);
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let mut best = (
        weights.error(checked, args.threads),
        0,
        weights.weights.clone(),
    );
    say!("error before: {:.6} (on the {which})", best.0);
    let mut order: Vec<usize> = (0..training.len()).collect();
    let mut state = args.seed;
    let mut step = 0;
    for epoch in 1..=args.epochs {
        let late = epoch > (args.epochs * 7).div_ceil(10);
        let rate = if late { args.rate * 0.3 } else { args.rate };
        shuffle(&mut order, &mut state);
        for indices in order.chunks(args.batch) {
            let batch: Vec<&Position> = indices.iter().map(|&index| &training[index]).collect();
            let gradient = weights.full_gradient(&batch, args.threads);
            step += 1;
            let (fix1, fix2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for index in 0..count {
                let g = gradient[index];
                first_moment[index] = beta1 * first_moment[index] + (1.0 - beta1) * g;
                second_moment[index] = beta2 * second_moment[index] + (1.0 - beta2) * g * g;
                let m = first_moment[index] / fix1;
                let v = second_moment[index] / fix2;
                weights.weights[index] -= rate * m / (v.sqrt() + 1e-8);
            }
        }
        let error = weights.error(checked, args.threads);
        say!(
            "epoch {epoch}: training error {:.6}, {error:.6} on the {which}, {:.0} s",
            weights.error(&training, args.threads),
            started.elapsed().as_secs_f64()
        );
        if error < best.0 {
            best = (error, epoch, weights.weights.clone());
        }
    }
    say!(
        "keeping the weights of epoch {}, where the error on the {which} was least",
        best.1
    );
    let (kept, beyond) = Flat {
        weights: best.2,
        ..weights
    }
    .into_float_weights();
    if beyond > 0 {
        say!("{beyond} first-layer weights were beyond what the network keeps: clipped");
    }
    let network = PieceNetwork::quantise(&kept, centipawns_per_logit(args))
        .map_err(|e| format!("cannot round the network to integers: {e}"))?;
    let rounded = mean_error(checked, args.threads, |position| {
        let centipawns = network.evaluate(position.pieces(), position.to_move) + position.table;
        expected_score(
            f64::from(centipawns) / (args.eval_per_score * args.score_scale),
            1.0,
        )
    });
    say!("error after, in integers: {rounded:.6} (on the {which})");
    if let Some(out) = &args.out {
        std::fs::write(out, network.to_bytes())
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        say!("wrote {}", out.display());
    }
    Ok(())
}
