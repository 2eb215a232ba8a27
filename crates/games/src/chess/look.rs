//! How the chess family looks: the six pieces drawn as the usual Staunton silhouettes,
//! White light and Black dark, White at the bottom, files a.. and ranks 1.. on the edge.

use super::Role;
use crate::palette::{DARK, LIGHT};
use ply_core::{Form, Paint, PieceKind, PieceLook, Player, SideColors, Stroke};

/// The foot every piece stands on.
const BASE: Stroke = Stroke::Polygon {
    points: &[(0.2, 0.9), (0.8, 0.9), (0.78, 0.8), (0.22, 0.8)],
    paint: Paint::Body,
};

/// A body polygon.
const fn body(points: &'static [(f32, f32)]) -> Stroke {
    Stroke::Polygon {
        points,
        paint: Paint::Body,
    }
}

/// A small round body part (a pawn's head, the balls of a queen's crown).
const fn ball(x: f32, y: f32, radius: f32) -> Stroke {
    Stroke::Disc {
        center: (x, y),
        radius,
        paint: Paint::Body,
    }
}

/// The pieces, in the order of [`Role`].
pub(super) const PIECES: &[PieceLook] = &[
    PieceLook {
        name: "pawn",
        value: 1,
        form: Form::Pawn,
        recipe: &[
            BASE,
            body(&[(0.33, 0.8), (0.67, 0.8), (0.58, 0.5), (0.42, 0.5)]),
            body(&[(0.34, 0.48), (0.66, 0.48), (0.66, 0.55), (0.34, 0.55)]),
            ball(0.5, 0.36, 0.14),
        ],
    },
    PieceLook {
        name: "knight",
        value: 3,
        form: Form::Knight,
        recipe: &[
            BASE,
            body(Form::KNIGHT_HEAD),
            Stroke::Disc {
                center: (0.5, 0.3),
                radius: 0.035,
                paint: Paint::Detail,
            },
        ],
    },
    PieceLook {
        name: "bishop",
        value: 3,
        form: Form::Bishop,
        recipe: &[
            BASE,
            body(&[(0.34, 0.8), (0.66, 0.8), (0.57, 0.58), (0.43, 0.58)]),
            body(&[
                (0.36, 0.6),
                (0.64, 0.6),
                (0.68, 0.45),
                (0.62, 0.32),
                (0.5, 0.2),
                (0.38, 0.32),
                (0.32, 0.45),
            ]),
            ball(0.5, 0.16, 0.055),
            Stroke::Line {
                from: (0.56, 0.33),
                to: (0.47, 0.45),
                thickness: 0.054,
                paint: Paint::Detail,
            },
        ],
    },
    PieceLook {
        name: "rook",
        value: 5,
        form: Form::Rook,
        recipe: &[
            BASE,
            body(&[(0.3, 0.8), (0.7, 0.8), (0.66, 0.4), (0.34, 0.4)]),
            body(&[
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
            ]),
        ],
    },
    PieceLook {
        name: "queen",
        value: 9,
        form: Form::Queen,
        recipe: &[
            BASE,
            body(&[
                (0.26, 0.8),
                (0.74, 0.8),
                (0.86, 0.3),
                (0.68, 0.52),
                (0.62, 0.22),
                (0.5, 0.5),
                (0.38, 0.22),
                (0.32, 0.52),
                (0.14, 0.3),
            ]),
            ball(0.14, 0.28, 0.055),
            ball(0.38, 0.2, 0.055),
            ball(0.62, 0.2, 0.055),
            ball(0.86, 0.28, 0.055),
        ],
    },
    PieceLook {
        name: "king",
        value: 0,
        form: Form::King,
        recipe: &[
            BASE,
            body(&[
                (0.25, 0.8),
                (0.75, 0.8),
                (0.78, 0.5),
                (0.64, 0.38),
                (0.36, 0.38),
                (0.22, 0.5),
            ]),
            body(&[
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
            ]),
        ],
    },
];

/// The kind a role is drawn as: its index in [`PIECES`].
pub(super) const fn kind(role: Role) -> PieceKind {
    PieceKind(match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    })
}

/// White light, Black dark.
pub(super) const fn side_colors(player: Player) -> SideColors {
    match player {
        Player::First => LIGHT,
        Player::Second => DARK,
    }
}

/// The file letter of `column` on a board `files` wide (a to p on the 16x16 board).
pub(super) fn file_label(column: usize, files: u8) -> Option<String> {
    (column < usize::from(files)).then(|| char::from(b'a' + column as u8).to_string())
}

/// The rank number of `row` (0 is rank 1) on a board `ranks` high.
pub(super) fn rank_label(row: usize, ranks: u8) -> Option<String> {
    (row < usize::from(ranks)).then(|| (row + 1).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Atomic, HoleChess, KingOfTheHill, LastPieceStanding, MegaChess, Standard};
    use crate::palette::for_each_move;
    use ply_core::Present;

    /// Every move's text starts with the labels of the squares its path goes between.
    fn labels_spell_moves<G: Present>() {
        for_each_move::<G>(|position, mv| {
            let path = position.move_path(mv);
            let width = position.view().width;
            let name = |cell: usize| {
                let file = G::column_label(cell % width).expect("file");
                let rank = G::row_label(cell / width).expect("rank");
                file + &rank
            };
            let text = position.move_text(mv);
            let spelled = name(path[0]) + &name(path[1]);
            assert!(text.starts_with(&spelled), "{text} is not {spelled}...");
        });
    }

    #[test]
    fn labels_agree_with_the_move_text_in_every_variant() {
        labels_spell_moves::<Standard>();
        labels_spell_moves::<Atomic>();
        labels_spell_moves::<KingOfTheHill>();
        labels_spell_moves::<HoleChess>();
        labels_spell_moves::<LastPieceStanding>();
        labels_spell_moves::<MegaChess>();
    }

    #[test]
    fn every_role_has_its_own_look() {
        let roles = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ];
        for (index, role) in roles.into_iter().enumerate() {
            assert_eq!(kind(role), PieceKind(index as u8));
        }
        assert_eq!(PIECES.len(), roles.len());
        assert_eq!(Standard::column_label(8), None);
        assert_eq!(MegaChess::column_label(15).as_deref(), Some("p"));
        assert_eq!(MegaChess::row_label(15).as_deref(), Some("16"));
    }
}
