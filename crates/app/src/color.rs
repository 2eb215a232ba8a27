//! The colour every drawing is made with, below the display list, the 3D scenes and the
//! theme that all use it.

/// A colour with straight alpha, each channel from 0 to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgba(pub f32, pub f32, pub f32, pub f32);

impl Rgba {
    /// An opaque colour from 8-bit channels.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0)
    }

    /// The same colour with opacity `alpha`.
    pub const fn with_alpha(self, alpha: f32) -> Rgba {
        Rgba(self.0, self.1, self.2, alpha)
    }
}
