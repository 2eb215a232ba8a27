//! The layers over the game: the game menu, a question to confirm, the choice between
//! moves (a promotion, two jump paths), a draw offer to answer, the rules, and the
//! game-over banner (which can be collapsed to a strip so the final position shows).
//! They form a stack; the top one owns every click, except a collapsed banner, which
//! owns only its own strip.

use super::super::Context;
use super::super::confirm;
use super::super::widgets::{self, Look};
use super::online::RematchState;
use crate::board::flat::draw_piece;
use crate::color::Rgba;
use crate::display::{Align, Frame, Item};
use crate::geometry::{Point, Rect};
use crate::help::Paragraph;
use crate::theme;
use ply_core::{MoveCode, Player};
use ply_modes::AnyGame;

/// What a button on a layer does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Open the game menu.
    OpenMenu,
    /// Close the top layer.
    Close,
    /// Save the game.
    Save,
    /// Write the game as a record other programs read.
    Export,
    /// Open the mode's help page in the browser.
    Help,
    /// Show the rules inside the game.
    Rules,
    /// Offer a draw.
    OfferDraw,
    /// Ask to resign.
    AskResign,
    /// Resign, confirmed.
    Resign,
    /// Take back a move.
    Undo,
    /// Open the settings.
    Settings,
    /// Leave the game (asking first when something would be lost).
    Leave,
    /// Save, then leave.
    SaveAndLeave,
    /// Leave without saving, confirmed.
    LeaveWithoutSaving,
    /// Play the chosen one of several moves.
    Choose(MoveCode),
    /// Accept the draw offered.
    AcceptDraw,
    /// Decline the draw offered.
    DeclineDraw,
    /// A new game with the same seats.
    Rematch,
    /// Show the next page of the rules.
    RulesNext,
    /// Show the previous page of the rules.
    RulesBack,
    /// Fold the game-over banner into a strip.
    Collapse,
    /// Unfold the game-over banner.
    Expand,
    /// Online: claim the win over a player who stayed away.
    ClaimWin,
    /// Online: call the game a draw, the opponent having stayed away.
    ClaimDraw,
    /// Online: wait for the player who is away (hide the strip).
    KeepWaiting,
    /// Online, host: the computer takes this side of a player who is away.
    HandToComputer(Player),
    /// Online: leave the lobby for the main menu.
    ToMenu,
    /// Open the finished game on the analysis board.
    Analyse,
    /// Online: ask the opponent to take back one's last move.
    AskTakeback,
    /// Online: take back the moves the opponent asked for.
    AcceptTakeback,
    /// Online: refuse to take back the moves.
    DeclineTakeback,
    /// Online: end the game with no result (before both sides moved).
    Abort,
}

/// One layer over the game.
#[derive(Clone, Debug, PartialEq)]
pub enum Layer {
    /// The game menu.
    Menu,
    /// A question; its confirming button is never placed where the click that opened
    /// it was.
    Confirm {
        /// The question.
        question: String,
        /// The confirming button's label.
        yes: &'static str,
        /// What confirming does.
        action: Action,
        /// Where the click that opened it was.
        opened_at: Point,
    },
    /// "Save this game before leaving?"
    SaveBeforeLeaving,
    /// Several moves fit the squares chosen: which one?
    Choose(Vec<MoveCode>),
    /// A draw offered by this side waits for the other side's answer.
    DrawAnswer(Player),
    /// This side asks to take back its last move and waits for the other's answer.
    TakebackAnswer(Player),
    /// The rules of the mode, from this paragraph on.
    Rules {
        /// The first paragraph shown.
        first: usize,
    },
    /// The game is over.
    GameOver {
        /// Folded into a strip below the board.
        collapsed: bool,
    },
}

/// A button of a layer.
#[derive(Clone, Debug, PartialEq)]
pub struct Button {
    /// Where.
    pub rect: Rect,
    /// What it says.
    pub label: String,
    /// How it looks.
    pub look: Look,
    /// What it does.
    pub action: Action,
}

