//! Text from one player that others see (chat, names echoed back, the operator's log):
//! whatever does not show or changes how the text around it reads is stripped before
//! other players see it and escaped in the relay's log, so that nobody can move a
//! terminal's cursor with ANSI escapes, forge lines with CR/LF or line and paragraph
//! separators, cut text with NUL, hide characters with zero-width ones, or turn text
//! around with direction marks and overrides.

use std::fmt;

/// Whether `c` takes no room on screen or changes how the text around it reads:
/// controls (C0, DEL, C1), line and paragraph separators, zero-width characters and
/// joiners, direction marks, embeddings, overrides and isolates, variation selectors,
/// invisible fillers and tags.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// `text` without hidden characters (see [`is_hidden`]).
pub fn strip_hidden(text: &str) -> String {
    text.chars().filter(|&c| !is_hidden(c)).collect()
}

/// Peer-supplied text for the relay's log: hidden characters (see [`is_hidden`]) and
/// backslashes are written as `\u{..}` and `\\`, so that a log line holds exactly one
/// line whatever a peer sent, and what was escaped can be told from what was typed.
#[derive(Clone, Copy, Debug)]
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if c == '\\' {
                f.write_str("\\\\")?;
            } else if is_hidden(c) {
                write!(f, "\\u{{{:x}}}", u32::from(c))?;
            } else {
                fmt::Write::write_char(f, c)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_line_breaks_nul_separators_zero_widths_and_marks_go() {
        assert_eq!(
            strip_hidden(
                "a\u{1b}[2Jb\r\nc\0d\u{202E}e\u{7f}f\u{9b}g\u{2028}h\u{2029}i\u{200B}j\u{200E}k\u{2066}l"
            ),
            "a[2Jbcdefghijkl"
        );
        assert_eq!(strip_hidden("héllo wörld ♞ Анна"), "héllo wörld ♞ Анна");
    }

    #[test]
    fn the_log_sees_one_line_with_hidden_characters_spelt_out() {
        let forged = "Eve\r\n2026-01-01T00:00:00Z ERROR \u{1b}[31mhacked\\u{a}\u{2028}";
        let logged = Escaped(forged).to_string();
        assert_eq!(
            logged,
            "Eve\\u{d}\\u{a}2026-01-01T00:00:00Z ERROR \\u{1b}[31mhacked\\\\u{a}\\u{2028}"
        );
        assert!(!logged.chars().any(is_hidden));
        assert_eq!(Escaped("Zoé Ann").to_string(), "Zoé Ann");
    }
}
