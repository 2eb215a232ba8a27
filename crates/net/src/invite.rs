//! Invite codes: the host's address, port, (on a relay) lobby code, (for a lobby with a
//! password) the lobby's invite secret and the fingerprint of the relay's key, in a
//! code of letters and digits that is easy to read aloud and whose typos are caught.
//!
//! The format, which stays stable once released:
//! - The alphabet is `23456789ABCDEFGHJKMNPQRSTUVWXYZ`: 31 symbols, no `0`/`O`, `1`/`I`
//!   or `L` to mistake for one another. Letters may be typed in either case; dashes and
//!   spaces are ignored.
//! - The first symbol is the kind: 0 for an IPv4 address, 1 for IPv6, plus 2 when a
//!   lobby code follows, plus 4 when an invite secret follows, plus 8 when the relay's
//!   fingerprint follows. Other kinds are refused (left for later versions).
//! - Then the data, as one number in base 31 over a fixed count of symbols for the kind:
//!   the address (4 or 16 bytes), the port (2 bytes, big-endian), with a lobby code
//!   its six characters as 5-bit indexes into the relay's code alphabet (4 bytes),
//!   with an invite secret its 8 random bytes ([`InviteSecret`]), and with a
//!   fingerprint its 10 bytes ([`Fingerprint`]).
//!   The count is the fewest symbols that hold the bytes, plus one when needed to make
//!   the whole code's length even, so that a missing or extra symbol is always noticed.
//! - Then two check symbols, chosen so that the sum of all symbols and the sum of each
//!   symbol times its position (from 1) are both multiples of 31. Any one changed
//!   symbol, and any two neighbours swapped, is noticed.
//! - Shown in groups of four separated by dashes: `2ABC-DEFG-HJKM-NP` (14 symbols for
//!   IPv4, 20 with a lobby code; 34 and 40 for IPv6; with an invite secret 26, 34, 46
//!   and 52; a fingerprint adds 16 or 18).

use crate::keys::{FINGERPRINT_LEN, Fingerprint};
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::str::FromStr;
use thiserror::Error;

/// The symbols of an invite code, in order of value.
pub const ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const BASE: u32 = 31;
/// The relay's lobby-code alphabet (32 symbols, so each is 5 bits).
const LOBBY_ALPHABET: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const LOBBY_CODE_LEN: usize = 6;
/// Symbols per group when shown.
const GROUP: usize = 4;

/// Where to join: the address and port, the lobby's code on a relay, and the lobby's
/// invite secret when it has a password.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    /// The host's (or relay's) address and port.
    pub addr: SocketAddr,
    /// The lobby's code, on a relay holding several lobbies.
    pub code: Option<String>,
    /// The lobby's invite secret: proving it to the host lets a player in without the
    /// password, and without counting against the passwords the host checks a minute.
    pub secret: Option<InviteSecret>,
    /// The fingerprint of the relay's key: a server there that proves another key is
    /// left before anything is said.
    pub relay: Option<Fingerprint>,
}

/// A lobby's invite secret: 64 random bits its host keeps and puts in invite codes. A
/// player who has the code proves the secret to the host (SPAKE2, through the relay,
/// like a password) instead of the password; nobody can guess it online.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct InviteSecret(pub [u8; 8]);

impl InviteSecret {
    /// A new secret from the system's secure random generator.
    pub fn random() -> InviteSecret {
        InviteSecret(crate::auth::random_bytes())
    }

    /// The secret as the text both sides run the password exchange with.
    pub fn exchange_text(&self) -> String {
        self.0.iter().map(|byte| format!("{byte:02x}")).collect()
    }
}

impl fmt::Debug for InviteSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("InviteSecret(..)")
    }
}

/// The length of an invite secret, in bytes.
const SECRET_LEN: usize = 8;

/// The kind's flags: an IPv6 address, a lobby code, an invite secret.
const KIND_V6: u32 = 1;
const KIND_CODE: u32 = 2;
const KIND_SECRET: u32 = 4;
const KIND_RELAY: u32 = 8;

