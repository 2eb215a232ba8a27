//! `ply relay`: the dedicated relay server, hosting many lobbies on a public machine so
//! that players behind home routers can all connect outward to it. Every limit of the
//! server is a flag; the operator's log goes to standard error, filtered by `RUST_LOG`.

use clap::Args;
use ply_net::keys::RelayKey;
use ply_net::server::RelayStore;
use ply_net::{ServerConfig, protocol::DEFAULT_PORT};
use std::io::IsTerminal;
use std::time::Duration;
use tokio::net::TcpListener;

fn defaults() -> ServerConfig {
    ServerConfig::default()
}

/// Arguments of `ply relay`.
#[derive(Args, Debug)]
pub struct RelayArgs {
    /// Address and port to listen on.
    #[arg(long, default_value_t = format!("0.0.0.0:{DEFAULT_PORT}"))]
    listen: String,
    /// How many threads serve connections (0: one per processor core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// How many lobbies may be open at once.
    #[arg(long, default_value_t = defaults().max_lobbies)]
    max_lobbies: usize,
    /// How many lobbies one address (an IPv6 /64 counts as one) may have open.
    #[arg(long, default_value_t = defaults().max_lobbies_per_address)]
    max_lobbies_per_address: usize,
    /// How many lobbies one network (an IPv4 /24, an IPv6 /48) may have open.
    #[arg(long, default_value_t = defaults().max_lobbies_per_network)]
    max_lobbies_per_network: usize,
    /// Seconds a lobby stays open after anyone last entered it or moved for their own
    /// side (chat, requests and the computer's moves do not count).
    #[arg(long, default_value_t = defaults().lobby_idle_timeout.as_secs())]
    lobby_idle_secs: u64,
    /// Seconds a lobby stays open while nobody playing is connected (no host, no
    /// player of the running game, and between games nobody at all).
    #[arg(long, default_value_t = defaults().empty_lobby_wait.as_secs())]
    empty_lobby_secs: u64,
    /// How many members one lobby takes (players and spectators).
    #[arg(long, default_value_t = defaults().max_players_per_lobby)]
    max_players: usize,
    /// How many connections may be open at once.
    #[arg(long, default_value_t = defaults().max_connections)]
    max_connections: usize,
    /// How many of those may come from one address.
    #[arg(long, default_value_t = defaults().max_connections_per_address)]
    max_connections_per_address: usize,
    /// How many of those may come from one network.
    #[arg(long, default_value_t = defaults().max_connections_per_network)]
    max_connections_per_network: usize,
    /// How many connections may be in their handshake at once (when all places are
    /// taken, a newcomer from a network holding fewer takes the oldest place of the
    /// network holding the most).
    #[arg(long, default_value_t = defaults().max_pending_handshakes)]
    max_handshakes: usize,
    /// How many of those may come from one address.
    #[arg(long, default_value_t = defaults().max_handshakes_per_address)]
    max_handshakes_per_address: usize,
    /// How many of those may come from one network.
    #[arg(long, default_value_t = defaults().max_handshakes_per_network)]
    max_handshakes_per_network: usize,
    /// Seconds a new connection has to say hello and enter a lobby.
    #[arg(long, default_value_t = defaults().handshake_timeout.as_secs())]
    handshake_secs: u64,
    /// Seconds between pings to each member.
    #[arg(long, default_value_t = defaults().heartbeat_interval.as_secs())]
    heartbeat_secs: u64,
    /// Seconds a member may stay silent (not even answering pings) before being cut.
    #[arg(long, default_value_t = defaults().idle_timeout.as_secs())]
    idle_secs: u64,
    /// Seconds writing to one connection may take before it is cut.
    #[arg(long, default_value_t = defaults().write_timeout.as_secs())]
    write_secs: u64,
    /// Seconds an address is locked out of a lobby after its first failed entry
    /// (doubling with each further failure).
    #[arg(long, default_value_t = defaults().auth_failure_delay.as_secs())]
    lockout_secs: u64,
    /// The longest lock-out, in seconds.
    #[arg(long, default_value_t = defaults().auth_failure_max_delay.as_secs())]
    lockout_max_secs: u64,
    /// How many (address, lobby) failure records are kept (the oldest is forgotten).
    #[arg(long, default_value_t = defaults().max_failure_records)]
    max_failure_records: usize,
    /// How many messages per second one connection may send before it is cut off.
    #[arg(long, default_value_t = defaults().max_messages_per_second)]
    max_rate: u32,
    /// How many frames may wait for one member; a slower reader is dropped.
    #[arg(long, default_value_t = defaults().outbox_capacity)]
    outbox_capacity: usize,
    /// Chat messages per second per member, on average.
    #[arg(long, default_value_t = defaults().chat_per_second)]
    chat_rate: u32,
    /// Chat messages a member may send at once.
    #[arg(long, default_value_t = defaults().chat_burst)]
    chat_burst: u32,
    /// The longest chat message, in characters.
    #[arg(long, default_value_t = defaults().max_chat_chars)]
    max_chat_chars: usize,
    /// The most moves a saved game may bring into a lobby.
    #[arg(long, default_value_t = defaults().max_setup_plies)]
    max_setup_plies: usize,
    /// How many saved games are replayed at once.
    #[arg(long, default_value_t = defaults().replay_threads)]
    replay_threads: usize,
    /// How many saved games may wait to be replayed.
    #[arg(long, default_value_t = defaults().max_queued_replays)]
    max_queued_replays: usize,
    /// How many of those may come from one address.
    #[arg(long, default_value_t = defaults().max_replays_per_address)]
    max_replays_per_address: usize,
    /// The largest frame accepted before entry, in bytes.
    #[arg(long, default_value_t = defaults().max_entry_frame_len)]
    max_entry_frame: usize,
    /// The largest frame accepted from a member, in bytes.
    #[arg(long, default_value_t = defaults().max_member_frame_len)]
    max_member_frame: usize,
    /// Seconds a lobby waits for a host who lost the connection before it closes.
    #[arg(long, default_value_t = defaults().host_wait.as_secs())]
    host_wait_secs: u64,
    /// Seconds a player must be away from a running game before their opponent may
    /// claim the win or call a draw.
    #[arg(long, default_value_t = defaults().claim_wait.as_secs())]
    claim_after_secs: u64,
    /// The file that keeps the relay's key, so that its fingerprint (which players
    /// check, and invite codes carry) stays the same across restarts; made when missing.
    /// Without it, the relay makes a new key at each start.
    #[arg(long)]
    key_file: Option<std::path::PathBuf>,
    /// Keep lobbies, seats, games and clocks in this SQLite file (made when missing), so
    /// that a relay killed or restarted has every game back from its last move; the
    /// clocks stand still from the last move before the restart until the game's
    /// players are back. Without --key-file, the key is kept beside it (PATH.key), so
    /// that players' programs find the same relay again. Without it, a restart loses
    /// every lobby.
    #[arg(long, value_name = "PATH")]
    store: Option<std::path::PathBuf>,
    /// How many MiB all connections together may buffer.
    #[arg(long, default_value_t = defaults().max_buffered_bytes / MIB)]
    max_buffered_mib: usize,
    /// How many MiB the connections of one address may buffer.
    #[arg(long, default_value_t = defaults().max_buffered_bytes_per_address / MIB)]
    max_buffered_mib_per_address: usize,
    /// How many MiB the connections of one network may buffer.
    #[arg(long, default_value_t = defaults().max_buffered_bytes_per_network / MIB)]
    max_buffered_mib_per_network: usize,
}

