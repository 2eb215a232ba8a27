//! `ply book connect4`: regenerates Connect Four's opening book with the mode's own
//! solver, so the committed book file can always be remade and checked.

use clap::{Args, ValueEnum};
use ply_games::connect4::book::{Book, LayerDone, Plan, after_any, roots};
use std::time::Instant;

/// Arguments of `ply book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The mode whose book to make (only `connect4` has one).
    mode: String,
    /// The most counters a book position has.
    #[arg(long, default_value_t = 1)]
    plies: u32,
    /// A position the solver settles within this many positions visited (from an
    /// empty cache) is left out of the book, with everything after it.
    #[arg(long, default_value_t = 1_000_000)]
    settled_nodes: u64,
    /// The side the computer plays in the book's lines.
    #[arg(long = "as", value_enum, default_value_t = Side::Both)]
    side: Side,
    /// Also cover the computer's lines, on either side, from every position after this
    /// many moves (the positions `ply match --opening-plies N` starts games from, or a
    /// game handed to the computer part-way).
    #[arg(long)]
    after_any: Option<u32>,
    /// Threads to solve on.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The threads' shared solver cache holds about 2^N entries of 8 bytes.
    #[arg(long, default_value_t = 26)]
    table_log2: u32,
    /// An earlier book whose positions are kept, and taken as they are instead of
    /// solved again.
    #[arg(long)]
    from: Option<std::path::PathBuf>,
    /// Where to write the book.
    #[arg(long, default_value = "crates/games/data/connect4-book.bin")]
    out: std::path::PathBuf,
}

/// Which side's lines a book covers.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Side {
    /// Red, from the empty board.
    Red,
    /// Yellow, after each of Red's first moves.
    Yellow,
    /// Both.
    Both,
}

/// Solves the book's positions layer by layer and writes the book.
pub fn run(args: &BookArgs) -> Result<(), String> {
    if args.mode != "connect4" {
        return Err(format!(
            "only connect4 has an opening book, not '{}'",
            args.mode
        ));
    }
    let known = match &args.from {
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Some(Book::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let plan = Plan {
        depth: args.plies,
        settled_nodes: args.settled_nodes,
        threads: args.threads,
        cache_log2: args.table_log2,
    };
    let (red, yellow) = match args.side {
        Side::Red => (true, false),
        Side::Yellow => (false, true),
        Side::Both => (true, true),
    };
    let started = Instant::now();
    let write = |book: &Book| {
        std::fs::write(&args.out, book.to_bytes())
            .map_err(|e| format!("cannot write {}: {e}", args.out.display()))
    };
    let mut written = Ok(());
    let mut after_layer = |done: &LayerDone, so_far: &Book| {
        say!(
            "{:>2} counters{}: {:>6} kept, {:>6} settled by the solver, slowest {:.1} s ({} s)",
            done.plies,
            if done.finished { "" } else { " (so far)" },
            done.kept,
            done.settled,
            done.slowest.as_secs_f64(),
            started.elapsed().as_secs()
        );
        // The book so far is written at every report, so that a long run that is
        // stopped still leaves a usable book to resume from (`--from`).
        written = written.clone().and(write(so_far));
    };
    let mut starts = roots(red, yellow);
    if let Some(plies) = args.after_any {
        starts.extend(after_any(plies));
    }
    let book = Book::generate(&starts, &plan, known.as_ref(), &mut after_layer);
    written?;
    write(&book)?;
    let bytes = book.to_bytes();
    say!(
        "{} positions, {} bytes, in {} s -> {}",
        book.len(),
        bytes.len(),
        started.elapsed().as_secs(),
        args.out.display()
    );
    Ok(())
}
