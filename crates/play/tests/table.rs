//! The game table without a window: local referee, computer seats, draw offers and
//! answers, undo across a computer move, resignation, clocks that pause, unsaved
//! changes, and what moves did (captures, promotion, explosion, castling, multi-jumps).

use ply_core::{EndReason, Outcome, Player};
use ply_modes::{AnyGame, Level};
use ply_play::{Seat, Table, TableEvent, Tally};
use std::time::Duration;

fn game(mode: &str, position: Option<&str>, moves: &str) -> Box<dyn AnyGame> {
    ply_modes::replay(mode, position, moves.split_whitespace()).expect("a game that replays")
}

fn play(table: &mut Table, text: &str) {
    let code = table.game().parse_move(text).expect("legal");
    table.play(code);
}

const PEOPLE: [Seat; 2] = [Seat::Person, Seat::Person];

#[test]
fn a_local_move_is_played_at_once_and_reported() {
    let mut table = Table::local(game("chess", None, ""), PEOPLE);
    play(&mut table, "e2e4");
    assert_eq!(table.game().move_texts(), ["e2e4"]);
    let events = table.take_events();
    assert!(
        matches!(&events[..], [TableEvent::Moved(effects)] if effects.display == "e4" && effects.captured.is_empty()),
        "{events:?}"
    );
    assert!(table.take_events().is_empty());
}

#[test]
fn the_computer_answers_a_persons_move() {
    let seats = [Seat::Person, Seat::Computer(Level::at(4))];
    let mut table = Table::local(game("connect4", None, ""), seats);
    play(&mut table, "4");
    assert_eq!(table.game().to_move(), Player::Second);
    assert!(!table.person_to_move());
    table.wait_for_computer();
    assert_eq!(table.game().moves().len(), 2);
    assert!(table.person_to_move());
}

#[test]
fn a_draw_offer_between_two_people_waits_for_an_answer() {
    let mut table = Table::local(game("chess", None, "e2e4 e7e5"), PEOPLE);
    table.offer_draw(Player::First);
    assert_eq!(table.outcome(), None, "offering does not end the game");
    assert_eq!(table.draw_offer(), Some(Player::First));
    assert!(
        !table.person_to_move(),
        "the offer is answered before play goes on"
    );
    table.answer_draw(false);
    assert_eq!(table.draw_offer(), None);
    assert_eq!(table.outcome(), None);
    let events = table.take_events();
    assert!(
        events.contains(&TableEvent::DrawDeclined(Player::Second)),
        "{events:?}"
    );
    table.offer_draw(Player::First);
    table.answer_draw(true);
    assert_eq!(
        table.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::DrawAgreed
        })
    );
}

#[test]
fn the_computer_declines_a_draw_in_an_even_position() {
    let seats = [Seat::Person, Seat::Computer(Level::at(7))];
    let mut table = Table::local(game("chess", None, ""), seats);
    table.offer_draw(Player::First);
    assert_eq!(table.outcome(), None);
    assert_eq!(table.draw_offer(), None);
    assert!(
        table
            .take_events()
            .contains(&TableEvent::DrawDeclined(Player::Second))
    );
}

#[test]
fn the_computer_accepts_a_draw_when_clearly_lost() {
    // Black has a bare king against king and queen.
    let seats = [Seat::Person, Seat::Computer(Level::at(7))];
    let lost = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let mut table = Table::local(game("chess", Some(lost), ""), seats);
    table.offer_draw(Player::First);
    assert_eq!(
        table.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::DrawAgreed
        })
    );
}

#[test]
fn undo_takes_back_the_computers_move_too() {
    let seats = [Seat::Person, Seat::Computer(Level::at(4))];
    let mut table = Table::local(game("chess", None, ""), seats);
    play(&mut table, "d2d4");
    table.wait_for_computer();
    assert_eq!(table.game().moves().len(), 2);
    assert_eq!(table.history().len(), 2);
    table.undo();
    assert!(table.game().moves().is_empty());
    assert!(table.history().is_empty());
    assert!(table.person_to_move());
    assert!(table.take_events().contains(&TableEvent::Undone));
}

