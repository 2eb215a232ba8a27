//! The relay benchmark: many lobbies of two clients each play the same legal game
//! against a server, and every move's round trip (sent until the mover sees it
//! accepted) is timed. `ply bench relay` prints the report.

use crate::client::{ClientError, ClientSession, EntryRequest};
use crate::protocol::{ClientMsg, GameSetup, Occupant, ServerMsg};
use ply_core::Player;
use ply_modes::find_mode;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// What to measure.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// How many lobbies (each with a host and a guest) play at once.
    pub lobbies: usize,
    /// How many moves each lobby plays.
    pub plies: usize,
    /// How long a player waits after the opponent's move before answering (people and
    /// engines think; without a pause the benchmark measures queueing, not latency).
    /// One second makes every lobby play a move per second: a fast game.
    pub think: Duration,
    /// How many clients connect at the same time while the lobbies are set up.
    pub parallel_connects: usize,
    /// How long any single step may take before the benchmark gives up.
    pub step_timeout: Duration,
}

impl Default for BenchOptions {
    fn default() -> BenchOptions {
        BenchOptions {
            lobbies: 100,
            plies: 20,
            think: Duration::from_secs(1),
            parallel_connects: 64,
            step_timeout: Duration::from_secs(30),
        }
    }
}

/// What was measured.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// Lobbies that played.
    pub lobbies: usize,
    /// Moves played in all.
    pub moves: usize,
    /// Time to connect every client and start every game.
    pub setup: Duration,
    /// Time from the first move to the last.
    pub play: Duration,
    /// Median move round trip.
    pub p50: Duration,
    /// 99th percentile move round trip.
    pub p99: Duration,
    /// Slowest move round trip.
    pub max: Duration,
}

impl BenchReport {
    /// Moves accepted per second over the playing time.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.play.as_secs_f64().max(1e-9)
    }
}

/// Why the benchmark could not finish.
#[derive(Debug, Error)]
pub enum BenchError {
    /// A client could not connect, enter or keep its connection.
    #[error("lobby {lobby}: {source}")]
    Client {
        /// Which lobby.
        lobby: usize,
        /// What went wrong.
        source: ClientError,
    },
    /// The server did something other than expected.
    #[error("lobby {lobby}: {problem}")]
    Unexpected {
        /// Which lobby.
        lobby: usize,
        /// What happened.
        problem: String,
    },
    /// No game of the requested length could be found.
    #[error("{0}")]
    Script(String),
}

/// A legal chess game of `plies` moves that is not over before its end.
pub fn scripted_game(plies: usize, seed: u64) -> Result<Vec<String>, BenchError> {
    let mode = find_mode("chess").ok_or_else(|| BenchError::Script("no chess mode".to_string()))?;
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..1000 {
        let mut game = mode.new_game();
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let code = legal[rng.random_range(0..legal.len())];
            let Some(text) = game.move_text(code) else {
                break;
            };
            if game.play(code).is_err() {
                break;
            }
            moves.push(text);
        }
        if moves.len() == plies && game.outcome().is_none() {
            return Ok(moves);
        }
    }
    Err(BenchError::Script(format!(
        "no random game of {plies} moves stayed undecided"
    )))
}

struct Table {
    index: usize,
    host: ClientSession,
    guest: ClientSession,
}

