//! An external engine speaking the Gomocup protocol over pipes: one process per game,
//! killed on a timeout or at the end of the game.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::{Contestant, Fault, TIMEOUT_GRACE_MS};
use crate::clock::Clock;
use crate::game::Game;
use crate::point::Point;
use crate::protocol::{self, from_wire, rule_bits, to_wire};
use crate::search::Limits;

/// Time to answer `START` (loading tables, allocating memory).
const START_TIMEOUT_MS: u64 = 10_000;
/// Time to exit after `END` before the process is killed.
const EXIT_WAIT_MS: u64 = 500;
/// Memory offered to the engine: a 64 MiB table, like the internal levels, and as much again
/// for the rest (our own protocol engine gives half of `max_memory` to its table).
const MAX_MEMORY_BYTES: u64 = 128 << 20;
/// Stands for "no match limit" (no `--match-time`): some engines read `timeout_match 0` as
/// zero time.
const UNLIMITED_MATCH_MS: u64 = 1_000_000_000;
/// Longest reply line kept.
const MAX_LINE_BYTES: usize = 4096;
/// Least time between an engine's reply and the next command sent to it. Some engines
/// (Rapfi) print their move a moment before they are ready to read again and drop a `TURN`
/// that arrives in between; a human manager never answers that fast, and an instant reply
/// of ours (a forced block) would.
const REPLY_GAP: Duration = Duration::from_millis(5);
/// `MESSAGE` lines kept from one move (the last ones).
const MAX_NOTES: usize = 64;

/// A running engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// An external engine, started afresh for every game.
pub struct ExternalEngine {
    command: String,
    turn_ms: u64,
    /// Time for a whole game, if the match keeps a clock.
    match_ms: Option<u64>,
    /// What is left of it before the coming move.
    left_ms: Option<u64>,
    process: Option<Process>,
    /// Moves of the current game the engine has seen.
    synced: usize,
    /// The `MESSAGE` lines the engine sent while choosing its last move.
    notes: Vec<String>,
    /// When the engine last answered.
    replied: Option<Instant>,
    /// Node and depth limits per move, sent as `INFO max_node` and `INFO max_depth`.
    caps: Limits,
    /// How long past its turn a reply may come before it counts as a timeout.
    grace_ms: u64,
}

impl ExternalEngine {
    /// `command` is the program and its arguments separated by whitespace; `match_ms` is its
    /// time for a whole game (`timeout_match`), if limited.
    pub fn new(command: &str, turn_ms: u64, match_ms: Option<u64>) -> ExternalEngine {
        ExternalEngine {
            command: command.to_owned(),
            turn_ms,
            match_ms,
            left_ms: match_ms,
            process: None,
            synced: 0,
            notes: Vec::new(),
            replied: None,
            caps: Limits::default(),
            grace_ms: TIMEOUT_GRACE_MS,
        }
    }

    /// Waits `grace_ms` past each turn for a reply (the arena's [`TIMEOUT_GRACE_MS`] unless
    /// set): an engine used for analysis rather than in a match may answer late.
    #[must_use]
    pub fn with_grace(mut self, grace_ms: u64) -> ExternalEngine {
        self.grace_ms = grace_ms;
        self
    }

    /// Asks the engine to stop each search after `caps.nodes` nodes or `caps.depth` plies
    /// (`INFO max_node`, `INFO max_depth`: protocol extensions that engines such as ours
    /// and Rapfi read, and others ignore). `caps.time_ms` is not used.
    #[must_use]
    pub fn with_caps(mut self, caps: Limits) -> ExternalEngine {
        self.caps = caps;
        self
    }