/// Why a text is not a usable invite code, or an invite cannot be made into one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InviteError {
    /// A character that never appears in invite codes.
    #[error(
        "'{0}' is not in invite codes (they use 2-9 and letters other than I, L and O); \
         check the code again"
    )]
    Character(char),
    /// The code does not add up: a symbol is wrong, missing or extra.
    #[error("this invite code has a typo (a character wrong, missing or extra); check it again")]
    Typo,
    /// The code is of a kind this version does not know.
    #[error("this invite code is from a newer version of Plyground")]
    UnknownKind,
    /// The lobby code cannot go into an invite code.
    #[error("the lobby code '{0}' cannot go into an invite code")]
    LobbyCode(String),
}

/// How many data bytes and symbols a kind has.
fn layout(kind: u32) -> Option<(usize, usize)> {
    if kind > KIND_V6 | KIND_CODE | KIND_SECRET | KIND_RELAY {
        return None;
    }
    let address = if kind & KIND_V6 != 0 { 16 } else { 4 };
    let code = if kind & KIND_CODE != 0 { 4 } else { 0 };
    let secret = if kind & KIND_SECRET != 0 {
        SECRET_LEN
    } else {
        0
    };
    let relay = if kind & KIND_RELAY != 0 {
        FINGERPRINT_LEN
    } else {
        0
    };
    let bytes = address + 2 + code + secret + relay;
    let mut symbols = 1;
    let mut capacity = 1f64;
    while capacity < 256f64.powi(bytes as i32) {
        capacity *= f64::from(BASE);
        symbols += 1;
    }
    // Data symbols, plus the kind and two checks, make an even length.
    let data = symbols - 1;
    let data = if (1 + data + 2) % 2 == 1 {
        data + 1
    } else {
        data
    };
    Some((bytes, data))
}

/// The two check symbols that make both sums multiples of 31.
fn checks(symbols: &[u32]) -> [u32; 2] {
    let n = symbols.len() as u32;
    let sum: u32 = symbols.iter().sum::<u32>() % BASE;
    let weighted: u32 = symbols
        .iter()
        .zip(1u32..)
        .map(|(s, i)| s * (i % BASE))
        .sum::<u32>()
        % BASE;
    // With c1 at position n+1 and c2 at n+2: c1 + c2 = -sum and
    // (n+1)c1 + (n+2)c2 = -weighted, so c2 = (n+1)sum - weighted (mod 31).
    let a = (n + 1) % BASE;
    let c2 = (a * sum + BASE * BASE - weighted) % BASE;
    let c1 = (2 * BASE - sum - c2) % BASE;
    [c1, c2]
}

fn valid(symbols: &[u32]) -> bool {
    let sum = symbols.iter().sum::<u32>() % BASE;
    let weighted = symbols
        .iter()
        .zip(1u32..)
        .map(|(s, i)| s * (i % BASE))
        .sum::<u32>()
        % BASE;
    sum == 0 && weighted == 0
}

/// `bytes` (big-endian) as `count` base-31 digits, most significant first.
fn to_digits(bytes: &[u8], count: usize) -> Vec<u32> {
    let mut number: Vec<u32> = bytes.iter().map(|&b| u32::from(b)).collect();
    let mut digits = vec![0; count];
    for digit in digits.iter_mut().rev() {
        let mut remainder = 0;
        for byte in number.iter_mut() {
            let value = remainder * 256 + *byte;
            *byte = value / BASE;
            remainder = value % BASE;
        }
        *digit = remainder;
    }
    digits
}

/// Base-31 digits back to `len` bytes; `None` when the number does not fit.
fn to_bytes(digits: &[u32], len: usize) -> Option<Vec<u8>> {
    let mut bytes = vec![0u32; len];
    for &digit in digits {
        let mut carry = digit;
        for byte in bytes.iter_mut().rev() {
            let value = *byte * BASE + carry;
            *byte = value % 256;
            carry = value / 256;
        }
        if carry != 0 {
            return None;
        }
    }
    Some(bytes.into_iter().map(|b| b as u8).collect())
}

fn lobby_bytes(code: &str) -> Option<[u8; 4]> {
    let code = code.trim().to_ascii_uppercase();
    if code.len() != LOBBY_CODE_LEN {
        return None;
    }
    let mut value = 0u32;
    for c in code.bytes() {
        let index = LOBBY_ALPHABET.iter().position(|&a| a == c)?;
        value = value << 5 | index as u32;
    }
    Some(value.to_be_bytes())
}