/// Bytes in a MiB.
const MIB: usize = 1024 * 1024;

impl RelayArgs {
    /// The relay's key: kept in `--key-file` (or beside the store), or new.
    fn key(&self) -> Result<RelayKey, String> {
        let beside_store = self.store.as_ref().map(|store| {
            let mut path = store.clone().into_os_string();
            path.push(".key");
            std::path::PathBuf::from(path)
        });
        match self.key_file.as_ref().or(beside_store.as_ref()) {
            Some(path) => RelayKey::load_or_create(path)
                .map_err(|e| format!("cannot use the key file {}: {e}", path.display())),
            None => Ok(RelayKey::generate()),
        }
    }

    /// The store of lobbies, when `--store` names one.
    fn store(&self) -> Result<Option<std::sync::Arc<RelayStore>>, String> {
        self.store
            .as_deref()
            .map(|path| RelayStore::open(path).map(std::sync::Arc::new))
            .transpose()
            .map_err(|error| format!("cannot use the store: {error}"))
    }

    /// The server's configuration from the flags.
    fn config(&self) -> ServerConfig {
        let secs = Duration::from_secs;
        ServerConfig {
            max_lobbies: self.max_lobbies,
            max_lobbies_per_address: self.max_lobbies_per_address,
            max_lobbies_per_network: self.max_lobbies_per_network,
            lobby_idle_timeout: secs(self.lobby_idle_secs),
            empty_lobby_wait: secs(self.empty_lobby_secs),
            host_wait: secs(self.host_wait_secs),
            claim_wait: secs(self.claim_after_secs),
            max_players_per_lobby: self.max_players,
            max_connections: self.max_connections,
            max_connections_per_address: self.max_connections_per_address,
            max_connections_per_network: self.max_connections_per_network,
            max_pending_handshakes: self.max_handshakes,
            max_handshakes_per_address: self.max_handshakes_per_address,
            max_handshakes_per_network: self.max_handshakes_per_network,
            handshake_timeout: secs(self.handshake_secs),
            heartbeat_interval: secs(self.heartbeat_secs.max(1)),
            idle_timeout: secs(self.idle_secs),
            write_timeout: secs(self.write_secs),
            auth_failure_delay: secs(self.lockout_secs),
            auth_failure_max_delay: secs(self.lockout_max_secs),
            max_failure_records: self.max_failure_records,
            outbox_capacity: self.outbox_capacity,
            max_messages_per_second: self.max_rate,
            chat_per_second: self.chat_rate,
            chat_burst: self.chat_burst,
            max_chat_chars: self.max_chat_chars,
            max_setup_plies: self.max_setup_plies,
            replay_threads: self.replay_threads,
            max_queued_replays: self.max_queued_replays,
            max_replays_per_address: self.max_replays_per_address,
            max_entry_frame_len: self.max_entry_frame,
            max_member_frame_len: self.max_member_frame,
            max_buffered_bytes: self.max_buffered_mib.saturating_mul(MIB),
            max_buffered_bytes_per_address: self.max_buffered_mib_per_address.saturating_mul(MIB),
            max_buffered_bytes_per_network: self.max_buffered_mib_per_network.saturating_mul(MIB),
            // `run` puts the kept key and the store in their places.
            key: RelayKey::generate(),
            store: None,
        }
    }
}

