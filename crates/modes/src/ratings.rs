//! The measured strength of each level of the ladder in each mode, as docs/levels.md
//! records it with the command that measured it: what the setup screen and the
//! history's statistics show beside a level.

use ply_ai::level::Level;

/// A level's measured rating in a mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelRating {
    /// The rating on the Elo scale.
    pub elo: i32,
    /// Half the 95% interval: the rating is `elo ± margin`.
    pub margin: i32,
    /// Whether the rating is tied to an outside scale (Stockfish's `UCI_Elo`);
    /// otherwise it is relative, chained from the full engine by matches between
    /// neighbouring levels.
    pub anchored: bool,
}

impl std::fmt::Display for LevelRating {
    /// "1450 ± 60", with "(relative)" when it is not tied to an outside scale.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ± {}", self.elo, self.margin)?;
        if !self.anchored {
            f.write_str(" (relative)")?;
        }
        Ok(())
    }
}

/// A rating tied to an outside scale.
const fn anchored(elo: i32, margin: i32) -> Option<LevelRating> {
    Some(LevelRating {
        elo,
        margin,
        anchored: true,
    })
}

/// Each mode's ratings, level 1 first, as docs/levels.md records them (`None`: not
/// measured yet).
const RATINGS: &[(&str, [Option<LevelRating>; 9])] = &[
    (
        "chess",
        [
            anchored(553, 104),
            anchored(966, 89),
            anchored(1298, 75),
            anchored(1589, 79),
            anchored(1889, 74),
            anchored(2132, 78),
            anchored(2266, 68),
            anchored(2344, 71),
            anchored(2447, 86),
        ],
    ),
    (
        "koth",
        [
            anchored(870, 106),
            anchored(1184, 94),
            anchored(1458, 82),
            anchored(1703, 93),
            anchored(1908, 82),
            anchored(2230, 79),
            anchored(2441, 99),
            anchored(3119, 105),
            None,
        ],
    ),
];

/// Every measured rating tied to an outside scale, by mode identifier: the ones a
/// player's rating can be estimated from.
pub fn anchored_ratings() -> impl Iterator<Item = (&'static str, Level, LevelRating)> {
    RATINGS.iter().flat_map(|(mode, ratings)| {
        Level::ALL
            .into_iter()
            .zip(ratings.iter())
            .filter_map(|(level, rating)| Some((*mode, level, (*rating)?)))
            .filter(|(_, _, rating)| rating.anchored)
    })
}

/// The rating of `level` in the mode `mode_id`, if it was measured.
pub fn level_rating(mode_id: &str, level: Level) -> Option<LevelRating> {
    RATINGS
        .iter()
        .find(|(id, _)| *id == mode_id)
        .and_then(|(_, ratings)| ratings[usize::from(level.number()) - 1])
}
