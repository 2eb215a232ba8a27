//! `Game<G>`: a game in progress (start position, moves played, outcome) for any mode,
//! and the object-safe `AnyGame` trait it implements for everything outside the rules.

use ply_ai::level::{self, Ladder, Request, Rungs};
use ply_ai::search::{Limits, Report, Searcher};
use ply_core::{
    Attempt, BoardView, ChanceCurve, EndReason, Explain, Heuristics, MoveCode, MoveError, Outcome,
    PieceKind, PieceLook, Player, Present, Rules, Score, SideColors, WhyNot,
};
use std::any::Any;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Size of the search's transposition table, in megabytes.
const TABLE_MEGABYTES: usize = 16;

/// A searcher kept with a game (and its clones) so that successive moves reuse its
/// table: no allocation per move, and what one search learned helps the next.
struct SharedSearcher<G: Heuristics>(Arc<Mutex<Option<Searcher<G>>>>);

impl<G: Heuristics> Clone for SharedSearcher<G> {
    fn clone(&self) -> Self {
        SharedSearcher(Arc::clone(&self.0))
    }
}

impl<G: Heuristics> Default for SharedSearcher<G> {
    fn default() -> Self {
        SharedSearcher(Arc::new(Mutex::new(None)))
    }
}

impl<G: Heuristics> std::fmt::Debug for SharedSearcher<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SharedSearcher")
    }
}

impl<G: Heuristics> SharedSearcher<G> {
    /// Runs `work` with the shared searcher, or with a fresh one while another copy of
    /// the game is using it (a search never waits for another).
    fn with<R>(&self, work: impl FnOnce(&mut Searcher<G>) -> R) -> R {
        match self.0.try_lock() {
            Ok(mut slot) => work(slot.get_or_insert_with(|| Searcher::new(TABLE_MEGABYTES))),
            Err(_) => work(&mut Searcher::new(TABLE_MEGABYTES)),
        }
    }
}

/// What the computer found: after each iteration of its search, and finally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move it recommends (none only when there is no legal move).
    pub best: Option<MoveCode>,
    /// Depth of the last completed iteration, in plies.
    pub depth: u32,
    /// The position's value for the side to move.
    pub score: Score,
    /// Positions searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The expected line of play, in move text.
    pub line: Vec<String>,
}

/// One legal move of the current position, with what screens, protocols and the
/// network ask about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMove {
    /// The move's stable code.
    pub code: MoveCode,
    /// Its move text (what saves and the network carry).
    pub text: String,
    /// Its move-list form (SAN in chess).
    pub display: String,
    /// The cells it touches, in order.
    pub path: Vec<usize>,
}

impl LegalMove {
    /// The description of `mv`, a legal move of `position`.
    pub(crate) fn of<G: Present>(position: &G, mv: G::Move) -> LegalMove {
        LegalMove {
            code: G::move_code(mv),
            text: position.move_text(mv),
            display: position.display_move(mv),
            path: position.move_path(mv),
        }
    }
}

/// The current position's legal moves, each part worked out on the first request after
/// a change: the rules' moves (all that playing and listing codes need), and the same
/// moves described, in the same order (for screens and protocols).
#[derive(Clone, Debug)]
struct LegalCache<G: Rules> {
    moves: OnceLock<Arc<[G::Move]>>,
    listed: OnceLock<Arc<[LegalMove]>>,
}

impl<G: Rules> LegalCache<G> {
    fn new() -> Self {
        LegalCache {
            moves: OnceLock::new(),
            listed: OnceLock::new(),
        }
    }

    /// Forgets both parts, after the position or the outcome changed.
    fn clear(&mut self) {
        self.moves.take();
        self.listed.take();
    }
}

