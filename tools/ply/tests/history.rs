//! `ply history` as a player runs it, on real files: the saves folder imported on the
//! first start, a list under filters, statistics, PGN import and export, deletion, a
//! rebuild, the games at a position, clear refusals; and a writer killed with SIGKILL
//! mid-write, again and again, leaving a database that opens with every game it said
//! it had recorded.

mod live;

use live::Live;
use ply_core::Player;
use ply_core::zobrist::splitmix64;
use ply_history::{GameId, History};
use ply_modes::Level;
use ply_save::{Controller, SaveFolder, SavedGame, Seat};
use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A player's data folder: the history's file and the saves folder in a temporary
/// folder.
struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    fn new() -> Home {
        Home {
            dir: tempfile::tempdir().expect("a temporary folder"),
        }
    }

    fn history_file(&self) -> PathBuf {
        self.dir.path().join("history.sqlite3")
    }

    fn saves(&self) -> SaveFolder {
        SaveFolder::at(self.dir.path().join("saves"))
    }

    /// Runs `ply history ARGS` for Ann with this home's history and saves.
    fn ply(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(["history", "--player", "Ann"])
            .args(args)
            .env("PLYGROUND_HISTORY", self.history_file())
            .env("PLYGROUND_SAVE_DIR", self.saves().path())
            .output()
            .expect("the ply binary runs")
    }

    /// Runs `ply history ARGS`, which must succeed; returns what it printed.
    fn ok(&self, args: &[&str]) -> String {
        let output = self.ply(args);
        assert!(
            output.status.success(),
            "ply history {args:?} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }
}

/// Ann's finished game of `mode` against `opponent`, after `moves`, won by `winner`
/// by resignation, first saved `minutes` after a fixed day.
fn finished(mode: &str, moves: &[&str], opponent: Seat, winner: Player, minutes: u64) -> SavedGame {
    let mut game = ply_modes::replay(mode, None, moves).expect("legal moves");
    game.resign(winner.opponent()).expect("may resign");
    let ann = Seat {
        name: "Ann".to_string(),
        controller: Controller::Person,
        side: opponent.side.opponent(),
    };
    let mut saved = SavedGame::new(format!("{mode} game"), vec![ann, opponent], game);
    saved.created = UNIX_EPOCH + Duration::from_secs(1_794_830_400 + minutes * 60);
    saved.updated = saved.created + Duration::from_secs(30);
    saved
}

fn bob(side: Player) -> Seat {
    Seat {
        name: "Bob".to_string(),
        controller: Controller::Person,
        side,
    }
}

#[test]
fn the_history_commands_work_on_real_files() {
    let home = Home::new();
    let computer = Seat {
        name: "Computer".to_string(),
        controller: Controller::Computer(Level::at(5)),
        side: Player::Second,
    };
    let saves = home.saves();
    saves
        .save(
            "won",
            &finished("chess", &["e2e4", "e7e5"], computer, Player::First, 0),
        )
        .expect("saved");
    saves
        .save(
            "lost",
            &finished(
                "connect4",
                &["4", "3"],
                bob(Player::First),
                Player::First,
                10,
            ),
        )
        .expect("saved");

    let first = home.ply(&["list"]);
    assert!(first.status.success());
    assert!(
        String::from_utf8_lossy(&first.stderr).contains("imported 2 finished games"),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let listed = String::from_utf8_lossy(&first.stdout).into_owned();
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 3, "{listed}");
    assert!(
        lines[0].contains("Connect Four") && lines[0].contains(" lost "),
        "{listed}"
    );
    assert!(
        lines[1].contains("Ann v Computer (Level 5)") && lines[1].contains(" won "),
        "{listed}"
    );
    assert_eq!(lines[2], "games 1-2 of 2 (page 1 of 1)");
    assert!(!String::from_utf8_lossy(&home.ply(&["list"]).stderr).contains("imported"));

    let chess_only = home.ok(&["list", "--mode", "chess", "--computer", "medium"]);
    assert_eq!(chess_only.lines().count(), 2, "{chess_only}");
    assert_eq!(
        home.ok(&["list", "--opponent", "BOB", "--result", "win"]),
        "no games\n"
    );

    let stats = home.ok(&["stats", "--strength", "medium=1400", "--by", "day"]);
    assert!(stats.starts_with("2 games counted"), "{stats}");
    assert!(
        stats.contains("2 games: 1 won, 0 drawn, 1 lost (50.0%)"),
        "{stats}"
    );
    assert!(
        stats.contains("Level 5") && stats.contains("strength 1400, rating beyond measure"),
        "{stats}"
    );

    let pgn = home.dir.path().join("club.pgn");
    std::fs::write(
        &pgn,
        "[Event \"Club\"]\n[Date \"2026.11.17\"]\n[White \"Zed\"]\n[Black \"Ann\"]\n[Result \"0-1\"]\n\n\
         1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6) 3. Bb5 $2 a6 0-1\n",
    )
    .expect("written");
    let imported = home.ok(&["import", pgn.to_str().expect("a path")]);
    assert!(
        imported.contains("1 games added, 0 already there"),
        "{imported}"
    );
    let again = home.ok(&["import", pgn.to_str().expect("a path")]);
    assert!(again.contains("0 games added, 1 already there"), "{again}");

    let explored = home.ok(&["explore", "--mode", "chess", "--moves", "e2e4"]);
    assert!(
        explored.starts_with("2 games reached this position (Black to move)"),
        "{explored}"
    );
    assert!(
        explored.contains("e5         e7e5     2 games: 1 won, 0 drawn, 1 lost"),
        "{explored}"
    );

    let out = home.dir.path().join("out.pgn");
    let exported = home.ok(&["export", out.to_str().expect("a path"), "--mode", "chess"]);
    assert_eq!(
        exported.trim(),
        format!("2 games written to {} as PGN", out.display())
    );
    let written = std::fs::read_to_string(&out).expect("written");
    assert_eq!(written.matches("[Event ").count(), 2);
    assert!(written.contains("[Black \"Ann\"]"), "{written}");

    let id = listed
        .lines()
        .next()
        .and_then(|line| line.split_whitespace().next())
        .expect("a number");
    let deleted = home.ok(&["delete", id.trim_start_matches('#')]);
    assert_eq!(deleted, "deleted 1 games\n");
    let missing = home.ply(&["delete", "999"]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no game number 999"));

    let rebuilt = home.ok(&["rebuild"]);
    assert!(
        rebuilt.contains("passed SQLite's integrity check"),
        "{rebuilt}"
    );
    assert!(
        rebuilt.contains("1 games added, 1 already there"),
        "{rebuilt}"
    );
    assert!(home.ok(&["list"]).contains("games 1-3 of 3"));
}

#[test]
fn bad_input_is_refused_in_words() {
    let home = Home::new();
    let bad = home.dir.path().join("bad.pgn");
    std::fs::write(
        &bad,
        "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Ke3 1-0\n",
    )
    .expect("written");
    let refused = home.ply(&["import", bad.to_str().expect("a path")]);
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr).into_owned();
    assert!(
        said.contains(
            "game 1 (Ann v Bob): move 2. Ke3 is not a legal move here; nothing of it was stored"
        ),
        "{said}"
    );
    for (args, words) in [
        (
            &["list", "--computer", "gentle"][..],
            "--computer takes any, never",
        ),
        (
            &["list", "--from", "21/11/2026"],
            "write a day as YYYY-MM-DD",
        ),
        (
            &["stats", "--strength", "hard"],
            "write a strength as MODE:LEVEL=RATING",
        ),
        (&["export", "/nonexistent/x.pgn"], "no games to export"),
    ] {
        let refused = home.ply(args);
        assert!(!refused.status.success(), "{args:?}");
        let said = String::from_utf8_lossy(&refused.stderr);
        assert!(said.contains(words), "{args:?}: {said}");
    }
    let help = home.ok(&["--help"]);
    for command in [
        "list",
        "stats",
        "import",
        "import-saves",
        "export",
        "delete",
        "rebuild",
        "explore",
    ] {
        assert!(help.contains(command), "{command} missing from:\n{help}");
    }
}

/// What the writer printed for one game: its number in the series, its id and identity.
struct Printed {
    id: i64,
    identity: String,
}

impl Printed {
    /// What the writer's line "recorded NUMBER ID IDENTITY" says.
    fn read(line: &str) -> Printed {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words.len(), 4, "{line}");
        Printed {
            id: words[2].parse().expect("an id"),
            identity: words[3].to_string(),
        }
    }
}

