//! What a game review says of a move, in every mode: the chance of winning a score
//! stands for, how much of it a move gave away, the class that loss earns and the
//! accuracy figure of a side. Pure arithmetic, so the review, the records and the
//! history all judge a move the same way.

use crate::Score;

/// How a mode's scores translate into the side to move's expected result (a win
/// counting 1, a draw one half): `1 / (1 + 10^(-scale · score / 400))`, the curve the
/// evaluation tuner fits, with `scale` fitted per mode to the results of the
/// project's own games (`ply tune curve`). Proven wins and losses count 1 and 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceCurve {
    /// How steep the curve is in the mode's units: chess's centipawns give about 0.6.
    pub scale: f64,
}

impl ChanceCurve {
    /// The expected result, from 0 to 1, of the side a score belongs to.
    pub fn chance(self, score: Score) -> f64 {
        if score.is_decisive() {
            return if score.0 > 0 { 1.0 } else { 0.0 };
        }
        1.0 / (1.0 + 10f64.powf(-self.scale * f64::from(score.0) / 400.0))
    }
}

/// The verdict on one move of a reviewed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveClass {
    /// The move the search preferred, or one that gave away almost nothing.
    Best,
    /// Gave away less than an inaccuracy.
    Good,
    /// Gave away at least [`MoveClass::INACCURACY`] of the mover's chance.
    Inaccuracy,
    /// Gave away at least [`MoveClass::MISTAKE`].
    Mistake,
    /// Gave away at least [`MoveClass::BLUNDER`].
    Blunder,
}

impl MoveClass {
    /// The loss of chance (as a fraction, 0.05 for five points in a hundred) from
    /// which a move is an inaccuracy; lichess uses the same thresholds on its curve.
    pub const INACCURACY: f64 = 0.05;
    /// From here a move is a mistake.
    pub const MISTAKE: f64 = 0.10;
    /// From here a move is a blunder.
    pub const BLUNDER: f64 = 0.15;
    /// A move that gives away less than this counts as best even when the search
    /// preferred another.
    pub const AS_GOOD_AS_BEST: f64 = 0.005;
    /// Every class, from best to worst.
    pub const ALL: [MoveClass; 5] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The class of a move that took the mover's expected result from `before` (the
    /// position with best play) to `after`; `chosen` says whether it was the move the
    /// search preferred.
    pub fn of_move(before: f64, after: f64, chosen: bool) -> MoveClass {
        let lost = before - after;
        if chosen || lost < Self::AS_GOOD_AS_BEST {
            MoveClass::Best
        } else if lost >= Self::BLUNDER {
            MoveClass::Blunder
        } else if lost >= Self::MISTAKE {
            MoveClass::Mistake
        } else if lost >= Self::INACCURACY {
            MoveClass::Inaccuracy
        } else {
            MoveClass::Good
        }
    }

    /// The class's name, as the review shows and the history keeps it.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The class a name stands for.
    pub fn from_name(name: &str) -> Option<MoveClass> {
        MoveClass::ALL
            .into_iter()
            .find(|class| class.name() == name)
    }

    /// The annotation glyph records use (`?!`, `?`, `??`), for the classes that have
    /// one.
    pub fn glyph(self) -> Option<&'static str> {
        match self {
            MoveClass::Inaccuracy => Some("?!"),
            MoveClass::Mistake => Some("?"),
            MoveClass::Blunder => Some("??"),
            MoveClass::Best | MoveClass::Good => None,
        }
    }

    /// The PGN numeric annotation glyph (`$6`, `$2`, `$4`) for the classes that have
    /// one.
    pub fn nag(self) -> Option<u8> {
        match self {
            MoveClass::Inaccuracy => Some(6),
            MoveClass::Mistake => Some(2),
            MoveClass::Blunder => Some(4),
            MoveClass::Best | MoveClass::Good => None,
        }
    }
}

/// How accurate one move was, from 0 to 100, given the mover's expected result before
/// and after it (0 to 1): lichess's published fit,
/// `103.1668 · e^(−0.04354 · lost) − 3.1669` with `lost` in points of a hundred,
/// clamped to 0..100. A move that gave nothing away scores 100.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let lost = ((before - after) * 100.0).max(0.0);
    (103.1668 * (-0.04354 * lost).exp() - 3.1669).clamp(0.0, 100.0)
}

