//! A TCP proxy for tests: it relays every connection to a target until told to cut
//! them all and turn new ones away for a while, as a network that goes down and comes
//! back would.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A TCP proxy to a target that can cut every connection through it and turn new ones
/// away for a while: a network that goes down and comes back.
pub struct Proxy {
    /// Where clients connect.
    pub addr: SocketAddr,
    cut_until: Arc<Mutex<Option<Instant>>>,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    /// A proxy on a free loopback port to `target`.
    pub fn to(target: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("the proxy listens");
        let proxy = Proxy {
            addr: listener.local_addr().expect("an address"),
            cut_until: Arc::default(),
            open: Arc::default(),
        };
        let (cut_until, open) = (proxy.cut_until.clone(), proxy.open.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().filter_map(Result::ok) {
                let down = cut_until
                    .lock()
                    .expect("not poisoned")
                    .is_some_and(|until| Instant::now() < until);
                let Some(server) = (!down).then(|| TcpStream::connect(target).ok()).flatten()
                else {
                    continue;
                };
                let mut open = open.lock().expect("not poisoned");
                for stream in [&client, &server] {
                    open.push(stream.try_clone().expect("a clone"));
                }
                pipe(&client, &server);
                pipe(&server, &client);
            }
        });
        proxy
    }

    /// Cuts every connection through the proxy and turns new ones away for `down`.
    pub fn cut_for(&self, down: Duration) {
        *self.cut_until.lock().expect("not poisoned") = Some(Instant::now() + down);
        for stream in self.open.lock().expect("not poisoned").drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

/// Copies what `from` says to `to` on a thread of its own, until either closes.
fn pipe(from: &TcpStream, to: &TcpStream) {
    let (mut from, mut to) = (
        from.try_clone().expect("a clone"),
        to.try_clone().expect("a clone"),
    );
    std::thread::spawn(move || {
        let mut buffer = [0u8; 16 * 1024];
        while let Ok(read) = from.read(&mut buffer) {
            if read == 0 || to.write_all(&buffer[..read]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Both);
    });
}
