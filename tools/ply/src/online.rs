//! `ply host` and `ply join`: headless online clients for scripts and tests. They print
//! one line per event and read one request per line from standard input; the host
//! plays the computer's moves (at the strength given) when the computer holds a side,
//! at the same game table the window uses.

use crate::game_args::GameArgs;
use crate::online_save;
use crate::online_table::{ComputerPlay, ConsoleTable};
use clap::Args;
use crossbeam_channel::{Receiver, after, never, select, unbounded};
use ply_core::Player;
use ply_modes::{Level, find_mode};
use ply_net::client::with_default_port;
use ply_net::invite::{Invite, InviteSecret};
use ply_net::portmap::{PortMap, PortMapOptions, Reach};
use ply_net::protocol::DEFAULT_PORT;
use ply_net::{
    ClientMsg, CloseReason, EntryRequest, GameSetup, Mirror, NetEvent, NetHandle, Occupant,
    RejoinStore, ServerConfig, ServerMsg, Token, host_in_process,
};
use ply_save::{GameKeeper, SaveFolder};
use std::io::BufRead;
use std::net::SocketAddr;
use std::rc::Rc;
use std::time::Duration;

/// Arguments of `ply host`.
#[derive(Args, Debug)]
pub struct HostArgs {
    /// Your player name: 2 to 20 letters or digits in any alphabet, with single spaces,
    /// hyphens or apostrophes inside ("Zoé Ann", "Jean-Luc").
    #[arg(long)]
    name: String,
    /// The lobby's password (none when empty).
    #[arg(long, default_value = "")]
    password: String,
    /// Where to listen for players when hosting on this machine.
    #[arg(long, default_value_t = format!("0.0.0.0:{DEFAULT_PORT}"))]
    listen: String,
    /// Open the lobby on the relay at this address instead of hosting on this machine.
    #[arg(long)]
    relay: Option<String>,
    /// How strongly the computer plays when it holds a side: a level of the ladder,
    /// 1 to 8, or full.
    #[arg(long, default_value = "5", value_parser = Level::parse)]
    computer: Level,
    /// The computer's thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    computer_millis: u64,
    /// Do not ask the home router to forward the port (UPnP).
    #[arg(long)]
    no_upnp: bool,
    /// The lease asked of the router, in seconds; the mapping is renewed at half of it.
    #[arg(long, default_value_t = 3600)]
    upnp_lease: u64,
    /// Play on clocks the relay keeps: minutes+seconds ("5+3").
    #[arg(long, value_name = "M+S", value_parser = parse_clock)]
    clock: Option<ply_core::TimeControl>,
    /// Only come back to a lobby this machine holds a seat in on the relay (after a
    /// crash or a lost connection), with the seat kept on disk; never open one. (Without
    /// it, hosting on a relay where this name hosts a lobby already goes back to that
    /// lobby too, and opens a new one only when it is gone.)
    #[arg(long, requires = "relay")]
    rejoin: bool,
    /// Go on with this saved game instead of --mode, --position and --moves: an online
    /// game's save brings back both clocks as they stood (unless --clock names another)
    /// and offers its players their sides back when they join.
    #[arg(long, value_name = "FILE")]
    save: Option<std::path::PathBuf>,
    #[command(flatten)]
    game: GameArgs,
}

fn parse_clock(text: &str) -> Result<ply_core::TimeControl, String> {
    ply_core::TimeControl::parse(text).map_err(|problem| problem.to_string())
}

/// Arguments of `ply join`.
#[derive(Args, Debug)]
pub struct JoinArgs {
    /// The host's or relay's address (with the port when it is not 7373), or an
    /// invite code.
    addr: String,
    /// Your player name: 2 to 20 letters or digits in any alphabet, with single spaces,
    /// hyphens or apostrophes inside ("Zoé Ann", "Jean-Luc").
    #[arg(long)]
    name: String,
    /// The lobby's password.
    #[arg(long, default_value = "")]
    password: String,
    /// The lobby's code (needed on a relay hosting several lobbies).
    #[arg(long)]
    code: Option<String>,
    /// The token printed when you first entered, to take your seat back after a drop.
    #[arg(long)]
    token: Option<Token>,
    /// Take back the seat this machine kept on disk for this name in a lobby of the
    /// server reached (after a crash or a lost connection), however the address or
    /// invite code is typed: the seat is found by the key the server proves.
    #[arg(long, conflicts_with = "token")]
    rejoin: bool,
}

