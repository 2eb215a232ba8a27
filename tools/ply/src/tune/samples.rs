//! The positions file `ply tune play` writes and `ply tune fit` reads: one position per
//! line, the game's result (`1-0`, `1/2` or `0-1`, from the first player's view), the
//! game's number, the position in the mode's position text, and, where the player
//! reported one, its search's score of the position (from the first player's view, in
//! the mode's units: centipawns in chess), separated by tabs.

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

/// One line of a positions file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample<'a> {
    /// How the position's game ended.
    pub result: GameResult,
    /// The game's number.
    pub game: u64,
    /// The position, in the mode's position text.
    pub position: &'a str,
    /// The player's search score of the position, from the first player's view.
    pub score: Option<i32>,
}

/// Writes one position with its game's result and number, and its score if known.
pub fn write_sample(out: &mut impl Write, sample: &Sample) -> io::Result<()> {
    let Sample {
        result,
        game,
        position,
        score,
    } = sample;
    match score {
        Some(score) => writeln!(out, "{}\t{game}\t{position}\t{score}", result.text()),
        None => writeln!(out, "{}\t{game}\t{position}", result.text()),
    }
}

/// Reads every position of a positions file, calling `each` with its line. A
/// malformed line is an error naming the line.
pub fn read_samples(
    input: impl BufRead,
    mut each: impl FnMut(Sample) -> Result<(), String>,
) -> Result<(), String> {
    for (number, line) in input.lines().enumerate() {
        let line = line.map_err(|e| format!("line {}: {e}", number + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let mut fields = line.split('\t');
        let (Some(result), Some(game), Some(position), score, None) = (
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
        ) else {
            return Err(format!(
                "line {}: expected a result, a game number, a position and perhaps a score, \
                 separated by tabs",
                number + 1
            ));
        };
        let score = score
            .map(|score| {
                score.parse::<i32>().map_err(|_| {
                    format!(
                        "line {}: the score '{score}' is not a whole number",
                        number + 1
                    )
                })
            })
            .transpose()?;
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
        let sample = Sample {
            result,
            game,
            position,
            score,
        };
        each(sample).map_err(|e| format!("line {}: {e}", number + 1))?;
    }
    Ok(())
}

/// Reads every position of each positions file in `paths`, in order, calling `each`
/// with its line; an error names the file (and the line).
pub fn read_sample_files(
    paths: &[std::path::PathBuf],
    mut each: impl FnMut(Sample) -> Result<(), String>,
) -> Result<(), String> {
    for path in paths {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        read_samples(io::BufReader::new(file), &mut each)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_round_trip_and_bad_lines_are_named() {
        let written = [
            Sample {
                result: GameResult::FirstWins,
                game: 7,
                position: "8/8/8 w - - 0 1",
                score: None,
            },
            Sample {
                result: GameResult::Draw,
                game: 8,
                position: "x y",
                score: Some(-35),
            },
        ];
        let mut file = Vec::new();
        for sample in &written {
            write_sample(&mut file, sample).expect("write");
        }
        let text = String::from_utf8(file).expect("text");
        // A line read borrows from the reader's buffer, so compare owned copies.
        let owned = |sample: &Sample| {
            (
                sample.result,
                sample.game,
                sample.position.to_string(),
                sample.score,
            )
        };
        let mut read = Vec::new();
        read_samples(text.as_bytes(), |sample| {
            read.push(owned(&sample));
            Ok(())
        })
        .expect("read");
        let expected: Vec<_> = written.iter().map(owned).collect();
        assert_eq!(read, expected);
        let bad = read_samples(&b"1-0\t1\tok\n2-0\t2\tno\n"[..], |_| Ok(()));
        assert_eq!(
            bad,
            Err("line 2: the result '2-0' is not 1-0, 1/2 or 0-1".to_string())
        );
        let untabbed = read_samples(&b"1-0 no tab\n"[..], |_| Ok(()));
        assert!(untabbed.is_err_and(|e| e.starts_with("line 1:")));
        let unnumbered = read_samples(&b"1-0\tfirst\tok\n"[..], |_| Ok(()));
        assert_eq!(
            unnumbered,
            Err("line 1: the game number 'first' is not a whole number".to_string())
        );
        let unscored = read_samples(&b"1-0\t1\tok\t+3.5\n"[..], |_| Ok(()));
        assert_eq!(
            unscored,
            Err("line 1: the score '+3.5' is not a whole number".to_string())
        );
        let crowded = read_samples(&b"1-0\t1\tok\t3\t4\n"[..], |_| Ok(()));
        assert!(crowded.is_err_and(|e| e.starts_with("line 1:")));
    }
}
