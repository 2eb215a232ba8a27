//! Perft: counting the leaves of the legal move tree to a fixed depth, the standard
//! check that a move generator is exactly right (and a measure of its speed).

use ply_core::Rules;

/// Move buffers, one per ply, reused across the whole count so that nothing is
/// allocated per node.
struct Buffers<M> {
    plies: Vec<Vec<M>>,
}

impl<M> Buffers<M> {
    fn new(depth: u32) -> Self {
        Buffers {
            plies: (0..=depth).map(|_| Vec::with_capacity(256)).collect(),
        }
    }
}

/// The number of leaf positions `depth` plies below `position`. At the last ply the
/// moves are counted rather than played ("bulk counting").
pub fn perft<G: Rules>(position: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut position = position.clone();
    let mut buffers = Buffers::new(depth);
    count(&mut position, depth, &mut buffers.plies)
}

fn count<G: Rules>(position: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    position.gen_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = position.make(mv);
        total += count(position, depth - 1, deeper);
        position.unmake(mv, undo);
    }
    total
}

/// Perft split by first move: each legal move's text with the leaves below it, in
/// the order the generator produced them.
pub fn divide<G: Rules>(position: &G, depth: u32) -> Vec<(String, u64)> {
    let mut position = position.clone();
    let mut moves = Vec::new();
    position.gen_moves(&mut moves);
    let mut buffers = Buffers::new(depth);
    moves
        .into_iter()
        .map(|mv| {
            let text = position.move_text(mv);
            let undo = position.make(mv);
            let leaves = if depth <= 1 {
                1
            } else {
                count(&mut position, depth - 1, &mut buffers.plies)
            };
            position.unmake(mv, undo);
            (text, leaves)
        })
        .collect()
}
