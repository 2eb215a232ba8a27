//! `ply book connect4`: regenerates Connect Four's opening book with the mode's own
//! solver, so the committed book file can always be remade and checked.

use clap::Args;
use ply_games::connect4::book::Book;
use std::time::Instant;

/// Arguments of `ply book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The mode whose book to make (only `connect4` has one).
    mode: String,
    /// The most counters a book position has.
    #[arg(long, default_value_t = 1)]
    plies: u32,
    /// Threads to solve on.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Where to write the book.
    #[arg(long, default_value = "crates/games/data/connect4-book.bin")]
    out: std::path::PathBuf,
}

/// Solves the book's positions layer by layer and writes the book.
pub fn run(args: &BookArgs) -> Result<(), String> {
    if args.mode != "connect4" {
        return Err(format!(
            "only connect4 has an opening book, not '{}'",
            args.mode
        ));
    }
    let started = Instant::now();
    let book = Book::generate(args.plies, args.threads, &|plies, positions| {
        say!(
            "{plies:>2} counters: {positions:>6} positions ({} s)",
            started.elapsed().as_secs()
        );
    });
    let bytes = book.to_bytes();
    std::fs::write(&args.out, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    say!(
        "{} positions, {} bytes, in {} s -> {}",
        book.len(),
        bytes.len(),
        started.elapsed().as_secs(),
        args.out.display()
    );
    Ok(())
}