fn button(rect: Rect, label: impl Into<String>, look: Look, action: Action) -> Button {
    Button {
        rect,
        label: label.into(),
        look,
        action,
    }
}

/// What the layers need to know about the game to offer the right buttons.
pub struct Situation<'a> {
    /// The game.
    pub game: &'a dyn AnyGame,
    /// Whether it is over.
    pub over: bool,
    /// Whether it is played through a relay.
    pub online: bool,
    /// Whether a move can be taken back.
    pub can_undo: bool,
    /// The person at this computer who would resign or offer a draw.
    pub acting: Option<Player>,
    /// Online: whether the connection to the relay or host is up (a request sent while
    /// it heals would be lost, so the menu offers none).
    pub connected: bool,
    /// Online: whether the opponent is connected, to answer an offer or a request.
    pub opponent_here: bool,
    /// Whether there is a folder to save in.
    pub can_save: bool,
    /// Where the board is on screen.
    pub board: Rect,
    /// The headline and reason of the game-over banner.
    pub ending: Option<(String, String)>,
    /// Online: how a rematch stands.
    pub rematch: Option<RematchState>,
    /// Online: the players' names, first player first.
    pub names: [Option<String>; 2],
}

impl Situation<'_> {
    /// Who asks: online the player by name with their side ("Zoé (Black)"), here the
    /// side.
    fn asker(&self, side: Player) -> String {
        let side_name = self.game.side_name(side);
        match &self.names[side.index()] {
            Some(name) => format!("{name} ({side_name})"),
            None => side_name.to_string(),
        }
    }

    /// The question to whoever answers for `side`: online it is always the player at
    /// this computer ("Do you accept?"); here the side is named ("White, do you
    /// accept?").
    fn question(&self, side: Player, verb: &str) -> String {
        match &self.names[side.index()] {
            Some(_) => format!("Do you {verb}?"),
            None => format!("{}, do you {verb}?", self.game.side_name(side)),
        }
    }
}

impl Layer {
    /// Whether the layer takes every click (all but the collapsed banner).
    pub fn modal(&self) -> bool {
        !matches!(self, Layer::GameOver { collapsed: true })
    }

    /// Whether the layer pauses a local game's clock (menus and questions do; the
    /// banner of a finished game has no clock to stop).
    pub fn pauses(&self) -> bool {
        !matches!(self, Layer::GameOver { .. } | Layer::Choose(_))
    }

