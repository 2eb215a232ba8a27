//! Positions and games in and out of the analysis board as text: a position in the
//! mode's own text (FEN for the chess family), moves in the mode's move text, or a game
//! record (PGN for the chess family, PDN for checkers, Plyground's text record for every
//! mode) typed or pasted (Ctrl+V) into the board; and the position or the game copied
//! to the clipboard.

use ply_modes::{AnyGame, find_mode};
use ply_save::{Format, SavedGame};

/// What a typed or pasted text opens on the analysis board.
pub enum Opened {
    /// A position, or moves from the start.
    Game(Box<dyn AnyGame>),
    /// A game record, with its players.
    Record(Box<SavedGame>),
}

/// Reads `text` for the analysis board of mode `mode_id`: a record when it has tags or
/// numbered moves, else a position in the mode's text, else moves from the start.
pub fn read(text: &str, mode_id: &str) -> Result<Opened, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("Type or paste a position or a game first.".into());
    }
    if let Some(game) = text_record(text)? {
        return Ok(Opened::Game(game));
    }
    let mode = find_mode(mode_id).ok_or_else(|| format!("unknown mode '{mode_id}'"))?;
    let looks_like_record = text.starts_with('[') || text.split_whitespace().any(|w| w == "1.");
    if looks_like_record || text.starts_with("1.") {
        let games = ply_history::read_records(text, mode_id).map_err(|e| e.to_string())?;
        let first = games
            .into_iter()
            .next()
            .ok_or("The record holds no game.")?;
        return match first.game {
            Ok(saved) => Ok(Opened::Record(Box::new(saved))),
            Err(reason) => Err(format!("The record cannot be read: {reason}")),
        };
    }
    let as_position = mode.from_position(text);
    let position_error = match as_position {
        Ok(game) => return Ok(Opened::Game(game)),
        Err(error) => error,
    };
    match mode.replay(None, text.split_whitespace()) {
        Ok(game) => Ok(Opened::Game(game)),
        Err(_) => Err(format!(
            "Not a position or moves of {}: {position_error}",
            mode.name
        )),
    }
}

/// Reads Plyground's text record (the `Mode:` header line marks one): the mode, the
/// start when given, then the moves as the move list writes them, past numbers,
/// comments, annotation glyphs and the result. `None` when the text is not one.
fn text_record(text: &str) -> Result<Option<Box<dyn AnyGame>>, String> {
    let mut lines = text.lines();
    let mut mode_id = None;
    let mut start = None;
    for line in lines.by_ref() {
        let line = line.trim();
        if line.is_empty() {
            break;
        }
        match line.split_once(": ") {
            Some(("Mode", id)) => mode_id = Some(id.trim().to_string()),
            Some(("Start", position)) => start = Some(position.trim().to_string()),
            _ => {}
        }
    }
    let Some(mode_id) = mode_id else {
        return Ok(None);
    };
    let mode = find_mode(&mode_id).ok_or_else(|| format!("unknown mode '{mode_id}'"))?;
    let mut game = match &start {
        Some(position) => mode.from_position(position).map_err(|e| e.to_string())?,
        None => mode.new_game(),
    };
    let body: String = lines.collect::<Vec<_>>().join(" ");
    let mut depth = 0usize;
    let without_comments: String = body
        .chars()
        .filter(|&c| match c {
            '{' => {
                depth += 1;
                false
            }
            '}' => {
                depth = depth.saturating_sub(1);
                false
            }
            _ => depth == 0,
        })
        .collect();
    for token in without_comments.split_whitespace() {
        let is_number = token
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit())
            && token.ends_with('.');
        let is_result = matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*");
        if is_number || is_result || token.starts_with('$') {
            continue;
        }
        let bare = token.trim_end_matches(['?', '!']);
        let code = game
            .legal_moves()
            .into_iter()
            .find(|&code| {
                game.display_move(code).as_deref() == Some(bare)
                    || game.move_text(code).as_deref() == Some(bare)
            })
            .ok_or_else(|| format!("the record's move '{token}' is not legal here"))?;
        game.play(code).map_err(|e| e.to_string())?;
    }
    Ok(Some(game))
}

/// The game as a record other programs read (PGN, PDN, or the plain text record).
pub fn record_of(saved: &SavedGame) -> Result<String, String> {
    let format = Format::for_mode(saved.game.mode_id());
    ply_save::export(saved, format).map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_moves_and_records_are_read_and_nonsense_is_refused_with_a_reason() {
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert!(matches!(read(fen, "chess"), Ok(Opened::Game(_))));
        let Ok(Opened::Game(moves)) = read("e2e4 e7e5", "chess") else {
            panic!("moves are read");
        };
        assert_eq!(moves.moves().len(), 2);
        let pgn = "[Event \"x\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        let Ok(Opened::Record(saved)) = read(pgn, "chess") else {
            panic!("a record is read");
        };
        assert_eq!(saved.game.moves().len(), 4);
        let going_on = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
        let Ok(Opened::Record(unfinished)) = read(going_on, "chess") else {
            panic!("an unfinished record is read");
        };
        assert_eq!(unfinished.game.moves().len(), 3);
        assert!(unfinished.game.outcome().is_none());
        let refused = read("not a position", "chess").err().expect("refused");
        assert!(refused.contains("Not a position"), "{refused}");
        assert!(read("  ", "chess").is_err());
        let text = record_of(&saved).expect("written");
        assert!(text.contains("Qh4#"), "{text}");
    }

    #[test]
    fn the_projects_text_record_of_every_mode_is_read_back() {
        for mode in ply_modes::MODES {
            let mut game = mode.new_game();
            for _ in 0..6 {
                let Some(&code) = game.legal_moves().first() else {
                    break;
                };
                if game.play(code).is_err() || game.outcome().is_some() {
                    break;
                }
            }
            let saved = SavedGame::new("Read back", Vec::new(), game.clone_box());
            let text = ply_save::export(&saved, Format::Text).expect("written");
            let Ok(Opened::Game(read)) = read(&text, "chess") else {
                panic!("{}: {text}", mode.id);
            };
            assert_eq!(read.mode_id(), mode.id);
            assert_eq!(read.move_texts(), game.move_texts(), "{}: {text}", mode.id);
        }
    }
}
