//! Keeping an online game on disk: written after every move, and kept titled as lost
//! when touch with it is lost (the connection drops, the lobby closes, or the host or a
//! player drops out), so it can be resumed even if the host never comes back.

use ply_modes::find_mode;
use ply_net::{CloseReason, Mirror, NetEvent, Occupant, ServerMsg};
use ply_save::{Controller, SavedClock, SavedGame, Seat};

/// Whether `event` cuts this client off from a game in progress, or takes away its
/// host or one of its players.
pub fn lost_touch(event: &NetEvent, mirror: &Mirror) -> bool {
    let unfinished = mirror
        .game()
        .is_some_and(|game| game.outcome().is_none() && !game.moves().is_empty())
        && mirror.outcome().is_none();
    if !unfinished {
        return false;
    }
    match event {
        NetEvent::Closed(reason) => matches!(
            reason,
            CloseReason::Lost(_) | CloseReason::HostLeft | CloseReason::ServerClosing
        ),
        NetEvent::Message(ServerMsg::PlayerDropped { name }) => {
            let plays = mirror
                .sides()
                .is_some_and(|sides| sides.contains(&Occupant::Player(name.clone())));
            let hosts = mirror.lobby().is_some_and(|lobby| {
                lobby
                    .players
                    .iter()
                    .any(|player| player.host && player.name == *name)
            });
            plays || hosts
        }
        _ => false,
    }
}

/// Whether `event` moved the game in progress on (or brought this client into one), so
/// its save should be written again.
pub fn moved_on(event: &NetEvent, mirror: &Mirror) -> bool {
    let playing = mirror.in_game() && mirror.game().is_some_and(|game| !game.moves().is_empty());
    playing
        && (event.entered().is_some()
            || matches!(
                event,
                NetEvent::Message(ServerMsg::MovePlayed { .. } | ServerMsg::GameStarted(_))
            ))
}

/// The game in progress as a save (`None` when there is none).
pub fn saved_game(mirror: &Mirror) -> Option<SavedGame> {
    let (game, _) = (mirror.game()?, mirror.sides()?);
    let seats: Vec<Seat> = ply_core::Player::BOTH
        .into_iter()
        .map(|side| Seat {
            name: mirror
                .side_label(side)
                .unwrap_or_else(|| game.side_name(side).to_string()),
            controller: Controller::Person,
            side,
        })
        .collect();
    let mode = find_mode(game.mode_id()).map_or(game.mode_id(), |mode| mode.name);
    let title = format!("{mode}: {} v {}", seats[0].name, seats[1].name);
    let mut saved = SavedGame::new(title, seats, game.clone_box());
    saved.clock = mirror.clock().and_then(|clock| {
        Some(SavedClock {
            control: clock.setup.control().ok()?,
            left: mirror.clock_left_now()?,
            after_moves: Vec::new(),
        })
    });
    Some(saved)
}
