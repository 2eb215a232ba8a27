//! Draws the position editor: the board as the game draws it (flat), the palette with
//! the chosen brush marked, the buttons with the current choices in their labels, the
//! position text, and whether the rules accept the position or why they refuse it.

use super::EditorScreen;
use super::layout::{Action, Brush, Layout};
use crate::board::flat::{FlatBoard, draw_piece};
use crate::board::{Board, Hit, Marks, Scene};
use crate::display::{Align, Frame, Item};
use crate::geometry::Rect;
use crate::screens::Context;
use crate::screens::widgets::{self, Look};
use crate::theme;
use ply_core::Wing;

/// Draws the whole screen.
pub fn draw(editor: &EditorScreen, context: &Context, frame: &mut Frame) {
    widgets::page(frame, context, "Set up a position");
    let layout = editor.layout(context);
    draw_board(editor, context, &layout, frame);
    draw_palette(editor, context, &layout, frame);
    let buttons: Vec<(Rect, String, Look)> = layout
        .buttons
        .iter()
        .map(|&(rect, action)| {
            let (label, look) = button(editor, action);
            (rect, label, look)
        })
        .collect();
    widgets::buttons_alike(frame, context, &buttons);
    draw_verdict(editor, context, &layout, frame);
    if let Some((brush, point)) = editor.dragging
        && let Brush::Piece(side, kind) = brush
    {
        let size = editor.geometry(&layout).cell_rect(0).w;
        let rect = Rect::new(point.x - size / 2.0, point.y - size / 2.0, size, size);
        draw_piece(editor.look.as_ref(), frame, (side, kind), rect, 1.0);
    }
}

fn draw_board(editor: &EditorScreen, context: &Context, layout: &Layout, frame: &mut Frame) {
    let view = editor.board_view();
    let geometry = editor.geometry(layout);
    let pointer = context.window.pointer;
    let hover = (0..view.cells.len())
        .find(|&cell| geometry.cell_rect(cell).contains(pointer))
        .map(Hit::Cell);
    let marks = Marks {
        hover,
        ..Marks::default()
    };
    FlatBoard::new().draw(
        &Scene {
            placement: layout.board,
            view: &view,
            game: editor.look.as_ref(),
            marks: &marks,
            theme: theme::theme(context.prefs.settings.theme),
            to_move: editor.setup.to_move,
            pointer: None,
        },
        frame,
    );
}

fn draw_palette(editor: &EditorScreen, context: &Context, layout: &Layout, frame: &mut Frame) {
    let s = widgets::scale(context);
    for (rect, name) in &layout.labels {
        frame.text(name, *rect, 20.0 * s, theme::TEXT, Align::Left);
    }
    for &(rect, brush) in &layout.tiles {
        let chosen = brush == editor.brush;
        let fill = if chosen {
            theme::BUTTON_ACTIVE
        } else {
            theme::PANEL
        };
        frame.rounded(rect, theme::CORNER * s, fill);
        match brush {
            Brush::Piece(side, kind) => {
                draw_piece(
                    editor.look.as_ref(),
                    frame,
                    (side, kind),
                    rect.inset(2.0 * s),
                    1.0,
                );
            }
            Brush::Eraser => {
                let inner = rect.inset(rect.w * 0.28);
                let color = if chosen {
                    theme::BACKGROUND
                } else {
                    theme::TEXT
                };
                for (from, to) in [((0.0, 0.0), (1.0, 1.0)), ((1.0, 0.0), (0.0, 1.0))] {
                    frame.push(Item::Line {
                        from: inner.at(from.0, from.1),
                        to: inner.at(to.0, to.1),
                        thickness: 4.0 * s,
                        color,
                    });
                }
            }
        }
    }
    frame.text(
        "or right-click a square",
        layout.eraser_hint,
        16.0 * s,
        theme::TEXT_DIM,
        Align::Left,
    );
}

