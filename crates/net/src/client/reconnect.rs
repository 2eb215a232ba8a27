//! Getting back in after the connection broke: the seat's latest token, tried again
//! with backoff until a time limit, against the very relay key the first connection
//! proved (a server proving another key is never entered), and which failures are
//! worth another try (nobody answering, a busy or restarting server) and which end it
//! (the lobby closed, the seat gone, another key).

use super::{ClientError, EntryRequest, Role};
use crate::invite::InviteSecret;
use crate::keys::Fingerprint;
use crate::protocol::{Entered, EntryRefusal, Token};
use std::time::Duration;

/// How a client that lost its connection tries to get back in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reconnect {
    /// The wait before the first try; each failed try doubles it.
    pub first_wait: Duration,
    /// The longest wait between two tries.
    pub longest_wait: Duration,
    /// How long after the loss the client gives up and reports the connection lost.
    pub give_up_after: Duration,
}

impl Reconnect {
    /// Never try again: a lost connection is reported at once.
    pub const NEVER: Reconnect = Reconnect {
        first_wait: Duration::ZERO,
        longest_wait: Duration::ZERO,
        give_up_after: Duration::ZERO,
    };

    /// The wait before try number `attempt` (counting from 1).
    pub fn wait_before(&self, attempt: u32) -> Duration {
        let doublings = attempt.saturating_sub(1).min(16);
        self.first_wait
            .saturating_mul(1 << doublings)
            .min(self.longest_wait)
    }
}

impl Default for Reconnect {
    /// A quarter of a second, doubling to 4 s, for up to a minute.
    fn default() -> Reconnect {
        Reconnect {
            first_wait: Duration::from_millis(250),
            longest_wait: Duration::from_secs(4),
            give_up_after: Duration::from_secs(60),
        }
    }
}

/// What it takes to enter the same lobby again: who, where, the seat's latest token,
/// the password and invite secret (a host answers joiners with them; a player whose
/// seat is gone proves them again), and the relay key the first connection proved.
#[derive(Clone, Debug)]
pub(super) struct Comeback {
    name: String,
    password: String,
    invite: Option<InviteSecret>,
    relay: Fingerprint,
    code: String,
    token: Token,
}

impl Comeback {
    /// The way back into the lobby `entered` describes, entered with `request` at the
    /// relay whose key has the fingerprint `relay`.
    pub fn new(request: &EntryRequest, entered: &Entered, relay: Fingerprint) -> Comeback {
        Comeback {
            name: entered.name.clone(),
            password: request.password.clone(),
            invite: request.invite,
            relay,
            code: entered.code.clone(),
            token: entered.token,
        }
    }

    /// Notes the token of the latest entry (the one before no longer works).
    pub fn entered(&mut self, entered: &Entered) {
        self.token = entered.token;
    }

    /// The request that takes the seat back.
    pub fn request(&self) -> EntryRequest {
        EntryRequest {
            name: self.name.clone(),
            password: self.password.clone(),
            role: Role::Join {
                code: Some(self.code.clone()),
                token: Some(self.token),
            },
            invite: self.invite,
            relay: Some(self.relay),
            kept: None,
        }
    }
}

/// Whether another try could succeed after `error`: nobody answered, the server was
/// busy or restarting, or the lobby's host (who checks passwords) was not back yet.
pub(super) fn worth_another_try(error: &ClientError) -> bool {
    match error {
        ClientError::Unreachable { .. }
        | ClientError::Timeout { .. }
        | ClientError::Silent
        | ClientError::ServerClosed
        | ClientError::TurnedAway(_)
        | ClientError::Lost(_) => true,
        ClientError::Refused(refusal) => matches!(
            refusal,
            EntryRefusal::TooManyAttempts { .. }
                | EntryRefusal::HostAway
                | EntryRefusal::HostBusy
                | EntryRefusal::Timeout
        ),
        ClientError::VersionMismatch { .. }
        | ClientError::WrongRelay { .. }
        | ClientError::RelayKeyChanged { .. }
        | ClientError::KnownRelays(_)
        | ClientError::Thread(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_from_a_quarter_second_to_four() {
        let waits: Vec<u128> = (1..=7)
            .map(|attempt| Reconnect::default().wait_before(attempt).as_millis())
            .collect();
        assert_eq!(waits, [250, 500, 1000, 2000, 4000, 4000, 4000]);
    }

    #[test]
    fn only_failures_that_may_pass_are_tried_again() {
        assert!(worth_another_try(&ClientError::Silent));
        assert!(worth_another_try(&ClientError::Refused(
            EntryRefusal::HostAway
        )));
        assert!(!worth_another_try(&ClientError::Refused(
            EntryRefusal::NoSuchLobby {
                code: "ABCDEF".into()
            }
        )));
        let key = Fingerprint([1; crate::keys::FINGERPRINT_LEN]);
        assert!(!worth_another_try(&ClientError::WrongRelay {
            expected: key,
            shown: Fingerprint([2; crate::keys::FINGERPRINT_LEN]),
        }));
    }
}
