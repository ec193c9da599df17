//! The rules cross-checked against an independent implementation (the `figrid-board`
//! crate), over random positions of realistic density: renju forbidden points, and five
//! detection under all three rules. figrid-board reads a three completed by a five as the
//! Gomocup judge does, which is the game's rule (`Reading::FiveIsNotAStraightFour`, the
//! default), so every difference fails. The search board's fast path for forbidden points
//! (`Position::is_forbidden`) is compared with the reference (`gomoku::renju`) on the same
//! points, and must agree everywhere too.
//!
//! The sample sizes here keep `cargo test` quick. The long run sets them from the
//! environment: `CROSSCHECK_POSITIONS=100000 CROSSCHECK_GAMES=20000 cargo test --release
//! --test crosscheck -- --nocapture` (or `make crosscheck`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::figrid::{self, idx};
use common::{board_with, pt};
use figrid_board::board::{Board as Figrid, RuleSet};
use figrid_board::renju::Foul;
use gomoku::position::{cell_of, Position};
use gomoku::renju::{self, Reading, Shape};
use gomoku::{Board, Color, FiveRule, Game, GameError, Outcome, Point, Rng, Rule};

/// figrid-board plays on 15×15 only.
const SIZE: u8 = 15;

fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// An empty point for the next move: mostly next to the stones, as in real games, now and
/// then anywhere.
fn next_point(rng: &mut Rng, board: &Board) -> Point {
    let n = i32::from(board.size());
    let mut near = Vec::new();
    let mut seen = vec![false; (n * n) as usize];
    for q in board.points().filter(|&q| board.get(q).is_some()) {
        for dy in -2..=2 {
            for dx in -2..=2 {
                let (x, y) = (i32::from(q.x) + dx, i32::from(q.y) + dy);
                if (0..n).contains(&x) && (0..n).contains(&y) && !seen[(y * n + x) as usize] {
                    seen[(y * n + x) as usize] = true;
                    let p = Point::new(x as u8, y as u8);
                    if board.is_empty_at(p) {
                        near.push(p);
                    }
                }
            }
        }
    }
    if near.is_empty() || rng.below(10) == 0 {
        let empty: Vec<Point> = board.empty_points().collect();
        empty[rng.below(empty.len())]
    } else {
        near[rng.below(near.len())]
    }
}

/// A renju position reached by legal moves, with no five on the board: `len` stones, or
/// fewer when no legal, non-winning move is found.
fn renju_position(rng: &mut Rng, len: usize) -> Game {
    let mut game = Game::new(SIZE.into(), Rule::Renju).expect("size");
    let mut misses = 0;
    while game.moves().len() < len && misses < 200 {
        let p = next_point(rng, game.board());
        let mut after = game.clone();
        match after.try_play(p) {
            Ok(()) if after.outcome().is_none() => game = after,
            Ok(()) | Err(GameError::Forbidden(_)) => misses += 1,
            Err(e) => panic!("{e}"),
        }
    }
    game
}

/// Position lengths: mostly middle-game densities, some openings, some crowded boards.
fn position_length(rng: &mut Rng) -> usize {
    match rng.below(10) {
        0 => 3 + rng.below(10),
        1 => 90 + rng.below(80),
        _ => 12 + rng.below(80),
    }
}

#[derive(Default)]
struct Tally {
    positions: usize,
    stones: usize,
    queries: usize,
    forbidden: usize,
    by_shape: [usize; 3],
    /// Points where the other reading (`Reading::FiveCounts`) answers otherwise: how often
    /// the case the two readings disagree on comes up. Not a failure.
    other_reading: Vec<String>,
    /// Disagreements of the reference with figrid-board: each one fails the test.
    figrid: Vec<String>,
    /// Disagreements of the search board's fast path with the reference: each one fails.
    search: Vec<String>,
}

/// Compares every empty point of one position: the reference rules (`gomoku::renju`, the
/// judge's reading), the search board's fast path, and figrid-board.
fn compare_position(game: &Game, tally: &mut Tally) {
    let board = game.board();
    let mut pos = Position::from_game(game);
    tally.positions += 1;
    tally.stones += board.stone_count();
    for p in board.empty_points() {
        tally.queries += 1;
        let shape = renju::shape(board, p);
        let ours = renju::is_forbidden(board, p);
        let search = pos.is_forbidden(cell_of(p));
        let theirs = figrid::is_forbidden(board, p);
        if ours {
            tally.forbidden += 1;
            match shape {
                Shape::Overline => tally.by_shape[0] += 1,
                Shape::DoubleFour => tally.by_shape[1] += 1,
                _ => tally.by_shape[2] += 1,
            }
        }
        let case = || {
            format!(
                "{p} in {} (ours {shape:?}, search board {search}, figrid {:?})",
                game.move_list(),
                figrid::foul(board, p)
            )
        };
        if search != ours {
            tally.search.push(case());
        }
        if theirs != ours {
            tally.figrid.push(case());
        }
        // The readings differ only on double threes, so only where the patterns see two
        // threes (which keeps this extra count cheap).
        let two_threes = pos.combo(Color::Black, cell_of(p)).needs_check;
        if two_threes && renju::is_forbidden_reading(board, p, Reading::FiveCounts) != ours {
            tally.other_reading.push(case());
        }
    }
}

