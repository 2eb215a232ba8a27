//! Game records people can take to other programs: PGN for the chess modes, PDN for
//! checkers, and a plain text record for every mode (the only one for hnefatafl and
//! Connect Four, which have no common exchange format). Each writer reads a
//! [`SavedGame`]; this file chooses the format, says when one does not fit the mode,
//! and holds what the writers share: the game's facts, tag escaping and numbered,
//! wrapped movetext that can carry a clock, a review's evaluation and its verdict per
//! move.

mod pdn;
mod pgn;
mod text;

use crate::SavedGame;
use ply_core::{EndReason, MoveClass, Outcome, Player, PositionError, Score};
use ply_modes::find_mode;
use std::fmt;
use std::time::Duration;
use thiserror::Error;

/// The modes PGN can record: the chess family.
const CHESS_MODES: [&str; 6] = ["chess", "atomic", "koth", "hole", "lps", "mega"];

/// A kind of game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Portable Game Notation, for the chess modes.
    Pgn,
    /// Portable Draughts Notation, for checkers (English draughts, GameType 21).
    Pdn,
    /// Plyground's plain text record, for every mode.
    Text,
}

impl Format {
    /// The record other programs read best for this mode: PGN for the chess modes, PDN
    /// for checkers, text for the others.
    pub fn for_mode(mode_id: &str) -> Format {
        if CHESS_MODES.contains(&mode_id) {
            Format::Pgn
        } else if mode_id == "checkers" {
            Format::Pdn
        } else {
            Format::Text
        }
    }

    /// Whether this format can record a game of this mode.
    pub fn fits(self, mode_id: &str) -> bool {
        self == Format::Text || self == Format::for_mode(mode_id)
    }

    /// The usual file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Pdn => "pdn",
            Format::Text => "txt",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Pgn => "PGN",
            Format::Pdn => "PDN",
            Format::Text => "text",
        })
    }
}

/// Why a game could not be written as a record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExportError {
    /// The format cannot hold a game of this mode.
    #[error("{format} cannot record a game of {mode_name}; use {fits} or text")]
    DoesNotFit {
        /// The format asked for.
        format: Format,
        /// The mode's name, as menus show it.
        mode_name: String,
        /// The format that does fit the mode.
        fits: Format,
    },
    /// The game's start position could not be read back (a bug, never a player's
    /// doing: the game itself started from it).
    #[error("the game's start position cannot be read back: {0}")]
    BadStart(#[source] PositionError),
}

/// `saved` as a record in `format`, ending with a newline.
pub fn export(saved: &SavedGame, format: Format) -> Result<String, ExportError> {
    let mode_id = saved.game.mode_id();
    if !format.fits(mode_id) {
        return Err(ExportError::DoesNotFit {
            format,
            mode_name: mode_name(mode_id),
            fits: Format::for_mode(mode_id),
        });
    }
    let facts = Facts::of(saved)?;
    Ok(match format {
        Format::Pgn => pgn::write(saved, &facts),
        Format::Pdn => pdn::write(saved, &facts),
        Format::Text => text::write(saved, &facts),
    })
}

/// The menu name of a mode.
fn mode_name(mode_id: &str) -> String {
    find_mode(mode_id).map_or_else(|| mode_id.to_string(), |mode| mode.name.to_string())
}

/// What every writer needs to know about the game beyond the save's fields.
struct Facts {
    /// Who moved first from the start position.
    first_mover: Player,
    /// Whether the game started from the mode's usual start position.
    usual_start: bool,
    /// The moves in the mode's move-list notation, each with the clock after it and,
    /// in a reviewed game, the review's word on it.
    moves: Vec<RecordedMove>,
}

impl Facts {
    fn of(saved: &SavedGame) -> Result<Facts, ExportError> {
        let game = &saved.game;
        let start = game.start_text();
        let (first_mover, usual_start) = match find_mode(game.mode_id()) {
            Some(mode) => (
                mode.from_position(&start)
                    .map_err(ExportError::BadStart)?
                    .to_move(),
                mode.new_game().start_text() == start,
            ),
            None => (Player::First, false),
        };
        let texts = game.display_moves();
        let clocks = saved
            .clock
            .as_ref()
            .map(|clock| clock.after_moves.as_slice())
            .filter(|after_moves| after_moves.len() == texts.len())
            .unwrap_or_default();
        let review = saved
            .review
            .as_ref()
            .and_then(|review| Some((review, review.summary(game.as_ref())?)));
        let moves = texts
            .into_iter()
            .enumerate()
            .map(|(index, text)| RecordedMove {
                text,
                clock: clocks.get(index).copied(),
                score: review
                    .as_ref()
                    .map(|(review, _)| review.positions[index + 1].score),
                class: review
                    .as_ref()
                    .map(|(_, summary)| summary.moves[index].class),
            })
            .collect();
        Ok(Facts {
            first_mover,
            usual_start,
            moves,
        })
    }

