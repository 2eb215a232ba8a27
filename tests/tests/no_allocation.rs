//! Move generation allocates nothing per node: perft to a greater depth (thousands of
//! times more nodes) makes exactly as many heap allocations as a shallow one, since all
//! it allocates is one move buffer per ply.

use ply_core::Rules;

#[global_allocator]
static ALLOCATOR: dhat::Alloc = dhat::Alloc;

/// Heap blocks allocated while `run` runs, and its result. The count is process-wide,
/// so another thread (the test harness) could add to it: the least of a few runs is
/// what `run` itself allocates.
fn allocations_during(run: impl Fn() -> u64) -> (u64, u64) {
    let mut fewest = u64::MAX;
    let mut leaves = 0;
    for _ in 0..3 {
        let before = dhat::HeapStats::get().total_blocks;
        leaves = run();
        fewest = fewest.min(dhat::HeapStats::get().total_blocks - before);
    }
    (fewest, leaves)
}

fn check<G: Rules>(position: G, shallow: u32, deep: u32) {
    // Warm up lazily built attack tables.
    ply_ai::perft::perft(&position, 2);
    let (few, small) = allocations_during(|| ply_ai::perft::perft(&position, shallow));
    let (many, large) = allocations_during(|| ply_ai::perft::perft(&position, deep));
    assert!(
        large > 1000 * small.max(1) / 100,
        "the deep count visits far more nodes"
    );
    // One buffer per ply, nothing per node.
    assert_eq!(
        many - few,
        u64::from(deep - shallow),
        "{} vs {} allocations",
        many,
        few
    );
}

#[test]
fn perft_allocates_one_buffer_per_ply_only() {
    let _profiler = dhat::Profiler::builder().testing().build();
    check(ply_games::chess::Standard::start(), 2, 4);
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    check(
        ply_games::chess::Standard::from_text(kiwipete).unwrap(),
        1,
        3,
    );
    check(ply_games::chess::Atomic::start(), 2, 4);
    check(ply_games::chess::MegaChess::start(), 1, 3);
}
