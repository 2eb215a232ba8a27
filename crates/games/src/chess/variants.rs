//! The six rule sets as types: each is a handful of constants the engine reads.

use super::bits::Bits;
use super::geometry::{Board8, Board16, Geometry};
use super::network::Committed;
use ply_core::{Ladder, Rungs, STANDARD_RUNGS};
use std::fmt::Debug;

/// What distinguishes one chess rule set from another.
pub trait Variant: Copy + Debug + Eq + Send + Sync + 'static {
    /// The board.
    type Geometry: Geometry;
    /// Stable mode identifier.
    const ID: &'static str;
    /// Name in menus.
    const NAME: &'static str;
    /// One-sentence description.
    const SUMMARY: &'static str;
    /// The starting position's FEN.
    const START: &'static str;
    /// White's pawn rank (0-based); Black's is the mirror.
    const PAWN_RANK: u8 = 1;
    /// Kings are royal: check exists and a king must never be left in check.
    const ROYAL: bool = true;
    /// Captures explode (atomic).
    const ATOMIC: bool = false;
    /// A king on a centre square wins (king of the hill).
    const HILL: bool = false;
    /// The four centre squares are missing (hole chess).
    const HOLES: bool = false;
    /// Castling exists.
    const CASTLING: bool = true;
    /// The game phase of the start position (knights and bishops 1, rooks 2, queens 4),
    /// against which the evaluation blends middlegame into endgame values.
    const FULL_PHASE: i32 = 24;
    /// Whether the insufficient-material draw applies, and how.
    const MATERIAL_DRAW: MaterialDraw = MaterialDraw::Fide;
    /// The evaluation shrinks as the fifty-move count grows, so that a side ahead makes
    /// progress instead of shuffling towards a draw.
    const SHRINK_WHEN_SHUFFLING: bool = true;
    /// The evaluation's weights (see `terms`): fitted for this variant, or standard
    /// chess's where the variant has none of its own.
    const WEIGHTS: &'static [i32] = super::weights::standard::WEIGHTS;
    /// The learned network on the pieces (`network`) the evaluation uses instead of the
    /// weight table, where the variant has one.
    const PIECE_NETWORK: Option<Committed> = None;
    /// The scale of the variant's chance-of-winning curve (`ply tune curve`).
    const CHANCE_SCALE: f64;
    /// How the levels below the whole engine search and choose: chess's ladder, or
    /// one measured for the variant (docs/levels.md).
    const RUNGS: Rungs = STANDARD_RUNGS;

    /// The four centre squares (the hill, or the holes).
    fn centre() -> <Self::Geometry as Geometry>::Bits {
        let files = Self::Geometry::FILES;
        let (low, high) = (files / 2 - 1, files / 2);
        let mut set = <Self::Geometry as Geometry>::Bits::EMPTY;
        for rank in [low, high] {
            for file in [low, high] {
                set |= <Self::Geometry as Geometry>::Bits::square(rank * files + file);
            }
        }
        set
    }

    /// Squares that are not part of the board.
    #[inline]
    fn holes() -> <Self::Geometry as Geometry>::Bits {
        if Self::HOLES {
            Self::centre()
        } else {
            <Self::Geometry as Geometry>::Bits::EMPTY
        }
    }
}

/// How the draw for insufficient material applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterialDraw {
    /// FIDE: K v K, K+minor v K, K+B v K+B with bishops on one colour.
    Fide,
    /// Only bare kings (atomic: a lone king cannot capture, so nobody can win).
    BareKings,
    /// Never (a bare king can still win, e.g. by walking to the hill).
    Never,
}

const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// FIDE chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StandardRules;
impl Variant for StandardRules {
    type Geometry = Board8;
    const ID: &'static str = "chess";
    const CHANCE_SCALE: f64 = 0.39;
    const NAME: &'static str = "Chess";
    const SUMMARY: &'static str = "The classic: checkmate the enemy king.";
    const START: &'static str = STANDARD_START;
    const PIECE_NETWORK: Option<Committed> = Some(Committed::Chess);
}

/// Atomic chess as played on lichess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AtomicRules;
impl Variant for AtomicRules {
    type Geometry = Board8;
    const ID: &'static str = "atomic";
    const CHANCE_SCALE: f64 = 0.456;
    const NAME: &'static str = "Atomic chess";
    const SUMMARY: &'static str =
        "Every capture explodes, taking out nearby pieces: blow up the enemy king.";
    const START: &'static str = STANDARD_START;
    const ATOMIC: bool = true;
    const WEIGHTS: &'static [i32] = super::weights::atomic::WEIGHTS;
    const MATERIAL_DRAW: MaterialDraw = MaterialDraw::BareKings;
    const PIECE_NETWORK: Option<Committed> = Some(Committed::Atomic);
}

/// King of the hill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KothRules;
impl Variant for KothRules {
    type Geometry = Board8;
    const ID: &'static str = "koth";
    const CHANCE_SCALE: f64 = 0.746;
    const NAME: &'static str = "King of the hill";
    const SUMMARY: &'static str =
        "Chess where bringing your king to one of the four centre squares also wins.";
    const START: &'static str = STANDARD_START;
    const HILL: bool = true;
    const WEIGHTS: &'static [i32] = super::weights::koth::WEIGHTS;
    const MATERIAL_DRAW: MaterialDraw = MaterialDraw::Never;
    const PIECE_NETWORK: Option<Committed> = Some(Committed::KingOfTheHill);
}

