//! `ply bench wire`: what the encryption adds to a move's round trip through the
//! relay, timed on its own, without the network or the scheduler in the figures (the
//! relay bench's round trips vary from run to run by far more than this on a busy
//! machine).

use clap::Args;
use std::time::Duration;

/// Arguments of `ply bench wire`.
#[derive(Args, Debug)]
pub struct WireBenchArgs {
    /// How many round trips to time.
    #[arg(long, default_value_t = 200_000)]
    samples: usize,
}

/// Times the round trips and prints their percentiles.
pub fn run(args: &WireBenchArgs) -> Result<(), String> {
    if args.samples == 0 {
        return Err("--samples must be at least 1".to_string());
    }
    let mut times = ply_net::bench::crypto_round_trips(args.samples)
        .map_err(|error| format!("the encryption failed: {error}"))?;
    times.sort_unstable();
    let at = |fraction: f64| {
        let index = ((times.len() - 1) as f64 * fraction).round() as usize;
        times[index]
    };
    let micros = |time: Duration| time.as_secs_f64() * 1e6;
    say!(
        "encryption per move round trip (seal and open of the move, the echo to both players), {} samples:",
        times.len()
    );
    say!(
        "p50 {:.1} us, p99 {:.1} us, p99.9 {:.1} us, max {:.1} us",
        micros(at(0.5)),
        micros(at(0.99)),
        micros(at(0.999)),
        micros(times[times.len() - 1])
    );
    Ok(())
}