/// Opens a lobby (on this machine or on a relay) and runs the console.
pub fn host(args: &HostArgs) -> Result<(), String> {
    args.game.game()?;
    let computer = ComputerPlay {
        level: args.computer,
        budget: Duration::from_millis(args.computer_millis),
    };
    let clock = args.clock.map(ply_net::ClockSetup::of);
    let setup = match &args.save {
        Some(path) => {
            let saved = ply_save::load_file(path)
                .map_err(|e| format!("cannot go on with {}: {e}", path.display()))?;
            GameSetup::resuming(&saved, clock)
        }
        None => GameSetup {
            mode: args.game.mode.clone(),
            start: args.game.position.clone(),
            moves: args
                .game
                .moves
                .split_whitespace()
                .map(str::to_string)
                .collect(),
            clock,
            resume: None,
        },
    };
    let mut request = EntryRequest::open(&args.name, &args.password, setup);
    let ctrl_c = ctrl_c();
    match &args.relay {
        Some(relay) => {
            let relay = with_default_port(relay);
            // Invite codes printed before are void: a new one is printed on entry.
            if args.rejoin {
                request = EntryRequest::join(&args.name, &args.password, None)
                    .with_invite(request.invite);
            }
            let request = request.with_kept_seats(RejoinStore::standard());
            let invite = request.invite;
            let handle = NetHandle::connect(&relay, request);
            let share = resolve(&relay).map(|addr| (addr, true, invite));
            console(handle, &relay, Some(computer), share, &ctrl_c)
        }
        None => {
            let bind: SocketAddr = args
                .listen
                .parse()
                .map_err(|e| format!("'{}' is not an address to listen on: {e}", args.listen))?;
            let config = ServerConfig {
                max_lobbies: 1,
                ..ServerConfig::default()
            };
            let server = host_in_process(bind, config)
                .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
            say!("hosting on {}", server.addr());
            let asking = !args.no_upnp && !bind.ip().is_loopback();
            let mut portmap = if !asking {
                PortMap::fixed(Reach::NotAsked)
            } else {
                say!("asking the router to forward port {}", server.addr().port());
                let options = PortMapOptions {
                    lease: Duration::from_secs(args.upnp_lease),
                    ..PortMapOptions::default()
                };
                PortMap::start(server.addr().port(), options)
            };
            let share = report_reach(portmap.wait(ANSWER_WAIT), server.addr());
            let address = server.local_addr().to_string();
            let invite = request.invite;
            let result = console(
                NetHandle::connect(&address, request),
                &address,
                Some(computer),
                share.map(|addr| (addr, false, invite)),
                &ctrl_c,
            );
            if portmap.close() {
                say!("port mapping removed");
            } else if asking {
                say!("no port mapping to remove, or the router did not confirm its removal");
            }
            server.stop();
            result
        }
    }
}

/// How long `ply host` waits for the router before opening the lobby.
const ANSWER_WAIT: Duration = Duration::from_secs(10);

/// The first address `addr` (host and port) names.
fn resolve(addr: &str) -> Option<SocketAddr> {
    use std::net::ToSocketAddrs;
    addr.to_socket_addrs().ok()?.next()
}

/// Says who can reach the lobby; returns the best address to give friends.
fn report_reach(reach: &Reach, listening: SocketAddr) -> Option<SocketAddr> {
    match reach {
        Reach::NotAsked | Reach::Asking => {
            say!("router not asked to forward the port");
            None
        }
        Reach::Open { local, public } => {
            say!("friends on your network: {local}");
            say!("friends anywhere: {public} (your router opened the port)");
            Some(*public)
        }
        Reach::PrivateOutside { local, outside } => {
            say!("friends on your network: {local}");
            say!(
                "your router's outside address {} is itself private (a second router or \
                 your provider's shared address): friends outside cannot join; use a relay",
                outside.ip()
            );
            Some(*local)
        }
        Reach::Refused { reason } => {
            say!(
                "the router did not open port {}: {reason}",
                listening.port()
            );
            None
        }
    }
}

