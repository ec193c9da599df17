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