#[test]
fn renju_forbidden_points_agree_with_figrid() {
    let positions = env_count("CROSSCHECK_POSITIONS", 600);
    let mut rng = Rng::seeded(env_count("CROSSCHECK_SEED", 2026) as u64);
    let mut tally = Tally::default();
    for _ in 0..positions {
        let len = position_length(&mut rng);
        compare_position(&renju_position(&mut rng, len), &mut tally);
    }
    println!(
        "renju: {} positions ({:.1} stones on average), {} points compared, {} forbidden \
         (overline {}, double four {}, double three {}); {} differences from figrid-board, \
         {} between the search board and the reference; the other reading would differ \
         on {} points",
        tally.positions,
        tally.stones as f64 / tally.positions as f64,
        tally.queries,
        tally.forbidden,
        tally.by_shape[0],
        tally.by_shape[1],
        tally.by_shape[2],
        tally.figrid.len(),
        tally.search.len(),
        tally.other_reading.len()
    );
    for case in tally.other_reading.iter().take(3) {
        println!("  other reading: {case}");
    }
    assert!(
        tally.figrid.is_empty(),
        "{} disagreements with figrid-board, first: {:#?}",
        tally.figrid.len(),
        &tally.figrid[..tally.figrid.len().min(10)]
    );
    assert!(
        tally.search.is_empty(),
        "{} disagreements of the search board with the reference, first: {:#?}",
        tally.search.len(),
        &tally.search[..tally.search.len().min(10)]
    );
    assert!(
        tally.by_shape.iter().all(|&n| n > 0),
        "every forbidden shape was sampled"
    );
    assert!(
        !tally.other_reading.is_empty(),
        "the sample holds points where the two readings differ"
    );
}

/// Plays random games in step on our `Game` and on figrid's board until someone wins or the
/// board fills, comparing after every move whether it won.
fn compare_wins(rule: Rule, games: usize, seed: u64) -> (usize, usize, usize) {
    let rules = match rule {
        Rule::Freestyle => RuleSet::Freestyle,
        Rule::Standard => RuleSet::Standard,
        Rule::Renju => RuleSet::Renju,
    };
    let mut rng = Rng::seeded(seed);
    let (mut moves, mut wins, mut overlines) = (0, 0, 0);
    for _ in 0..games {
        let mut game = Game::new(SIZE.into(), rule).expect("size");
        let mut theirs = Figrid::new();
        theirs.set_rule_set(rules);
        while !game.is_over() {
            let p = next_point(&mut rng, game.board());
            let mover = game.side_to_move();
            let forbidden_there = theirs.is_forbidden_for_side_to_move(idx(p));
            match game.try_play(p) {
                Err(GameError::Forbidden(_)) => {
                    assert!(
                        forbidden_there,
                        "{p} forbidden only for us in {}",
                        game.move_list()
                    );
                    continue;
                }
                Err(e) => panic!("{e}"),
                Ok(()) => assert!(
                    !forbidden_there,
                    "{p} forbidden only for figrid-board before its move in {}",
                    game.move_list()
                ),
            }
            moves += 1;
            theirs.make_move(idx(p));
            let won = game.outcome() == Some(Outcome::Win(mover));
            assert_eq!(
                won,
                theirs.check_win(idx(p)),
                "{rule:?}: does {p} win in {}?",
                game.move_list()
            );
            wins += usize::from(won);
            let longest = gomoku::Direction::ALL
                .iter()
                .map(|&d| game.board().run_through(p, mover, d))
                .max()
                .unwrap_or(0);
            overlines += usize::from(longest > 5);
        }
    }
    (moves, wins, overlines)
}

#[test]
fn five_detection_agrees_with_figrid_under_every_rule() {
    let games = env_count("CROSSCHECK_GAMES", 150);
    for (i, rule) in Rule::ALL.into_iter().enumerate() {
        let (moves, wins, overlines) = compare_wins(rule, games, 7 + i as u64);
        println!("{rule:?}: {games} games, {moves} moves compared, {wins} wins, {overlines} overlines made");
        assert!(wins > games / 2, "most random games end in a five");
        // Where black needs exactly five, an overline is the case that tells the rules apart.
        if rule.five_rule(Color::Black) == FiveRule::ExactlyFive {
            assert!(overlines > 0, "{rule:?}: the sample holds overlines");
        }
    }
}

/// Where the two readings of "three" differ, pinned down in both, with figrid's answer.
/// Black on i8 makes two threes by shape: `i8 i9 i10` on the column, and `f8 g8 . i8` on the
/// row, whose only straight-four point h8 also completes the five h4-h8. Under the game's
/// rule, the Gomocup judge's reading that figrid-board shares, a move that wins at once does
/// not complete a three, so i8 is allowed; the other reading, still an API parameter, counts
/// the row and forbids i8.
#[test]
fn a_three_completed_by_a_five_is_not_a_three() {
    let board = board_with(SIZE, "f8 g8 h4 h5 h6 h7 i9 i10", "a1 a3 a5 a7 c1 c3 c5 c7");
    let p = pt("i8");
    assert_eq!(renju::shape(&board, pt("h8")), Shape::Five);
    assert_eq!(renju::shape(&board, p), Shape::Allowed);
    assert!(!renju::is_forbidden(&board, p));
    assert_eq!(figrid::foul(&board, p), Foul::None);
    assert_eq!(
        renju::shape_reading(&board, p, Reading::FiveCounts),
        Shape::DoubleThree
    );
    assert!(renju::is_forbidden_reading(&board, p, Reading::FiveCounts));
    let game = Game::from_moves(
        SIZE.into(),
        Rule::Renju,
        "f8 a1 g8 a3 h4 a5 h5 a7 h6 c1 h7 c3 i9 c5 i10 c7",
    )
    .expect("legal moves");
    assert!(!Position::from_game(&game).is_forbidden(cell_of(p)));
}
