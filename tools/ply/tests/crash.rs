//! Crashes as they happen: real `ply` processes killed with SIGKILL mid-game and started
//! again, over real loopback connections. A joiner comes back to the same seat,
//! position and clocks; a host on a relay comes back within the wait, and after it the
//! lobby is gone while both sides keep the game on disk; an opponent who stays away is
//! claimed against.

mod live;

use live::{Live, seat_and_start, start_game, start_relay};
use std::path::Path;

/// The saves in `home`'s save folder.
fn saves(home: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(home.join("saves"))
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .filter(|path| path.extension().is_some_and(|ext| ext == "ply"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_joiner_killed_mid_game_comes_back_to_the_same_seat_position_and_clocks() {
    let host_home = tempfile::tempdir().expect("a temporary folder");
    let guest_home = tempfile::tempdir().expect("a temporary folder");
    let mut host = Live::start_in(
        host_home.path(),
        &[
            "host",
            "--listen",
            "127.0.0.1:0",
            "--no-upnp",
            "--name",
            "Alice",
            "--clock",
            "5+0",
        ],
    );
    let addr = host.word_after("hosting on ");
    // Join only once the host's own lobby is open (before it, the server has none).
    host.expect("entered lobby");
    let join = ["join", addr.as_str(), "--name", "Bobby"];
    let mut guest = Live::start_in(guest_home.path(), &join);
    guest.expect("entered lobby");
    seat_and_start(&mut host, &mut guest);
    host.say("move e2e4");
    guest.expect("move 1 White: e2e4");
    guest.say("move e7e5");
    host.expect("move 2 Black: e7e5");
    guest.crash();
    host.expect("dropped: Bobby");
    host.say("move g1f3");
    host.expect("move 3 White: g1f3");

    // Without --rejoin the name is taken; with it, the seat kept on disk comes back.
    let stranger = Live::start_in(guest_home.path(), &join);
    let refused = stranger.finish();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("already taken"));
    let mut rejoin = join.to_vec();
    rejoin.push("--rejoin");
    let mut guest = Live::start_in(guest_home.path(), &rejoin);
    guest.expect("entered lobby");
    let game = guest.expect("game in progress: 3 moves played (clocks ");
    assert!(game.ends_with("e2e4 e7e5 g1f3"), "{game}");
    host.expect("rejoined: Bobby");
    guest.say("move b8c6");
    host.expect("move 4 Black: b8c6");
    guest.crash();
    host.crash();
}

#[test]
fn a_host_killed_on_a_relay_comes_back_within_the_wait_and_after_it_the_lobby_is_gone() {
    let relay_home = tempfile::tempdir().expect("a temporary folder");
    let host_home = tempfile::tempdir().expect("a temporary folder");
    let guest_home = tempfile::tempdir().expect("a temporary folder");
    let (relay, addr) = start_relay(relay_home.path(), &["--host-wait-secs", "3"]);
    let host_args = ["host", "--relay", addr.as_str(), "--name", "Alice"];
    let join_args = ["join", &addr, "--name", "Bobby"];
    let homes = [host_home.path(), guest_home.path()];
    let (mut host, mut guest) = start_game(homes, &host_args, &join_args);
    host.say("move d2d4");
    guest.expect("move 1 White: d2d4");
    host.crash();
    guest.expect("dropped: Alice");
    guest.expect("game saved to ");

    // Back within the wait: the same lobby, the game goes on.
    let mut rejoin = host_args.to_vec();
    rejoin.push("--rejoin");
    let mut host = Live::start_in(host_home.path(), &rejoin);
    host.expect("(host) token");
    host.expect("game in progress: 1 moves played");
    guest.expect("rejoined: Alice");
    guest.say("move d7d5");
    host.expect("move 2 Black: d7d5");
    host.say("move c2c4");
    guest.expect("move 3 White: c2c4");

    // Gone for longer than the wait: the lobby closes, and both keep the game.
    host.crash();
    guest.expect("dropped: Alice");
    guest.expect("closed: the host left");
    let guest_output = guest.finish();
    assert!(guest_output.status.success());
    assert!(!saves(guest_home.path()).is_empty());
    assert_eq!(
        saves(host_home.path()).len(),
        1,
        "the host's running save of the game"
    );
    let late = Live::start_in(host_home.path(), &rejoin);
    let refused = late.finish();
    assert!(String::from_utf8_lossy(&refused.stderr).contains("no lobby with code"));
    relay.crash();
}

#[test]
fn the_opponent_of_a_killed_player_claims_the_win_after_the_countdown() {
    let relay_home = tempfile::tempdir().expect("a temporary folder");
    let home = tempfile::tempdir().expect("a temporary folder");
    let (relay, addr) = start_relay(relay_home.path(), &["--claim-after-secs", "1"]);
    let host_args = ["host", "--relay", &addr, "--name", "Alice"];
    let join_args = ["join", &addr, "--name", "Bobby"];
    let (mut host, guest) = start_game([home.path(); 2], &host_args, &join_args);
    guest.crash();
    host.expect("dropped: Bobby (their opponent may claim the game after 1 s)");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        host.say("claim win");
        let answer = host.expect_any(&["game over", "refused"]);
        if answer.contains("game over") {
            assert!(answer.contains("White wins (abandoned)"), "{answer}");
            break;
        }
        assert!(answer.contains("you can claim in"), "{answer}");
        assert!(
            std::time::Instant::now() < deadline,
            "the claim was never allowed"
        );
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    host.crash();
    relay.crash();
}
