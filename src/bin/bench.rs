//! `bench [depth] [runs]`: searches the fixed bench positions and prints the node count (the
//! search's signature) and the speed. With several runs in one process, the first pays the
//! one-time costs (building the pattern tables, fresh memory) and the later ones show the
//! steady speed; `make bench-wasm` compares both with the browser's.

use gomoku::bench;
use gomoku::SystemClock;

/// Most runs one call may ask for.
const MAX_RUNS: usize = 50;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth = match args.next().map(|a| a.parse::<u32>()) {
        None => bench::DEPTH,
        Some(Ok(d)) if (1..=30).contains(&d) => d,
        Some(_) => usage(),
    };
    let runs = match args.next().map(|a| a.parse::<usize>()) {
        None => 1,
        Some(Ok(r)) if (1..=MAX_RUNS).contains(&r) => r,
        Some(_) => usage(),
    };
    let clock = SystemClock::new();
    // A learned evaluation to measure (`tune net` writes one).
    let net = gomoku::net::from_environment().unwrap_or_else(|e| {
        eprintln!("bench: {e}");
        std::process::exit(2);
    });
    let first = bench::run_with(depth, &clock, net);
    for (i, line) in first.lines.iter().enumerate() {
        let best = line.best.map_or("-".to_owned(), |p| p.to_string());
        println!(
            "position {:>2} {:<9} best {:<4} score {:>6} nodes {:>9}",
            i + 1,
            line.rule,
            best,
            line.score,
            line.nodes
        );
    }
    println!("depth {depth}");
    println!("nodes {}", first.nodes);
    println!("time {:.0} ms", first.elapsed_ms);
    println!("nps {:.0}", first.nps());
    if runs > 1 {
        let mut later: Vec<bench::Summary> = (1..runs)
            .map(|_| bench::run_with(depth, &clock, net))
            .collect();
        if later.iter().any(|s| s.nodes != first.nodes) {
            eprintln!(
                "bench: the node count changed between runs: the search is not deterministic"
            );
            std::process::exit(1);
        }
        // Every run's time in order, for scripts that choose their own warm runs.
        let times: Vec<String> = std::iter::once(&first)
            .chain(&later)
            .map(|s| format!("{:.1}", s.elapsed_ms))
            .collect();
        println!("run times ms {}", times.join(" "));
        later.sort_by(|a, b| a.elapsed_ms.total_cmp(&b.elapsed_ms));
        let median = &later[later.len() / 2];
        println!("warm runs {}", later.len());
        println!("warm time {:.0} ms", median.elapsed_ms);
        println!("warm nps {:.0}", median.nps());
    }
}

fn usage() -> ! {
    eprintln!("usage: bench [depth 1..30] [runs 1..{MAX_RUNS}]");
    std::process::exit(2);
}
