//! `plyground --help-images DIR`: draws every picture the help pages and the in-game
//! rules show (listed in `help_images`) with the game's own board in the window, and
//! saves each, cropped to its board, as DIR/NAME.png.

use crate::paint::Painter;
use macroquad::prelude::{get_screen_data, next_frame};
use plyground::display::Frame;
use plyground::geometry::Rect;
use plyground::help_images::{PICTURES, SIZE};
use plyground::theme;
use std::path::Path;

/// Renders every picture into `dir`; prints each file, or the first failure.
pub async fn render(painter: &Painter, dir: &Path) -> bool {
    if let Err(error) = std::fs::create_dir_all(dir) {
        eprintln!("cannot create {}: {error}", dir.display());
        return false;
    }
    for picture in PICTURES {
        let mut frame = Frame::default();
        let area = Rect::new(0.0, 0.0, SIZE, SIZE);
        frame.rect(area, theme::BACKGROUND);
        let bounds = match picture.draw(area, &mut frame) {
            Ok(bounds) => bounds,
            Err(error) => {
                eprintln!("{error}");
                return false;
            }
        };
        // A virtual display may need a frame or two before it shows what was drawn.
        for _ in 0..2 {
            painter.paint(&frame);
            next_frame().await;
        }
        painter.paint(&frame);
        let image = get_screen_data();
        let path = dir.join(format!("{}.png", picture.name));
        let saved = plyground::snapshot::write_png_region(
            &path,
            (u32::from(image.width), u32::from(image.height)),
            &image.bytes,
            bounds,
        );
        next_frame().await;
        match saved {
            Ok(()) => println!("{}", path.display()),
            Err(error) => {
                eprintln!("{error}");
                return false;
            }
        }
    }
    true
}
