//! Text from one player that others see (chat, names echoed back, the operator's log):
//! control characters are stripped before other players see it, and everything that
//! does not show or changes how the text around it reads is escaped in the relay's
//! log, so that nobody can move a terminal's cursor with ANSI escapes, forge lines with
//! CR/LF or line separators, cut text with NUL, hide characters with zero-width ones,
//! or turn text around with direction marks and overrides.

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

/// Whether `c` changes how a terminal or text layout treats what follows it.
fn is_control(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` without control characters.
pub fn strip_controls(text: &str) -> String {
    text.chars().filter(|&c| !is_control(c)).collect()
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
    fn escapes_line_breaks_nul_and_overrides_go() {
        assert_eq!(
            strip_controls("a\u{1b}[2Jb\r\nc\0d\u{202E}e\u{7f}f\u{9b}g"),
            "a[2Jbcdefg"
        );
        assert_eq!(strip_controls("héllo wörld ♞"), "héllo wörld ♞");
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
