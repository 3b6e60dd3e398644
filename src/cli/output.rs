//! Where every command writes: standard output through one buffered writer whose
//! failures become [`CliError`]s (a closed pipe ends the command quietly, a full disk
//! is a message), and standard error, whose failures are survived.

use super::CliError;
use std::fmt;
use std::io::{self, BufWriter, Stdout, Write};

/// Standard output, buffered. Nothing here panics: a failed write is an error the
/// command returns, and every later write fails the same way at once. It may be handed
/// to a worker thread (the games of a batch are written while the next batch is
/// replayed), so it holds standard output itself, locked for each buffer written.
pub(super) struct Output {
    writer: BufWriter<Stdout>,
    failed: Option<io::ErrorKind>,
}

impl Output {
    pub(super) fn stdout() -> Output {
        Output { writer: BufWriter::with_capacity(1 << 16, io::stdout()), failed: None }
    }

    /// Writes text as it is.
    pub(super) fn text(&mut self, text: &str) -> Result<(), CliError> {
        self.bytes(text.as_bytes())
    }

    /// Writes bytes as they are (a PNG picture).
    pub(super) fn bytes(&mut self, bytes: &[u8]) -> Result<(), CliError> {
        self.check(|writer| writer.write_all(bytes))
    }

    /// Writes one line.
    pub(super) fn line(&mut self, text: &str) -> Result<(), CliError> {
        self.check(|writer| writer.write_all(text.as_bytes()).and_then(|()| writer.write_all(b"\n")))
    }

    /// Lets `write!(out, ...)` and `writeln!(out, ...)` be used on an [`Output`].
    pub(super) fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), CliError> {
        self.check(|writer| writer.write_fmt(args))
    }

    /// Pushes everything buffered to standard output.
    pub(super) fn flush(&mut self) -> Result<(), CliError> {
        self.check(Write::flush)
    }

    fn check(&mut self, write: impl FnOnce(&mut BufWriter<Stdout>) -> io::Result<()>) -> Result<(), CliError> {
        if let Some(kind) = self.failed {
            return Err(write_failed(&io::Error::from(kind)));
        }
        write(&mut self.writer).map_err(|error| {
            self.failed = Some(error.kind());
            write_failed(&error)
        })
    }
}

/// What a failed write to standard output means for the command.
fn write_failed(error: &io::Error) -> CliError {
    if error.kind() == io::ErrorKind::BrokenPipe {
        CliError::OutputClosed
    } else {
        CliError::Message(format!("cannot write to standard output: {error}"))
    }
}

/// Writes text to standard error; a closed or full standard error is ignored, since
/// there is nowhere left to say so.
pub(super) fn to_stderr(text: &str) {
    if text.is_empty() {
        return;
    }
    let _ignored = io::stderr().lock().write_all(text.as_bytes());
}
