//! Text from one player that the relay shows to others (chat, names echoed back):
//! control characters are stripped at the server, so that no client can move another's
//! cursor with ANSI escapes, forge lines with CR/LF, cut text with NUL, or turn text
//! around with direction overrides.

/// Whether `c` changes how a terminal or text layout treats what follows it.
fn is_control(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` without control characters.
pub fn strip_controls(text: &str) -> String {
    text.chars().filter(|&c| !is_control(c)).collect()
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
}
