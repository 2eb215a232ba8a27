//! Coming back can never lock anyone out, with real `ply` processes over loopback: a
//! host killed on a relay and started again is back in its own game; a joiner killed
//! and started again with another spelling of the address takes its seat back; a relay
//! killed mid-game and started again with its store has both players and a spectator
//! back by themselves, game and clocks intact; a connection cut for 5 s heals with the
//! player seeing nothing but "reconnecting"; and an online game's save hosted again
//! brings back both clocks and both players.

mod cut;
mod live;

use cut::Proxy;
use live::{Live, start_game, start_relay};
use std::path::Path;
use std::time::Duration;
use tempfile::TempDir;

/// Fresh folders for the relay, the host (Alice) and the guest (Bobby).
fn homes() -> [TempDir; 3] {
    [(); 3].map(|()| tempfile::tempdir().expect("a temporary folder"))
}

/// Kills every process in `lives`.
fn crash_all<const N: usize>(lives: [Live; N]) {
    for live in lives {
        live.crash();
    }
}

/// Bobby, back in a game of one move, answers it with `reply`, as Alice sees.
fn bobby_plays_on(host: &mut Live, guest: &mut Live, reply: &str) {
    guest.expect("game in progress: 1 moves played");
    host.expect("rejoined: Bobby");
    guest.say(&format!("move {reply}"));
    host.expect(&format!("move 2 Black: {reply}"));
}

/// The seats kept in `home`.
fn kept_seats(home: &Path) -> usize {
    std::fs::read_dir(home.join("rejoin")).map_or(0, |entries| {
        entries
            .filter_map(Result::ok)
            .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "toml"))
            .count()
    })
}

/// White's and Black's time left, in tenths of a second, from a line with "(clocks
/// m:ss.t / m:ss.t)".
fn clocks(line: &str) -> [u64; 2] {
    let shown = line.split_once("(clocks ").expect("clocks").1;
    let shown = shown.split(')').next().expect("the clocks");
    let (white, black) = shown.split_once(" / ").expect("two clocks");
    [tenths(white), tenths(black)]
}

/// "m:ss.t" in tenths of a second.
fn tenths(clock: &str) -> u64 {
    let (minutes, seconds) = clock.split_once(':').expect("minutes and seconds");
    let (seconds, tenths) = seconds.split_once('.').expect("tenths");
    let number = |text: &str| text.parse::<u64>().expect("a number");
    number(minutes) * 600 + number(seconds) * 10 + number(tenths)
}

#[test]
fn a_host_killed_on_a_relay_who_hosts_again_is_back_in_its_own_game() {
    let [relay_home, host_home, guest_home] = homes();
    let (relay, addr) = start_relay(relay_home.path(), &[]);
    let host_args = [
        "host",
        "--relay",
        &addr,
        "--name",
        "Alice",
        "--password",
        "pw",
    ];
    let join = ["join", &addr, "--name", "Bobby", "--password", "pw"];
    let (mut host, mut guest) =
        start_game([host_home.path(), guest_home.path()], &host_args, &join);
    host.say("move d2d4");
    guest.expect("move 1 White: d2d4");
    host.crash();
    guest.expect("dropped: Alice");

    // Hosting again, as anyone would: back in the same lobby and game, not a second one.
    let mut host = Live::start_in(host_home.path(), &host_args);
    host.expect("(host) token");
    host.expect("game in progress: 1 moves played");
    guest.expect("rejoined: Alice");
    guest.say("move d7d5");
    host.expect("move 2 Black: d7d5");
    assert_eq!(kept_seats(host_home.path()), 1, "a second lobby was kept");
    // The host back answers friends with the password.
    let friend_home = tempfile::tempdir().expect("a temporary folder");
    let friend = ["join", &addr, "--name", "Carol", "--password", "pw"];
    let mut friend = Live::start_in(friend_home.path(), &friend);
    friend.expect("entered lobby");
    friend.expect("game in progress: 2 moves played");
    crash_all([friend, guest, host, relay]);
}

#[test]
fn a_joiner_killed_takes_its_seat_back_with_the_address_typed_differently() {
    let [relay_home, host_home, guest_home] = homes();
    let (relay, addr) = start_relay(relay_home.path(), &[]);
    let mut host = Live::start_in(
        host_home.path(),
        &[
            "host",
            "--relay",
            &addr,
            "--name",
            "Alice",
            "--password",
            "pw",
        ],
    );
    let code = host.word_after("invite code: ");
    let mut guest = Live::start_in(guest_home.path(), &["join", &code, "--name", "Bobby"]);
    guest.expect("entered lobby");
    live::seat_and_start(&mut host, &mut guest);
    host.say("move e2e4");
    guest.expect("move 1 White: e2e4");
    guest.crash();
    host.expect("dropped: Bobby");

    // The invite code named 127.0.0.1; this time the player types localhost.
    let port = addr.rsplit_once(':').expect("a port").1;
    let typed = format!("localhost:{port}");
    let mut guest = Live::start_in(
        guest_home.path(),
        &["join", &typed, "--name", "Bobby", "--rejoin"],
    );
    bobby_plays_on(&mut host, &mut guest, "e7e5");
    crash_all([guest, host, relay]);
}

