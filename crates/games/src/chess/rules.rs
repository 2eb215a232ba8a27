//! The chess family's implementation of the core traits: rules (outcomes included),
//! heuristics for the computer player, and presentation.

use super::bits::Bits;
use super::look;
use super::position::{Chess, NO_PROGRESS_PLIES};
use super::variants::{MaterialDraw, Variant};
use super::{Move, Role};
use ply_core::{
    BoardView, CellMark, ChanceCurve, EndReason, Heuristics, InputStyle, MoveCode, MoveError,
    Outcome, PieceLook, Player, PositionError, Present, Rules, Rungs, Score, SideColors,
    TimeControl,
};

impl<V: Variant> Chess<V> {
    /// The outcome this position decides on its own (everything but repetition).
    pub(super) fn position_outcome(&self) -> Option<Outcome> {
        let us = self.turn;
        let them = us.opponent();
        let win = |winner: Player, reason: EndReason| Some(Outcome::Win { winner, reason });
        if V::ATOMIC {
            for side in [us, them] {
                if self.king_of(side).is_none() {
                    return win(side.opponent(), EndReason::KingExploded);
                }
            }
        }
        if V::HILL {
            for side in [them, us] {
                if (self.pieces(side, Role::King) & V::centre()).any() {
                    return win(side, EndReason::KingOnHill);
                }
            }
        }
        if !V::ROYAL && self.colors[us.index()].is_empty() {
            return win(them, EndReason::NoPiecesLeft);
        }
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves);
        if moves.is_empty() {
            return if !V::ROYAL {
                win(them, EndReason::NoLegalMoves)
            } else if self.in_check(us) {
                win(them, EndReason::Checkmate)
            } else {
                Some(Outcome::Draw {
                    reason: EndReason::Stalemate,
                })
            };
        }
        if self.halfmoves >= NO_PROGRESS_PLIES {
            return Some(Outcome::Draw {
                reason: EndReason::NoProgress,
            });
        }
        if self.insufficient_material() {
            return Some(Outcome::Draw {
                reason: EndReason::InsufficientMaterial,
            });
        }
        None
    }

    fn insufficient_material(&self) -> bool {
        let kings = self.roles[Role::King as usize];
        match V::MATERIAL_DRAW {
            MaterialDraw::Never => false,
            MaterialDraw::BareKings => self.occupied() == kings,
            MaterialDraw::Fide => {
                let heavy = self.roles[Role::Pawn as usize]
                    | self.roles[Role::Rook as usize]
                    | self.roles[Role::Queen as usize];
                if heavy.any() {
                    return false;
                }
                let knights = self.roles[Role::Knight as usize];
                let bishops = self.roles[Role::Bishop as usize];
                if (knights | bishops).count() <= 1 {
                    return true;
                }
                let files = Self::FILES;
                let colour = |square: u8| (square % files + square / files) % 2;
                let mut shades = bishops.squares().map(colour);
                let first = shades.next();
                knights.is_empty() && shades.all(|shade| Some(shade) == first)
            }
        }
    }
}

impl<V: Variant> Chess<V> {
    /// Whether `side` has the material to win at all, for a game whose opponent ran
    /// out of time. FIDE's rule, as lichess and shakmaty judge it: a lone king never
    /// can; a king and one knight only when the opponent has something other than
    /// queens to block its own king; bishops alone only when the bishops on the board
    /// stand on both colours or the opponent has a pawn or knight to block with. In
    /// atomic chess any piece but the king can win (a king cannot capture); where a
    /// bare king can still win (the hill, last piece standing), every side can.
    fn has_winning_material(&self, side: Player) -> bool {
        let ours = self.colors[side.index()];
        let theirs = self.colors[side.opponent().index()];
        let kings = self.roles[Role::King as usize];
        match V::MATERIAL_DRAW {
            MaterialDraw::Never => true,
            MaterialDraw::BareKings => (ours & !kings).any(),
            MaterialDraw::Fide => {
                let role = |role: Role| self.roles[role as usize];
                if (ours & (role(Role::Pawn) | role(Role::Rook) | role(Role::Queen))).any() {
                    return true;
                }
                let (knights, bishops) = (role(Role::Knight), role(Role::Bishop));
                if (ours & knights).any() {
                    let only_one_knight = (ours & !kings).count() == 1;
                    let blockers = theirs & !kings & !role(Role::Queen);
                    return !only_one_knight || blockers.any();
                }
                if (ours & bishops).any() {
                    let files = Self::FILES;
                    let colour = |square: u8| (square % files + square / files) % 2;
                    let mut shades = bishops.squares().map(colour);
                    let first = shades.next();
                    let both_colours = shades.any(|shade| Some(shade) != first);
                    let blockers = theirs & (role(Role::Pawn) | knights);
                    return both_colours || blockers.any();
                }
                false
            }
        }
    }
}

impl<V: Variant> Rules for Chess<V> {
    const ID: &'static str = V::ID;
    const RULES_VERSION: u32 = 1;
    type Move = Move;
    ply_core::copy_make!(play);

