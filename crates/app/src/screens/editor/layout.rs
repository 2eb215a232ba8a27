//! Where the position editor's parts go, worked out from the window, the text size and
//! the mode: the board on the left with the position text and the verdict under it, and
//! on the right the mode, the palette of both sides' pieces and the eraser, the side to
//! move, the chess family's castling rights and en passant square, and the buttons
//! (Clear and Start position, Analyse and Play from here, Back).

use super::super::{Context, widgets};
use crate::board::Placement;
use crate::geometry::Rect;
use ply_core::{PieceKind, Player, Setup, Wing};
use ply_modes::{AnyGame, Mode};

/// What a click on the board puts on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// A piece of a side.
    Piece(Player, PieceKind),
    /// Nothing: the square is cleared.
    Eraser,
}

/// A button of the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The next mode, from its start position.
    Mode,
    /// The other side to move.
    ToMove,
    /// A castling right on or off.
    Castling(Player, Wing),
    /// The next possible en passant square, or none.
    EnPassant,
    /// Every piece off the board.
    Clear,
    /// The mode's start position.
    Start,
    /// Back to the menu.
    Back,
    /// The analysis board on the position set up.
    Analyse,
    /// A game on this computer from the position set up.
    Play,
}

/// The width of the names beside the palette's rows, before scaling.
const LABEL_WIDTH: f32 = 110.0;

/// Where everything goes.
pub struct Layout {
    /// The board's area.
    pub board: Placement,
    /// The position text's place: one line, or two for a long text.
    pub text_line: Rect,
    /// The line saying whether the position is accepted, or why not.
    pub verdict: Rect,
    /// The palette's tiles.
    pub tiles: Vec<(Rect, Brush)>,
    /// The names of the palette's rows.
    pub labels: Vec<(Rect, String)>,
    /// The buttons.
    pub buttons: Vec<(Rect, Action)>,
    /// The words beside the eraser.
    pub eraser_hint: Rect,
}

impl Layout {
    /// The layout for `mode` (whose pieces and side names `look` gives) in `context`'s
    /// window.
    pub fn new(context: &Context, mode: &Mode, look: &dyn AnyGame) -> Layout {
        let s = widgets::scale(context);
        let window = context.window.area();
        let top = 112.0 * s;
        let margin = 24.0 * s;
        let band = 100.0 * s;
        let panel_w = (440.0 * s).min(window.w * 0.45);
        let panel = Rect::new(
            window.w - margin - panel_w,
            top,
            panel_w,
            window.h - top - margin,
        );
        let board_w = (panel.x - 2.0 * margin).max(100.0);
        let board_h = (window.h - top - band - margin).max(100.0);
        let board = Placement {
            area: Rect::new(margin, top, board_w, board_h),
            rotated: false,
        };
        let text_line = Rect::new(margin, top + board_h + 4.0 * s, board_w, 40.0 * s);
        let verdict = Rect::new(
            margin,
            text_line.y + text_line.h + 2.0 * s,
            board_w,
            band - 46.0 * s,
        );
        let fields = mode.setup_fields;
        let count = 8 + if fields.castling { 2 } else { 0 } + usize::from(fields.en_passant);
        let mut rows = widgets::stack(panel, count, 48.0 * s, 12.0 * s).into_iter();
        let mut layout = Layout {
            board,
            text_line,
            verdict,
            tiles: Vec::new(),
            labels: Vec::new(),
            buttons: Vec::new(),
            eraser_hint: Rect::default(),
        };
        let mut next = || rows.next().unwrap_or_default();
        layout.buttons.push((next(), Action::Mode));
        for player in Player::BOTH {
            let row = next();
            let pieces: Vec<Brush> = mode
                .palette
                .iter()
                .filter(|(side, _)| *side == player)
                .map(|&(side, kind)| Brush::Piece(side, kind))
                .collect();
            layout.palette_row(row, look.side_name(player), &pieces, s);
        }
        let row = next();
        let eraser = layout.palette_row(row, "Eraser", &[Brush::Eraser], s);
        layout.eraser_hint = Rect::new(
            eraser.x + eraser.w + 12.0 * s,
            row.y,
            (row.x + row.w - eraser.x - eraser.w - 12.0 * s).max(0.0),
            row.h,
        );
        layout.buttons.push((next(), Action::ToMove));
        if fields.castling {
            for player in Player::BOTH {
                let (left, right) = halves(next(), s);
                layout
                    .buttons
                    .push((left, Action::Castling(player, Wing::KingSide)));
                layout
                    .buttons
                    .push((right, Action::Castling(player, Wing::QueenSide)));
            }
        }
        if fields.en_passant {
            layout.buttons.push((next(), Action::EnPassant));
        }
        let (left, right) = halves(next(), s);
        layout.buttons.push((left, Action::Clear));
        layout.buttons.push((right, Action::Start));
        let (left, right) = halves(next(), s);
        layout.buttons.push((left, Action::Analyse));
        layout.buttons.push((right, Action::Play));
        let (back, _) = halves(next(), s);
        layout.buttons.push((back, Action::Back));
        layout
    }

    /// A row of the palette: its name, then a square tile per brush (smaller when they
    /// would not fit). Returns the last tile.
    fn palette_row(&mut self, row: Rect, name: &str, brushes: &[Brush], s: f32) -> Rect {
        let label_w = (LABEL_WIDTH * s).min(row.w * 0.3);
        self.labels
            .push((Rect::new(row.x, row.y, label_w, row.h), name.to_string()));
        let gap = 4.0 * s;
        let room = row.w - label_w;
        let count = brushes.len().max(1) as f32;
        let size = row.h.min((room - gap * (count - 1.0)) / count).max(8.0);
        let mut last = Rect::default();
        for (index, &brush) in brushes.iter().enumerate() {
            last = Rect::new(
                row.x + label_w + index as f32 * (size + gap),
                row.y + (row.h - size) / 2.0,
                size,
                size,
            );
            self.tiles.push((last, brush));
        }
        last
    }

    /// The tile under `point`, if any.
    pub fn tile_at(&self, point: crate::geometry::Point) -> Option<Brush> {
        self.tiles
            .iter()
            .find(|(rect, _)| rect.contains(point))
            .map(|&(_, brush)| brush)
    }

    /// The button under `point`, if any.
    pub fn button_at(&self, point: crate::geometry::Point) -> Option<Action> {
        self.buttons
            .iter()
            .find(|(rect, _)| rect.contains(point))
            .map(|&(_, action)| action)
    }
}

/// A row split into two buttons side by side.
fn halves(row: Rect, s: f32) -> (Rect, Rect) {
    let gap = 10.0 * s;
    let w = (row.w - gap) / 2.0;
    (
        Rect::new(row.x, row.y, w, row.h),
        Rect::new(row.x + w + gap, row.y, w, row.h),
    )
}

/// The setup's cell under `point` on the board drawn with `geometry`, if any.
pub fn cell_at(
    geometry: &crate::board::flat::Geometry,
    setup: &Setup,
    point: crate::geometry::Point,
) -> Option<usize> {
    (0..setup.cells.len()).find(|&cell| geometry.cell_rect(cell).contains(point))
}
