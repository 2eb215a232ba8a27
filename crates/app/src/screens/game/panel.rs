//! The side panel: the mode, each player with the side they play, whose turn it is,
//! the time used, the pieces they have taken and the material lead, the computer's
//! progress, the moves in the mode's notation (numbered by full moves, scrollable,
//! with the move being looked at marked), and the keys that work here.

use super::super::Context;
use super::super::widgets::{self, Look};
use crate::board::flat::{draw_piece, draw_token};
use crate::color::Rgba;
use crate::display::{Align, Frame, Item};
use crate::geometry::{Point, Rect};
use crate::theme;
use ply_core::{InputStyle, Player};
use ply_modes::{AnyGame, find_mode};
use ply_play::{Piece, Seat, Table, Tally};

/// What a click on the panel meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelHit {
    /// The game menu button.
    Menu,
    /// The hint button (local games, a person to move).
    Hint,
    /// A move in the list: look at the position after this many plies.
    Ply(usize),
}

/// The panel's own state: how far the move list is scrolled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Panel {
    /// The first row shown; `None` follows the newest moves.
    scroll: Option<usize>,
}

/// One row of the move list: its number and the plies on it (index, text).
struct Row {
    number: usize,
    plies: Vec<(usize, String)>,
}

/// The ply at `index` as the move list numbers it: "2. Nf3" or "2… Nc6".
pub fn numbered_ply(table: &Table, index: usize) -> Option<String> {
    rows(table).into_iter().find_map(|row| {
        let column = row.plies.iter().position(|(ply, _)| *ply == index)?;
        let text = &row.plies[column].1;
        let dots = if column == 0 { "." } else { "…" };
        Some(format!("{}{dots} {text}", row.number))
    })
}

/// The position the board shows while the player looks back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Past {
    /// How many plies in.
    pub plies: usize,
    /// Whose turn it was then.
    pub to_move: Player,
}

/// The move list in rows of a full move each.
fn rows(table: &Table) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for (index, effects) in table.history().iter().enumerate() {
        let starts_row = effects.side == Player::First || rows.is_empty();
        if starts_row {
            rows.push(Row {
                number: rows.len() + 1,
                plies: Vec::new(),
            });
        }
        if let Some(row) = rows.last_mut() {
            if row.plies.is_empty() && effects.side == Player::Second {
                row.plies.push((usize::MAX, "…".into()));
            }
            let text = if table.hint_used(index) {
                format!("{} (hint)", effects.display)
            } else {
                effects.display.clone()
            };
            row.plies.push((index, text));
        }
    }
    rows
}

/// The worth of a piece for the captured-pieces panel, as its mode values it.
pub fn piece_value(game: &dyn AnyGame, piece: Piece) -> i64 {
    game.piece(piece.1).map_or(0, |look| i64::from(look.value))
}

/// What a player's box says of a player whose connection the relay lost.
pub const CONNECTION_LOST: &str = "connection lost";

/// Online, what the panel says of the people at the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct People {
    /// How each side's player is connected ("35 ms", "connection lost").
    pub connections: [Option<String>; 2],
    /// Who is watching ("Watching: Cid").
    pub watching: Option<String>,
}

/// What each player's box says while this window's own connection heals.
pub const RECONNECTING: &str = "reconnecting";

impl Panel {
    /// Where the panel sits in the window.
    pub fn area(context: &Context) -> Rect {
        let s = widgets::scale(context);
        let window = context.window.area();
        let width = (380.0 * s).min(window.w * 0.4);
        Rect::new(window.w - width, 0.0, width, window.h)
    }

    /// The game menu button.
    pub fn menu_button(context: &Context) -> Rect {
        let s = widgets::scale(context);
        let panel = Panel::area(context);
        Rect::new(
            panel.x + 20.0 * s,
            panel.h - 70.0 * s,
            panel.w - 40.0 * s,
            50.0 * s,
        )
    }

    /// The hint button, at the right of the move list's heading.
    pub fn hint_button(context: &Context, table: &Table) -> Rect {
        let s = widgets::scale(context);
        let list = Panel::layout(context, table).list;
        let width = 120.0 * s;
        Rect::new(list.x + list.w - width, list.y - 36.0 * s, width, 30.0 * s)
    }

