//! The window's icon: the project's icon (`assets/icons`, drawn as `plyground.svg`),
//! decoded into the three sizes the window system asks for.

use image::ImageFormat;
use macroquad::miniquad::conf::Icon;

/// The icon at 16, 32 and 64 pixels, or `None` if a picture cannot be decoded (the
/// window then opens with the system's default icon).
pub fn window_icon() -> Option<Icon> {
    Some(Icon {
        small: rgba(include_bytes!("../../../assets/icons/plyground-16.png"))?,
        medium: rgba(include_bytes!("../../../assets/icons/plyground-32.png"))?,
        big: rgba(include_bytes!("../../../assets/icons/plyground-64.png"))?,
    })
}

/// A PNG's pixels as RGBA bytes, if it decodes to exactly `BYTES` of them.
fn rgba<const BYTES: usize>(png: &[u8]) -> Option<[u8; BYTES]> {
    let picture = image::load_from_memory_with_format(png, ImageFormat::Png).ok()?;
    picture.to_rgba8().into_raw().try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_of_the_icon_decodes() {
        let icon = window_icon().expect("the icon decodes");
        assert!(icon.big.chunks(4).any(|pixel| pixel[3] == 255));
    }
}
