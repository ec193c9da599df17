//! A long run of computer-vs-computer games under every rule, checking every move and every
//! result against the rules independently of `Game`, and the process's memory as it goes.
//!
//! Usage: `soak [GAMES] [SEED]` (default 2000 games as in `make soak`, seed 1). The exit status
//! is 1 on any violation, or if memory grows after the first quarter of the games.

use std::process::ExitCode;
use std::time::Instant;

use gomoku::wincheck::winners_by_scan;
use gomoku::{
    renju, Color, DrawReason, FrozenClock, Game, Level, Limits, Outcome, Player, Point, Rng, Rule,
};

/// Games played when none are asked for; equal to the Makefile's `GAMES`.
const DEFAULT_GAMES: usize = 2000;
/// Search players get a node budget instead of time, so a run is repeatable.
const SEARCH_NODES: u64 = 1500;
/// The soak's own transposition tables: small, as only their reuse over games matters here.
const TT_BYTES: usize = 4 << 20;
/// Resident memory may move this much after the warm-up quarter (allocator noise).
const RSS_SLACK_KIB: u64 = 2048;

/// The ladder up to the page's default level (`search-100`, the 13th); the longer searches
/// would only slow the run.
const LEVELS: &[Level] = Level::LADDER.split_at(13).0;

#[derive(Default)]
struct Tally {
    games: [usize; 3],
    black: [usize; 3],
    white: [usize; 3],
    draws: [usize; 3],
    /// Of the draws, those where black had only forbidden points left (renju).
    no_legal_move: [usize; 3],
    moves: usize,
    violations: Vec<String>,
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let games: usize = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_GAMES);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = Rng::seeded(seed);
    // Players live for the whole run, as they do in the page and the protocol engine, so
    // anything they keep between games would show as growth.
    let mut players: Vec<Player> = LEVELS
        .iter()
        .enumerate()
        .map(|(i, &level)| Player::new(level, TT_BYTES, Rng::seeded(seed + i as u64)))
        .collect();
    let mut tally = Tally::default();
    let mut samples = Vec::new();
    let start = Instant::now();
    for n in 0..games {
        let rule = Rule::ALL[n % 3];
        let size = if n % 10 == 9 {
            7 + rng.below(14) as u8
        } else {
            15
        };
        let (a, b) = (rng.below(LEVELS.len()), rng.below(LEVELS.len()));
        play(size, rule, &mut players, [a, b], &mut tally);
        if n % (games / 20).max(1) == 0 || n + 1 == games {
            samples.push((n + 1, rss_kib().unwrap_or(0)));
        }
    }
    report(&tally, &samples, start.elapsed().as_secs_f64())
}

/// One game between `players[ids[0]]` (black) and `players[ids[1]]` (white).
fn play(size: u8, rule: Rule, players: &mut [Player], ids: [usize; 2], tally: &mut Tally) {
    let mut game = Game::new(size.into(), rule).expect("sizes 7 to 20");
    for &i in &ids {
        players[i].new_game();
    }
    let limits = Limits {
        nodes: Some(SEARCH_NODES),
        ..Limits::default()
    };
    while !game.is_over() {
        let player = &mut players[ids[game.moves().len() % 2]];
        let chosen = player.choose_with(&game, &limits, &FrozenClock, &mut |_| {});
        // A game that is on has a legal point (check_move checked the result after every
        // move, renju's no-legal-point draw included), so finding none is a violation.
        let Some(p) = chosen.ok().and_then(|r| r.best) else {
            tally.violations.push(format!(
                "{:?} found no move in {}",
                player.level(),
                game.move_list()
            ));
            break;
        };
        if let Err(v) = check_move(&mut game, p) {
            tally.violations.push(format!("{:?}: {v}", player.level()));
            break;
        }
        tally.moves += 1;
    }
    let r = rule_index(rule);
    tally.games[r] += 1;
    match game.outcome() {
        Some(Outcome::Win(Color::Black)) => tally.black[r] += 1,
        Some(Outcome::Win(Color::White)) => tally.white[r] += 1,
        Some(Outcome::Draw(reason)) => {
            tally.draws[r] += 1;
            if reason == DrawReason::NoLegalMove {
                tally.no_legal_move[r] += 1;
            }
        }
        // Stopped on a violation, already counted.
        None => {}
    }
}

