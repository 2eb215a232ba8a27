//! Each side's clock: the time it has used, and in a timed game the time it has left
//! (the base time, less what it used, plus an increment after each of its moves). Only
//! the side to move's clock runs. A table lets time pass on it as its frames go by (only
//! while the game is live, and held while a local table is paused); the relay, which
//! alone decides online, times each turn from the moment it began to the arrival of its
//! move, so every window shows the same figures and a client that says nothing still
//! loses on time.

use ply_core::{Player, TimeControl};
use std::time::{Duration, Instant};

/// Below this much time left, a clock shows tenths, turns colour and sounds once.
pub const LOW_TIME: Duration = Duration::from_secs(10);

/// Both sides' clocks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clocks {
    used: [Duration; 2],
    control: Option<TimeControl>,
    /// Each side's time left (for clocks timed by instants, when the side to move's
    /// turn began).
    left: [Duration; 2],
    after_moves: Vec<Duration>,
    /// When the side to move's turn began, for clocks timed by instants.
    turn_began: Option<Instant>,
}

/// The side to move had no time left when its move arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged;

impl Clocks {
    /// Clocks that only count the time used, already showing `used` (a resumed game).
    pub fn with_used(used: [Duration; 2]) -> Clocks {
        Clocks {
            used,
            ..Clocks::default()
        }
    }

    /// Clocks for a new game under `control` (none: only the time used is counted).
    pub fn new(control: Option<TimeControl>) -> Clocks {
        let base = control.map_or(Duration::ZERO, |control| control.base);
        Clocks {
            control,
            left: [base; 2],
            ..Clocks::default()
        }
    }

    /// Clocks of a resumed timed game: `left` to each side, and the time the mover had
    /// left after each move so far.
    pub fn resumed(
        control: TimeControl,
        used: [Duration; 2],
        left: [Duration; 2],
        after_moves: Vec<Duration>,
    ) -> Clocks {
        Clocks {
            used,
            control: Some(control),
            left,
            after_moves,
            turn_began: None,
        }
    }

    /// Clocks for a new game under `control` timed by instants: the side to move's turn
    /// begins at `now` (the relay's clocks).
    pub fn started(control: TimeControl, now: Instant) -> Clocks {
        Clocks {
            turn_began: Some(now),
            ..Clocks::new(Some(control))
        }
    }

    /// Lets `elapsed` pass on `side`'s clock.
    pub fn run(&mut self, side: Player, elapsed: Duration) {
        self.used[side.index()] += elapsed;
        if self.control.is_some() {
            let left = &mut self.left[side.index()];
            *left = left.saturating_sub(elapsed);
        }
    }

    /// `side` has moved: its increment is added, and its time left recorded.
    pub fn moved(&mut self, side: Player) {
        if let Some(control) = self.control {
            self.left[side.index()] += control.increment;
            self.after_moves.push(self.left[side.index()]);
        }
    }

    /// Each side's time left at `now`, with `to_move`'s clock running since its turn
    /// began (clocks timed by instants; others do not run between calls to
    /// [`Clocks::run`]).
    pub fn left_at(&self, to_move: Player, now: Instant) -> [Duration; 2] {
        let mut left = self.left;
        let running = &mut left[to_move.index()];
        *running = running.saturating_sub(self.since_turn_began(now));
        left
    }

    /// When `to_move`'s time runs out if it does not move first (timed clocks timed
    /// by instants).
    pub fn deadline(&self, to_move: Player) -> Option<Instant> {
        self.control?;
        Some(self.turn_began? + self.left[to_move.index()])
    }

    /// `mover`'s move arrived at `now`: the time since its turn began is charged, its
    /// increment added, and the other side's turn begins; refused when its time had
    /// already run out.
    pub fn moved_at(&mut self, mover: Player, now: Instant) -> Result<(), Flagged> {
        if self.left_at(mover, now)[mover.index()].is_zero() {
            return Err(Flagged);
        }
        self.run(mover, self.since_turn_began(now));
        self.moved(mover);
        self.turn_began = Some(now);
        Ok(())
    }

