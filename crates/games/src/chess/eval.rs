//! The chess family's evaluation: tapered (middlegame to endgame) material, piece
//! placement scaled to the board's size, mobility, pawn structure and king safety, plus
//! what each variant changes: explosion danger in atomic, the king's road to the hill,
//! holes (seen through mobility), ordinary kings in last piece standing, and the larger
//! board of mega chess.

use super::Role;
use super::bits::Bits;
use super::geometry::Geometry;
use super::position::{Chess, Set};
use super::variants::Variant;
use ply_core::{Player, Score};

type G<V> = <V as Variant>::Geometry;

/// A middlegame and an endgame value, blended by the game phase.
#[derive(Clone, Copy, Default)]
struct Taper {
    middle: i32,
    end: i32,
}

impl Taper {
    const fn new(middle: i32, end: i32) -> Taper {
        Taper { middle, end }
    }

    fn add(&mut self, other: Taper, times: i32) {
        self.middle += other.middle * times;
        self.end += other.end * times;
    }
}

/// Material by role (pawn, knight, bishop, rook, queen, royal king).
const MATERIAL: [Taper; 6] = [
    Taper::new(82, 94),
    Taper::new(337, 281),
    Taper::new(365, 297),
    Taper::new(477, 512),
    Taper::new(1025, 936),
    Taper::new(0, 0),
];
/// A king that is an ordinary piece (last piece standing).
const PLAIN_KING: Taper = Taper::new(250, 300);
/// Game-phase weight by role; a variant's start position sums to `Variant::FULL_PHASE`.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Per attacked square, by role.
const MOBILITY: [Taper; 6] = [
    Taper::new(0, 0),
    Taper::new(4, 4),
    Taper::new(5, 5),
    Taper::new(2, 4),
    Taper::new(1, 2),
    Taper::new(0, 0),
];
const BISHOP_PAIR: Taper = Taper::new(30, 50);
const DOUBLED_PAWN: Taper = Taper::new(-10, -20);
const ISOLATED_PAWN: Taper = Taper::new(-10, -15);
const ROOK_OPEN_FILE: Taper = Taper::new(25, 10);
const ROOK_HALF_OPEN_FILE: Taper = Taper::new(12, 5);
const PAWN_SHIELD: i32 = 12;
/// Per attack of ours on a square next to the enemy king (or on it).
const KING_ZONE_ATTACK: i32 = 9;
/// Atomic: a piece of ours next to our king that the enemy attacks can be captured,
/// and the blast takes our king with it.
const EXPLOSION_DANGER: i32 = 180;

impl<V: Variant> Chess<V> {
    /// The static evaluation, from the side to move's view.
    pub(super) fn static_eval(&self) -> Score {
        let mut phase = 0;
        for role in Role::ALL {
            phase += PHASE[role as usize] * self.roles[role as usize].count() as i32;
        }
        let full_phase = V::FULL_PHASE;
        let phase = phase.min(full_phase);
        let white = self.side_terms(Player::First);
        let black = self.side_terms(Player::Second);
        let middle = white.middle - black.middle;
        let end = white.end - black.end;
        let blended = (middle * phase + end * (full_phase - phase)) / full_phase;
        let from_white = blended + self.hill_race();
        Score(if self.turn == Player::First {
            from_white
        } else {
            -from_white
        })
    }

    /// Everything that depends on one side alone.
    fn side_terms(&self, side: Player) -> Taper {
        let mut total = Taper::default();
        let ours = self.colors[side.index()];
        let blockers = self.blockers();
        let own_pawns = self.pieces(side, Role::Pawn);
        let their_pawns = self.pieces(side.opponent(), Role::Pawn);
        let their_king_zone = match self.king_of(side.opponent()) {
            Some(king) if V::ROYAL => G::<V>::king(king) | Set::<V>::square(king),
            _ => Set::<V>::EMPTY,
        };
        let mut pressure = 0;
        for role in Role::ALL {
            let pieces = self.pieces(side, role);
            let count = pieces.count() as i32;
            let value = if role == Role::King && !V::ROYAL {
                PLAIN_KING
            } else {
                MATERIAL[role as usize]
            };
            total.add(value, count);
            for square in pieces.squares() {
                total.add(self.placement(side, role, square), 1);
                let reach = match role {
                    Role::Knight => G::<V>::knight(square),
                    Role::Bishop => G::<V>::bishop(square, blockers),
                    Role::Rook => G::<V>::rook(square, blockers),
                    Role::Queen => {
                        G::<V>::bishop(square, blockers) | G::<V>::rook(square, blockers)
                    }
                    Role::Pawn | Role::King => Set::<V>::EMPTY,
                };
                pressure += (reach & their_king_zone).count() as i32;
                let moves = (reach & !ours & !V::holes()).count() as i32;
                total.add(
                    MOBILITY[role as usize],
                    moves - Self::typical_mobility(role),
                );
                if role == Role::Rook {
                    let file = G::<V>::file(square % Self::FILES);
                    if (file & own_pawns).is_empty() {
                        total.add(
                            if (file & their_pawns).is_empty() {
                                ROOK_OPEN_FILE
                            } else {
                                ROOK_HALF_OPEN_FILE
                            },
                            1,
                        );
                    }
                }
            }
        }
        if self.pieces(side, Role::Bishop).several() {
            total.add(BISHOP_PAIR, 1);
        }
        total.add(self.pawn_structure(side), 1);
        if V::ROYAL {
            total.middle += self.pawn_shield(side) + pressure * KING_ZONE_ATTACK;
            if V::ATOMIC {
                let danger = self.explosion_danger(side);
                total.middle -= danger;
                total.end -= danger;
            }
        }
        total
    }

