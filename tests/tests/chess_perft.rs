//! The chess family against published perft counts (`tests/data/perft`): every count
//! up to five million leaves here, the deeper ones as ignored tests.

use ply_tests::check_perft_file;

const QUICK: u64 = 5_000_000;

#[test]
fn standard_chess_counts() {
    assert!(check_perft_file("chess", "chess", QUICK) > 60);
}

#[test]
fn atomic_counts() {
    assert!(check_perft_file("atomic", "atomic", QUICK) >= 14);
}

#[test]
fn king_of_the_hill_counts() {
    assert_eq!(check_perft_file("koth", "koth", QUICK), 6);
}

#[test]
#[ignore = "hundreds of millions of leaves: run with --ignored in release"]
fn standard_chess_deep_counts() {
    assert!(check_perft_file("chess", "chess", u64::MAX) > 70);
}

#[test]
#[ignore = "large counts: run with --ignored in release"]
fn atomic_deep_counts() {
    check_perft_file("atomic", "atomic", u64::MAX);
}
