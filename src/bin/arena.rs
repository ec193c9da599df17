//! Plays a match between two players (levels or external protocol engines) and prints the
//! score, the Elo difference and time per move. `arena --help` lists the options.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::process::ExitCode;

use gomoku::arena::options::{parse_args, Cli, Options, USAGE};
use gomoku::arena::{openings, run_match, saved, ArenaError, GameRecord, MatchReport, Pentanomial};
use gomoku::SystemClock;

fn main() -> ExitCode {
    match parse_args(std::env::args().skip(1)) {
        Ok(Cli::Help) => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Cli::Run(options)) => match run(*options) {
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
    let mut a = options.a.build(config);
    let mut b = options.b.build(config);
    let verbose = options.verbose;
    let mut save = match &options.save_file {
        Some(path) => Some(SaveFile::open(path, &[a.name(), b.name()], config)?),
        None => None,
    };
    // Pairs so far, for the running LLR.
    let mut pairs = Pentanomial::default();
    let mut first_of_pair = None;
    let mut on_game = |record: &GameRecord| {
        if let Some(file) = save.as_mut() {
            file.write(record);
        }
        if !verbose {
            return;
        }
        println!("{record}");
        match first_of_pair.take() {
            None => first_of_pair = Some(record.a_half_points()),
            Some(first) => {
                pairs.add(first + record.a_half_points());
                if let Some(test) = config.sprt {
                    println!(
                        "after {} pairs ({pairs}): {}",
                        pairs.pairs(),
                        test.status(&pairs)
                    );
                }
            }
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

/// The `--save` file: games appended and flushed one by one, so that a match cut short
/// keeps the games it finished.
struct SaveFile {
    path: String,
    file: File,
    failed: bool,
}

impl SaveFile {
    fn open(
        path: &str,
        names: &[String; 2],
        config: &gomoku::arena::MatchConfig,
    ) -> Result<SaveFile, String> {
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("{path}: {e}"))?;
        file.write_all(saved::header(names, config).as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| format!("{path}: {e}"))?;
        Ok(SaveFile {
            path: path.to_owned(),
            file,
            failed: false,
        })
    }

    fn write(&mut self, record: &GameRecord) {
        let line = format!("{}\n", saved::line(record));
        let written = self
            .file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush());
        if let (Err(e), false) = (written, self.failed) {
            eprintln!("arena: {}: {e}; games are no longer saved", self.path);
            self.failed = true;
        }
    }
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
