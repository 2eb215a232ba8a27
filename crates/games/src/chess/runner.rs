//! Last piece standing's endings that cannot be won: a lone queen or rook against a few
//! hunting pieces. A retrograde count over every placement (the runner to move, without
//! the fifty-move rule, a runner that takes a hunter counted as escaped unless it is
//! taken back at once) found that no team of three tried traps a lone queen from any
//! placement (three queens; two queens and a rook, bishop or knight; a queen and two
//! bishops; a king and two queens). Of the teams of three tried against a lone rook,
//! only two queens with a third queen or a bishop trap it (from 75% and 70% of the
//! placements); the others (a queen and rook; two queens and a rook or knight; a queen,
//! rook and bishop or second rook; a queen, knight and bishop; a queen and two bishops;
//! a king, queen and rook or bishop; three rooks; two rooks and a bishop) from at most
//! 1%. The test below repeats the count for two hunters with the mode's own rules. The
//! evaluation scores such an ending close to a draw, so a side that is ahead keeps the
//! material it needs, promotes its pawns first, or keeps the enemy's other pieces on the
//! board, instead of heading into a chase it cannot finish.

use super::Role;
use super::bits::Bits;
use super::position::Chess;
use super::variants::Variant;
use ply_core::Player;

/// The most pieces (pawns included) the analysis covered for the hunting side.
const ANALYSED_HUNTERS: u32 = 3;

