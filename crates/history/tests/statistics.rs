//! Filters, pages and statistics on a hand-built set of games whose figures are known:
//! eleven games of Ann's over nine days (and one between two others), against the
//! computer on Easy and Hard and against Bob, in chess and Connect Four.

mod common;

use common::{MONDAY_NOON, Place, at, computer, ended, person, saved};
use ply_core::Player;
use ply_history::{
    Circumstances, Computer, GameFilter, History, Page, PlayerResult, Span, Strength, Timeline,
};
use ply_modes::Level;

const DAY: u64 = 24 * 3600;

/// Who Ann played in a game of the set.
#[derive(Clone, Copy)]
enum Against {
    Easy,
    Hard,
    Bob,
}

/// The set: (day, minutes past noon, mode, opponent, Ann's result, online), in the
/// order played. Ann's results in order: W W L W D L W L W W.
const GAMES: [(u64, u64, &str, Against, PlayerResult, bool); 10] = [
    (0, 0, "chess", Against::Easy, PlayerResult::Win, false),
    (0, 30, "chess", Against::Easy, PlayerResult::Win, false),
    (1, 0, "chess", Against::Easy, PlayerResult::Loss, false),
    (1, 30, "connect4", Against::Bob, PlayerResult::Win, false),
    (2, 0, "connect4", Against::Bob, PlayerResult::Draw, false),
    (3, 0, "chess", Against::Hard, PlayerResult::Loss, false),
    (3, 30, "chess", Against::Hard, PlayerResult::Win, false),
    (4, 0, "chess", Against::Hard, PlayerResult::Loss, false),
    (8, 0, "connect4", Against::Bob, PlayerResult::Win, true),
    (8, 30, "chess", Against::Hard, PlayerResult::Win, false),
];

/// The history holding the set, plus a chess game between Cid and Dee on day 2.
fn filled(place: &Place) -> History {
    let mut history = place.history();
    for (number, &(day, minutes, mode, against, result, online)) in GAMES.iter().enumerate() {
        // Ann plays first in even-numbered games, second in the others.
        let ann = if number % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let opponent = match against {
            Against::Easy => computer(Level::at(4), ann.opponent()),
            Against::Hard => computer(Level::at(7), ann.opponent()),
            Against::Bob => person("Bob", ann.opponent()),
        };
        let winner = match result {
            PlayerResult::Win => Some(ann),
            PlayerResult::Loss => Some(ann.opponent()),
            PlayerResult::Draw => None,
        };
        let moves: &[&str] = if mode == "chess" { &["e2e4"] } else { &["4"] };
        let game = saved(
            &format!("Game {}", number + 1),
            vec![person("Ann", ann), opponent],
            ended(mode, moves, winner),
            at(MONDAY_NOON + day * DAY + minutes * 60),
        );
        let circumstances = if online {
            Circumstances::online("K7QX2M", "relay.example:7373", ann)
        } else {
            Circumstances::local()
        };
        history.record(&game, &circumstances).expect("recorded");
    }
    let others = saved(
        "Friendly",
        vec![person("Cid", Player::First), person("Dee", Player::Second)],
        ended("chess", &["d2d4"], None),
        at(MONDAY_NOON + 2 * DAY + 3600),
    );
    history
        .record(&others, &Circumstances::local())
        .expect("recorded");
    history
}

#[test]
fn filters_and_pages_find_the_games_they_should() {
    let place = Place::new();
    let history = filled(&place);
    let count = |filter: GameFilter| history.count(&filter).expect("counted");
    assert_eq!(count(GameFilter::default()), 11);
    let mode = |id: &str| GameFilter {
        mode: Some(id.to_string()),
        ..GameFilter::default()
    };
    assert_eq!(count(mode("chess")), 8);
    assert_eq!(count(mode("connect4")), 3);
    let opponent = GameFilter {
        opponent: Some("bob".to_string()),
        ..GameFilter::default()
    };
    assert_eq!(count(opponent), 3);
    let wins = GameFilter {
        result: Some(PlayerResult::Win),
        ..GameFilter::default()
    };
    assert_eq!(count(wins), 6);
    let computer = |choice: Computer| GameFilter {
        computer: Some(choice),
        ..GameFilter::default()
    };
    assert_eq!(count(computer(Computer::Any)), 7);
    assert_eq!(count(computer(Computer::Level(Level::at(7)))), 4);
    assert_eq!(count(computer(Computer::Level(Level::FULL))), 0);
    assert_eq!(count(computer(Computer::Never)), 4);
    let online = GameFilter {
        online: Some(true),
        ..GameFilter::default()
    };
    assert_eq!(count(online), 1);
    let days_one_and_two = GameFilter {
        from: Some(at(MONDAY_NOON + DAY)),
        until: Some(at(MONDAY_NOON + 3 * DAY)),
        ..GameFilter::default()
    };
    assert_eq!(count(days_one_and_two), 4);
    let search = |text: &str| GameFilter {
        search: Some(text.to_string()),
        ..GameFilter::default()
    };
    assert_eq!(count(search("DEE")), 1);
    assert_eq!(count(search("game 1")), 2, "Game 1 and Game 10");
    assert_eq!(count(search("%")), 0, "wildcards are plain text");
    let hard_wins_in_chess = GameFilter {
        mode: Some("chess".to_string()),
        result: Some(PlayerResult::Win),
        computer: Some(Computer::Level(Level::at(7))),
        ..GameFilter::default()
    };
    assert_eq!(count(hard_wins_in_chess), 2);

    let titles = |page: Page| -> Vec<String> {
        history
            .list(&GameFilter::default(), page)
            .expect("listed")
            .into_iter()
            .map(|game| game.title)
            .collect()
    };
    assert_eq!(titles(Page::first(3)), ["Game 10", "Game 9", "Game 8"]);
    // Newest first, Cid and Dee's game among them: the third page of four is the last three.
    assert_eq!(titles(Page::number(2, 4)), ["Game 3", "Game 2", "Game 1"]);
    let ids = history.ids(&mode("connect4")).expect("numbers");
    assert_eq!(ids.len(), 3);
}

