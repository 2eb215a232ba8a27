//! Messages for the player, each with a kind (information, success, warning, error) so
//! that it is shown in a matching colour and a success never looks like a failure.

/// What kind of news a message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// Something the player may like to know.
    Info,
    /// Something the player asked for was done.
    Success,
    /// Something needs the player's attention, but nothing failed.
    Warning,
    /// Something the player asked for could not be done.
    Error,
}

/// A short message for the player, in a player's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Its kind.
    pub kind: MessageKind,
    /// What it says.
    pub text: String,
}

impl Message {
    /// A message of `kind` saying `text`.
    pub fn new(kind: MessageKind, text: impl Into<String>) -> Message {
        Message {
            kind,
            text: text.into(),
        }
    }

    /// Information.
    pub fn info(text: impl Into<String>) -> Message {
        Message::new(MessageKind::Info, text)
    }

    /// A success.
    pub fn success(text: impl Into<String>) -> Message {
        Message::new(MessageKind::Success, text)
    }

    /// A warning.
    pub fn warning(text: impl Into<String>) -> Message {
        Message::new(MessageKind::Warning, text)
    }

    /// An error.
    pub fn error(text: impl Into<String>) -> Message {
        Message::new(MessageKind::Error, text)
    }

    /// A warning made of an error's text (which starts small and has no full stop),
    /// written as a sentence.
    pub fn warning_sentence(problem: &impl std::fmt::Display) -> Message {
        let text = problem.to_string();
        let mut letters = text.chars();
        let first: String = letters
            .next()
            .map(char::to_uppercase)
            .into_iter()
            .flatten()
            .collect();
        let end = if text.ends_with('.') { "" } else { "." };
        Message::warning(format!("{first}{}{end}", letters.as_str()))
    }
}