/// A side's accuracy over a game, from 0 to 100, or `None` when it made no move.
///
/// `chances` holds the first player's expected result in every position of the game,
/// from the start to the end; `movers` says who made each move (one fewer than the
/// positions). As lichess does, each of the side's moves is weighted by how much the
/// game was swinging around it (the standard deviation of the chances in a window of
/// plies around the move, kept between 0.5 and 12 points), and the result is the mean
/// of that weighted average and the harmonic mean of the moves' accuracies, so that a
/// few bad moves count for more than many easy ones.
pub fn side_accuracy(
    chances: &[f64],
    movers: &[crate::Player],
    side: crate::Player,
) -> Option<f64> {
    let moves = movers.len().min(chances.len().saturating_sub(1));
    let window = (moves / 10).clamp(2, 8);
    let mut weighted = 0.0;
    let mut weights = 0.0;
    let mut inverse_sum = 0.0;
    let mut count = 0usize;
    for ply in 0..moves {
        if movers[ply] != side {
            continue;
        }
        let own = |chance: f64| match side {
            crate::Player::First => chance,
            crate::Player::Second => 1.0 - chance,
        };
        let accuracy = move_accuracy(own(chances[ply]), own(chances[ply + 1]));
        let from = ply.saturating_sub(window / 2);
        let to = (from + window + 1).min(chances.len());
        let weight = (standard_deviation(&chances[from..to]) * 100.0).clamp(0.5, 12.0);
        weighted += accuracy * weight;
        weights += weight;
        inverse_sum += 1.0 / accuracy.max(1.0);
        count += 1;
    }
    if count == 0 {
        return None;
    }
    let harmonic = count as f64 / inverse_sum;
    Some(((weighted / weights + harmonic) / 2.0).clamp(0.0, 100.0))
}

/// The standard deviation of some values (0 for fewer than two).
fn standard_deviation(values: &[f64]) -> f64 {
    if values.len() < 2 {
        return 0.0;
    }
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64;
    variance.sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Player;

    #[test]
    fn the_curve_is_even_at_zero_and_certain_for_proven_results() {
        let curve = ChanceCurve { scale: 0.6 };
        assert!((curve.chance(Score::ZERO) - 0.5).abs() < 1e-12);
        assert!(curve.chance(Score(300)) > 0.7 && curve.chance(Score(300)) < 0.8);
        assert!((curve.chance(Score(-300)) + curve.chance(Score(300)) - 1.0).abs() < 1e-12);
        assert_eq!(curve.chance(Score::win_in(3)), 1.0);
        assert_eq!(curve.chance(Score::loss_in(3)), 0.0);
    }

    #[test]
    fn classes_follow_the_loss_of_chance() {
        assert_eq!(MoveClass::of_move(0.6, 0.2, true), MoveClass::Best);
        assert_eq!(MoveClass::of_move(0.6, 0.598, false), MoveClass::Best);
        assert_eq!(MoveClass::of_move(0.6, 0.58, false), MoveClass::Good);
        assert_eq!(MoveClass::of_move(0.6, 0.54, false), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::of_move(0.6, 0.49, false), MoveClass::Mistake);
        assert_eq!(MoveClass::of_move(0.6, 0.40, false), MoveClass::Blunder);
        for class in MoveClass::ALL {
            assert_eq!(MoveClass::from_name(class.name()), Some(class));
        }
    }

    #[test]
    fn accuracy_is_full_for_perfect_play_and_falls_with_blunders() {
        assert!((move_accuracy(0.5, 0.5) - 100.0).abs() < 1e-3);
        assert!(move_accuracy(0.9, 0.1) < 5.0);
        let movers = [Player::First, Player::Second, Player::First, Player::Second];
        let steady = [0.5, 0.5, 0.5, 0.5, 0.5];
        let steady_first = side_accuracy(&steady, &movers, Player::First).unwrap();
        assert!((steady_first - 100.0).abs() < 1e-3);
        let blunder = [0.5, 0.5, 0.5, 0.05, 0.05];
        let first = side_accuracy(&blunder, &movers, Player::First).unwrap();
        let second = side_accuracy(&blunder, &movers, Player::Second).unwrap();
        assert!(first < 60.0, "{first}");
        assert!((second - 100.0).abs() < 1e-3);
        assert_eq!(side_accuracy(&[0.5], &[], Player::First), None);
    }
}
