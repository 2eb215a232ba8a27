//! The chess family's evaluation terms: where each term's pair of weights (middlegame,
//! endgame) sits in a variant's weight table, and the names the tuner shows for them.
//! Term `t` owns weights `2 t` (middlegame) and `2 t + 1` (endgame).

use super::Role;

/// Material by role: pawn, knight, bishop, rook, queen, and a king that is an ordinary
/// piece (last piece standing).
pub(super) const MATERIAL: usize = 0;
/// Placement by role and square, seen from the owner's side on an 8x8 grid (larger
/// boards are scaled down onto it), the same on both wings: a role's 32 squares are
/// files a to d of ranks 1 to 8, and files e to h count as their mirror images.
pub(super) const SQUARE: usize = MATERIAL + 6;
/// Mobility tables: a value per number of safe squares a knight, bishop, rook or queen
/// reaches.
pub(super) const MOBILITY: usize = SQUARE + 6 * 32;
/// The largest mobility counted, per role (pawn and king have no mobility table).
pub(super) const MOBILITY_MAX: [usize; 6] = [0, 8, 13, 14, 27, 0];
/// Where each role's mobility table starts.
pub(super) const MOBILITY_START: [usize; 6] = [
    MOBILITY,
    MOBILITY,
    MOBILITY + 9,
    MOBILITY + 9 + 14,
    MOBILITY + 9 + 14 + 15,
    MOBILITY,
];
/// A passed pawn, by its rank counted from its own side.
pub(super) const PASSED: usize = MOBILITY + 9 + 14 + 15 + 28;
/// Both bishops.
pub(super) const BISHOP_PAIR: usize = PASSED + 8;
/// Each pawn beyond the first on a file.
pub(super) const DOUBLED_PAWN: usize = BISHOP_PAIR + 1;
/// A pawn with no friendly pawn on either neighbouring file.
pub(super) const ISOLATED_PAWN: usize = DOUBLED_PAWN + 1;
/// A rook on a file without pawns.
pub(super) const ROOK_OPEN_FILE: usize = ISOLATED_PAWN + 1;
/// A rook on a file with only enemy pawns.
pub(super) const ROOK_HALF_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// Each pawn next to a king that has not left its first two ranks.
pub(super) const PAWN_SHIELD: usize = ROOK_HALF_OPEN_FILE + 1;
/// A king on a file without a pawn of its own.
pub(super) const KING_OPEN_FILE: usize = PAWN_SHIELD + 1;
/// Each enemy piece (not a pawn) our pawns attack.
pub(super) const PAWN_THREAT: usize = KING_OPEN_FILE + 1;
/// Having the move.
pub(super) const TEMPO: usize = PAWN_THREAT + 1;
/// Pressure on the enemy king: a value per number of our attacks on the squares
/// around it (up to `KING_ATTACK_MAX`).
pub(super) const KING_ATTACK: usize = TEMPO + 1;
/// The most attacks on the king's surroundings the table tells apart.
pub(super) const KING_ATTACK_MAX: usize = 15;
/// Atomic: each piece of ours next to our king that the enemy can capture (the blast
/// would take our king).
pub(super) const EXPLOSION_DANGER: usize = KING_ATTACK + KING_ATTACK_MAX + 1;
/// King of the hill: our king's distance to the hill in rings (0 is on it).
pub(super) const HILL_DISTANCE: usize = EXPLOSION_DANGER + 1;
/// King of the hill: each hill square next to our king that is empty of our pieces
/// and not attacked (a step that wins).
pub(super) const HILL_FREE_STEP: usize = HILL_DISTANCE + 4;
/// A knight or bishop in the enemy half, guarded by a pawn of ours, that no enemy pawn
/// can ever chase away.
pub(super) const OUTPOST: usize = HILL_FREE_STEP + 1;
/// Each enemy rook or queen a knight or bishop of ours attacks.
pub(super) const MINOR_THREAT: usize = OUTPOST + 1;
/// Each enemy queen a rook of ours attacks.
pub(super) const ROOK_THREAT: usize = MINOR_THREAT + 1;
/// Each pawn guarded by another pawn.
pub(super) const SUPPORTED_PAWN: usize = ROOK_THREAT + 1;
/// A passed pawn with a piece standing on the square in front of it.
pub(super) const PASSED_BLOCKED: usize = SUPPORTED_PAWN + 1;
/// Per step from our king to the square in front of our passed pawn.
pub(super) const PASSED_OWN_KING: usize = PASSED_BLOCKED + 1;
/// Per step from the enemy king to the square in front of our passed pawn.
pub(super) const PASSED_ENEMY_KING: usize = PASSED_OWN_KING + 1;
/// Each enemy piece (not a pawn, nor a royal king) we attack that no enemy piece
/// defends.
pub(super) const HANGING: usize = PASSED_ENEMY_KING + 1;
/// How many of our pieces (not pawns or king) bear on the squares around the enemy
/// king: a value per number, up to `KING_ATTACKERS_MAX`.
pub(super) const KING_ATTACKERS: usize = HANGING + 1;
/// The most pieces bearing on the king's surroundings the table tells apart.
pub(super) const KING_ATTACKERS_MAX: usize = 4;
/// A knight, bishop, rook or queen of ours that can give check on a square no enemy
/// piece attacks: a value per role, at `SAFE_CHECK + role - 1` (knight first).
pub(super) const SAFE_CHECK: usize = KING_ATTACKERS + KING_ATTACKERS_MAX + 1;
/// A passed pawn whose every square ahead is empty and unattacked by the enemy, by its
/// rank counted from its own side.
pub(super) const PASSED_FREE: usize = SAFE_CHECK + 4;
/// A pawn that no pawn of ours beside it can ever guard, whose next square an enemy
/// pawn attacks (not counted for isolated pawns).
pub(super) const BACKWARD_PAWN: usize = PASSED_FREE + 8;
/// On each of the three files around our king (the king's file, and its neighbours,
/// kept on the board): how many ranks ahead of the king our nearest pawn stands there,
/// up to `SHELTER_MAX`, or 0 if there is none.
pub(super) const SHELTER: usize = BACKWARD_PAWN + 1;
/// The largest distance the shelter and storm tables tell apart.
pub(super) const SHELTER_MAX: usize = 7;
/// As `SHELTER`, for the nearest enemy pawn coming at our king on each of those files.
pub(super) const STORM: usize = SHELTER + SHELTER_MAX + 1;
/// Each pawn with a pawn of ours beside it on the same rank (a pair counts once).
pub(super) const PHALANX: usize = STORM + SHELTER_MAX + 1;
/// Each square next to our king that the enemy attacks and only our king defends.
pub(super) const KING_WEAK_SQUARE: usize = PHALANX + 1;
/// Each enemy piece (not a pawn) one of our pawns would attack after a safe step.
pub(super) const PUSH_THREAT: usize = KING_WEAK_SQUARE + 1;
/// Each of our pawns on the squares of the colour of each of our bishops.
pub(super) const BISHOP_PAWNS: usize = PUSH_THREAT + 1;
/// Each square in the middle half of the files, between our first rank and the middle
/// of the board (c to f, ranks 2 to 4, on an 8x8 board), that holds no pawn of ours and
/// that no enemy pawn attacks.
pub(super) const SPACE: usize = BISHOP_PAWNS + 1;
/// Last piece standing, when the enemy is down to `HUNT_MAX_PIECES` pieces and we have
/// more: each square an enemy piece (not a pawn) could move to that we do not attack.
pub(super) const HUNT_ESCAPES: usize = SPACE + 1;
/// Last piece standing, hunting as above: each enemy piece (not a pawn) with no such
/// square left, which must step into our attacks once its side runs out of other moves.
pub(super) const HUNT_TRAPPED: usize = HUNT_ESCAPES + 1;
/// Last piece standing, hunting as above: king steps from each of our kings to the
/// nearest enemy piece.
pub(super) const HUNT_KING_DISTANCE: usize = HUNT_TRAPPED + 1;
/// The most pieces a side may have left for the other side to hunt them.
pub(super) const HUNT_MAX_PIECES: u32 = 3;
/// How many terms there are.
pub(super) const COUNT: usize = HUNT_KING_DISTANCE + 1;

