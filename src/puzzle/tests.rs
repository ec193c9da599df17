//! The solver against the brute-force reference, the puzzle checks, and play.

use super::play::{PuzzlePlay, Verdict};
use super::vcf::Vcf;
use super::*;
use crate::error::GameError;
use crate::rng::Rng;
use crate::suite::brute_force_vcf;

#[test]
fn a_four_three_is_a_two_move_puzzle_with_a_stable_id() {
    // Black: h8 i8 j8 (three) and k9 k10 k11 (three): k8 makes a four and an open three…
    let game = Game::from_moves(
        15,
        Rule::Freestyle,
        "h8 a1 i8 a3 j8 a5 k9 a7 k10 a9 k11 a11",
    )
    .expect("legal");
    let line = shortest_win(&game).expect("a win");
    assert!(line.len() >= 3, "{line:?}");
    let p = Puzzle {
        id: puzzle_id(&game),
        rule: Rule::Freestyle,
        moves: game.move_list().to_string(),
        line,
    };
    prove(&p).expect("proven");
    assert_eq!(Puzzle::parse(&p.to_line()), Some(p.clone()));
    // The same stones in another order: the same id.
    let other = Game::from_moves(
        15,
        Rule::Freestyle,
        "k9 a1 i8 a3 j8 a5 h8 a7 k10 a9 k11 a11",
    )
    .expect("legal");
    assert_eq!(puzzle_id(&other), p.id);
    let mut wrong = p.clone();
    wrong.id = "000000000000".into();
    assert!(prove(&wrong).is_err());
}

#[test]
fn no_puzzle_where_the_win_is_immediate_or_the_opponent_threatens_five() {
    let five = Game::from_moves(15, Rule::Freestyle, "h8 a1 i8 a2 j8 a3 k8 a15").expect("legal");
    assert_eq!(shortest_win(&five), None);
    let threatened =
        Game::from_moves(15, Rule::Freestyle, "h8 a1 i8 a2 j8 a3 o15 a4").expect("legal");
    assert_eq!(shortest_win(&threatened), None);
}

#[test]
fn grades_cover_two_to_seven_moves() {
    assert_eq!(
        (2..=MAX_ATTACK)
            .map(|n| grade_of(n).unwrap_or(0))
            .collect::<Vec<_>>(),
        [1, 2, 3, 4, 4, 4]
    );
    assert_eq!(grade_of(1), None);
}

/// A random legal game of up to `n` moves clustered near the centre, where fours and threes
/// are thick (stops at a five).
fn crowded_game(rng: &mut Rng, rule: Rule, n: usize) -> Game {
    let mut game = Game::new(15, rule).expect("15");
    let mut tries = 0;
    while game.moves().len() < n && !game.is_over() && tries < 10_000 {
        tries += 1;
        let x = 4 + rng.below(7) as i64;
        let y = 4 + rng.below(7) as i64;
        if let Ok(p) = game.point(x, y) {
            match game.try_play(p) {
                Ok(()) | Err(GameError::Occupied(_)) => {}
                Err(e) => panic!("{e}"),
            }
        }
    }
    game
}

/// The shortest win by the brute-force solver, in attacking moves (2 to `most`).
fn brute_shortest(game: &Game, most: usize) -> Option<usize> {
    (1..most as u32)
        .find(|&fours| brute_force_vcf(game, fours).is_some())
        .map(|fours| fours as usize + 1)
}

#[test]
fn the_solver_agrees_with_brute_force_on_crowded_positions() {
    let mut rng = Rng::seeded(35);
    let (mut compared, mut wins) = (0, 0);
    for round in 0..600 {
        let rule = if round % 4 == 3 {
            Rule::Standard
        } else {
            Rule::Freestyle
        };
        let n = 12 + rng.below(22);
        let game = crowded_game(&mut rng, rule, n);
        if game.is_over()
            || brute_force_vcf(&game, 0).is_some()
            || !five_points(&game, game.side_to_move().opposite()).is_empty()
        {
            continue;
        }
        let mut solver = Vcf::new(&game, u64::MAX).expect("freestyle or standard");
        let fast = solver.shortest(4).expect("no node limit");
        let slow = brute_shortest(&game, 4);
        assert_eq!(
            fast.as_ref().map(|l| l.len().div_ceil(2)),
            slow,
            "{rule}: {} fast {fast:?}",
            game.move_list()
        );
        if let Some(line) = fast {
            replay_wins(&game, &line).expect("the solver's line wins");
            wins += 1;
        }
        compared += 1;
    }
    assert!(
        compared > 250 && wins > 100,
        "compared {compared}, wins {wins}"
    );
}

