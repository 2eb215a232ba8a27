//! The positions file `ply tune play` writes and `ply tune fit` reads: one position per
//! line, the game's result (`1-0`, `1/2` or `0-1`, from the first player's view), the
//! game's number, then the position in the mode's position text, separated by tabs.

use std::io::{self, BufRead, Write};

/// How a game ended, from the first player's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The first player won.
    FirstWins,
    /// Nobody won.
    Draw,
    /// The second player won.
    SecondWins,
}

impl GameResult {
    /// The result as written in the file.
    fn text(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1-0",
            GameResult::Draw => "1/2",
            GameResult::SecondWins => "0-1",
        }
    }

    /// The first player's score: 1, one half or 0.
    pub fn score(self) -> f64 {
        match self {
            GameResult::FirstWins => 1.0,
            GameResult::Draw => 0.5,
            GameResult::SecondWins => 0.0,
        }
    }
}

/// Writes one position with its game's result and number.
pub fn write_sample(
    out: &mut impl Write,
    result: GameResult,
    game: u64,
    position: &str,
) -> io::Result<()> {
    writeln!(out, "{}\t{game}\t{position}", result.text())
}

/// Reads every position of a positions file, calling `each` with its result, its
/// game's number and its text. A malformed line is an error naming the line.
pub fn read_samples(
    input: impl BufRead,
    mut each: impl FnMut(GameResult, u64, &str) -> Result<(), String>,
) -> Result<(), String> {
    for (number, line) in input.lines().enumerate() {
        let line = line.map_err(|e| format!("line {}: {e}", number + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let mut fields = line.splitn(3, '\t');
        let (Some(result), Some(game), Some(position)) =
            (fields.next(), fields.next(), fields.next())
        else {
            return Err(format!(
                "line {}: expected a result, a game number and a position, separated by tabs",
                number + 1
            ));
        };
        let game = game.parse::<u64>().map_err(|_| {
            format!(
                "line {}: the game number '{game}' is not a whole number",
                number + 1
            )
        })?;
        let result = match result {
            "1-0" => GameResult::FirstWins,
            "1/2" => GameResult::Draw,
            "0-1" => GameResult::SecondWins,
            other => {
                return Err(format!(
                    "line {}: the result '{other}' is not 1-0, 1/2 or 0-1",
                    number + 1
                ));
            }
        };
        each(result, game, position).map_err(|e| format!("line {}: {e}", number + 1))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_round_trip_and_bad_lines_are_named() {
        let mut file = Vec::new();
        write_sample(&mut file, GameResult::FirstWins, 7, "8/8/8 w - - 0 1").expect("write");
        write_sample(&mut file, GameResult::Draw, 8, "x\ty").expect("write");
        let mut read = Vec::new();
        read_samples(&file[..], |result, game, text| {
            read.push((result, game, text.to_string()));
            Ok(())
        })
        .expect("read");
        assert_eq!(
            read,
            vec![
                (GameResult::FirstWins, 7, "8/8/8 w - - 0 1".to_string()),
                (GameResult::Draw, 8, "x\ty".to_string())
            ]
        );
        let bad = read_samples(&b"1-0\t1\tok\n2-0\t2\tno\n"[..], |_, _, _| Ok(()));
        assert_eq!(
            bad,
            Err("line 2: the result '2-0' is not 1-0, 1/2 or 0-1".to_string())
        );
        let untabbed = read_samples(&b"1-0 no tab\n"[..], |_, _, _| Ok(()));
        assert!(untabbed.is_err_and(|e| e.starts_with("line 1:")));
        let unnumbered = read_samples(&b"1-0\tfirst\tok\n"[..], |_, _, _| Ok(()));
        assert_eq!(
            unnumbered,
            Err("line 1: the game number 'first' is not a whole number".to_string())
        );
    }
}
