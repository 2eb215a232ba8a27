//! Automatic port mapping: asks the home router (a UPnP Internet Gateway Device) to
//! forward the game's TCP port to this computer, so that friends outside the home can
//! join without anyone setting up port forwarding by hand.
//!
//! [`PortMap::start`] does everything on a thread of its own, never blocking its
//! caller: it looks for the gateway (within a time limit), learns this computer's
//! address towards it and the gateway's outside address, asks for the mapping, renews
//! it before its lease ends, and removes it when the handle is closed (waiting a
//! bounded time for the router) or dropped (without waiting: the thread removes it on
//! its own). Its progress arrives as [`Reach`] values, read without waiting by
//! [`PortMap::reach`].

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, bounded, unbounded};
use igd_next::{AddAnyPortError, AddPortError, Gateway, PortMappingProtocol, SearchOptions};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How the port mapping goes about its work.
#[derive(Clone, Debug)]
pub struct PortMapOptions {
    /// How long to look for a gateway on the local network.
    pub search_timeout: Duration,
    /// How long everything before the first answer may take (search and requests);
    /// after it, the router counts as not answering.
    pub answer_timeout: Duration,
    /// The lease asked for; the mapping is renewed at half of it.
    pub lease: Duration,
    /// How long closing waits for the router to remove the mapping.
    pub close_timeout: Duration,
    /// The description the router shows beside the mapping.
    pub description: String,
}

impl Default for PortMapOptions {
    fn default() -> PortMapOptions {
        PortMapOptions {
            search_timeout: Duration::from_secs(3),
            answer_timeout: Duration::from_secs(8),
            lease: Duration::from_secs(3600),
            close_timeout: Duration::from_secs(3),
            description: "Plyground".to_string(),
        }
    }
}

/// Who can reach the lobby, as far as the router is concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Nobody was asked (the setting is off, or the lobby listens on loopback only).
    NotAsked,
    /// Looking for the router and asking it.
    Asking,
    /// The router forwards `public` to `local`: friends anywhere can join at `public`.
    Open {
        /// This computer's address on the home network, with the game's port.
        local: SocketAddr,
        /// The router's outside address and the forwarded port.
        public: SocketAddr,
    },
    /// The router forwards the port, but its own outside address is private: another
    /// router or the internet provider's shared address (carrier-grade NAT) stands
    /// between it and the internet, so friends outside still cannot reach the lobby.
    PrivateOutside {
        /// This computer's address on the home network, with the game's port.
        local: SocketAddr,
        /// The router's outside address (private) and the forwarded port.
        outside: SocketAddr,
    },
    /// No router answered, or it refused to forward the port.
    Refused {
        /// What happened, in words.
        reason: String,
    },
}

/// Whether an address cannot be reached from the internet: private ranges, the shared
/// address space of carrier-grade NAT (100.64.0.0/10), loopback, link-local and
/// unspecified addresses (and their IPv6 counterparts).
pub fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => {
            let [a, b, ..] = ip.octets();
            ip.is_private()
                || ip.is_loopback()
                || ip.is_link_local()
                || ip.is_unspecified()
                || (a == 100 && (64..128).contains(&b))
        }
        IpAddr::V6(ip) => {
            let first = ip.segments()[0];
            ip.is_loopback()
                || ip.is_unspecified()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
        }
    }
}

/// A port mapping being asked for, held, renewed and finally removed; see the module
/// documentation. Closing removes the mapping and waits for the router (at most the
/// close timeout); dropping only tells the mapping's thread to remove it, so that a
/// window's thread never waits.
#[derive(Debug)]
pub struct PortMap {
    reach: Reach,
    news: Receiver<Reach>,
    stop: Option<Sender<()>>,
    done: Receiver<bool>,
    thread: Option<JoinHandle<()>>,
    /// When the router counts as not answering, while still [`Reach::Asking`].
    answer_by: Instant,
    close_timeout: Duration,
}

