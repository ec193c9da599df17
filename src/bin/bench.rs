//! `bench [depth]`: searches the fixed bench positions and prints the node count (the
//! search's signature) and the speed.

use gomoku::bench;
use gomoku::SystemClock;

fn main() {
    let depth = match std::env::args().nth(1).map(|a| a.parse::<u32>()) {
        None => bench::DEPTH,
        Some(Ok(d)) if (1..=30).contains(&d) => d,
        Some(_) => {
            eprintln!("usage: bench [depth 1..30]");
            std::process::exit(2);
        }
    };
    let summary = bench::run(depth, &SystemClock::new());
    for (i, line) in summary.lines.iter().enumerate() {
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
    println!("nodes {}", summary.nodes);
    println!("time {:.0} ms", summary.elapsed_ms);
    println!("nps {:.0}", summary.nps());
}
