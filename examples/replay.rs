use gomoku::{Engine, Game, Limits, MoveList, Rule, SystemClock};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let moves: MoveList = args[1].parse().unwrap();
    let ms: u64 = args.get(2).map_or(100, |a| a.parse().unwrap());
    let side: usize = args.get(3).map_or(1, |a| a.parse().unwrap());
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    let mut engine = Engine::new(64 << 20);
    for (i, &p) in moves.0.iter().enumerate() {
        if i >= 3 && i % 2 == side {
            let r = engine
                .search(
                    &game,
                    &Limits {
                        time_ms: Some(ms),
                        ..Limits::default()
                    },
                    &SystemClock::new(),
                    &mut |_| {},
                )
                .unwrap();
            let pv: Vec<String> = r.pv.iter().map(|p| p.to_string()).collect();
            println!(
                "{:>2} played {:<4} engine {:<4} score {:>6} mate {:?} depth {} nodes {} pv {}",
                i + 1,
                p,
                r.best.unwrap(),
                r.score,
                r.mate_in,
                r.depth,
                r.nodes,
                pv.join(" ")
            );
        }
        game.try_play(p).unwrap();
    }
}
