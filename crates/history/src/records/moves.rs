//! A record's move read through the mode's rules: first as the mode's own move text
//! (UCI, checkers' `11-15`), else, since the rules read no SAN, by matching it against
//! the SAN of the legal moves, forgiving what writers vary on (check and annotation
//! marks, `=` in promotions, `0-0` for `O-O`, more disambiguation than needed).

use ply_modes::AnyGame;

/// Plays the move `written` in `game`, or says why it cannot be played.
pub(super) fn play(game: &mut dyn AnyGame, written: &str) -> Result<(), String> {
    let text = written.trim_end_matches(['!', '?']);
    if game.play_text(text).is_ok() {
        return Ok(());
    }
    let wanted = san_key(text);
    let exact: Vec<_> = game
        .legal()
        .iter()
        .filter(|legal| san_key(&legal.display) == wanted)
        .map(|legal| legal.code)
        .collect();
    let candidates = if exact.is_empty() {
        let loose = without_origin(&wanted);
        game.legal()
            .iter()
            .filter(|legal| without_origin(&san_key(&legal.display)) == loose)
            .map(|legal| legal.code)
            .collect()
    } else {
        exact
    };
    match candidates[..] {
        [code] => game.play(code).map_err(|error| error.to_string()),
        [] if game.outcome().is_some() => Err("the game was already over".to_string()),
        [] => Err("is not a legal move here".to_string()),
        _ => Err("could be more than one legal move here".to_string()),
    }
}

/// SAN as compared: no check, mate or annotation marks, no `=` before a promotion,
/// no "e.p.", castling with letter O.
fn san_key(san: &str) -> String {
    let san = san
        .trim()
        .trim_end_matches("e.p.")
        .trim_end_matches(['+', '#', '!', '?']);
    let san = san.replace('=', "");
    match san.as_str() {
        "0-0" => "O-O".to_string(),
        "0-0-0" => "O-O-O".to_string(),
        _ => san,
    }
}

/// A piece move's SAN without where the piece comes from (`Nbd2`, `R1xe4` become
/// `Nd2`, `Rxe4`); pawn moves and castling unchanged.
fn without_origin(key: &str) -> String {
    let mut chars = key.chars();
    let Some(piece) = chars.next().filter(|c| c.is_ascii_uppercase() && *c != 'O') else {
        return key.to_string();
    };
    let rest: String = chars.collect();
    // The destination is the last file letter followed by its rank digits (and any
    // promotion letter after them).
    let destination = rest
        .char_indices()
        .rev()
        .find(|&(index, c)| {
            c.is_ascii_lowercase()
                && c != 'x'
                && rest[index + 1..].starts_with(|next: char| next.is_ascii_digit())
        })
        .map(|(index, _)| index);
    match destination {
        Some(index) => {
            let capture = if rest[..index].contains('x') { "x" } else { "" };
            format!("{piece}{capture}{}", &rest[index..])
        }
        None => key.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn san_is_compared_without_marks_and_extra_origin() {
        assert_eq!(san_key("e8=Q+"), "e8Q");
        assert_eq!(san_key("0-0-0#"), "O-O-O");
        assert_eq!(san_key("exd6e.p."), "exd6");
        assert_eq!(without_origin("Nbd2"), "Nd2");
        assert_eq!(without_origin("Qh4xe1"), "Qxe1");
        assert_eq!(without_origin("R1a14"), "Ra14");
        assert_eq!(without_origin("exd5"), "exd5");
        assert_eq!(without_origin("O-O"), "O-O");
    }

    #[test]
    fn san_uci_and_sloppy_san_all_play() {
        let mut game = ply_modes::replay("chess", None, Vec::<String>::new()).expect("start");
        for written in [
            "e4", "e7e5", "Ngf3", "Nc6!?", "Bb5", "a6", "Bxc6", "dxc6", "0-0",
        ] {
            play(game.as_mut(), written).unwrap_or_else(|e| panic!("{written}: {e}"));
        }
        assert_eq!(game.move_texts().last().map(String::as_str), Some("e1g1"));
        assert_eq!(
            play(game.as_mut(), "Nf9"),
            Err("is not a legal move here".to_string())
        );
    }
}