/// A tokio runtime with `threads` workers: 0 for one per core, 1 for a runtime that
/// runs everything on the calling thread (no hand-offs between threads).
pub fn runtime(threads: usize) -> std::io::Result<tokio::runtime::Runtime> {
    match threads {
        0 => tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build(),
        1 => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build(),
        n => tokio::runtime::Builder::new_multi_thread()
            .worker_threads(n)
            .enable_all()
            .build(),
    }
}

/// Sends the relay's log to standard error: `info` and above unless `RUST_LOG` says
/// otherwise (for instance `RUST_LOG=ply_net=debug` or `RUST_LOG=warn`).
fn start_log() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // A second call (tests running the relay twice in one process) keeps the first.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .try_init();
}

/// Serves lobbies until Ctrl-C.
pub fn run(args: &RelayArgs) -> Result<(), String> {
    start_log();
    let runtime =
        runtime(args.threads).map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async {
        let listener = TcpListener::bind(&args.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot read the listening address: {e}"))?;
        let key = args.key()?;
        let store = args.store()?;
        // One line, which scripts read whole: where, how much, and the key's
        // fingerprint, which players compare and invite codes carry.
        say!(
            "relay listening on {addr} (up to {} lobbies of {} players, key fingerprint {}); \
             Ctrl-C stops it",
            args.max_lobbies,
            args.max_players,
            key.fingerprint()
        );
        let config = ServerConfig {
            key,
            store,
            ..args.config()
        };
        tracing::info!(%addr, ?config, "relay started");
        ply_net::run(listener, config, async {
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await;
        tracing::info!("relay stopped");
        say!("relay stopped");
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        relay: RelayArgs,
    }

    #[test]
    fn without_flags_the_relay_runs_with_the_servers_defaults() {
        let cli = Cli::try_parse_from(["ply"]).expect("no flags parse");
        assert_eq!(
            format!("{:?}", cli.relay.config()),
            format!("{:?}", ServerConfig::default())
        );
        let cli = Cli::try_parse_from(["ply", "--chat-rate", "9", "--max-buffered-mib", "3"])
            .expect("flags parse");
        let config = cli.relay.config();
        assert_eq!(config.chat_per_second, 9);
        assert_eq!(config.max_buffered_bytes, 3 * 1024 * 1024);
    }
}