    /// The layer's buttons.
    pub fn buttons(&self, context: &Context, situation: &Situation<'_>) -> Vec<Button> {
        let s = widgets::scale(context);
        let window = context.window.area();
        match self {
            Layer::Menu => {
                let over = situation.over;
                let acting = situation.acting.is_some() && situation.connected;
                let answerable = acting && situation.opponent_here;
                let entries = [
                    ("Resume", Action::Close, true),
                    ("Save game", Action::Save, situation.can_save),
                    ("Export game record", Action::Export, situation.can_save),
                    ("Rules of this game", Action::Rules, true),
                    ("Help in the browser", Action::Help, true),
                    ("Offer draw", Action::OfferDraw, !over && answerable),
                    ("Resign", Action::AskResign, !over && acting),
                ];
                let online = [
                    (
                        "Ask to take back",
                        Action::AskTakeback,
                        !over && answerable && !situation.game.moves().is_empty(),
                    ),
                    (
                        "Abort game",
                        Action::Abort,
                        !over && acting && situation.game.moves().len() < 2,
                    ),
                ];
                let local = [("Undo move", Action::Undo, situation.can_undo)];
                let rest = [
                    ("Settings", Action::Settings, true),
                    (
                        if situation.online {
                            "Back to lobby"
                        } else {
                            "Leave to menu"
                        },
                        Action::Leave,
                        true,
                    ),
                ];
                let middle: &[(&str, Action, bool)] =
                    if situation.online { &online } else { &local };
                let entries: Vec<(&str, Action, bool)> = entries
                    .into_iter()
                    .chain(middle.iter().copied())
                    .chain(rest)
                    .collect();
                let area = Rect::new(0.0, 100.0 * s, window.w, window.h - 116.0 * s);
                widgets::column(context, area, entries.len())
                    .into_iter()
                    .zip(entries)
                    .map(|(rect, (label, action, enabled))| {
                        let look = if enabled {
                            Look::Normal
                        } else {
                            Look::Disabled
                        };
                        button(rect, label, look, action)
                    })
                    .collect()
            }
            Layer::Confirm {
                yes,
                action,
                opened_at,
                ..
            } => {
                let (no_rect, yes_rect) = confirm::buttons(context, *opened_at);
                vec![
                    button(no_rect, "Cancel", Look::Normal, Action::Close),
                    button(yes_rect, *yes, Look::Chosen, *action),
                ]
            }
            Layer::SaveBeforeLeaving => {
                let entries = [
                    ("Save and leave", Action::SaveAndLeave),
                    ("Leave without saving", Action::LeaveWithoutSaving),
                    ("Cancel", Action::Close),
                ];
                let area = Rect::new(0.0, 140.0 * s, window.w, window.h - 140.0 * s);
                widgets::column(context, area, entries.len())
                    .into_iter()
                    .zip(entries)
                    .map(|(rect, (label, action))| button(rect, label, Look::Normal, action))
                    .collect()
            }
            Layer::Choose(codes) => {
                let board = situation.board;
                let size = (board.w / 6.0).clamp(60.0 * s, 110.0 * s);
                let wide = codes.len() as f32 * (size + 10.0 * s);
                let left = board.center().x - wide / 2.0;
                let top = board.center().y - size / 2.0;
                let mut out: Vec<Button> = codes
                    .iter()
                    .enumerate()
                    .map(|(i, &code)| {
                        let rect = Rect::new(left + i as f32 * (size + 10.0 * s), top, size, size);
                        let label = situation.game.display_move(code).unwrap_or_default();
                        button(rect, label, Look::Normal, Action::Choose(code))
                    })
                    .collect();
                let cancel = Rect::new(
                    board.center().x - 80.0 * s,
                    top + size + 24.0 * s,
                    160.0 * s,
                    44.0 * s,
                );
                out.push(button(cancel, "Cancel", Look::Normal, Action::Close));
                out
            }
            Layer::DrawAnswer(_) => {
                let (no, yes) = confirm::buttons(context, Point::new(-1.0, -1.0));
                vec![
                    button(no, "Decline", Look::Normal, Action::DeclineDraw),
                    button(yes, "Accept draw", Look::Chosen, Action::AcceptDraw),
                ]
            }
            Layer::TakebackAnswer(_) => {
                let (no, yes) = confirm::buttons(context, Point::new(-1.0, -1.0));
                vec![
                    button(no, "Decline", Look::Normal, Action::DeclineTakeback),
                    button(yes, "Take it back", Look::Chosen, Action::AcceptTakeback),
                ]
            }
            Layer::Rules { first } => {
                let y = window.h - 80.0 * s;
                let (w, h) = (180.0 * s, 50.0 * s);
                let close = Rect::new(window.w / 2.0 - w / 2.0, y, w, h);
                let mut out = vec![button(close, "Close", Look::Chosen, Action::Close)];
                let paragraphs = rules_text(situation.game.mode_id());
                let (_, end) = rules_page(context, &paragraphs, *first);
                if *first > 0 {
                    let back = Rect::new(close.x - w - 20.0 * s, y, w, h);
                    out.push(button(back, "Previous", Look::Normal, Action::RulesBack));
                }
                if end < paragraphs.len() {
                    let next = Rect::new(close.x + w + 20.0 * s, y, w, h);
                    out.push(button(next, "Next", Look::Normal, Action::RulesNext));
                }
                out
            }
            Layer::GameOver { collapsed } => game_over_buttons(context, situation, *collapsed),
        }
    }