const ROLE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// The name of every weight, in table order.
pub(super) fn weight_names() -> Vec<String> {
    let mut terms = vec![String::new(); COUNT];
    for role in Role::ALL {
        let name = ROLE_NAMES[role as usize];
        terms[MATERIAL + role as usize] = format!("material.{name}");
        for square in 0..32 {
            let file = char::from(b'a' + square as u8 % 4);
            let rank = square / 4 + 1;
            terms[SQUARE + role as usize * 32 + square] = format!("square.{name}.{file}{rank}");
        }
        let start = MOBILITY_START[role as usize];
        if MOBILITY_MAX[role as usize] > 0 {
            for count in 0..=MOBILITY_MAX[role as usize] {
                terms[start + count] = format!("mobility.{name}.{count}");
            }
        }
    }
    for rank in 0..8 {
        terms[PASSED + rank] = format!("passed_pawn.rank{}", rank + 1);
    }
    for (term, name) in [
        (BISHOP_PAIR, "bishop_pair"),
        (DOUBLED_PAWN, "doubled_pawn"),
        (ISOLATED_PAWN, "isolated_pawn"),
        (ROOK_OPEN_FILE, "rook_open_file"),
        (ROOK_HALF_OPEN_FILE, "rook_half_open_file"),
        (PAWN_SHIELD, "pawn_shield"),
        (KING_OPEN_FILE, "king_open_file"),
        (PAWN_THREAT, "pawn_threat"),
        (TEMPO, "tempo"),
        (EXPLOSION_DANGER, "explosion_danger"),
        (HILL_FREE_STEP, "hill_free_step"),
        (OUTPOST, "outpost"),
        (MINOR_THREAT, "minor_threat"),
        (ROOK_THREAT, "rook_threat"),
        (SUPPORTED_PAWN, "supported_pawn"),
        (PASSED_BLOCKED, "passed_blocked"),
        (PASSED_OWN_KING, "passed_own_king_distance"),
        (PASSED_ENEMY_KING, "passed_enemy_king_distance"),
        (HANGING, "hanging"),
        (BACKWARD_PAWN, "backward_pawn"),
        (PHALANX, "phalanx"),
        (KING_WEAK_SQUARE, "king_weak_square"),
        (PUSH_THREAT, "push_threat"),
        (BISHOP_PAWNS, "bishop_pawns"),
        (SPACE, "space"),
        (HUNT_ESCAPES, "hunt_escapes"),
        (HUNT_TRAPPED, "hunt_trapped"),
        (HUNT_KING_DISTANCE, "hunt_king_distance"),
    ] {
        terms[term] = name.to_string();
    }
    for attacks in 0..=KING_ATTACK_MAX {
        terms[KING_ATTACK + attacks] = format!("king_attack.{attacks}");
    }
    for attackers in 0..=KING_ATTACKERS_MAX {
        terms[KING_ATTACKERS + attackers] = format!("king_attackers.{attackers}");
    }
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        terms[SAFE_CHECK + role as usize - 1] = format!("safe_check.{}", ROLE_NAMES[role as usize]);
    }
    for rank in 0..8 {
        terms[PASSED_FREE + rank] = format!("passed_free.rank{}", rank + 1);
    }
    for distance in 0..=SHELTER_MAX {
        terms[SHELTER + distance] = format!("shelter.{distance}");
        terms[STORM + distance] = format!("storm.{distance}");
    }
    for distance in 0..4 {
        terms[HILL_DISTANCE + distance] = format!("hill_distance.{distance}");
    }
    terms
        .into_iter()
        .flat_map(|term| [format!("{term}.middle"), format!("{term}.end")])
        .collect()
}
