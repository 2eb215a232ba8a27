//! The pictures of the help pages and of the in-game rules, listed in one place: each is
//! a position of a mode with what to mark on it, drawn by the game's own board from the
//! rules themselves (a piece's dots are its legal moves, a framed square is the reason the
//! rules give for refusing a move), so the pictures never drift from the rules.
//! `plyground --help-images DIR` renders them to PNG files.

use crate::board::arrow::draw_arrow;
use crate::board::flat::{FlatBoard, Geometry};
use crate::board::{Board, Marks, Placement, Scene};
use crate::display::Frame;
use crate::geometry::Rect;
use crate::theme;
use ply_core::Attempt;
use ply_modes::{AnyGame, ReplayError, replay};

/// The side of a rendered picture's area, in pixels.
pub const SIZE: f32 = 440.0;

/// One picture: a position and what to mark on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The file name, without `.png`.
    pub name: &'static str,
    /// The mode.
    pub mode: &'static str,
    /// The position text, or the start.
    pub position: Option<&'static str>,
    /// Moves played first (the last one is marked as the last move).
    pub moves: &'static str,
    /// A move whose piece's legal moves are all marked (dots, rings for captures).
    pub reach: Option<&'static str>,
    /// Moves drawn as arrows.
    pub arrows: &'static [&'static str],
    /// A move the rules refuse: the squares of their reason are framed.
    pub refused: Option<&'static str>,
    /// More cells to frame (a row of four, the hill).
    pub cells: &'static [usize],
}

const NONE: Picture = Picture {
    name: "",
    mode: "",
    position: None,
    moves: "",
    reach: None,
    arrows: &[],
    refused: None,
    cells: &[],
};

