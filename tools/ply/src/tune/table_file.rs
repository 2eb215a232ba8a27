//! Writes a fitted weight table as the Rust source file the mode's evaluation compiles
//! in: one weight per line, named, under a header saying how it was made.

use std::io::Write;
use std::path::Path;

/// Writes `weights` (named by `names`) to `path`, with `summary` lines in the header.
/// The file is written beside its final place and renamed over it, so an interrupted
/// write never leaves half a table.
pub fn write_table(
    path: &Path,
    mode_name: &str,
    names: &[String],
    weights: &[i32],
    summary: &[String],
) -> Result<(), String> {
    let mut text = Vec::new();
    let failed = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    writeln!(
        text,
        "//! {mode_name}'s evaluation weights, fitted to game results by `ply tune fit`"
    )
    .map_err(failed)?;
    writeln!(text, "//! (Texel's method; see docs/tuning.md).").map_err(failed)?;
    for line in summary {
        writeln!(text, "//! {line}").map_err(failed)?;
    }
    writeln!(text).map_err(failed)?;
    writeln!(
        text,
        "/// The weights, in the order of the evaluation's terms."
    )
    .map_err(failed)?;
    writeln!(text, "pub(crate) const WEIGHTS: &[i32] = &[").map_err(failed)?;
    for (weight, name) in weights.iter().zip(names) {
        writeln!(text, "    {weight}, // {name}").map_err(failed)?;
    }
    writeln!(text, "];").map_err(failed)?;
    let partial = path.with_extension("rs.partial");
    std::fs::write(&partial, &text).map_err(failed)?;
    std::fs::rename(&partial, path).map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_names_every_weight() {
        let folder = tempfile::tempdir().expect("temporary folder");
        let path = folder.path().join("weights.rs");
        let names = vec!["pawn.middle".to_string(), "pawn.end".to_string()];
        write_table(
            &path,
            "Chess",
            &names,
            &[82, -4],
            &["1000 positions".into()],
        )
        .expect("written");
        let text = std::fs::read_to_string(&path).expect("read back");
        assert!(text.starts_with("//! Chess's evaluation weights"));
        assert!(text.contains("//! 1000 positions\n"));
        assert!(text.contains("    82, // pawn.middle\n    -4, // pawn.end\n];\n"));
        assert!(!path.with_extension("rs.partial").exists());
    }
}
