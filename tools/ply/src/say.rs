//! Writing `ply`'s results to standard output with a command-line tool's manners: when
//! the reader goes away (`ply save inspect F | head`), `ply` stops quietly instead of
//! panicking on the closed pipe.

use std::fmt;
use std::io::{self, ErrorKind, Write};
use std::process;

/// Writes one line of results to standard output (`println!`'s arguments).
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::say::line(format_args!($($arg)*))
    };
}

/// Writes `text` and a newline to standard output. A closed pipe ends the program at
/// once with success (the reader has all it wanted); any other failure ends it with an
/// error line.
pub fn line(text: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(error) = writeln!(out, "{text}") {
        if error.kind() == ErrorKind::BrokenPipe {
            process::exit(0);
        }
        eprintln!("error: cannot write the output: {error}");
        process::exit(1);
    }
}

/// Whether `error` only says that the reader of the output went away.
pub fn reader_gone(error: &io::Error) -> bool {
    error.kind() == ErrorKind::BrokenPipe
}
