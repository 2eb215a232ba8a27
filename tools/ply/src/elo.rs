//! A match result as players read it: the score, and the Elo difference it implies
//! with a 95% error margin, from the logistic Elo model and the games' own spread.

/// Wins, draws and losses from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// How far from the mean a 95% two-sided normal interval reaches, in standard errors.
const Z_95: f64 = 1.959_964;

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The share of the points won, from 0 to 1 (0.5 before any game).
    pub fn score(&self) -> f64 {
        let games = f64::from(self.games());
        if games == 0.0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / games
    }

    /// The Elo difference the score implies, with its 95% interval; `None` when every
    /// game was won or every game lost (the difference is unbounded). An end of the
    /// interval is infinite when the score's own interval reaches 0% or 100%.
    pub fn elo(&self) -> Option<EloEstimate> {
        let games = f64::from(self.games());
        let score = self.score();
        if games == 0.0 || score <= 0.0 || score >= 1.0 {
            return None;
        }
        let spread = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / games;
        let reach = Z_95 * (spread / games).sqrt();
        Some(EloEstimate {
            difference: elo_of(score),
            low: elo_of(score - reach),
            high: elo_of(score + reach),
        })
    }

    /// One line: "A scored 55.0% (10 wins, 2 draws, 8 losses); Elo difference A-B +35
    /// (95%: -42 to +113)".
    pub fn summary(&self) -> String {
        let elo = match self.elo() {
            Some(estimate) => format!(
                "{:+.0} (95%: {} to {})",
                estimate.difference,
                bound(estimate.low),
                bound(estimate.high)
            ),
            None => "beyond measure".to_string(),
        };
        format!(
            "A scored {:.1}% ({} wins, {} draws, {} losses); Elo difference A-B {elo}",
            100.0 * self.score(),
            self.wins,
            self.draws,
            self.losses
        )
    }

    /// The games of two parts of one match counted together, or `None` when there are
    /// more than a `u32` can count.
    pub fn checked_add(self, other: Tally) -> Option<Tally> {
        let sum = Tally {
            wins: self.wins.checked_add(other.wins)?,
            draws: self.draws.checked_add(other.draws)?,
            losses: self.losses.checked_add(other.losses)?,
        };
        sum.counted().then_some(sum)
    }

    /// Whether the number of games fits a `u32`, as [`Tally::games`] needs.
    fn counted(&self) -> bool {
        self.wins
            .checked_add(self.draws)
            .and_then(|games| games.checked_add(self.losses))
            .is_some()
    }
}

impl std::str::FromStr for Tally {
    type Err = String;

    /// "WINS,DRAWS,LOSSES", for example "14,8,58".
    fn from_str(text: &str) -> Result<Tally, String> {
        let counts: Vec<u32> = text
            .split(',')
            .map(|count| count.trim().parse::<u32>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("'{text}' is not WINS,DRAWS,LOSSES (three whole numbers)"))?;
        let [wins, draws, losses] = counts[..] else {
            return Err(format!(
                "'{text}' is not WINS,DRAWS,LOSSES: it has {} numbers, not three",
                counts.len()
            ));
        };
        let tally = Tally {
            wins,
            draws,
            losses,
        };
        if !tally.counted() {
            return Err(format!("'{text}' counts more games than ply can add up"));
        }
        Ok(tally)
    }
}

/// An Elo difference and the ends of its 95% interval, which are not symmetric around
/// it: the logistic model stretches scores near 0% and 100%.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The difference the score implies.
    pub difference: f64,
    /// The interval's lower end (minus infinity when the score could be 0%).
    pub low: f64,
    /// The interval's upper end (infinity when the score could be 100%).
    pub high: f64,
}

/// An interval's end as text: signed and whole, or an infinity sign.
fn bound(elo: f64) -> String {
    if elo.is_finite() {
        format!("{elo:+.0}")
    } else if elo > 0.0 {
        "+∞".to_string()
    } else {
        "-∞".to_string()
    }
}

/// The Elo difference at which the logistic model expects `score`: infinite at and
/// beyond 0 and 1.
fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn an_even_score_is_no_difference() {
        let tally = tally(10, 20, 10);
        let estimate = tally.elo().expect("a finite difference");
        assert!(estimate.difference.abs() < 1e-9);
        // 40 games, per-game spread 0.25 / 2 = 0.125: reach 1.96 * sqrt(0.125 / 40).
        let reach = Z_95 * (0.125f64 / 40.0).sqrt();
        assert!(
            (estimate.high - elo_of(0.5 + reach)).abs() < 1e-9,
            "{estimate:?}"
        );
        assert!((estimate.low + estimate.high).abs() < 1e-9, "{estimate:?}");
        assert!((75.0..80.0).contains(&estimate.high), "{estimate:?}");
    }

    #[test]
    fn three_quarters_is_about_plus_191() {
        let tally = tally(30, 0, 10);
        let estimate = tally.elo().expect("a finite difference");
        assert!((estimate.difference - 190.85).abs() < 0.1, "{estimate:?}");
        // Score 0.75, spread 0.1875 a game: the score's interval is 0.75 ± 0.134.
        assert!(
            tally.summary().contains("+191 (95%: +82 to +353)"),
            "{}",
            tally.summary()
        );
    }

    #[test]
    fn more_games_narrow_the_margin() {
        let few = tally(6, 4, 4);
        let many = tally(60, 40, 40);
        let width = |tally: Tally| {
            let estimate = tally.elo().unwrap();
            estimate.high - estimate.low
        };
        assert!(width(many) < width(few));
    }

    #[test]
    fn a_near_sweep_has_no_upper_bound() {
        let tally = tally(17, 1, 2);
        let estimate = tally.elo().expect("a finite difference");
        assert!((estimate.difference - 338.0).abs() < 1.0, "{estimate:?}");
        assert!(
            estimate.low.is_finite() && estimate.low > 100.0,
            "{estimate:?}"
        );
        assert_eq!(estimate.high, f64::INFINITY);
        assert!(tally.summary().ends_with(" to +∞)"), "{}", tally.summary());
    }

    #[test]
    fn a_tally_reads_from_its_three_counts_and_adds_up() {
        let read: Tally = "14, 8,58".parse().expect("three counts");
        assert_eq!(read, tally(14, 8, 58));
        assert_eq!(read.checked_add(tally(18, 1, 61)), Some(tally(32, 9, 119)));
        let huge = tally(u32::MAX / 2, 0, 0);
        assert_eq!(huge.checked_add(huge), Some(tally(u32::MAX - 1, 0, 0)));
        assert_eq!(
            huge.checked_add(huge).and_then(|t| t.checked_add(huge)),
            None
        );
        assert_eq!(huge.checked_add(tally(0, u32::MAX / 2 + 2, 0)), None);
        let over = format!("{},1,0", u32::MAX);
        for bad in ["14,8", "14,8,58,1", "a,b,c", "14;8;58", "-1,0,0", "", &over] {
            assert!(bad.parse::<Tally>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_clean_sweep_is_beyond_measure() {
        let sweep = tally(4, 0, 0);
        assert_eq!(sweep.elo(), None);
        assert!(sweep.summary().contains("beyond measure"));
    }
}