    /// Draws the layer (its buttons are drawn by the caller).
    pub fn draw(&self, context: &Context, situation: &Situation<'_>, frame: &mut Frame) {
        let s = widgets::scale(context);
        match self {
            Layer::Menu => confirm::dim(context, frame, "Game menu"),
            Layer::Confirm { question, .. } => {
                confirm::dim(context, frame, question);
            }
            Layer::SaveBeforeLeaving => {
                confirm::dim(context, frame, "Save this game before leaving?");
            }
            Layer::Choose(codes) => {
                frame.rect(context.window.area(), Rgba(0.0, 0.0, 0.0, 0.45));
                let board = situation.board;
                let title = Rect::new(board.x, board.center().y - 120.0 * s, board.w, 40.0 * s);
                // The question and its answers stand on a panel of their own, so the
                // pieces under them never show through the words.
                let buttons = self.buttons(context, situation);
                let answers = buttons
                    .iter()
                    .map(|button| button.rect)
                    .reduce(|a, b| a.union(b))
                    .unwrap_or(title);
                let width = answers.w.max(320.0 * s) + 40.0 * s;
                let bottom = answers.y + answers.h + 20.0 * s;
                let panel = Rect::new(
                    board.center().x - width / 2.0,
                    title.y - 16.0 * s,
                    width,
                    bottom - (title.y - 16.0 * s),
                );
                frame.rounded(panel, theme::CORNER * s, theme::PANEL);
                let promotions = codes.iter().all(|&code| {
                    situation
                        .game
                        .display_move(code)
                        .is_some_and(|text| text.contains('='))
                });
                let question = if promotions {
                    "Promote to which piece?"
                } else {
                    "Which move?"
                };
                frame.text(question, title, 28.0 * s, theme::TITLE, Align::Center);
            }
            Layer::DrawAnswer(by) => {
                let offer = format!(
                    "{} offers a draw. {}",
                    situation.asker(*by),
                    situation.question(by.opponent(), "accept")
                );
                confirm::dim(context, frame, &offer);
            }
            Layer::TakebackAnswer(by) => {
                let ask = format!(
                    "{} asks to take back their last move. {}",
                    situation.asker(*by),
                    situation.question(by.opponent(), "agree")
                );
                confirm::dim(context, frame, &ask);
            }
            Layer::Rules { first } => {
                confirm::dim(context, frame, "Rules");
                let paragraphs = rules_text(situation.game.mode_id());
                let (area, _) = rules_page(context, &paragraphs, *first);
                frame.rect(area.inset(-16.0 * s), theme::PANEL);
                let (placed, _) = rules_layout(context, &paragraphs, *first);
                for (rect, paragraph) in placed {
                    if let Some(picture) = paragraph.picture.and_then(crate::help_images::find) {
                        let side = rect.h - 10.0 * s;
                        // A picture listed in help_images always fits the rules (a test
                        // draws each one), so a failure here only leaves its caption.
                        let _ = picture.draw(Rect::new(rect.x, rect.y, side, side), frame);
                        let caption = Rect::new(
                            rect.x + side + 20.0 * s,
                            rect.y,
                            rect.w - side - 20.0 * s,
                            side,
                        );
                        frame.text(
                            paragraph.text.as_str(),
                            caption,
                            RULES_TEXT * s,
                            theme::TEXT_DIM,
                            Align::Wrap,
                        );
                        continue;
                    }
                    let color = if paragraph.heading {
                        theme::TITLE
                    } else {
                        theme::TEXT
                    };
                    frame.text(
                        paragraph.text.as_str(),
                        rect,
                        RULES_TEXT * s,
                        color,
                        Align::Wrap,
                    );
                }
            }
            Layer::GameOver { collapsed } => draw_banner(context, situation, *collapsed, frame),
        }
    }
}

/// The room a folded game-over banner takes below the board, before scaling.
pub const STRIP_HEIGHT: f32 = 64.0;

