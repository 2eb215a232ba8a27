//! How each rung of the computer's ladder of levels searches and chooses: data a mode
//! gives with its heuristics, since a ply or a worse move is worth more in one mode than
//! in another (docs/levels.md).

/// How a level below the whole engine searches and chooses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ladder {
    /// Plies searched before the captures at the end of each line, if the level stops
    /// at a depth.
    pub depth: Option<u32>,
    /// Positions searched, if the level stops after a number of them.
    pub nodes: Option<u64>,
    /// How many of the best first moves it weighs.
    pub lines: usize,
    /// How far, in points of winning chance out of a hundred, a worse line's chance
    /// may fall before the line becomes e (2.72) times less likely to be played than
    /// the best one.
    pub temperature: f64,
}

impl Ladder {
    /// A rung that stops at `depth` plies.
    pub const fn at_depth(depth: u32, lines: usize, temperature: f64) -> Ladder {
        Ladder {
            depth: Some(depth),
            nodes: None,
            lines,
            temperature,
        }
    }

    /// A rung that stops after `nodes` positions.
    pub const fn after_nodes(nodes: u64, lines: usize, temperature: f64) -> Ladder {
        Ladder {
            depth: None,
            nodes: Some(nodes),
            lines,
            temperature,
        }
    }
}

/// The rungs below the whole engine, weakest first: levels 1 to 8.
pub type Rungs = [Ladder; 8];

/// The ladder measured in chess, which modes without one of their own share.
pub const STANDARD_RUNGS: Rungs = [
    Ladder::at_depth(1, 12, 5.0),
    Ladder::at_depth(2, 10, 4.5),
    Ladder::at_depth(3, 8, 4.0),
    Ladder::at_depth(4, 6, 2.5),
    Ladder::at_depth(5, 4, 1.2),
    Ladder::at_depth(8, 2, 0.3),
    Ladder::after_nodes(250_000, 1, 0.0),
    Ladder::after_nodes(600_000, 1, 0.0),
];
