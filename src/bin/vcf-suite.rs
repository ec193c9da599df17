//! `vcf-suite collect N [MIN_FOURS MAX_FOURS]` prints N positions with a forced win by
//! continuous fours; `vcf-suite solve FILE [--time MS | --nodes N]` reports how many the engine solves.

use gomoku::suite::{self, SuitePosition};
use gomoku::DEFAULT_TT_BYTES_NATIVE;
use gomoku::{Engine, Limits, SystemClock};

fn usage() -> ! {
    eprintln!(
        "usage: vcf-suite collect N [MIN_FOURS MAX_FOURS] | vcf-suite solve FILE [--time MS | --nodes N]"
    );
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("collect") => {
            let n = args
                .get(1)
                .and_then(|a| a.parse().ok())
                .unwrap_or_else(|| usage());
            let arg = |i: usize, default: u32| -> u32 {
                args.get(i)
                    .map_or(Some(default), |a| a.parse().ok())
                    .unwrap_or_else(|| usage())
            };
            let (min, max) = (arg(2, 2), arg(3, 5));
            println!("# Positions where the side to move wins by continuous fours (VCF), the");
            println!("# shortest win taking {min} to {max} fours. Found by `vcf-suite collect {n} {min} {max}`:");
            println!(
                "# games between the article opponents (seeded), each stopped at its first such"
            );
            println!("# position, checked by a brute-force solver on the plain rules. Format: rule: moves.");
            for p in suite::collect_vcf(n, min, max) {
                println!("{}", p.to_line());
            }
        }
        Some("solve") => {
            let Some(text) = args.get(1).and_then(|f| std::fs::read_to_string(f).ok()) else {
                usage()
            };
            let mut limits = Limits {
                time_ms: Some(500),
                ..Limits::default()
            };
            match (
                args.get(2).map(String::as_str),
                args.get(3).and_then(|v| v.parse::<u64>().ok()),
            ) {
                (None, _) => {}
                (Some("--time"), Some(ms)) => limits.time_ms = Some(ms),
                (Some("--nodes"), Some(n)) => {
                    limits = Limits {
                        nodes: Some(n),
                        ..Limits::default()
                    }
                }
                _ => usage(),
            }
            let positions: Vec<SuitePosition> =
                text.lines().filter_map(SuitePosition::parse).collect();
            let mut engine = Engine::new(DEFAULT_TT_BYTES_NATIVE);
            let (mut solved, mut total, mut max_ms, mut sum_ms) = (0u32, 0u32, 0u64, 0u64);
            for p in &positions {
                let Some(game) = p.game() else { continue };
                engine.clear();
                total += 1;
                let report = engine.search(&game, &limits, &SystemClock::new(), &mut |_| {});
                let ok = report
                    .as_ref()
                    .is_ok_and(|r| r.mate_in.is_some_and(|m| m > 0));
                let ms = report.as_ref().map_or(0, |r| r.elapsed_ms);
                max_ms = max_ms.max(ms);
                sum_ms += ms;
                if ok {
                    solved += 1;
                } else {
                    println!("missed: {}", p.to_line());
                }
            }
            let pct = if total > 0 {
                100.0 * f64::from(solved) / f64::from(total)
            } else {
                0.0
            };
            println!(
                "solved {solved} of {total} ({pct:.1}%), average {} ms, max {max_ms} ms",
                sum_ms / u64::from(total.max(1))
            );
        }
        _ => usage(),
    }
}
