//! Invite codes from `ply host` on a relay, as friends use them: the code carries the
//! lobby's invite secret, so a friend joins with it alone, without the password and
//! without counting against the passwords the host checks; a host who comes back
//! with `--rejoin` prints a new code and the old one opens nothing.

mod live;

use live::Live;
use std::process::Command;

/// Ends a process the test started.
fn stop(mut live: Live) {
    let _ = live.child.kill();
    let _ = live.child.wait();
}

#[test]
fn a_friend_joins_with_the_invite_code_alone() {
    let home = tempfile::tempdir().expect("a temporary folder");
    let mut relay = Live::start_in(home.path(), &["relay", "--listen", "127.0.0.1:0"]);
    let addr = relay.word_after("relay listening on ");
    let host_args = [
        "host",
        "--relay",
        addr.as_str(),
        "--name",
        "Alice",
        "--password",
        "pw",
    ];
    let mut host = Live::start_in(home.path(), &host_args);
    let invite = host.word_after("invite code: ");
    let mut guest = Live::start_in(home.path(), &["join", &invite, "--name", "Bobby"]);
    guest.expect("entered lobby ");
    host.expect("players: Alice (host), Bobby");
    // The host crashes and comes back: a new code, and the old one is void.
    stop(host);
    let mut rejoin = host_args.to_vec();
    rejoin.push("--rejoin");
    let mut host = Live::start_in(home.path(), &rejoin);
    let fresh = host.word_after("invite code: ");
    assert_ne!(fresh, invite);
    let late = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["join", &invite, "--name", "Carol"])
        .env("PLYGROUND_REJOIN_DIR", home.path().join("late"))
        .output()
        .expect("ply runs");
    assert!(!late.status.success());
    let said = String::from_utf8_lossy(&late.stderr);
    assert_eq!(said.trim(), "error: wrong password");
    // The failure locks this address out of the lobby for the relay's first second.
    std::thread::sleep(std::time::Duration::from_millis(1200));
    let mut carol = Live::start_in(home.path(), &["join", &fresh, "--name", "Carol"]);
    carol.expect("entered lobby ");
    carol.say("chat hello");
    host.expect("chat Carol: hello");
    carol.say("quit");
    assert!(carol.finish().status.success());
    for live in [guest, host, relay] {
        stop(live);
    }
}
