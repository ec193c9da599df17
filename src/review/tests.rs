use super::*;
use crate::rule::Rule;

const NODES: u64 = 20_000;

fn point(name: &str) -> Point {
    name.parse().expect("a point")
}

fn review(moves: &str) -> Vec<MoveReview> {
    let game = Game::from_moves(15, Rule::Freestyle, moves).expect("a legal game");
    let mut r = Review::new(&game, Engine::new(1 << 20), NODES).expect("a review");
    while r.step() {}
    assert!(r.is_complete());
    assert_eq!(r.positions().len(), game.moves().len() + 1);
    r.moves()
}

fn searched(best: &str, score: i32, mate_in: Option<i32>) -> Searched {
    Searched {
        best: Some(point(best)),
        pv: vec![point(best)],
        score,
        mate_in,
        nodes: 1,
        over: None,
    }
}

#[test]
fn the_chance_follows_the_fitted_curve_and_proven_results() {
    assert!((win_chance(0) - 0.5).abs() < 1e-12);
    assert!((win_chance(1700) - 1.0 / (1.0 + (-1.0_f64).exp())).abs() < 1e-12);
    let s = searched("h8", 400, None);
    assert!(
        (s.chance(Color::Black, Color::Black) + s.chance(Color::White, Color::Black) - 1.0).abs()
            < 1e-12
    );
    assert_eq!(
        searched("h8", 0, Some(5)).chance(Color::White, Color::White),
        1.0
    );
    assert_eq!(
        searched("h8", 0, Some(-4)).chance(Color::Black, Color::White),
        1.0
    );
}

#[test]
fn classes_follow_the_drop() {
    let before = searched("h8", 0, None);
    // After the move the opponent is to move: their score is the mover's negated.
    let cases = [
        (0, MoveClass::Best),
        (200, MoveClass::Good),
        (700, MoveClass::Inaccuracy),
        (1500, MoveClass::Mistake),
        (2500, MoveClass::Blunder),
    ];
    for (their_score, class) in cases {
        let after = searched("a1", their_score, None);
        let judged = judge(&before, &after, point("g7"), Color::Black, false);
        assert_eq!(
            judged.class, class,
            "opponent's score {their_score}: drop {}",
            judged.drop
        );
        assert_eq!(judged.better.is_some(), class.has_better());
    }
    // The search's own move is best whatever the score after it.
    let after = searched("a1", 2500, None);
    assert_eq!(
        judge(&before, &after, point("h8"), Color::Black, false).class,
        MoveClass::Best
    );
    // A forced block is forced, a lost proven win is missed, a move into a proven loss a blunder.
    assert_eq!(
        judge(&before, &after, point("g7"), Color::Black, true).class,
        MoveClass::Forced
    );
    let winning = searched("h8", 0, Some(7));
    let judged = judge(
        &winning,
        &searched("a1", 0, None),
        point("g7"),
        Color::Black,
        false,
    );
    assert_eq!(
        (judged.class, judged.better),
        (MoveClass::MissedWin, Some(point("h8")))
    );
    let kept = judge(
        &winning,
        &searched("a1", 0, Some(-6)),
        point("g7"),
        Color::Black,
        false,
    );
    assert_eq!(kept.class, MoveClass::Best);
    // Not proven again, but still all but won: not missed.
    let unproven = judge(
        &winning,
        &searched("a1", -12_000, None),
        point("g7"),
        Color::Black,
        false,
    );
    assert_eq!(unproven.class, MoveClass::Best);
    let into_loss = judge(
        &before,
        &searched("a1", -100, Some(9)),
        point("g7"),
        Color::Black,
        false,
    );
    assert_eq!(into_loss.class, MoveClass::Blunder);
}

#[test]
fn a_game_with_a_blunder_a_missed_win_and_a_forced_block() {
    // Black's open three h8 i8 j8; white answers far away (a blunder: black then wins by
    // force with g8 or k8); black plays elsewhere (a missed win).
    let moves = review("h8 a1 i8 a2 j8 a15 o1 k8");
    assert_eq!(moves.len(), 8);
    assert_eq!(moves[5].class, MoveClass::Blunder, "{:?}", moves[5]);
    assert_eq!(moves[6].class, MoveClass::MissedWin, "{:?}", moves[6]);
    let better = moves[6].better.expect("the winning move");
    assert!(
        ["g8", "k8"].contains(&better.to_string().as_str()),
        "{better}"
    );
    assert_eq!(moves[6].line.first(), Some(&better));
    for m in &moves {
        assert!(m.drop >= 0.0 && (0.0..=1.0).contains(&m.before) && (0.0..=1.0).contains(&m.after));
    }
}

#[test]
fn blocking_the_only_five_is_forced() {
    // Black's four g8 h8 i8 j8 with f8 taken by white: white must take k8.
    let moves = review("h8 f8 i8 a1 j8 a2 g8 k8");
    assert_eq!(moves[7].class, MoveClass::Forced, "{:?}", moves[7]);
    assert_eq!(moves[7].better, None);
}

#[test]
fn a_finished_game_ends_with_the_result() {
    let game =
        Game::from_moves(15, Rule::Freestyle, "h8 a1 i8 a2 j8 a3 k8 a4 l8").expect("a won game");
    let mut r = Review::new(&game, Engine::new(1 << 20), NODES).expect("a review");
    while r.step() {}
    assert_eq!(
        r.positions().last().map(|s| s.over),
        Some(Some(Some(Color::Black)))
    );
    let moves = r.moves();
    assert_eq!(
        moves.last().map(|m| (m.class, m.after)),
        Some((MoveClass::Best, 1.0))
    );
    let black = summary(&moves, Color::Black);
    let white = summary(&moves, Color::White);
    assert_eq!(black.counts.iter().sum::<u32>(), 5);
    assert_eq!(white.counts.iter().sum::<u32>(), 4);
    assert!(black.accuracy.expect("moves") > white.accuracy.expect("moves"));
}

#[test]
fn the_page_uses_the_same_scale() {
    let analysis = include_str!("../../www/js/analysis.js");
    let line = format!("const SCORE_SCALE = {};", WIN_CHANCE_SCALE as i64);
    assert!(
        analysis.contains(&line),
        "www/js/analysis.js must say `{line}`"
    );
}