    /// What the engine said (its `MESSAGE` lines, without the word) while choosing its last
    /// move, oldest first: engines report their depth and evaluation there.
    #[must_use]
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    fn spawn(&mut self) -> Result<(), Fault> {
        let mut words = self.command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| Fault::Crash("no program given".into()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Crash(format!("cannot start {program}: {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Fault::Crash("no pipes to the engine".into()));
        };
        let (tx, lines) = mpsc::channel();
        // The reader ends at end of output, which killing the engine brings about.
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some(line)) = protocol::read_line_capped(&mut reader, MAX_LINE_BYTES) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        self.process = Some(Process {
            child,
            stdin,
            lines,
        });
        Ok(())
    }

    fn send(&mut self, lines: &[String]) -> Result<(), Fault> {
        if let Some(wait) = self
            .replied
            .and_then(|t| REPLY_GAP.checked_sub(t.elapsed()))
        {
            thread::sleep(wait);
        }
        let process = self.process.as_mut().ok_or_else(not_running)?;
        let mut text = lines.join("\n");
        text.push('\n');
        let sent = process
            .stdin
            .write_all(text.as_bytes())
            .and_then(|()| process.stdin.flush());
        sent.map_err(|e| {
            self.kill();
            Fault::Crash(format!("cannot write to the engine: {e}"))
        })
    }

    /// The next line that is not a `MESSAGE`/`DEBUG`/`SUGGEST` note, within `limit_ms`.
    fn receive(&mut self, limit_ms: u64) -> Result<String, Fault> {
        let deadline = Instant::now() + Duration::from_millis(limit_ms);
        loop {
            let process = self.process.as_mut().ok_or_else(not_running)?;
            let left = deadline.saturating_duration_since(Instant::now());
            match process.lines.recv_timeout(left) {
                Ok(line) => {
                    let word = line.split_whitespace().next().unwrap_or("");
                    let note = ["MESSAGE", "DEBUG", "SUGGEST"]
                        .iter()
                        .any(|n| word.eq_ignore_ascii_case(n));
                    if !note && !line.trim().is_empty() {
                        self.replied = Some(Instant::now());
                        return Ok(line.trim().to_owned());
                    }
                    if word.eq_ignore_ascii_case("MESSAGE") {
                        if self.notes.len() == MAX_NOTES {
                            self.notes.remove(0);
                        }
                        self.notes.push(line.trim()[word.len()..].trim().to_owned());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(Fault::Timeout { limit_ms });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = process.child.try_wait().ok().flatten();
                    self.kill();
                    return Err(Fault::Crash(match status {
                        Some(s) => format!("engine exited ({s})"),
                        None => "engine closed its output".into(),
                    }));
                }
            }
        }
    }

    fn kill(&mut self) {
        if let Some(mut p) = self.process.take() {
            let _ = p.child.kill();
            let _ = p.child.wait();
        }
    }

    /// The commands that bring the engine up to `game` and ask for a move.
    fn commands_for(&self, game: &Game) -> Vec<String> {
        let size = game.size();
        let wire = |p: Point| {
            let (x, y) = to_wire(p, size);
            format!("{x},{y}")
        };
        let moves = game.moves();
        match moves {
            [] => vec!["BEGIN".to_owned()],
            [.., last] if self.synced + 1 == moves.len() => vec![format!("TURN {}", wire(*last))],
            _ => {
                // Stones in the order played (renju needs it), 1 = the engine's own.
                let own = moves.len() % 2;
                let mut lines = vec!["BOARD".to_owned()];
                lines.extend(moves.iter().enumerate().map(|(i, &p)| {
                    let who = if i % 2 == own { 1 } else { 2 };
                    format!("{},{who}", wire(p))
                }));
                lines.push("DONE".to_owned());
                lines
            }
        }
    }
}

impl Contestant for ExternalEngine {
    fn name(&self) -> String {
        format!("{}{}", super::EXTERNAL_PREFIX, self.command)
    }

    fn new_game(&mut self, game: &Game, _seed: u64) -> Result<(), Fault> {
        self.kill();
        self.synced = 0;
        self.left_ms = self.match_ms;
        self.spawn()?;
        self.send(&[format!("START {}", game.size())])?;
        let reply = self.receive(START_TIMEOUT_MS)?;
        if !reply.eq_ignore_ascii_case("OK") {
            self.kill();
            return Err(Fault::Illegal(format!(
                "answered START with '{}'",
                short(&reply)
            )));
        }
        let match_ms = self.match_ms.unwrap_or(UNLIMITED_MATCH_MS);
        let mut info = vec![
            format!("INFO timeout_turn {}", self.turn_ms),
            format!("INFO timeout_match {match_ms}"),
            format!("INFO time_left {match_ms}"),
            format!("INFO max_memory {MAX_MEMORY_BYTES}"),
            format!("INFO rule {}", rule_bits(game.rule())),
            "INFO game_type 1".to_owned(),
        ];
        info.extend(self.caps.nodes.map(|n| format!("INFO max_node {n}")));
        info.extend(self.caps.depth.map(|d| format!("INFO max_depth {d}")));
        self.send(&info)
    }

    fn choose(&mut self, game: &Game, _clock: &dyn Clock) -> Result<Option<Point>, Fault> {
        if self.process.is_none() {
            return Err(not_running());
        }
        let mut commands = Vec::new();
        if let Some(left) = self.left_ms.filter(|_| self.match_ms.is_some()) {
            commands.push(format!("INFO time_left {left}"));
        }
        commands.extend(self.commands_for(game));
        self.notes.clear();
        self.send(&commands)?;
        let limit = self.left_ms.map_or(self.turn_ms, |l| l.min(self.turn_ms));
        let reply = self.receive(limit + self.grace_ms)?;
        let not_a_move = || Fault::Illegal(format!("replied '{}' instead of x,y", short(&reply)));
        let mut numbers = reply.split(',').map(|s| s.trim().parse::<i64>());
        let (Some(Ok(x)), Some(Ok(y)), None) = (numbers.next(), numbers.next(), numbers.next())
        else {
            return Err(not_a_move());
        };
        let p = from_wire(x, y, game.size()).ok_or_else(|| {
            Fault::Illegal(format!("{x},{y} is off the {0}×{0} board", game.size()))
        })?;
        self.synced = game.moves().len() + 1;
        Ok(Some(p))
    }

    fn end_game(&mut self) {
        if self.send(&["END".to_owned()]).is_ok() {
            let deadline = Instant::now() + Duration::from_millis(EXIT_WAIT_MS);
            while let Some(p) = self.process.as_mut() {
                if !matches!(p.child.try_wait(), Ok(None)) || Instant::now() >= deadline {
                    break;
                }
                thread::sleep(Duration::from_millis(5));
            }
        }
        self.kill();
    }

    fn budget_ms(&self) -> Option<u64> {
        Some(self.turn_ms)
    }

    fn keeps_match_clock(&self) -> bool {
        self.match_ms.is_some()
    }

    fn set_time_left(&mut self, left_ms: u64) {
        self.left_ms = Some(left_ms);
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        self.kill();
    }
}

fn not_running() -> Fault {
    Fault::Crash("the engine is not running".into())
}

fn short(s: &str) -> String {
    s.chars().take(60).collect()
}