    /// The name of the player of `side`, or "?" when nobody is seated there.
    fn name(saved: &SavedGame, side: Player) -> String {
        saved
            .seats
            .iter()
            .find(|seat| seat.side == side)
            .map_or_else(|| "?".to_string(), |seat| seat.name.clone())
    }
}

/// One move as a record writes it.
struct RecordedMove {
    /// The move in the mode's move-list notation (SAN in chess).
    text: String,
    /// Time left on the mover's clock after the move, in a timed game; written as a
    /// `[%clk H:MM:SS]` comment.
    clock: Option<Duration>,
    /// In a reviewed game, the value of the position after the move from the first
    /// player's view; written as a `[%eval ...]` comment.
    score: Option<Score>,
    /// In a reviewed game, the move's class; written as its NAG (`$6`, `$2`, `$4`).
    class: Option<MoveClass>,
}

/// The result as PGN and PDN write it, White's score first: "1-0", "0-1", "1/2-1/2",
/// or "*" for a game still going. `white` is the side whose score comes first.
fn result_token(outcome: Option<Outcome>, white: Player) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        Some(Outcome::Win { winner, .. }) if winner == white => "1-0",
        Some(Outcome::Win { .. }) => "0-1",
    }
}

/// The Termination tag: what ended the game, or "unterminated" while it goes on.
fn termination(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(|outcome| outcome.reason()) {
        None => "unterminated",
        Some(EndReason::OutOfTime | EndReason::OutOfTimeNoMaterial) => "time forfeit",
        Some(EndReason::Abandoned) => "abandoned",
        Some(reason) => reason.describe(),
    }
}

/// A tag pair line, `[Name "value"]`, with `\` and `"` escaped as PGN asks.
fn tag(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{escaped}\"]\n")
}

/// Most characters on a movetext line (PGN's export format asks for under 80).
const LINE_WIDTH: usize = 79;

/// Numbered movetext ending in the result token, wrapped to [`LINE_WIDTH`]: `1. e4 e5
/// 2. Nf3`, starting `N...` when the second side moves first; after each move the NAG
/// of its review class, then one comment with its evaluation (from `white`'s view, the
/// side whose score the record puts first) and its clock; and the move number repeated
/// (`N...`) for a reply after a comment when `renumber` (PGN's export format; PDN
/// readers such as pydraughts do not expect it).
fn movetext(
    moves: &[RecordedMove],
    first_mover: Player,
    white: Player,
    first_number: u32,
    result: &str,
    renumber: bool,
) -> String {
    let mut tokens = Vec::with_capacity(moves.len() * 2 + 1);
    let mut number = first_number;
    let mut mover = first_mover;
    let mut after_comment = false;
    for (index, recorded) in moves.iter().enumerate() {
        if mover == Player::First {
            tokens.push(format!("{number}."));
        } else if index == 0 || (after_comment && renumber) {
            tokens.push(format!("{number}..."));
        }
        tokens.push(recorded.text.clone());
        if let Some(nag) = recorded.class.and_then(MoveClass::nag) {
            tokens.push(format!("${nag}"));
        }
        let commands: Vec<String> = recorded
            .score
            .and_then(|score| eval_text(score, white))
            .map(|eval| format!("[%eval {eval}]"))
            .into_iter()
            .chain(
                recorded
                    .clock
                    .map(|clock| format!("[%clk {}]", clock_text(clock))),
            )
            .collect();
        after_comment = !commands.is_empty();
        if after_comment {
            tokens.push(format!("{{{}}}", commands.join(" ")));
        }
        if mover == Player::Second {
            number += 1;
        }
        mover = mover.opponent();
    }
    tokens.push(result.to_string());
    wrap(&tokens)
}

/// Tokens joined by spaces, broken into lines of at most [`LINE_WIDTH`] characters
/// (a longer token stands on a line of its own).
fn wrap(tokens: &[String]) -> String {
    let mut text = String::new();
    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 && line_len + 1 + token.len() > LINE_WIDTH {
            text.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            text.push(' ');
            line_len += 1;
        }
        text.push_str(token);
        line_len += token.len();
    }
    text.push('\n');
    text
}

/// A position's value as `%eval` writes it, from `white`'s view (`score` is from the
/// first player's): hundredths of the mode's units with two decimals (`0.17`, pawns in
/// chess), or a proven result as moves to the end, `#3` when `white` wins and `#-2`
/// when it loses, as lichess writes them. `None` where the game is already over, which
/// lichess leaves without an evaluation.
fn eval_text(score: Score, white: Player) -> Option<String> {
    let score = if white == Player::First {
        score
    } else {
        -score
    };
    match score.plies_to_end() {
        Some(0) => None,
        Some(plies) => {
            let moves = plies.div_ceil(2);
            Some(if score.0 > 0 {
                format!("#{moves}")
            } else {
                format!("#-{moves}")
            })
        }
        None => Some(format!("{:.2}", f64::from(score.0) / 100.0)),
    }
}

