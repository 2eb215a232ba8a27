//! Entering a move with the pointer, without a window: pick a piece up and put it down
//! (by two clicks or a drag), build a multi-jump by clicking each landing square in
//! turn, or click a column. When several moves fit what was clicked (a promotion, two
//! jump paths ending on the same square), the choice is handed back to be asked.

use ply_core::MoveCode;
use ply_modes::AnyGame;
use ply_play::effects;

/// A legal move as the pointer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The move's code.
    pub code: MoveCode,
    /// The cells it goes through, start first.
    pub path: Vec<usize>,
    /// Whether it takes something.
    pub captures: bool,
}

/// The legal moves of a position, with their paths and whether they take something.
pub fn candidates(game: &dyn AnyGame) -> Vec<Candidate> {
    let before = game.view();
    let side = game.to_move();
    game.legal_moves()
        .into_iter()
        .filter_map(|code| {
            let path = game.move_path(code)?;
            let mut after = game.clone_box();
            after.play(code).ok()?;
            let did = effects(&before, &after.view(), &path, side, String::new());
            Some(Candidate {
                code,
                captures: !did.captured.is_empty(),
                path,
            })
        })
        .collect()
}

/// What a click or a release on the board leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Nothing to do.
    Nothing,
    /// A piece was picked up, or a landing square added to a move being built.
    Building,
    /// This move is complete: play it.
    Play(MoveCode),
    /// Several moves fit: ask which.
    Choose(Vec<MoveCode>),
    /// The player tried to pick up a piece of theirs that cannot move.
    Stuck(usize),
    /// The player tried a move the rules refuse: the cells touched, the start first
    /// (a piece of the other side picked up, or a piece put where it cannot go).
    Refused(Vec<usize>),
}

/// The move being entered: the picked-up piece and the landing squares chosen so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveEntry {
    picked: Option<usize>,
    landings: Vec<usize>,
    /// A piece of the player's that could not be picked up (it has no move): a click
    /// on a square next is the move the player meant, to be explained as such.
    stuck: Option<usize>,
}

impl MoveEntry {
    /// The cell of the picked-up piece.
    pub fn picked(&self) -> Option<usize> {
        self.picked
    }

    /// The landing squares chosen so far.
    pub fn landings(&self) -> &[usize] {
        &self.landings
    }

    /// Puts the piece down.
    pub fn clear(&mut self) {
        self.picked = None;
        self.stuck = None;
        self.landings.clear();
    }

    fn prefix(&self) -> Vec<usize> {
        self.picked
            .into_iter()
            .chain(self.landings.iter().copied())
            .collect()
    }

    /// The moves that go on from what has been chosen so far.
    fn going_on<'a>(&self, moves: &'a [Candidate]) -> Vec<&'a Candidate> {
        let prefix = self.prefix();
        if prefix.is_empty() {
            return Vec::new();
        }
        moves
            .iter()
            .filter(|m| m.path.len() > prefix.len() && m.path.starts_with(&prefix))
            .collect()
    }

    /// Where the picked-up piece may be put next: quiet squares and squares where it
    /// takes something (the next landing of a jump, or any final square).
    pub fn targets(&self, moves: &[Candidate]) -> (Vec<usize>, Vec<usize>) {
        let depth = self.prefix().len();
        let (mut quiet, mut taking) = (Vec::new(), Vec::new());
        for m in self.going_on(moves) {
            for &cell in m.path[depth..].iter().take(1).chain(m.path.last()) {
                let list = if m.captures { &mut taking } else { &mut quiet };
                if !list.contains(&cell) {
                    list.push(cell);
                }
            }
        }
        quiet.retain(|cell| !taking.contains(cell));
        (quiet, taking)
    }

    /// A click on `cell` (the pointer went down there).
    pub fn click(&mut self, cell: usize, moves: &[Candidate], game: &dyn AnyGame) -> Entry {
        if self.picked.is_some() {
            // A king's circle of jumps may end where it started: clicking the piece
            // again then finishes the move rather than keeping it picked up.
            let entry = self.put(cell, moves);
            if entry != Entry::Nothing {
                return entry;
            }
            if Some(cell) == self.picked && self.landings.is_empty() {
                return Entry::Building;
            }
            let tried = self.tried(cell);
            return match self.pick(cell, moves, game) {
                Entry::Nothing | Entry::Refused(_) => Entry::Refused(tried),
                picked => picked,
            };
        }
        match (self.stuck, self.pick(cell, moves, game)) {
            (Some(from), Entry::Nothing | Entry::Refused(_)) if from != cell => {
                Entry::Refused(vec![from, cell])
            }
            (_, picked) => picked,
        }
    }

    /// The cells of a move that puts the picked-up piece down on `cell`.
    fn tried(&self, cell: usize) -> Vec<usize> {
        let mut cells = self.prefix();
        cells.push(cell);
        cells
    }

    /// The pointer let go of a dragged piece over `cell`.
    pub fn release(&mut self, cell: Option<usize>, moves: &[Candidate]) -> Entry {
        match cell {
            Some(cell) if Some(cell) != self.picked => match self.put(cell, moves) {
                Entry::Nothing => {
                    let tried = self.tried(cell);
                    self.clear();
                    Entry::Refused(tried)
                }
                entry => entry,
            },
            _ => Entry::Nothing,
        }
    }

    fn pick(&mut self, cell: usize, moves: &[Candidate], game: &dyn AnyGame) -> Entry {
        let side = game.to_move();
        self.clear();
        if moves.iter().any(|m| m.path.first() == Some(&cell)) {
            self.picked = Some(cell);
            return Entry::Building;
        }
        let own = game
            .view()
            .cells
            .get(cell)
            .and_then(|c| c.piece)
            .is_some_and(|(owner, _)| owner == side);
        let theirs = game
            .view()
            .cells
            .get(cell)
            .and_then(|c| c.piece)
            .is_some_and(|(owner, _)| owner != side);
        if own {
            self.stuck = Some(cell);
            Entry::Stuck(cell)
        } else if theirs {
            Entry::Refused(vec![cell])
        } else {
            Entry::Nothing
        }
    }

    /// Puts the picked-up piece on `cell`: a landing on the way, or the end of moves.
    fn put(&mut self, cell: usize, moves: &[Candidate]) -> Entry {
        let going_on = self.going_on(moves);
        let depth = self.prefix().len();
        let next: Vec<&Candidate> = going_on
            .iter()
            .copied()
            .filter(|m| m.path[depth] == cell)
            .collect();
        let ending_here: Vec<&Candidate> = if next.is_empty() {
            going_on
                .iter()
                .copied()
                .filter(|m| m.path.last() == Some(&cell))
                .collect()
        } else {
            next.iter()
                .copied()
                .filter(|m| m.path.len() == depth + 1)
                .collect()
        };
        match ending_here.as_slice() {
            [] if !next.is_empty() => {
                self.landings.push(cell);
                Entry::Building
            }
            [] => Entry::Nothing,
            [only] => Entry::Play(only.code),
            several => Entry::Choose(several.iter().map(|m| m.code).collect()),
        }
    }

    /// The move that drops a piece into `column` (counted from the position's left), on
    /// a board `width` cells wide.
    pub fn drop_in(column: usize, width: usize, moves: &[Candidate]) -> Option<MoveCode> {
        let width = width.max(1);
        moves
            .iter()
            .find(|m| m.path.last().is_some_and(|cell| cell % width == column))
            .map(|m| m.code)
    }
}
