//! The position editor: a board of any mode set up piece by piece (a palette of both
//! sides' pieces and an eraser, clicked then placed or dragged onto the board, the right
//! button clearing a square), the side to move and, in the chess family, castling and
//! en passant. The position text and whether the mode's rules accept the position, or
//! why not, show as it changes; an accepted position can be analysed or played from
//! here.

mod draw;
mod layout;

pub use layout::{Action, Brush};

use super::analysis::AnalysisScreen;
use super::local::LocalSetup;
use super::{Context, Event, Key, Screen, Transition, controls::Control};
use crate::board::flat::Geometry;
use crate::display::Frame;
use crate::geometry::Point;
use layout::{Layout, cell_at};
use ply_core::{BoardView, CellMark, PieceKind, Player, PositionError, Setup};
use ply_modes::{AnyGame, MODES, Mode};

/// The position editor screen.
pub struct EditorScreen {
    /// The mode, by its index in `MODES`.
    mode: usize,
    /// A game of the mode at its start, for how its pieces and squares look.
    look: Box<dyn AnyGame>,
    /// The position being set up.
    setup: Setup,
    /// What a click on the board puts there.
    brush: Brush,
    /// A palette piece being dragged, and where the pointer holds it.
    dragging: Option<(Brush, Point)>,
    /// The position text of the setup, when the mode can write it.
    text: Option<String>,
    /// The game the setup makes, or why the mode refuses it.
    verdict: Result<Box<dyn AnyGame>, PositionError>,
}

impl EditorScreen {
    /// An editor for the mode with this id (the first mode for an unknown one), at the
    /// mode's start position.
    pub fn new(mode_id: &str) -> EditorScreen {
        let mode = MODES
            .iter()
            .position(|mode| mode.id == mode_id)
            .unwrap_or(0);
        let setup = MODES[mode].start_setup();
        EditorScreen::with_setup(mode, setup)
    }

    /// An editor holding the current position of `game`, to change it; `None` when the
    /// game's position cannot be read back (a mode missing from the registry).
    pub fn editing(game: &dyn AnyGame) -> Option<EditorScreen> {
        let mode = MODES.iter().position(|mode| mode.id == game.mode_id())?;
        let setup = MODES[mode].setup_of(game)?;
        Some(EditorScreen::with_setup(mode, setup))
    }

    fn with_setup(mode: usize, setup: Setup) -> EditorScreen {
        let look = MODES[mode].new_game();
        let brush = MODES[mode]
            .palette
            .first()
            .map_or(Brush::Eraser, |&(side, kind)| Brush::Piece(side, kind));
        EditorScreen {
            mode,
            look,
            text: MODES[mode].setup_text(&setup).ok(),
            verdict: MODES[mode].compose(&setup),
            setup,
            brush,
            dragging: None,
        }
    }