fn rule_index(rule: Rule) -> usize {
    Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0)
}

/// Whether the side to move may play `p`, from the rules alone: renju forbidden points by
/// the reference checker under the game's reading of a three completed by a five (the
/// Gomocup judge's, `renju::Reading`'s default).
fn is_legal(game: &Game, p: Point) -> bool {
    game.board().contains(p)
        && game.board().get(p).is_none()
        && !(game.rule().restricts(game.side_to_move()) && renju::is_forbidden(game.board(), p))
}

/// Plays `p` after checking it is legal, then checks the result against a scan of the
/// whole board: a win exactly when the mover has a five, a draw exactly on a full board or,
/// under renju, when black is to move and every empty point is forbidden.
fn check_move(game: &mut Game, p: Point) -> Result<(), String> {
    if !is_legal(game, p) {
        return Err(format!("illegal {p} chosen in {}", game.move_list()));
    }
    let mover = game.side_to_move();
    game.try_play(p)
        .map_err(|e| format!("{p} refused in {}: {e}", game.move_list()))?;
    let (black, white) = winners_by_scan(game.board(), game.rule());
    let expected = match (black, white) {
        (true, false) if mover == Color::Black => Some(Outcome::Win(Color::Black)),
        (false, true) if mover == Color::White => Some(Outcome::Win(Color::White)),
        (false, false) if game.board().is_full() => Some(Outcome::Draw(DrawReason::BoardFull)),
        (false, false) if !black_can_move(game) => Some(Outcome::Draw(DrawReason::NoLegalMove)),
        (false, false) => None,
        _ => {
            return Err(format!(
                "fives for the wrong side after {}",
                game.move_list()
            ))
        }
    };
    if game.outcome() != expected {
        return Err(format!(
            "result {:?}, the board says {expected:?}, after {}",
            game.outcome(),
            game.move_list()
        ));
    }
    Ok(())
}

/// False only under renju with black to move and no empty point black may play.
fn black_can_move(game: &Game) -> bool {
    !(game.rule() == Rule::Renju && game.moves().len() % 2 == 0)
        || game.board().empty_points().any(|p| is_legal(game, p))
}

fn report(tally: &Tally, samples: &[(usize, u64)], seconds: f64) -> ExitCode {
    let total: usize = tally.games.iter().sum();
    println!(
        "{total} games, {} moves checked, {seconds:.0} s",
        tally.moves
    );
    for rule in Rule::ALL {
        let r = rule_index(rule);
        // Only renju can leave black without a legal point.
        let stuck = if rule == Rule::Renju {
            format!(
                " ({} with no legal point for black)",
                tally.no_legal_move[r]
            )
        } else {
            String::new()
        };
        println!(
            "  {:<9} {:>5} games: black {:>5}, white {:>5}, draw {:>4}{stuck}",
            rule.to_string(),
            tally.games[r],
            tally.black[r],
            tally.white[r],
            tally.draws[r],
        );
    }
    println!("resident memory (MiB) after games:");
    for (n, kib) in samples {
        println!("  {n:>6}: {:.1}", *kib as f64 / 1024.0);
    }
    let warm = samples.len() / 4;
    let settled = samples.get(warm).map_or(0, |s| s.1);
    let grown = samples.iter().skip(warm).map(|s| s.1).max().unwrap_or(0);
    let growth = grown.saturating_sub(settled);
    println!(
        "growth after the first quarter: {:.1} MiB (allowed {:.1})",
        growth as f64 / 1024.0,
        RSS_SLACK_KIB as f64 / 1024.0
    );
    println!("violations: {}", tally.violations.len());
    for v in tally.violations.iter().take(10) {
        println!("  {v}");
    }
    if tally.violations.is_empty() && growth <= RSS_SLACK_KIB {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Current resident memory of this process (Linux `VmRSS`).
fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