    /// Where everything in the panel goes for this game: the parts flow down from the
    /// top, the move list takes what is left above the keys and the menu button, and the
    /// mode's summary is left out when the list would be too short (the rules are
    /// readable from the game menu).
    fn layout(context: &Context, table: &Table) -> Layout {
        let s = widgets::scale(context);
        let panel = Panel::area(context);
        let (left, width) = (panel.x + 20.0 * s, panel.w - 40.0 * s);
        // The keys take a second line when the longest form of their line needs it.
        let longest = [false, true]
            .map(|back| {
                let room = (width, KEYS_SIZE * s);
                keys_hint(table, back, context.prefs.settings.view_3d, room).len()
            })
            .into_iter()
            .max()
            .unwrap_or(1)
            .min(2) as f32;
        let keys_h = 24.0 * s + (longest - 1.0) * KEYS_SIZE * s * 1.25;
        let keys = Rect::new(left, panel.h - 76.0 * s - keys_h, width, keys_h);
        let list_bottom = keys.y - 4.0 * s;
        let game = table.game();
        let summary = find_mode(game.mode_id()).map(|mode| {
            let lines = widgets::wrapped_lines(mode.summary, width, SUMMARY_SIZE * s);
            (
                mode.summary,
                lines as f32 * SUMMARY_SIZE * s * 1.25 + 12.0 * s,
            )
        });
        let box_h = player_box_height(game) * s;
        let players = 2.0 * (box_h + 8.0 * s);
        // The computer's thinking, or online who is watching, has a line of its own.
        let computer_or_online = table
            .seats()
            .iter()
            .any(|seat| matches!(seat, Seat::Computer(_) | Seat::Remote));
        let thinking = if computer_or_online {
            THINKING_HEIGHT * s
        } else {
            0.0
        };
        let heading = 38.0 * s;
        let title_bottom = 54.0 * s;
        let line = Panel::line_height(context);
        let list_top = |summary_h: f32| title_bottom + summary_h + players + thinking + heading;
        let summary_h = summary.map_or(0.0, |(_, height)| height);
        let roomy = list_bottom - list_top(summary_h) >= 6.0 * line;
        let summary_h = if roomy { summary_h } else { 0.0 };
        let compact = list_bottom - list_top(0.0) < COMPACT_BELOW_ROWS * line;
        let (players, thinking) = if compact {
            (2.0 * (COMPACT_BOX_HEIGHT * s + 8.0 * s), 0.0)
        } else {
            (players, thinking)
        };
        let top = title_bottom + summary_h + players + thinking + heading;
        Layout {
            compact,
            summary: summary.filter(|_| roomy).map(|(text, height)| {
                (
                    text,
                    Rect::new(left, title_bottom, width, height - 12.0 * s),
                )
            }),
            players_top: title_bottom + summary_h,
            thinking_top: title_bottom + summary_h + players,
            list: Rect::new(left, top, width, (list_bottom - top).max(0.0)),
            keys,
        }
    }

    fn line_height(context: &Context) -> f32 {
        24.0 * widgets::scale(context)
    }

    fn visible_rows(context: &Context, table: &Table) -> usize {
        (Panel::layout(context, table).list.h / Panel::line_height(context)).max(1.0) as usize
    }

    fn first_row(&self, context: &Context, table: &Table, total: usize) -> usize {
        let last_page = total.saturating_sub(Panel::visible_rows(context, table));
        self.scroll.map_or(last_page, |row| row.min(last_page))
    }

    /// Scrolls the move list by `rows` (negative: towards the first moves).
    pub fn scroll_by(&mut self, context: &Context, table: &Table, rows: i32) {
        let total = self::rows(table).len();
        let last_page = total.saturating_sub(Panel::visible_rows(context, table));
        let first = self.first_row(context, table, total) as i64 + i64::from(rows);
        let first = first.clamp(0, last_page as i64) as usize;
        self.scroll = (first < last_page).then_some(first);
    }

