//! Every piece of every mode drawn as vector shapes, so pieces stay crisp at any size
//! and no artwork files are needed.

use crate::display::{Frame, Item, Point, Rect, Rgba, triangulate};
use ply_core::{PieceGlyph, Player};

/// The fill and outline colours of one side's pieces.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceColors {
    /// The body of the piece.
    pub fill: Rgba,
    /// The outline and details.
    pub line: Rgba,
}

/// The colours of `player`'s pieces in a mode whose side is called `side_name`
/// (White, Black, Red, Yellow, Attackers, Defenders...).
pub fn side_colors(side_name: &str, player: Player) -> PieceColors {
    let light = PieceColors {
        fill: Rgba::rgb(250, 248, 240),
        line: Rgba::rgb(30, 30, 30),
    };
    let dark = PieceColors {
        fill: Rgba::rgb(40, 40, 44),
        line: Rgba::rgb(210, 210, 210),
    };
    match side_name.to_ascii_lowercase().as_str() {
        "white" | "defenders" => light,
        "black" | "attackers" => dark,
        "red" => PieceColors {
            fill: Rgba::rgb(214, 40, 40),
            line: Rgba::rgb(110, 10, 10),
        },
        "yellow" => PieceColors {
            fill: Rgba::rgb(245, 200, 30),
            line: Rgba::rgb(130, 95, 0),
        },
        _ if player == Player::First => light,
        _ => dark,
    }
}

const GOLD: Rgba = Rgba::rgb(222, 176, 40);

/// Adds the shapes of a `glyph` filling `rect` (a square cell) to `frame`.
pub fn draw_piece(frame: &mut Frame, glyph: PieceGlyph, colors: PieceColors, rect: Rect) {
    let mut painter = PiecePainter {
        rect,
        colors,
        outline: (rect.w * 0.045).max(1.5),
        parts: Vec::new(),
        details: Vec::new(),
    };
    match glyph {
        PieceGlyph::Pawn => {
            painter.base();
            painter.polygon(&[(0.33, 0.8), (0.67, 0.8), (0.58, 0.5), (0.42, 0.5)]);
            painter.polygon(&[(0.34, 0.48), (0.66, 0.48), (0.66, 0.55), (0.34, 0.55)]);
            painter.disc(0.5, 0.36, 0.14);
        }
        PieceGlyph::Rook => {
            painter.base();
            painter.polygon(&[(0.3, 0.8), (0.7, 0.8), (0.66, 0.4), (0.34, 0.4)]);
            painter.polygon(&[
                (0.24, 0.42),
                (0.76, 0.42),
                (0.76, 0.16),
                (0.65, 0.16),
                (0.65, 0.25),
                (0.555, 0.25),
                (0.555, 0.16),
                (0.445, 0.16),
                (0.445, 0.25),
                (0.35, 0.25),
                (0.35, 0.16),
                (0.24, 0.16),
            ]);
        }
        PieceGlyph::Knight => {
            painter.base();
            painter.polygon(&[
                (0.26, 0.8),
                (0.78, 0.8),
                (0.76, 0.56),
                (0.7, 0.36),
                (0.6, 0.2),
                (0.52, 0.14),
                (0.48, 0.22),
                (0.38, 0.26),
                (0.2, 0.44),
                (0.22, 0.54),
                (0.3, 0.55),
                (0.44, 0.45),
                (0.3, 0.66),
            ]);
            painter.detail_disc(0.5, 0.3, 0.035);
        }
        PieceGlyph::Bishop => {
            painter.base();
            painter.polygon(&[(0.34, 0.8), (0.66, 0.8), (0.57, 0.58), (0.43, 0.58)]);
            painter.polygon(&[
                (0.36, 0.6),
                (0.64, 0.6),
                (0.68, 0.45),
                (0.62, 0.32),
                (0.5, 0.2),
                (0.38, 0.32),
                (0.32, 0.45),
            ]);
            painter.disc(0.5, 0.16, 0.055);
            painter.detail_line((0.56, 0.33), (0.47, 0.45));
        }
        PieceGlyph::Queen => {
            painter.base();
            painter.polygon(&[
                (0.26, 0.8),
                (0.74, 0.8),
                (0.86, 0.3),
                (0.68, 0.52),
                (0.62, 0.22),
                (0.5, 0.5),
                (0.38, 0.22),
                (0.32, 0.52),
                (0.14, 0.3),
            ]);
            for (x, y) in [(0.14, 0.28), (0.38, 0.2), (0.62, 0.2), (0.86, 0.28)] {
                painter.disc(x, y, 0.055);
            }
        }
        PieceGlyph::King => {
            painter.base();
            painter.polygon(&[
                (0.25, 0.8),
                (0.75, 0.8),
                (0.78, 0.5),
                (0.64, 0.38),
                (0.36, 0.38),
                (0.22, 0.5),
            ]);
            painter.polygon(&[
                (0.46, 0.38),
                (0.54, 0.38),
                (0.54, 0.24),
                (0.63, 0.24),
                (0.63, 0.17),
                (0.54, 0.17),
                (0.54, 0.08),
                (0.46, 0.08),
                (0.46, 0.17),
                (0.37, 0.17),
                (0.37, 0.24),
                (0.46, 0.24),
            ]);
        }
        PieceGlyph::Man | PieceGlyph::Counter | PieceGlyph::Attacker => {
            painter.disc(0.5, 0.5, 0.4);
            painter.detail_ring(0.5, 0.5, 0.27);
        }
        PieceGlyph::CrownedMan => {
            painter.disc(0.5, 0.5, 0.4);
            painter.detail_ring(0.5, 0.5, 0.3);
            painter.crown(GOLD);
        }
        PieceGlyph::Defender => {
            painter.disc(0.5, 0.5, 0.36);
            painter.detail_disc(0.5, 0.5, 0.1);
        }
        PieceGlyph::TaflKing => {
            painter.disc(0.5, 0.5, 0.42);
            painter.crown(GOLD);
        }
    }
    painter.finish(frame);
}

