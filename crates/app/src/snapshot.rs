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

/// Writes the part `region` (in top-down window pixels) of RGBA pixels stored bottom row
/// first to a PNG file.
pub fn write_png_region(
    path: &Path,
    (width, height): (u32, u32),
    bottom_up: &[u8],
    region: crate::geometry::Rect,
) -> Result<(), SnapshotError> {
    let clamp = |value: f32, limit: u32| (value.round().max(0.0) as u32).min(limit);
    let (left, top) = (clamp(region.x, width), clamp(region.y, height));
    let (right, bottom) = (
        clamp(region.x + region.w, width),
        clamp(region.y + region.h, height),
    );
    let row = width as usize * 4;
    let mut picture = Vec::new();
    for y in top..bottom {
        let source = (height - 1 - y) as usize * row;
        let line = &bottom_up[source..source + row];
        picture.extend_from_slice(&line[left as usize * 4..right as usize * 4]);
    }
    image::save_buffer(
        path,
        &picture,
        right - left,
        bottom - top,
        image::ColorType::Rgba8,
    )
    .map_err(|error| SnapshotError::Unreadable {
        path: path.display().to_string(),
        reason: error.to_string(),
    })
}