    /// Makes the move list show the row of ply `index` (a move being looked at).
    pub fn reveal(&mut self, context: &Context, table: &Table, index: Option<usize>) {
        let Some(index) = index else {
            self.scroll = None;
            return;
        };
        let rows = rows(table);
        let Some(row) = rows
            .iter()
            .position(|row| row.plies.iter().any(|(i, _)| *i == index))
        else {
            return;
        };
        let first = self.first_row(context, table, rows.len());
        let shown = Panel::visible_rows(context, table);
        if row < first {
            self.scroll = Some(row);
        } else if row >= first + shown {
            self.scroll = Some(row + 1 - shown);
        }
    }

    /// What lies under `point`.
    pub fn hit(&self, context: &Context, table: &Table, point: Point) -> Option<PanelHit> {
        if Panel::menu_button(context).contains(point) {
            return Some(PanelHit::Menu);
        }
        if table.can_hint() && Panel::hint_button(context, table).contains(point) {
            return Some(PanelHit::Hint);
        }
        let list = Panel::layout(context, table).list;
        if !list.contains(point) {
            return None;
        }
        let rows = rows(table);
        let line = Panel::line_height(context);
        let row = self.first_row(context, table, rows.len()) + ((point.y - list.y) / line) as usize;
        let row = rows.get(row)?;
        let column = if point.x < list.x + list.w * 0.55 {
            0
        } else {
            1
        };
        row.plies
            .get(column)
            .filter(|(index, _)| *index != usize::MAX)
            .map(|(index, _)| PanelHit::Ply(index + 1))
    }

    /// Draws the panel; `past` is the position shown on the board when the player looks
    /// back through the game (the players' boxes then say whose turn it was and what
    /// had been taken); `far` is the side at the far edge of the board as shown, whose
    /// box goes on top.
    pub fn draw(
        &self,
        context: &Context,
        table: &Table,
        past: Option<Past>,
        people: &People,
        far: Player,
        frame: &mut Frame,
    ) {
        let s = widgets::scale(context);
        let panel = Panel::area(context);
        frame.rect(panel, theme::PANEL);
        frame.push(Item::Line {
            from: Point::new(panel.x, 0.0),
            to: Point::new(panel.x, panel.h),
            thickness: 2.0,
            color: theme::DIVIDER,
        });
        let left = panel.x + 20.0 * s;
        let width = panel.w - 40.0 * s;
        let game = table.game();
        let layout = Panel::layout(context, table);
        if let Some(mode) = find_mode(game.mode_id()) {
            let title = match table.clocks().control() {
                Some(control) => format!("{}  {control}", mode.name),
                None => mode.name.to_string(),
            };
            frame.text(
                title,
                Rect::new(left, 16.0 * s, width, 34.0 * s),
                26.0 * s,
                theme::TITLE,
                Align::Left,
            );
        }
        if let Some((summary, rect)) = layout.summary {
            frame.text(
                summary,
                rect,
                SUMMARY_SIZE * s,
                theme::TEXT_DIM,
                Align::Wrap,
            );
        }
        let mut y = layout.players_top;
        let value = |piece| piece_value(table.game(), piece);
        let history = table.history();
        let shown = past.map_or(history.len(), |past| past.plies.min(history.len()));
        let tally = Tally::of(&history[..shown], value);
        // The boxes stand as the sides sit at the board: the far side's on top.
        for player in [far, far.opponent()] {
            let connection = people.connections[player.index()].as_deref();
            let seat = (player, connection, past);
            let at = (y, layout.compact);
            y = self.draw_player(context, table, &tally, seat, at, frame) + 8.0 * s;
        }
        let y = layout.thinking_top;
        if let Some(thinking) = table.thinking().filter(|_| !layout.compact) {
            let budget = thinking.budget.as_secs_f32().max(0.01);
            let fraction = (thinking.thought.elapsed.as_secs_f32() / budget).clamp(0.0, 1.0);
            let text = format!(
                "Computer is thinking… depth {}, {} positions",
                thinking.thought.depth, thinking.thought.nodes
            );
            frame.text(
                text,
                Rect::new(left, y, width, 24.0 * s),
                16.0 * s,
                theme::TEXT,
                Align::Left,
            );
            let bar = Rect::new(left, y + 28.0 * s, width, 6.0 * s);
            frame.rect(bar, Rgba::rgb(30, 34, 40));
            frame.rect(
                Rect::new(bar.x, bar.y, bar.w * fraction, bar.h),
                theme::BUTTON_ACTIVE,
            );
        } else if let Some(watching) = people.watching.as_deref().filter(|_| !layout.compact) {
            frame.text(
                watching,
                Rect::new(left, y, width, 24.0 * s),
                16.0 * s,
                theme::TEXT_DIM,
                Align::Left,
            );
        }
        let looking_at = past.map(|past| past.plies);
        self.draw_moves(context, table, layout.list, looking_at, frame);
        let room = (layout.keys.w, KEYS_SIZE * s);
        let lines = keys_hint(
            table,
            looking_at.is_some(),
            context.prefs.settings.view_3d,
            room,
        );
        for (index, line) in lines.into_iter().take(2).enumerate() {
            let y = layout.keys.y + index as f32 * KEYS_SIZE * s * 1.25;
            let rect = Rect::new(layout.keys.x, y, layout.keys.w, 24.0 * s);
            frame.text(line, rect, KEYS_SIZE * s, theme::TEXT_DIM, Align::Left);
        }
        let menu = Panel::menu_button(context);
        widgets::button(frame, context, menu, "Game menu (Esc)", Look::Normal);
    }

