//! Animation timelines built from the table's events: the moving piece glides along its
//! path (leaping legs, a knight's or a checkers jump, arc over what they pass; a dropped
//! counter falls from above its column and settles), pieces that move with it glide too
//! (the rook when castling), taken pieces are knocked off the board when the mover
//! reaches them (or thrown from the blast of an atomic capture, with a flash), and a
//! capture sends a ripple out across the squares. Board views, 2D and 3D, ask a
//! timeline where things are; the timeline knows nothing of drawing.

use ply_play::{MoveEffects, Piece};

/// How long a piece takes to cross one leg of its path, in seconds.
pub const LEG_SECONDS: f32 = 0.18;
/// How long a counter takes to fall into its column, in seconds.
pub const DROP_SECONDS: f32 = 0.32;
/// How long a counter bounces after landing, in seconds.
pub const SETTLE_SECONDS: f32 = 0.22;
/// How long taken pieces take to leave the board, in seconds.
pub const KNOCK_SECONDS: f32 = 0.45;
/// How long an explosion's flash lasts, in seconds.
pub const BLAST_SECONDS: f32 = 0.5;
/// How long the capture's ripple runs, in seconds.
pub const RIPPLE_SECONDS: f32 = 1.1;
/// How fast the ripple's front runs, in cells per second.
pub const RIPPLE_SPEED: f32 = 9.0;
/// How wide the ripple's crest is, in cells.
const RIPPLE_WIDTH: f32 = 1.4;
/// How high a leaping piece rises at the middle of its leg, in cells.
pub const ARC_HEIGHT: f32 = 0.7;

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
    /// For each leg, whether it leaps in an arc over what it passes.
    pub arcs: Vec<bool>,
    /// It blows up when it arrives (atomic chess): it is not drawn after that.
    pub vanishes: bool,
}

impl Glide {
    fn drops(&self) -> bool {
        matches!(self.spots.first(), Some(Spot::AboveColumn(_)))
    }

    fn legs(&self) -> usize {
        self.spots.len().saturating_sub(1)
    }

    /// When it arrives, in seconds after the move.
    pub fn arrival(&self) -> f32 {
        if self.drops() {
            DROP_SECONDS
        } else {
            self.legs() as f32 * LEG_SECONDS
        }
    }

    fn seconds(&self) -> f32 {
        self.arrival() + if self.drops() { SETTLE_SECONDS } else { 0.0 }
    }

    /// Where the glide is after `elapsed` seconds: the leg it is on (start and end
    /// spots) and the fraction of that leg covered (eased: a dropped counter falls
    /// faster and faster).
    pub fn at(&self, elapsed: f32) -> (Spot, Spot, f32) {
        let legs = self.legs();
        if legs == 0 {
            let only = self.spots.first().copied().unwrap_or(Spot::Cell(0));
            return (only, only, 1.0);
        }
        if self.drops() {
            let t = (elapsed / DROP_SECONDS).clamp(0.0, 1.0);
            return (self.spots[0], self.spots[1], t * t);
        }
        let covered = (elapsed / LEG_SECONDS).clamp(0.0, legs as f32);
        let leg = (covered.floor() as usize).min(legs - 1);
        let t = covered - leg as f32;
        let eased = t * t * (3.0 - 2.0 * t);
        (self.spots[leg], self.spots[leg + 1], eased)
    }

    /// How high above the board the piece is after `elapsed` seconds, in cells: the
    /// arc of a leaping leg, or the bounce of a counter settling.
    pub fn lift(&self, elapsed: f32) -> f32 {
        if self.drops() {
            let after = elapsed - DROP_SECONDS;
            if !(0.0..SETTLE_SECONDS).contains(&after) {
                return 0.0;
            }
            let u = after / SETTLE_SECONDS;
            let bounce = if u < 0.6 {
                0.22 * (std::f32::consts::PI * u / 0.6).sin()
            } else {
                0.06 * (std::f32::consts::PI * (u - 0.6) / 0.4).sin()
            };
            return bounce;
        }
        let legs = self.legs();
        if legs == 0 || elapsed >= self.arrival() {
            return 0.0;
        }
        let covered = (elapsed / LEG_SECONDS).clamp(0.0, legs as f32);
        let leg = (covered.floor() as usize).min(legs - 1);
        if !self.arcs.get(leg).copied().unwrap_or(false) {
            return 0.0;
        }
        let t = covered - leg as f32;
        4.0 * ARC_HEIGHT * t * (1.0 - t)
    }

    /// Whether it is still drawn after `elapsed` seconds.
    pub fn shown(&self, elapsed: f32) -> bool {
        !(self.vanishes && elapsed >= self.arrival())
    }