    fn start() -> Self {
        Self::from_fen(V::START).expect("the start position is valid")
    }

    fn from_text(text: &str) -> Result<Self, PositionError> {
        Self::from_fen(text)
    }

    fn to_text(&self) -> String {
        self.to_fen()
    }

    fn to_move(&self) -> Player {
        self.turn
    }

    fn gen_moves(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position_outcome()
    }

    fn drawn_by_rule(&self) -> bool {
        self.halfmoves >= NO_PROGRESS_PLIES || self.insufficient_material()
    }

    fn plies_since_irreversible(&self) -> usize {
        self.halfmoves as usize
    }

    fn repetition_outcome(&self) -> Option<Outcome> {
        Some(Outcome::Draw {
            reason: EndReason::Repetition,
        })
    }

    fn can_still_win(&self, side: Player) -> bool {
        self.has_winning_material(side)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    fn move_text(&self, mv: Move) -> String {
        self.uci(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_uci(text)
    }

    fn display_move(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn move_code(mv: Move) -> MoveCode {
        MoveCode(mv.code())
    }
}

impl<V: Variant> Heuristics for Chess<V> {
    const PRUNING_UNIT: Option<i32> = Some(100);
    const CHANCE_CURVE: ChanceCurve = ChanceCurve {
        scale: V::CHANCE_SCALE,
    };
    const RUNGS: Rungs = V::RUNGS;

    fn null_move(&self) -> Option<Self> {
        self.passed()
    }

    /// The pawns, and each side's other pieces.
    fn correction_key(&self) -> Option<[u64; ply_core::CORRECTION_KEYS]> {
        Some(self.structure_keys())
    }

    /// Never in atomic, where a capture's blast, not the recaptures, decides.
    fn losing_exchange(&self, mv: Move) -> bool {
        !V::ATOMIC && self.exchange_value(mv) < 0
    }

    fn evaluate(&self) -> Score {
        self.static_eval()
    }

    fn order_hint(&self, mv: Move) -> i32 {
        let victim = self.piece_at(mv.to).map(|(_, role)| role).or_else(|| {
            (Some(mv.to) == self.en_passant && self.roles[Role::Pawn as usize].has(mv.from))
                .then_some(Role::Pawn)
        });
        let attacker = self
            .piece_at(mv.from)
            .map_or(0, |(_, role)| self.piece_value(role));
        let gain = victim.map_or(0, |role| {
            10 * self.piece_value(role).max(50) - attacker / 10
        });
        gain + mv.promotion.map_or(0, |role| self.piece_value(role))
    }

    fn in_check(&self) -> bool {
        Chess::in_check(self, self.turn)
    }

    fn noisy_moves(&self, out: &mut Vec<Move>) {
        self.generate_noisy(out);
    }

    fn quiet_past_horizon(&self) -> bool {
        !self.variant_decided() && !Chess::in_check(self, self.turn)
    }
}

/// A piece's material worth in centipawns (a king that is not royal, as in losing chess,
/// counts as a minor piece).
pub(super) fn material_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 300,
    }
}

impl<V: Variant> Chess<V> {
    fn piece_value(&self, role: Role) -> i32 {
        match role {
            Role::King if V::ROYAL => 0,
            _ => material_value(role),
        }
    }
}

impl<V: Variant> Present for Chess<V> {
    const NAME: &'static str = V::NAME;
    const TIME_PRESETS: &'static [TimeControl] = ply_core::CHESS_PRESETS;
    const SUMMARY: &'static str = V::SUMMARY;

    fn side_name(player: Player) -> &'static str {
        match player {
            Player::First => "White",
            Player::Second => "Black",
        }
    }

    fn side_colors(player: Player) -> SideColors {
        look::side_colors(player)
    }

    const PIECES: &'static [PieceLook] = look::PIECES;
    const BOTTOM: Player = Player::First;

    fn column_label(column: usize) -> Option<String> {
        look::file_label(column, Self::FILES)
    }

    fn row_label(row: usize) -> Option<String> {
        look::rank_label(row, Self::RANKS)
    }

    fn view(&self) -> BoardView {
        let files = usize::from(Self::FILES);
        let mut view = BoardView::empty(files, usize::from(Self::RANKS), InputStyle::PickAndPlace);
        view.checkered = true;
        let special = if V::HILL {
            V::centre()
        } else {
            Default::default()
        };
        for (index, cell) in view.cells.iter_mut().enumerate() {
            let square = index as u8;
            cell.piece = self
                .piece_at(square)
                .map(|(side, role)| (side, look::kind(role)));
            if V::holes().has(square) {
                cell.mark = CellMark::Hole;
            } else if special.has(square) {
                cell.mark = CellMark::Special;
            }
        }
        if self.in_check(self.turn) {
            view.in_check
                .extend(self.king_of(self.turn).map(usize::from));
        }
        view
    }

    fn move_path(&self, mv: Move) -> Vec<usize> {
        vec![usize::from(mv.from), usize::from(mv.to)]
    }
}
