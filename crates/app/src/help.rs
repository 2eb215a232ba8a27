//! The HTML help pages: carried inside the program (so an installed game has them
//! wherever it runs), written out to the data folder when a page is first asked for, and
//! opened in the system browser.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/help_pages.rs"));

/// Environment variable naming the folder the help pages are written to and opened
/// from, instead of `help/VERSION` in the system's data folder.
pub const HELP_DIR_VARIABLE: &str = "PLYGROUND_HELP_DIR";

/// Why a help page could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum HelpError {
    /// The system names no data folder to put the pages in.
    #[error("the help pages have no place to go: this system names no data folder")]
    NoDataFolder,
    /// A page could not be written out.
    #[error("the help pages could not be written to {}: {error}", .path.display())]
    Write {
        /// The file that could not be written.
        path: PathBuf,
        /// What went wrong.
        error: io::Error,
    },
    /// No browser could be started; the page is there to open by hand.
    #[error("no web browser could be opened; the help page is {}", .page.display())]
    NoBrowser {
        /// The page that was to be shown.
        page: PathBuf,
    },
}

/// The folder the help pages are opened from: `PLYGROUND_HELP_DIR`, else
/// `help/VERSION` in the system's data folder (`~/.local/share/plyground` on Linux).
pub fn help_dir() -> Result<PathBuf, HelpError> {
    if let Some(dir) = std::env::var_os(HELP_DIR_VARIABLE) {
        return Ok(PathBuf::from(dir));
    }
    let dirs =
        directories::ProjectDirs::from("", "", "Plyground").ok_or(HelpError::NoDataFolder)?;
    Ok(dirs.data_dir().join("help").join(env!("CARGO_PKG_VERSION")))
}

/// Writes every help file into `dir` where it is missing or differs from the program's
/// own copy, so the pages shown always match this version of the game.
pub fn write_pages(dir: &Path) -> Result<(), HelpError> {
    for (name, bytes) in PAGES {
        let path = dir.join(name);
        if fs::read(&path).is_ok_and(|found| found == *bytes) {
            continue;
        }
        let written = match path.parent() {
            Some(parent) => fs::create_dir_all(parent).and_then(|()| fs::write(&path, bytes)),
            None => fs::write(&path, bytes),
        };
        written.map_err(|error| HelpError::Write { path, error })?;
    }
    Ok(())
}

/// The page for a mode (`chess`) or topic (`online`), or the help home page for `None`
/// or a page the program does not carry, so a help button never leads nowhere.
pub fn page_name(page: Option<&str>) -> &'static str {
    let wanted = page.map(|id| format!("{id}.html"));
    PAGES
        .iter()
        .map(|(name, _)| *name)
        .find(|name| wanted.as_deref() == Some(*name))
        .unwrap_or("index.html")
}

/// Writes the pages out and returns the file of `page` (see [`page_name`]).
pub fn installed_page(page: Option<&str>) -> Result<PathBuf, HelpError> {
    let dir = help_dir()?;
    write_pages(&dir)?;
    Ok(dir.join(page_name(page)))
}

/// Opens a help page in the system browser without waiting for it; returns the page's
/// file, so the player can be told where it is.
pub fn open_page(page: Option<&str>) -> Result<PathBuf, HelpError> {
    let page = installed_page(page)?;
    match open::that_detached(&page) {
        Ok(()) => Ok(page),
        Err(_) => Err(HelpError::NoBrowser { page }),
    }
}

/// One paragraph of a help page's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paragraph {
    /// A heading (the page's title or a section's), not running text.
    pub heading: bool,
    /// The words, without markup (list items start with a bullet; a picture's
    /// caption).
    pub text: String,
    /// The board picture shown with the words (a name from
    /// [`help_images::PICTURES`](crate::help_images::PICTURES)), if any.
    pub picture: Option<&'static str>,
}

/// The readable text of a carried page (`chess` for `chess.html`), as paragraphs:
/// headings, paragraphs and list items, without markup, for showing the rules inside
/// the game. `None` when the program carries no such page.
pub fn page_text(page: &str) -> Option<Vec<Paragraph>> {
    let wanted = format!("{page}.html");
    let (_, bytes) = PAGES.iter().find(|(name, _)| *name == wanted)?;
    let html = std::str::from_utf8(bytes).ok()?;
    let body = html.split_once("<main>").map_or(html, |(_, rest)| rest);
    let mut paragraphs = Vec::new();
    for (open, close) in [
        ("<h1", "</h1>"),
        ("<h2", "</h2>"),
        ("<p", "</p>"),
        ("<li", "</li>"),
        ("<img", ">"),
    ] {
        let mut rest = body;
        while let Some(start) = rest.find(open) {
            let after = &rest[start..];
            let Some(end) = after.find(close) else { break };
            let inner = &after[..end];
            let text = if open == "<img" {
                inner[open.len()..].to_string()
            } else {
                plain_text(inner.split_once('>').map_or("", |(_, text)| text))
            };
            paragraphs.push((body.len() - after.len(), open, text));
            rest = &after[end + close.len()..];
        }
    }
    paragraphs.sort_by_key(|(at, _, _)| *at);
    Some(
        paragraphs
            .into_iter()
            .filter(|(_, _, text)| !text.is_empty())
            .filter(|(_, _, text)| !text.starts_with("On this page"))
            .filter_map(|(_, tag, text)| {
                if tag == "<img" {
                    return picture_paragraph(&text);
                }
                Some(Paragraph {
                    heading: tag == "<h1" || tag == "<h2",
                    text: if tag == "<li" {
                        format!("• {text}")
                    } else {
                        text
                    },
                    picture: None,
                })
            })
            .collect(),
    )
}