    /// Draws `player`'s box (with their connection online), as things stand or, looking
    /// back, as they stood in the `past` position; returns where the box ends.
    fn draw_player(
        &self,
        context: &Context,
        table: &Table,
        tally: &Tally,
        (player, connection, past): (Player, Option<&str>, Option<Past>),
        (y, compact): (f32, bool),
        frame: &mut Frame,
    ) -> f32 {
        let s = widgets::scale(context);
        let panel = Panel::area(context);
        let (left, width) = (panel.x + 20.0 * s, panel.w - 40.0 * s);
        let game = table.game();
        let counts_material = game.pieces().iter().any(|look| look.value > 0);
        let box_h = if compact {
            COMPACT_BOX_HEIGHT
        } else {
            player_box_height(game)
        } * s;
        let rect = Rect::new(left, y, width, box_h);
        let to_move = match past {
            Some(past) => past.to_move == player,
            None => table.outcome().is_none() && game.to_move() == player,
        };
        frame.rect(
            rect,
            if to_move {
                theme::PLAYER_TO_MOVE
            } else {
                theme::PLAYER
            },
        );
        if to_move {
            frame.push(Item::Frame {
                rect,
                thickness: 3.0,
                color: theme::BUTTON_ACTIVE,
            });
        }
        // A compact box's token keeps clear of the pieces taken under it.
        let (icon_top, icon_side) = if compact { (5.0, 27.0) } else { (8.0, 34.0) };
        let icon = Rect::new(
            left + 8.0 * s,
            y + icon_top * s,
            icon_side * s,
            icon_side * s,
        );
        draw_token(game, frame, player, icon);
        let name_left = left + 50.0 * s;
        let connection_room = if connection.is_some() { 130.0 } else { 0.0 };
        frame.text(
            table.seat_label(player, &context.prefs.settings.name),
            Rect::new(
                name_left,
                y + 4.0 * s,
                width - (60.0 + connection_room) * s,
                30.0 * s,
            ),
            20.0 * s,
            theme::TEXT,
            Align::Left,
        );
        if let Some(connection) = connection {
            frame.text(
                connection,
                Rect::new(left + width - 140.0 * s, y + 6.0 * s, 130.0 * s, 24.0 * s),
                14.0 * s,
                if connection == CONNECTION_LOST {
                    theme::LOW_TIME
                } else {
                    theme::TEXT_DIM
                },
                Align::Right,
            );
        }
        let (clock, clock_color) = clock_look(table, player, past);
        frame.text(
            clock,
            Rect::new(left + width - 100.0 * s, y + 34.0 * s, 90.0 * s, 24.0 * s),
            20.0 * s,
            clock_color,
            Align::Right,
        );
        if compact && counts_material {
            // The pieces taken replace the status line: the box's frame shows the turn.
            let row = Rect::new(left + 8.0 * s, y + 34.0 * s, width - 118.0 * s, 24.0 * s);
            draw_taken(context, table, tally, player, row, frame);
        } else {
            let side = game.side_name(player);
            let (status, color) = if to_move {
                (format!("{side}, to move"), theme::TITLE)
            } else {
                (side.to_string(), theme::TEXT_DIM)
            };
            frame.text(
                status,
                Rect::new(name_left, y + 34.0 * s, width - 160.0 * s, 24.0 * s),
                16.0 * s,
                color,
                Align::Left,
            );
        }
        if counts_material && !compact {
            let row = Rect::new(left + 8.0 * s, y + 62.0 * s, width - 16.0 * s, 24.0 * s);
            draw_taken(context, table, tally, player, row, frame);
        }
        if compact && to_move && past.is_none() {
            draw_thinking_bar(table, rect, s, frame);
        }
        y + box_h
    }

