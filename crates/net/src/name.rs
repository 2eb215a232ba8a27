//! Player names: one rule for everyone (the window's forms, `ply`, the relay) that
//! allows what people use — letters of any alphabet, digits, single spaces, hyphens and
//! apostrophes between them, 2 to 20 characters — and refuses what deceives: invisible
//! characters and letters of two alphabets mixed to look like someone else's name.
//! Names that look alike are one name in a lobby ([`look_alike`]): "Расе" in Cyrillic,
//! full-width "Ｐａｃｅ" and "Pace" cannot sit side by side.

use crate::protocol::EntryRefusal;
use crate::text::is_hidden;
use thiserror::Error;
use unicode_script::{Script, UnicodeScript};
use unicode_security::confusable_detection::skeleton;

/// The shortest allowed player name, in characters.
pub const MIN_NAME_LEN: usize = 2;

/// The longest allowed player name, in characters.
pub const MAX_NAME_LEN: usize = 20;

/// The rule in a player's words, shown wherever a name is typed.
pub const NAME_RULE: &str = "Names: 2-20 letters or digits (any alphabet), spaces inside";

/// What is wrong with a name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NameProblem {
    /// Fewer than [`MIN_NAME_LEN`] characters.
    #[error("it needs at least {MIN_NAME_LEN} characters")]
    TooShort,
    /// More than [`MAX_NAME_LEN`] characters.
    #[error("it may have at most {MAX_NAME_LEN} characters")]
    TooLong,
    /// It starts or ends with a space or a joining mark.
    #[error("it must start and end with a letter or a digit")]
    Edge,
    /// Two spaces or marks in a row.
    #[error("spaces, hyphens and apostrophes go one at a time between letters")]
    Doubled,
    /// A character that does not show (zero width, a direction mark, a control).
    #[error("it holds an invisible character (U+{:04X})", u32::from(*.0))]
    Invisible(char),
    /// A character that is neither a letter, a digit nor a joining mark.
    #[error("'{0}' is not allowed in names")]
    NotAllowed(char),
    /// Letters of more than one alphabet (a Cyrillic 'а' in a Latin name, say).
    #[error("it mixes letters of different alphabets")]
    MixedScripts,
}

/// Characters that may join letters inside a name.
fn joins(c: char) -> bool {
    matches!(c, ' ' | '-' | '\'' | '’' | '.' | '_')
}

/// The alphabets that are written together in one language (Japanese, Korean) count as
/// one.
fn family(script: Script) -> Script {
    match script {
        Script::Hiragana | Script::Katakana | Script::Hangul => Script::Han,
        other => other,
    }
}

/// What is wrong with `name`, if anything.
pub fn name_problem(name: &str) -> Option<NameProblem> {
    if let Some(c) = name.chars().find(|&c| is_hidden(c)) {
        return Some(NameProblem::Invisible(c));
    }
    let length = name.chars().count();
    if length < MIN_NAME_LEN {
        return Some(NameProblem::TooShort);
    }
    if length > MAX_NAME_LEN {
        return Some(NameProblem::TooLong);
    }
    if let Some(c) = name.chars().find(|&c| !(c.is_alphanumeric() || joins(c))) {
        return Some(NameProblem::NotAllowed(c));
    }
    let (first, last) = (name.chars().next()?, name.chars().last()?);
    if joins(first) || joins(last) {
        return Some(NameProblem::Edge);
    }
    let chars: Vec<char> = name.chars().collect();
    if chars
        .windows(2)
        .any(|pair| joins(pair[0]) && joins(pair[1]))
    {
        return Some(NameProblem::Doubled);
    }
    let mut scripts = name
        .chars()
        .filter(|c| c.is_alphabetic())
        .map(|c| family(c.script()))
        .filter(|script| !matches!(script, Script::Common | Script::Inherited));
    let first_script = scripts.next();
    if scripts.any(|script| Some(script) != first_script) {
        return Some(NameProblem::MixedScripts);
    }
    None
}

/// What a name looks like, whatever its case and whichever look-alike characters it
/// uses: its lower case, then its skeleton under Unicode's confusables (UTS #39), in
/// which every character that can pass for another is replaced by one chosen for all
/// ("Расе" in Cyrillic and full-width "ｐａｃｅ" become "pace", a full-width "１" and a
/// "1" the same character).
pub fn appearance(name: &str) -> String {
    skeleton(&name.to_lowercase()).collect()
}

/// Whether two names would pass for one another in a lobby.
pub fn look_alike(a: &str, b: &str) -> bool {
    appearance(a) == appearance(b)
}

/// Checks a player name against the rule, refusing it with the reason in words.
pub fn validate_name(name: &str) -> Result<(), EntryRefusal> {
    match name_problem(name) {
        None => Ok(()),
        Some(problem) => Err(EntryRefusal::BadName {
            name: name.chars().take(MAX_NAME_LEN * 2).collect(),
            reason: problem.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_look_alike_are_told_apart_from_those_that_do_not() {
        for (a, b) in [
            ("Pace", "\u{420}\u{430}\u{441}\u{435}"),
            ("Pace", "\u{FF30}\u{FF41}\u{FF43}\u{FF45}"),
            ("Bob1", "Bob\u{FF11}"),
            ("Pace", "PACE"),
            ("Zoé Ann", "Zoe\u{301} Ann"),
        ] {
            assert!(look_alike(a, b), "{a} and {b}");
        }
        for (a, b) in [("Pace", "Pact"), ("Анна", "Anna Li"), ("Bob1", "Bob2")] {
            assert!(!look_alike(a, b), "{a} and {b}");
        }
    }

    #[test]
    fn names_people_use_are_allowed() {
        for good in [
            "Bo",
            "Ada",
            "Zoé Ann",
            "Jean-Luc",
            "O'Brien",
            "Ørjan",
            "Анна",
            "李雷",
            "さくら",
            "김민준",
            "राम",
            "محمد",
            "Player 2",
            "bob_42",
        ] {
            assert_eq!(name_problem(good), None, "{good}");
        }
    }

    #[test]
    fn tricks_and_mistakes_are_refused_with_their_reason() {
        let cases = [
            ("A", NameProblem::TooShort),
            ("Abcdefghijklmnopqrstu", NameProblem::TooLong),
            (" Ada", NameProblem::Edge),
            ("Ada-", NameProblem::Edge),
            ("Ada  Lee", NameProblem::Doubled),
            ("Ad\u{200B}a", NameProblem::Invisible('\u{200B}')),
            ("Ada\u{202E}", NameProblem::Invisible('\u{202E}')),
            ("Ada!", NameProblem::NotAllowed('!')),
            ("Pаul", NameProblem::MixedScripts),
            ("Bob\u{2028}", NameProblem::Invisible('\u{2028}')),
        ];
        for (name, problem) in cases {
            assert_eq!(name_problem(name), Some(problem.clone()), "{name:?}");
            let refusal = validate_name(name).expect_err("refused");
            assert!(
                refusal.to_string().contains(&problem.to_string()),
                "{refusal}"
            );
        }
    }
}
