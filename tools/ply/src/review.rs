//! `ply review`: the game review for people: every move of a saved game (or of moves
//! given on the command line) classed best, good, inaccuracy, mistake or blunder by how
//! much of the mover's chance of winning it gave away, with each side's accuracy; with
//! `--write`, the review is kept in the save file for the window to show.

use crate::game_args::GameArgs;
use clap::Args;
use ply_analysis::{ReviewSettings, review_game};
use ply_core::{MoveClass, Player};
use ply_modes::AnyGame;
use ply_save::{SavedReview, load_file, write_file};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Arguments of `ply review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// A save file to review (else the game given by --mode, --position and --moves).
    #[arg(long)]
    save: Option<PathBuf>,
    #[command(flatten)]
    game: GameArgs,
    /// Search time per position, in milliseconds.
    #[arg(long, default_value_t = 500)]
    millis: u64,
    /// Search threads per position.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Search every position to this depth instead of for a time (repeatable results).
    #[arg(long)]
    depth: Option<u32>,
    /// Keep the review in the save file (with --save).
    #[arg(long, requires = "save")]
    write: bool,
}

/// Reviews the game, printing progress to standard error and the verdicts to
/// standard output.
pub fn run(args: &ReviewArgs) -> Result<(), String> {
    let mut saved = args
        .save
        .as_ref()
        .map(|path| load_file(path).map_err(|e| format!("{}: {e}", path.display())))
        .transpose()?;
    let game: Box<dyn AnyGame> = match &saved {
        Some(saved) => saved.game.clone_box(),
        None => args.game.game()?,
    };
    let settings = ReviewSettings {
        per_position: Duration::from_millis(args.millis),
        threads: args.threads.max(1),
        depth: args.depth,
    };
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let review = review_game(&*game, &settings, &stop, &mut |done, total| {
        eprint!("\rreviewed {done} of {total} positions");
        if done == total {
            eprintln!(" in {:.1} s", started.elapsed().as_secs_f64());
        }
    })
    .map_err(|e| e.to_string())?;
    print_review(&*game, &review)?;
    if let (Some(saved), Some(path)) = (saved.as_mut(), &args.save)
        && args.write
    {
        saved.review = Some(review);
        write_file(path, saved).map_err(|e| format!("{}: {e}", path.display()))?;
        say!("review kept in {}", path.display());
    }
    Ok(())
}

/// One line per move, then each side's accuracy and counts.
fn print_review(game: &dyn AnyGame, review: &SavedReview) -> Result<(), String> {
    let summary = review
        .summary(game)
        .ok_or("the review does not fit the game")?;
    let shown = game.display_moves();
    let mode = ply_modes::find_mode(game.mode_id()).ok_or("unknown mode")?;
    let mut position = mode
        .from_position(&game.start_text())
        .map_err(|e| e.to_string())?;
    for (ply, verdict) in summary.moves.iter().enumerate() {
        let preferred = match (&review.positions[ply].best, verdict.class) {
            (Some(best), class) if class != MoveClass::Best => {
                let shown_best = position
                    .parse_move(best)
                    .ok()
                    .and_then(|code| position.display_move(code))
                    .unwrap_or_else(|| best.clone());
                format!("  (best {shown_best})")
            }
            _ => String::new(),
        };
        if let Some(code) = game.moves().get(ply) {
            position.play(*code).map_err(|e| e.to_string())?;
        }
        say!(
            "{:>4}. {:<10} {:<10} {:>5.1}% -> {:>5.1}%{preferred}",
            ply + 1,
            shown.get(ply).map_or("?", String::as_str),
            verdict.class.name(),
            verdict.before * 100.0,
            verdict.after * 100.0,
        );
    }
    print_sides(game, &summary);
    Ok(())
}

/// Each side's accuracy and how many of its moves fell in each class.
pub fn print_sides(game: &dyn AnyGame, summary: &ply_save::ReviewSummary) {
    for side in [Player::First, Player::Second] {
        let counts: Vec<String> = MoveClass::ALL
            .iter()
            .map(|&class| format!("{} {}", summary.count(side, class), class.name()))
            .collect();
        say!(
            "{}: accuracy {}; {}",
            game.side_name(side),
            summary.accuracy[side.index()].map_or("-".into(), |a| format!("{a:.1}")),
            counts.join(", ")
        );
    }
}
