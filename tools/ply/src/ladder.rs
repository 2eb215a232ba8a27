//! `ply ladder`: measures one level of the computer's ladder in one mode against the
//! anchor docs/levels.md names for it (Stockfish's or Fairy-Stockfish's `UCI_Elo`, or
//! a neighbouring level whose rating is known), and prints its rating with the 95%
//! interval: the command behind every line of the table.

use crate::elo::Tally;
use crate::game_args::mode_named;
use crate::matches::{Contender, Plan, Side, play_match};
use clap::Args;
use ply_modes::{Level, level_rating};

/// Arguments of `ply ladder`.
#[derive(Args, Debug)]
pub struct LadderArgs {
    /// Mode identifier.
    #[arg(long, default_value = "chess")]
    mode: String,
    /// The level to measure: 1 to 8, or full.
    #[arg(long, value_parser = Level::parse)]
    level: Level,
    /// Number of games.
    #[arg(long, default_value_t = 80)]
    games: u32,
    /// Seed of the first opening.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print every game's moves.
    #[arg(long)]
    show_games: bool,
    /// The level's wins, draws and losses in games of this same match played earlier
    /// with other seeds (a match split across cores or sessions), as
    /// WINS,DRAWS,LOSSES: they count with this run's games in the rating. Repeatable;
    /// with `--games 0` nothing more is played.
    #[arg(long)]
    played: Vec<Tally>,
}

/// What a level is measured against.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Anchor {
    /// A UCI engine limited to a rating with `UCI_LimitStrength` and `UCI_Elo`.
    Uci {
        command: &'static str,
        elo: u32,
        /// Its thinking time a move; full strength gets the same, and thinks all of it.
        millis: u64,
    },
    /// The level above, whose rating must be known already.
    Above,
    /// The level below, whose rating must be known already: for a full engine stronger
    /// than the rated engine's highest setting can measure.
    Below,
}

/// The time a level below full strength may take: the game's own budget. Its depth or
/// number of positions, not the clock, bounds it, so the load of the machine does not
/// change its play.
const LEVEL_MILLIS: u64 = 2500;

/// Stockfish's weakest `UCI_Elo`.
const STOCKFISH: &str = "stockfish";
/// Fairy-Stockfish plays king of the hill; its weakest `UCI_Elo` is 1350.
const FAIRY: &str = "fairy-stockfish";

/// The anchor of `level` in the mode `mode_id` (docs/levels.md). Levels below the
/// engine's floor, and every level of a mode no engine here plays, are chained to the
/// level above; the full engine of such a mode is the ladder's reference. King of the
/// hill's full engine, above the reach of Fairy-Stockfish's settings, is chained up to
/// level 8 instead.
fn anchor(mode_id: &str, level: Level) -> Option<Anchor> {
    let uci = |command, elo, millis| Anchor::Uci {
        command,
        elo,
        millis,
    };
    match (mode_id, level.number()) {
        ("chess", 3) => Some(uci(STOCKFISH, 1320, 100)),
        ("chess", 4) => Some(uci(STOCKFISH, 1500, 100)),
        ("chess", 5) => Some(uci(STOCKFISH, 1850, 100)),
        ("chess", 6) => Some(uci(STOCKFISH, 2000, 100)),
        ("chess", 7) => Some(uci(STOCKFISH, 2200, 100)),
        ("chess", 8) => Some(uci(STOCKFISH, 2300, 100)),
        ("chess", 9) => Some(uci(STOCKFISH, 2500, 1000)),
        ("koth", 3) => Some(uci(FAIRY, 1350, 100)),
        ("koth", 4) => Some(uci(FAIRY, 1500, 100)),
        ("koth", 5) => Some(uci(FAIRY, 1800, 100)),
        ("koth", 6) => Some(uci(FAIRY, 2300, 100)),
        ("koth", 7) => Some(uci(FAIRY, 2200, 100)),
        ("koth", 8) => Some(uci(FAIRY, 2850, 100)),
        // Level 8 already scores over 80% against Fairy-Stockfish's highest setting.
        ("koth", 9) => Some(Anchor::Below),
        (_, 9) => None,
        _ => Some(Anchor::Above),
    }
}

