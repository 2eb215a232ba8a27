//! The generic conformance check every registered mode must pass: random playouts in
//! which each position's hash, texts, moves and undo information are verified against
//! the rules themselves. The test suite runs it for every mode in the registry, so a new
//! mode is checked the moment it is registered. A failure names the check, the playout,
//! the ply and the position (and the move, where one is involved).

use crate::{AnyGame, Game, LegalMove};
use ply_core::{
    Attempt, Explain, Heuristics, MoveCode, MoveError, Outcome, PositionError, Present, Reason,
    Rules, zobrist::splitmix64,
};
use thiserror::Error;

/// Longest playout accepted before the check reports that a game does not end.
pub const MAX_PLIES: usize = 20_000;

/// How many of a check's playouts (the first ones) also compare the game's list of
/// legal moves with the rules' own, over their first [`LISTED_PLIES`] positions, after
/// the end, and again undoing back over those positions. Describing every move (SAN in
/// chess) costs more than all the other checks of a position, most of all on big boards.
pub const LISTED_PLAYOUTS: usize = 4;

/// How many positions from the start of a listed playout have their list compared.
pub const LISTED_PLIES: usize = 60;

/// What a successful check looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Random games played to their end.
    pub playouts: usize,
    /// Positions visited.
    pub positions: u64,
    /// Moves made and unmade.
    pub moves: u64,
    /// The longest game, in plies.
    pub longest: usize,
}

/// A small deterministic random source, so a failing seed can be replayed.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        splitmix64(self.0)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Why a mode failed its conformance check, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("playout {playout}, ply {ply}, position '{position}': {failure}")]
pub struct ConformanceError {
    /// The random game that failed, counted from 0.
    pub playout: usize,
    /// Plies played in it when the check failed.
    pub ply: usize,
    /// The position text at that point.
    pub position: String,
    /// Which check failed.
    pub failure: Failure,
}