    /// Where the glide ends.
    pub fn end(&self) -> Option<Spot> {
        self.spots.last().copied()
    }
}

/// A taken piece leaving the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fade {
    /// The piece.
    pub piece: Piece,
    /// Its cell.
    pub cell: usize,
    /// The way it is knocked or thrown, in cells across and along (unit length, or
    /// zero to sink straight down).
    pub push: (f32, f32),
    /// When it is hit, in seconds after the move.
    pub start: f32,
}

/// Everything one move sets in motion.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// Pieces moving.
    pub glides: Vec<Glide>,
    /// Pieces leaving the board.
    pub fades: Vec<Fade>,
    /// The move blew up (atomic chess): the fades are thrown from the blast.
    pub exploded: bool,
    /// The cell the capture's ripple starts from and when, if something was taken.
    pub ripple: Option<(usize, f32)>,
    width: usize,
    elapsed: f32,
    seconds: f32,
}

/// Column and row of `cell` on a board `width` cells wide.
fn place(cell: usize, width: usize) -> (f32, f32) {
    ((cell % width) as f32, (cell / width) as f32)
}

/// Whether a leg from `from` to `to` leaps: not along a line (a knight), or over a
/// taken piece lying between its ends (a checkers jump).
fn leaps(from: usize, to: usize, width: usize, taken: &[usize]) -> bool {
    let ((x0, y0), (x1, y1)) = (place(from, width), place(to, width));
    let (dx, dy) = (x1 - x0, y1 - y0);
    let straight = dx == 0.0 || dy == 0.0 || dx.abs() == dy.abs();
    !straight
        || taken.iter().any(|&cell| {
            let (x, y) = place(cell, width);
            let (px, py) = (x - x0, y - y0);
            let along = (px * dx + py * dy) / (dx * dx + dy * dy);
            (px * dy - py * dx).abs() < 1e-3 && along > 0.0 && along < 1.0
        })
}

impl Timeline {
    /// The animation of a move on a board `width` cells wide.
    pub fn of(effects: &MoveEffects, width: usize) -> Timeline {
        let width = width.max(1);
        let taken: Vec<usize> = effects.captured.iter().map(|&(cell, _)| cell).collect();
        let mut glides = Vec::new();
        let arriving = effects.promoted.or(effects.piece);
        if let Some(piece) = arriving {
            let mut spots: Vec<Spot> = effects.path.iter().map(|&cell| Spot::Cell(cell)).collect();
            if let [only] = effects.path.as_slice() {
                spots.insert(0, Spot::AboveColumn(only % width));
            }
            let arcs = effects
                .path
                .windows(2)
                .map(|leg| leaps(leg[0], leg[1], width, &taken))
                .collect();
            glides.push(Glide {
                piece,
                spots,
                arcs,
                vanishes: effects.exploded,
            });
        }
        for &(from, to, piece) in &effects.companions {
            glides.push(Glide {
                piece,
                spots: vec![Spot::Cell(from), Spot::Cell(to)],
                arcs: vec![false],
                vanishes: false,
            });
        }
        let arrival = glides.first().map_or(0.0, Glide::arrival);
        let end = effects.path.last().copied();
        let fades: Vec<Fade> = effects
            .captured
            .iter()
            .map(|&(cell, piece)| Self::hit(effects, width, end, arrival, cell, piece))
            .collect();
        let ripple = effects
            .captured
            .iter()
            .map(|&(cell, _)| cell)
            .find(|_| !effects.exploded)
            .or(end.filter(|_| effects.exploded))
            .map(|cell| (cell, arrival));
        let gliding = glides.iter().map(Glide::seconds).fold(0.0, f32::max);
        let knocked = fades
            .iter()
            .map(|fade| fade.start + KNOCK_SECONDS)
            .fold(0.0, f32::max);
        let rippling = ripple.map_or(0.0, |(_, start)| start + RIPPLE_SECONDS);
        Timeline {
            glides,
            fades,
            exploded: effects.exploded,
            ripple,
            width,
            elapsed: 0.0,
            seconds: gliding.max(knocked).max(rippling),
        }
    }

