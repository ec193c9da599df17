//! The search on tactical tables: must win, must block, answers open threes, finds VCF and
//! VCT, never plays a forbidden point; deterministic under node limits.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{game_with, pt};
use gomoku::suite::{self, SuitePosition};
use gomoku::{bench, Engine, FrozenClock, Game, Limits, Point, Rule};

fn search(game: &Game, nodes: u64) -> gomoku::Report {
    let mut engine = Engine::new(4 << 20);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    engine
        .search(game, &limits, &FrozenClock, &mut |_| {})
        .expect("a move")
}

fn best(game: &Game) -> Point {
    search(game, 200_000).best.expect("a move")
}

#[test]
fn plays_its_own_five() {
    for rule in Rule::ALL {
        // Both sides have four; the side to move wins.
        let game = game_with(rule, "d8 e8 f8 g8", "d10 e10 f10 g10");
        let r = search(&game, 10_000);
        assert!([pt("c8"), pt("h8")].contains(&r.best.unwrap()), "{rule}");
        assert_eq!(r.mate_in, Some(1));
    }
}

#[test]
fn blocks_a_four() {
    for rule in Rule::ALL {
        let game = game_with(rule, "d8 e8 f8 g8 a1", "c8 a15 o1 o15");
        assert_eq!(best(&game), pt("h8"), "{rule}");
        // A split four is blocked in the gap.
        let game = game_with(rule, "d8 e8 g8 h8 a1", "c8 a15 o1 o15");
        assert_eq!(best(&game), pt("f8"), "{rule}");
    }
}

#[test]
fn answers_an_open_three() {
    for rule in [Rule::Freestyle, Rule::Standard] {
        let game = game_with(rule, "g8 h8 i8", "a1 o15");
        let m = best(&game);
        assert!(
            ["f8", "j8", "e8", "k8"].map(pt).contains(&m),
            "{rule}: {m} lets black make an open four"
        );
    }
}

#[test]
fn makes_an_open_four_from_an_open_three() {
    let game = game_with(Rule::Freestyle, "g8 h8 i8", "a15 o1 o15");
    let r = search(&game, 50_000);
    assert!(["f8", "j8"].map(pt).contains(&r.best.unwrap()));
    assert_eq!(r.mate_in, Some(3));
}

#[test]
fn finds_a_vcf() {
    // Black: closed threes on row 5 (e5 white) and column i (i10 white) meet at i5, which
    // makes two fours at once.
    let game = game_with(Rule::Freestyle, "f5 g5 h5 i7 i8 i9", "e5 i10 a1 a4 o1 o4");
    let r = search(&game, 200_000);
    let mate = r.mate_in.expect("a forced win");
    assert!(mate > 1 && mate <= 5, "mate in {mate}");
    assert_eq!(r.best, Some(pt("i5")), "the double four");
}

#[test]
fn finds_a_vct_with_threes() {
    // Two open twos crossing: h8-i8 and h6-h7 … black plays threes until a four-three.
    let game = game_with(Rule::Freestyle, "h8 i8 g6 g7", "a1 a15 o1 o15");
    let r = search(&game, 400_000);
    assert!(r.mate_in.is_some(), "{r:?}");
}

#[test]
fn black_never_plays_a_forbidden_point_in_renju() {
    // h8 would be a double three and the natural attacking move.
    let game = game_with(Rule::Renju, "f8 g8 h6 h7", "a1 a3 o1 o3");
    assert!(game.is_forbidden(pt("h8")));
    for nodes in [1_000, 20_000, 200_000] {
        let m = search(&game, nodes).best.unwrap();
        assert_ne!(m, pt("h8"));
        assert!(!game.is_forbidden(m));
    }
}

#[test]
fn searches_repeat_exactly_under_node_limits() {
    for (rule, moves) in &bench::POSITIONS[..6] {
        let game = Game::from_moves(15, *rule, moves).unwrap();
        let a = search(&game, 30_000);
        let b = search(&game, 30_000);
        assert_eq!(a, b, "{moves}");
    }
}

#[test]
fn bench_signature_is_stable() {
    let s = bench::run(bench::SIGNATURE_DEPTH, &FrozenClock);
    assert_eq!(s.nodes, bench::SIGNATURE_NODES);
    assert_eq!(s.lines.len(), bench::POSITIONS.len());
}

#[test]
fn solves_the_vcf_suite() {
    let text = include_str!("data/vcf-positions.txt");
    let positions: Vec<SuitePosition> = text.lines().filter_map(SuitePosition::parse).collect();
    assert!(positions.len() >= 100);
    // Every position really is a VCF win (checked on the plain rules), and the engine's
    // search proves a win.
    let sample: Vec<&SuitePosition> = positions.iter().step_by(4).collect();
    let mut solved = 0;
    for p in &sample {
        let game = p.game().expect("legal moves");
        assert!(
            suite::brute_force_vcf(&game, 5).is_some(),
            "{}",
            p.to_line()
        );
        let r = search(&game, 100_000);
        if r.mate_in.is_some_and(|m| m > 0) {
            solved += 1;
        }
    }
    assert!(
        solved * 100 >= sample.len() * 95,
        "{solved} of {}",
        sample.len()
    );
}