/// The check that failed. Moves are named in the mode's move text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Failure {
    /// The incremental hash differs from one computed from scratch.
    #[error("the hash differs from a recompute")]
    HashDrift,
    /// The position's own text was refused.
    #[error("its own text was rejected: {0}")]
    TextRejected(PositionError),
    /// The text read back as a different position or hash.
    #[error("the position text does not round-trip")]
    TextRoundTrip,
    /// The board view's cell count disagrees with its size.
    #[error("the board view has the wrong number of cells")]
    ViewSize,
    /// No legal move, yet no outcome.
    #[error("no legal moves but no outcome")]
    NoMovesNoOutcome,
    /// The hash after a move differs from a recompute.
    #[error("the hash after {0} differs from a recompute")]
    MoveHashDrift(String),
    /// Unmaking a move did not restore the position.
    #[error("unmaking {0} did not restore the position")]
    UnmakeMismatch(String),
    /// A move's text did not read back as the same move.
    #[error("move text '{text}' read back as {read}")]
    MoveTextRoundTrip {
        /// The move text.
        text: String,
        /// What reading it gave.
        read: String,
    },
    /// A move's code did not lead back to the same move.
    #[error("the move code of '{0}' does not round-trip")]
    MoveCodeRoundTrip(String),
    /// A move has an empty display form.
    #[error("move '{0}' has an empty display form")]
    EmptyDisplay(String),
    /// A move's path is empty or leaves the board view.
    #[error("move '{text}' has a bad path {path:?}")]
    BadPath {
        /// The move text.
        text: String,
        /// The cells its path names.
        path: Vec<usize>,
    },
    /// An illegal move code was played.
    #[error("play accepted the illegal code {0}")]
    IllegalCodeAccepted(u64),
    /// Text that is no move was played.
    #[error("play_text accepted '{0}'")]
    GarbageAccepted(&'static str),
    /// Refusing a move changed the game.
    #[error("a refused move changed the game")]
    RefusalChangedGame,
    /// A legal move was refused.
    #[error("playing {text} was refused: {error}")]
    PlayRefused {
        /// The move text.
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
    /// A legal move, tried by its text, its path or its piece, was explained as illegal.
    #[error("the legal move {text} was explained as illegal ({tried}): {reason}")]
    LegalExplained {
        /// The move text.
        text: String,
        /// How it was tried: "text", "path" or "piece".
        tried: &'static str,
        /// The reason given.
        reason: String,
    },
    /// A move the rules refuse was judged legal, or an explanation said nothing.
    #[error("the cells {cells:?} were judged wrongly: {problem}")]
    MisjudgedAttempt {
        /// The cells tried.
        cells: Vec<usize>,
        /// What was wrong.
        problem: &'static str,
    },
    /// The game went on past [`MAX_PLIES`].
    #[error("the game did not end within {MAX_PLIES} plies")]
    NoEnd,
    /// A finished game lists legal moves.
    #[error("a finished game still lists legal moves")]
    FinishedListsMoves,
    /// The game's list of legal moves is not what the rules give for its position now
    /// (a list kept from another position, or moves described wrongly).
    #[error("the game lists the moves {listed:?}, but the rules give {fresh:?}")]
    StaleLegalList {
        /// The move texts the game lists.
        listed: Vec<String>,
        /// The move texts the rules give.
        fresh: Vec<String>,
    },
    /// A finished game accepted a move.
    #[error("a finished game accepted a move")]
    FinishedAcceptedMove,
    /// Undoing every move did not lead back to the start.
    #[error("undoing every move did not return to the start")]
    UndoMissedStart,
    /// The final position's text read back with another ending.
    #[error("the final position reads back as {found:?} instead of {expected:?}")]
    FinalOutcome {
        /// The ending the position itself decides.
        expected: Option<Outcome>,
        /// The ending of the position read back from its text.
        found: Option<Outcome>,
    },
    /// The final position's text read back as unfinished without legal moves, or as
    /// finished with legal moves.
    #[error("the final position reads back with an outcome of {found:?} but {moves} legal moves")]
    FinalMoves {
        /// The ending of the position read back.
        found: Option<Outcome>,
        /// Its legal moves.
        moves: usize,
    },
}

/// Plays `playouts` random games of `G` from its start, checking at every position:
/// the incremental hash equals a recomputed one; position text round-trips; every legal
/// move's make/unmake restores the position exactly; one random move's text and code
/// round-trip; an illegal move is refused; in the first [`LISTED_PLAYOUTS`], the game's
/// list of legal moves is the rules' own, described afresh, after moves and undos (see
/// [`LISTED_PLIES`]); the game ends within [`MAX_PLIES`]; undoing every move returns to
/// the start;
/// and the final position's text reads back finished with the same outcome (see
/// [`check_final_text`]).
pub fn check<G: Rules + Heuristics + Present + Explain>(
    seed: u64,
    playouts: usize,
) -> Result<Report, ConformanceError> {
    let mut dice = Dice(seed);
    let mut report = Report::default();
    let mut moves = Vec::new();
    for playout in 0..playouts {
        let mut game = Game::new(G::start());
        let mut plies = 0;
        while game.outcome().is_none() {
            let position = game.position().clone();
            let ply = plies;
            let here = |failure: Failure| ConformanceError {
                playout,
                ply,
                position: position.to_text(),
                failure,
            };
            check_position(&position).map_err(here)?;
            if playout < LISTED_PLAYOUTS && plies < LISTED_PLIES {
                check_legal_list(&game).map_err(here)?;
            }
            moves.clear();
            position.gen_moves(&mut moves);
            if moves.is_empty() {
                return Err(here(Failure::NoMovesNoOutcome));
            }
            for &mv in &moves {
                let mut after = position.clone();
                let undo = after.make(mv);
                if after.hash() != after.recompute_hash() {
                    return Err(here(Failure::MoveHashDrift(position.move_text(mv))));
                }
                after.unmake(mv, undo);
                if after != position {
                    return Err(here(Failure::UnmakeMismatch(position.move_text(mv))));
                }
                report.moves += 1;
            }
            let chosen = moves[dice.below(moves.len())];
            check_move(&position, chosen).map_err(here)?;
            let explained: &[G::Move] = if playout < LISTED_PLAYOUTS {
                &moves
            } else {
                std::slice::from_ref(&chosen)
            };
            for &mv in explained {
                check_legal_not_explained(&position, mv).map_err(here)?;
            }
            if plies % 8 == 0 {
                check_refusals(&game, &mut dice).map_err(here)?;
                check_explanations(&position, &moves, &mut dice).map_err(here)?;
            }
            game.play_move(chosen).map_err(|error| {
                here(Failure::PlayRefused {
                    text: position.move_text(chosen),
                    error,
                })
            })?;
            plies += 1;
            report.positions += 1;
            if plies > MAX_PLIES {
                return Err(here(Failure::NoEnd));
            }
        }
        let at_end = |failure: Failure| ConformanceError {
            playout,
            ply: plies,
            position: game.position().to_text(),
            failure,
        };
        check_finished(&game, playout < LISTED_PLAYOUTS).map_err(at_end)?;
        check_final_text(game.position()).map_err(at_end)?;
        report.playouts += 1;
        report.longest = report.longest.max(plies);
    }
    Ok(report)
}

fn check_position<G: Rules + Present>(position: &G) -> Result<(), Failure> {
    if position.hash() != position.recompute_hash() {
        return Err(Failure::HashDrift);
    }
    let text = position.to_text();
    let reread = G::from_text(&text).map_err(Failure::TextRejected)?;
    if reread.to_text() != text || reread.hash() != position.hash() {
        return Err(Failure::TextRoundTrip);
    }
    let view = position.view();
    if view.cells.len() != view.width * view.height {
        return Err(Failure::ViewSize);
    }
    Ok(())
}

fn check_move<G: Rules + Present>(position: &G, mv: G::Move) -> Result<(), Failure> {
    let text = position.move_text(mv);
    match position.parse_move(&text) {
        Ok(parsed) if parsed == mv => {}
        other => {
            return Err(Failure::MoveTextRoundTrip {
                text,
                read: format!("{other:?}"),
            });
        }
    }
    if position.legal_move_from_code(G::move_code(mv)) != Some(mv) {
        return Err(Failure::MoveCodeRoundTrip(text));
    }
    if position.display_move(mv).is_empty() {
        return Err(Failure::EmptyDisplay(text));
    }
    let cells = position.view().cells.len();
    let path = position.move_path(mv);
    if path.is_empty() || path.iter().any(|&cell| cell >= cells) {
        return Err(Failure::BadPath { text, path });
    }
    Ok(())
}

fn check_refusals<G: Rules + Heuristics + Present + Explain>(
    game: &Game<G>,
    dice: &mut Dice,
) -> Result<(), Failure> {
    let mut copy: Box<dyn AnyGame> = Box::new(game.clone());
    let legal = copy.legal_moves();
    let bogus = (0..16)
        .map(|_| MoveCode(dice.next() >> dice.below(60)))
        .find(|code| !legal.contains(code));
    if let Some(code) = bogus
        && copy.play(code).is_ok()
    {
        return Err(Failure::IllegalCodeAccepted(code.0));
    }
    for garbage in ["", "zz99", "0-0-0-0", "\u{1F600}", "a1a1a1a1a1"] {
        if copy.play_text(garbage).is_ok() {
            return Err(Failure::GarbageAccepted(garbage));
        }
    }
    if copy.position_text() != game.position().to_text() {
        return Err(Failure::RefusalChangedGame);
    }
    Ok(())
}

/// Checks that a legal move is never explained as illegal: tried by its move text, by
/// the cells of its path, and by picking up its piece, the judge accepts it.
fn check_legal_not_explained<G: Rules + Present + Explain>(
    position: &G,
    mv: G::Move,
) -> Result<(), Failure> {
    let text = position.move_text(mv);
    let path = position.move_path(mv);
    let by_text = position
        .read_attempt(&text)
        .map_err(|error| Failure::LegalExplained {
            text: text.clone(),
            tried: "text",
            reason: error.to_string(),
        })?;
    let tries = [
        ("text", by_text),
        ("path", Attempt::cells(path.clone())),
        ("piece", Attempt::cells(path[..1].to_vec())),
    ];
    for (tried, attempt) in tries {
        match position.judge(&attempt) {
            Ok(fitting) if fitting.contains(&mv) => {}
            Ok(_) => {
                return Err(Failure::LegalExplained {
                    text,
                    tried,
                    reason: "judged legal, but as other moves".into(),
                });
            }
            Err(reason) => {
                return Err(Failure::LegalExplained {
                    text,
                    tried,
                    reason: position.sentence(&reason),
                });
            }
        }
    }
    Ok(())
}

/// Tries random pairs of cells: whatever the judge accepts must be legal moves that
/// fit the pair, and whatever it refuses must fit no legal move and come with a kind and
/// a sentence.
fn check_explanations<G: Rules + Present + Explain>(
    position: &G,
    legal: &[G::Move],
    dice: &mut Dice,
) -> Result<(), Failure> {
    let cells = position.view().cells.len();
    for _ in 0..8 {
        let tried = vec![dice.below(cells), dice.below(cells)];
        let misjudged = |problem| Failure::MisjudgedAttempt {
            cells: tried.clone(),
            problem,
        };
        let fits = |mv: &G::Move| {
            let path = position.move_path(*mv);
            path.first() == tried.first() && path.last() == tried.last()
        };
        match position.judge(&Attempt::cells(tried.clone())) {
            Ok(fitting) => {
                if fitting.is_empty() || fitting.iter().any(|mv| !legal.contains(mv)) {
                    return Err(misjudged("accepted moves that are not legal"));
                }
            }
            Err(reason) => {
                let wide = position.view().input == ply_core::InputStyle::DropInColumn;
                if !wide && legal.iter().any(fits) {
                    return Err(misjudged("refused a legal move"));
                }
                if reason.kind().is_empty() || position.sentence(&reason).is_empty() {
                    return Err(misjudged("gave an empty reason"));
                }
            }
        }
    }
    Ok(())
}

/// Checks that the game's list of legal moves holds what the rules give for its current
/// position, computed now: the same moves in the same order, with the same codes, move
/// texts, display forms and paths; none once the game is over.
fn check_legal_list<G: Rules + Heuristics + Present + Explain>(
    game: &Game<G>,
) -> Result<(), Failure> {
    let position = game.position();
    let mut moves = Vec::new();
    if game.outcome().is_none() {
        position.gen_moves(&mut moves);
    }
    let fresh: Vec<LegalMove> = moves
        .iter()
        .map(|&mv| LegalMove::of(position, mv))
        .collect();
    let listed = AnyGame::legal(game);
    if listed == fresh {
        return Ok(());
    }
    let texts = |list: &[LegalMove]| list.iter().map(|legal| legal.text.clone()).collect();
    Err(Failure::StaleLegalList {
        listed: texts(listed),
        fresh: texts(&fresh),
    })
}

/// Checks a finished game: it lists no moves and accepts none, and undoing every move
/// leads back to the start. If `listed`, the list of legal moves is compared with the
/// rules' own at the end, after the first undo, and at the first [`LISTED_PLIES`]
/// positions of the game.
fn check_finished<G: Rules + Heuristics + Present + Explain>(
    game: &Game<G>,
    listed: bool,
) -> Result<(), Failure> {
    let mut copy = game.clone();
    if listed {
        check_legal_list(&copy)?;
    }
    if !copy.legal_moves().is_empty() {
        return Err(Failure::FinishedListsMoves);
    }
    let mut moves = Vec::new();
    game.position().gen_moves(&mut moves);
    if let Some(&mv) = moves.first()
        && copy.play(G::move_code(mv)).is_ok()
    {
        return Err(Failure::FinishedAcceptedMove);
    }
    let plies = game.hashes().count() - 1;
    let mut undone = 0;
    while copy.undo().is_some() {
        undone += 1;
        if listed && (undone == 1 || plies.saturating_sub(undone) < LISTED_PLIES) {
            check_legal_list(&copy)?;
        }
    }
    if copy.position_text() != G::start().to_text() {
        return Err(Failure::UndoMissedStart);
    }
    Ok(())
}

/// Checks that the final position of a finished game, written as text and read back,
/// is finished the same way: the same outcome, and no legal moves once the game is
/// over. Endings that depend on what the text does not hold cannot come back: a
/// repetition (the history) leaves the position itself undecided, and a move counter
/// kept beside the position (one the text leaves out, so the position read back
/// differs from the one written) may lose the draw it decided. Such a text must read
/// back as a legal unfinished position, with moves.
pub fn check_final_text<G: Rules + Heuristics + Present + Explain>(
    position: &G,
) -> Result<(), Failure> {
    let reread = G::from_text(&position.to_text()).map_err(Failure::TextRejected)?;
    let expected = position.outcome();
    let found = reread.outcome();
    let counter_lost = reread != *position && found.is_none();
    if found != expected && !counter_lost {
        return Err(Failure::FinalOutcome { expected, found });
    }
    let moves = Game::new(reread).legal_moves().len();
    if found.is_some() != (moves == 0) {
        return Err(Failure::FinalMoves { found, moves });
    }
    Ok(())
}