#[test]
fn undo_while_the_computer_thinks_drops_its_answer() {
    let seats = [Seat::Person, Seat::Computer(Level::FULL)];
    let mut table = Table::local(game("chess", None, ""), seats);
    play(&mut table, "e2e4");
    table.tick(Duration::from_secs(1), false);
    assert!(table.thinking().is_some());
    table.undo();
    assert!(table.thinking().is_none());
    std::thread::sleep(Duration::from_millis(50));
    table.tick(Duration::from_millis(10), false);
    assert!(table.game().moves().is_empty(), "a stale answer was played");
}

#[test]
fn a_person_resigns_and_the_other_side_wins() {
    let mut table = Table::local(game("hnefatafl", None, ""), PEOPLE);
    table.resign(Player::First);
    let expected = Outcome::Win {
        winner: Player::Second,
        reason: EndReason::Resignation,
    };
    assert_eq!(table.outcome(), Some(expected));
    assert!(table.take_events().contains(&TableEvent::Ended(expected)));
}

#[test]
fn the_clock_runs_for_the_side_to_move_and_stops_while_paused() {
    let mut table = Table::local(game("checkers", None, ""), PEOPLE);
    table.tick(Duration::from_secs(2), false);
    play(&mut table, "11-15");
    table.tick(Duration::from_secs(2), false);
    play(&mut table, "23-19");
    assert_eq!(
        table.clocks().both(),
        [Duration::ZERO; 2],
        "no clock runs before its side's first move"
    );
    table.tick(Duration::from_secs(2), true);
    assert_eq!(table.clocks().both(), [Duration::ZERO; 2]);
    table.tick(Duration::from_secs(2), false);
    assert_eq!(table.clocks().used(Player::First), Duration::from_secs(2));
    play(&mut table, "8-11");
    table.tick(Duration::from_secs(3), false);
    assert_eq!(table.clocks().used(Player::Second), Duration::from_secs(3));
    table.resign(Player::Second);
    table.tick(Duration::from_secs(3), false);
    assert_eq!(table.clocks().used(Player::Second), Duration::from_secs(3));
}

#[test]
fn unsaved_changes_are_tracked() {
    let mut table = Table::local(game("chess", None, ""), PEOPLE);
    assert!(!table.unsaved(), "nothing to lose before the first move");
    play(&mut table, "e2e4");
    assert!(table.unsaved());
    table.mark_saved("game-1".into(), std::time::SystemTime::now());
    assert!(!table.unsaved());
    play(&mut table, "e7e5");
    assert!(table.unsaved());
    table.resign(Player::First);
    assert!(!table.unsaved(), "a finished game has nothing to resume");
}

/// A piece's worth, as its mode values it.
fn worth(game: &dyn AnyGame) -> impl Fn(ply_play::Piece) -> i64 + '_ {
    move |piece| game.piece(piece.1).map_or(0, |look| i64::from(look.value))
}

#[test]
fn a_promotion_is_not_a_capture_and_adds_its_value() {
    // White takes the queen on d8 while promoting: 9 taken, 8 gained.
    let position = "3q3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    let mut table = Table::local(game("chess", Some(position), ""), PEOPLE);
    play(&mut table, "e7d8q");
    let effects = &table.history()[0];
    assert_eq!(effects.captured.len(), 1);
    assert_eq!(effects.captured[0].1.0, Player::Second);
    assert!(effects.promoted.is_some());
    let values = worth(table.game());
    let tally = Tally::of(table.history(), &values);
    assert!(tally.lost[0].is_empty(), "the promoted pawn is not lost");
    assert_eq!(tally.lead(Player::First, &values), 17);
    assert_eq!(tally.lead(Player::Second, &values), -17);
}

