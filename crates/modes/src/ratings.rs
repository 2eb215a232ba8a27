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
        write!(f, "{}", self.elo)?;
        // The reference of a relative ladder is exact by definition.
        if self.margin > 0 {
            write!(f, " ± {}", self.margin)?;
        }
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

/// A rating on a ladder chained from a mode's full engine, not tied to an outside
/// scale.
const fn relative(elo: i32, margin: i32) -> Option<LevelRating> {
    Some(LevelRating {
        elo,
        margin,
        anchored: false,
    })
}

/// Chess's full strength against Stockfish: also the rating every relative ladder
/// starts from, given to its full engine (docs/levels.md, "Measured").
const CHESS_FULL: i32 = 2447;

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
            anchored(CHESS_FULL, 86),
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
            anchored(3429, 150),
        ],
    ),
    (
        "atomic",
        [
            relative(795, 199),
            relative(1081, 194),
            relative(1298, 190),
            relative(1529, 185),
            relative(1697, 176),
            relative(1966, 141),
            relative(2181, 108),
            relative(2279, 79),
            relative(CHESS_FULL, 0),
        ],
    ),
    (
        "checkers",
        [
            relative(45, 149),
            relative(251, 144),
            relative(568, 137),
            relative(889, 130),
            relative(1134, 124),
            relative(1484, 107),
            relative(1785, 92),
            relative(2192, 69),
            relative(CHESS_FULL, 0),
        ],
    ),
    (
        "connect4",
        [
            relative(1312, 113),
            relative(1455, 107),
            relative(1525, 101),
            relative(1722, 94),
            relative(1839, 88),
            relative(1997, 80),
            relative(2174, 71),
            relative(2235, 63),
            relative(CHESS_FULL, 0),
        ],
    ),
    (
        "hole",
        [
            relative(-261, 189),
            relative(16, 184),
            relative(245, 180),
            relative(624, 172),
            relative(1001, 153),
            relative(1403, 136),
            relative(1722, 110),
            relative(2192, 62),
            relative(CHESS_FULL, 0),
        ],
    ),
    (
        "lps",
        [
            relative(22, 168),
            relative(244, 164),
            relative(532, 155),
            relative(870, 142),
            relative(1200, 131),
            relative(1577, 117),
            relative(1850, 106),
            relative(2232, 55),
            relative(CHESS_FULL, 0),
        ],
    ),
    (
        "mega",
        [
            relative(1111, 212),
            relative(1388, 197),
            relative(1665, 184),
            relative(1913, 170),
            relative(2104, 153),
            relative(2251, 144),
            relative(2314, 130),
            relative(2403, 58),
            relative(CHESS_FULL, 0),
        ],
    ),
    (
        "hnefatafl",
        [
            relative(999, 171),
            relative(1159, 166),
            relative(1450, 157),
            relative(1741, 148),
            relative(1899, 129),
            relative(1992, 122),
            relative(2171, 102),
            relative(2274, 80),
            relative(CHESS_FULL, 0),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rating_shows_its_interval_and_whether_it_is_relative() {
        let shown = |rating: Option<LevelRating>| rating.map(|r| r.to_string());
        assert_eq!(shown(anchored(1450, 60)).as_deref(), Some("1450 ± 60"));
        assert_eq!(
            shown(relative(2279, 79)).as_deref(),
            Some("2279 ± 79 (relative)")
        );
        assert_eq!(
            shown(relative(CHESS_FULL, 0)).as_deref(),
            Some("2447 (relative)")
        );
    }

    #[test]
    fn every_relative_ladder_starts_from_chess_full_strength() {
        let chess_full = level_rating("chess", Level::FULL).map(|rating| rating.elo);
        for (mode, ratings) in RATINGS {
            if ratings.iter().flatten().any(|rating| !rating.anchored) {
                let full = level_rating(mode, Level::FULL);
                assert_eq!(full.map(|rating| rating.elo), chess_full, "{mode}");
                assert_eq!(full.map(|rating| rating.margin), Some(0), "{mode}");
            }
        }
    }
}