/// A game of some mode, seen without its concrete types.
pub trait AnyGame: Send + Sync {
    /// The mode's stable identifier.
    fn mode_id(&self) -> &'static str;
    /// The mode's rules version at the time the game was created.
    fn rules_version(&self) -> u32;
    /// The position text the game started from.
    fn start_text(&self) -> String;
    /// The current position's text.
    fn position_text(&self) -> String;
    /// Whose turn it is.
    fn to_move(&self) -> Player;
    /// The current position's Zobrist key: equal for equal positions of the mode
    /// (pieces, side to move and the rights the position text records), however they
    /// were reached, and the same in every build.
    fn position_key(&self) -> u64;
    /// The key of every position of the game so far, the start first and the current
    /// position last (one more than the moves played).
    fn position_keys(&self) -> Vec<u64>;
    /// What the given side is called in this mode.
    fn side_name(&self, player: Player) -> &'static str;
    /// The colours of the given side's pieces.
    fn side_colors(&self, player: Player) -> SideColors;
    /// Every kind of piece of the mode, indexed by [`PieceKind`].
    fn pieces(&self) -> &'static [PieceLook];
    /// The look of one kind of piece (`None` for a kind the mode does not have).
    fn piece(&self, kind: PieceKind) -> Option<&'static PieceLook> {
        self.pieces().get(usize::from(kind.0))
    }
    /// The side drawn at the bottom of the board unless it is turned to face a person.
    fn bottom(&self) -> Player;
    /// The label under column `column` (0 at the left), if any.
    fn column_label(&self, column: usize) -> Option<String>;
    /// The label beside row `row` (0 at the bottom), if any.
    fn row_label(&self, row: usize) -> Option<String>;
    /// The label on the cell at index `cell` of the view, if any.
    fn cell_label(&self, cell: usize) -> Option<String>;
    /// The legal moves (none once the game is over) with their code, move text,
    /// display text and path, worked out once per position.
    fn legal(&self) -> &[LegalMove];
    /// The legal moves' codes (none once the game is over).
    fn legal_moves(&self) -> Vec<MoveCode>;
    /// The move text of a legal move.
    fn move_text(&self, code: MoveCode) -> Option<String>;
    /// The move-list form of a legal move (SAN in chess).
    fn display_move(&self, code: MoveCode) -> Option<String>;
    /// The cells a legal move touches, in order.
    fn move_path(&self, code: MoveCode) -> Option<Vec<usize>>;
    /// Reads a legal move from move text.
    fn parse_move(&self, text: &str) -> Result<MoveCode, MoveError>;
    /// Reads move text as the cells it names, without judging whether it is legal
    /// (for explaining a move the rules refuse).
    fn read_attempt(&self, text: &str) -> Result<Attempt, MoveError>;
    /// The legal moves that fit a move a person tried (every move of a picked-up piece,
    /// every promotion choice), or why none does, in the mode's terms.
    fn judge(&self, attempt: &Attempt) -> Result<Vec<MoveCode>, WhyNot>;
    /// Plays a move, refusing anything that is not legal now.
    fn play(&mut self, code: MoveCode) -> Result<(), MoveError>;
    /// Reads and plays a move given as move text.
    fn play_text(&mut self, text: &str) -> Result<MoveCode, MoveError>;
    /// Takes back the last move (or a resignation or agreed draw); returns what was
    /// undone, `None` at the start.
    fn undo(&mut self) -> Option<MoveCode>;
    /// Every move played so far, as codes.
    fn moves(&self) -> Vec<MoveCode>;
    /// Every move played so far, in move text.
    fn move_texts(&self) -> Vec<String>;
    /// Every move played so far, in move-list form.
    fn display_moves(&self) -> Vec<String>;
    /// How the game ended, if it has (including repetition, resignation and agreement).
    fn outcome(&self) -> Option<Outcome>;
    /// Ends the game by resignation of `player`.
    fn resign(&mut self, player: Player) -> Result<(), MoveError>;
    /// Ends the game as a draw both players agreed to.
    fn agree_draw(&mut self) -> Result<(), MoveError>;
    /// Ends the game because `player`'s clock ran out: a win for the opponent, or a
    /// draw when the opponent could not possibly win (see `Rules::can_still_win`).
    /// Returns the outcome.
    fn run_out_of_time(&mut self, player: Player) -> Result<Outcome, MoveError>;
    /// Ends the game because `gone` left it and stayed away: a win for the opponent who
    /// claimed it, or a draw when they called it one. Returns the outcome.
    fn abandon(&mut self, gone: Player, claim_win: bool) -> Result<Outcome, MoveError>;
    /// Whether `player` could still win by some series of legal moves.
    fn can_still_win(&self, player: Player) -> bool;
    /// A picture of the current position.
    fn view(&self) -> BoardView;
    /// The static evaluation of the current position (side to move's view).
    fn evaluate(&self) -> Score;
    /// Perft from the current position (ignores repetition and move-counter draws).
    fn perft(&self, depth: u32) -> u64;
    /// Perft split by first move.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// A copy of the game.
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// The game as `Any`, so that a game of a known mode can be reached through it.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// Makes `other`, if it is a game of the same mode, search with this game's
    /// searcher from now on, so that what the searches so far learned (the table, the
    /// histories) carries over: as an engine keeps its tables from one position it is
    /// sent to the next. A game of another mode keeps its own.
    fn share_searcher_with(&self, other: &mut dyn AnyGame);
    /// How this mode's scores translate into the side to move's chance of winning.
    fn chance_curve(&self) -> ChanceCurve;
    /// The position's exact value, for a mode that can be solved (Connect Four): a
    /// [`Thought`] whose score is a proven win, loss or draw for the side to move and
    /// whose move keeps it, found before `deadline`; `None` when the mode has no
    /// solver, the game is over, or the proof does not finish in time.
    fn solve(&self, deadline: Instant, stop: &AtomicBool) -> Option<Thought>;
    /// How the computer's levels below the whole engine play in this mode.
    fn rungs(&self) -> Rungs;
    /// Lets the computer choose a move at a strength level, on this mode's ladder.
    /// Stops early when `stop` is raised; `progress` hears about each completed
    /// iteration.
    fn think(
        &self,
        request: &Request,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Thought),
    ) -> Thought {
        let rung = request.level.rung(&self.rungs());
        self.think_at(rung.as_ref(), request, stop, progress)
    }
    /// Lets the computer choose a move as `rung` plays (`None`: the whole engine), with
    /// `request`'s budget and seed, whatever its level says: how a candidate rung is
    /// measured before it joins a ladder (`ply match`).
    fn think_at(
        &self,
        rung: Option<&Ladder>,
        request: &Request,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Thought),
    ) -> Thought;
    /// Searches within explicit limits (engine protocols, benchmarks, analysis).
    fn analyse(
        &self,
        limits: &Limits,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Thought),
    ) -> Thought;
    /// Searches within explicit limits for the best `lines` lines of play (multi-PV:
    /// an analysis board's lines, UCI's `MultiPV`), each a [`Thought`] with its own
    /// first move, score, depth and line, best first: as many as asked when there
    /// are that many legal moves, and always at least one. With one line this is
    /// [`AnyGame::analyse`]; `progress` hears every completed iteration's lines.
    fn analyse_lines(
        &self,
        limits: &Limits,
        lines: usize,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&[Thought]),
    ) -> Vec<Thought>;
}

