//! Puzzles from the project's own games (see `gomoku::puzzle`):
//!
//!   puzzles generate [GAMES]   plays GAMES self-play games (default 400) and prints the puzzle
//!                              file (www/puzzles.txt): a header, then one puzzle a line, by grade
//!   puzzles check FILE         proves every puzzle of FILE again and counts them by grade
//!   puzzles solve MOVES        the win the solver proves for the side to move after MOVES
//!                              (freestyle 15×15): by fours, or a threat then fours
//!   puzzles timing FILE        times how long judging a player's move takes: for each puzzle,
//!                              the solution's first move and a quiet move next to it

use gomoku::puzzle::play::{PuzzlePlay, Verdict};
use gomoku::puzzle::{self, Puzzle, GRADES};
use gomoku::Level;
use std::process::ExitCode;
use std::time::Instant;

/// Who plays the games: levels of different strength, so that one side sometimes lets the
/// other win by fours.
const PAIRS: [(&str, &str); 4] = [
    ("nodes-1000", "nodes-3000"),
    ("nodes-300", "nodes-5000"),
    ("nodes-3000", "nodes-1000"),
    ("nodes-5000", "nodes-300"),
];

fn generate(count: u64) -> Result<(), String> {
    let pairs: Vec<(Level, Level)> = PAIRS
        .iter()
        .map(|(a, b)| {
            Ok((
                a.parse().map_err(|e| format!("{e}"))?,
                b.parse().map_err(|e| format!("{e}"))?,
            ))
        })
        .collect::<Result<_, String>>()?;
    let games = puzzle::self_play(count, &pairs);
    let mut found = puzzle::collect(&games, 3);
    found.sort_by_key(|p| (p.grade(), p.id.clone()));
    println!("# Find the win: freestyle puzzles from {count} games of the computer against itself");
    println!(
        "# (`puzzles generate {count}`; levels {}).",
        PAIRS.map(|(a, b)| format!("{a}/{b}")).join(", ")
    );
    println!(
        "# In each, the side to move wins by continuous fours: the line after `|` is the shortest"
    );
    println!(
        "# win, the winner's moves with the forced blocks between them (`puzzles check` replays"
    );
    println!("# it and shows no shorter one exists). One a line: id grade rule moves | line.");
    println!("# Grades by the winner's moves: {}.", grades_text());
    for p in &found {
        println!("{}", p.to_line());
    }
    eprintln!(
        "{} puzzles from {} games: {}",
        found.len(),
        games.len(),
        counts(&found)
    );
    Ok(())
}

fn grades_text() -> String {
    GRADES
        .iter()
        .enumerate()
        .map(|(i, (lo, hi))| {
            if lo == hi {
                format!("{} = {lo}", i + 1)
            } else {
                format!("{} = {lo} to {hi}", i + 1)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn counts(puzzles: &[Puzzle]) -> String {
    (1..=GRADES.len())
        .map(|g| {
            format!(
                "grade {g}: {}",
                puzzles.iter().filter(|p| p.grade() == g).count()
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn check(file: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let p = Puzzle::parse(line).ok_or(format!("{file}:{}: not a puzzle line", i + 1))?;
        puzzle::prove(&p).map_err(|e| format!("{file}:{}: {}: {e}", i + 1, p.id))?;
        puzzles.push(p);
    }
    println!(
        "{} puzzles, every one proven: {}",
        puzzles.len(),
        counts(&puzzles)
    );
    Ok(())
}

/// Milliseconds judging one move from the start of each puzzle (the page does this on its
/// own thread, so the slowest matter).
fn timing(file: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let (mut first, mut quiet) = (Vec::new(), Vec::new());
    let mut verdicts = std::collections::BTreeMap::new();
    let mut slowest: Option<(f64, String)> = None;
    for p in text.lines().filter_map(Puzzle::parse) {
        let game = p.game().ok_or(format!("{}: not a legal game", p.id))?;
        let start = PuzzlePlay::new(game).map_err(|e| format!("{}: {e:?}", p.id))?;
        let m = p.line[0];
        let t = Instant::now();
        let _ = start.clone().play(m);
        first.push(t.elapsed().as_secs_f64() * 1000.0);
        // The empty point beside the first move that is not a four (a quiet move).
        let beside = [
            (1, 0),
            (0, 1),
            (1, 1),
            (-1, 0),
            (0, -1),
            (-1, -1),
            (1, -1),
            (-1, 1),
        ]
        .iter()
        .filter_map(|&(dx, dy)| {
            let q = start
                .game()
                .point(i64::from(m.x) + dx, i64::from(m.y) + dy)
                .ok()?;
            start.game().check_move(q).ok().map(|()| q)
        })
        .next();
        if let Some(q) = beside {
            let t = Instant::now();
            let v = start.clone().play(q);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            if slowest.as_ref().is_none_or(|(s, _)| ms > *s) {
                slowest = Some((ms, format!("{} {}", p.moves, q)));
            }
            quiet.push(ms);
            let name = match v {
                Ok(Verdict::Solved) => "solved",
                Ok(Verdict::Kept { .. }) => "kept",
                Ok(Verdict::Escapes { .. }) => "escapes",
                Ok(Verdict::Unproven) => "unproven",
                Err(_) => "illegal",
            };
            *verdicts.entry(name).or_insert(0) += 1;
        }
    }
    let line = |name: &str, v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let at = |q: f64| v[((v.len() - 1) as f64 * q) as usize];
        println!(
            "{name}: {} moves, median {:.2} ms, 90% {:.2} ms, slowest {:.2} ms",
            v.len(),
            at(0.5),
            at(0.9),
            at(1.0)
        );
    };
    line("the solution's first move", &mut first);
    line("a quiet move beside it", &mut quiet);
    println!("verdicts on the quiet moves: {verdicts:?}");
    if let Some((ms, moves)) = slowest {
        println!("slowest quiet move ({ms:.0} ms), the position and the move: {moves}");
    }
    Ok(())
}

fn solve(moves: &str) -> Result<(), String> {
    let game =
        gomoku::Game::from_moves(15, gomoku::Rule::Freestyle, moves).map_err(|e| e.to_string())?;
    let to_move = game.side_to_move();
    match PuzzlePlay::new(game) {
        Ok(play) => {
            let line = play.solution();
            println!(
                "{to_move} to move wins in {} moves{}: {}",
                line.len().div_ceil(2),
                if puzzle::shortest_win(play.game()).is_some() {
                    " by fours"
                } else {
                    ", a threat then fours"
                },
                line.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
        Err(e) => println!("not a puzzle: {e:?}"),
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["generate"] => generate(400),
        ["generate", n] => n
            .parse()
            .map_err(|e| format!("{n}: {e}"))
            .and_then(generate),
        ["check", file] => check(file),
        ["timing", file] => timing(file),
        ["solve", moves @ ..] => solve(&moves.join(" ")),
        _ => {
            Err("usage: puzzles generate [GAMES] | puzzles check FILE | puzzles timing FILE | puzzles solve MOVES".into())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("puzzles: {e}");
            ExitCode::FAILURE
        }
    }
}
