//! How large the player's screen is, asked before the window opens, so that the window
//! never starts larger than the screen and settings offer only sizes that fit. The
//! window library does not say; on Linux the X server does (its RandR monitors, the
//! primary one first), elsewhere the size is unknown and every size is offered.

/// The size of the screen the window opens on, in pixels, when it can be learned.
#[cfg(target_os = "linux")]
pub fn screen_size() -> Option<(u32, u32)> {
    use x11rb::connection::Connection;
    use x11rb::protocol::randr::ConnectionExt;

    let (connection, screen_number) = x11rb::connect(None).ok()?;
    let root = connection.setup().roots.get(screen_number)?;
    let whole = (
        u32::from(root.width_in_pixels),
        u32::from(root.height_in_pixels),
    );
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
    Some(chosen.unwrap_or(whole)).filter(|&(w, h)| w > 0 && h > 0)
}

/// The size of the screen the window opens on: unknown on this system.
#[cfg(not(target_os = "linux"))]
pub fn screen_size() -> Option<(u32, u32)> {
    None
}