/// A board picture of the help pages, from the inside of its `<img` tag
/// (`src="img/NAME.png" alt="CAPTION"`): the picture and its caption, or `None` for a
/// picture the game does not draw (a screenshot).
fn picture_paragraph(tag: &str) -> Option<Paragraph> {
    let attribute = |name: &str| {
        let start = tag.find(&format!("{name}=\""))? + name.len() + 2;
        let end = tag[start..].find('"')? + start;
        Some(&tag[start..end])
    };
    let name = attribute("src")?
        .strip_prefix("img/")?
        .strip_suffix(".png")?;
    let picture = crate::help_images::find(name)?;
    Some(Paragraph {
        heading: false,
        text: attribute("alt").unwrap_or_default().to_string(),
        picture: Some(picture.name),
    })
}

/// Text without tags and with its entities decoded, on one line.
fn plain_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = html_escape::decode_html_entities(&text).replace('\u{FE0E}', "");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mode_has_its_help_page_and_unknown_pages_fall_back_home() {
        for mode in ply_modes::MODES {
            assert_eq!(page_name(Some(mode.id)), format!("{}.html", mode.id));
        }
        assert_eq!(page_name(Some("no-such-topic")), "index.html");
        assert_eq!(page_name(None), "index.html");
    }

    #[test]
    fn pages_are_written_out_and_mended_when_changed() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        write_pages(dir.path()).expect("writes");
        for (name, bytes) in PAGES {
            assert_eq!(fs::read(dir.path().join(name)).expect("written"), *bytes);
        }
        let chess = dir.path().join("chess.html");
        fs::write(&chess, "stale").expect("overwrites");
        write_pages(dir.path()).expect("writes again");
        assert_ne!(fs::read(&chess).expect("there"), b"stale");
    }

    #[test]
    fn the_home_page_and_its_style_are_carried() {
        let names: Vec<&str> = PAGES.iter().map(|(name, _)| *name).collect();
        assert!(names.contains(&"index.html"), "{names:?}");
        assert!(names.contains(&"style.css"), "{names:?}");
    }

    #[test]
    fn a_modes_page_reads_as_plain_paragraphs() {
        let chess = page_text("chess").expect("carried");
        assert_eq!(chess[0].text, "Chess");
        assert!(chess[0].heading);
        assert!(
            chess
                .iter()
                .any(|p| !p.heading && p.text.contains("checkmate"))
        );
        assert!(
            chess
                .iter()
                .all(|p| !p.text.contains('<') && !p.text.contains("&amp;"))
        );
        assert!(chess.iter().any(|p| p.text.starts_with("• ")));
        assert!(page_text("no-such-page").is_none());
    }

    #[test]
    fn every_page_reads_without_entities() {
        for page in PAGES.iter().map(|(name, _)| name.trim_end_matches(".html")) {
            for paragraph in page_text(page).unwrap_or_default() {
                let text = &paragraph.text;
                let entity = text
                    .find('&')
                    .filter(|&at| text[at..].find(';').is_some_and(|end| end < 10));
                assert!(entity.is_none(), "{page}: an entity is left in {text:?}");
            }
        }
    }

    #[test]
    fn the_rules_carry_the_help_pages_board_pictures() {
        for (page, picture) in [
            ("chess", "chess-castling"),
            ("checkers", "checkers-multi-jump"),
            ("hnefatafl", "tafl-shieldwall"),
            ("connect4", "connect4-diagonal-up"),
        ] {
            let paragraphs = page_text(page).expect("carried");
            let shown = paragraphs
                .iter()
                .find(|p| p.picture == Some(picture))
                .unwrap_or_else(|| panic!("{page} lacks {picture}"));
            assert!(!shown.text.is_empty(), "{picture} has a caption");
        }
        let online = page_text("online").expect("carried");
        assert!(
            online.iter().all(|p| p.picture.is_none()),
            "screenshots stay out"
        );
    }

    #[test]
    fn without_a_browser_the_message_says_where_the_page_is() {
        let page = PathBuf::from("/home/ada/.local/share/plyground/help/0.1.0/chess.html");
        let message = HelpError::NoBrowser { page: page.clone() }.to_string();
        assert!(message.contains(&page.display().to_string()), "{message}");
        assert!(
            message.starts_with("no web browser could be opened"),
            "{message}"
        );
        assert!(!message.contains("ExitStatus"), "{message}");
    }
}