/// Runs the benchmark against the server at `addr`, which must allow one lobby more
/// than `options.lobbies` (for a warm-up lobby) and twice as many connections.
pub async fn run(addr: &str, options: &BenchOptions) -> Result<BenchReport, BenchError> {
    let script = Arc::new(scripted_game(options.plies, 7)?);
    // One lobby opened and left first, so that the server's start-up work (building
    // move tables) is not counted as set-up time.
    let probe = EntryRequest::open("warmup", "bench", GameSetup::new("chess"));
    let (mut session, _) = ClientSession::connect(addr, &probe, options.step_timeout)
        .await
        .map_err(|source| BenchError::Client { lobby: 0, source })?;
    session.leave().await;
    let started = Instant::now();
    let gate = Arc::new(Semaphore::new(options.parallel_connects.max(1)));
    let mut setups = JoinSet::new();
    for index in 0..options.lobbies {
        let (addr, gate, options) = (addr.to_string(), gate.clone(), options.clone());
        setups.spawn(async move { set_up(&addr, index, &gate, &options).await });
    }
    let mut tables = Vec::with_capacity(options.lobbies);
    while let Some(done) = setups.join_next().await {
        match done {
            Ok(table) => tables.push(table?),
            Err(error) => {
                return Err(BenchError::Unexpected {
                    lobby: tables.len(),
                    problem: error.to_string(),
                });
            }
        }
    }
    let setup = started.elapsed();

    let playing = Instant::now();
    let mut games = JoinSet::new();
    for table in tables {
        let (script, options) = (script.clone(), options.clone());
        games.spawn(async move { play(table, &script, &options).await });
    }
    let mut samples = Vec::with_capacity(options.lobbies * options.plies);
    while let Some(done) = games.join_next().await {
        match done {
            Ok(times) => samples.extend(times?),
            Err(error) => {
                return Err(BenchError::Unexpected {
                    lobby: 0,
                    problem: error.to_string(),
                });
            }
        }
    }
    let play = playing.elapsed();
    samples.sort_unstable();
    let percentile = |q: f64| {
        let rank = ((q * samples.len() as f64).ceil() as usize).saturating_sub(1);
        samples.get(rank).copied().unwrap_or_default()
    };
    Ok(BenchReport {
        lobbies: options.lobbies,
        moves: samples.len(),
        setup,
        play,
        p50: percentile(0.50),
        p99: percentile(0.99),
        max: samples.last().copied().unwrap_or_default(),
    })
}

/// Opens lobby `index`, lets its guest in, seats both and starts the game.
async fn set_up(
    addr: &str,
    index: usize,
    gate: &Semaphore,
    options: &BenchOptions,
) -> Result<Table, BenchError> {
    let client = |source| BenchError::Client {
        lobby: index,
        source,
    };
    let host_name = format!("host{index:06}");
    let guest_name = format!("guest{index:06}");
    let (mut host, mut guest) = {
        let _permit = gate.acquire().await.map_err(|e| BenchError::Unexpected {
            lobby: index,
            problem: e.to_string(),
        })?;
        let open = EntryRequest::open(&host_name, "bench", GameSetup::new("chess"));
        let (mut host, entered) = ClientSession::connect(addr, &open, options.step_timeout)
            .await
            .map_err(client)?;
        let join = EntryRequest::join(&guest_name, "bench", Some(&entered.code));
        // The host answers the guest's password exchange meanwhile.
        let (guest, hosted) = tokio::join!(
            ClientSession::connect(addr, &join, options.step_timeout),
            wait_for(&mut host, index, options.step_timeout, |message| {
                matches!(message, ServerMsg::Lobby(view) if view.players.len() == 2)
            })
        );
        hosted?;
        let (guest, _) = guest.map_err(client)?;
        (host, guest)
    };
    for (side, name) in [(Player::First, &host_name), (Player::Second, &guest_name)] {
        host.queue(&ClientMsg::SetSide {
            side,
            occupant: Occupant::Player(name.clone()),
        })
        .map_err(client)?;
    }
    host.queue(&ClientMsg::Start).map_err(client)?;
    host.flush().await.map_err(client)?;
    for session in [&mut host, &mut guest] {
        wait_for(session, index, options.step_timeout, |message| {
            matches!(message, ServerMsg::GameStarted(_))
        })
        .await?;
    }
    Ok(Table { index, host, guest })
}

