//! One writer shared by a protocol's command reader and its search thread: every line
//! is written whole and flushed at once, so a GUI sees each answer as it happens.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, PoisonError};

/// A line-by-line writer that several threads may hold.
pub struct Output<W> {
    sink: Arc<Mutex<W>>,
}

impl<W> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output {
            sink: Arc::clone(&self.sink),
        }
    }
}

impl<W: Write> Output<W> {
    /// Shares `sink`.
    pub fn new(sink: W) -> Self {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes `text` and a newline, then flushes.
    pub fn line(&self, text: &str) -> io::Result<()> {
        // A thread that panicked mid-write leaves at worst a torn line; keep talking.
        let mut sink = self.sink.lock().unwrap_or_else(PoisonError::into_inner);
        writeln!(sink, "{text}")?;
        sink.flush()
    }
}
