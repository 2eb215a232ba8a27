//! A saved online game hosted again: the players it names get their sides back as they
//! enter, and the game starts from its clocks as they stood, not from the base time.

use crate::common::{Client, quick_config, serve};
use ply_net::{ClientMsg, ClockSetup, GameSetup, Occupant, Resume};

#[test]
fn a_saved_game_starts_again_from_its_clocks_with_its_players_on_their_sides() {
    let relay = serve(quick_config());
    let setup = GameSetup {
        moves: vec!["e2e4".into(), "e7e5".into()],
        clock: Some(ClockSetup {
            base_ms: 300_000,
            increment_ms: 0,
        }),
        resume: Some(Box::new(Resume {
            left_ms: Some([123_000, 45_000]),
            players: [Some("Walter".into()), Some("Hostess".into())],
        })),
        ..GameSetup::new("chess")
    };
    let mut host = Client::host(relay.addr(), "Hostess", "", setup);
    let walter = Client::join(relay.addr(), "Walter", "");
    host.expect_lobby("both back on their sides", |view| {
        view.sides
            == [
                Occupant::Player("Walter".into()),
                Occupant::Player("Hostess".into()),
            ]
    });
    host.send(ClientMsg::Start);
    let game = host.expect_started();
    let left = game.clock.expect("timed").left_ms;
    assert_eq!(left[1], 45_000, "Black's clock stands still");
    assert!(
        (122_000..=123_000).contains(&left[0]),
        "White's clock starts from its saved time: {left:?}"
    );
    drop(walter);
}