/// A button's label and look, from the current choices.
fn button(editor: &EditorScreen, action: Action) -> (String, Look) {
    let setup = &editor.setup;
    let look = editor.look.as_ref();
    let mode = editor.mode();
    match action {
        Action::Mode => (format!("Game: {}", mode.name), Look::Normal),
        Action::ToMove => (
            format!("To move: {}", look.side_name(setup.to_move)),
            Look::Normal,
        ),
        Action::Castling(player, wing) => {
            let castle = match wing {
                Wing::KingSide => "O-O",
                Wing::QueenSide => "O-O-O",
            };
            let chosen = if setup.castling.has(player, wing) {
                Look::Chosen
            } else {
                Look::Normal
            };
            (format!("{} {castle}", look.side_name(player)), chosen)
        }
        Action::EnPassant => {
            let square = setup.en_passant.map(|cell| square_name(editor, cell));
            let possible = !mode.en_passant_cells(setup).is_empty();
            let label = format!("En passant: {}", square.as_deref().unwrap_or("none"));
            match (square, possible) {
                (Some(_), _) => (label, Look::Chosen),
                (None, true) => (label, Look::Normal),
                (None, false) => (label, Look::Disabled),
            }
        }
        Action::Clear => ("Clear".to_string(), Look::Normal),
        Action::Start => ("Start position".to_string(), Look::Normal),
        Action::Back => ("Back".to_string(), Look::Normal),
        Action::Analyse => {
            let look = if editor.verdict.is_ok() {
                Look::Normal
            } else {
                Look::Disabled
            };
            ("Analyse".to_string(), look)
        }
        Action::Play => {
            let playable = editor
                .verdict
                .as_ref()
                .is_ok_and(|game| game.outcome().is_none());
            let look = if playable {
                Look::Chosen
            } else {
                Look::Disabled
            };
            ("Play from here".to_string(), look)
        }
    }
}

/// A cell's name from the mode's column and row labels ("e3").
fn square_name(editor: &EditorScreen, cell: usize) -> String {
    let width = editor.setup.width.max(1);
    let look = editor.look.as_ref();
    let column = look.column_label(cell % width).unwrap_or_default();
    let row = look.row_label(cell / width).unwrap_or_default();
    format!("{column}{row}")
}

fn draw_verdict(editor: &EditorScreen, context: &Context, layout: &Layout, frame: &mut Frame) {
    let s = widgets::scale(context);
    // The lines start under the board's frame and run to the palette.
    let board = FlatBoard::new().bounds(layout.board, &editor.board_view());
    let under = |line: Rect| Rect::new(board.x, line.y, line.x + line.w - board.x, line.h);
    let text = match editor.position_text() {
        Some("") => "Position: the empty board".to_string(),
        Some(text) => format!("Position: {text}"),
        None => "Position: none can be written".to_string(),
    };
    draw_position_text(&text, under(layout.text_line), 14.0 * s, frame);
    let (verdict, color) = match (&editor.verdict, editor.refusal()) {
        (_, Some(reason)) => (format!("Refused: {reason}."), theme::WARNING),
        (Ok(game), None) if game.outcome().is_some() => (
            "The game is already over in this position.".to_string(),
            theme::TEXT,
        ),
        _ => (
            format!(
                "{} to move: ready to play.",
                editor.look.side_name(editor.setup.to_move)
            ),
            theme::TEXT,
        ),
    };
    frame.text(verdict, under(layout.verdict), 20.0 * s, color, Align::Wrap);
}

/// The position text on one line, or on two when it is too long (mega chess's FEN),
/// broken after the rank's '/' (or at the space) nearest its middle; what still does not
/// fit is cut by the painter.
fn draw_position_text(text: &str, area: Rect, size: f32, frame: &mut Frame) {
    let per_line = (area.w / (size * 0.6)).max(8.0) as usize;
    let line_h = area.h / 2.0;
    let first = Rect::new(area.x, area.y, area.w, line_h);
    if text.chars().count() <= per_line {
        frame.text(text, first, size, theme::TEXT_DIM, Align::Left);
        return;
    }
    let middle = text.len() / 2;
    let split = text
        .match_indices(['/', ' '])
        .map(|(index, _)| index + 1)
        .min_by_key(|&index| index.abs_diff(middle))
        .unwrap_or(middle);
    let (head, tail) = text.split_at(split);
    frame.text(head, first, size, theme::TEXT_DIM, Align::Left);
    let second = Rect::new(area.x, area.y + line_h, area.w, line_h);
    frame.text(
        tail.trim_start(),
        second,
        size,
        theme::TEXT_DIM,
        Align::Left,
    );
}
