//! Analysis and game review for every mode, without a window: [`review_game`] asks the
//! search about every position of a game and gives the [`SavedReview`] kept with it;
//! [`ReviewJob`] runs that on a thread of its own with progress and cancelling; and
//! [`LiveAnalysis`] keeps analysing one position (its best lines, and a solver's exact
//! result where the mode has one) until told to stop, for the analysis board, whose
//! moves and side lines [`MoveTree`] keeps.

mod live;
mod review;
mod review_job;
mod tree;

pub use live::{LiveAnalysis, LiveView};
pub use ply_save::SavedReview;
pub use review::{ReviewError, ReviewSettings, review_game};
pub use review_job::{ReviewJob, ReviewProgress};
pub use tree::{ListedLine, ListedMove, MoveTree, NodeId};

/// A callback a worker calls after each piece of news, so that whoever waits for it
/// (a sleeping window) wakes.
pub type Wake = std::sync::Arc<dyn Fn() + Send + Sync>;
