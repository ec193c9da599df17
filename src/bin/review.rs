//! Reviews saved games as the page does, and measures how the classes depend on the budget.
//!
//!   review [--nodes N] [--rule R] [--compare] FILE…
//!
//! FILE holds games as `arena --save` writes them. Without `--compare` each game's moves are
//! printed with their class and the summary per side. With `--compare` every game is reviewed
//! at N and at 2N nodes a position, and the moves whose class differs are counted: the review's
//! budget is chosen so that fewer than one move in ten changes (docs/review.md).

use gomoku::arena::saved;
use gomoku::review::{summary, MoveClass, MoveReview, Review, REVIEW_NODES};
use gomoku::{Color, Engine, Game, Rule, DEFAULT_TT_BYTES_WASM};
use std::process::ExitCode;
use std::time::Instant;

struct Options {
    nodes: u64,
    rule: Rule,
    compare: bool,
    files: Vec<String>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        nodes: REVIEW_NODES,
        rule: Rule::Freestyle,
        compare: false,
        files: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--nodes" => o.nodes = value()?.parse().map_err(|e| format!("--nodes: {e}"))?,
            "--rule" => o.rule = value()?.parse().map_err(|e| format!("--rule: {e}"))?,
            "--compare" => o.compare = true,
            "--help" | "-h" => return Err(String::new()),
            file => o.files.push(file.to_owned()),
        }
    }
    if o.files.is_empty() || o.nodes == 0 {
        return Err("usage: review [--nodes N] [--rule R] [--compare] FILE…".into());
    }
    Ok(o)
}

/// The page's review of `game` (the same engine memory as in the browser), and its time.
fn review(game: &Game, nodes: u64) -> (Vec<MoveReview>, f64) {
    let started = Instant::now();
    let mut r =
        Review::new(game, Engine::new(DEFAULT_TT_BYTES_WASM), nodes).expect("the game's own size");
    while r.step() {}
    (r.moves(), started.elapsed().as_secs_f64())
}

fn run(o: &Options) -> Result<(), String> {
    let mut games = Vec::new();
    for file in &o.files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for g in saved::parse(&text).map_err(|e| format!("{file}: {e}"))? {
            let game = Game::from_moves(15, o.rule, &g.moves.to_string())
                .map_err(|e| format!("{file}: game {}: {e}", g.number))?;
            games.push(game);
        }
    }
    let (mut moves, mut changed, mut seconds) = (0, 0, 0.0);
    let mut per_class = [[0_u32; 7]; 2];
    for (i, game) in games.iter().enumerate() {
        let (judged, time) = review(game, o.nodes);
        seconds += time;
        moves += judged.len();
        for m in &judged {
            per_class[0][class_index(m.class)] += 1;
        }
        if o.compare {
            let (doubled, _) = review(game, 2 * o.nodes);
            let differ = judged
                .iter()
                .zip(&doubled)
                .filter(|(a, b)| a.class != b.class)
                .count();
            for m in &doubled {
                per_class[1][class_index(m.class)] += 1;
            }
            changed += differ;
            println!("game {:>2}: {:>3} moves, {differ:>2} classes change at {} nodes ({time:.1} s at {})", i + 1, judged.len(), 2 * o.nodes, o.nodes);
        } else {
            print_game(i + 1, game, &judged, time);
        }
    }
    println!(
        "{} games, {moves} moves, {} nodes a position: {:.1} s a game on average natively ({:.2} s for 60 moves)",
        games.len(),
        o.nodes,
        seconds / games.len().max(1) as f64,
        seconds / moves.max(1) as f64 * 61.0
    );
    let names: Vec<&str> = MoveClass::ALL.iter().map(|c| c.id()).collect();
    println!("classes at {}: {}", o.nodes, counts(&names, &per_class[0]));
    if o.compare {
        println!(
            "classes at {}: {}",
            2 * o.nodes,
            counts(&names, &per_class[1])
        );
        println!(
            "doubling to {} nodes changes {changed} of {moves} classes ({:.1}%)",
            2 * o.nodes,
            100.0 * changed as f64 / moves.max(1) as f64
        );
    }
    Ok(())
}

fn class_index(c: MoveClass) -> usize {
    MoveClass::ALL.iter().position(|&x| x == c).unwrap_or(0)
}

fn counts(names: &[&str], n: &[u32; 7]) -> String {
    names
        .iter()
        .zip(n)
        .map(|(name, n)| format!("{name} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn print_game(number: usize, game: &Game, judged: &[MoveReview], time: f64) {
    println!("game {number}: {} ({time:.1} s)", game.move_list());
    for (i, m) in judged.iter().enumerate() {
        let better = m
            .better
            .map(|p| format!(" (better {p}: {})", line(&m.line)))
            .unwrap_or_default();
        println!(
            "  {:>3}. {:<4} {:<10} {:>5.1}% → {:>5.1}%{better}",
            i + 1,
            m.played.to_string(),
            m.class.id(),
            100.0 * m.before,
            100.0 * m.after
        );
    }
    for side in [Color::Black, Color::White] {
        let s = summary(judged, side);
        let names: Vec<&str> = MoveClass::ALL.iter().map(|c| c.id()).collect();
        println!(
            "  {side:?}: accuracy {:.1}%, {}",
            s.accuracy.unwrap_or(0.0),
            counts(&names, &s.counts)
        );
    }
}

fn line(points: &[gomoku::Point]) -> String {
    points
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() -> ExitCode {
    match options().and_then(|o| run(&o)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_empty() => {
            println!("usage: review [--nodes N] [--rule R] [--compare] FILE…");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("review: {e}");
            ExitCode::FAILURE
        }
    }
}
