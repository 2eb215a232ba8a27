//! The moves of an analysis board as a tree: the game as its main line, and every move
//! tried on the board as a side line branching off where it was played, as lichess
//! shows them. A cursor says which position the board shows; lines can be promoted
//! (made the first choice where they branch) and deleted.

use ply_core::{MoveCode, MoveError, Player};
use ply_modes::{AnyGame, find_mode};

/// A move's place in the tree (the start position is [`MoveTree::ROOT`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

/// One position of the tree and the move that led to it.
#[derive(Clone, Debug)]
struct Node {
    parent: Option<NodeId>,
    /// The lines from here, the first one the preferred (the main line at the root).
    children: Vec<NodeId>,
    /// The move that led here, as the mode writes it for machines (none at the start).
    text: String,
    /// The same move as players read it ("Nf3", "11-15").
    shown: String,
    /// Plies from the start.
    ply: usize,
    /// Who made the move.
    mover: Player,
    /// Deleted lines leave their slots empty, so ids stay valid.
    alive: bool,
}

/// A move as the move list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedMove {
    /// The move's place in the tree.
    pub id: NodeId,
    /// Its number, written before it where a line starts or the first player moved:
    /// "12." or "12…"; empty where the number is already clear.
    pub number: String,
    /// The move as players read it.
    pub shown: String,
}

/// One row of the move list: the main line, or a side line indented by its depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedLine {
    /// 0 for the main line, 1 for a line branching off it, and so on.
    pub depth: usize,
    /// Its moves in order.
    pub moves: Vec<ListedMove>,
}

/// The analysis board's moves.
pub struct MoveTree {
    start: Box<dyn AnyGame>,
    nodes: Vec<Node>,
    cursor: NodeId,
    /// The position at the cursor, kept so the board never replays to draw.
    current: Box<dyn AnyGame>,
}

impl MoveTree {
    /// The start position.
    pub const ROOT: NodeId = NodeId(0);

    /// A tree whose main line is `game`'s moves, with the cursor at the start.
    pub fn new(game: &dyn AnyGame) -> Result<MoveTree, MoveError> {
        let start = fresh(game)?;
        let mut tree = MoveTree {
            current: start.clone_box(),
            nodes: vec![Node {
                parent: None,
                children: Vec::new(),
                text: String::new(),
                shown: String::new(),
                ply: 0,
                mover: start.to_move().opponent(),
                alive: true,
            }],
            start,
            cursor: Self::ROOT,
        };
        for code in game.moves() {
            tree.play(code)?;
        }
        tree.go(Self::ROOT);
        Ok(tree)
    }

    /// The position the cursor is on.
    pub fn position(&self) -> &dyn AnyGame {
        &*self.current
    }

    /// The side that moves first from the start position.
    pub fn first_mover(&self) -> Player {
        self.start.to_move()
    }

    /// Where the cursor is.
    pub fn cursor(&self) -> NodeId {
        self.cursor
    }

    /// Plays `code` from the cursor's position: along the line that already has it,
    /// else as a new line (the first from a position that had none, a side line
    /// otherwise). The cursor follows.
    pub fn play(&mut self, code: MoveCode) -> Result<NodeId, MoveError> {
        let text = self.current.move_text(code).ok_or(MoveError::Malformed {
            text: format!("{code:?}"),
            reason: "not a move here".into(),
        })?;
        let existing = self.nodes[self.cursor.0]
            .children
            .iter()
            .copied()
            .find(|&child| self.nodes[child.0].text == text);
        if let Some(child) = existing {
            self.current.play(code)?;
            self.cursor = child;
            return Ok(child);
        }
        let shown = self
            .current
            .display_move(code)
            .unwrap_or_else(|| text.clone());
        let mover = self.current.to_move();
        self.current.play(code)?;
        let id = NodeId(self.nodes.len());
        self.nodes.push(Node {
            parent: Some(self.cursor),
            children: Vec::new(),
            text,
            shown,
            ply: self.nodes[self.cursor.0].ply + 1,
            mover,
            alive: true,
        });
        self.nodes[self.cursor.0].children.push(id);
        self.cursor = id;
        Ok(id)
    }

    /// Plays a line of moves (in move text) from the cursor, then puts the cursor on
    /// its first move, so the player steps through it with the arrow keys. Stops at
    /// the first move that is not legal; returns how many were played.
    pub fn play_line(&mut self, moves: &[String]) -> usize {
        let from = self.cursor;
        let mut played = 0;
        for text in moves {
            let Ok(code) = self.current.parse_move(text) else {
                break;
            };
            if self.play(code).is_err() {
                break;
            }
            played += 1;
        }
        if played > 0 {
            let first = self.path_to(self.cursor)[self.nodes[from.0].ply + 1];
            self.go(first);
        }
        played
    }

    /// Moves the cursor to `id` (ignored if it was deleted).
    pub fn go(&mut self, id: NodeId) {
        if !self.nodes.get(id.0).is_some_and(|node| node.alive) {
            return;
        }
        let mut position = self.start.clone_box();
        self.start.share_searcher_with(&mut *position);
        for step in self.path_to(id).into_iter().skip(1) {
            let text = &self.nodes[step.0].text;
            if position.play_text(text).is_err() {
                return;
            }
        }
        self.current = position;
        self.cursor = id;
    }

    /// One move back.
    pub fn back(&mut self) {
        if let Some(parent) = self.nodes[self.cursor.0].parent {
            self.go(parent);
        }
    }

    /// One move forward along the preferred line.
    pub fn forward(&mut self) {
        if let Some(&next) = self.nodes[self.cursor.0].children.first()
            && let Ok(code) = self.current.parse_move(&self.nodes[next.0].text)
        {
            // A move already in the tree is legal where it stands.
            let _ = self.play(code);
        }
    }