    /// The mode being set up.
    pub fn mode(&self) -> &'static Mode {
        &MODES[self.mode]
    }

    /// The position as set up so far.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The position text of the setup, when the mode can write it.
    pub fn position_text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// Why the position is refused, in words; `None` when it is accepted.
    pub fn refusal(&self) -> Option<&str> {
        self.verdict
            .as_ref()
            .err()
            .map(|error| error.reason.as_str())
    }

    /// The position set up, as a new game from it, once the rules accept it: what "Play
    /// from here" starts from, and what an analysis board takes.
    pub fn composed(&self) -> Option<Box<dyn AnyGame>> {
        self.verdict.as_ref().ok().map(|game| game.clone_box())
    }

    /// What clicking the board does now.
    pub fn brush(&self) -> Brush {
        self.brush
    }

    /// The game setup screen for a game on this computer from the position set up, with
    /// the player's last choices of sides and clock; `None` while the position is
    /// refused or its game is already over.
    pub fn play_from_here(&self, context: &Context) -> Option<LocalSetup> {
        let game = self.composed().filter(|game| game.outcome().is_none())?;
        Some(LocalSetup::new(&context.prefs.settings).with_position(game))
    }

    /// The analysis board on the position set up; `None` while the position is
    /// refused.
    pub fn analyse(&self) -> Option<AnalysisScreen> {
        let game = self.composed()?;
        let title = format!("Analysis: {} (a position set up)", self.mode().name);
        AnalysisScreen::new(game.as_ref(), 0, title)
    }

    /// Puts `piece` on `cell` (or clears it), as a click with a brush does; cells that
    /// are not squares of the mode (hole chess's holes, checkers' light squares) stay
    /// empty.
    pub fn place(&mut self, cell: usize, piece: Option<(Player, PieceKind)>) {
        let usable = self
            .look
            .view()
            .cells
            .get(cell)
            .is_some_and(|square| !matches!(square.mark, CellMark::Hole | CellMark::Unused));
        if usable && self.setup.cells[cell] != piece {
            self.setup.cells[cell] = piece;
            // A king or rook moved off its home square takes its castling rights along.
            let possible = self.mode().castling_possible(&self.setup);
            self.setup.castling = self.setup.castling.and(possible);
            self.judge();
        }
    }

    /// The picture of the board: the mode's squares with the setup's pieces, and the
    /// king in check marked once the position is accepted.
    fn board_view(&self) -> BoardView {
        let mut view = self.look.view();
        for (cell, piece) in view.cells.iter_mut().zip(&self.setup.cells) {
            cell.piece = *piece;
        }
        view.in_check = match &self.verdict {
            Ok(game) => game.view().in_check,
            Err(_) => Vec::new(),
        };
        view
    }

    /// Where the board's cells are drawn.
    fn geometry(&self, layout: &Layout) -> Geometry {
        Geometry::new(layout.board, &self.board_view())
    }

    fn layout(&self, context: &Context) -> Layout {
        Layout::new(context, self.mode(), self.look.as_ref())
    }

    /// The centre of `cell` on screen (for tests and tours).
    pub fn cell_center(&self, context: &Context, cell: usize) -> Point {
        self.geometry(&self.layout(context))
            .cell_rect(cell)
            .center()
    }

    /// The centre of the palette's tile for `brush`, if the mode has it.
    pub fn tile_center(&self, context: &Context, brush: Brush) -> Option<Point> {
        let layout = self.layout(context);
        let tile = layout.tiles.iter().find(|(_, tile)| *tile == brush)?;
        Some(tile.0.center())
    }

    /// The centre of the button that does `action`, if the mode has it.
    pub fn button_center(&self, context: &Context, action: Action) -> Option<Point> {
        let layout = self.layout(context);
        let button = layout
            .buttons
            .iter()
            .find(|(_, button)| *button == action)?;
        Some(button.0.center())
    }

    /// Writes the setup as position text and asks the mode's rules about it; drops an
    /// en passant square the board no longer allows.
    fn judge(&mut self) {
        let mode = self.mode();
        if let Some(cell) = self.setup.en_passant
            && !mode.en_passant_cells(&self.setup).contains(&cell)
        {
            self.setup.en_passant = None;
        }
        self.text = mode.setup_text(&self.setup).ok();
        self.verdict = mode.compose(&self.setup);
    }

    /// Replaces the setup and judges it again.
    fn set(&mut self, setup: Setup) {
        self.setup = setup;
        self.judge();
    }

    /// Clicking `cell` with the brush: puts its piece there, or takes it off when the
    /// same piece already stands there.
    fn paint(&mut self, cell: usize, brush: Brush) {
        let piece = match brush {
            Brush::Piece(side, kind) if self.setup.cells[cell] != Some((side, kind)) => {
                Some((side, kind))
            }
            Brush::Piece(..) | Brush::Eraser => None,
        };
        self.place(cell, piece);
    }

    fn act(&mut self, action: Action, context: &Context) -> Transition {
        let mode = self.mode();
        match action {
            Action::Mode => {
                let next = (self.mode + 1) % MODES.len();
                *self = EditorScreen::with_setup(next, MODES[next].start_setup());
            }
            Action::ToMove => {
                let mut setup = self.setup.clone();
                setup.to_move = setup.to_move.opponent();
                self.set(setup);
            }
            Action::Castling(player, wing) => {
                let mut setup = self.setup.clone();
                let allowed = setup.castling.has(player, wing);
                setup.castling.set(player, wing, !allowed);
                self.set(setup);
            }
            Action::EnPassant => {
                let cells = mode.en_passant_cells(&self.setup);
                let now = self
                    .setup
                    .en_passant
                    .and_then(|cell| cells.iter().position(|&c| c == cell));
                let mut setup = self.setup.clone();
                setup.en_passant = match now {
                    None => cells.first().copied(),
                    Some(index) => cells.get(index + 1).copied(),
                };
                self.set(setup);
            }
            Action::Clear => self.set(self.setup.cleared()),
            Action::Start => self.set(mode.start_setup()),
            Action::Back => return Transition::Pop,
            Action::Analyse => {
                if let Some(board) = self.analyse() {
                    return Transition::Push(Box::new(board));
                }
            }
            Action::Play => {
                if let Some(local) = self.play_from_here(context) {
                    return Transition::Push(Box::new(local));
                }
            }
        }
        Transition::Stay
    }
}

impl Screen for EditorScreen {
    fn controls(&self) -> Vec<Control> {
        vec![
            Control::new("Click", "choose a piece, then click squares to place it"),
            Control::new("Drag", "a piece from the palette onto the board"),
            Control::new("Right-click", "clear a square"),
            Control::new("Esc", "back"),
        ]
    }

    fn update(&mut self, event: &Event, context: &mut Context) -> Transition {
        let layout = self.layout(context);
        let geometry = self.geometry(&layout);
        match *event {
            Event::Key(Key::Escape) => Transition::Pop,
            Event::PointerDown(point) => {
                if let Some(brush) = layout.tile_at(point) {
                    self.brush = brush;
                    self.dragging = Some((brush, point));
                } else if let Some(cell) = cell_at(&geometry, &self.setup, point) {
                    self.paint(cell, self.brush);
                }
                Transition::Stay
            }
            Event::PointerMove(point) => {
                if let Some((brush, _)) = self.dragging {
                    self.dragging = Some((brush, point));
                }
                Transition::Stay
            }
            Event::PointerUp(point) => {
                if let Some((brush, _)) = self.dragging.take()
                    && let Some(cell) = cell_at(&geometry, &self.setup, point)
                {
                    let piece = match brush {
                        Brush::Piece(side, kind) => Some((side, kind)),
                        Brush::Eraser => None,
                    };
                    self.place(cell, piece);
                }
                match layout.button_at(point) {
                    Some(action) => self.act(action, context),
                    None => Transition::Stay,
                }
            }
            Event::SecondaryDown(point, _) => {
                if let Some(cell) = cell_at(&geometry, &self.setup, point) {
                    self.place(cell, None);
                }
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame) {
        draw::draw(self, context, frame);
    }
}
