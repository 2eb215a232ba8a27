//! A PGN or PDN file split into games: each game's tag pairs, its moves (with the clock
//! a `[%clk]` comment gives after a move) and the result token that ends it. Comments,
//! NAGs (`$1`), variations in parentheses, move numbers and `%` escape lines are
//! passed over.

use std::time::Duration;

/// One game as the file writes it, before any move is read by the rules.
#[derive(Debug, Default)]
pub(crate) struct RawGame {
    /// The tag pairs, in order.
    pub(crate) tags: Vec<(String, String)>,
    /// The moves of the main line.
    pub(crate) moves: Vec<RawMove>,
    /// The result token that ended the movetext, if any.
    pub(crate) result: Option<String>,
}

impl RawGame {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }

    /// The value of the tag `name` (letter case aside), if given.
    pub(crate) fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// One move of the main line.
#[derive(Debug)]
pub(crate) struct RawMove {
    /// The move as written (annotation marks included).
    pub(crate) text: String,
    /// The mover's clock after the move, from a `[%clk H:MM:SS]` comment.
    pub(crate) clock: Option<Duration>,
}

/// Characters that end a symbol.
const DELIMITERS: &[char] = &['{', '}', '(', ')', '[', ']', ';'];

/// The games of a file, or what is malformed and in which game (counting from 1).
pub(crate) fn split_games(text: &str) -> Result<Vec<RawGame>, (usize, String)> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
    };
    let mut games = Vec::new();
    let mut game = RawGame::default();
    let mut depth = 0usize;
    let mut line_start = true;
    while let Some(c) = reader.peek() {
        let number = games.len() + 1;
        if c == '\n' {
            line_start = true;
            reader.at += 1;
            continue;
        }
        if c.is_whitespace() {
            reader.at += 1;
            continue;
        }
        if line_start && c == '%' {
            reader.skip_line();
            continue;
        }
        line_start = false;
        match c {
            '[' if depth == 0 => {
                if !game.moves.is_empty() || game.result.is_some() {
                    games.push(std::mem::take(&mut game));
                }
                let tag = reader.tag().map_err(|detail| (games.len() + 1, detail))?;
                game.tags.push(tag);
            }
            '{' => {
                let comment = reader
                    .comment()
                    .ok_or((number, "a comment is not closed with '}'".to_string()))?;
                if let (0, Some(clock), Some(last)) =
                    (depth, clock_in(&comment), game.moves.last_mut())
                {
                    last.clock = Some(clock);
                }
            }
            ';' => reader.skip_line(),
            '(' => {
                depth += 1;
                reader.at += 1;
            }
            ')' => {
                depth = depth.saturating_sub(1);
                reader.at += 1;
            }
            '$' => {
                reader.at += 1;
                while reader.peek().is_some_and(|c| c.is_ascii_digit()) {
                    reader.at += 1;
                }
            }
            _ => {
                let symbol = reader.symbol();
                if symbol.is_empty() {
                    return Err((number, format!("'{c}' is out of place")));
                }
                if depth > 0 {
                    continue;
                }
                if let Some(result) = result_token(&symbol) {
                    game.result = Some(result.to_string());
                    games.push(std::mem::take(&mut game));
                } else {
                    let text = without_move_number(&symbol);
                    if !text.is_empty() {
                        game.moves.push(RawMove {
                            text: text.to_string(),
                            clock: None,
                        });
                    }
                }
            }
        }
    }
    if !game.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// The characters of a file with a place in them.