#[test]
fn castling_moves_the_rook_without_capturing_it() {
    let position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let mut table = Table::local(game("chess", Some(position), ""), PEOPLE);
    play(&mut table, "e1g1");
    let effects = &table.history()[0];
    assert!(effects.captured.is_empty());
    assert_eq!(effects.companions.len(), 1);
}

#[test]
fn en_passant_takes_the_pawn_beside_the_path() {
    let mut table = Table::local(game("chess", None, "e2e4 a7a6 e4e5 d7d5"), PEOPLE);
    play(&mut table, "e5d6");
    let effects = table.history().last().expect("a move");
    assert_eq!(effects.captured.len(), 1);
    assert!(!effects.path.contains(&effects.captured[0].0));
}

#[test]
fn an_atomic_capture_explodes_the_capturer_too() {
    let mut table = Table::local(game("atomic", None, "e2e4 d7d5"), PEOPLE);
    play(&mut table, "e4d5");
    let effects = table.history().last().expect("a move");
    assert!(effects.exploded);
    assert!(
        effects
            .captured
            .iter()
            .any(|(_, piece)| piece.0 == Player::First)
    );
    assert!(
        effects
            .captured
            .iter()
            .any(|(_, piece)| piece.0 == Player::Second)
    );
}

#[test]
fn a_checkers_double_jump_takes_two_men() {
    // A black man on 9 with white men on 14 and 23 in its way: it must jump both.
    let position = "B:W14,23,30:B9";
    let mut table = Table::local(game("checkers", Some(position), ""), PEOPLE);
    let legal: Vec<String> = table
        .game()
        .legal_moves()
        .into_iter()
        .filter_map(|code| table.game().move_text(code))
        .collect();
    let jump = legal
        .iter()
        .find(|text| text.matches('x').count() == 2)
        .expect("a double jump");
    play(&mut table, jump);
    assert_eq!(table.history()[0].captured.len(), 2);
}

#[test]
fn a_loaded_game_knows_what_its_moves_did() {
    let played = game("chess", None, "e2e4 d7d5 e4d5 d8d5");
    let table = Table::local(played, PEOPLE);
    let values = worth(table.game());
    let tally = Tally::of(table.history(), &values);
    assert_eq!(tally.lost[0].len(), 1);
    assert_eq!(tally.lost[1].len(), 1);
    assert_eq!(tally.lead(Player::First, &values), 0);
}

#[test]
fn computers_playing_each_other_pause_between_moves() {
    let seats = [Seat::Computer(Level::at(4)); 2];
    let mut table =
        Table::local(game("connect4", None, ""), seats).with_pace(Duration::from_millis(700));
    table.wait_for_computer();
    assert_eq!(table.game().moves().len(), 1);
    table.tick(Duration::from_millis(500), false);
    assert!(
        table.thinking().is_none(),
        "the next move waits for the pause"
    );
    table.tick(Duration::from_millis(300), false);
    assert!(table.thinking().is_some(), "then the computer thinks again");
}

/// A blitz clock for the tests: one minute and two seconds a move.
fn timed(mode: &str, position: Option<&str>, moves: &str) -> Table {
    let control = ply_core::TimeControl::minutes(1, 2);
    Table::local(game(mode, position, moves), PEOPLE).with_time_control(control)
}

#[test]
fn a_timed_clock_counts_down_and_each_move_adds_the_increment() {
    let mut table = timed("chess", None, "");
    let left = |table: &Table, side| table.clocks().left(side).map(|left| left.as_secs());
    table.tick(Duration::from_secs(5), false);
    assert_eq!(
        left(&table, Player::First),
        Some(60),
        "not before White's first move"
    );
    play(&mut table, "e2e4");
    assert_eq!(left(&table, Player::First), Some(62));
    table.tick(Duration::from_secs(3), false);
    assert_eq!(left(&table, Player::Second), Some(60), "nor before Black's");
    play(&mut table, "e7e5");
    table.tick(Duration::from_secs(5), false);
    assert_eq!(left(&table, Player::First), Some(57));
    play(&mut table, "g1f3");
    assert_eq!(left(&table, Player::First), Some(59));
    table.tick(Duration::from_secs(3), false);
    assert_eq!(left(&table, Player::Second), Some(59));
    assert_eq!(left(&table, Player::First), Some(59));
    table.tick(Duration::from_secs(30), true);
    assert_eq!(
        left(&table, Player::Second),
        Some(59),
        "a local game's clock holds while paused"
    );
}

