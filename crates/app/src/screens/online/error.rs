//! Why hosting or joining could not begin, in a player's words: typed, so the screens
//! (and tests) can tell the causes apart, and turned into text only where it is shown.

use ply_net::invite::InviteError;
use ply_net::name::NameProblem;
use ply_save::SaveError;
use thiserror::Error;

/// Why a lobby could not be opened or joined.
#[derive(Debug, Error)]
pub enum OnlineError {
    /// A saved game was chosen, but there is no save folder on this computer.
    #[error("There is no folder for saved games.")]
    NoSaveFolder,
    /// The saved game chosen to offer could not be read.
    #[error("{0}")]
    Save(#[from] SaveError),
    /// No game was chosen to offer.
    #[error("Choose a game to offer.")]
    NothingOffered,
    /// The relay server could not start on this computer.
    #[error("Could not open a lobby on this computer: {0}")]
    NoServer(std::io::Error),
    /// The port typed is not a port number.
    #[error("'{0}' is not a port: type a number from 1 to 65535, or leave it empty.")]
    BadPort(String),
    /// The port chosen cannot be listened on (another program holds it, or it needs
    /// rights this program lacks).
    #[error(
        "Port {port} cannot be used on this computer ({source}); choose another, or leave the port empty."
    )]
    PortUnavailable {
        /// The port chosen.
        port: u16,
        /// What the system said.
        source: std::io::Error,
    },
    /// Join was pressed with no address.
    #[error(
        "Type the host's address or invite code (ask the host: both are shown on their lobby screen)."
    )]
    NoAddress,
    /// The player's name breaks the name rule.
    #[error("Your name cannot be used online: {0}.")]
    BadName(#[from] NameProblem),
    /// The invite code has a typo or is not one.
    #[error("That invite code cannot be read: {0}.")]
    BadInvite(#[from] InviteError),
}