/// Keeps `AnyGame` object safe: this fails to compile if it stops being so.
struct _AssertObjectSafe(Box<dyn AnyGame>);

/// A game in progress of mode `G`: where it started, every position since, and how
/// it ended if it has.
#[derive(Clone, Debug)]
pub struct Game<G: Heuristics> {
    start: G,
    current: G,
    /// The position before each move, with the move played from it.
    past: Vec<(G, G::Move)>,
    /// An ending the rules did not produce: resignation or agreement.
    declared: Option<Outcome>,
    /// The current position's legal moves, once something asked for them; cleared
    /// whenever the position or the outcome changes.
    legal: LegalCache<G>,
    searcher: SharedSearcher<G>,
}

impl<G: Heuristics> Game<G> {
    /// A new game from `start`.
    pub fn new(start: G) -> Self {
        Game {
            current: start.clone(),
            start,
            past: Vec::new(),
            declared: None,
            legal: LegalCache::new(),
            searcher: SharedSearcher::default(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.current
    }

    /// The hashes of every position of the game so far, the current one last.
    pub fn hashes(&self) -> impl Iterator<Item = u64> + '_ {
        self.past
            .iter()
            .map(|(position, _)| position.hash())
            .chain(std::iter::once(self.current.hash()))
    }

    /// The outcome, counting repetition, resignation and agreement.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.declared {
            return Some(outcome);
        }
        if let Some(outcome) = self.current.outcome() {
            return Some(outcome);
        }
        self.repetition()
    }

    /// The repetition ending, once the current position has occurred three times.
    fn repetition(&self) -> Option<Outcome> {
        let now = self.current.hash();
        let occurrences = self.hashes().filter(|&hash| hash == now).count();
        if occurrences >= 3 {
            self.current.repetition_outcome()
        } else {
            None
        }
    }

    /// The legal moves (none once the game is over), generated on the first request
    /// after a change.
    fn rules_moves(&self) -> &[G::Move] {
        self.legal.moves.get_or_init(|| {
            let mut moves = Vec::new();
            if self.outcome().is_none() {
                self.current.gen_moves(&mut moves);
            }
            moves.into()
        })
    }

    /// The legal moves of a game the caller knows is not over: generated, when they
    /// must be, without asking for the outcome a second time.
    fn moves_in_play(&self) -> &[G::Move] {
        self.legal.moves.get_or_init(|| {
            let mut moves = Vec::new();
            self.current.gen_moves(&mut moves);
            moves.into()
        })
    }

    /// Plays a legal move.
    pub fn play_move(&mut self, mv: G::Move) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.moves_in_play().contains(&mv) {
            return Err(MoveError::illegal(format!("{mv:?}")));
        }
        self.push(mv);
        Ok(())
    }

    /// Makes a move already checked to be legal, remembering the position before it.
    fn push(&mut self, mv: G::Move) {
        let before = self.current.clone();
        self.current.make(mv);
        self.past.push((before, mv));
        self.legal.clear();
    }

    /// The hashes of the positions before the current one, oldest first.
    fn earlier_hashes(&self) -> Vec<u64> {
        self.past
            .iter()
            .map(|(position, _)| position.hash())
            .collect()
    }

    fn thought(&self, report: &Report<G::Move>) -> Thought {
        let mut position = self.current.clone();
        let line = report
            .pv
            .iter()
            .map(|&mv| {
                let text = position.move_text(mv);
                position.make(mv);
                text
            })
            .collect();
        Thought {
            best: report.best().map(G::move_code),
            depth: report.depth,
            score: report.score,
            nodes: report.nodes,
            elapsed: report.elapsed,
            line,
        }
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        self.declared = Some(outcome);
        self.legal.clear();
        Ok(())
    }
}

