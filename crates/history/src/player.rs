//! Who "the player" of a game is: the person whose history this is, so that a game can
//! count as their win, draw or loss. Decided once, when the game is stored.

use ply_core::Player;
use ply_save::{Controller, Seat};

/// The player's side of a game with these seats: the side the caller says was played
/// from this program; else the one side a person with one of the player's `names`
/// played (letter case and surrounding spaces aside); else the one side a person
/// played. `None` when none of these tells (people taking turns at one computer under
/// other names, or the computer against itself): the game is listed, but counts for
/// nobody.
pub(crate) fn player_side(seats: &[Seat], you: Option<Player>, names: &[String]) -> Option<Player> {
    if you.is_some() {
        return you;
    }
    let people = |side: Player| {
        seats
            .iter()
            .filter(move |seat| seat.side == side && seat.controller == Controller::Person)
    };
    let only = |sides: Vec<Player>| match sides.as_slice() {
        [side] => Some(*side),
        _ => None,
    };
    let named: Vec<Player> = Player::BOTH
        .into_iter()
        .filter(|&side| {
            people(side).any(|seat| names.iter().any(|name| same_name(name, &seat.name)))
        })
        .collect();
    if !named.is_empty() {
        return only(named);
    }
    only(
        Player::BOTH
            .into_iter()
            .filter(|&side| people(side).next().is_some())
            .collect(),
    )
}

/// Whether two names are the same person's, letter case and surrounding spaces aside.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_modes::Level;

    fn seat(name: &str, controller: Controller, side: Player) -> Seat {
        Seat {
            name: name.to_string(),
            controller,
            side,
        }
    }

    #[test]
    fn the_caller_then_the_name_then_the_only_person_decides() {
        let against_computer = [
            seat(
                "Computer",
                Controller::Computer(Level::at(4)),
                Player::First,
            ),
            seat("Ann", Controller::Person, Player::Second),
        ];
        assert_eq!(
            player_side(&against_computer, None, &[]),
            Some(Player::Second)
        );
        assert_eq!(
            player_side(&against_computer, Some(Player::First), &[]),
            Some(Player::First)
        );
        let two_people = [
            seat("Ann", Controller::Person, Player::First),
            seat("Bob", Controller::Person, Player::Second),
        ];
        assert_eq!(player_side(&two_people, None, &[]), None);
        let names = [" bob ".to_string()];
        assert_eq!(player_side(&two_people, None, &names), Some(Player::Second));
        let same_names = [
            seat("Bob", Controller::Person, Player::First),
            seat("BOB", Controller::Person, Player::Second),
        ];
        assert_eq!(player_side(&same_names, None, &names), None);
        let computers = [
            seat("Bob", Controller::Computer(Level::at(7)), Player::First),
            seat(
                "Computer",
                Controller::Computer(Level::at(4)),
                Player::Second,
            ),
        ];
        assert_eq!(player_side(&computers, None, &names), None);
    }
}