    /// How the piece on `cell` is taken: when the mover reaches it and which way it
    /// goes (along the mover's leg, or away from the blast).
    fn hit(
        effects: &MoveEffects,
        width: usize,
        end: Option<usize>,
        arrival: f32,
        cell: usize,
        piece: Piece,
    ) -> Fade {
        let unit = |(x, y): (f32, f32)| {
            let length = (x * x + y * y).sqrt();
            if length > 1e-6 {
                (x / length, y / length)
            } else {
                (0.0, 0.0)
            }
        };
        let (x, y) = place(cell, width);
        if effects.exploded {
            let (cx, cy) = place(end.unwrap_or(cell), width);
            return Fade {
                piece,
                cell,
                push: unit((x - cx, y - cy)),
                start: arrival,
            };
        }
        let legs: Vec<(usize, usize)> = effects.path.windows(2).map(|l| (l[0], l[1])).collect();
        // The leg that passes over or lands on the taken piece, and how far along.
        let passing = legs.iter().enumerate().find_map(|(index, &(from, to))| {
            let ((x0, y0), (x1, y1)) = (place(from, width), place(to, width));
            let (dx, dy) = (x1 - x0, y1 - y0);
            let along = ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy).max(1e-6);
            let off_line = ((x - x0) * dy - (y - y0) * dx).abs() > 1e-3;
            (!off_line && along > 0.0 && along <= 1.0).then_some((index, along, (dx, dy)))
        });
        match passing {
            Some((index, along, direction)) => Fade {
                piece,
                cell,
                push: unit(direction),
                start: (index as f32 + along) * LEG_SECONDS,
            },
            None => {
                // Taken off the line of the move (en passant): pushed the mover's way.
                let direction = legs.last().map_or((0.0, 0.0), |&(from, to)| {
                    let ((x0, y0), (x1, y1)) = (place(from, width), place(to, width));
                    (x1 - x0, y1 - y0)
                });
                Fade {
                    piece,
                    cell,
                    push: unit(direction),
                    start: arrival,
                }
            }
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

    /// How long the whole animation lasts, in seconds.
    pub fn seconds(&self) -> f32 {
        self.seconds
    }

    /// Seconds since the move.
    pub fn elapsed(&self) -> f32 {
        self.elapsed
    }

    /// How far a taken piece has gone, from 0 (still standing: not reached yet) to 1
    /// (gone).
    pub fn progress(&self, fade: &Fade) -> f32 {
        ((self.elapsed - fade.start) / KNOCK_SECONDS).clamp(0.0, 1.0)
    }

    /// The explosion of an atomic capture: its centre cell and how far its flash has
    /// gone (0 before the mover arrives, then to 1).
    pub fn blast(&self) -> Option<(usize, f32)> {
        if !self.exploded {
            return None;
        }
        let glide = self.glides.first()?;
        let Some(Spot::Cell(center)) = glide.end() else {
            return None;
        };
        let since = self.elapsed - glide.arrival();
        (since >= 0.0).then(|| (center, (since / BLAST_SECONDS).min(1.0)))
    }

    /// How high the ripple lifts `cell` now, from 0 (flat) to 1 (the crest).
    pub fn ripple_at(&self, cell: usize) -> f32 {
        let Some((origin, start)) = self.ripple else {
            return 0.0;
        };
        let since = self.elapsed - start;
        if !(0.0..RIPPLE_SECONDS).contains(&since) {
            return 0.0;
        }
        let ((x, y), (ox, oy)) = (place(cell, self.width), place(origin, self.width));
        let distance = ((x - ox).powi(2) + (y - oy).powi(2)).sqrt();
        let front = RIPPLE_SPEED * since;
        let crest = (-((distance - front) / RIPPLE_WIDTH).powi(2)).exp();
        let fading = 1.0 - since / RIPPLE_SECONDS;
        crest * fading / (1.0 + 0.08 * distance)
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

    const TAKEN: Piece = (Player::Second, PieceKind(0));

    #[test]
    fn a_multi_jump_arcs_leg_by_leg_knocks_each_piece_as_it_passes_and_ends_in_place() {
        // Checkers on the 8x8 view: 1 -> 19 over 10 would be a slide; here 0 -> 18 -> 36
        // jumps over 9 and 27.
        let mut timeline =
            Timeline::of(&effects(vec![0, 18, 36], vec![(9, TAKEN), (27, TAKEN)]), 8);
        assert_eq!(timeline.arriving_at(), [36]);
        let glide = timeline.glides[0].clone();
        assert_eq!(glide.arcs, [true, true]);
        assert_eq!(glide.at(0.0), (Spot::Cell(0), Spot::Cell(18), 0.0));
        let (from, to, part) = glide.at(LEG_SECONDS * 1.5);
        assert_eq!((from, to), (Spot::Cell(18), Spot::Cell(36)));
        assert!((part - 0.5).abs() < 1e-4);
        assert!((glide.lift(LEG_SECONDS * 0.5) - ARC_HEIGHT).abs() < 1e-4);
        let starts: Vec<f32> = timeline.fades.iter().map(|f| f.start).collect();
        assert!((starts[0] - 0.5 * LEG_SECONDS).abs() < 1e-4, "{starts:?}");
        assert!((starts[1] - 1.5 * LEG_SECONDS).abs() < 1e-4, "{starts:?}");
        timeline.tick(LEG_SECONDS);
        assert!(timeline.progress(&timeline.fades[0]) > 0.0);
        assert_eq!(timeline.progress(&timeline.fades[1]), 0.0);
        timeline.tick(10.0);
        assert!(timeline.done());
        assert_eq!(timeline.progress(&timeline.fades[1]), 1.0);
    }

    #[test]
    fn a_knight_arcs_and_a_rook_slides() {
        let knight = Timeline::of(&effects(vec![1, 18], Vec::new()), 8);
        assert_eq!(knight.glides[0].arcs, [true]);
        assert!(knight.glides[0].lift(LEG_SECONDS / 2.0) > 0.5);
        let rook = Timeline::of(&effects(vec![0, 56], Vec::new()), 8);
        assert_eq!(rook.glides[0].arcs, [false]);
        assert_eq!(rook.glides[0].lift(LEG_SECONDS / 2.0), 0.0);
        assert_eq!(rook.ripple, None);
    }

    #[test]
    fn a_capture_sends_a_ripple_out_from_its_square_once_the_mover_arrives() {
        let mut timeline = Timeline::of(&effects(vec![0, 27], vec![(27, TAKEN)]), 8);
        assert_eq!(timeline.ripple, Some((27, LEG_SECONDS)));
        assert_eq!(
            timeline.ripple_at(27),
            0.0,
            "nothing before the mover arrives"
        );
        timeline.tick(LEG_SECONDS + 0.01);
        assert!(timeline.ripple_at(27) > 0.8);
        assert!(
            timeline.ripple_at(63) < 0.01,
            "the far corner is not reached yet"
        );
        let far_corner_reached = LEG_SECONDS + 32f32.sqrt() / RIPPLE_SPEED;
        timeline.tick(far_corner_reached - timeline.elapsed());
        assert!(timeline.ripple_at(63) > 0.2, "{}", timeline.ripple_at(63));
        assert!(timeline.ripple_at(27) < 0.05);
        assert!(timeline.seconds() >= LEG_SECONDS + RIPPLE_SECONDS);
    }

    #[test]
    fn an_atomic_capture_flashes_and_throws_every_piece_away_from_the_blast() {
        let mut blast = effects(vec![12, 28], vec![(28, TAKEN), (29, TAKEN), (19, TAKEN)]);
        blast.exploded = true;
        blast.captured.push((28, (Player::First, PieceKind(0))));
        let mut timeline = Timeline::of(&blast, 8);
        assert!(timeline.glides[0].vanishes);
        assert_eq!(timeline.blast(), None, "no flash before the mover arrives");
        timeline.tick(LEG_SECONDS + BLAST_SECONDS / 2.0);
        let (center, flash) = timeline.blast().expect("the blast is under way");
        assert_eq!(center, 28);
        assert!((flash - 0.5).abs() < 1e-3);
        assert!(!timeline.glides[0].shown(timeline.elapsed()));
        let pushes: Vec<(f32, f32)> = timeline.fades.iter().map(|f| f.push).collect();
        assert_eq!(
            pushes[1],
            (1.0, 0.0),
            "the piece beside the blast flies away from it"
        );
        assert_eq!(pushes[2], (-1.0 / 2f32.sqrt(), -1.0 / 2f32.sqrt()));
        assert!(timeline.fades.iter().all(|f| timeline.progress(f) > 0.0));
        assert_eq!(timeline.ripple.map(|(cell, _)| cell), Some(28));
    }

    #[test]
    fn a_dropped_counter_falls_from_above_its_column_and_settles() {
        let timeline = Timeline::of(&effects(vec![3 + 7 * 2], Vec::new()), 7);
        let glide = &timeline.glides[0];
        assert_eq!(glide.spots[0], Spot::AboveColumn(3));
        let (_, _, early) = glide.at(DROP_SECONDS / 2.0);
        assert!((early - 0.25).abs() < 1e-4, "it falls faster and faster");
        assert!(
            glide.lift(DROP_SECONDS + SETTLE_SECONDS * 0.3) > 0.0,
            "it bounces"
        );
        assert!(glide.lift(DROP_SECONDS + SETTLE_SECONDS + 0.01).abs() < 1e-6);
        assert!((timeline.seconds() - DROP_SECONDS - SETTLE_SECONDS).abs() < 1e-4);
    }
}