fn lobby_code(bytes: [u8; 4]) -> Option<String> {
    let value = u32::from_be_bytes(bytes);
    if value >> (5 * LOBBY_CODE_LEN) != 0 {
        return None;
    }
    Some(
        (0..LOBBY_CODE_LEN)
            .rev()
            .map(|i| char::from(LOBBY_ALPHABET[(value >> (5 * i) & 31) as usize]))
            .collect(),
    )
}

impl Invite {
    /// An invite to `addr`, with the lobby's code on a relay.
    pub fn new(addr: SocketAddr, code: Option<&str>) -> Invite {
        Invite {
            addr,
            code: code.map(str::to_string),
            secret: None,
            relay: None,
        }
    }

    /// This invite with the fingerprint of the relay's key.
    pub fn with_relay(mut self, relay: Option<Fingerprint>) -> Invite {
        self.relay = relay;
        self
    }

    /// This invite with the lobby's invite secret.
    pub fn with_secret(mut self, secret: Option<InviteSecret>) -> Invite {
        self.secret = secret;
        self
    }

    /// The invite code, grouped for reading aloud (`2ABC-DEFG-HJKM-NP`).
    pub fn encode(&self) -> Result<String, InviteError> {
        let mut bytes = match self.addr.ip() {
            IpAddr::V4(ip) => ip.octets().to_vec(),
            IpAddr::V6(ip) => ip.octets().to_vec(),
        };
        bytes.extend(self.addr.port().to_be_bytes());
        let mut kind = u32::from(self.addr.is_ipv6());
        if let Some(code) = &self.code {
            let code_bytes =
                lobby_bytes(code).ok_or_else(|| InviteError::LobbyCode(code.clone()))?;
            bytes.extend(code_bytes);
            kind |= KIND_CODE;
        }
        if let Some(secret) = &self.secret {
            bytes.extend(secret.0);
            kind |= KIND_SECRET;
        }
        if let Some(relay) = &self.relay {
            bytes.extend(relay.0);
            kind |= KIND_RELAY;
        }
        let (_, count) = layout(kind).ok_or(InviteError::UnknownKind)?;
        let mut symbols = vec![kind];
        symbols.extend(to_digits(&bytes, count));
        symbols.extend(checks(&symbols));
        let text: Vec<char> = symbols
            .iter()
            .map(|&s| char::from(ALPHABET[s as usize]))
            .collect();
        Ok(text
            .chunks(GROUP)
            .map(|group| group.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("-"))
    }

    /// Reads an invite code (either case; dashes and spaces ignored).
    pub fn decode(text: &str) -> Result<Invite, InviteError> {
        let mut symbols = Vec::new();
        for c in text.chars().filter(|c| *c != '-' && !c.is_whitespace()) {
            let upper = c.to_ascii_uppercase();
            let value = ALPHABET
                .iter()
                .position(|&a| char::from(a) == upper)
                .ok_or(InviteError::Character(c))?;
            symbols.push(value as u32);
        }
        let kind = *symbols.first().ok_or(InviteError::Typo)?;
        let (len, count) = layout(kind).ok_or(InviteError::UnknownKind)?;
        if symbols.len() != 1 + count + 2 || !valid(&symbols) {
            return Err(InviteError::Typo);
        }
        let bytes = to_bytes(&symbols[1..=count], len).ok_or(InviteError::Typo)?;
        let ip_len = if kind & KIND_V6 == 0 { 4 } else { 16 };
        let ip = if ip_len == 4 {
            let octets: [u8; 4] = bytes[..4].try_into().map_err(|_| InviteError::Typo)?;
            IpAddr::V4(Ipv4Addr::from(octets))
        } else {
            let octets: [u8; 16] = bytes[..16].try_into().map_err(|_| InviteError::Typo)?;
            IpAddr::V6(Ipv6Addr::from(octets))
        };
        let port = u16::from_be_bytes([bytes[ip_len], bytes[ip_len + 1]]);
        let mut rest = &bytes[ip_len + 2..];
        let code = if kind & KIND_CODE != 0 {
            let code_bytes: [u8; 4] = rest[..4].try_into().map_err(|_| InviteError::Typo)?;
            rest = &rest[4..];
            Some(lobby_code(code_bytes).ok_or(InviteError::Typo)?)
        } else {
            None
        };
        let secret = if kind & KIND_SECRET != 0 {
            let secret: [u8; SECRET_LEN] = rest[..SECRET_LEN]
                .try_into()
                .map_err(|_| InviteError::Typo)?;
            rest = &rest[SECRET_LEN..];
            Some(InviteSecret(secret))
        } else {
            None
        };
        let relay = if kind & KIND_RELAY != 0 {
            let relay: [u8; FINGERPRINT_LEN] = rest.try_into().map_err(|_| InviteError::Typo)?;
            Some(Fingerprint(relay))
        } else {
            None
        };
        Ok(Invite {
            addr: SocketAddr::new(ip, port),
            code,
            secret,
            relay,
        })
    }

    /// Whether typed text is meant as an invite code rather than an address: only
    /// invite-code symbols (dashes and spaces aside), at least as many as the shortest
    /// code has. Such text that fails to decode should be reported, not tried as a
    /// host name.
    pub fn looks_like(text: &str) -> bool {
        let symbols: Vec<char> = text
            .chars()
            .filter(|c| *c != '-' && !c.is_whitespace())
            .collect();
        let shortest = layout(0).map_or(usize::MAX, |(_, count)| count + 3);
        let alphanumeric = symbols.iter().all(char::is_ascii_alphanumeric);
        let ours = symbols.iter().all(|c| {
            ALPHABET
                .iter()
                .any(|&a| char::from(a) == c.to_ascii_uppercase())
        });
        symbols.len() >= shortest && alphanumeric && (text.contains('-') || ours)
    }
}

impl fmt::Display for Invite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.encode() {
            Ok(code) => f.write_str(&code),
            Err(error) => write!(f, "({error})"),
        }
    }
}