    /// Roughly how many squares a piece attacks in an ordinary position, so mobility
    /// scores above or below the usual.
    fn typical_mobility(role: Role) -> i32 {
        let scale = i32::from(Self::FILES) / 8;
        match role {
            Role::Knight => 4,
            Role::Bishop => 6 * scale,
            Role::Rook => 6 * scale,
            Role::Queen => 12 * scale,
            Role::Pawn | Role::King => 0,
        }
    }

    /// How far `square` is from the centre of the board: 0 on the four centre squares,
    /// `files / 2 - 1` on the edge.
    fn edge_distance(square: u8) -> i32 {
        let files = i32::from(Self::FILES);
        let file = 2 * i32::from(square % Self::FILES) - (files - 1);
        let rank = 2 * i32::from(square / Self::FILES) - (files - 1);
        (file.abs().max(rank.abs()) - 1) / 2
    }

    /// How many ranks a piece of `side` on `square` has advanced from its own edge.
    fn advance(side: Player, square: u8) -> i32 {
        let rank = i32::from(square / Self::FILES);
        match side {
            Player::First => rank,
            Player::Second => i32::from(Self::RANKS) - 1 - rank,
        }
    }

    /// A bonus for where a piece stands, scaled to the board.
    fn placement(&self, side: Player, role: Role, square: u8) -> Taper {
        let half = i32::from(Self::FILES) / 2;
        let central = half - 1 - Self::edge_distance(square);
        let scale = 8 / (half / 4).max(1);
        let advance = Self::advance(side, square);
        match role {
            Role::Pawn => {
                let centre_file = {
                    let file = i32::from(square % Self::FILES);
                    (file == half - 1 || file == half) as i32
                };
                Taper::new(advance * 3 + centre_file * 10, advance * 8)
            }
            Role::Knight => Taper::new(central * 2 * scale, central * 2 * scale),
            Role::Bishop => Taper::new(central * scale, central * scale),
            Role::Rook => {
                let seventh = (advance == i32::from(Self::RANKS) - 2) as i32;
                Taper::new(seventh * 20, seventh * 25)
            }
            Role::Queen => Taper::new(central, central * 2),
            Role::King if !V::ROYAL || V::HILL => Taper::new(central * 3, central * 4),
            Role::King => {
                let home = (advance == 0) as i32;
                Taper::new(home * 20 - central * 8, central * 10)
            }
        }
    }

    /// Doubled, isolated and passed pawns.
    fn pawn_structure(&self, side: Player) -> Taper {
        let own = self.pieces(side, Role::Pawn);
        let theirs = self.pieces(side.opponent(), Role::Pawn);
        let mut total = Taper::default();
        let mut files_with_pawns = [0i32; 16];
        for file in 0..Self::FILES {
            files_with_pawns[usize::from(file)] = (G::<V>::file(file) & own).count() as i32;
        }
        let files_with_pawns = &files_with_pawns[..usize::from(Self::FILES)];
        for (file, &count) in files_with_pawns.iter().enumerate() {
            if count == 0 {
                continue;
            }
            total.add(DOUBLED_PAWN, count - 1);
            let left = file.checked_sub(1).map_or(0, |f| files_with_pawns[f]);
            let right = files_with_pawns.get(file + 1).copied().unwrap_or(0);
            if left == 0 && right == 0 {
                total.add(ISOLATED_PAWN, count);
            }
        }
        for square in own.squares() {
            let file = square % Self::FILES;
            let advance = Self::advance(side, square);
            let blocked = theirs.squares().any(|enemy| {
                (enemy % Self::FILES).abs_diff(file) <= 1 && Self::advance(side, enemy) > advance
            });
            if !blocked {
                let span = i32::from(Self::RANKS) - 2;
                let progress = advance * 8 / span.max(1);
                total.add(
                    Taper::new(progress * progress * 2, progress * progress * 5),
                    1,
                );
            }
        }
        total
    }

    /// Pawns sheltering a king that stays at home.
    fn pawn_shield(&self, side: Player) -> i32 {
        let Some(king) = self.king_of(side) else {
            return 0;
        };
        if Self::advance(side, king) > 1 {
            return 0;
        }
        let zone = G::<V>::king(king);
        (zone & self.pieces(side, Role::Pawn)).count() as i32 * PAWN_SHIELD
    }

    /// Atomic: our pieces next to our king that the enemy can capture.
    fn explosion_danger(&self, side: Player) -> i32 {
        let Some(king) = self.king_of(side) else {
            return 0;
        };
        let them = side.opponent();
        let blockers = self.blockers();
        let neighbours = G::<V>::king(king) & self.colors[side.index()];
        let exposed = neighbours
            .squares()
            .filter(|&square| {
                (self.attackers(square, them, blockers) & !self.pieces(them, Role::King)).any()
            })
            .count() as i32;
        exposed * EXPLOSION_DANGER
    }

    /// King of the hill: the race of the kings to the centre, from White's view. A king
    /// one step away is nearly winning.
    fn hill_race(&self) -> i32 {
        if !V::HILL {
            return 0;
        }
        let reward = |side: Player| {
            self.king_of(side)
                .map_or(0, |king| match Self::edge_distance(king) {
                    0 => 800,
                    1 => 150,
                    2 => 50,
                    _ => 0,
                })
        };
        reward(Player::First) - reward(Player::Second)
    }
}