/// Every picture, by mode.
pub const PICTURES: &[Picture] = &[
    Picture {
        name: "chess-start",
        mode: "chess",
        ..NONE
    },
    Picture {
        name: "chess-king",
        mode: "chess",
        position: Some("7k/7p/8/8/3K4/8/8/8 w - - 0 1"),
        reach: Some("d4d5"),
        ..NONE
    },
    Picture {
        name: "chess-queen",
        mode: "chess",
        position: Some("k7/7p/8/8/3Q4/8/8/7K w - - 0 1"),
        reach: Some("d4d5"),
        ..NONE
    },
    Picture {
        name: "chess-rook",
        mode: "chess",
        position: Some("k7/7p/8/8/3R4/8/8/7K w - - 0 1"),
        reach: Some("d4d5"),
        ..NONE
    },
    Picture {
        name: "chess-bishop",
        mode: "chess",
        position: Some("k7/7p/8/8/3B4/8/8/7K w - - 0 1"),
        reach: Some("d4e5"),
        ..NONE
    },
    Picture {
        name: "chess-knight",
        mode: "chess",
        position: Some("k7/7p/8/8/3N4/8/8/7K w - - 0 1"),
        reach: Some("d4e6"),
        ..NONE
    },
    Picture {
        name: "chess-pawn",
        mode: "chess",
        position: Some("7k/8/8/8/8/3p4/4P3/K7 w - - 0 1"),
        reach: Some("e2e3"),
        ..NONE
    },
    Picture {
        name: "chess-castling",
        mode: "chess",
        position: Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        arrows: &["e1g1", "e1c1"],
        ..NONE
    },
    Picture {
        name: "chess-en-passant",
        mode: "chess",
        position: Some("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"),
        moves: "d7d5",
        arrows: &["e5d6"],
        ..NONE
    },
    Picture {
        name: "chess-promotion",
        mode: "chess",
        position: Some("7k/4P2p/8/8/8/8/8/K7 w - - 0 1"),
        arrows: &["e7e8q"],
        ..NONE
    },
    Picture {
        name: "chess-pinned",
        mode: "chess",
        moves: "e2e4 e7e5 d2d3 f8b4 b1c3 a7a6",
        refused: Some("c3e2"),
        ..NONE
    },
    Picture {
        name: "chess-check",
        mode: "chess",
        moves: "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7",
        ..NONE
    },
    Picture {
        name: "chess-fools-mate",
        mode: "chess",
        moves: "f2f3 e7e5 g2g4 d8h4",
        ..NONE
    },
    Picture {
        name: "chess-escape",
        mode: "chess",
        position: Some("4k3/8/8/8/1b6/8/5P2/1R1QK3 w - - 0 1"),
        arrows: &["e1e2", "d1d2", "b1b4"],
        ..NONE
    },
    Picture {
        name: "atomic-blast-before",
        mode: "atomic",
        position: Some("4k3/8/2n1p3/3r4/8/8/8/3RK3 w - - 0 1"),
        arrows: &["d1d5"],
        cells: &[42, 43, 44, 34, 36, 26, 27, 28],
        ..NONE
    },
    Picture {
        name: "atomic-blast-after",
        mode: "atomic",
        position: Some("4k3/8/2n1p3/3r4/8/8/8/3RK3 w - - 0 1"),
        moves: "d1d5",
        cells: &[42, 43, 44, 34, 36, 26, 27, 28],
        ..NONE
    },
    Picture {
        name: "atomic-own-king",
        mode: "atomic",
        position: Some("4k3/8/8/8/8/8/R2pK3/8 w - - 0 1"),
        refused: Some("a2d2"),
        ..NONE
    },
    Picture {
        name: "koth-hill",
        mode: "koth",
        position: Some("7k/7p/8/8/8/4K3/8/8 w - - 0 1"),
        arrows: &["e3e4"],
        cells: &[27, 28, 35, 36],
        ..NONE
    },
    Picture {
        name: "hole-start",
        mode: "hole",
        ..NONE
    },
    Picture {
        name: "hole-in-the-way",
        mode: "hole",
        position: Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
        refused: Some("d1d8"),
        reach: Some("d1d2"),
        ..NONE
    },
    Picture {
        name: "lps-king-taken",
        mode: "lps",
        position: Some("R2k4/8/8/8/8/8/8/4K3 w - - 0 1"),
        arrows: &["a8d8"],
        ..NONE
    },
    Picture {
        name: "mega-start",
        mode: "mega",
        ..NONE
    },
    Picture {
        name: "checkers-start",
        mode: "checkers",
        ..NONE
    },
    Picture {
        name: "checkers-man",
        mode: "checkers",
        position: Some("B:W30:B14"),
        reach: Some("14-18"),
        ..NONE
    },
    Picture {
        name: "checkers-king",
        mode: "checkers",
        position: Some("B:W30:BK14"),
        reach: Some("14-18"),
        ..NONE
    },
    Picture {
        name: "checkers-multi-jump",
        mode: "checkers",
        position: Some("B:W14,23,30:B9"),
        arrows: &["9x18x27"],
        ..NONE
    },
    Picture {
        name: "checkers-crowning",
        mode: "checkers",
        position: Some("B:W6:B26"),
        arrows: &["26-31"],
        ..NONE
    },
    Picture {
        name: "checkers-compulsory",
        mode: "checkers",
        moves: "11-15 22-18",
        refused: Some("9-13"),
        ..NONE
    },
    Picture {
        name: "tafl-start",
        mode: "hnefatafl",
        ..NONE
    },
    Picture {
        name: "tafl-moves",
        mode: "hnefatafl",
        position: Some("11/11/11/11/11/a10/11/11/2k8/11/11 a"),
        reach: Some("a6-b6"),
        ..NONE
    },
    Picture {
        name: "tafl-throne",
        mode: "hnefatafl",
        position: Some("11/11/11/11/11/a10/11/11/2k8/11/11 a"),
        refused: Some("a6-f6"),
        cells: &[0, 10, 110, 120],
        ..NONE
    },
    Picture {
        name: "tafl-capture",
        mode: "hnefatafl",
        position: Some("11/11/11/7k3/11/2a8/4d6/4a6/11/11/11 a"),
        arrows: &["c6-e6"],
        ..NONE
    },
    Picture {
        name: "tafl-shieldwall",
        mode: "hnefatafl",
        position: Some("11/11/11/7k3/11/11/2a8/11/11/3aa6/3dda5 a"),
        arrows: &["c5-c1"],
        ..NONE
    },
    Picture {
        name: "tafl-exit-fort",
        mode: "hnefatafl",
        position: Some("11/11/11/11/11/9a1/2a8/11/11/4dd5/3dk1d4 a"),
        cells: &[4, 5],
        ..NONE
    },
    Picture {
        name: "tafl-king-on-throne",
        mode: "hnefatafl",
        position: Some("11/11/5a5/11/11/4aka4/5a5/11/11/1d9/11 a"),
        arrows: &["f9-f7"],
        ..NONE
    },
    Picture {
        name: "tafl-king-beside-throne",
        mode: "hnefatafl",
        position: Some("11/5a5/11/11/4aka4/11/11/11/11/1d9/11 a"),
        arrows: &["f10-f8"],
        cells: &[60],
        ..NONE
    },
    Picture {
        name: "connect4-start",
        mode: "connect4",
        arrows: &["4"],
        ..NONE
    },
    Picture {
        name: "connect4-row",
        mode: "connect4",
        position: Some("112233"),
        arrows: &["4"],
        cells: &[0, 1, 2, 3],
        ..NONE
    },
    Picture {
        name: "connect4-column",
        mode: "connect4",
        position: Some("121212"),
        arrows: &["1"],
        cells: &[0, 7, 14, 21],
        ..NONE
    },
    Picture {
        name: "connect4-diagonal-up",
        mode: "connect4",
        position: Some("1223354434"),
        arrows: &["4"],
        cells: &[0, 8, 16, 24],
        ..NONE
    },
    Picture {
        name: "connect4-diagonal-down",
        mode: "connect4",
        position: Some("7665534454"),
        arrows: &["4"],
        cells: &[6, 12, 18, 24],
        ..NONE
    },
];