    fn draw_moves(
        &self,
        context: &Context,
        table: &Table,
        list: Rect,
        looking_at: Option<usize>,
        frame: &mut Frame,
    ) {
        let s = widgets::scale(context);
        frame.push(Item::Line {
            from: Point::new(list.x, list.y - 38.0 * s),
            to: Point::new(list.x + list.w, list.y - 38.0 * s),
            thickness: 1.0,
            color: theme::DIVIDER,
        });
        frame.text(
            "Moves",
            Rect::new(list.x, list.y - 34.0 * s, list.w, 28.0 * s),
            19.0 * s,
            theme::TITLE,
            Align::Left,
        );
        if table.can_hint() {
            let look = if table.hinting() {
                Look::Disabled
            } else {
                Look::Normal
            };
            widgets::button(
                frame,
                context,
                Panel::hint_button(context, table),
                "Hint (H)",
                look,
            );
        }
        let rows = rows(table);
        let first = self.first_row(context, table, rows.len());
        let line = Panel::line_height(context);
        let shown = looking_at.map(|plies| plies.checked_sub(1));
        let visible = (list.h / line) as usize;
        for (i, row) in rows.iter().skip(first).take(visible).enumerate() {
            let y = list.y + i as f32 * line;
            frame.text(
                format!("{}.", row.number),
                Rect::new(list.x, y, 48.0 * s, line),
                16.0 * s,
                theme::TEXT_DIM,
                Align::Left,
            );
            for (column, (index, text)) in row.plies.iter().enumerate() {
                let x = list.x + 52.0 * s + column as f32 * (list.w - 52.0 * s) * 0.5;
                let cell = Rect::new(x, y, (list.w - 52.0 * s) * 0.5, line);
                if shown == Some(Some(*index)) {
                    frame.rect(cell, theme::SELECTED);
                }
                frame.text(text.as_str(), cell, 17.0 * s, theme::TEXT, Align::Left);
            }
        }
        if rows.is_empty() {
            frame.text(
                "No moves yet.",
                Rect::new(list.x, list.y, list.w, line),
                16.0 * s,
                theme::TEXT_DIM,
                Align::Left,
            );
        }
    }
}

/// The size of the line of keys, before scaling.
const KEYS_SIZE: f32 = 14.0;

/// The size of the mode's summary under its name, before scaling.
const SUMMARY_SIZE: f32 = 15.0;

/// The room kept for the computer's progress when a computer plays, before scaling.
const THINKING_HEIGHT: f32 = 40.0;

/// Below this many rows of moves, the players' boxes get compact and the computer's
/// progress moves into its box.
const COMPACT_BELOW_ROWS: f32 = 8.0;

/// A compact player's box's height before scaling: the name and clock on one line,
/// the pieces taken on the next.
const COMPACT_BOX_HEIGHT: f32 = 62.0;