/// Plays the script, timing each move from sending to the mover seeing it accepted.
async fn play(
    mut table: Table,
    script: &[String],
    options: &BenchOptions,
) -> Result<Vec<Duration>, BenchError> {
    let index = table.index;
    let mut times = Vec::with_capacity(script.len());
    // Lobbies start at different moments, as real ones do.
    let offset = options.think.mul_f64(rand::rng().random_range(0.0..1.0));
    tokio::time::sleep(offset).await;
    for (done, text) in script.iter().enumerate() {
        if done > 0 {
            tokio::time::sleep(options.think).await;
        }
        let (mover, watcher) = if done % 2 == 0 {
            (&mut table.host, &mut table.guest)
        } else {
            (&mut table.guest, &mut table.host)
        };
        let ply = done as u32 + 1;
        let sent = Instant::now();
        mover
            .send(&ClientMsg::Move { text: text.clone() })
            .await
            .map_err(|source| BenchError::Client {
                lobby: index,
                source,
            })?;
        let accepted = |message: &ServerMsg| matches!(message, ServerMsg::MovePlayed { ply: p, .. } if *p == ply);
        wait_for(mover, index, options.step_timeout, accepted).await?;
        times.push(sent.elapsed());
        wait_for(watcher, index, options.step_timeout, accepted).await?;
    }
    table.guest.leave().await;
    table.host.leave().await;
    Ok(times)
}

/// Reads messages (answering pings) until one matches; a refusal is an error.
async fn wait_for(
    session: &mut ClientSession,
    lobby: usize,
    limit: Duration,
    wanted: impl Fn(&ServerMsg) -> bool,
) -> Result<(), BenchError> {
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        let message = tokio::time::timeout_at(deadline, session.recv())
            .await
            .map_err(|_| BenchError::Client {
                lobby,
                source: ClientError::Timeout { after: limit },
            })?
            .map_err(|source| BenchError::Client { lobby, source })?;
        match message {
            ServerMsg::Ping { nonce } => session
                .send(&ClientMsg::Pong { nonce })
                .await
                .map_err(|source| BenchError::Client { lobby, source })?,
            ServerMsg::JoinRequest {
                ticket,
                name,
                exchange,
                binding,
                invite,
            } => session
                .answer_join(ticket, &name, &exchange, &binding, invite)
                .await
                .map_err(|source| BenchError::Client { lobby, source })?,
            ServerMsg::MoveRefused { text, reason } => {
                return Err(BenchError::Unexpected {
                    lobby,
                    problem: format!("move {text} refused: {reason}"),
                });
            }
            ServerMsg::Denied(reason) => {
                return Err(BenchError::Unexpected {
                    lobby,
                    problem: format!("request refused: {reason}"),
                });
            }
            message if wanted(&message) => return Ok(()),
            _ => {}
        }
    }
}

/// What the encryption adds to one move's round trip through the relay, timed alone
/// (no network, no scheduling): the mover seals its move, the relay opens it, the
/// relay seals the accepted move for both players, and each opens it. One duration per
/// sample, in the order measured.
pub fn crypto_round_trips(samples: usize) -> Result<Vec<Duration>, crate::frame::FrameError> {
    use crate::cipher::Cipher;
    use crate::frame::encode;
    let (mut mover, mut relay_from_mover) = Cipher::pair()?;
    let (mut opponent, mut relay_to_opponent) = Cipher::pair()?;
    let request = encode(&ClientMsg::Move {
        text: "e2e4".to_string(),
    })?;
    let mut times = Vec::with_capacity(samples);
    for ply in 0..samples {
        let played = encode(&ServerMsg::MovePlayed {
            ply: u32::try_from(ply).unwrap_or(u32::MAX),
            side: Player::First,
            text: "e2e4".to_string(),
            left_ms: Some([300_000, 298_765]),
        })?;
        let started = Instant::now();
        let sealed = mover.seal(&request)?;
        relay_from_mover.open(&sealed)?;
        let to_mover = relay_from_mover.seal(&played)?;
        let to_opponent = relay_to_opponent.seal(&played)?;
        mover.open(&to_mover)?;
        opponent.open(&to_opponent)?;
        times.push(started.elapsed());
    }
    Ok(times)
}