    /// To the start.
    pub fn to_start(&mut self) {
        self.go(Self::ROOT);
    }

    /// To the end of the current line (following the preferred moves).
    pub fn to_end(&mut self) {
        let mut id = self.cursor;
        while let Some(&next) = self.nodes[id.0].children.first() {
            id = next;
        }
        self.go(id);
    }

    /// Makes the line through `id` the preferred one where it branches off (one step
    /// up, as lichess's "promote variation"). Returns whether anything changed.
    pub fn promote(&mut self, id: NodeId) -> bool {
        let mut child = id;
        while let Some(parent) = self.nodes.get(child.0).and_then(|node| node.parent) {
            let siblings = &mut self.nodes[parent.0].children;
            let place = siblings.iter().position(|&c| c == child).unwrap_or(0);
            if place > 0 {
                siblings.swap(place, place - 1);
                return true;
            }
            child = parent;
        }
        false
    }

    /// Deletes the move `id` and everything after it (never the start). The cursor
    /// goes back to the move before it if it was on the deleted part.
    pub fn delete(&mut self, id: NodeId) {
        let Some(parent) = self.nodes.get(id.0).and_then(|node| node.parent) else {
            return;
        };
        let on_deleted = self.path_to(self.cursor).contains(&id);
        self.nodes[parent.0].children.retain(|&c| c != id);
        let mut doomed = vec![id];
        while let Some(next) = doomed.pop() {
            self.nodes[next.0].alive = false;
            doomed.extend(self.nodes[next.0].children.iter().copied());
        }
        if on_deleted {
            self.go(parent);
        }
    }

    /// Whether `id` is on the main line (the first choice at every branch from the
    /// start).
    pub fn on_main_line(&self, id: NodeId) -> bool {
        let path = self.path_to(id);
        path.windows(2)
            .all(|pair| self.nodes[pair[0].0].children.first() == Some(&pair[1]))
    }

    /// The main line's moves, as they would be saved: the game being analysed.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut id = Self::ROOT;
        while let Some(&next) = self.nodes[id.0].children.first() {
            line.push(next);
            id = next;
        }
        line
    }

    /// The moves from the start to `id`, as the game the board would play them: the
    /// game at that position.
    pub fn game_at(&self, id: NodeId) -> Box<dyn AnyGame> {
        let mut position = self.start.clone_box();
        for step in self.path_to(id).into_iter().skip(1) {
            if position.play_text(&self.nodes[step.0].text).is_err() {
                break;
            }
        }
        position
    }

    /// Plies from the start to `id`.
    pub fn ply(&self, id: NodeId) -> usize {
        self.nodes.get(id.0).map_or(0, |node| node.ply)
    }

    /// The move that led to `id` as players read it (empty at the start).
    pub fn shown(&self, id: NodeId) -> &str {
        self.nodes.get(id.0).map_or("", |node| node.shown.as_str())
    }

    /// The move list: the main line first, each side line on a row of its own right
    /// after the move it is an alternative to, indented by how deep it is.
    pub fn listing(&self) -> Vec<ListedLine> {
        let mut rows = Vec::new();
        if let Some((&first, others)) = self.nodes[Self::ROOT.0].children.split_first() {
            self.list_line(first, 0, others, &mut rows);
        }
        rows
    }

    /// Lists the line that begins with the move `first` and follows the first choices
    /// from there, at `depth`; `alternatives` (other moves instead of `first`) and the
    /// side lines met on the way each get rows of their own, one deeper, right after
    /// the move they replace.
    fn list_line(
        &self,
        first: NodeId,
        depth: usize,
        alternatives: &[NodeId],
        rows: &mut Vec<ListedLine>,
    ) {
        let mut row = ListedLine {
            depth,
            moves: vec![self.listed(first, true)],
        };
        let mut branches = alternatives;
        let mut at = first;
        loop {
            let line_starts = !branches.is_empty();
            if line_starts {
                rows.push(std::mem::replace(
                    &mut row,
                    ListedLine {
                        depth,
                        moves: Vec::new(),
                    },
                ));
                for &branch in branches {
                    self.list_line(branch, depth + 1, &[], rows);
                }
            }
            let Some((&next, others)) = self.nodes[at.0].children.split_first() else {
                break;
            };
            row.moves.push(self.listed(next, line_starts));
            branches = others;
            at = next;
        }
        if !row.moves.is_empty() {
            rows.push(row);
        }
    }

    /// A move for the list, with its number where it is needed.
    fn listed(&self, id: NodeId, line_starts: bool) -> ListedMove {
        let node = &self.nodes[id.0];
        let first_player_moved = node.mover == Player::First;
        let offset = usize::from(self.start.to_move() == Player::Second);
        let number = (node.ply - 1 + offset) / 2 + 1;
        let number = if first_player_moved {
            format!("{number}. ")
        } else if line_starts {
            format!("{number}… ")
        } else {
            String::new()
        };
        ListedMove {
            id,
            number,
            shown: node.shown.clone(),
        }
    }

    /// The nodes from the start to `id`, both included.
    fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut at = id;
        while let Some(parent) = self.nodes.get(at.0).and_then(|node| node.parent) {
            path.push(parent);
            at = parent;
        }
        path.reverse();
        path
    }
}

/// `game`'s start position with no moves, of the same mode.
fn fresh(game: &dyn AnyGame) -> Result<Box<dyn AnyGame>, MoveError> {
    let mode = find_mode(game.mode_id()).ok_or_else(|| MoveError::Malformed {
        text: game.mode_id().into(),
        reason: "unknown mode".into(),
    })?;
    mode.from_position(&game.start_text())
        .map_err(|error| MoveError::Malformed {
            text: game.start_text(),
            reason: error.to_string(),
        })
}