/// Where the parts of the panel go (see [`Panel::layout`]).
struct Layout {
    /// Whether the boxes are compact (large text in a small window): the clock beside
    /// the name, no status line (the box's frame shows whose turn it is), the
    /// computer's progress as a bar in its box.
    compact: bool,
    /// The mode's summary and its box, when there is room for it.
    summary: Option<(&'static str, Rect)>,
    /// The top of the first player's box.
    players_top: f32,
    /// The top of the computer's progress.
    thinking_top: f32,
    /// The move list.
    list: Rect,
    /// The line of keys above the menu button.
    keys: Rect,
}

/// A player's box's height before scaling: taller where pieces taken are shown.
fn player_box_height(game: &dyn AnyGame) -> f32 {
    if game.pieces().iter().any(|look| look.value > 0) {
        94.0
    } else {
        66.0
    }
}

/// The keys that work in this game, in lines no wider than `width` at `size` (by the
/// font's average letter width, with some to spare), a key never split across two.
fn keys_hint(
    table: &Table,
    looking_back: bool,
    view_3d: bool,
    (width, size): (f32, f32),
) -> Vec<String> {
    let view = table.game().view();
    let mut keys = vec!["T: theme", if view_3d { "Tab: flat" } else { "Tab: 3D" }];
    if view.input == InputStyle::DropInColumn {
        keys.push("1-7: drop");
    } else if view.may_rotate {
        keys.push("F: flip");
    }
    keys.push(if looking_back {
        "End: back to now"
    } else {
        "←/→: look back"
    });
    if table.can_hint() {
        keys.push("H: hint");
    }
    let fits = |line: &str| line.chars().count() as f32 * size * 0.55 <= width;
    let mut lines: Vec<String> = Vec::new();
    for key in keys {
        match lines.last_mut() {
            Some(line) if fits(&format!("{line}  ·  {key}")) => {
                line.push_str("  ·  ");
                line.push_str(key);
            }
            _ => lines.push(key.to_string()),
        }
    }
    lines
}

/// Draws the pieces `player` has taken, lowest first, from the left of `row`, and their
/// material lead at its right ("Nothing taken yet" before the first capture).
fn draw_taken(
    context: &Context,
    table: &Table,
    tally: &Tally,
    player: Player,
    row: Rect,
    frame: &mut Frame,
) {
    let s = widgets::scale(context);
    let game = table.game();
    let value = |piece| piece_value(game, piece);
    let mut taken: Vec<Piece> = tally.lost[player.opponent().index()].clone();
    taken.sort_by_key(|&piece| (value(piece), piece.1));
    let lead_room = 52.0 * s;
    if taken.is_empty() {
        frame.text(
            "Nothing taken yet",
            Rect::new(row.x, row.y, row.w, row.h),
            15.0 * s,
            theme::TEXT_DIM,
            Align::Left,
        );
    }
    let mut x = row.x;
    for piece in taken {
        if x + row.h > row.x + row.w - lead_room {
            break;
        }
        draw_piece(game, frame, piece, Rect::new(x, row.y, row.h, row.h), 1.0);
        x += row.h * 0.7;
    }
    let lead = tally.lead(player, value);
    if lead > 0 {
        frame.text(
            format!("+{lead}"),
            Rect::new(row.x + row.w - lead_room, row.y, lead_room, row.h),
            20.0 * s,
            theme::TEXT,
            Align::Right,
        );
    }
}

/// The computer's progress as a bar along the bottom of its compact box `card`.
fn draw_thinking_bar(table: &Table, card: Rect, s: f32, frame: &mut Frame) {
    let Some(thinking) = table.thinking() else {
        return;
    };
    let budget = thinking.budget.as_secs_f32().max(0.01);
    let fraction = (thinking.thought.elapsed.as_secs_f32() / budget).clamp(0.0, 1.0);
    let bar = Rect::new(
        card.x + 3.0,
        card.y + card.h - 8.0 * s,
        card.w - 6.0,
        5.0 * s,
    );
    frame.rect(bar, Rgba::rgb(30, 34, 40));
    frame.rect(
        Rect::new(bar.x, bar.y, bar.w * fraction, bar.h),
        theme::BUTTON_ACTIVE,
    );
}

/// The text of `player`'s clock and its colour: dimmed while the board shows the past
/// (the clocks are the present's), red when time is low.
fn clock_look(table: &Table, player: Player, past: Option<Past>) -> (String, Rgba) {
    let clocks = table.clocks();
    let color = if past.is_some() {
        theme::TEXT_DIM
    } else if clocks.low(player) {
        theme::LOW_TIME
    } else {
        theme::TEXT
    };
    (clocks.text(player), color)
}