#[test]
fn statistics_give_the_known_figures() {
    let place = Place::new();
    let history = filled(&place);
    let strengths = [(Level::at(4), 1000.0), (Level::at(7), 1600.0)].map(|(level, elo)| Strength {
        mode: "chess".to_string(),
        level,
        elo,
    });
    let stats = history
        .stats(
            &GameFilter::default(),
            &strengths,
            &Timeline::utc(Span::Day),
        )
        .expect("statistics");
    let overall = &stats.overall;
    assert_eq!(
        (
            overall.tally.wins,
            overall.tally.draws,
            overall.tally.losses
        ),
        (6, 1, 3)
    );
    assert_eq!(overall.streaks.current, Some((PlayerResult::Win, 2)));
    assert_eq!(overall.streaks.longest_wins, 2);
    assert_eq!(overall.streaks.longest_losses, 1);
    assert_eq!(overall.streaks.longest_unbeaten, 2);
    assert_eq!(stats.uncounted, 1, "Cid and Dee's game counts for nobody");

    let chess = &stats.modes[0];
    assert_eq!(chess.name, "chess");
    assert_eq!(
        (chess.tally.wins, chess.tally.draws, chess.tally.losses),
        (4, 0, 3)
    );
    assert_eq!(
        chess.streaks.longest_losses, 2,
        "games 3 and 6, with Connect Four between"
    );
    let connect4 = &stats.modes[1];
    assert_eq!((connect4.tally.wins, connect4.tally.draws), (2, 1));
    assert_eq!(connect4.streaks.longest_unbeaten, 3);

    let names: Vec<(&str, u32)> = stats
        .opponents
        .iter()
        .map(|group| (group.name.as_str(), group.tally.games()))
        .collect();
    assert_eq!(names, [("Computer", 7), ("Bob", 3)]);

    let easy = &stats.levels[0];
    assert_eq!(easy.level, Level::at(4));
    assert_eq!((easy.tally.wins, easy.tally.losses), (2, 1));
    let performance = easy.performance.expect("a rating");
    // 1000 + 400 log10(2) and 400 / (ln 10 sqrt(3 * 2/3 * 1/3)).
    assert!((performance.elo - 1120.41).abs() < 0.01, "{performance:?}");
    assert!(
        (performance.standard_error - 212.76).abs() < 0.01,
        "{performance:?}"
    );
    let hard = &stats.levels[1];
    assert_eq!(
        (hard.level, hard.tally.wins, hard.tally.losses),
        (Level::at(7), 2, 2)
    );
    let hard_rating = hard.performance.expect("a rating");
    assert!((hard_rating.elo - 1600.0).abs() < 1e-6);
    assert!((hard_rating.standard_error - 173.72).abs() < 0.01);
    // Solving 3 E(R - 1000) + 4 E(R - 1600) = 4 points.
    let rating = stats.rating.expect("a combined rating");
    assert!((rating.elo - 1453.84).abs() < 0.01, "{rating:?}");
    assert!((rating.standard_error - 170.92).abs() < 0.01, "{rating:?}");
    assert!(rating.low() < rating.elo && rating.elo < rating.high());

    let days: Vec<(u64, u32)> = stats
        .timeline
        .iter()
        .map(|bar| {
            let day = bar
                .start
                .duration_since(at(MONDAY_NOON - 12 * 3600))
                .expect("later");
            (day.as_secs() / DAY, bar.tally.games())
        })
        .collect();
    assert_eq!(days, [(0, 2), (1, 2), (2, 1), (3, 2), (4, 1), (8, 2)]);
    let weeks = history
        .stats(&GameFilter::default(), &[], &Timeline::utc(Span::Week))
        .expect("statistics");
    let week_games: Vec<u32> = weeks.timeline.iter().map(|bar| bar.tally.games()).collect();
    assert_eq!(week_games, [8, 2]);
    assert_eq!(weeks.rating, None, "no strengths, no rating");
    assert!(weeks.levels.iter().all(|level| level.performance.is_none()));

    let online = history
        .stats(
            &GameFilter {
                online: Some(true),
                ..GameFilter::default()
            },
            &strengths,
            &Timeline::utc(Span::Day),
        )
        .expect("statistics");
    assert_eq!(online.overall.tally.games(), 1);
    assert_eq!(
        online.timeline[0].start,
        at(MONDAY_NOON + 8 * DAY - 12 * 3600)
    );
}