    /// `to_move`'s turn ends at `now` without a move (moves were taken back): its time
    /// is charged, with no increment, and the turn of the side to move after it begins.
    pub fn turn_ended_at(&mut self, to_move: Player, now: Instant) {
        self.run(to_move, self.since_turn_began(now));
        self.turn_began = Some(now);
    }

    /// The time since the side to move's turn began (none for clocks not timed by
    /// instants).
    fn since_turn_began(&self, now: Instant) -> Duration {
        self.turn_began
            .map_or(Duration::ZERO, |began| now.saturating_duration_since(began))
    }

    /// The side to move's clock stands still until its turn begins again: before each
    /// side's first move, as on lichess (clocks timed by instants).
    pub fn hold(&mut self) {
        self.turn_began = None;
    }

    /// `mover`'s last move was taken back: its record goes, and so does the increment
    /// it earned (the time spent stays spent), so that moving and taking back gains
    /// nobody time.
    pub fn undone(&mut self, mover: Player) {
        self.after_moves.pop();
        if let Some(control) = self.control {
            let left = &mut self.left[mover.index()];
            *left = left.saturating_sub(control.increment);
        }
    }

    /// Sets the time left to each side as someone who keeps the clocks says (the relay).
    pub fn set_left(&mut self, left: [Duration; 2]) {
        self.left = left;
    }

    /// The time control, if the game is timed.
    pub fn control(&self) -> Option<TimeControl> {
        self.control
    }

    /// The time `side` has used.
    pub fn used(&self, side: Player) -> Duration {
        self.used[side.index()]
    }

    /// Both sides' times used, first player first.
    pub fn both(&self) -> [Duration; 2] {
        self.used
    }

    /// The time `side` has left, in a timed game.
    pub fn left(&self, side: Player) -> Option<Duration> {
        self.control.map(|_| self.left[side.index()])
    }

    /// Both sides' time left (zero in an untimed game), first player first.
    pub fn both_left(&self) -> [Duration; 2] {
        self.left
    }

    /// The time the mover had left after each move so far (timed games).
    pub fn after_moves(&self) -> &[Duration] {
        &self.after_moves
    }

    /// Whether `side`'s time has run out.
    pub fn flagged(&self, side: Player) -> bool {
        self.left(side).is_some_and(|left| left.is_zero())
    }

    /// Whether `side` is low on time.
    pub fn low(&self, side: Player) -> bool {
        self.left(side).is_some_and(|left| left < LOW_TIME)
    }

    /// How long `side`'s clock, while it runs, keeps showing the same figure: until the
    /// next whole second (tenth, when low on time) it passes, or it runs out.
    pub fn next_change(&self, side: Player) -> Duration {
        const SECOND: u32 = 1_000_000_000;
        const TENTH: u32 = SECOND / 10;
        let time = match self.left(side) {
            Some(left) if left < LOW_TIME => {
                Duration::from_nanos(u64::from(left.subsec_nanos() % TENTH))
            }
            Some(left) => Duration::from_nanos(u64::from(left.subsec_nanos())),
            None => Duration::from_nanos(u64::from(SECOND - self.used(side).subsec_nanos())),
        };
        time.max(Duration::from_millis(1))
    }

    /// What the panel shows for `side`: the time left in a timed game (with tenths
    /// when low), else the time used.
    pub fn text(&self, side: Player) -> String {
        match self.left(side) {
            Some(left) if left < LOW_TIME => {
                format!("0:{:02}.{}", left.as_secs(), left.subsec_millis() / 100)
            }
            Some(left) => clock_text(left),
            None => clock_text(self.used(side)),
        }
    }
}

/// Whether the side to move's clock runs once `plies` moves have been played: a side's
/// clock starts after its own first move, as on lichess, and with turns taken in order
/// the side to move has moved once two plies have been played. Local tables and the
/// relay both follow it.
pub fn runs_after(plies: usize) -> bool {
    plies >= 2
}

