//! Finds where games were lost. `losses --help` shows the options.

use std::process::ExitCode;

use gomoku::arena::losses::{ExternalOracle, Judge, Oracle};
use gomoku::arena::{saved, Side};
use gomoku::Rule;

const USAGE: &str = "\
losses GAMES [--side A|B] [--rule R] [--size N] [--nodes N] [--threshold S] [--skip N]
       [--oracle PROGRAM [--time MS] [--key WORD]]
    For every game of GAMES (a games file of `arena --save`) that SIDE lost (default A),
    the first of its moves after which the oracle proves a forced win for the winner or
    scores the position at least S for them (default 600, in the oracle's units); moves
    before --skip (default 3, the opening) are not judged. Prints each such move with the
    position, the oracle's verdict and line, then a summary. The positions are move lists
    that the page's \"Load moves\" reads.
    The oracle is a deeper search of our own, N nodes a position (default 1000000), or with
    --oracle an outside engine speaking the Gomocup protocol (program and arguments in one
    word, as arena's cmd: players), given MS milliseconds a position (default 1000); its
    evaluation is the number after WORD (default Eval) in the MESSAGE lines it sends, where
    +M15 / -M15 are proven wins / losses.
";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("losses: {e}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let (mut file, mut side, mut rule, mut size) = (None, Side::A, Rule::Freestyle, 15u8);
    let (mut nodes, mut threshold, mut skip) = (1_000_000u64, 600i32, 3usize);
    let (mut outside, mut time_ms, mut key) = (None, 1000u64, "Eval".to_owned());
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--help" | "-h" => {
                print!("{USAGE}");
                return Ok(());
            }
            "--side" => {
                side = match value("--side")?.as_str() {
                    "A" | "a" => Side::A,
                    "B" | "b" => Side::B,
                    other => return Err(format!("--side: expected A or B, not {other}")),
                }
            }
            "--rule" => {
                let v = value("--rule")?;
                rule = v.parse().map_err(|_| format!("--rule: unknown rule {v}"))?;
            }
            "--size" => size = number("--size", &value("--size")?)?,
            "--nodes" => nodes = number("--nodes", &value("--nodes")?)?,
            "--threshold" => threshold = number("--threshold", &value("--threshold")?)?,
            "--skip" => skip = number("--skip", &value("--skip")?)?,
            "--oracle" => outside = Some(value("--oracle")?),
            "--time" => time_ms = number("--time", &value("--time")?)?,
            "--key" => key = value("--key")?,
            s if s.starts_with("--") => return Err(format!("unknown option {s}")),
            _ => file = Some(arg),
        }
    }
    let path = file.ok_or("expected a games file")?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let games = saved::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    let mut oracle: Box<dyn Judge> = match outside {
        Some(command) => Box::new(ExternalOracle::new(
            command.strip_prefix("cmd:").unwrap_or(&command),
            time_ms.max(1),
            &key,
            threshold,
        )),
        None => Box::new(Oracle::new(nodes.max(1), threshold)),
    };
    let (mut lost, mut found, mut proven, mut left) = (0, 0, 0, Vec::new());
    for g in &games {
        let loser_is_side = matches!(
            (g.winner, side),
            (Some(Side::B), Side::A) | (Some(Side::A), Side::B)
        );
        if !loser_is_side {
            continue;
        }
        lost += 1;
        let Some(t) = oracle.turning_point(size, rule, g, side, skip)? else {
            println!("game {}: no losing move found before the end", g.number);
            continue;
        };
        found += 1;
        left.push(t.moves_left);
        let verdict = match t.win_in {
            Some(p) => {
                proven += 1;
                format!("forced win for the winner in {p} plies")
            }
            None => format!("score {} for the winner", t.score),
        };
        let line: Vec<String> = t.line.iter().map(ToString::to_string).collect();
        println!(
            "game {}: {} lost at move {} ({}), {} moves before the end: {verdict}; line {}\n  {}",
            t.game,
            t.loser,
            t.move_number,
            t.position
                .0
                .last()
                .map_or(String::new(), ToString::to_string),
            t.moves_left,
            line.join(" "),
            t.position
        );
    }
    left.sort_unstable();
    let median = left.get(left.len() / 2).copied().unwrap_or(0);
    println!(
        "{lost} games lost by {side:?}; losing move found in {found} ({proven} proven forced \
         wins); median {median} moves from the losing move to the end"
    );
    Ok(())
}

fn number<T: std::str::FromStr>(name: &str, v: &str) -> Result<T, String> {
    v.parse().map_err(|_| format!("{name}: not a number: {v}"))
}