fn banner_rect(context: &Context, situation: &Situation<'_>, collapsed: bool) -> Rect {
    let s = widgets::scale(context);
    let board = situation.board;
    let w = (560.0 * s).min(board.w.max(440.0 * s));
    if collapsed {
        let w = board.w.max(w);
        let h = (STRIP_HEIGHT - 12.0) * s;
        let y = (board.y + board.h + 8.0 * s).min(context.window.size.1 - h);
        return Rect::new(board.center().x - w / 2.0, y, w, h);
    }
    let h = 210.0 * s;
    Rect::new(board.center().x - w / 2.0, board.center().y - h / 2.0, w, h)
}

fn game_over_buttons(context: &Context, situation: &Situation<'_>, collapsed: bool) -> Vec<Button> {
    let s = widgets::scale(context);
    let rect = banner_rect(context, situation, collapsed);
    if collapsed {
        let show = Rect::new(
            rect.x + rect.w - 100.0 * s,
            rect.y + 8.0 * s,
            90.0 * s,
            rect.h - 16.0 * s,
        );
        return vec![button(show, "Show", Look::Normal, Action::Expand)];
    }
    let mut out = Vec::new();
    let hide = Rect::new(
        rect.x + rect.w - 110.0 * s,
        rect.y + 10.0 * s,
        100.0 * s,
        36.0 * s,
    );
    out.push(button(hide, "Hide", Look::Normal, Action::Collapse));
    let y = rect.y + rect.h - 64.0 * s;
    let entries: Vec<(&str, Look, Action)> = if let Some(rematch) = situation.rematch {
        let (label, look) = match rematch {
            RematchState::Open => ("Rematch", Look::Chosen),
            RematchState::Offered => ("Accept rematch", Look::Chosen),
            RematchState::Asked => ("Rematch asked", Look::Disabled),
            RematchState::NotMine => ("Rematch", Look::Disabled),
        };
        vec![
            (label, look, Action::Rematch),
            ("Analyse", Look::Normal, Action::Analyse),
            ("Save", Look::Normal, Action::Save),
            ("Lobby", Look::Normal, Action::Leave),
            ("Menu", Look::Normal, Action::ToMenu),
        ]
    } else if situation.online {
        vec![
            ("Back to lobby", Look::Chosen, Action::Leave),
            ("Analyse", Look::Normal, Action::Analyse),
        ]
    } else {
        vec![
            ("Rematch", Look::Chosen, Action::Rematch),
            ("Analyse", Look::Normal, Action::Analyse),
            ("Save", Look::Normal, Action::Save),
            ("Menu", Look::Normal, Action::Leave),
        ]
    };
    // "Back to lobby" gets the room its longer label needs.
    let gap = 12.0 * s;
    let count = entries.len() as f32;
    let room = (rect.w - 24.0 * s - (count - 1.0) * gap) / count;
    let w = (if entries.len() <= 2 { 200.0 } else { 150.0 } * s).min(room);
    let total = entries.len() as f32 * w + (entries.len() - 1) as f32 * gap;
    let left = rect.center().x - total / 2.0;
    for (i, (label, look, action)) in entries.into_iter().enumerate() {
        let at = Rect::new(left + i as f32 * (w + gap), y, w, 48.0 * s);
        out.push(button(at, label, look, action));
    }
    out
}

fn draw_banner(context: &Context, situation: &Situation<'_>, collapsed: bool, frame: &mut Frame) {
    let s = widgets::scale(context);
    let rect = banner_rect(context, situation, collapsed);
    let Some((headline, reason)) = &situation.ending else {
        return;
    };
    frame.rect(rect, Rgba(0.1, 0.11, 0.14, 0.96));
    frame.push(Item::Frame {
        rect,
        thickness: 3.0,
        color: theme::BUTTON_ACTIVE,
    });
    if collapsed {
        let text = Rect::new(rect.x + 14.0 * s, rect.y, rect.w - 124.0 * s, rect.h);
        frame.text(
            format!("{headline}: {reason}"),
            text,
            18.0 * s,
            theme::TITLE,
            Align::Left,
        );
        return;
    }
    frame.text(
        headline.as_str(),
        Rect::new(rect.x, rect.y + 40.0 * s, rect.w, 50.0 * s),
        40.0 * s,
        theme::TITLE,
        Align::Center,
    );
    frame.text(
        reason.as_str(),
        Rect::new(
            rect.x + 20.0 * s,
            rect.y + 92.0 * s,
            rect.w - 40.0 * s,
            40.0 * s,
        ),
        22.0 * s,
        theme::TEXT,
        Align::Center,
    );
}