/// A time as the panel shows it: minutes and seconds ("12:05"), hours when needed.
pub fn clock_text(time: Duration) -> String {
    let whole = time.as_secs();
    let (hours, minutes, seconds) = (whole / 3600, (whole / 60) % 60, whole % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_a_clock() {
        assert_eq!(clock_text(Duration::from_millis(59_999)), "0:59");
        assert_eq!(clock_text(Duration::from_secs(725)), "12:05");
        assert_eq!(clock_text(Duration::from_secs(3_725)), "1:02:05");
    }

    #[test]
    fn only_the_side_that_runs_gains_time() {
        let mut clocks = Clocks::default();
        clocks.run(Player::Second, Duration::from_secs(3));
        assert_eq!(clocks.used(Player::First), Duration::ZERO);
        assert_eq!(clocks.used(Player::Second), Duration::from_secs(3));
        assert_eq!(clocks.left(Player::Second), None, "untimed");
        assert!(!clocks.flagged(Player::Second));
    }

    #[test]
    fn a_running_clock_says_when_its_figure_changes() {
        let mut clocks = Clocks::new(Some(TimeControl::minutes(1, 0)));
        clocks.run(Player::First, Duration::from_millis(300));
        assert_eq!(clocks.text(Player::First), "0:59");
        assert_eq!(
            clocks.next_change(Player::First),
            Duration::from_millis(700)
        );
        clocks.run(Player::First, Duration::from_millis(50_730));
        assert_eq!(clocks.text(Player::First), "0:08.9");
        assert_eq!(clocks.next_change(Player::First), Duration::from_millis(70));
        let mut untimed = Clocks::default();
        untimed.run(Player::Second, Duration::from_millis(2_250));
        assert_eq!(
            untimed.next_change(Player::Second),
            Duration::from_millis(750)
        );
        let before = untimed.text(Player::Second);
        untimed.run(Player::Second, Duration::from_millis(749));
        assert_eq!(untimed.text(Player::Second), before, "not yet");
        untimed.run(Player::Second, Duration::from_millis(1));
        assert_ne!(untimed.text(Player::Second), before, "now");
    }

    #[test]
    fn a_timed_clock_counts_down_gains_its_increment_and_falls() {
        let mut clocks = Clocks::new(Some(TimeControl::minutes(1, 2)));
        clocks.run(Player::First, Duration::from_secs(50));
        assert_eq!(clocks.left(Player::First), Some(Duration::from_secs(10)));
        clocks.moved(Player::First);
        assert_eq!(clocks.left(Player::First), Some(Duration::from_secs(12)));
        assert_eq!(clocks.after_moves(), [Duration::from_secs(12)]);
        assert_eq!(clocks.text(Player::First), "0:12");
        clocks.run(Player::First, Duration::from_millis(2_600));
        assert!(clocks.low(Player::First));
        assert_eq!(clocks.text(Player::First), "0:09.4");
        clocks.run(Player::First, Duration::from_secs(60));
        assert!(clocks.flagged(Player::First));
        assert_eq!(clocks.left(Player::Second), Some(Duration::from_secs(60)));
    }

    #[test]
    fn each_move_is_charged_from_arrival_and_gains_its_increment() {
        let start = Instant::now();
        let mut clock = Clocks::started(TimeControl::minutes(1, 2), start);
        let later = start + Duration::from_secs(5);
        assert_eq!(
            clock.left_at(Player::First, later),
            [Duration::from_secs(55), Duration::from_secs(60)]
        );
        clock.moved_at(Player::First, later).expect("in time");
        assert_eq!(
            clock.left_at(Player::Second, later)[0],
            Duration::from_secs(57)
        );
        assert_eq!(
            clock.deadline(Player::Second),
            Some(later + Duration::from_secs(60))
        );
        let too_late = later + Duration::from_secs(61);
        assert_eq!(clock.moved_at(Player::Second, too_late), Err(Flagged));
        assert_eq!(
            clock.left_at(Player::Second, too_late),
            [Duration::from_secs(57), Duration::ZERO]
        );
    }
}
