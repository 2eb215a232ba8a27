//! Animation timelines built from the table's events: the moving piece glides along its
//! path (a dropped counter falls from above its column), pieces that move with it glide
//! too (the rook when castling), and taken pieces fade away where they stood. Board
//! views ask a timeline where things are; the timeline knows nothing of drawing.

use crate::table::{MoveEffects, Piece};

/// How long a piece takes to cross one leg of its path, in seconds.
const LEG_SECONDS: f32 = 0.16;
/// How long taken pieces take to fade away, in seconds.
const FADE_SECONDS: f32 = 0.3;

/// A place a gliding piece passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A cell of the board.
    Cell(usize),
    /// Just above the top of a column (where a dropped counter starts).
    AboveColumn(usize),
}

/// A piece moving along spots.
#[derive(Clone, Debug, PartialEq)]
pub struct Glide {
    /// The piece as it arrives.
    pub piece: Piece,
    /// Where it passes, in order.
    pub spots: Vec<Spot>,
}

impl Glide {
    /// Where the glide is after `elapsed` seconds: the leg it is on (start and end
    /// spots) and the fraction of that leg covered.
    pub fn at(&self, elapsed: f32) -> (Spot, Spot, f32) {
        let legs = self.spots.len().saturating_sub(1);
        if legs == 0 {
            let only = self.spots.first().copied().unwrap_or(Spot::Cell(0));
            return (only, only, 1.0);
        }
        let covered = (elapsed / LEG_SECONDS).clamp(0.0, legs as f32);
        let leg = (covered.floor() as usize).min(legs - 1);
        (self.spots[leg], self.spots[leg + 1], covered - leg as f32)
    }

    /// Where the glide ends.
    pub fn end(&self) -> Option<Spot> {
        self.spots.last().copied()
    }

    fn seconds(&self) -> f32 {
        self.spots.len().saturating_sub(1) as f32 * LEG_SECONDS
    }
}

/// A taken piece fading where it stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fade {
    /// The piece.
    pub piece: Piece,
    /// Its cell.
    pub cell: usize,
}

/// Everything one move sets in motion.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// Pieces moving.
    pub glides: Vec<Glide>,
    /// Pieces fading away.
    pub fades: Vec<Fade>,
    /// The move blew up (atomic chess): the fades are an explosion.
    pub exploded: bool,
    elapsed: f32,
    seconds: f32,
}

impl Timeline {
    /// The animation of a move on a board `width` cells wide.
    pub fn of(effects: &MoveEffects, width: usize) -> Timeline {
        let width = width.max(1);
        let mut glides = Vec::new();
        let arriving = effects.promoted.or(effects.piece);
        if let Some(piece) = arriving.filter(|_| !effects.exploded) {
            let mut spots: Vec<Spot> = effects.path.iter().map(|&cell| Spot::Cell(cell)).collect();
            if let [only] = effects.path.as_slice() {
                spots.insert(0, Spot::AboveColumn(only % width));
            }
            glides.push(Glide { piece, spots });
        }
        for &(from, to, piece) in &effects.companions {
            glides.push(Glide {
                piece,
                spots: vec![Spot::Cell(from), Spot::Cell(to)],
            });
        }
        let fades: Vec<Fade> = effects
            .captured
            .iter()
            .map(|&(cell, piece)| Fade { piece, cell })
            .collect();
        let gliding = glides.iter().map(Glide::seconds).fold(0.0, f32::max);
        let fading = if fades.is_empty() { 0.0 } else { FADE_SECONDS };
        Timeline {
            glides,
            fades,
            exploded: effects.exploded,
            elapsed: 0.0,
            seconds: gliding.max(fading),
        }
    }

    /// Lets `seconds` pass.
    pub fn tick(&mut self, seconds: f32) {
        self.elapsed += seconds.max(0.0);
    }

    /// Whether everything has arrived.
    pub fn done(&self) -> bool {
        self.elapsed >= self.seconds
    }

    /// Seconds since the move.
    pub fn elapsed(&self) -> f32 {
        self.elapsed
    }

    /// How far the taken pieces have faded, from 0 (whole) to 1 (gone).
    pub fn fade(&self) -> f32 {
        (self.elapsed / FADE_SECONDS).clamp(0.0, 1.0)
    }

    /// The cells whose pieces are still on their way there (drawn by the glide, not in
    /// place).
    pub fn arriving_at(&self) -> Vec<usize> {
        self.glides
            .iter()
            .filter_map(|glide| match glide.end() {
                Some(Spot::Cell(cell)) => Some(cell),
                _ => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::{PieceKind, Player};

    fn effects(path: Vec<usize>, captured: Vec<(usize, Piece)>) -> MoveEffects {
        MoveEffects {
            side: Player::First,
            display: String::new(),
            path,
            piece: Some((Player::First, PieceKind(0))),
            captured,
            companions: Vec::new(),
            exploded: false,
            promoted: None,
            check: false,
        }
    }

    #[test]
    fn a_multi_jump_glides_leg_by_leg_and_ends_in_place() {
        let taken = (Player::Second, PieceKind(0));
        let mut timeline = Timeline::of(&effects(vec![1, 10, 19], vec![(5, taken)]), 8);
        assert_eq!(timeline.arriving_at(), [19]);
        let glide = &timeline.glides[0];
        assert_eq!(glide.at(0.0), (Spot::Cell(1), Spot::Cell(10), 0.0));
        let (from, to, part) = glide.at(LEG_SECONDS * 1.5);
        assert_eq!((from, to), (Spot::Cell(10), Spot::Cell(19)));
        assert!((part - 0.5).abs() < 1e-4);
        timeline.tick(10.0);
        assert!(timeline.done());
        assert_eq!(timeline.fade(), 1.0);
    }

    #[test]
    fn a_dropped_counter_falls_from_above_its_column() {
        let timeline = Timeline::of(&effects(vec![3 + 7 * 2], Vec::new()), 7);
        assert_eq!(timeline.glides[0].spots[0], Spot::AboveColumn(3));
    }
}