/// Plays the measuring match and prints the level's rating.
pub fn run(args: &LadderArgs) -> Result<(), String> {
    let mode = mode_named(&args.mode)?;
    let level = args.level;
    let plan = Plan {
        games: args.games,
        seed: args.seed,
        opening_plies: 4,
        max_plies: 400,
        show_games: args.show_games,
    };
    let Some(anchor) = anchor(mode.id, level) else {
        return Err(format!(
            "full strength is the reference of {}'s ladder: it is not measured, the levels below are measured from it",
            mode.name
        ));
    };
    // Full strength against an engine given a fixed time a move thinks all of it, as
    // the engine does, rather than stopping early to save a game's clock.
    let (ours_millis, spend) = match anchor {
        Anchor::Uci { millis, .. } if level == Level::FULL => (millis, "all"),
        _ => (LEVEL_MILLIS, "plan"),
    };
    let ours = format!(
        "level={},millis={ours_millis},spend={spend}",
        level.number()
    );
    let mut a = Contender::new(&side(&ours, None, &[]), ours_millis, mode.id)?;
    let (against, opponent_elo, opponent_margin, tally) = match anchor {
        Anchor::Uci {
            command,
            elo,
            millis,
        } => {
            let options = [
                "UCI_LimitStrength=true".to_string(),
                format!("UCI_Elo={elo}"),
            ];
            let settings = format!("millis={millis}");
            let command = installed(command);
            let mut b =
                Contender::new(&side(&settings, Some(&command), &options), millis, mode.id)?;
            let tally = play_match(mode, &mut a, &mut b, &plan)?;
            let against = format!("{command} at UCI_Elo {elo}, {millis} ms a move");
            (against, f64::from(elo), 0.0, tally)
        }
        Anchor::Above | Anchor::Below => {
            let number = if anchor == Anchor::Above {
                level.number() + 1
            } else {
                level.number() - 1
            };
            let neighbour = Level::new(number).ok_or("no such neighbouring level")?;
            let known = level_rating(mode.id, neighbour).ok_or_else(|| {
                format!(
                    "{} in {} is measured against {}, whose rating is not known yet: measure it first",
                    level.name(),
                    mode.name,
                    neighbour.name()
                )
            })?;
            let settings = format!("level={},millis={LEVEL_MILLIS}", neighbour.number());
            let mut b = Contender::new(&side(&settings, None, &[]), LEVEL_MILLIS, mode.id)?;
            let tally = play_match(mode, &mut a, &mut b, &plan)?;
            let against = format!("{} (rated {known})", neighbour.name());
            (
                against,
                f64::from(known.elo),
                f64::from(known.margin),
                tally,
            )
        }
    };
    let tally = args
        .played
        .iter()
        .try_fold(tally, |games, earlier| games.checked_add(*earlier))
        .ok_or("the games played add up to more than ply can count")?;
    say!(
        "{}",
        rating_line(
            mode.name,
            level,
            &against,
            opponent_elo,
            opponent_margin,
            &tally
        )
    );
    Ok(())
}

/// The engine's command: Debian installs its chess engines in `/usr/games`, which is
/// not always on the path; elsewhere the path is searched.
fn installed(command: &str) -> String {
    let debian = std::path::Path::new("/usr/games").join(command);
    if debian.exists() {
        debian.display().to_string()
    } else {
        command.to_string()
    }
}

/// The side a UCI engine or this build plays.
fn side<'a>(settings: &'a str, uci: Option<&'a str>, options: &'a [String]) -> Side<'a> {
    Side {
        settings,
        engine: None,
        uci,
        options,
    }
}

/// "chess, Level 5: 1812 ± 61 (95%: 1751 to 1873), from 80 games against ...".
fn rating_line(
    mode: &str,
    level: Level,
    against: &str,
    opponent_elo: f64,
    opponent_margin: f64,
    tally: &Tally,
) -> String {
    let games = tally.games();
    let Some(estimate) = tally.elo() else {
        return format!(
            "{mode}, {}: beyond measure ({}), from {games} games against {against}",
            level.name(),
            tally.summary()
        );
    };
    let rating = opponent_elo + estimate.difference;
    // The match's interval and the opponent's own, as independent errors.
    let reach = |end: f64| {
        let own = (end - estimate.difference).abs();
        (own * own + opponent_margin * opponent_margin).sqrt()
    };
    let (low, high) = (rating - reach(estimate.low), rating + reach(estimate.high));
    let margin = if low.is_finite() && high.is_finite() {
        format!("± {:.0}", (high - low) / 2.0)
    } else {
        "(one end beyond measure)".to_string()
    };
    format!(
        "{mode}, {}: {rating:.0} {margin} (95%: {low:.0} to {high:.0}), from {games} games against {against}; {}",
        level.name(),
        tally.summary()
    )
}
