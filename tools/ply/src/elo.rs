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

    /// The Elo difference the score implies, with the half-width of its 95% interval;
    /// `None` when every game was won or every game lost (the difference is unbounded).
    pub fn elo(&self) -> Option<(f64, f64)> {
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
        let low = elo_of((score - reach).max(f64::EPSILON));
        let high = elo_of((score + reach).min(1.0 - f64::EPSILON));
        Some((elo_of(score), (high - low) / 2.0))
    }

    /// One line: "A scored 55.0% (10 wins, 2 draws, 8 losses); Elo difference A-B +35 ± 150".
    pub fn summary(&self) -> String {
        let elo = match self.elo() {
            Some((difference, margin)) => format!("{difference:+.0} ± {margin:.0} (95%)"),
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
}

/// The Elo difference at which the logistic model expects `score` (0 < score < 1).
fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_no_difference() {
        let tally = Tally {
            wins: 10,
            draws: 20,
            losses: 10,
        };
        let (difference, margin) = tally.elo().expect("a finite difference");
        assert!(difference.abs() < 1e-9);
        // 40 games, per-game spread 0.25 / 2 = 0.125: reach 1.96 * sqrt(0.125 / 40).
        let reach = Z_95 * (0.125f64 / 40.0).sqrt();
        let expected = (elo_of(0.5 + reach) - elo_of(0.5 - reach)) / 2.0;
        assert!((margin - expected).abs() < 1e-9, "{margin} vs {expected}");
        assert!((75.0..80.0).contains(&margin), "{margin}");
    }

    #[test]
    fn three_quarters_is_about_plus_191() {
        let tally = Tally {
            wins: 30,
            draws: 0,
            losses: 10,
        };
        let (difference, _) = tally.elo().expect("a finite difference");
        assert!((difference - 190.85).abs() < 0.1, "{difference}");
        assert!(tally.summary().contains("+191 ±"), "{}", tally.summary());
    }

    #[test]
    fn more_games_narrow_the_margin() {
        let few = Tally {
            wins: 6,
            draws: 4,
            losses: 4,
        };
        let many = Tally {
            wins: 60,
            draws: 40,
            losses: 40,
        };
        assert!(many.elo().unwrap().1 < few.elo().unwrap().1);
    }

    #[test]
    fn a_clean_sweep_is_beyond_measure() {
        let sweep = Tally {
            wins: 4,
            draws: 0,
            losses: 0,
        };
        assert_eq!(sweep.elo(), None);
        assert!(sweep.summary().contains("beyond measure"));
    }
}