struct Reader {
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_line(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.at += 1;
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    /// A symbol: everything up to a space or a delimiter.
    fn symbol(&mut self) -> String {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !DELIMITERS.contains(&c))
        {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    /// A comment from its `{` to its `}` (`None` when it is never closed).
    fn comment(&mut self) -> Option<String> {
        let start = self.at + 1;
        let length = self.chars[start..].iter().position(|&c| c == '}')?;
        self.at = start + length + 1;
        Some(self.chars[start..start + length].iter().collect())
    }

    /// A tag pair from its `[` to its `]`: a name, then a quoted value with `\"` and
    /// `\\` escaped.
    fn tag(&mut self) -> Result<(String, String), String> {
        self.at += 1;
        self.skip_spaces();
        let name = self.symbol();
        if name.is_empty() {
            return Err("a tag has no name".to_string());
        }
        self.skip_spaces();
        if self.peek() != Some('"') {
            return Err(format!("the tag {name} has no quoted value"));
        }
        self.at += 1;
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => {
                    return Err(format!("the value of the tag {name} is not closed"));
                }
                Some('"') => break,
                Some('\\') => {
                    self.at += 1;
                    if let Some(escaped) = self.peek() {
                        value.push(escaped);
                    }
                }
                Some(c) => value.push(c),
            }
            self.at += 1;
        }
        self.at += 1;
        self.skip_spaces();
        if self.peek() != Some(']') {
            return Err(format!("the tag {name} is not closed with ']'"));
        }
        self.at += 1;
        Ok((name, value))
    }
}

/// The result a result token stands for, as PGN writes it; PDN's international
/// scores (2-0, 0-2, 1-1) are read as the same results.
fn result_token(symbol: &str) -> Option<&'static str> {
    match symbol {
        "1-0" | "2-0" => Some("1-0"),
        "0-1" | "0-2" => Some("0-1"),
        "1/2-1/2" | "½-½" | "1-1" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

/// A symbol without the move number before it (`12.`, `12...`, or glued: `12.e4`).
fn without_move_number(symbol: &str) -> &str {
    let digits = symbol.len()
        - symbol
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    let rest = &symbol[digits..];
    if rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        symbol
    }
}

/// The clock a comment gives with `[%clk H:MM:SS]` (seconds may have a fraction).
fn clock_in(comment: &str) -> Option<Duration> {
    let after = &comment[comment.find("[%clk")? + "[%clk".len()..];
    let reading = after[..after.find(']')?].trim();
    let mut parts = reading.split(':').rev();
    let seconds: f64 = parts.next()?.parse().ok()?;
    let minutes: f64 = parts.next().map_or(Some(0.0), |part| part.parse().ok())?;
    let hours: f64 = parts.next().map_or(Some(0.0), |part| part.parse().ok())?;
    let total = hours * 3600.0 + minutes * 60.0 + seconds;
    (total.is_finite() && total >= 0.0).then(|| Duration::from_secs_f64(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_nags_variations_and_numbers_are_passed_over() {
        let text = "% an escape line\n[Event \"A \\\"quoted\\\" name\"]\n[White \"Ann\"]\n\n\
            1. e4 {[%clk 0:04:59]} 1... e5 $1 (1... c5 {Sicilian} 2. Nf3) 2.Nf3! ; a remark\n\
            Nc6 1-0\n[Event \"Second\"]\n1. d4 *\n";
        let games = split_games(text).expect("well formed");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("event"), Some("A \"quoted\" name"));
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3!", "Nc6"]);
        assert_eq!(games[0].moves[0].clock, Some(Duration::from_secs(299)));
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
        assert_eq!(games[1].moves.len(), 1);
        assert_eq!(games[1].result.as_deref(), Some("*"));
    }

    #[test]
    fn a_reviewed_games_evaluations_and_nags_leave_moves_and_clocks_read() {
        let games = split_games("1. e4 $6 {[%eval 0.17] [%clk 0:04:59]} 1... e5 {[%eval #-2]} *")
            .expect("well formed");
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["e4", "e5"]);
        assert_eq!(games[0].moves[0].clock, Some(Duration::from_secs(299)));
        assert_eq!(games[0].moves[1].clock, None);
    }

    #[test]
    fn checkers_moves_and_international_scores_are_read() {
        let games = split_games("1. 11-15 23-19 2. 8-11 22x15x8 2-0").expect("well formed");
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["11-15", "23-19", "8-11", "22x15x8"]);
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
    }

    #[test]
    fn an_open_comment_or_tag_names_its_game() {
        let open =
            split_games("[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. e4 {never closed").unwrap_err();
        assert_eq!(open.0, 2);
        assert!(open.1.contains("not closed"), "{}", open.1);
        let tag = split_games("[Event a]").unwrap_err();
        assert_eq!(tag, (1, "the tag Event has no quoted value".to_string()));
    }
}