/// A clock reading as PGN's `%clk` writes it: `H:MM:SS`.
fn clock_text(left: Duration) -> String {
    let seconds = left.as_secs();
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(texts: &[&str]) -> Vec<RecordedMove> {
        texts
            .iter()
            .map(|text| RecordedMove {
                text: text.to_string(),
                clock: None,
                score: None,
                class: None,
            })
            .collect()
    }

    #[test]
    fn moves_are_numbered_in_pairs() {
        let text = movetext(
            &moves(&["e4", "e5", "Nf3"]),
            Player::First,
            Player::First,
            1,
            "*",
            true,
        );
        assert_eq!(text, "1. e4 e5 2. Nf3 *\n");
    }

    #[test]
    fn a_start_with_the_second_side_to_move_begins_with_dots() {
        let text = movetext(
            &moves(&["e5", "Nf3"]),
            Player::Second,
            Player::First,
            7,
            "1-0",
            true,
        );
        assert_eq!(text, "7... e5 8. Nf3 1-0\n");
    }

    #[test]
    fn clocks_become_comments_and_the_reply_is_renumbered() {
        let mut played = moves(&["e4", "e5", "Nf3"]);
        played[0].clock = Some(Duration::from_secs(272));
        played[1].clock = Some(Duration::from_secs(3 * 3600 + 59));
        let text = movetext(&played, Player::First, Player::First, 1, "*", true);
        assert_eq!(
            text,
            "1. e4 {[%clk 0:04:32]} 1... e5 {[%clk 3:00:59]} 2. Nf3 *\n"
        );
    }

    #[test]
    fn a_review_adds_nags_and_evaluations_merged_with_the_clock() {
        let mut played = moves(&["e4", "Qh4", "g3"]);
        played[0].score = Some(Score(17));
        played[0].clock = Some(Duration::from_secs(299));
        played[1].score = Some(Score(-905));
        played[1].class = Some(MoveClass::Blunder);
        played[2].score = Some(Score::win_in(3));
        played[2].class = Some(MoveClass::Good);
        let text = movetext(&played, Player::First, Player::First, 1, "*", true);
        assert_eq!(
            text,
            concat!(
                "1. e4 {[%eval 0.17] [%clk 0:04:59]} 1... Qh4 $4 {[%eval -9.05]} 2. g3\n",
                "{[%eval #2]} *\n"
            )
        );
    }

    #[test]
    fn evaluations_are_from_whites_view_and_proven_results_count_moves() {
        assert_eq!(
            eval_text(Score(-3), Player::First).as_deref(),
            Some("-0.03")
        );
        assert_eq!(
            eval_text(Score(250), Player::Second).as_deref(),
            Some("-2.50")
        );
        assert_eq!(
            eval_text(Score::win_in(1), Player::First).as_deref(),
            Some("#1")
        );
        assert_eq!(
            eval_text(Score::win_in(4), Player::First).as_deref(),
            Some("#2")
        );
        assert_eq!(
            eval_text(Score::loss_in(2), Player::First).as_deref(),
            Some("#-1")
        );
        assert_eq!(
            eval_text(Score::loss_in(5), Player::Second).as_deref(),
            Some("#3")
        );
        assert_eq!(eval_text(Score::loss_in(0), Player::First), None);
    }

    #[test]
    fn long_movetext_wraps_under_80_characters() {
        let played = moves(&["Nf3"; 60]);
        let text = movetext(&played, Player::First, Player::First, 1, "*", true);
        assert!(text.lines().count() > 1);
        assert!(text.lines().all(|line| line.len() <= LINE_WIDTH));
        assert_eq!(text.split_whitespace().filter(|t| *t == "Nf3").count(), 60);
    }

    #[test]
    fn tag_values_escape_quotes_and_backslashes() {
        assert_eq!(
            tag("Event", r#"a "b" \c"#),
            "[Event \"a \\\"b\\\" \\\\c\"]\n"
        );
    }

    #[test]
    fn each_mode_has_a_format_and_text_fits_all() {
        assert_eq!(Format::for_mode("koth"), Format::Pgn);
        assert_eq!(Format::for_mode("checkers"), Format::Pdn);
        assert_eq!(Format::for_mode("connect4"), Format::Text);
        assert!(Format::Text.fits("mega"));
        assert!(!Format::Pgn.fits("checkers"));
        assert!(!Format::Pdn.fits("chess"));
    }
}