impl PortMap {
    /// Starts asking the router to forward TCP `port` to this computer.
    pub fn start(port: u16, options: PortMapOptions) -> PortMap {
        let (news_tx, news) = unbounded();
        let (stop_tx, stop_rx) = bounded(1);
        let (done_tx, done) = bounded(1);
        let answer_by = Instant::now() + options.answer_timeout;
        let close_timeout = options.close_timeout;
        let thread = std::thread::Builder::new()
            .name("ply-net-portmap".to_string())
            .spawn(move || {
                let removed = work(port, &options, &news_tx, &stop_rx);
                let _ = done_tx.send(removed);
            });
        let (reach, thread) = match thread {
            Ok(thread) => (Reach::Asking, Some(thread)),
            Err(error) => (
                Reach::Refused {
                    reason: format!("could not start asking the router: {error}"),
                },
                None,
            ),
        };
        PortMap {
            reach,
            news,
            stop: Some(stop_tx),
            done,
            thread,
            answer_by,
            close_timeout,
        }
    }

    /// A handle that asks nothing and always reports `reach`: for a lobby that does
    /// not ask the router (the setting is off) and for pictures of each outcome.
    pub fn fixed(reach: Reach) -> PortMap {
        let (_, news) = unbounded();
        let (_, done) = bounded(1);
        PortMap {
            reach,
            news,
            stop: None,
            done,
            thread: None,
            answer_by: Instant::now(),
            close_timeout: Duration::ZERO,
        }
    }

    /// The latest news, taken in without waiting.
    pub fn reach(&mut self) -> &Reach {
        while let Ok(reach) = self.news.try_recv() {
            self.reach = reach;
        }
        if self.reach == Reach::Asking && Instant::now() >= self.answer_by {
            self.reach = Reach::Refused {
                reason: "the router did not answer in time".to_string(),
            };
        }
        &self.reach
    }

    /// Waits up to `timeout` for the router's first answer (scripts and tests; the
    /// window polls [`PortMap::reach`]).
    pub fn wait(&mut self, timeout: Duration) -> &Reach {
        let until = (Instant::now() + timeout).min(self.answer_by);
        while self.reach() == &Reach::Asking {
            let left = until.saturating_duration_since(Instant::now());
            match self.news.recv_timeout(left) {
                Ok(reach) => self.reach = reach,
                Err(_) => break,
            }
        }
        self.reach()
    }

    /// Removes the mapping, waiting for the router at most the close timeout; says
    /// whether the router confirmed the removal (false too when nothing was mapped).
    pub fn close(mut self) -> bool {
        self.halt()
    }

    fn halt(&mut self) -> bool {
        let Some(stop) = self.stop.take() else {
            return false;
        };
        let _ = stop.send(());
        // A router that stops answering must not hold up the program's exit: past the
        // time limit the thread is left to finish on its own.
        let removed = self.done.recv_timeout(self.close_timeout);
        if removed.is_ok()
            && let Some(thread) = self.thread.take()
        {
            let _ = thread.join();
        }
        removed.unwrap_or(false)
    }
}