/// Chess on a board without d4, e4, d5, e5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoleRules;
impl Variant for HoleRules {
    type Geometry = Board8;
    const ID: &'static str = "hole";
    const CHANCE_SCALE: f64 = 0.27;
    const NAME: &'static str = "Hole chess";
    const SUMMARY: &'static str =
        "Chess with the four centre squares cut out: nothing stands on or passes through them.";
    const START: &'static str = STANDARD_START;
    const HOLES: bool = true;
    const RUNGS: Rungs = HOLE_RUNGS;
}

/// Hole chess's ladder, from measured candidates (docs/levels.md): each level about
/// 230 to 400 above the one below up to depth 8, then the 250,000 positions of chess's
/// level 7, about 470 above depth 8 and 255 below the whole engine.
const HOLE_RUNGS: Rungs = [
    Ladder::at_depth(1, 12, 5.0),
    Ladder::at_depth(2, 10, 5.0),
    Ladder::at_depth(3, 8, 5.0),
    Ladder::at_depth(4, 6, 4.0),
    Ladder::at_depth(5, 4, 2.5),
    Ladder::at_depth(6, 2, 0.3),
    Ladder::at_depth(8, 2, 0.3),
    Ladder::after_nodes(250_000, 1, 0.0),
];

/// Last piece standing: kings are ordinary pieces; capture everything to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LpsRules;
impl Variant for LpsRules {
    type Geometry = Board8;
    const ID: &'static str = "lps";
    const CHANCE_SCALE: f64 = 0.206;
    const NAME: &'static str = "Last piece standing";
    const SUMMARY: &'static str =
        "No check, no checkmate: capture every enemy piece, the king included.";
    const START: &'static str = STANDARD_START;
    const ROYAL: bool = false;
    const MATERIAL_DRAW: MaterialDraw = MaterialDraw::Never;
    // Cornering the last pieces takes long manoeuvres without a capture; shrinking the
    // evaluation meanwhile drew more games (`ply match --mode lps --games 40 --millis 200
    // --seed 1001 --b-engine WAVE1/ply`: 51.6% after 32 games, against 70.3% without).
    const SHRINK_WHEN_SHUFFLING: bool = false;
    const PIECE_NETWORK: Option<Committed> = Some(Committed::LastPieceStanding);
    const RUNGS: Rungs = LPS_RUNGS;
}

/// Last piece standing's ladder, from neighbouring candidates played against each
/// other (docs/levels.md): each level about 220 to 390 above the one below, up to the
/// 250,000 positions of chess's level 7.
const LPS_RUNGS: Rungs = [
    Ladder::at_depth(2, 10, 5.0),
    Ladder::at_depth(3, 8, 5.0),
    Ladder::at_depth(3, 8, 3.0),
    Ladder::at_depth(4, 6, 2.5),
    Ladder::at_depth(5, 4, 1.8),
    Ladder::at_depth(6, 2, 0.3),
    Ladder::at_depth(8, 2, 0.3),
    Ladder::after_nodes(250_000, 1, 0.0),
];

/// Mega chess on 16x16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MegaRules;
impl Variant for MegaRules {
    type Geometry = Board16;
    const ID: &'static str = "mega";
    const CHANCE_SCALE: f64 = 0.064;
    const NAME: &'static str = "Mega chess";
    const SUMMARY: &'static str =
        "Chess on a 16x16 board with three queens, twelve knights and eight bishops a side.";
    const START: &'static str = "2bbbbqqkqbbbb2/rnnnnnnrrnnnnnnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNNNNNNRRNNNNNNR/2BBBBQQKQBBBB2 w - - 0 1";
    const PAWN_RANK: u8 = 2;
    const CASTLING: bool = false;
    const FULL_PHASE: i32 = 80;
    const RUNGS: Rungs = MEGA_RUNGS;
}

/// Mega chess's ladder (docs/levels.md): chess's depths and lines up to depth 5, with
/// temperatures a sixth of chess's, since its chance curve is about six times flatter
/// (a pawn moves the winning chance little among some seventy pieces) and chess's own
/// temperatures gave away so much that every step from depth 3 up was beyond measure.
/// Its board of 16x16 is searched at about a tenth of chess's speed, so chess's 600,000
/// positions would be cut by the 2.5 s budget; depth 6, then 100,000 and 250,000
/// positions (about 0.6 and 1.5 s a move here), leave room below the whole engine.
/// Depth 6 with two lines played level with 40,000 positions.
const MEGA_RUNGS: Rungs = [
    Ladder::at_depth(1, 12, 0.8),
    Ladder::at_depth(2, 10, 0.75),
    Ladder::at_depth(3, 8, 0.65),
    Ladder::at_depth(4, 6, 0.4),
    Ladder::at_depth(5, 4, 0.2),
    Ladder::at_depth(6, 2, 0.05),
    Ladder::after_nodes(100_000, 1, 0.0),
    Ladder::after_nodes(250_000, 1, 0.0),
];
