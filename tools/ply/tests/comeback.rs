//! Coming back can never lock anyone out, with real `ply` processes over loopback: a
//! host killed on a relay and started again is back in its own game; a joiner killed
//! and started again with another spelling of the address takes its seat back; a relay
//! killed mid-game and started again with its store has both players and a spectator
//! back by themselves, game and clocks intact; a connection cut for 5 s heals with the
//! player seeing nothing but "reconnecting".

mod live;

use live::{Live, seat_and_start};
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A relay on a free loopback port; returns it with its address.
fn relay_in(home: &Path, more: &[&str]) -> (Live, String) {
    let mut args = vec!["relay", "--listen", "127.0.0.1:0"];
    args.extend_from_slice(more);
    let mut relay = Live::start_in(home, &args);
    let addr = relay.word_after("relay listening on ");
    (relay, addr)
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

#[test]
fn a_host_killed_on_a_relay_who_hosts_again_is_back_in_its_own_game() {
    let relay_home = tempfile::tempdir().expect("a temporary folder");
    let host_home = tempfile::tempdir().expect("a temporary folder");
    let guest_home = tempfile::tempdir().expect("a temporary folder");
    let (relay, addr) = relay_in(relay_home.path(), &[]);
    let host_args = [
        "host",
        "--relay",
        &addr,
        "--name",
        "Alice",
        "--password",
        "pw",
    ];
    let mut host = Live::start_in(host_home.path(), &host_args);
    host.expect("entered lobby");
    let join = ["join", &addr, "--name", "Bobby", "--password", "pw"];
    let mut guest = Live::start_in(guest_home.path(), &join);
    guest.expect("entered lobby");
    seat_and_start(&mut host, &mut guest);
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
    for live in [friend, guest, host, relay] {
        live.crash();
    }
}

#[test]
fn a_joiner_killed_takes_its_seat_back_with_the_address_typed_differently() {
    let relay_home = tempfile::tempdir().expect("a temporary folder");
    let host_home = tempfile::tempdir().expect("a temporary folder");
    let guest_home = tempfile::tempdir().expect("a temporary folder");
    let (relay, addr) = relay_in(relay_home.path(), &[]);
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
    seat_and_start(&mut host, &mut guest);
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
    guest.expect("game in progress: 1 moves played");
    host.expect("rejoined: Bobby");
    guest.say("move e7e5");
    host.expect("move 2 Black: e7e5");
    for live in [guest, host, relay] {
        live.crash();
    }
}

/// Black's time left, in tenths of a second, from a line with "(clocks m:ss.t /
/// m:ss.t)".
fn blacks_clock(line: &str) -> u64 {
    let clocks = line.split_once("(clocks ").expect("clocks").1;
    let black = clocks.split(" / ").nth(1).expect("two clocks");
    tenths(black.split(')').next().expect("a time"))
}

/// "m:ss.t" in tenths of a second.
fn tenths(clock: &str) -> u64 {
    let (minutes, seconds) = clock.split_once(':').expect("minutes and seconds");
    let (seconds, tenths) = seconds.split_once('.').expect("tenths");
    let number = |text: &str| text.parse::<u64>().expect("a number");
    number(minutes) * 600 + number(seconds) * 10 + number(tenths)
}

#[test]
fn a_relay_killed_mid_game_and_started_again_has_everyone_back_by_themselves() {
    let relay_home = tempfile::tempdir().expect("a temporary folder");
    let homes = [(); 3].map(|()| tempfile::tempdir().expect("a temporary folder"));
    let store = relay_home.path().join("relay.db");
    let store = store.to_str().expect("a path");
    let (relay, addr) = relay_in(relay_home.path(), &["--store", store]);
    let mut host = Live::start_in(
        homes[0].path(),
        &[
            "host", "--relay", &addr, "--name", "Alice", "--clock", "5+0",
        ],
    );
    host.expect("entered lobby");
    let mut guest = Live::start_in(homes[1].path(), &["join", &addr, "--name", "Bobby"]);
    guest.expect("entered lobby");
    seat_and_start(&mut host, &mut guest);
    let mut watcher = Live::start_in(homes[2].path(), &["join", &addr, "--name", "Carol"]);
    watcher.expect("game in progress");
    host.say("move e2e4");
    guest.expect("move 1 White: e2e4");
    guest.say("move e7e5");
    host.expect("move 2 Black: e7e5");
    host.say("move g1f3");
    let before = blacks_clock(&guest.expect("move 3 White: g1f3"));
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
    let after = blacks_clock(&guest.expect("game in progress: 3 moves played"));
    assert!(
        before.abs_diff(after) <= 10,
        "Black's clock moved from {before} to {after} tenths over the restart"
    );
    guest.say("move b8c6");
    host.expect("move 4 Black: b8c6");
    watcher.expect("move 4 Black: b8c6");
    for live in [watcher, guest, host, relay] {
        live.crash();
    }
}

/// A TCP proxy to a target that can cut every connection through it and turn new ones
/// away for a while: a network that goes down and comes back.
struct Proxy {
    addr: SocketAddr,
    cut_until: Arc<Mutex<Option<Instant>>>,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    fn to(target: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("the proxy listens");
        let proxy = Proxy {
            addr: listener.local_addr().expect("an address"),
            cut_until: Arc::default(),
            open: Arc::default(),
        };
        let (cut_until, open) = (proxy.cut_until.clone(), proxy.open.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().filter_map(Result::ok) {
                let down = cut_until
                    .lock()
                    .expect("not poisoned")
                    .is_some_and(|until| Instant::now() < until);
                let Some(server) = (!down).then(|| TcpStream::connect(target).ok()).flatten()
                else {
                    continue;
                };
                let mut open = open.lock().expect("not poisoned");
                for stream in [&client, &server] {
                    open.push(stream.try_clone().expect("a clone"));
                }
                pipe(&client, &server);
                pipe(&server, &client);
            }
        });
        proxy
    }

    /// Cuts every connection through the proxy and turns new ones away for `down`.
    fn cut_for(&self, down: Duration) {
        *self.cut_until.lock().expect("not poisoned") = Some(Instant::now() + down);
        for stream in self.open.lock().expect("not poisoned").drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

/// Copies what `from` says to `to` on a thread of its own, until either closes.
fn pipe(from: &TcpStream, to: &TcpStream) {
    let (mut from, mut to) = (
        from.try_clone().expect("a clone"),
        to.try_clone().expect("a clone"),
    );
    std::thread::spawn(move || {
        let mut buffer = [0u8; 16 * 1024];
        while let Ok(read) = from.read(&mut buffer) {
            if read == 0 || to.write_all(&buffer[..read]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Both);
    });
}

#[test]
fn a_connection_cut_for_five_seconds_heals_with_the_player_seeing_only_reconnecting() {
    let relay_home = tempfile::tempdir().expect("a temporary folder");
    let host_home = tempfile::tempdir().expect("a temporary folder");
    let guest_home = tempfile::tempdir().expect("a temporary folder");
    let (relay, addr) = relay_in(relay_home.path(), &[]);
    let proxy = Proxy::to(addr.parse().expect("an address"));
    let mut host = Live::start_in(
        host_home.path(),
        &["host", "--relay", &addr, "--name", "Alice"],
    );
    host.expect("entered lobby");
    let through = proxy.addr.to_string();
    let mut guest = Live::start_in(guest_home.path(), &["join", &through, "--name", "Bobby"]);
    guest.expect("entered lobby");
    seat_and_start(&mut host, &mut guest);
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
    guest.expect("game in progress: 1 moves played");
    host.expect("rejoined: Bobby");
    guest.say("move e7e5");
    host.expect("move 2 Black: e7e5");
    for live in [guest, host, relay] {
        live.crash();
    }
}

/// White's time left, in tenths of a second, from a line with "(clocks m:ss.t /
/// m:ss.t)".
fn whites_clock(line: &str) -> u64 {
    let clocks = line.split_once("(clocks ").expect("clocks").1;
    let white = clocks.split(" / ").next().expect("two clocks");
    tenths(white)
}

#[test]
fn an_online_save_hosted_again_brings_back_both_clocks_and_both_players() {
    let relay_home = tempfile::tempdir().expect("a temporary folder");
    let host_home = tempfile::tempdir().expect("a temporary folder");
    let guest_home = tempfile::tempdir().expect("a temporary folder");
    let (relay, addr) = relay_in(relay_home.path(), &[]);
    let mut host = Live::start_in(
        host_home.path(),
        &[
            "host", "--relay", &addr, "--name", "Alice", "--clock", "5+0",
        ],
    );
    host.expect("entered lobby");
    let mut guest = Live::start_in(guest_home.path(), &["join", &addr, "--name", "Bobby"]);
    guest.expect("entered lobby");
    seat_and_start(&mut host, &mut guest);
    host.say("move e2e4");
    guest.expect("move 1 White: e2e4");
    guest.say("move e7e5");
    host.expect("move 2 Black: e7e5");
    // White thinks a while: its clock is no longer the base time.
    std::thread::sleep(Duration::from_millis(1500));
    host.say("move g1f3");
    let line = host.expect("move 3 White: g1f3");
    let white = whites_clock(&line);
    assert!(white < 2990, "{line}");
    // The host answers events in order: once its chat comes back, move 3 is saved.
    host.say("chat saved");
    host.expect("chat Alice: saved");
    for live in [guest, host, relay] {
        live.crash();
    }

    // Hosted again from the host's save of it, elsewhere: both clocks and both players.
    let save = std::fs::read_dir(host_home.path().join("saves"))
        .expect("the saves")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|path| path.extension().is_some_and(|ext| ext == "ply"))
        .expect("the online game's save");
    let (relay, addr) = relay_in(relay_home.path(), &[]);
    let save = save.to_str().expect("a path");
    let host_args = ["host", "--relay", &addr, "--name", "Alice", "--save", save];
    let mut host = Live::start_in(host_home.path(), &host_args);
    host.expect("entered lobby");
    let mut guest = Live::start_in(guest_home.path(), &["join", &addr, "--name", "Bobby"]);
    guest.expect("entered lobby");
    host.expect("White: Alice; Black: Bobby");
    host.say("start");
    let started = guest.expect("game started: chess, 3 moves already played (clocks ");
    assert!(
        whites_clock(&started).abs_diff(white) <= 2,
        "{line} then {started}"
    );
    assert!(3000 - blacks_clock(&started) <= 2, "{started}");
    guest.say("move b8c6");
    host.expect("move 4 Black: b8c6");
    for live in [guest, host, relay] {
        live.crash();
    }
}