/// The picture with this name.
pub fn find(name: &str) -> Option<&'static Picture> {
    PICTURES.iter().find(|picture| picture.name == name)
}

/// Why a picture cannot be drawn (its position or one of its moves does not fit the
/// rules any more).
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// The position or the moves played first.
    #[error("picture {0}: {1}")]
    Game(&'static str, ReplayError),
    /// A move to show is not legal, or a move to refuse is legal.
    #[error("picture {0}: {1} does not fit the rules")]
    Move(&'static str, String),
}

impl Picture {
    /// The game this picture shows.
    pub fn game(&self) -> Result<Box<dyn AnyGame>, PictureError> {
        replay(self.mode, self.position, self.moves.split_whitespace())
            .map_err(|error| PictureError::Game(self.name, error))
    }

    /// The path of a legal move given as text.
    fn path(&self, game: &dyn AnyGame, text: &str) -> Result<Vec<usize>, PictureError> {
        let misfit = || PictureError::Move(self.name, text.to_string());
        let attempt = game.read_attempt(text).map_err(|_| misfit())?;
        let codes = game.judge(&attempt).map_err(|_| misfit())?;
        codes
            .first()
            .and_then(|&code| game.move_path(code))
            .ok_or_else(misfit)
    }

    /// What to mark on the board.
    fn marks(&self, game: &dyn AnyGame) -> Result<Marks, PictureError> {
        let mut marks = Marks {
            explained: self.cells.to_vec(),
            ..Marks::default()
        };
        if let Some(last) = game.moves().last() {
            let mut before = game.clone_box();
            before.undo();
            marks.last_move = before.move_path(*last).unwrap_or_default();
        }
        if let Some(text) = self.reach {
            let start = self.path(game, text)?[0];
            let view = game.view();
            let codes = game
                .judge(&Attempt::cells(vec![start]))
                .map_err(|_| PictureError::Move(self.name, text.to_string()))?;
            marks.selected = Some(start);
            for code in codes {
                let Some(&end) = game
                    .move_path(code)
                    .and_then(|path| path.last().copied())
                    .as_ref()
                else {
                    continue;
                };
                let taking = view.cells.get(end).is_some_and(|cell| cell.piece.is_some());
                let list = if taking {
                    &mut marks.capture_targets
                } else {
                    &mut marks.quiet_targets
                };
                if !list.contains(&end) {
                    list.push(end);
                }
            }
        }
        if let Some(text) = self.refused {
            let misfit = || PictureError::Move(self.name, text.to_string());
            let attempt = game.read_attempt(text).map_err(|_| misfit())?;
            let why = game.judge(&attempt).err().ok_or_else(misfit)?;
            marks.explained.extend(why.marks);
        }
        Ok(marks)
    }

    /// Draws the picture into `area` and returns the rectangle the board takes up.
    pub fn draw(&self, area: Rect, frame: &mut Frame) -> Result<Rect, PictureError> {
        let game = self.game()?;
        let marks = self.marks(game.as_ref())?;
        let view = game.view();
        let placement = Placement {
            area,
            rotated: false,
        };
        let board = FlatBoard::new();
        let scene = Scene {
            placement,
            view: &view,
            game: game.as_ref(),
            marks: &marks,
            theme: theme::theme(0),
            to_move: game.to_move(),
            pointer: None,
        };
        board.draw(&scene, frame);
        let geometry = Geometry::new(placement, &view);
        for text in self.arrows {
            let path = self.path(game.as_ref(), text)?;
            let mut points: Vec<_> = path
                .iter()
                .map(|&cell| geometry.cell_rect(cell).center())
                .collect();
            let cell = geometry.cell_rect(path[0]).w;
            if let [only] = points.as_slice() {
                points.insert(0, crate::geometry::Point::new(only.x, only.y - cell * 1.2));
            }
            draw_arrow(frame, &points, cell * 0.16, theme::HINT);
        }
        Ok(board.bounds(placement, &view))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_picture_fits_the_rules_and_has_a_unique_name() {
        for picture in PICTURES {
            let mut frame = Frame::default();
            let area = Rect::new(0.0, 0.0, SIZE, SIZE);
            let bounds = picture
                .draw(area, &mut frame)
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(
                bounds.w > 100.0 && !frame.items.is_empty(),
                "{}",
                picture.name
            );
            assert_eq!(
                PICTURES.iter().filter(|p| p.name == picture.name).count(),
                1,
                "{}",
                picture.name
            );
        }
    }
}
