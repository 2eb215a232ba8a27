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
}

/// Serves lobbies until Ctrl-C.
pub fn run(args: &RelayArgs) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async {
        let listener = TcpListener::bind(&args.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot read the listening address: {e}"))?;
        println!(
            "relay listening on {addr} (up to {} lobbies of {} players); Ctrl-C stops it",
            args.max_lobbies, args.max_players
        );
        let config = ServerConfig {
            max_lobbies: args.max_lobbies,
            max_players_per_lobby: args.max_players,
            max_connections: args.max_connections,
            ..ServerConfig::default()
        };
        ply_net::run(listener, config, async {
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await;
        println!("relay stopped");
        Ok(())
    })
}
