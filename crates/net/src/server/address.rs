//! Who a connection comes from, as the relay counts it for lock-outs and per-address
//! limits: an IPv4 address, or the /64 network of an IPv6 address (one home or one
//! server gets a whole /64, so counting single IPv6 addresses would count nothing).

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// An address as the relay counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
}