impl<V: Variant> Chess<V> {
    /// Whether `runner`'s side has only a queen or a rook left, which the other side's
    /// pieces can never trap. A pawn counts as the queen it can become.
    pub(super) fn runner_holds(&self, runner: Player) -> bool {
        if V::ROYAL {
            return false;
        }
        let hunter = runner.opponent();
        let hunters = self.colors[hunter.index()].count();
        let runners = self.colors[runner.index()];
        if runners.count() != 1 || hunters > ANALYSED_HUNTERS {
            return false;
        }
        let queens = (self.pieces(hunter, Role::Queen) | self.pieces(hunter, Role::Pawn)).count();
        let bishops = self.pieces(hunter, Role::Bishop).count();
        if (runners & self.roles[Role::Queen as usize]).any() {
            true
        } else if (runners & self.roles[Role::Rook as usize]).any() {
            queens < 2 || queens == 2 && bishops == 0
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::bits::Bits;
    use super::super::{LastPieceStanding, Role, Standard};
    use ply_core::{Player, Rules};

    /// Where a move leads, in a retrograde analysis of hunters against a lone runner.
    #[derive(Clone, Copy)]
    enum Next {
        /// The hunters have captured the runner.
        Won,
        /// The same pieces, the other side to move: this placement's index.
        To(usize),
        /// The runner took a hunter that nothing takes back at once.
        Escaped,
    }

    impl Next {
        /// Whether the move wins for White, given the placements won for White with the
        /// other side to move.
        fn wins(self, won_after: &[bool]) -> bool {
            match self {
                Next::Won => true,
                Next::To(then) => won_after[then],
                Next::Escaped => false,
            }
        }
    }

    /// A retrograde analysis by the mode's own rules: the share of placements of the
    /// White `hunters` (identical roles side by side) and a lone Black `runner`, Black
    /// to move, from which White forces the runner's capture. The fifty-move rule is left
    /// out, and a runner that takes a hunter counts as escaped unless it is taken back at
    /// once.
    fn trapped_share(hunters: &str, runner: char) -> f64 {
        let letters: Vec<char> = hunters.chars().collect();
        let roles: Vec<Role> = letters
            .iter()
            .map(|&l| Role::from_letter(l).unwrap())
            .collect();
        let runner_role = Role::from_letter(runner).unwrap();
        let count = roles.len();
        let index = |squares: &[u8], runner_square: u8| {
            squares
                .iter()
                .fold(usize::from(runner_square), |at, &square| {
                    at * 64 + usize::from(square)
                })
        };
        // Every placement once: distinct squares, ascending among identical roles.
        let mut hunter_squares: Vec<Vec<u8>> = vec![Vec::new()];
        for (at, &role) in roles.iter().enumerate() {
            let mut longer = Vec::new();
            for squares in &hunter_squares {
                let least = match at.checked_sub(1) {
                    Some(before) if roles[before] == role => squares[before] + 1,
                    _ => 0,
                };
                for square in (least..64).filter(|square| !squares.contains(square)) {
                    let mut more = squares.clone();
                    more.push(square);
                    longer.push(more);
                }
            }
            hunter_squares = longer;
        }
        let mut placements = Vec::new();
        for squares in hunter_squares {
            for runner_square in (0..64u8).filter(|square| !squares.contains(square)) {
                placements.push((squares.clone(), runner_square));
            }
        }
        // A placement, built from a position with the runner on a8 and the first hunter
        // on h8 by moving its pieces with `toggle`.
        let position_at = |squares: &[u8], runner_square: u8, turn: char| {
            let text = format!("{runner}6{}/8/8/8/8/8/8/8 {turn} - - 0 1", letters[0]);
            let mut position = LastPieceStanding::from_fen(&text).unwrap();
            position.toggle(Player::Second, runner_role, 56);
            position.toggle(Player::First, roles[0], 63);
            for (&square, &role) in squares.iter().zip(&roles) {
                position.toggle(Player::First, role, square);
            }
            position.toggle(Player::Second, runner_role, runner_square);
            position
        };
        // The placement of a position with all the pieces, as an index.
        let placement_of = |position: &LastPieceStanding| {
            let mut squares = Vec::with_capacity(count);
            for (at, &role) in roles.iter().enumerate() {
                if at == 0 || roles[at - 1] != role {
                    squares.extend(position.pieces(Player::First, role).squares());
                }
            }
            let runner_square = position.colors[1].lowest().expect("the runner");
            index(&squares, runner_square)
        };
        let successors = |turn: char| -> Vec<Vec<Next>> {
            let mut all = vec![Vec::new(); 64usize.pow(count as u32 + 1)];
            let mut moves = Vec::new();
            for (squares, runner_square) in &placements {
                let position = position_at(squares, *runner_square, turn);
                moves.clear();
                position.gen_moves(&mut moves);
                all[index(squares, *runner_square)] = moves
                    .iter()
                    .map(|&mv| {
                        let mut after = position;
                        after.make(mv);
                        let white_wins = |p: &LastPieceStanding| {
                            p.outcome().and_then(|o| o.winner()) == Some(Player::First)
                        };
                        if white_wins(&after) {
                            Next::Won
                        } else if after.colors[0].count() as usize == count {
                            Next::To(placement_of(&after))
                        } else {
                            let mut replies = Vec::new();
                            after.gen_moves(&mut replies);
                            let retaken = replies.iter().any(|&reply| {
                                let mut taken = after;
                                taken.make(reply);
                                white_wins(&taken)
                            });
                            if retaken { Next::Won } else { Next::Escaped }
                        }
                    })
                    .collect();
            }
            all
        };
        let white_moves = successors('w');
        let black_moves = successors('b');
        let size = white_moves.len();
        let (mut white_wins, mut black_loses) = (vec![false; size], vec![false; size]);
        loop {
            let mut changed = false;
            for (squares, runner_square) in &placements {
                let at = index(squares, *runner_square);
                if !white_wins[at] && white_moves[at].iter().any(|next| next.wins(&black_loses)) {
                    white_wins[at] = true;
                    changed = true;
                }
                if !black_loses[at] && black_moves[at].iter().all(|next| next.wins(&white_wins)) {
                    black_loses[at] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let lost = placements
            .iter()
            .filter(|(squares, runner_square)| black_loses[index(squares, *runner_square)])
            .count();
        lost as f64 / placements.len() as f64
    }

    #[test]
    fn a_queen_and_rook_never_trap_a_lone_rook_but_catch_a_lone_bishop() {
        assert!(trapped_share("QR", 'r') < 0.001);
        assert!(trapped_share("QR", 'b') > 0.5);
    }

    /// Whether Black, the runner, holds in last piece standing's `fen`.
    fn holds(fen: &str) -> bool {
        LastPieceStanding::from_fen(fen)
            .unwrap()
            .runner_holds(Player::Second)
    }

    #[test]
    fn a_lone_rook_holds_unless_two_queens_and_a_queen_or_bishop_hunt_it() {
        assert!(holds("8/8/4Q3/7R/8/8/r7/8 b - - 0 75"));
        assert!(holds("6QQ/1R6/8/8/8/8/2r5/8 b - - 0 92"));
        assert!(!holds("6QQ/1B6/8/8/8/8/2r5/8 b - - 0 92"));
        assert!(!holds("6QQ/1P6/8/8/8/8/2r5/8 b - - 0 92"));
        // Four hunters are beyond what was analysed: no verdict.
        assert!(!holds("6QQ/1R6/8/8/8/8/2r4N/8 b - - 0 92"));
    }

    #[test]
    fn a_lone_queen_holds_against_three_and_a_lone_minor_piece_never_does() {
        assert!(holds("6QQ/1Q6/8/8/8/8/2q5/8 b - - 0 92"));
        assert!(!holds("6QQ/1R6/8/8/8/8/2b5/8 b - - 0 92"));
        assert!(!holds("6QQ/1R6/8/8/8/8/2n5/8 b - - 0 92"));
        assert!(!holds("6QQ/1R6/8/8/8/8/2r1p3/8 b - - 0 92"));
    }

    #[test]
    fn chess_with_royal_kings_has_no_such_endings() {
        let fen = "8/8/4Q3/7R/8/8/r7/k6K b - - 0 75";
        assert!(
            !Standard::from_fen(fen)
                .unwrap()
                .runner_holds(Player::Second)
        );
    }
}