/// Ctrl-C, as a channel: a thread of its own waits for the signal.
fn ctrl_c() -> Receiver<()> {
    let (tx, rx) = unbounded();
    std::thread::spawn(move || {
        let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        if runtime.block_on(tokio::signal::ctrl_c()).is_ok() {
            let _ = tx.send(());
        }
    });
    rx
}

/// Joins a lobby and runs the console.
pub fn join(args: &JoinArgs) -> Result<(), String> {
    let (address, invited) = if Invite::looks_like(&args.addr) {
        let invite = Invite::decode(&args.addr).map_err(|e| e.to_string())?;
        (invite.addr.to_string(), Some(invite))
    } else {
        (with_default_port(&args.addr), None)
    };
    let invited_code = invited.as_ref().and_then(|invite| invite.code.clone());
    let code = args.code.clone().or(invited_code);
    let request = EntryRequest {
        name: args.name.clone(),
        password: args.password.clone(),
        role: ply_net::Role::Join {
            code,
            token: args.token,
        },
        invite: invited.as_ref().and_then(|invite| invite.secret),
        relay: invited.as_ref().and_then(|invite| invite.relay),
        kept: args.rejoin.then(RejoinStore::standard).flatten(),
    };
    console(
        NetHandle::connect(&address, request),
        &address,
        None,
        None,
        &never(),
    )
}

