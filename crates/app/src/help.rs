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

/// The page for a mode (`chess.html`), or the help home page for `None`; the folder
/// itself when the home page is missing.
pub fn page_path(mode_id: Option<&str>) -> Result<PathBuf, HelpError> {
    let dir = help_dir().ok_or(HelpError::NotFound)?;
    let page = match mode_id {
        Some(id) => dir.join(format!("{id}.html")),
        None => dir.join("index.html"),
    };
    if page.is_file() {
        Ok(page)
    } else if mode_id.is_none() {
        Ok(dir)
    } else {
        Err(HelpError::NotFound)
    }
}

/// Opens a help page in the system browser without waiting for it.
pub fn open_page(mode_id: Option<&str>) -> Result<(), HelpError> {
    let page = page_path(mode_id)?;
    open::that_detached(page)?;
    Ok(())
}
