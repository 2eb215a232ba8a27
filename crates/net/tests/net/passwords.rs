//! A lobby's password against those who would use it as a lever (issue 43, items 2
//! and 4): a host who came back still checks its friends' passwords, and guesses sent
//! at once reach the host one by one, so that they cannot use up what the host checks
//! in a minute before a friend gets in.

use crate::common::{Client, Raw, quick_config, serve};
use ply_net::auth::JoinerExchange;
use ply_net::protocol::{Entry, EntryReply};
use ply_net::{CloseReason, EntryRefusal, EntryRequest, GameSetup, ServerConfig};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Barrier};
use std::time::Duration;

/// Guesses `password` for the lobby `code` from `source`; `None` when the connection
/// was turned away before entry (its network had too many connecting at once).
fn guess(server: SocketAddr, source: IpAddr, code: &str, password: &str) -> Option<EntryReply> {
    let mut raw = Raw::connect_from(server, source);
    if raw.hello_or_refusal().is_some() {
        return None;
    }
    raw.secure();
    let (exchange, message) = JoinerExchange::start(password, "Guesser", raw.binding);
    raw.send(&Entry::Join {
        name: "Guesser".to_string(),
        code: Some(code.to_string()),
        token: None,
        exchange: Some(message),
    });
    match raw.read::<EntryReply>() {
        EntryReply::Exchange { message, confirm } => {
            let confirm = exchange.finish(&message, &confirm).unwrap_or([0; 32]);
            raw.send(&Entry::Confirm { confirm });
            Some(raw.read::<EntryReply>())
        }
        reply => Some(reply),
    }
}

fn refusal(reply: &EntryReply) -> Option<&EntryRefusal> {
    match reply {
        EntryReply::Refused(refusal) => Some(refusal),
        _ => None,
    }
}

#[test]
fn a_host_who_came_back_still_checks_its_friends_passwords() {
    let server = serve(quick_config());
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "secret", GameSetup::new("chess"));
    let code = host.mirror.code().expect("a code").to_string();
    let token = host.mirror.token().expect("the host's token");
    // The host comes back, as `ply host --rejoin` or the window's reconnection do.
    let mut back = Client::try_enter(
        addr,
        EntryRequest::rejoin("Hostess", "secret", Some(&code), token),
    )
    .unwrap_or_else(|reason| panic!("the host could not come back: {reason}"));
    assert!(back.mirror.is_host());
    assert!(matches!(host.expect_closed(), CloseReason::JoinedElsewhere));
    // A guesser from elsewhere is told the password is wrong (the host checked it)...
    let guesser: IpAddr = [127, 0, 41, 1].into();
    let (_raw, reply) = Raw::try_join(addr, guesser, Some(&code), "Guesser", "hunter2");
    assert_eq!(refusal(&reply), Some(&EntryRefusal::WrongPassword));
    // ...and a friend with the password gets in.
    let friend = Client::try_enter(addr, EntryRequest::join("Friend", "secret", Some(&code)));
    assert!(friend.is_ok(), "{:?}", friend.err());
    back.expect_lobby("the friend in", |view| {
        view.players.iter().any(|player| player.name == "Friend")
    });
}

#[test]
fn guesses_sent_at_once_reach_the_host_one_by_one() {
    let server = serve(ServerConfig {
        // Long enough that a failure locks out whatever arrives after it.
        auth_failure_delay: Duration::from_secs(30),
        auth_failure_max_delay: Duration::from_secs(60),
        ..quick_config()
    });
    let addr = server.addr();
    let mut host = Client::host(addr, "Hostess", "secret", GameSetup::new("chess"));
    let code = host.mirror.code().expect("a code").to_string();
    // Five addresses of one network send eight guesses each, all at once.
    let guesses = 5 * 8;
    let ready = Arc::new(Barrier::new(guesses));
    let threads: Vec<_> = (0..guesses)
        .map(|index| {
            let (ready, code) = (ready.clone(), code.clone());
            std::thread::spawn(move || {
                let guesser: IpAddr = [127, 0, 42, (index / 8 + 1) as u8].into();
                ready.wait();
                guess(addr, guesser, &code, &format!("guess{index}"))
            })
        })
        .collect();
    let replies: Vec<EntryReply> = threads
        .into_iter()
        .filter_map(|thread| thread.join().expect("a guess"))
        .collect();
    let checked = replies
        .iter()
        .filter(|reply| refusal(reply) == Some(&EntryRefusal::WrongPassword))
        .count();
    let held_back = replies
        .iter()
        .filter(|reply| matches!(refusal(reply), Some(EntryRefusal::TooManyAttempts { .. })))
        .count();
    assert_eq!(checked + held_back, replies.len(), "{replies:?}");
    assert!(
        (1..=2).contains(&checked),
        "{checked} guesses reached the host"
    );
    // The friend, elsewhere, gets in with the password: the host had checked next to
    // nothing.
    let friend = Client::try_enter(addr, EntryRequest::join("Friend", "secret", Some(&code)));
    assert!(friend.is_ok(), "{:?}", friend.err());
    host.expect_lobby("the friend in", |view| {
        view.players.iter().any(|player| player.name == "Friend")
    });
}
