//! `ply relay`: the dedicated relay server, hosting many lobbies on a public machine so
//! that players behind home routers can all connect outward to it.

use clap::Args;
use ply_net::{ServerConfig, protocol::DEFAULT_PORT};
use tokio::net::TcpListener;

/// Arguments of `ply relay`.
#[derive(Args, Debug)]
pub struct RelayArgs {
    /// Address and port to listen on.
    #[arg(long, default_value_t = format!("0.0.0.0:{DEFAULT_PORT}"))]
    listen: String,
    /// How many lobbies may be open at once.
    #[arg(long, default_value_t = 100)]
    max_lobbies: usize,
    /// How many members one lobby takes (players and spectators).
    #[arg(long, default_value_t = 16)]
    max_players: usize,
    /// How many connections may be open at once.
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// How many messages per second one connection may send before it is cut off.
    #[arg(long, default_value_t = 50)]
    max_rate: u32,
    /// How many threads serve connections (0: one per processor core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
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

/// Serves lobbies until Ctrl-C.
pub fn run(args: &RelayArgs) -> Result<(), String> {
    let runtime =
        runtime(args.threads).map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async {
        let listener = TcpListener::bind(&args.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot read the listening address: {e}"))?;
        say!(
            "relay listening on {addr} (up to {} lobbies of {} players); Ctrl-C stops it",
            args.max_lobbies,
            args.max_players
        );
        let config = ServerConfig {
            max_lobbies: args.max_lobbies,
            max_players_per_lobby: args.max_players,
            max_connections: args.max_connections,
            max_messages_per_second: args.max_rate,
            ..ServerConfig::default()
        };
        ply_net::run(listener, config, async {
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await;
        say!("relay stopped");
        Ok(())
    })
}
