//! The pointer and the keys on the game screen: which layer, panel item or square a
//! press belongs to, entering moves on the board, and stepping back through the game.

use super::entry::{Entry, MoveEntry};
use super::layers::Layer;
use super::panel::{Panel, PanelHit};
use super::{GameScreen, LookingBack, Press, STUCK_SECONDS, Target, why_not};
use crate::audio::Cue;
use crate::board::Hit;
use crate::geometry::Point;
use crate::screens::widgets::Look;
use crate::screens::{Context, Key, Transition};
use ply_core::{MoveCode, Player, WhyNot};

impl GameScreen {
    pub(super) fn look_back(&mut self, context: &Context, plies: Option<usize>) {
        // Why a move was refused is over once the player goes to look at another
        // position: the mark of the past takes its place above the board.
        self.why_not = None;
        let live = self.table.game().moves().len();
        match plies.filter(|&plies| plies < live) {
            None => self.looking_back = None,
            Some(plies) => {
                let game = self.table.position_after(plies);
                let last_move = plies
                    .checked_sub(1)
                    .and_then(|i| self.table.history().get(i))
                    .map(|m| m.path.clone())
                    .unwrap_or_default();
                let after = plies
                    .checked_sub(1)
                    .and_then(|ply| super::panel::numbered_ply(&self.table, ply));
                self.looking_back = Some(LookingBack {
                    plies,
                    view: game.view(),
                    last_move,
                    to_move: game.to_move(),
                    after,
                });
                self.entry.clear();
                self.dragging = None;
            }
        }
        self.panel.reveal(
            context,
            &self.table,
            self.looking_at().and_then(|p| p.checked_sub(1)),
        );
    }

    pub(super) fn step(&mut self, context: &Context, key: Key) {
        let live = self.table.game().moves().len();
        let now = self.looking_at().unwrap_or(live);
        let to = match key {
            Key::Left => now.saturating_sub(1),
            Key::Right => now + 1,
            Key::Home => 0,
            _ => live,
        };
        self.look_back(context, Some(to));
    }

    fn entered(&mut self, entry: Entry, context: &mut Context) {
        match entry {
            Entry::Play(code) => self.play(code),
            Entry::Choose(codes) => {
                self.dragging = None;
                self.push(Layer::Choose(codes));
            }
            Entry::Stuck(cell) => {
                self.stuck = Some((cell, STUCK_SECONDS));
                self.refuse(vec![cell], context);
            }
            Entry::Refused(cells) => {
                self.dragging = None;
                self.refuse(cells, context);
            }
            // A new try: the last one's reason has been read.
            Entry::Building => self.why_not = None,
            Entry::Nothing => {}
        }
    }

    /// Says why the move that touched `cells` is not legal, as the rules put it.
    fn refuse(&mut self, cells: Vec<usize>, context: &mut Context) {
        self.why_not = why_not::explain(self.table.game(), cells);
        if self.why_not.is_some() {
            context.output.cues.push(Cue::Illegal);
        }
    }

    /// Says why a person may not move now: the game is over, or it is not their turn.
    fn refuse_now(&mut self, context: &mut Context) {
        let game = self.table.game();
        self.why_not = Some(if self.table.outcome().is_some() {
            WhyNot::game_over()
        } else {
            WhyNot::not_your_turn(game.side_name(game.to_move()))
        });
        context.output.cues.push(Cue::Illegal);
    }

    pub(super) fn play(&mut self, code: MoveCode) {
        self.entry.clear();
        self.dragging = None;
        self.table.play(code);
    }

    fn board_down(&mut self, point: Point, context: &mut Context) {
        self.drawings.clear();
        if self.looking_back.is_some() {
            self.looking_back = None;
            self.panel.reveal(context, &self.table, None);
            return;
        }
        let hit = self.board_hit(context, point);
        if !self.table.person_to_move() {
            if let Some(side) = self.premover(context) {
                self.premove_down(hit, side, point);
            } else if hit.is_some() && !self.table.persons().is_empty() {
                self.refuse_now(context);
            }
            return;
        }
        match hit {
            Some(Hit::Column(column)) => self.drop_into(column, context),
            Some(Hit::Cell(cell)) => {
                let entry = self.entry.click(cell, &self.candidates, self.table.game());
                if entry == Entry::Building && self.entry.picked() == Some(cell) {
                    self.dragging = Some(point);
                }
                self.entered(entry, context);
            }
            None => self.entry.clear(),
        }
    }

    /// A counter dropped into `column`, by a click or its digit key: played, entered in
    /// advance while the other side thinks, or refused with the reason (a full column,
    /// not this player's turn).
    pub(super) fn drop_into(&mut self, column: usize, context: &mut Context) {
        if !self.table.person_to_move() {
            if self.premover(context).is_some() {
                self.premoves.column(column);
            } else if !self.table.persons().is_empty() {
                self.refuse_now(context);
            }
            return;
        }
        let width = self.table.game().view().width;
        match MoveEntry::drop_in(column, width, &self.candidates) {
            Some(code) => self.play(code),
            None => self.refuse(vec![column], context),
        }
    }

