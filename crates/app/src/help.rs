//! Opens the HTML help pages of `help/` in the system browser.

use std::path::{Path, PathBuf};

/// Environment variable naming the help folder, when it is not beside the program.
pub const HELP_DIR_VARIABLE: &str = "PLYGROUND_HELP_DIR";

/// Why a help page could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum HelpError {
    /// The help pages are not installed where the program looks.
    #[error(
        "the help pages were not found (looked for a \"help\" folder here and beside the program)"
    )]
    NotFound,
    /// The browser could not be started.
    #[error("could not open the browser: {0}")]
    Browser(#[from] std::io::Error),
}

/// The help folder: `PLYGROUND_HELP_DIR`, else `help/` in the working folder or beside
/// the program (or any folder above it, which covers `cargo run`).
pub fn help_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(HELP_DIR_VARIABLE) {
        return Some(PathBuf::from(dir));
    }
    let mut places: Vec<PathBuf> = Vec::new();
    if let Ok(here) = std::env::current_dir() {
        places.push(here);
    }
    if let Ok(exe) = std::env::current_exe() {
        places.extend(exe.ancestors().skip(1).map(Path::to_path_buf));
    }
    places
        .into_iter()
        .map(|place| place.join("help"))
        .find(|dir| dir.is_dir())
}

/// The page for a mode (`chess.html`) or topic (`online.html`), or the help home page
/// for `None`; when that page is missing, the home page, and when that is missing too,
/// the folder itself, so a help button never leads nowhere.
pub fn page_path(page: Option<&str>) -> Result<PathBuf, HelpError> {
    let dir = help_dir().ok_or(HelpError::NotFound)?;
    let wanted = page.map(|id| dir.join(format!("{id}.html")));
    let home = dir.join("index.html");
    Ok(match wanted {
        Some(path) if path.is_file() => path,
        _ if home.is_file() => home,
        _ => dir,
    })
}

/// Opens a help page in the system browser without waiting for it.
pub fn open_page(page: Option<&str>) -> Result<(), HelpError> {
    let page = page_path(page)?;
    open::that_detached(page)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mode_has_its_help_page_and_missing_pages_fall_back() {
        let Some(dir) = help_dir() else {
            panic!("the help folder is found from the crate's folder");
        };
        for mode in ply_modes::MODES {
            let page = page_path(Some(mode.id)).expect("help folder exists");
            assert_eq!(
                page,
                dir.join(format!("{}.html", mode.id)),
                "page of {}",
                mode.id
            );
        }
        let fallback = page_path(Some("no-such-topic")).expect("help folder exists");
        assert!(fallback == dir.join("index.html") || fallback == dir);
    }
}
