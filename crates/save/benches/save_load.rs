//! How long saving and loading a 200-move game takes, and how large its file is
//! (the targets: each under a millisecond, the file under 2 KB).

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::Criterion;
use ply_save::SavedGame;
use std::hint::black_box;

fn save_and_load(c: &mut Criterion) {
    for mode in ["chess", "mega", "checkers", "hnefatafl"] {
        let game = common::saved("Benchmark", common::game_of_length(mode, 200));
        let bytes = game.to_bytes().expect("encodes");
        println!("{mode}: a 200-move save is {} bytes", bytes.len());
        c.bench_function(&format!("save 200 moves ({mode})"), |b| {
            b.iter(|| black_box(&game).to_bytes().expect("encodes"))
        });
        c.bench_function(&format!("load 200 moves ({mode})"), |b| {
            b.iter(|| SavedGame::from_bytes(black_box(&bytes)).expect("decodes"))
        });
    }
}

// What `criterion_group!`/`criterion_main!` expand to, without their undocumented
// public function.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    save_and_load(&mut criterion);
    criterion.final_summary();
}
