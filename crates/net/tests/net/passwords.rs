//! A lobby's password against those who would use it as a lever (issue 43, items 2
//! and 4): a host who came back still checks its friends' passwords, and guesses sent
//! at once reach the host one by one, so that they cannot use up what the host checks
//! in a minute before a friend gets in.

use crate::common::{Client, Raw, quick_config, serve};
use ply_net::auth::{JoinerExchange, host_answer};
use ply_net::protocol::{Entry, EntryReply, ExchangeAnswer};
use ply_net::{
    ClientMsg, CloseReason, EntryRefusal, EntryRequest, GameSetup, ServerConfig, ServerMsg,
};
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
    let (exchange, message) = JoinerExchange::start(password, "Guesser", raw.binding, &raw.relay);
    raw.send(&Entry::Join {
        name: "Guesser".to_string(),
        code: Some(code.to_string()),
        token: None,
        exchange: Some(message),
        invite: false,
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
        handshake_timeout: Duration::from_secs(5),
        ..quick_config()
    });
    let addr = server.addr();
    let (mut host, entered) = Raw::open_locked(Raw::connect(addr), "Hostess", true);
    let code = entered.code;
    // The host answers each exchange a while after it arrives (a slow line), so that
    // guesses sent at once are all in flight together; it counts those that reach it.
    let host = std::thread::spawn(move || {
        let relay = host.relay;
        let mut guesses = 0;
        loop {
            let ServerMsg::JoinRequest {
                ticket,
                name,
                exchange,
                binding,
                invite: false,
            } = host.read::<ServerMsg>()
            else {
                continue;
            };
            if name == "Guesser" {
                guesses += 1;
                std::thread::sleep(Duration::from_millis(200));
            }
            let answer = host_answer("secret", &name, &binding, &relay, &exchange).map(|answer| {
                ExchangeAnswer {
                    message: answer.message,
                    confirm: answer.confirm,
                    expected: answer.expected,
                }
            });
            host.send(&ClientMsg::JoinAnswer { ticket, answer });
            if name == "Friend" {
                return guesses;
            }
        }
    });
    // Five addresses of one network send eight guesses each, all at once.
    let guessers = 5 * 8;
    let ready = Arc::new(Barrier::new(guessers));
    let threads: Vec<_> = (0..guessers)
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
    assert!(
        replies.iter().all(|reply| matches!(
            refusal(reply),
            Some(EntryRefusal::WrongPassword | EntryRefusal::TooManyAttempts { .. })
        )),
        "{replies:?}"
    );
    // The friend, elsewhere, gets in with the password meanwhile.
    let friend = Client::try_enter(addr, EntryRequest::join("Friend", "secret", Some(&code)));
    assert!(friend.is_ok(), "{:?}", friend.err());
    let reached = host.join().expect("the host");
    assert!(
        (1..=5).contains(&reached),
        "{reached} guesses reached the host, more than one per address"
    );
}

#[test]
fn a_friend_with_the_invite_code_gets_in_whatever_guessers_did() {
    let server = serve(ServerConfig {
        auth_failure_delay: Duration::from_secs(30),
        auth_failure_max_delay: Duration::from_secs(60),
        ..quick_config()
    });
    let addr = server.addr();
    let request = EntryRequest::open("Hostess", "secret", GameSetup::new("chess"));
    let secret = request
        .invite
        .expect("a lobby with a password has an invite secret");
    let mut host = Client::try_enter(addr, request).expect("the lobby opens");
    let code = host.mirror.code().expect("a code").to_string();
    // Four guessers of the friend's own network lock it out of the password...
    for last in 50..54 {
        let reply = guess(addr, [127, 0, 0, last].into(), &code, "hunter2");
        assert_eq!(
            reply.as_ref().and_then(refusal),
            Some(&EntryRefusal::WrongPassword)
        );
    }
    // ...and guessers of other networks use up what the host checks in a minute.
    let per_minute = ply_net::HOST_EXCHANGES_PER_MINUTE as u8;
    for index in 4..=per_minute {
        let reply = guess(addr, [127, 0, 100 + index, 1].into(), &code, "hunter2");
        let expected = if index < per_minute {
            EntryRefusal::WrongPassword
        } else {
            EntryRefusal::HostBusy
        };
        assert_eq!(reply.as_ref().and_then(refusal), Some(&expected));
    }
    // A wrong invite secret is refused too.
    let forged = ply_net::invite::InviteSecret([7; 8]).exchange_text();
    let mut raw = Raw::connect_from(addr, [127, 0, 43, 1].into());
    raw.hello();
    raw.secure();
    let (exchange, message) = JoinerExchange::start(&forged, "Forger", raw.binding, &raw.relay);
    raw.send(&Entry::Join {
        name: "Forger".to_string(),
        code: Some(code.clone()),
        token: None,
        exchange: Some(message),
        invite: true,
    });
    let EntryReply::Exchange { message, confirm } = raw.read::<EntryReply>() else {
        panic!("the host checks the forged secret");
    };
    assert!(
        exchange.finish(&message, &confirm).is_none(),
        "secrets differ"
    );
    // The friend typing the password is kept out...
    let typed = Client::try_enter(addr, EntryRequest::join("Friend", "secret", Some(&code)));
    assert!(
        matches!(
            typed.err(),
            Some(CloseReason::Failed(ply_net::ClientError::Refused(
                EntryRefusal::TooManyAttempts { .. }
            )))
        ),
        "the friend's network is locked out of the password"
    );
    // ...but gets in with the invite code, which carries the secret.
    let invite = ply_net::invite::Invite::new(addr, Some(&code)).with_secret(Some(secret));
    let read = ply_net::invite::Invite::decode(&invite.encode().expect("a code")).expect("read");
    let request = EntryRequest::join("Friend", "", read.code.as_deref()).with_invite(read.secret);
    let friend = Client::try_enter(addr, request);
    assert!(friend.is_ok(), "{:?}", friend.err());
    host.expect_lobby("the friend in", |view| {
        view.players.iter().any(|player| player.name == "Friend")
    });
}