enum Part {
    Polygon(Vec<Point>),
    Disc(Point, f32),
}

struct PiecePainter {
    rect: Rect,
    colors: PieceColors,
    outline: f32,
    parts: Vec<Part>,
    details: Vec<Item>,
}

impl PiecePainter {
    fn point(&self, (x, y): (f32, f32)) -> Point {
        self.rect.at(x, y)
    }

    fn polygon(&mut self, corners: &[(f32, f32)]) {
        let points = corners.iter().map(|&c| self.point(c)).collect();
        self.parts.push(Part::Polygon(points));
    }

    fn disc(&mut self, x: f32, y: f32, radius: f32) {
        let center = self.point((x, y));
        self.parts.push(Part::Disc(center, radius * self.rect.w));
    }

    fn base(&mut self) {
        self.polygon(&[(0.2, 0.9), (0.8, 0.9), (0.78, 0.8), (0.22, 0.8)]);
    }

    /// Paints outlines first and every fill over them, so only the silhouette's edge
    /// keeps a line where parts overlap; details go on top.
    fn finish(self, frame: &mut Frame) {
        for part in &self.parts {
            match part {
                Part::Polygon(points) => {
                    for (i, &from) in points.iter().enumerate() {
                        let to = points[(i + 1) % points.len()];
                        frame.push(Item::Line {
                            from,
                            to,
                            thickness: self.outline * 2.0,
                            color: self.colors.line,
                        });
                        frame.push(Item::Disc {
                            center: from,
                            radius: self.outline,
                            color: self.colors.line,
                        });
                    }
                }
                Part::Disc(center, radius) => frame.push(Item::Disc {
                    center: *center,
                    radius: radius + self.outline,
                    color: self.colors.line,
                }),
            }
        }
        for part in self.parts {
            match part {
                Part::Polygon(points) => frame.push(Item::Triangles {
                    corners: triangulate(&points),
                    color: self.colors.fill,
                }),
                Part::Disc(center, radius) => frame.push(Item::Disc {
                    center,
                    radius,
                    color: self.colors.fill,
                }),
            }
        }
        frame.items.extend(self.details);
    }

    fn detail_disc(&mut self, x: f32, y: f32, radius: f32) {
        let item = Item::Disc {
            center: self.point((x, y)),
            radius: radius * self.rect.w,
            color: self.colors.line,
        };
        self.details.push(item);
    }

    fn detail_ring(&mut self, x: f32, y: f32, radius: f32) {
        let center = self.point((x, y));
        let item = Item::Ring {
            center,
            radius: radius * self.rect.w,
            thickness: self.outline,
            color: self.colors.line,
        };
        self.details.push(item);
    }

    fn detail_line(&mut self, from: (f32, f32), to: (f32, f32)) {
        let item = Item::Line {
            from: self.point(from),
            to: self.point(to),
            thickness: self.outline * 1.2,
            color: self.colors.line,
        };
        self.details.push(item);
    }

    fn crown(&mut self, color: Rgba) {
        let corners: Vec<Point> = [
            (0.32, 0.62),
            (0.68, 0.62),
            (0.72, 0.38),
            (0.6, 0.5),
            (0.5, 0.34),
            (0.4, 0.5),
            (0.28, 0.38),
        ]
        .iter()
        .map(|&c| self.point(c))
        .collect();
        self.details.push(Item::Triangles {
            corners: triangulate(&corners),
            color,
        });
    }
}