#[test]
fn a_relay_killed_mid_game_and_started_again_has_everyone_back_by_themselves() {
    let [relay_home, host_home, guest_home] = homes();
    let watcher_home = tempfile::tempdir().expect("a temporary folder");
    let store = relay_home.path().join("relay.db");
    let store = store.to_str().expect("a path");
    let (relay, addr) = start_relay(relay_home.path(), &["--store", store]);
    let (mut host, mut guest) = start_game(
        [host_home.path(), guest_home.path()],
        &[
            "host", "--relay", &addr, "--name", "Alice", "--clock", "5+0",
        ],
        &["join", &addr, "--name", "Bobby"],
    );
    let mut watcher = Live::start_in(watcher_home.path(), &["join", &addr, "--name", "Carol"]);
    watcher.expect("game in progress");
    host.say("move e2e4");
    guest.expect("move 1 White: e2e4");
    guest.say("move e7e5");
    host.expect("move 2 Black: e7e5");
    host.say("move g1f3");
    let [_, before] = clocks(&guest.expect("move 3 White: g1f3"));
    watcher.expect("move 3 White: g1f3");

    relay.crash();
    for live in [&mut host, &mut guest, &mut watcher] {
        live.expect("reconnecting");
    }
    std::thread::sleep(Duration::from_secs(2));
    let relay = Live::start_in(
        relay_home.path(),
        &["relay", "--listen", &addr, "--store", store],
    );
    for live in [&mut host, &mut guest, &mut watcher] {
        live.expect("reconnected: back in lobby");
    }
    let [_, after] = clocks(&guest.expect("game in progress: 3 moves played"));
    assert!(
        before.abs_diff(after) <= 10,
        "Black's clock moved from {before} to {after} tenths over the restart"
    );
    guest.say("move b8c6");
    host.expect("move 4 Black: b8c6");
    watcher.expect("move 4 Black: b8c6");
    crash_all([watcher, guest, host, relay]);
}

#[test]
fn a_connection_cut_for_five_seconds_heals_with_the_player_seeing_only_reconnecting() {
    let [relay_home, host_home, guest_home] = homes();
    let (relay, addr) = start_relay(relay_home.path(), &[]);
    let proxy = Proxy::to(addr.parse().expect("an address"));
    let through = proxy.addr.to_string();
    let (mut host, mut guest) = start_game(
        [host_home.path(), guest_home.path()],
        &["host", "--relay", &addr, "--name", "Alice"],
        &["join", &through, "--name", "Bobby"],
    );
    host.say("move c2c4");
    guest.expect("move 1 White: c2c4");

    proxy.cut_for(Duration::from_secs(5));
    host.expect("dropped: Bobby");
    let meanwhile = guest.lines_until("reconnected: back in lobby");
    let (last, said) = meanwhile.split_last().expect("a line");
    assert!(
        !said.is_empty() && said.iter().all(|line| line.starts_with("reconnecting (")),
        "the player saw more than reconnecting: {meanwhile:#?}"
    );
    assert!(last.contains("as Bobby"), "{last}");
    bobby_plays_on(&mut host, &mut guest, "e7e5");
    crash_all([guest, host, relay]);
}

#[test]
fn an_online_save_hosted_again_brings_back_both_clocks_and_both_players() {
    let [relay_home, host_home, guest_home] = homes();
    let (relay, addr) = start_relay(relay_home.path(), &[]);
    let (mut host, mut guest) = start_game(
        [host_home.path(), guest_home.path()],
        &[
            "host", "--relay", &addr, "--name", "Alice", "--clock", "5+0",
        ],
        &["join", &addr, "--name", "Bobby"],
    );
    host.say("move e2e4");
    guest.expect("move 1 White: e2e4");
    guest.say("move e7e5");
    host.expect("move 2 Black: e7e5");
    // White thinks a while: its clock is no longer the base time.
    std::thread::sleep(Duration::from_millis(1500));
    host.say("move g1f3");
    let line = host.expect("move 3 White: g1f3");
    let [white, _] = clocks(&line);
    assert!(white < 2990, "{line}");
    // The host answers events in order: once its chat comes back, move 3 is saved.
    host.say("chat saved");
    host.expect("chat Alice: saved");
    crash_all([guest, host, relay]);

    // Hosted again from the host's save of it, elsewhere: both clocks and both players.
    let save = std::fs::read_dir(host_home.path().join("saves"))
        .expect("the saves")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|path| path.extension().is_some_and(|ext| ext == "ply"))
        .expect("the online game's save");
    let (relay, addr) = start_relay(relay_home.path(), &[]);
    let save = save.to_str().expect("a path");
    let host_args = ["host", "--relay", &addr, "--name", "Alice", "--save", save];
    let mut host = Live::start_in(host_home.path(), &host_args);
    host.expect("entered lobby");
    let mut guest = Live::start_in(guest_home.path(), &["join", &addr, "--name", "Bobby"]);
    guest.expect("entered lobby");
    host.expect("White: Alice; Black: Bobby");
    host.say("start");
    let started = guest.expect("game started: chess, 3 moves already played (clocks ");
    let [white_then, black_then] = clocks(&started);
    assert!(white_then.abs_diff(white) <= 2, "{line} then {started}");
    assert!(3000 - black_then <= 2, "{started}");
    guest.say("move b8c6");
    host.expect("move 4 Black: b8c6");
    crash_all([guest, host, relay]);
}