impl<G: Heuristics + Present> Game<G> {
    /// The legal moves described (none once the game is over), worked out on the
    /// first request after a change.
    fn described_moves(&self) -> &[LegalMove] {
        self.legal.listed.get_or_init(|| {
            self.rules_moves()
                .iter()
                .map(|&mv| LegalMove::of(&self.current, mv))
                .collect()
        })
    }

    /// The description of the legal move with this code.
    fn described(&self, code: MoveCode) -> Option<&LegalMove> {
        self.described_moves()
            .iter()
            .find(|legal| legal.code == code)
    }
}

impl<G: Rules + Heuristics + Present + Explain> AnyGame for Game<G> {
    fn mode_id(&self) -> &'static str {
        G::ID
    }

    fn rules_version(&self) -> u32 {
        G::RULES_VERSION
    }

    fn start_text(&self) -> String {
        self.start.to_text()
    }

    fn position_text(&self) -> String {
        self.current.to_text()
    }

    fn to_move(&self) -> Player {
        self.current.to_move()
    }

    fn position_key(&self) -> u64 {
        self.current.hash()
    }

    fn position_keys(&self) -> Vec<u64> {
        self.hashes().collect()
    }

    fn chance_curve(&self) -> ChanceCurve {
        G::CHANCE_CURVE
    }

    fn solve(&self, deadline: Instant, stop: &AtomicBool) -> Option<Thought> {
        if self.outcome().is_some() {
            return None;
        }
        let started = Instant::now();
        let (mv, score) = self.current.exact_value(deadline, stop)?;
        Some(self.thought(&Report {
            depth: score.plies_to_end().unwrap_or(0),
            score,
            nodes: 0,
            elapsed: started.elapsed(),
            pv: vec![mv],
        }))
    }

    fn side_name(&self, player: Player) -> &'static str {
        G::side_name(player)
    }

    fn side_colors(&self, player: Player) -> SideColors {
        G::side_colors(player)
    }

    fn pieces(&self) -> &'static [PieceLook] {
        G::PIECES
    }

    fn bottom(&self) -> Player {
        G::BOTTOM
    }

    fn column_label(&self, column: usize) -> Option<String> {
        G::column_label(column)
    }

    fn row_label(&self, row: usize) -> Option<String> {
        G::row_label(row)
    }

    fn cell_label(&self, cell: usize) -> Option<String> {
        G::cell_label(cell)
    }

    fn legal(&self) -> &[LegalMove] {
        self.described_moves()
    }

    fn legal_moves(&self) -> Vec<MoveCode> {
        self.rules_moves()
            .iter()
            .map(|&mv| G::move_code(mv))
            .collect()
    }

    fn move_text(&self, code: MoveCode) -> Option<String> {
        self.described(code).map(|legal| legal.text.clone())
    }

    fn display_move(&self, code: MoveCode) -> Option<String> {
        self.described(code).map(|legal| legal.display.clone())
    }

    fn move_path(&self, code: MoveCode) -> Option<Vec<usize>> {
        self.described(code).map(|legal| legal.path.clone())
    }

    fn parse_move(&self, text: &str) -> Result<MoveCode, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        self.current.parse_move(text).map(G::move_code)
    }

    fn read_attempt(&self, text: &str) -> Result<Attempt, MoveError> {
        self.current.read_attempt(text)
    }

    fn judge(&self, attempt: &Attempt) -> Result<Vec<MoveCode>, WhyNot> {
        if self.outcome().is_some() {
            return Err(WhyNot::game_over());
        }
        match self.current.judge(attempt) {
            Ok(moves) => Ok(moves.into_iter().map(G::move_code).collect()),
            Err(reason) => Err(self.current.why_not(&reason)),
        }
    }

    fn play(&mut self, code: MoveCode) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let mv = self
            .moves_in_play()
            .iter()
            .copied()
            .find(|&mv| G::move_code(mv) == code)
            .ok_or_else(|| MoveError::illegal(format!("move code {}", code.0)))?;
        self.push(mv);
        Ok(())
    }

    fn play_text(&mut self, text: &str) -> Result<MoveCode, MoveError> {
        // `parse_move` returns only legal moves, so once it has found one the position
        // has moves: only a declared result, a draw by rule or a repetition can have
        // ended the game. This keeps replaying a saved game to one move generation a move.
        let mv = match self.current.parse_move(text) {
            Ok(mv) => mv,
            Err(_) if self.outcome().is_some() => return Err(MoveError::GameOver),
            Err(error) => return Err(error),
        };
        if self.declared.is_some() || self.current.drawn_by_rule() || self.repetition().is_some() {
            return Err(MoveError::GameOver);
        }
        self.push(mv);
        Ok(G::move_code(mv))
    }

    fn undo(&mut self) -> Option<MoveCode> {
        self.legal.clear();
        if self.declared.take().is_some() {
            return self.past.last().map(|&(_, mv)| G::move_code(mv));
        }
        let (before, mv) = self.past.pop()?;
        self.current = before;
        Some(G::move_code(mv))
    }

    fn moves(&self) -> Vec<MoveCode> {
        self.past.iter().map(|&(_, mv)| G::move_code(mv)).collect()
    }

    fn move_texts(&self) -> Vec<String> {
        self.past
            .iter()
            .map(|(position, mv)| position.move_text(*mv))
            .collect()
    }

    fn display_moves(&self) -> Vec<String> {
        self.past
            .iter()
            .map(|(position, mv)| position.display_move(*mv))
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn resign(&mut self, player: Player) -> Result<(), MoveError> {
        self.declare(Outcome::Win {
            winner: player.opponent(),
            reason: EndReason::Resignation,
        })
    }

    fn agree_draw(&mut self) -> Result<(), MoveError> {
        self.declare(Outcome::Draw {
            reason: EndReason::DrawAgreed,
        })
    }

    fn run_out_of_time(&mut self, player: Player) -> Result<Outcome, MoveError> {
        let outcome = Outcome::out_of_time(player, self.current.can_still_win(player.opponent()));
        self.declare(outcome)?;
        Ok(outcome)
    }

    fn abandon(&mut self, gone: Player, claim_win: bool) -> Result<Outcome, MoveError> {
        let outcome = if claim_win {
            Outcome::Win {
                winner: gone.opponent(),
                reason: EndReason::Abandoned,
            }
        } else {
            Outcome::Draw {
                reason: EndReason::Abandoned,
            }
        };
        self.declare(outcome)?;
        Ok(outcome)
    }

    fn can_still_win(&self, player: Player) -> bool {
        self.current.can_still_win(player)
    }

    fn view(&self) -> BoardView {
        self.current.view()
    }

    fn evaluate(&self) -> Score {
        self.current.evaluate()
    }

    fn perft(&self, depth: u32) -> u64 {
        ply_ai::perft::perft(&self.current, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        ply_ai::perft::divide(&self.current, depth)
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn share_searcher_with(&self, other: &mut dyn AnyGame) {
        if let Some(other) = other.as_any_mut().downcast_mut::<Game<G>>() {
            other.searcher = self.searcher.clone();
        }
    }

    fn rungs(&self) -> Rungs {
        G::RUNGS
    }

    fn think_at(
        &self,
        rung: Option<&Ladder>,
        request: &Request,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Thought),
    ) -> Thought {
        let history = self.earlier_hashes();
        let report = self.searcher.with(|searcher| {
            level::choose_at(
                searcher,
                &self.current,
                &history,
                rung,
                request,
                stop,
                &mut |report| progress(&self.thought(report)),
            )
        });
        self.thought(&report)
    }

    fn analyse(
        &self,
        limits: &Limits,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Thought),
    ) -> Thought {
        let mut lines = self.analyse_lines(limits, 1, stop, &mut |lines| progress(&lines[0]));
        lines.swap_remove(0)
    }

    fn analyse_lines(
        &self,
        limits: &Limits,
        lines: usize,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&[Thought]),
    ) -> Vec<Thought> {
        let history = self.earlier_hashes();
        let thoughts = |reports: &[Report<G::Move>]| -> Vec<Thought> {
            reports.iter().map(|report| self.thought(report)).collect()
        };
        let reports = self.searcher.with(|searcher| {
            searcher.search_lines(
                &self.current,
                &history,
                limits,
                lines,
                stop,
                &mut |reports| progress(&thoughts(reports)),
            )
        });
        thoughts(&reports)
    }
}