/// Standard input, line by line, from a thread of its own.
fn stdin_lines() -> Receiver<String> {
    let (tx, rx) = unbounded();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

const HELP: &str = "requests: seat SIDE NAME | computer SIDE | unseat SIDE | setup MODE [MOVES...] | \
kick NAME | start | move MOVE | resign | draw | accept | decline | claim win | claim draw | \
rematch | takeback | takeback yes | takeback no | abort | chat TEXT | quit";

/// Prints events and sends requests until the connection ends (or Ctrl-C); a host
/// also plays the computer's seats at a game table and, once in the lobby, prints the
/// invite code for `share` (an address, whether it is a relay, whose invite holds the
/// lobby code, and the lobby's invite secret).
fn console(
    handle: NetHandle,
    address: &str,
    computer: Option<ComputerPlay>,
    mut share: Option<(SocketAddr, bool, Option<InviteSecret>)>,
    ctrl_c: &Receiver<()>,
) -> Result<(), String> {
    let handle = Rc::new(handle);
    let mut mirror = Mirror::new();
    let mut lines = stdin_lines();
    let store = RejoinStore::standard();
    let folder = SaveFolder::standard().ok();
    let mut keeper = None;
    let (mut table, wakes) = match computer {
        Some(computer) => {
            let (table, wakes) = ConsoleTable::new(Rc::clone(&handle), computer);
            (Some(table), wakes)
        }
        None => (None, never()),
    };
    loop {
        let changes = match table.as_ref().and_then(ConsoleTable::next_change) {
            Some(wait) => after(wait),
            None => never(),
        };
        select! {
            recv(handle.events()) -> event => {
                let Ok(event) = event else {
                    return Err("the network thread stopped".to_string());
                };
                mirror.apply(&event);
                print_event(&event, &mirror);
                if let Some(store) = &store
                    && let Err(error) = keep_seat(store, address, &event, &handle, &mirror)
                {
                    say!("could not keep the seat on disk to rejoin later: {error}");
                }
                if let (NetEvent::Entered(entered), Some(folder)) = (&event, &folder) {
                    let seat = format!("{} {}", entered.code, entered.name);
                    keeper = Some(GameKeeper::new(folder.clone(), &seat));
                }
                keep_game(&event, &mirror, keeper.as_ref());
                if let (NetEvent::Entered(entered), Some((addr, relay, secret))) =
                    (&event, share.take())
                {
                    let invite = Invite::new(addr, relay.then_some(entered.code.as_str()))
                        .with_secret(secret)
                        .with_relay(handle.relay_fingerprint());
                    match invite.encode() {
                        Ok(code) => say!("invite code: {code}"),
                        Err(error) => say!("no invite code: {error}"),
                    }
                }
                if let NetEvent::Closed(reason) = event {
                    return match reason {
                        CloseReason::Failed(error) => Err(error.to_string()),
                        CloseReason::Lost(error) => Err(error.to_string()),
                        _ => Ok(()),
                    };
                }
                if let Some(table) = &mut table {
                    table.hear(event, &mirror);
                }
            }
            recv(wakes) -> _ => {
                if let Some(table) = &mut table {
                    table.tick();
                }
            }
            recv(changes) -> _ => {
                if let Some(table) = &mut table {
                    table.tick();
                }
            }
            recv(ctrl_c) -> _ => {
                let _ = handle.send(ClientMsg::Leave);
                say!("interrupted");
                return Ok(());
            }
            recv(lines) -> line => match line {
                Ok(line) => match parse_request(&line, &mirror) {
                    Ok(Some(request)) => {
                        let _ = handle.send(request);
                    }
                    Ok(None) => {}
                    Err(problem) => say!("? {problem}"),
                },
                // End of input: keep following the lobby until the connection ends.
                Err(_) => lines = never(),
            },
        }
    }
}

/// Keeps this player's seat on disk after `event`: with the new token on every entry,
/// and with the opponent once a game starts, for the list of games to go back to.
fn keep_seat(
    store: &RejoinStore,
    address: &str,
    event: &NetEvent,
    handle: &NetHandle,
    mirror: &Mirror,
) -> std::io::Result<()> {
    let relay = handle.relay_fingerprint();
    if let Some(entered) = event.entered() {
        return store.remember(address, relay, entered, None);
    }
    let (NetEvent::Message(ServerMsg::GameStarted(_)), Some(relay), Some(lobby)) =
        (event, relay, mirror.lobby())
    else {
        return Ok(());
    };
    let kept = mirror
        .name()
        .and_then(|name| store.recall_at(relay, name, mirror.code(), false));
    match kept {
        Some(seat) => store.note_lobby(&seat, lobby),
        None => Ok(()),
    }
}

/// Keeps the game in progress on disk after `event`: written again when it moved on,
/// kept as lost when touch with it was lost, deleted when it ended.
fn keep_game(event: &NetEvent, mirror: &Mirror, keeper: Option<&GameKeeper>) {
    let Some(keeper) = keeper else {
        return;
    };
    let kept = if online_save::lost_touch(event, mirror) {
        online_save::saved_game(mirror).map(|game| keeper.keep_as_lost(game))
    } else if online_save::moved_on(event, mirror) {
        online_save::saved_game(mirror).map(|game| keeper.keep(&game))
    } else if let NetEvent::Message(ServerMsg::GameOver { .. }) = event {
        keeper.discard().err().map(Err)
    } else {
        None
    };
    match kept {
        Some(Ok(path)) if online_save::lost_touch(event, mirror) => {
            say!("game saved to {}", path.display());
        }
        Some(Err(error)) => say!("could not save the game: {error}"),
        _ => {}
    }
}

/// The names of the two sides in the lobby's mode.
fn side_names(mirror: &Mirror) -> [&'static str; 2] {
    mirror
        .lobby()
        .and_then(|lobby| find_mode(&lobby.setup.mode))
        .map(|mode| {
            let game = mode.new_game();
            [
                game.side_name(Player::First),
                game.side_name(Player::Second),
            ]
        })
        .unwrap_or(["first", "second"])
}

fn parse_side(word: &str, mirror: &Mirror) -> Result<Player, String> {
    let names = side_names(mirror);
    match word.to_ascii_lowercase().as_str() {
        "first" | "1" => Ok(Player::First),
        "second" | "2" => Ok(Player::Second),
        other if other.eq_ignore_ascii_case(names[0]) => Ok(Player::First),
        other if other.eq_ignore_ascii_case(names[1]) => Ok(Player::Second),
        _ => Err(format!(
            "'{word}' is not a side (first, second, {}, {})",
            names[0].to_lowercase(),
            names[1].to_lowercase()
        )),
    }
}

/// Reads one request line; `Ok(None)` for a blank line or help.
fn parse_request(line: &str, mirror: &Mirror) -> Result<Option<ClientMsg>, String> {
    let line = line.trim();
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    let args: Vec<&str> = rest.split_whitespace().collect();
    let seat = |occupant: Occupant| -> Result<Option<ClientMsg>, String> {
        let side = args.first().ok_or("which side?")?;
        Ok(Some(ClientMsg::SetSide {
            side: parse_side(side, mirror)?,
            occupant,
        }))
    };
    let request = match word {
        "" => return Ok(None),
        "help" => {
            say!("{HELP}");
            return Ok(None);
        }
        "seat" => match args.as_slice() {
            [_, name] => return seat(Occupant::Player(name.to_string())),
            _ => return Err("usage: seat SIDE NAME".to_string()),
        },
        "computer" => return seat(Occupant::Computer),
        "unseat" => return seat(Occupant::Open),
        "setup" => match args.split_first() {
            Some((mode, moves)) => ClientMsg::Setup(GameSetup {
                mode: mode.to_string(),
                start: None,
                moves: moves.iter().map(|text| text.to_string()).collect(),
                clock: None,
                resume: None,
            }),
            None => return Err("usage: setup MODE [MOVES...]".to_string()),
        },
        "kick" => ClientMsg::Remove {
            name: rest.to_string(),
        },
        "start" => ClientMsg::Start,
        "move" => ClientMsg::Move {
            text: rest.to_string(),
        },
        "resign" => ClientMsg::Resign,
        "draw" => ClientMsg::OfferDraw,
        "accept" => ClientMsg::AcceptDraw,
        "decline" => ClientMsg::DeclineDraw,
        "claim" => match rest {
            "win" => ClientMsg::ClaimWin,
            "draw" => ClientMsg::ClaimDraw,
            _ => return Err("usage: claim win | claim draw".to_string()),
        },
        "rematch" => ClientMsg::Rematch,
        "takeback" => match rest {
            "" => ClientMsg::AskTakeback,
            "yes" => ClientMsg::AnswerTakeback { accept: true },
            "no" => ClientMsg::AnswerTakeback { accept: false },
            _ => return Err("usage: takeback | takeback yes | takeback no".to_string()),
        },
        "abort" => ClientMsg::Abort,
        "chat" => ClientMsg::Chat {
            text: rest.to_string(),
        },
        "quit" => ClientMsg::Leave,
        other => return Err(format!("unknown request '{other}'; {HELP}")),
    };
    Ok(Some(request))
}

fn occupant_text(occupant: &Occupant) -> String {
    match occupant {
        Occupant::Open => "open".to_string(),
        Occupant::Player(name) => name.clone(),
        Occupant::Computer => "computer".to_string(),
    }
}

/// One line per event, stable enough for scripts to read.
fn print_event(event: &NetEvent, mirror: &Mirror) {
    let names = side_names(mirror);
    match event {
        NetEvent::Entered(entered) | NetEvent::Reconnected(entered) => {
            say!(
                "{} lobby {} as {}{} token {}",
                if matches!(event, NetEvent::Entered(_)) {
                    "entered"
                } else {
                    "reconnected: back in"
                },
                entered.code,
                entered.name,
                if entered.host { " (host)" } else { "" },
                entered.token
            );
            if let Some(game) = &entered.game {
                say!(
                    "game in progress: {} moves played{}: {}",
                    game.moves.len(),
                    clocks_text(game.clock),
                    game.moves.join(" ")
                );
            }
        }
        NetEvent::Reconnecting {
            failed_tries,
            reason,
            ..
        } => say!("reconnecting ({reason}; {failed_tries} tries failed)"),
        // Failures are reported once, on standard error, as the program ends.
        NetEvent::Closed(CloseReason::Failed(_) | CloseReason::Lost(_)) => {}
        NetEvent::Closed(reason) => say!("closed: {reason}"),
        NetEvent::Message(message) => match message {
            ServerMsg::Lobby(view) => {
                let players: Vec<String> = view
                    .players
                    .iter()
                    .map(|player| {
                        format!(
                            "{}{}{}",
                            player.name,
                            if player.host { " (host)" } else { "" },
                            match (player.connected, player.rtt_ms) {
                                (false, _) => " (away)".to_string(),
                                (true, Some(rtt)) => format!(" ({rtt} ms)"),
                                (true, None) => String::new(),
                            }
                        )
                    })
                    .collect();
                say!(
                    "lobby {}: {}{}; {}: {}; {}: {}; players: {}",
                    view.code,
                    view.setup.mode,
                    if view.in_game { " (playing)" } else { "" },
                    names[0],
                    occupant_text(&view.sides[0]),
                    names[1],
                    occupant_text(&view.sides[1]),
                    players.join(", ")
                );
            }
            ServerMsg::GameStarted(view) => say!(
                "game started: {}, {} moves already played{}",
                view.mode,
                view.moves.len(),
                clocks_text(view.clock)
            ),
            ServerMsg::MovePlayed {
                ply,
                side,
                text,
                left_ms,
            } => match left_ms {
                Some([first, second]) => say!(
                    "move {ply} {}: {text} (clocks {} / {})",
                    names[side.index()],
                    seconds_text(*first),
                    seconds_text(*second)
                ),
                None => say!("move {ply} {}: {text}", names[side.index()]),
            },
            ServerMsg::MoveRefused { text, reason } => say!("move refused ({text}): {reason}"),
            ServerMsg::Denied(reason) => say!("refused: {reason}"),
            ServerMsg::DrawOffered { by } => say!("draw offered by {}", names[by.index()]),
            ServerMsg::DrawDeclined { by } => say!("draw declined by {}", names[by.index()]),
            ServerMsg::GameOver { outcome } => {
                let result = match outcome.winner() {
                    Some(winner) => ply_core::wins(names[winner.index()]),
                    None => "draw".to_string(),
                };
                say!("game over: {result} ({})", outcome.reason().describe());
            }
            ServerMsg::Chat { from, text } => {
                // One event per line, whatever the text holds.
                let text: String = text
                    .chars()
                    .map(|c| if c.is_control() { ' ' } else { c })
                    .collect();
                say!("chat {from}: {text}");
            }
            ServerMsg::TakebackAsked { by } => {
                say!("takeback asked by {}", names[by.index()]);
            }
            ServerMsg::TakebackDeclined { by } => {
                say!("takeback declined by {}", names[by.index()]);
            }
            ServerMsg::TakenBack { ply, .. } => say!("taken back: {ply} moves remain"),
            ServerMsg::GameAborted => say!("game aborted"),
            ServerMsg::PlayerDropped { name } => match mirror.lobby() {
                Some(lobby) if lobby.in_game => say!(
                    "dropped: {name} (their opponent may claim the game after {} s)",
                    lobby.claim_after_ms.div_ceil(1000)
                ),
                _ => say!("dropped: {name}"),
            },
            ServerMsg::PlayerRejoined { name, clock } => {
                say!("rejoined: {name}{}", clocks_text(*clock))
            }
            ServerMsg::PlayerReplaced { name } => say!("joined from another place: {name}"),
            ServerMsg::Removed
            | ServerMsg::HostLeft
            | ServerMsg::ServerClosing
            | ServerMsg::ClosedIdle
            | ServerMsg::JoinedElsewhere
            | ServerMsg::Displaced
            | ServerMsg::JoinRequest { .. }
            | ServerMsg::Ping { .. } => {}
        },
    }
}

/// A game's clocks as " (clocks m:ss.t / m:ss.t)", or nothing for an untimed game.
fn clocks_text(clock: Option<ply_net::ClockView>) -> String {
    clock.map_or(String::new(), |clock| {
        format!(
            " (clocks {} / {})",
            seconds_text(clock.left_ms[0]),
            seconds_text(clock.left_ms[1])
        )
    })
}

/// A clock reading in milliseconds as "m:ss.t".
fn seconds_text(millis: u64) -> String {
    let tenths = millis / 100;
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}
