//! The colours and shapes that several modes' looks share (light and dark sides, round
//! bodies and rings, a gold crown), so each mode's look file holds only what is its own.

use ply_core::{Paint, Rgb, SideColors, Stroke};

/// Light pieces (White in chess and checkers, the hnefatafl defenders).
pub(crate) const LIGHT: SideColors = SideColors {
    fill: Rgb(250, 248, 240),
    outline: Rgb(30, 30, 30),
    detail: Rgb(30, 30, 30),
};

/// Dark pieces (Black in chess and checkers, the hnefatafl attackers).
pub(crate) const DARK: SideColors = SideColors {
    fill: Rgb(40, 40, 44),
    outline: Rgb(210, 210, 210),
    detail: Rgb(210, 210, 210),
};

/// The gold of crowns.
const GOLD: Rgb = Rgb(222, 176, 40);

/// The width of details' lines: the same as the outline of a piece.
pub(crate) const LINE: f32 = 0.045;

/// A round body of `radius` in the middle of the cell.
pub(crate) const fn body_disc(radius: f32) -> Stroke {
    Stroke::Disc {
        center: (0.5, 0.5),
        radius,
        paint: Paint::Body,
    }
}

/// A ring of `radius` drawn over the middle of a round piece.
pub(crate) const fn detail_ring(radius: f32) -> Stroke {
    Stroke::Ring {
        center: (0.5, 0.5),
        radius,
        thickness: LINE,
        paint: Paint::Detail,
    }
}

/// A gold crown over the middle of a round piece.
pub(crate) const CROWN: Stroke = Stroke::Polygon {
    points: &[
        (0.32, 0.62),
        (0.68, 0.62),
        (0.72, 0.38),
        (0.6, 0.5),
        (0.5, 0.34),
        (0.4, 0.5),
        (0.28, 0.38),
    ],
    paint: Paint::Fixed(GOLD),
};

/// Calls `visit` with every position and legal move met along a few random games from
/// the start of `G`, so each mode can check that its labels agree with its move text.
#[cfg(test)]
pub(crate) fn for_each_move<G: ply_core::Present>(mut visit: impl FnMut(&G, G::Move)) {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..4 {
        let mut position = G::start();
        let mut moves = Vec::new();
        for _ in 0..200 {
            moves.clear();
            if position.outcome().is_some() {
                break;
            }
            position.gen_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                visit(&position, mv);
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = moves[(seed % moves.len() as u64) as usize];
            position.make(mv);
        }
    }
}