impl FromStr for Invite {
    type Err = InviteError;

    fn from_str(text: &str) -> Result<Invite, InviteError> {
        Invite::decode(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(invite: Invite) -> String {
        let code = invite.encode().expect("encodable");
        assert_eq!(Invite::decode(&code), Ok(invite.clone()), "{code}");
        assert_eq!(Invite::decode(&code.to_lowercase()), Ok(invite), "{code}");
        code
    }

    fn samples() -> Vec<Invite> {
        let v4 = |text: &str| text.parse::<SocketAddr>().expect("address");
        vec![
            Invite::new(v4("203.0.113.7:7373"), None),
            Invite::new(v4("0.0.0.0:1"), None),
            Invite::new(v4("255.255.255.255:65535"), None),
            Invite::new(v4("192.168.1.20:7373"), Some("K7QX2M")),
            Invite::new(v4("198.51.100.200:443"), Some("ZZZZZZ")),
            Invite::new(v4("[2001:db8::7]:7373"), None),
            Invite::new(
                v4("[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]:65535"),
                Some("999999"),
            ),
            Invite::new(v4("[::]:0"), Some("AAAAAA")),
            Invite::new(v4("[fe80::1:2:3:4]:7374"), Some("ABC234")),
            Invite::new(v4("203.0.113.7:7373"), None).with_secret(Some(InviteSecret([0xff; 8]))),
            Invite::new(v4("192.168.1.20:7373"), Some("K7QX2M"))
                .with_secret(Some(InviteSecret([1, 2, 3, 4, 5, 6, 7, 8]))),
            Invite::new(v4("[2001:db8::7]:7373"), Some("999999"))
                .with_secret(Some(InviteSecret([0; 8]))),
            Invite::new(v4("198.51.100.200:443"), Some("ZZZZZZ"))
                .with_secret(Some(InviteSecret([0xa5; 8])))
                .with_relay(Some(Fingerprint([0xff; 10]))),
            Invite::new(v4("[::1]:7373"), None).with_relay(Some(Fingerprint([1; 10]))),
        ]
    }

    #[test]
    fn invite_secrets_make_longer_codes_and_old_codes_still_read() {
        let addr = "203.0.113.7:7373".parse().expect("address");
        let lengths: Vec<usize> = [None, Some("K7QX2M")]
            .into_iter()
            .flat_map(|code| {
                [None, Some(InviteSecret::random())]
                    .map(|secret| Invite::new(addr, code).with_secret(secret))
            })
            .map(|invite| round_trip(invite).replace('-', "").len())
            .collect();
        assert_eq!(lengths, [14, 26, 20, 34]);
        let v6 = "[2001:db8::7]:7373".parse().expect("address");
        let secret = Some(InviteSecret::random());
        let long = Invite::new(v6, Some("K7QX2M")).with_secret(secret);
        assert_eq!(round_trip(long).replace('-', "").len(), 52);
        // Codes made before invite secrets existed read as they always did.
        let old = Invite::new(addr, Some("K7QX2M")).encode().expect("a code");
        assert_eq!(Invite::decode(&old).map(|invite| invite.secret), Ok(None));
    }

    #[test]
    fn addresses_ports_and_lobby_codes_come_back_unchanged() {
        for invite in samples() {
            round_trip(invite);
        }
    }

    #[test]
    fn codes_are_grouped_and_use_no_look_alike_characters() {
        let code = round_trip(Invite::new(
            "203.0.113.7:7373".parse().expect("address"),
            None,
        ));
        assert_eq!(code.len(), 14 + 3, "{code}");
        assert!(code.split('-').all(|group| group.len() <= 4), "{code}");
        for invite in samples() {
            let code = invite.encode().expect("encodable");
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']), "{code}");
            let symbols = code.replace('-', "").len();
            assert_eq!(symbols % 2, 0, "{code}");
            assert!(Invite::looks_like(&code), "{code}");
        }
        assert!(!Invite::looks_like("192.168.1.20"));
        assert!(!Invite::looks_like("localhost:7373"));
        assert!(!Invite::looks_like("[::1]:7373"));
    }

    #[test]
    fn every_changed_character_is_caught() {
        for invite in samples() {
            let code: Vec<char> = invite.encode().expect("encodable").chars().collect();
            for at in 0..code.len() {
                if code[at] == '-' {
                    continue;
                }
                for &other in ALPHABET {
                    let other = char::from(other);
                    if other == code[at] {
                        continue;
                    }
                    let mut typo = code.clone();
                    typo[at] = other;
                    let typo: String = typo.into_iter().collect();
                    let read = Invite::decode(&typo);
                    assert!(
                        matches!(read, Err(InviteError::Typo | InviteError::UnknownKind)),
                        "{typo} read as {read:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_missing_or_extra_character_and_swap_is_caught() {
        for invite in samples() {
            let code: Vec<char> = invite
                .encode()
                .expect("encodable")
                .chars()
                .filter(|c| *c != '-')
                .collect();
            for at in 0..code.len() {
                let mut missing = code.clone();
                missing.remove(at);
                let missing: String = missing.into_iter().collect();
                assert!(Invite::decode(&missing).is_err(), "{missing}");
                let mut extra = code.clone();
                extra.insert(at, 'K');
                let extra: String = extra.into_iter().collect();
                assert!(Invite::decode(&extra).is_err(), "{extra}");
                if at + 1 < code.len() && code[at] != code[at + 1] {
                    let mut swapped = code.clone();
                    swapped.swap(at, at + 1);
                    let swapped: String = swapped.into_iter().collect();
                    assert!(Invite::decode(&swapped).is_err(), "{swapped}");
                }
            }
        }
    }

    #[test]
    fn look_alikes_and_bad_lobby_codes_are_explained() {
        assert_eq!(
            Invite::decode("2ABC-DEFG-H0KM-NP"),
            Err(InviteError::Character('0'))
        );
        let addr = "203.0.113.7:7373".parse().expect("address");
        assert_eq!(
            Invite::new(addr, Some("K7QX2")).encode(),
            Err(InviteError::LobbyCode("K7QX2".into()))
        );
        assert_eq!(
            Invite::new(addr, Some("K7QX2!")).encode(),
            Err(InviteError::LobbyCode("K7QX2!".into()))
        );
        assert_eq!(Invite::decode(""), Err(InviteError::Typo));
    }
}
