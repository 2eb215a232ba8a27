//! Puts the help pages (`help/` at the project's root) inside the program, so that an
//! installed game (`cargo install`) has them wherever it runs: writes a list of
//! `(file name, include_bytes!)` pairs for `src/help.rs` and reruns when a page changes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let help = manifest.join("../../help");
    println!("cargo:rerun-if-changed={}", help.display());
    let mut files = Vec::new();
    collect(&help, &help, &mut files);
    files.sort();
    let mut list = String::from("/// Every help file, by its path inside the help folder.\n");
    list.push_str("pub const PAGES: &[(&str, &[u8])] = &[\n");
    for (name, path) in &files {
        writeln!(list, "    ({name:?}, include_bytes!({path:?})),").expect("writes to a string");
    }
    list.push_str("];\n");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo"));
    fs::write(out.join("help_pages.rs"), list).expect("OUT_DIR is writable");
}

/// Adds every file under `dir` as (path relative to `root` with `/`, absolute path).
fn collect(root: &Path, dir: &Path, files: &mut Vec<(String, String)>) {
    let entries =
        fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a readable folder entry").path();
        if path.is_dir() {
            collect(root, &path, files);
        } else {
            let relative = path.strip_prefix(root).expect("under the help folder");
            let name = relative
                .components()
                .map(|part| part.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            let absolute = fs::canonicalize(&path).expect("an existing file");
            files.push((name, absolute.to_string_lossy().into_owned()));
        }
    }
}
