//! Keeps `docs/ARCHITECTURE.md` true to the tree: every workspace member of the root
//! `Cargo.toml` and every folder under `crates/app/src` must be named on the page, in a
//! code span that starts with its path (`crates/play`, `screens/online/`, or the folder's
//! full path `crates/app/src/screens/online/`).

use std::fs;
use std::path::{Path, PathBuf};

/// The folder of the workspace (the parent of this crate's).
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate sits inside the workspace")
        .to_path_buf()
}

/// Reads a file of the workspace, by its path from the workspace's folder.
fn read(relative: &str) -> String {
    let path = workspace().join(relative);
    fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The `members` of the `[workspace]` table of a root manifest, comments left out.
fn workspace_members(manifest: &str) -> Vec<String> {
    let start = manifest
        .find("members")
        .expect("the root manifest lists its members");
    let list = &manifest[start..];
    let list = &list[list.find('[').expect("members are a list") + 1..];
    let list = &list[..list.find(']').expect("the members' list ends")];
    list.lines()
        .map(|line| line.split('#').next().unwrap_or_default())
        .flat_map(|line| line.split('"').skip(1).step_by(2))
        .map(str::to_string)
        .collect()
}

/// Every folder under `dir`, recursively, as a path from `base` ending in `/`.
fn folders(base: &Path, dir: &Path, found: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display())) {
        let path = entry.expect("a readable folder entry").path();
        if path.is_dir() {
            let relative = path.strip_prefix(base).expect("under the base");
            found.push(format!(
                "{}/",
                relative.to_string_lossy().replace('\\', "/")
            ));
            folders(base, &path, found);
        }
    }
}

/// The inline code spans of a Markdown page (text between single backquotes), outside
/// fenced code blocks.
fn code_spans(page: &str) -> Vec<&str> {
    let mut fenced = false;
    let mut spans = Vec::new();
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            spans.extend(line.split('`').skip(1).step_by(2));
        }
    }
    spans
}

/// Whether a code span names `path`: it is the path itself (with or without a final
/// `/`) or a path inside it.
fn names(span: &str, path: &str) -> bool {
    let path = path.trim_end_matches('/');
    span.trim_end_matches('/') == path || span.starts_with(&format!("{path}/"))
}

#[test]
fn the_architecture_page_names_every_crate_and_app_folder() {
    let page = read("docs/ARCHITECTURE.md");
    let spans = code_spans(&page);
    let named = |path: &str| spans.iter().any(|span| names(span, path));

    let members = workspace_members(&read("Cargo.toml"));
    assert!(
        members.iter().any(|member| member == "crates/app"),
        "the members were read from the root manifest: {members:?}"
    );
    let mut missing: Vec<String> = members
        .into_iter()
        .filter(|member| !named(member))
        .collect();

    let app_source = workspace().join("crates/app/src");
    let mut app_folders = Vec::new();
    folders(&app_source, &app_source, &mut app_folders);
    app_folders.sort();
    assert!(
        app_folders.iter().any(|folder| folder == "screens/game/"),
        "the app's folders were found, nested ones too: {app_folders:?}"
    );
    missing.extend(
        app_folders
            .into_iter()
            .filter(|folder| !named(folder) && !named(&format!("crates/app/src/{folder}"))),
    );

    assert!(
        missing.is_empty(),
        "docs/ARCHITECTURE.md does not name these (in a code span starting with the path): {missing:?}"
    );
}

#[test]
fn members_are_read_without_comments() {
    let manifest =
        "[workspace]\nmembers = [\n    \"crates/core\", # \"not/this\"\n    \"tests\",\n]\n";
    assert_eq!(workspace_members(manifest), ["crates/core", "tests"]);
}

#[test]
fn a_span_names_its_path_and_what_is_inside() {
    assert!(names("crates/play", "crates/play"));
    assert!(names("crates/play/src/computer.rs", "crates/play"));
    assert!(names("screens/online/", "screens/online/"));
    assert!(!names("crates/player", "crates/play"));
    assert!(!names("screens/", "screens/online/"));
}