#[test]
fn the_solver_finds_every_suite_win_and_it_replays() {
    // The suite's positions were each checked by the brute-force solver when collected: 2 to 5
    // fours, then the five.
    let text = include_str!("../../tests/data/vcf-positions.txt");
    let mut solved = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (rule, moves) = line.split_once(':').expect("rule: moves");
        let game = Game::from_moves(15, rule.parse().expect("rule"), moves).expect("legal");
        if game.rule() == Rule::Renju {
            continue;
        }
        let mut solver = Vcf::new(&game, u64::MAX).expect("supported");
        let found = solver.shortest(6).expect("no limit").expect("a win");
        assert!(
            (3..=6).contains(&found.len().div_ceil(2)),
            "{moves}: {found:?}"
        );
        replay_wins(&game, &found).expect("wins");
        solved += 1;
    }
    assert!(solved > 100, "{solved}");
}

#[test]
fn renju_and_finished_games_are_not_solved() {
    let renju = Game::from_moves(15, Rule::Renju, "h8 a1 i8").expect("legal");
    assert!(Vcf::new(&renju, 10).is_err());
    let won = Game::from_moves(15, Rule::Freestyle, "h8 a1 i8 a2 j8 a3 k8 a4 l8").expect("legal");
    assert!(Vcf::new(&won, 10).is_err());
    assert!(PuzzlePlay::new(won).is_err());
}

#[test]
fn a_wrong_stored_line_is_refused() {
    let game = Game::from_moves(
        15,
        Rule::Freestyle,
        "h8 a1 i8 a3 j8 a5 k9 a7 k10 a9 k11 a11",
    )
    .expect("legal");
    let p = Puzzle::of(&game).expect("a puzzle");
    prove(&p).expect("proven");
    // A block that is not the forced one.
    let mut wrong = p.clone();
    wrong.line[1] = "o15".parse().expect("point");
    assert!(prove(&wrong).is_err());
    // A longer line than the shortest.
    let mut longer = p.clone();
    longer.line.truncate(1);
    assert!(prove(&longer).is_err());
}

#[test]
fn play_accepts_the_line_and_other_winning_moves_and_refuses_the_rest() {
    let game = Game::from_moves(
        15,
        Rule::Freestyle,
        "h8 a1 i8 a3 j8 a5 k9 a7 k10 a9 k11 a11",
    )
    .expect("legal");
    let start = PuzzlePlay::new(game.clone()).expect("a puzzle");
    let line = start.solution().to_vec();

    // The stored line, move by move: the computer blocks, then five.
    let mut play = start.clone();
    let mut i = 0;
    loop {
        match play.play(line[i]).expect("legal") {
            Verdict::Solved => break,
            Verdict::Kept { reply, .. } => assert_eq!(reply, line[i + 1]),
            other => panic!("{other:?} at {}", line[i]),
        }
        i += 2;
    }
    assert!(play.solved());
    assert_eq!(play.play(line[0]), Err(GameError::GameOver));

    // A quiet move far away lets the defence escape, and is not kept.
    let mut play = start.clone();
    let far: Point = "o1".parse().expect("point");
    assert!(matches!(play.play(far), Ok(Verdict::Escapes { .. })));
    assert_eq!(play.game().moves(), game.moves());
    // A stone on a stone: an error, nothing kept.
    assert_eq!(
        play.play("h8".parse().expect("point")),
        Err(GameError::Occupied("h8".parse().expect("point")))
    );
    assert_eq!(play.game().moves(), game.moves());
}

#[test]
fn a_quiet_move_that_keeps_the_win_is_accepted() {
    // Black has two open threes (h8 i8 j8, h10 i10 j10), white only far corner stones: a
    // quiet move anywhere keeps the win, since no white reply blocks both threes.
    let game = Game::from_moves(
        15,
        Rule::Freestyle,
        "h8 a15 i8 o15 j8 o1 h10 a1 i10 a13 j10 a3",
    )
    .expect("legal");
    let mut play = PuzzlePlay::new(game).expect("a puzzle");
    match play.play("m13".parse().expect("point")).expect("legal") {
        Verdict::Kept { left, .. } => assert_eq!(left, 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_win_that_starts_with_a_quiet_threat_is_a_puzzle_too() {
    // Black: h8 i8 and j9 j10, white in the corners. No four to make, so no win by fours; j8
    // makes two open threes, and no white reply stops both.
    let game = Game::from_moves(15, Rule::Freestyle, "h8 a1 i8 a15 j9 o1 j10 o15").expect("legal");
    assert_eq!(shortest_win(&game), None);
    let start = PuzzlePlay::new(game).expect("a threat, then fours");
    let line = start.solution().to_vec();
    assert!(line.len() >= 5, "{line:?}");
    let mut play = start.clone();
    match play.play(line[0]).expect("legal") {
        Verdict::Kept { reply, left } => {
            assert_eq!(reply, line[1], "the computer's best defence");
            assert!(left >= 2);
        }
        other => panic!("{other:?}"),
    }
    // Its continuation plays out against the computer's defence.
    let mut i = 0;
    while !play.solved() {
        let rest = play.solution().to_vec();
        assert!(matches!(
            play.play(rest[0]).expect("legal"),
            Verdict::Kept { .. } | Verdict::Solved
        ));
        i += 1;
        assert!(i < 10);
    }
}