    /// The side a person may enter a move in advance for now: the game goes on, it is
    /// the other side's turn (the computer's, or a player's online), the only person at
    /// this table plays this side, and premoves are on.
    fn premover(&self, context: &Context) -> Option<Player> {
        let side = self.table.game().to_move().opponent();
        let waiting = self.table.outcome().is_none()
            && self.looking_back.is_none()
            && context.prefs.settings.premoves
            && self.table.persons() == [side];
        waiting.then_some(side)
    }

    fn premove_down(&mut self, hit: Option<Hit>, side: Player, point: Point) {
        match hit {
            Some(Hit::Cell(cell)) => {
                let own = self
                    .table
                    .game()
                    .view()
                    .cells
                    .get(cell)
                    .and_then(|c| c.piece)
                    .is_some_and(|(owner, _)| owner == side);
                if self.premoves.press(cell, own) {
                    self.dragging = Some(point);
                }
            }
            Some(Hit::Column(column)) => self.premoves.column(column),
            None => self.premoves.cancel(),
        }
    }

    /// The turn came back to the person: the move entered in advance is played now if
    /// the rules allow it, and forgotten either way.
    /// A piece picked up for a premove but not yet put down stays in hand as an
    /// ordinary move being entered.
    pub(super) fn play_premove(&mut self) {
        if !self.table.person_to_move() {
            return;
        }
        if self.premoves.waiting().is_some() {
            if let Some(code) = self.premoves.take(&self.candidates, self.table.game()) {
                self.play(code);
            }
        } else if let Some(cell) = self.premoves.picked() {
            self.premoves.cancel();
            let entry = self.entry.click(cell, &self.candidates, self.table.game());
            if entry != Entry::Building {
                self.entry.clear();
                self.dragging = None;
            }
        }
    }

    fn board_up(&mut self, point: Point, context: &mut Context) {
        let cell = match self.board_hit(context, point) {
            Some(Hit::Cell(cell)) => Some(cell),
            _ => None,
        };
        if self.dragging.is_some() && self.premoves.picked().is_some() {
            self.dragging = None;
            self.premoves.release(cell);
            return;
        }
        if self.dragging.take().is_none() || !self.table.person_to_move() {
            return;
        }
        let entry = self.entry.release(cell, &self.candidates);
        self.entered(entry, context);
    }

    pub(super) fn pointer_down(&mut self, point: Point, context: &mut Context) {
        // A result banner that has just appeared takes no press: the click that ended
        // the game, or one close behind it, must not land on the Rematch it put there.
        if matches!(
            self.layers.last(),
            Some(Layer::GameOver { collapsed: false })
        ) && self.layer_age < BANNER_SETTLE_SECONDS
        {
            self.press = None;
            return;
        }
        let on_layer = self
            .clickable(context)
            .into_iter()
            .filter(|b| b.look != Look::Disabled)
            .find(|b| b.rect.contains(point))
            .map(|b| b.action);
        let modal = self.layers.last().is_some_and(Layer::modal);
        let target = if modal || on_layer.is_some() {
            Target::Layer(on_layer)
        } else if Panel::area(context).contains(point) {
            Target::Panel(self.panel.hit(context, &self.table, point))
        } else {
            Target::Board
        };
        self.press = Some(Press {
            version: self.version,
            at: point,
            target,
        });
        if target == Target::Board {
            self.board_down(point, context);
        }
    }

    pub(super) fn pointer_up(&mut self, point: Point, context: &mut Context) -> Transition {
        let Some(press) = self.press.take() else {
            return Transition::Stay;
        };
        if press.version != self.version {
            self.dragging = None;
            return Transition::Stay;
        }
        match press.target {
            Target::Board => {
                self.board_up(point, context);
                Transition::Stay
            }
            Target::Panel(Some(hit))
                if self.panel.hit(context, &self.table, point) == Some(hit) =>
            {
                match hit {
                    PanelHit::Menu => self.push(Layer::Menu),
                    PanelHit::Hint => self.ask_hint(context),
                    PanelHit::Ply(plies) => self.look_back(context, Some(plies)),
                }
                Transition::Stay
            }
            Target::Layer(Some(action)) => {
                let still_there = self
                    .clickable(context)
                    .iter()
                    .any(|b| b.action == action && b.rect.contains(point));
                if still_there {
                    self.act(action, press.at, context)
                } else {
                    Transition::Stay
                }
            }
            _ => Transition::Stay,
        }
    }
}

/// How long a result banner ignores presses after it appears, in seconds: longer than
/// a double click, shorter than it takes to read the result.
const BANNER_SETTLE_SECONDS: f32 = 0.5;
