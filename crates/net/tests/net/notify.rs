//! The window sleeps until something happens: the connection calls its notify callback
//! after every event it hands over, so that no event waits for the window to look.

use crate::common::{PATIENCE, quick_config, serve};
use ply_net::{ClientMsg, ClientOptions, EntryRequest, GameSetup, NetEvent, NetHandle, Notify};
use std::sync::Arc;

#[test]
fn every_event_is_followed_by_a_notification() {
    let server = serve(quick_config());
    let (notified, notifications) = crossbeam_channel::unbounded();
    let options = ClientOptions {
        notify: Notify::new(Arc::new(move || {
            let _ = notified.send(());
        })),
        ..ClientOptions::default()
    };
    let request = EntryRequest::open("Hostess", "", GameSetup::new("chess"));
    let handle = NetHandle::connect_with(&server.addr().to_string(), request, options);
    let entered = handle.events().recv_timeout(PATIENCE).expect("an answer");
    assert!(matches!(entered, NetEvent::Entered(_)), "{entered:?}");
    notifications
        .recv_timeout(PATIENCE)
        .expect("notified of the entry");
    handle
        .send(ClientMsg::Chat {
            text: "hello".into(),
        })
        .expect("the connection runs");
    let said = handle
        .events()
        .recv_timeout(PATIENCE)
        .expect("the chat comes back");
    assert!(matches!(said, NetEvent::Message(_)), "{said:?}");
    notifications
        .recv_timeout(PATIENCE)
        .expect("notified of the message");
    handle.close();
}