/// Starts the writer at game `start`, lets it print `wanted` games, waits a moment
/// more, kills it with SIGKILL, and returns what it printed.
fn write_then_kill(home: &Home, start: u64, wanted: usize, pause: Duration) -> Vec<Printed> {
    let file = home.history_file();
    let start = start.to_string();
    let args = [
        "bench",
        "history-writes",
        "--seed",
        "7",
        "--start",
        &start,
        "--file",
        file.to_str().expect("a path"),
    ];
    let mut writer = Live::start_in(home.dir.path(), &args);
    let mut printed: Vec<Printed> = (0..wanted)
        .map(|_| Printed::read(&writer.expect("recorded ")))
        .collect();
    std::thread::sleep(pause);
    writer.child.kill().expect("killed with SIGKILL");
    writer.child.wait().expect("reaped");
    // Lines printed before the kill that this test had not read yet count too.
    printed.extend(writer.rest().iter().map(|line| Printed::read(line)));
    printed
}

#[test]
fn a_writer_killed_mid_write_leaves_every_game_it_printed() {
    let home = Home::new();
    let file = home.history_file();
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |since| since.as_nanos() as u64);
    let mut dice = seed;
    let mut all: Vec<Printed> = Vec::new();
    let mut next = 0u64;
    for round in 0..8 {
        dice = splitmix64(dice);
        let wanted = 1 + (dice % 25) as usize;
        let pause = Duration::from_micros(splitmix64(dice) % 20_000);
        let printed = write_then_kill(&home, next, wanted, pause);
        next += printed.len() as u64 + 1;
        all.extend(printed);

        let opened = History::open(&file, &SaveFolder::at(home.dir.path().join("none")), &[])
            .unwrap_or_else(|e| {
                panic!("round {round} (seed {seed}): the database does not open: {e}")
            });
        assert!(
            opened.damage.is_none(),
            "round {round} (seed {seed}): damaged"
        );
        for game in &all {
            let stored = opened.history.game(GameId(game.id)).unwrap_or_else(|e| {
                panic!("round {round} (seed {seed}): game {} lost: {e}", game.id)
            });
            assert_eq!(stored.summary.identity, game.identity, "seed {seed}");
        }
    }
    assert!(all.len() >= 8, "{} games", all.len());
}
