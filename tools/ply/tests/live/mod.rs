//! A `ply` process run by a test: its output read line by line as it comes, its input
//! written line by line, and the process itself there to be killed.

use std::process::{Command, Output};

/// A running `ply` process whose output lines arrive on a channel.
pub struct Live {
    /// The process, to kill where a crash is the point.
    pub child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Live {
    /// Starts `ply` with `args`, keeping its seats and saves in `home` (so a
    /// restarted process finds what the one before it kept).
    pub fn start_in(home: &std::path::Path, args: &[&str]) -> Live {
        use std::io::BufRead;
        use std::process::Stdio;
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(args)
            .env("PLYGROUND_REJOIN_DIR", home.join("rejoin"))
            .env("PLYGROUND_SAVE_DIR", home.join("saves"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the ply binary starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Live {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for a line containing `prefix` and returns the word after it (an address
    /// after "relay listening on ", a code after "invite code: ").
    #[allow(
        dead_code,
        reason = "not every test binary that shares this module reads one"
    )]
    pub fn word_after(&mut self, prefix: &str) -> String {
        let line = self.expect(prefix);
        line.split(prefix)
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .expect("a word after the prefix")
            .to_string()
    }

    /// Waits for a line containing `needle` and returns every line up to it, that one
    /// included.
    #[allow(
        dead_code,
        reason = "not every test binary that shares this module reads what came between"
    )]
    pub fn lines_until(&mut self, needle: &str) -> Vec<String> {
        let from = self.seen.len();
        self.expect(needle);
        self.seen[from..].to_vec()
    }

    /// Waits for a line containing `needle` and returns it.
    pub fn expect(&mut self, needle: &str) -> String {
        self.expect_any(&[needle])
    }

    /// Waits for a line containing any of `needles` and returns it.
    pub fn expect_any(&mut self, needles: &[&str]) -> String {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if needles.iter().any(|needle| line.contains(needle)) {
                        return line;
                    }
                }
                Err(_) => {
                    let ended = self.ended_with();
                    panic!(
                        "no line with any of {needles:?}; seen: {:#?}; {ended}",
                        self.seen
                    )
                }
            }
        }
    }

    /// How the process ended, with what it said on standard error, if it has ended.
    fn ended_with(&mut self) -> String {
        use std::io::Read;
        match self.child.try_wait() {
            Ok(Some(status)) => {
                let mut said = String::new();
                if let Some(mut stderr) = self.child.stderr.take() {
                    let _ = stderr.read_to_string(&mut said);
                }
                format!("it ended ({status}) saying: {said}")
            }
            _ => "it is still running".to_string(),
        }
    }

    /// The lines the process printed that have not been read yet, once it has ended
    /// (each waited for up to 200 ms).
    #[allow(
        dead_code,
        reason = "not every test binary that shares this module reads one"
    )]
    pub fn rest(&mut self) -> Vec<String> {
        let mut rest = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(std::time::Duration::from_millis(200))
        {
            self.seen.push(line.clone());
            rest.push(line);
        }
        rest
    }

    /// Writes `line` to the process's standard input.
    #[allow(
        dead_code,
        reason = "not every test binary that shares this module writes to one"
    )]
    pub fn say(&mut self, line: &str) {
        use std::io::Write;
        let stdin = self.child.stdin.as_mut().expect("stdin is piped");
        writeln!(stdin, "{line}").expect("the process reads its input");
    }

    /// Kills the process as a crash would: SIGKILL, no goodbye.
    #[allow(
        dead_code,
        reason = "not every test binary that shares this module crashes one"
    )]
    pub fn crash(mut self) {
        self.child.kill().expect("the process is killed");
        let _ = self.child.wait();
    }

    /// Closes the process's input and waits for it to end.
    #[allow(
        dead_code,
        reason = "not every test binary that shares this module lets one finish"
    )]
    pub fn finish(mut self) -> Output {
        drop(self.child.stdin.take());
        self.child.wait_with_output().expect("the process ends")
    }
}

/// Once Bobby is in Alice's lobby, Alice seats herself on White and Bobby on Black and
/// starts the game.
#[allow(
    dead_code,
    reason = "not every test binary that shares this module starts a game"
)]
pub fn seat_and_start(host: &mut Live, guest: &mut Live) {
    host.expect("players: Alice (host), Bobby");
    host.say("seat white Alice");
    host.say("seat black Bobby");
    host.say("start");
    guest.expect("game started");
}

/// A relay on a free loopback port with `flags`, keeping what it keeps in `home`, and
/// its address.
#[allow(
    dead_code,
    reason = "not every test binary that shares this module runs a relay"
)]
pub fn start_relay(home: &std::path::Path, flags: &[&str]) -> (Live, String) {
    let mut args = vec!["relay", "--listen", "127.0.0.1:0"];
    args.extend_from_slice(flags);
    let mut relay = Live::start_in(home, &args);
    let addr = relay.word_after("relay listening on ");
    (relay, addr)
}

/// Starts Alice's `ply host` (with `host_args`) and Bobby's `ply join` (with
/// `join_args`) in their homes, and once both are in, a game Alice plays White in.
#[allow(
    dead_code,
    reason = "not every test binary that shares this module starts a game"
)]
pub fn start_game(
    [host_home, guest_home]: [&std::path::Path; 2],
    host_args: &[&str],
    join_args: &[&str],
) -> (Live, Live) {
    let mut host = Live::start_in(host_home, host_args);
    host.expect("entered lobby");
    let mut guest = Live::start_in(guest_home, join_args);
    guest.expect("entered lobby");
    seat_and_start(&mut host, &mut guest);
    (host, guest)
}