#[test]
fn a_clock_that_runs_out_loses_and_sounds_low_first() {
    let mut table = timed("chess", None, "e2e4 e7e5 g1f3");
    table.tick(Duration::from_secs(51), false);
    assert!(
        table
            .take_events()
            .contains(&TableEvent::LowTime(Player::Second)),
        "under ten seconds, the side is told once"
    );
    table.tick(Duration::from_secs(5), false);
    assert!(
        !table
            .take_events()
            .contains(&TableEvent::LowTime(Player::Second))
    );
    table.tick(Duration::from_secs(5), false);
    let lost = Outcome::Win {
        winner: Player::First,
        reason: EndReason::OutOfTime,
    };
    assert_eq!(table.outcome(), Some(lost));
    assert!(table.take_events().contains(&TableEvent::Ended(lost)));
    assert_eq!(
        table.game().outcome(),
        Some(lost),
        "the game itself records it"
    );
    table.tick(Duration::from_secs(5), false);
    assert_eq!(table.clocks().used(Player::Second), Duration::from_secs(61));
    assert_eq!(
        table.clocks().left(Player::Second),
        Some(Duration::ZERO),
        "no clock runs after the end"
    );
}

#[test]
fn running_out_against_a_lone_king_is_a_draw() {
    // White has only a king: Black's flag fall cannot be a win for White.
    let mut table = timed(
        "chess",
        Some("4k3/3p4/8/8/8/8/8/4K3 b - - 0 1"),
        "e8f8 e1f1",
    );
    table.tick(Duration::from_secs(61), false);
    assert_eq!(
        table.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::OutOfTimeNoMaterial
        })
    );
}

#[test]
fn a_timed_game_saves_and_resumes_with_its_clocks() {
    let mut table = timed("chess", None, "");
    play(&mut table, "e2e4");
    play(&mut table, "e7e5");
    table.tick(Duration::from_secs(7), false);
    play(&mut table, "g1f3");
    table.tick(Duration::from_secs(4), false);
    play(&mut table, "b8c6");
    let bytes = table.saved_game("Ada").to_bytes().expect("encodes");
    let saved = ply_save::SavedGame::from_bytes(&bytes).expect("decodes");
    let resumed = Table::from_saved(saved, None);
    let clocks = resumed.clocks();
    assert_eq!(clocks.control(), Some(ply_core::TimeControl::minutes(1, 2)));
    assert_eq!(clocks.left(Player::First), Some(Duration::from_secs(57)));
    assert_eq!(clocks.left(Player::Second), Some(Duration::from_secs(60)));
    let seconds = |n: u64| Duration::from_secs(n);
    assert_eq!(
        clocks.after_moves(),
        [seconds(62), seconds(62), seconds(57), seconds(60)]
    );
}

#[test]
fn the_computer_thinks_within_its_clock() {
    let seats = [Seat::Person, Seat::Computer(Level::FULL)];
    let control = ply_core::TimeControl::new(Duration::from_secs(10), Duration::ZERO)
        .expect("a short but allowed control");
    let mut table = Table::local(game("chess", None, "e2e4"), seats).with_time_control(control);
    table.tick(Duration::from_millis(300), false);
    table.wait_for_computer();
    let thought = table.history().len();
    assert_eq!(thought, 2, "the computer moved");
    let left = table.clocks().left(Player::Second).expect("timed");
    assert!(
        left > Duration::from_secs(9),
        "it kept most of its ten seconds: {left:?}"
    );
}

/// A referee elsewhere, whose rulings the test hands to the table.
struct Relayed(std::rc::Rc<std::cell::RefCell<Vec<ply_play::Ruling>>>);

