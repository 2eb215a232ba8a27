//! How large the player's screen is, asked before the window opens, so that the window
//! never starts larger than the screen and settings offer only sizes that fit. The
//! window library does not say; on Linux the X server does (its RandR monitors, the
//! primary one first), elsewhere the size is unknown and every size is offered.

/// The answer about the screen, holding what must stay open while the game runs.
pub struct ScreenQuery {
    /// The size of the screen the window opens on, in pixels, when it could be learned.
    pub size: Option<(u32, u32)>,
    /// The connection the question was asked on, kept open: closing the only client
    /// of a freshly started X server makes it reset, and the window's own connection,
    /// made a moment later, would then fail.
    #[cfg(target_os = "linux")]
    _connection: Option<x11rb::rust_connection::RustConnection>,
}

/// Asks how large the screen the window opens on is.
#[cfg(target_os = "linux")]
pub fn ask_screen() -> ScreenQuery {
    use x11rb::connection::Connection;
    use x11rb::protocol::randr::ConnectionExt;

    let Ok((connection, screen_number)) = x11rb::connect(None) else {
        return ScreenQuery {
            size: None,
            _connection: None,
        };
    };
    let size = connection
        .setup()
        .roots
        .get(screen_number)
        .and_then(|root| {
            let monitors = connection
                .randr_get_monitors(root.root, true)
                .ok()
                .and_then(|cookie| cookie.reply().ok())
                .map(|reply| reply.monitors)
                .unwrap_or_default();
            let chosen = monitors
                .iter()
                .find(|monitor| monitor.primary)
                .or_else(|| monitors.first())
                .map(|monitor| (u32::from(monitor.width), u32::from(monitor.height)));
            let whole = (
                u32::from(root.width_in_pixels),
                u32::from(root.height_in_pixels),
            );
            Some(chosen.unwrap_or(whole)).filter(|&(w, h)| w > 0 && h > 0)
        });
    ScreenQuery {
        size,
        _connection: Some(connection),
    }
}

/// Asks how large the screen the window opens on is: unknown on this system.
#[cfg(not(target_os = "linux"))]
pub fn ask_screen() -> ScreenQuery {
    ScreenQuery { size: None }
}