/// Draws a promotion choice as the piece it makes, or its move text for other choices.
pub fn draw_choice(game: &dyn AnyGame, code: MoveCode, rect: Rect, frame: &mut Frame) -> bool {
    let mut after = game.clone_box();
    let Some(to) = game.move_path(code).and_then(|path| path.last().copied()) else {
        return false;
    };
    if after.play(code).is_err() {
        return false;
    }
    match after.view().cells.get(to).and_then(|cell| cell.piece) {
        Some(piece) => {
            draw_piece(game, frame, piece, rect.inset(rect.w * 0.08), 1.0);
            true
        }
        None => false,
    }
}

/// The size of the rules' text, before scaling.
const RULES_TEXT: f32 = 19.0;
/// The height of a board picture among the rules, before scaling.
const RULES_PICTURE: f32 = 220.0;

/// The rules of a mode, as paragraphs read from its help page (its name and summary
/// when the program carries no page for it).
pub fn rules_text(mode_id: &str) -> Vec<Paragraph> {
    crate::help::page_text(mode_id).unwrap_or_else(|| {
        let paragraph = |heading, text: &str| Paragraph {
            heading,
            text: text.to_string(),
            picture: None,
        };
        ply_modes::find_mode(mode_id)
            .map(|mode| vec![paragraph(true, mode.name), paragraph(false, mode.summary)])
            .unwrap_or_default()
    })
}

/// The rules' panel and the index after the last paragraph that fits on the page
/// starting at `first`.
pub fn rules_page(context: &Context, paragraphs: &[Paragraph], first: usize) -> (Rect, usize) {
    let (placed, area) = rules_layout(context, paragraphs, first);
    (area, first + placed.len())
}

/// Where each paragraph from `first` goes, as many as fit, and the panel's area. Line
/// breaks are estimated from an average letter width, leaving room to spare.
fn rules_layout<'a>(
    context: &Context,
    paragraphs: &'a [Paragraph],
    first: usize,
) -> (Vec<(Rect, &'a Paragraph)>, Rect) {
    let s = widgets::scale(context);
    let window = context.window.area();
    let area = Rect::new(
        window.w * 0.12,
        120.0 * s,
        window.w * 0.76,
        window.h - 240.0 * s,
    );
    let size = RULES_TEXT * s;
    let per_line = (area.w / (size * 0.55)).max(10.0) as usize;
    let mut y = area.y;
    let mut placed = Vec::new();
    for paragraph in paragraphs.iter().skip(first) {
        let lines = paragraph.text.chars().count().div_ceil(per_line).max(1) as f32;
        let h = if paragraph.picture.is_some() {
            RULES_PICTURE * s
        } else {
            lines * size * 1.25 + size * 0.6
        };
        if y + h > area.y + area.h && !placed.is_empty() {
            break;
        }
        placed.push((Rect::new(area.x, y, area.w, h), paragraph));
        y += h;
    }
    // A picture that ends the page grows into the room left under it (up to 1.8 times
    // its size), rather than leaving the page's bottom empty.
    if let Some((last, paragraph)) = placed.last_mut()
        && paragraph.picture.is_some()
    {
        let room = area.y + area.h - (last.y + last.h);
        last.h += room.clamp(0.0, RULES_PICTURE * s * 0.8);
    }
    (placed, area)
}