#[test]
fn a_lost_position_is_resisted_not_abandoned() {
    for rule in Rule::ALL {
        // Black has an open four (g8–k8 … h8 i8 j8 k8): white is lost but blocks an end.
        let game = game_with(rule, "h8 i8 j8 k8 a1", "h10 i10 a15 o1");
        let r = search(&game, 20_000);
        assert!(
            [pt("g8"), pt("l8")].contains(&r.best.unwrap()),
            "{rule}: {:?}",
            r.best
        );
    }
}

/// Whether the side to move, having played `first`, wins within five plies against every
/// defence: checked over every point of the board for the defender.
fn wins_in_five(game: &Game, first: Point) -> bool {
    use gomoku::position::threat::Threat;
    use gomoku::position::{cell_of, Position};
    let mut pos = Position::from_game(game);
    let us = pos.side_to_move();
    let them = us.opposite();
    let n = i64::from(game.size());
    let all: Vec<_> = (0..n)
        .flat_map(|x| (0..n).map(move |y| cell_of(Point::new(x as u8, y as u8))))
        .collect();
    if pos.threat(us, cell_of(first)) == Threat::Five {
        return true;
    }
    pos.make(cell_of(first));
    let mut ok = true;
    for &r1 in &all {
        if !pos.is_legal(r1) {
            continue;
        }
        if pos.threat(them, r1) == Threat::Five {
            ok = false;
            break;
        }
        pos.make(r1);
        // Our five now, or a second move after which every reply leaves us a five.
        let won = pos.threat_count(us, Threat::Five) > 0
            || pos.candidates().to_vec().into_iter().any(|m2| {
                if !pos.is_legal(m2) {
                    return false;
                }
                pos.make(m2);
                let holds = all.iter().all(|&r2| {
                    if !pos.is_legal(r2) {
                        return true;
                    }
                    if pos.threat(them, r2) == Threat::Five {
                        return false;
                    }
                    pos.make(r2);
                    let five = pos.threat_count(us, Threat::Five) > 0;
                    pos.unmake();
                    five
                });
                pos.unmake();
                holds
            });
        pos.unmake();
        if !won {
            ok = false;
            break;
        }
    }
    ok
}

#[test]
fn wins_claimed_within_five_plies_hold_against_every_defence() {
    let mut rng = gomoku::Rng::seeded(11);
    let (mut checked, mut in_five) = (0, 0);
    for round in 0..2000 {
        if checked >= 12 && in_five >= 6 {
            break;
        }
        let rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][round % 3];
        let mut game = Game::new(15, rule).unwrap();
        for _ in 0..(8 + rng.below(14)) {
            let p = Point::new(4 + rng.below(7) as u8, 4 + rng.below(7) as u8);
            let _ = game.try_play(p);
            if game.is_over() {
                break;
            }
        }
        if game.is_over() {
            continue;
        }
        let r = search(&game, 3_000);
        if let (Some(plies @ 3..=5), Some(best)) = (r.mate_in, r.best) {
            assert!(
                wins_in_five(&game, best),
                "{rule} {}: claimed a win in {plies} with {best}",
                game.move_list()
            );
            checked += 1;
            in_five += usize::from(plies == 5);
        }
    }
    assert!(
        checked >= 12 && in_five >= 6,
        "only {checked} claims checked, {in_five} in five plies"
    );
}

/// A clock that moves on a fixed step each time it is read, so that a timed search is as
/// repeatable as a node-limited one (the search reads the clock every 1,024 nodes and at
/// every iteration's end).
struct TickingClock {
    now: std::cell::Cell<f64>,
    step_ms: f64,
}

impl gomoku::Clock for TickingClock {
    fn now_ms(&self) -> f64 {
        let t = self.now.get() + self.step_ms;
        self.now.set(t);
        t
    }
}

fn timed(game: &Game, time_ms: u64, max_time_ms: Option<u64>) -> gomoku::Report {
    let clock = TickingClock {
        now: std::cell::Cell::new(0.0),
        step_ms: 1.0,
    };
    let limits = Limits {
        time_ms: Some(time_ms),
        max_time_ms,
        ..Limits::default()
    };
    Engine::new(4 << 20)
        .search(game, &limits, &clock, &mut |_| {})
        .expect("a move")
}

#[test]
fn a_search_that_may_stretch_stops_early_on_a_settled_move_and_goes_on_when_unsettled() {
    // The same best move from iteration to iteration: the search stops sooner when it may
    // stretch, and with a turn limit alone it uses most of the turn.
    let settled = Game::from_moves(15, Rule::Freestyle, "h8 i9 g9 i7 i8 g10").expect("a game");
    let whole = timed(&settled, 1000, None);
    let early = timed(&settled, 1000, Some(3000));
    assert_eq!(early.best, whole.best);
    assert!(
        whole.elapsed_ms >= 800,
        "{} ms of a 1000 ms turn",
        whole.elapsed_ms
    );
    assert!(
        early.elapsed_ms < whole.elapsed_ms,
        "{} against {} ms",
        early.elapsed_ms,
        whole.elapsed_ms
    );
    // Here the best move changes late: the search goes past its plan, within its stretch.
    let unsettled = Game::from_moves(15, Rule::Freestyle, "j6 k5 k9 j5 i5 k7 k4").expect("a game");
    assert!(timed(&unsettled, 1000, None).elapsed_ms <= 1000);
    let longer = timed(&unsettled, 1000, Some(3000));
    assert!(
        (1001..=3000).contains(&longer.elapsed_ms),
        "{} ms",
        longer.elapsed_ms
    );
    assert!(timed(&unsettled, 1000, Some(1200)).elapsed_ms <= 1200);
}
