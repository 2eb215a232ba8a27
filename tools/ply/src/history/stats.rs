//! `ply history stats`: the player's results over the chosen games, as the History
//! screen's statistics and charts show them, in text: overall, per mode, per opponent,
//! against each computer level with a rating estimate, and per day or week.

use super::filters::FilterArgs;
use crate::game_args::mode_named;
use clap::{Args, ValueEnum};
use ply_history::{Group, History, PlayerResult, Rating, Span, Streaks, Strength, Tally, Timeline};
use ply_modes::{Level, MODES, find_mode};
use ply_save::local_text;

/// The length of a bar of results over time, as flags name it.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum SpanName {
    /// A calendar day.
    Day,
    /// A week from Monday.
    Week,
}

/// Arguments of `ply history stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    #[command(flatten)]
    filters: FilterArgs,
    /// A computer level's strength on the Elo scale, as MODE:LEVEL=RATING
    /// (chess:4=1200), or LEVEL=RATING for every mode; may be given for each level.
    /// Without it, the ladder's measured ratings (docs/levels.md) are used. Levels with
    /// a strength get a rating estimate.
    #[arg(long = "strength", value_parser = parse_strength)]
    strengths: Vec<(Option<String>, Level, f64)>,
    /// Results over time per day or per week.
    #[arg(long, value_enum, default_value = "week")]
    by: SpanName,
}

/// [MODE:]LEVEL=RATING.
fn parse_strength(text: &str) -> Result<(Option<String>, Level, f64), String> {
    let (name, rating) = text.split_once('=').ok_or_else(|| {
        format!("write a strength as MODE:LEVEL=RATING (chess:4=1200), not '{text}'")
    })?;
    let (mode, name) = match name.split_once(':') {
        Some((mode, name)) => (Some(mode_named(mode)?.id.to_string()), name),
        None => (None, name),
    };
    let level =
        Level::parse(name).map_err(|_| format!("'{name}' is not a level (1 to 8, or full)"))?;
    let rating = rating
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|rating| rating.is_finite())
        .ok_or_else(|| format!("'{rating}' is not a rating"))?;
    Ok((mode, level, rating))
}

/// The strengths the command line gives, for every mode where it names none; else the
/// ladder's measured ratings.
fn strengths(given: &[(Option<String>, Level, f64)]) -> Vec<Strength> {
    if given.is_empty() {
        return Strength::measured();
    }
    given
        .iter()
        .flat_map(|(mode, level, elo)| {
            let modes: Vec<String> = match mode {
                Some(mode) => vec![mode.clone()],
                None => MODES.iter().map(|mode| mode.id.to_string()).collect(),
            };
            modes.into_iter().map(|mode| Strength {
                mode,
                level: *level,
                elo: *elo,
            })
        })
        .collect()
}

/// Prints the statistics.
pub fn run(history: &History, args: &StatsArgs) -> Result<(), String> {
    let span = match args.by {
        SpanName::Day => Span::Day,
        SpanName::Week => Span::Week,
    };
    let stats = history
        .stats(
            &args.filters.filter()?,
            &strengths(&args.strengths),
            &Timeline::local(span),
        )
        .map_err(|e| e.to_string())?;
    say!(
        "{} games counted{}",
        stats.overall.tally.games(),
        if stats.uncounted > 0 {
            format!(
                " ({} more where the player's side is unknown)",
                stats.uncounted
            )
        } else {
            String::new()
        }
    );
    if stats.overall.tally.games() == 0 {
        return Ok(());
    }
    say!("overall     {}", group_line(&stats.overall));
    say!("by mode:");
    for group in &stats.modes {
        let name = find_mode(&group.name).map_or(group.name.as_str(), |mode| mode.name);
        say!("  {name:<22} {}", group_line(group));
    }
    say!("by opponent:");
    for group in &stats.opponents {
        say!("  {:<22} {}", group.name, group_line(group));
    }
    if !stats.levels.is_empty() {
        say!("against the computer:");
        for level in &stats.levels {
            let rating = match (level.strength, level.performance) {
                (Some(strength), Some(rating)) => {
                    format!("  strength {strength:.0}, rating {}", rating_text(rating))
                }
                (Some(strength), None) => {
                    format!("  strength {strength:.0}, rating beyond measure")
                }
                (None, _) => String::new(),
            };
            let name = find_mode(&level.mode).map_or(level.mode.as_str(), |mode| mode.name);
            say!(
                "  {:<28} {}{rating}",
                format!("{name}, {}", level.level.name()),
                tally_text(level.tally)
            );
        }
        if let Some(rating) = stats.rating {
            say!("rating from every rated level: {}", rating_text(rating));
        }
    }
    say!("by {}:", if span == Span::Day { "day" } else { "week" });
    for bar in &stats.timeline {
        let day = local_text(bar.start);
        say!("  {:<10} {}", &day[..10], tally_text(bar.tally));
    }
    Ok(())
}

/// "7 games: 4 won, 0 drawn, 3 lost (57.1%)".
fn tally_text(tally: Tally) -> String {
    format!(
        "{} games: {} won, {} drawn, {} lost ({:.1}%)",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score().unwrap_or(0.0)
    )
}

/// A group's tally, then its current streak and its longest runs.
fn group_line(group: &Group) -> String {
    format!(
        "{}; {}",
        tally_text(group.tally),
        streaks_text(&group.streaks)
    )
}

/// "now 2 won in a row; longest: 2 won, 1 lost, 3 unbeaten".
fn streaks_text(streaks: &Streaks) -> String {
    let now = match streaks.current {
        Some((result, length)) => {
            let word = match result {
                PlayerResult::Win => "won",
                PlayerResult::Draw => "drawn",
                PlayerResult::Loss => "lost",
            };
            format!("now {length} {word} in a row")
        }
        None => "no games".to_string(),
    };
    format!(
        "{now}; longest: {} won, {} lost, {} unbeaten",
        streaks.longest_wins, streaks.longest_losses, streaks.longest_unbeaten
    )
}

/// "1454 ± 171 (95%: 1119 to 1789)".
fn rating_text(rating: Rating) -> String {
    format!(
        "{:.0} ± {:.0} (95%: {:.0} to {:.0})",
        rating.elo,
        rating.standard_error,
        rating.low(),
        rating.high()
    )
}
