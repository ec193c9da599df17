//! Plays a match between two players (levels or external protocol engines) and prints the
//! score, the Elo difference and time per move. `arena --help` lists the options.

use std::process::ExitCode;

use gomoku::arena::options::{parse_args, Cli, Options, USAGE};
use gomoku::arena::{openings, run_match, ArenaError, GameRecord, MatchReport};
use gomoku::SystemClock;

fn main() -> ExitCode {
    match parse_args(std::env::args().skip(1)) {
        Ok(Cli::Help) => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Cli::Run(options)) => match run(options) {
            Ok(report) => {
                print!("{report}");
                if let Some(kib) = peak_rss_kib() {
                    println!("peak RSS: {:.1} MiB", kib as f64 / 1024.0);
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e.to_string()),
        },
        Err(e) => fail(&e.to_string()),
    }
}

fn run(mut options: Options) -> Result<MatchReport, String> {
    if let Some(path) = &options.openings_file {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        options.config.openings = openings::parse(&text, options.config.size, options.config.rule)
            .map_err(|e| format!("{path}: {e}"))?;
        if options.config.openings.is_empty() {
            return Err(format!("{path}: {}", ArenaError::NoOpenings));
        }
    }
    let config = &options.config;
    let mut a = options.a.build(config).map_err(|e| e.to_string())?;
    let mut b = options.b.build(config).map_err(|e| e.to_string())?;
    let verbose = options.verbose;
    let mut on_game = |record: &GameRecord| {
        if verbose {
            println!("{record}");
        }
    };
    run_match(
        config,
        a.as_mut(),
        b.as_mut(),
        &SystemClock::new(),
        &mut on_game,
    )
    .map_err(|e| e.to_string())
}

fn fail(message: &str) -> ExitCode {
    eprintln!("arena: {message}");
    ExitCode::from(2)
}

/// Peak resident memory of this process (Linux `VmHWM`); external engines not included.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
