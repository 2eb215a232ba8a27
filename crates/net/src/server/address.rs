//! Who a connection comes from, as the relay counts it for lock-outs and per-address
//! limits: an IPv4 address, or the /64 network of an IPv6 address (one home or one
//! server gets a whole /64, so counting single IPv6 addresses would count nothing);
//! and the network around it, for limits a few dozen addresses of one provider share:
//! an IPv4 /24, an IPv6 /48.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// An address as the relay counts it.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub(crate) enum AddressKey {
    /// An IPv4 address (IPv4-mapped IPv6 addresses included).
    V4(Ipv4Addr),
    /// The first 64 bits of an IPv6 address.
    V6(u64),
}

impl AddressKey {
    /// The key of `ip`.
    pub fn of(ip: IpAddr) -> AddressKey {
        match ip {
            IpAddr::V4(v4) => AddressKey::V4(v4),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => AddressKey::V4(v4),
                None => AddressKey::V6((u128::from(v6) >> 64) as u64),
            },
        }
    }
}

/// The network around an address, as the relay counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum NetworkKey {
    /// The first 24 bits of an IPv4 address.
    V4([u8; 3]),
    /// The first 48 bits of an IPv6 address.
    V6(u64),
}

impl AddressKey {
    /// The network this address belongs to.
    pub fn network(self) -> NetworkKey {
        match self {
            AddressKey::V4(v4) => {
                let [a, b, c, _] = v4.octets();
                NetworkKey::V4([a, b, c])
            }
            AddressKey::V6(prefix) => NetworkKey::V6(prefix >> 16),
        }
    }
}

impl fmt::Display for NetworkKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkKey::V4([a, b, c]) => write!(f, "{a}.{b}.{c}.0/24"),
            NetworkKey::V6(prefix) => {
                write!(f, "{}/48", Ipv6Addr::from(u128::from(*prefix) << 80))
            }
        }
    }
}

impl fmt::Display for AddressKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AddressKey::V4(v4) => write!(f, "{v4}"),
            AddressKey::V6(prefix) => {
                write!(f, "{}/64", Ipv6Addr::from(u128::from(*prefix) << 64))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> AddressKey {
        AddressKey::of(text.parse().expect("an address"))
    }

    #[test]
    fn ipv6_counts_by_its_64_and_mapped_ipv4_as_ipv4() {
        assert_eq!(key("2001:db8::1"), key("2001:db8::ffff:1"));
        assert_ne!(key("2001:db8::1"), key("2001:db8:0:1::1"));
        assert_eq!(key("::ffff:10.0.0.1"), key("10.0.0.1"));
        assert_eq!(key("2001:db8::1").to_string(), "2001:db8::/64");
        assert_eq!(key("10.0.0.1").to_string(), "10.0.0.1");
    }

    #[test]
    fn networks_are_ipv4_24s_and_ipv6_48s() {
        assert_eq!(key("10.0.0.1").network(), key("10.0.0.200").network());
        assert_ne!(key("10.0.0.1").network(), key("10.0.1.1").network());
        assert_eq!(
            key("2001:db8:1:2::1").network(),
            key("2001:db8:1:ff::9").network()
        );
        assert_ne!(
            key("2001:db8:1::1").network(),
            key("2001:db8:2::1").network()
        );
        assert_eq!(key("10.0.0.1").network().to_string(), "10.0.0.0/24");
        assert_eq!(
            key("2001:db8:1:2::1").network().to_string(),
            "2001:db8:1::/48"
        );
    }
}
