//! What was said in a lobby and its game, as this player hears it: the latest lines,
//! newest last, with control characters removed and length limited, and the players
//! this one muted (their lines are dropped). Window-free, kept by the session so the
//! lobby and the game share it.

use ply_net::protocol::MAX_CHAT_CHARS;
use std::collections::{BTreeSet, VecDeque};

/// How many lines are kept.
pub const KEPT_LINES: usize = 50;

/// One line said by a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// Who said it.
    pub from: String,
    /// What they said.
    pub text: String,
}

/// The latest lines and who is muted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChatLog {
    lines: VecDeque<ChatLine>,
    muted: BTreeSet<String>,
}

/// `text` without control characters, at most `MAX_CHAT_CHARS` long, trimmed.
pub fn clean(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .take(MAX_CHAT_CHARS)
        .collect::<String>()
        .trim()
        .to_string()
}

impl ChatLog {
    /// Takes in a line from `from`; returns whether it is kept (not muted, not empty).
    pub fn hear(&mut self, from: &str, text: &str) -> bool {
        let text = clean(text);
        if text.is_empty() || self.muted.contains(from) {
            return false;
        }
        self.lines.push_back(ChatLine {
            from: clean(from),
            text,
        });
        while self.lines.len() > KEPT_LINES {
            self.lines.pop_front();
        }
        true
    }

    /// The lines kept, oldest first.
    pub fn lines(&self) -> impl DoubleEndedIterator<Item = &ChatLine> {
        self.lines.iter()
    }

    /// Whether `name` is muted.
    pub fn is_muted(&self, name: &str) -> bool {
        self.muted.contains(name)
    }

    /// Mutes `name` (their lines, past and coming, are no longer shown), or unmutes them.
    pub fn toggle_mute(&mut self, name: &str) {
        if !self.muted.remove(name) {
            self.muted.insert(name.to_string());
            self.lines.retain(|line| line.from != name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cleaned_limited_and_muted_players_dropped() {
        let mut log = ChatLog::default();
        assert!(log.hear("Ann", "hi\u{7}\nthere"));
        assert!(!log.hear("Ann", " \u{1b} "), "nothing left to say");
        let long = "x".repeat(MAX_CHAT_CHARS + 50);
        log.hear("Bob", &long);
        let said: Vec<_> = log.lines().map(|l| l.text.clone()).collect();
        assert_eq!(said[0], "hithere");
        assert_eq!(said[1].chars().count(), MAX_CHAT_CHARS);
        log.toggle_mute("Bob");
        assert!(!log.hear("Bob", "again"));
        assert!(
            log.lines().all(|l| l.from != "Bob"),
            "muting hides past lines"
        );
        log.toggle_mute("Bob");
        assert!(log.hear("Bob", "back"));
        for i in 0..KEPT_LINES + 5 {
            log.hear("Ann", &format!("line {i}"));
        }
        assert_eq!(log.lines().count(), KEPT_LINES);
        assert_eq!(
            log.lines().last().map(|l| l.text.as_str()),
            Some(format!("line {}", KEPT_LINES + 4).as_str()),
            "newest last"
        );
    }
}
