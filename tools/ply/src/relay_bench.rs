//! `ply bench relay`: starts `ply relay` on loopback as a separate process, plays many
//! two-player lobbies against it, and prints move round trips, throughput and the
//! relay's memory (from its `/proc/<pid>/status`).

use clap::Args;
use ply_net::bench::{BenchOptions, BenchReport};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Arguments of `ply bench relay`.
#[derive(Args, Debug)]
pub struct RelayBenchArgs {
    /// How many lobbies play at once (two clients each).
    #[arg(long, default_value_t = 100)]
    lobbies: usize,
    /// How many moves each lobby plays.
    #[arg(long, default_value_t = 20)]
    plies: usize,
    /// How long a player waits after the opponent's move before answering, in
    /// milliseconds (1000: every lobby plays a move per second; 0: as fast as the
    /// relay allows, which measures queueing rather than round trips).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Threads of the relay (0: one per core, 1: single-threaded).
    #[arg(long, default_value_t = 0)]
    relay_threads: usize,
    /// Threads running the clients (0: one per core, 1: single-threaded).
    #[arg(long, default_value_t = 0)]
    client_threads: usize,
}

/// The relay process, killed when this goes out of scope.
struct Relay {
    child: Child,
}

impl Drop for Relay {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A memory figure of the process, in KiB (`VmRSS`, `VmHWM`...).
fn memory_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn mib(kib: Option<u64>) -> String {
    kib.map_or("unknown".to_string(), |kib| {
        format!("{:.1} MiB", kib as f64 / 1024.0)
    })
}

fn ms(duration: Duration) -> String {
    format!("{:.3} ms", duration.as_secs_f64() * 1000.0)
}

/// Runs the relay benchmark and prints its figures.
pub fn run(args: &RelayBenchArgs) -> Result<(), String> {
    // Each process holds one socket per client (plus a few files of its own); the
    // relay inherits the raised limit.
    let files = (args.lobbies * 2 + 256) as u64;
    let allowed = rlimit::increase_nofile_limit(files).unwrap_or(0);
    if allowed < files {
        return Err(format!(
            "{} lobbies need {files} open files per process, but only {allowed} are allowed \
             (raise the limit with `ulimit -n`)",
            args.lobbies
        ));
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the ply program: {e}"))?;
    let connections = args.lobbies * 2 + 64;
    let mut command = Command::new(exe);
    command
        .args(["relay", "--listen", "127.0.0.1:0", "--max-lobbies"])
        .arg((args.lobbies + 1).to_string())
        .arg("--max-connections")
        .arg(connections.to_string())
        .arg("--max-handshakes")
        .arg(connections.to_string());
    // Every client comes from loopback: one address and one network, as far as the
    // relay can tell, so the limits per address and network are the relay's own.
    let buffered = ply_net::ServerConfig::default().max_buffered_bytes >> 20;
    for (flag, limit) in [
        ("--max-lobbies-per-address", args.lobbies + 1),
        ("--max-lobbies-per-network", args.lobbies + 1),
        ("--max-connections-per-address", connections),
        ("--max-connections-per-network", connections),
        ("--max-handshakes-per-address", connections),
        ("--max-handshakes-per-network", connections),
        ("--max-buffered-mib-per-address", buffered),
        ("--max-buffered-mib-per-network", buffered),
    ] {
        command.arg(flag).arg(limit.to_string());
    }
    let child = command
        // Its log would only say, once a minute, what the benchmark does on purpose.
        .env("RUST_LOG", "warn")
        // The benchmark's players may move faster than people are allowed to.
        .args(["--max-rate", "100000"])
        .arg("--threads")
        .arg(args.relay_threads.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the relay: {e}"))?;
    let mut relay = Relay { child };
    let pid = relay.child.id();
    let stdout = relay
        .child
        .stdout
        .take()
        .ok_or("the relay's output is not readable")?;
    // Kept open until the relay is stopped, so that it can always write its output.
    let mut output = BufReader::new(stdout);
    let mut first = String::new();
    output
        .read_line(&mut first)
        .map_err(|e| format!("cannot read the relay's address: {e}"))?;
    let addr = first
        .strip_prefix("relay listening on ")
        .and_then(|rest| rest.split_whitespace().next())
        .ok_or_else(|| format!("the relay did not start: '{}'", first.trim()))?
        .to_string();
    let idle = memory_kib(pid, "VmRSS:");

    let options = BenchOptions {
        lobbies: args.lobbies,
        plies: args.plies,
        think: Duration::from_millis(args.think_ms),
        ..BenchOptions::default()
    };
    say!(
        "relay bench: {} lobbies x 2 clients, {} moves each, {} ms thinking, relay pid {pid} on {addr}",
        options.lobbies,
        options.plies,
        args.think_ms
    );
    // Round trips depend on what else the machine runs: say how busy it was.
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    if let Some(load) = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string))
    {
        say!("machine: {cores} cores, load average {load} before the run");
    }
    let runtime = crate::relay::runtime(args.client_threads)
        .map_err(|e| format!("cannot start the clients' runtime: {e}"))?;
    let report: BenchReport = runtime
        .block_on(ply_net::bench::run(&addr, &options))
        .map_err(|e| format!("benchmark failed: {e}"))?;
    let peak = memory_kib(pid, "VmHWM:");
    let after = memory_kib(pid, "VmRSS:");
    drop(relay);
    drop(output);

    say!(
        "setup: {} connections entered, {} games started in {:.2} s",
        report.lobbies * 2,
        report.lobbies,
        report.setup.as_secs_f64()
    );
    say!(
        "moves: {} in {:.2} s = {:.0} moves/s ({:.0} move messages delivered/s)",
        report.moves,
        report.play.as_secs_f64(),
        report.moves_per_second(),
        report.moves_per_second() * 2.0
    );
    say!(
        "move round trip: p50 {}, p99 {}, max {}",
        ms(report.p50),
        ms(report.p99),
        ms(report.max)
    );
    let per_connection = match (idle, peak) {
        (Some(idle), Some(peak)) if report.lobbies > 0 => format!(
            ", {:.1} KiB per connection",
            peak.saturating_sub(idle) as f64 / (report.lobbies * 2) as f64
        ),
        _ => String::new(),
    };
    say!(
        "relay memory (/proc/{pid}/status): VmRSS idle {}, peak (VmHWM) {}, VmRSS after {}{per_connection}",
        mib(idle),
        mib(peak),
        mib(after)
    );
    Ok(())
}
