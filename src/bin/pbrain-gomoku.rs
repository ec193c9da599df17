//! A Gomocup (Piskvork) protocol engine: reads commands on stdin, answers on stdout.
//! The protocol itself lives in `gomoku::protocol`.

use std::io::{self, Write};
use std::process::ExitCode;

use gomoku::protocol::{read_input_line, Protocol};
use gomoku::SystemClock;

/// Longest command line read; a longer one is skipped and refused with ERROR (real
/// commands are a few dozen bytes, an `INFO folder` path a few hundred).
const MAX_LINE_BYTES: usize = 64 * 1024;

fn main() -> ExitCode {
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    let mut protocol = Protocol::new(SystemClock::new());
    protocol.set_messages(true);
    // A learned evaluation to try (`tune net` writes one): for matches between evaluations.
    match gomoku::net::from_environment() {
        Ok(net) => protocol.set_net(net),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    // End of input ends the session like END; a read error too, as nothing more can come.
    while let Ok(Some(line)) = read_input_line(&mut input, MAX_LINE_BYTES) {
        for reply in protocol.handle_input(&line) {
            if writeln!(output, "{reply}").is_err() {
                return ExitCode::FAILURE;
            }
        }
        // The manager waits for each reply, so it must not sit in a buffer.
        if output.flush().is_err() {
            return ExitCode::FAILURE;
        }
        if protocol.is_finished() {
            break;
        }
    }
    ExitCode::SUCCESS
}
