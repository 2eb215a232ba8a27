//! The hidden sums of the last board a thread evaluated with a network, kept so that
//! the next evaluation adds and takes away only the rows of the pieces that differ: a
//! search evaluates boards a move or two apart one after another, so most rows are
//! already summed. The sums are exact integers (no saturation can occur with the
//! pieces a board holds, see `network::LARGEST_SUMMED`), so the result is the same as
//! summing afresh.

use super::Role;
use super::network::{INPUTS, MOST_HIDDEN, PieceNetwork};
use ply_core::Player;
use std::cell::RefCell;

/// Words of a set of inputs.
const WORDS: usize = INPUTS / 64;

/// A set of a network's inputs, each as seen from the first player's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Inputs([u64; WORDS]);

impl Inputs {
    /// Adds `input`.
    pub(super) fn insert(&mut self, input: usize) {
        self.0[input / 64] |= 1 << (input % 64);
    }

    /// How many inputs the set holds.
    fn len(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    /// The inputs in `self` but not in `other`.
    fn without(&self, other: &Inputs) -> Inputs {
        Inputs(std::array::from_fn(|word| self.0[word] & !other.0[word]))
    }

    /// The pieces of the set: each an owner, a role and a square.
    pub(super) fn pieces(&self) -> impl Iterator<Item = (Player, Role, u8)> + '_ {
        self.iter().map(|input| {
            let owner = if input < INPUTS / 2 {
                Player::First
            } else {
                Player::Second
            };
            (owner, Role::ALL[input / 64 % 6], (input % 64) as u8)
        })
    }

    /// Each input of the set.
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut rest = bits;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    word * 64 + bit
                })
            })
        })
    }
}

/// The same piece's input in the second player's view: the owner swapped (own and
/// other's halves trade places) and the board turned top to bottom.
fn second_view(input: usize) -> usize {
    ((input + INPUTS / 2) % INPUTS) ^ 56
}

/// One thread's sums of its last board.
struct Accumulator {
    /// The network they were summed with ([`PieceNetwork::identity`]; 0 for none yet).
    network: u64,
    /// The board's inputs.
    inputs: Inputs,
    /// The hidden sums of the first player's view, then of the second's.
    sums: [[i16; MOST_HIDDEN]; 2],
}

thread_local! {
    static LAST: RefCell<Accumulator> = const {
        RefCell::new(Accumulator {
            network: 0,
            inputs: Inputs([0; WORDS]),
            sums: [[0; MOST_HIDDEN]; 2],
        })
    };
}

/// The network's output for the board with `inputs`, `first_to_move` telling whose
/// view is the side to move's, from this thread's last sums brought up to date.
pub(super) fn evaluate(network: &PieceNetwork, inputs: &Inputs, first_to_move: bool) -> i32 {
    match network.hidden() {
        32 => evaluate_sized::<32>(network, inputs, first_to_move),
        64 => evaluate_sized::<64>(network, inputs, first_to_move),
        128 => evaluate_sized::<128>(network, inputs, first_to_move),
        256 => evaluate_sized::<256>(network, inputs, first_to_move),
        _ => evaluate_sized::<MOST_HIDDEN>(network, inputs, first_to_move),
    }
}

/// [`evaluate`] compiled for `HIDDEN` units.
fn evaluate_sized<const HIDDEN: usize>(
    network: &PieceNetwork,
    inputs: &Inputs,
    first_to_move: bool,
) -> i32 {
    LAST.with_borrow_mut(|last| bring_up_to_date::<HIDDEN>(network, last, inputs, first_to_move))
}

/// Brings `last` up to date with the board of `inputs` and gives the network's output
/// for it. Where the processor has AVX2 a copy compiled for it runs (picked once, at
/// the first call): the sums and the output's products take 16 units an instruction
/// instead of 8, the same integers either way.
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn bring_up_to_date<const HIDDEN: usize>(
    network: &PieceNetwork,
    last: &mut Accumulator,
    inputs: &Inputs,
    first_to_move: bool,
) -> i32 {
    let [first, second] = &mut last.sums;
    let first: &mut [i16; HIDDEN] = (&mut first[..HIDDEN]).try_into().expect("a layer");
    let second: &mut [i16; HIDDEN] = (&mut second[..HIDDEN]).try_into().expect("a layer");
    let removed = last.inputs.without(inputs);
    let added = inputs.without(&last.inputs);
    let changes = removed.len() + added.len();
    let pieces = inputs.len();
    if last.network != network.identity() || changes > pieces {
        let bias = network.hidden_bias::<HIDDEN>();
        (*first, *second) = (*bias, *bias);
        add_rows(network, inputs, first, second, i16::wrapping_add);
    } else {
        add_rows(network, &removed, first, second, i16::wrapping_sub);
        add_rows(network, &added, first, second, i16::wrapping_add);
    }
    last.network = network.identity();
    last.inputs = *inputs;
    if first_to_move {
        network.output(first, second, pieces as usize)
    } else {
        network.output(second, first, pieces as usize)
    }
}

/// Applies `step` (adding or taking away) to each view's sums with the rows of
/// `inputs`.
#[inline]
fn add_rows<const HIDDEN: usize>(
    network: &PieceNetwork,
    inputs: &Inputs,
    first: &mut [i16; HIDDEN],
    second: &mut [i16; HIDDEN],
    step: fn(i16, i16) -> i16,
) {
    for input in inputs.iter() {
        for (sums, row) in [
            (&mut *first, network.row::<HIDDEN>(input)),
            (&mut *second, network.row::<HIDDEN>(second_view(input))),
        ] {
            for (sum, &weight) in sums.iter_mut().zip(row) {
                *sum = step(*sum, weight);
            }
        }
    }
}
