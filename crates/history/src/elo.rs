//! A rating estimate from games against opponents of known strength (the computer's
//! levels): the Elo rating at which the logistic model expects the points actually
//! scored, with its standard error from the model's Fisher information, and the 95%
//! interval around it. docs/history.md gives the formulas.

use crate::Tally;

/// How far a 95% two-sided normal interval reaches, in standard errors.
const Z_95: f64 = 1.959_964;

/// Rating points per factor of ten in the odds of winning (the Elo scale).
const ELO_SCALE: f64 = 400.0;

/// Widest search for the rating around the opponents' strengths.
const SEARCH_REACH: f64 = 4000.0;

/// A rating estimate and its uncertainty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The estimate, on the scale of the strengths given.
    pub elo: f64,
    /// Its standard error.
    pub standard_error: f64,
}

impl Rating {
    /// The lower end of the 95% interval.
    pub fn low(&self) -> f64 {
        self.elo - Z_95 * self.standard_error
    }

    /// The upper end of the 95% interval.
    pub fn high(&self) -> f64 {
        self.elo + Z_95 * self.standard_error
    }
}

/// The score the logistic model expects for a player rated `difference` above the
/// opponent.
fn expected(difference: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-difference / ELO_SCALE))
}

/// The maximum-likelihood rating of a player with these results against opponents of
/// these strengths: the rating at which the expected points equal the points scored.
/// `None` without games, or when every game was won or every game lost (the estimate
/// has no finite value then).
pub(crate) fn estimate(results: &[(Tally, f64)]) -> Option<Rating> {
    let played: Vec<(f64, f64)> = results
        .iter()
        .filter(|(tally, _)| tally.games() > 0)
        .map(|(tally, strength)| (f64::from(tally.games()), *strength))
        .collect();
    let games: f64 = played.iter().map(|(games, _)| games).sum();
    let points: f64 = results
        .iter()
        .map(|(tally, _)| f64::from(tally.wins) + f64::from(tally.draws) / 2.0)
        .sum();
    if games == 0.0 || points <= 0.0 || points >= games {
        return None;
    }
    let expected_points = |rating: f64| -> f64 {
        played
            .iter()
            .map(|(games, strength)| games * expected(rating - strength))
            .sum()
    };
    let (weakest, strongest) = played
        .iter()
        .fold((f64::MAX, f64::MIN), |(low, high), (_, s)| {
            (low.min(*s), high.max(*s))
        });
    // The expected points grow with the rating: halve the bracket until it is tight.
    let (mut low, mut high) = (weakest - SEARCH_REACH, strongest + SEARCH_REACH);
    while high - low > 1e-9 {
        let middle = (low + high) / 2.0;
        if expected_points(middle) < points {
            low = middle;
        } else {
            high = middle;
        }
    }
    let elo = (low + high) / 2.0;
    let slope = std::f64::consts::LN_10 / ELO_SCALE;
    let information: f64 = played
        .iter()
        .map(|(games, strength)| {
            let p = expected(elo - strength);
            games * slope * slope * p * (1.0 - p)
        })
        .sum();
    Some(Rating {
        elo,
        standard_error: 1.0 / information.sqrt(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_quarters_against_one_level_is_its_strength_plus_191() {
        let rating = estimate(&[(Tally::new(30, 0, 10), 1500.0)]).expect("finite");
        // 400 log10(0.75 / 0.25) = 190.85; SE = 400 / (ln 10 sqrt(40 * 0.75 * 0.25)).
        assert!((rating.elo - 1690.85).abs() < 0.01, "{rating:?}");
        assert!((rating.standard_error - 63.43).abs() < 0.01, "{rating:?}");
        assert!((rating.high() - rating.low() - 2.0 * Z_95 * 63.43).abs() < 0.1);
    }

    #[test]
    fn even_results_above_and_below_meet_in_the_middle() {
        let rating = estimate(&[(Tally::new(6, 0, 4), 1400.0), (Tally::new(4, 0, 6), 1600.0)])
            .expect("finite");
        assert!((rating.elo - 1500.0).abs() < 1e-6, "{rating:?}");
    }

    #[test]
    fn sweeps_and_no_games_have_no_estimate() {
        assert_eq!(estimate(&[]), None);
        assert_eq!(estimate(&[(Tally::new(5, 0, 0), 1500.0)]), None);
        assert_eq!(
            estimate(&[(Tally::new(0, 0, 3), 1500.0), (Tally::new(0, 0, 0), 1900.0)]),
            None
        );
        let draws = estimate(&[(Tally::new(0, 4, 0), 1200.0)]).expect("finite");
        assert!((draws.elo - 1200.0).abs() < 1e-6);
    }
}
