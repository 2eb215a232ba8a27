//! Checks on screenshots: CI renders every screen under a virtual display and makes sure
//! the pictures are not blank.

use std::path::Path;

/// Why a screenshot could not be checked.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    /// The file is missing or not a PNG image.
    #[error("could not read the picture {path}: {reason}")]
    Unreadable {
        /// The file.
        path: String,
        /// What went wrong.
        reason: String,
    },
}

/// The number of distinct colours in a PNG file (counting stops at `limit`).
pub fn distinct_colours(path: &Path, limit: usize) -> Result<usize, SnapshotError> {
    let unreadable = |reason: String| SnapshotError::Unreadable {
        path: path.display().to_string(),
        reason,
    };
    let picture = image::open(path).map_err(|error| unreadable(error.to_string()))?;
    let mut seen = std::collections::HashSet::new();
    for pixel in picture.to_rgba8().pixels() {
        seen.insert(pixel.0);
        if seen.len() >= limit {
            break;
        }
    }
    Ok(seen.len())
}

/// Writes RGBA pixels stored bottom row first (as OpenGL reads them) to a PNG file.
pub fn write_png(
    path: &Path,
    width: u32,
    height: u32,
    bottom_up: &[u8],
) -> Result<(), SnapshotError> {
    let row = width as usize * 4;
    let mut top_down = Vec::with_capacity(bottom_up.len());
    for line in bottom_up.chunks(row).rev() {
        top_down.extend_from_slice(line);
    }
    image::save_buffer(path, &top_down, width, height, image::ColorType::Rgba8).map_err(|error| {
        SnapshotError::Unreadable {
            path: path.display().to_string(),
            reason: error.to_string(),
        }
    })
}