impl Drop for PortMap {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// The mapping's whole life, on its own thread; says whether a mapping was made and
/// then removed.
fn work(port: u16, options: &PortMapOptions, news: &Sender<Reach>, stop: &Receiver<()>) -> bool {
    let refused = |reason: String| {
        let _ = news.send(Reach::Refused { reason });
        false
    };
    let search = SearchOptions {
        timeout: Some(options.search_timeout),
        single_search_timeout: Some(options.search_timeout),
        ..SearchOptions::default()
    };
    let gateway = match igd_next::search_gateway(search) {
        Ok(gateway) => gateway,
        Err(error) => return refused(format!("no router answered ({error})")),
    };
    let Some(local_ip) = address_towards(gateway.addr) else {
        return refused(format!(
            "this computer has no address towards the router at {}",
            gateway.addr.ip()
        ));
    };
    let local = SocketAddr::new(local_ip, port);
    let outside_ip = match gateway.get_external_ip() {
        Ok(ip) => ip,
        Err(error) => return refused(format!("the router did not say its address ({error})")),
    };
    let lease = options.lease.as_secs().clamp(0, u64::from(u32::MAX)) as u32;
    let mapping = match map(&gateway, port, local, lease, &options.description) {
        Ok(mapping) => mapping,
        Err(reason) => return refused(format!("the router refused ({reason})")),
    };
    let outside = SocketAddr::new(outside_ip, mapping.external_port);
    let _ = news.send(if is_private(outside_ip) {
        Reach::PrivateOutside { local, outside }
    } else {
        Reach::Open {
            local,
            public: outside,
        }
    });
    // Renew at half the lease; a permanent mapping needs no renewal but is still
    // removed at the end.
    let renew_every = if mapping.lease == 0 {
        Duration::MAX
    } else {
        Duration::from_secs(u64::from(mapping.lease) / 2).max(Duration::from_secs(1))
    };
    // Until told to stop (or the handle is gone), renew each time the wait runs out.
    while let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(renew_every) {
        let renewed = gateway.add_port(
            PortMappingProtocol::TCP,
            mapping.external_port,
            local,
            mapping.lease,
            &options.description,
        );
        if let Err(error) = renewed {
            refused(format!("the router stopped forwarding the port ({error})"));
        }
    }
    gateway
        .remove_port(PortMappingProtocol::TCP, mapping.external_port)
        .is_ok()
}

/// A mapping the router agreed to.
struct Mapping {
    external_port: u16,
    /// The lease in seconds (0: permanent).
    lease: u32,
}

/// Asks for the same port outside as inside, else any port the router picks; a router
/// that only takes permanent mappings is asked again for one.
fn map(
    gateway: &Gateway,
    port: u16,
    local: SocketAddr,
    lease: u32,
    description: &str,
) -> Result<Mapping, String> {
    let tcp = PortMappingProtocol::TCP;
    let same = |lease| gateway.add_port(tcp, port, local, lease, description);
    match same(lease) {
        Ok(()) => {
            return Ok(Mapping {
                external_port: port,
                lease,
            });
        }
        Err(AddPortError::OnlyPermanentLeasesSupported) => {
            return same(0)
                .map(|()| Mapping {
                    external_port: port,
                    lease: 0,
                })
                .map_err(|error| error.to_string());
        }
        Err(AddPortError::PortInUse) => {}
        Err(error) => return Err(error.to_string()),
    }
    let any = |lease| gateway.add_any_port(tcp, local, lease, description);
    match any(lease) {
        Ok(external_port) => Ok(Mapping {
            external_port,
            lease,
        }),
        Err(AddAnyPortError::OnlyPermanentLeasesSupported) => any(0)
            .map(|external_port| Mapping {
                external_port,
                lease: 0,
            })
            .map_err(|error| error.to_string()),
        Err(error) => Err(error.to_string()),
    }
}

/// This computer's address on the route to `gateway` (no packet is sent).
fn address_towards(gateway: SocketAddr) -> Option<IpAddr> {
    let any: IpAddr = match gateway {
        SocketAddr::V4(_) => Ipv4Addr::UNSPECIFIED.into(),
        SocketAddr::V6(_) => std::net::Ipv6Addr::UNSPECIFIED.into(),
    };
    let socket = UdpSocket::bind(SocketAddr::new(any, 0)).ok()?;
    socket.connect(gateway).ok()?;
    socket.local_addr().ok().map(|addr| addr.ip())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_addresses_are_told_from_public_ones() {
        for private in [
            "192.168.1.1",
            "10.0.0.1",
            "172.16.5.4",
            "100.64.0.1",
            "100.127.255.254",
            "127.0.0.1",
            "169.254.1.1",
            "0.0.0.0",
            "fd00::1",
            "fe80::1",
            "::1",
        ] {
            assert!(is_private(private.parse().expect("ip")), "{private}");
        }
        for public in ["203.0.113.7", "100.128.0.1", "8.8.8.8", "2001:db8::1"] {
            assert!(!is_private(public.parse().expect("ip")), "{public}");
        }
    }

    #[test]
    fn a_fixed_handle_reports_its_reach_and_closes_at_once() {
        let reach = Reach::Refused {
            reason: "no router answered".into(),
        };
        let mut map = PortMap::fixed(reach.clone());
        assert_eq!(map.reach(), &reach);
        assert_eq!(map.wait(Duration::from_secs(5)), &reach);
        let started = Instant::now();
        assert!(!map.close(), "nothing was mapped, so nothing was removed");
        assert!(started.elapsed() < Duration::from_secs(1));
    }
}