impl ply_play::Referee for Relayed {
    fn submit(
        &mut self,
        _game: &dyn AnyGame,
        _request: ply_play::Request,
    ) -> Vec<ply_play::Ruling> {
        Vec::new()
    }
    fn poll(&mut self) -> Vec<ply_play::Ruling> {
        std::mem::take(&mut *self.0.borrow_mut())
    }
    fn echoes_moves(&self) -> bool {
        true
    }
    fn allows_undo(&self) -> bool {
        false
    }
}

#[test]
fn offers_follow_the_referee_as_the_relay_keeps_them() {
    use ply_play::Ruling;
    let rulings = std::rc::Rc::default();
    let referee = Relayed(std::rc::Rc::clone(&rulings));
    let seats = [Seat::Remote, Seat::Person];
    let mut table = Table::new(game("chess", None, ""), seats, Box::new(referee));
    // The opponent offers a draw and moves: its offer still waits for an answer.
    rulings.borrow_mut().extend([
        Ruling::DrawOffered(Player::First),
        Ruling::Played("e2e4".into()),
    ]);
    table.tick(Duration::ZERO, false);
    assert_eq!(table.draw_offer(), Some(Player::First));
    assert!(!table.person_to_move(), "the offer is answered first");
    rulings.borrow_mut().extend([
        Ruling::DrawDeclined(Player::Second),
        Ruling::Played("e7e5".into()),
    ]);
    table.tick(Duration::ZERO, false);
    assert_eq!(table.draw_offer(), None);
    // A request to take back a move waits until the opponent answers it by moving.
    rulings
        .borrow_mut()
        .push(Ruling::TakebackAsked(Player::Second));
    table.tick(Duration::ZERO, false);
    assert_eq!(table.takeback_offer(), Some(Player::Second));
    rulings.borrow_mut().push(Ruling::Played("g1f3".into()));
    table.tick(Duration::ZERO, false);
    assert_eq!(table.takeback_offer(), None);
}

/// A move played after a hint is still marked so after the game is saved and loaded.
#[test]
fn moves_played_after_a_hint_stay_marked_through_a_save() {
    let mut table = Table::local(game("chess", None, ""), PEOPLE);
    assert!(table.ask_hint(), "a person to move may ask");
    play(&mut table, "e2e4");
    play(&mut table, "e7e5");
    assert!(table.hint_used(0) && !table.hint_used(1));
    let bytes = table.saved_game("Ada").to_bytes().expect("encodes");
    let saved = ply_save::SavedGame::from_bytes(&bytes).expect("decodes");
    assert_eq!(saved.hinted, [0]);
    let resumed = Table::from_saved(saved, None);
    assert!(resumed.hint_used(0), "the mark survives the save");
    assert!(!resumed.hint_used(1));
    assert_eq!(resumed.hints_used(Player::First), 1);
}

/// Undoing a move takes back the increment it earned: moving and undoing gains nothing.
#[test]
fn undo_takes_back_the_increment_a_move_earned() {
    let mut table = timed("chess", None, "");
    for _ in 0..3 {
        play(&mut table, "e2e4");
        table.undo();
    }
    assert_eq!(
        table.clocks().left(Player::First),
        Some(Duration::from_secs(60))
    );
}

#[test]
fn a_paused_local_table_keeps_the_computers_move_until_the_pause_ends() {
    let seats = [Seat::Person, Seat::Computer(Level::at(4))];
    let mut table = Table::local(game("connect4", None, ""), seats);
    play(&mut table, "4");
    // Let the computer start, then pause (the menu opens) while it thinks.
    while table.thinking().is_none() {
        table.tick(Duration::from_millis(20), false);
    }
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(2) {
        table.tick(Duration::from_millis(20), true);
        assert_eq!(
            table.game().moves().len(),
            1,
            "the computer moved during the pause"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // The pause ends: its move, long found, is played at once.
    table.tick(Duration::ZERO, false);
    assert_eq!(table.game().moves().len(), 2);
}
