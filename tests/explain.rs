//! The teaching view's explanations: for every article level, every empty point's
//! explanation combines to its total, the total is the number `Level::scores` shows and the
//! level decides by, and a few points read by hand give the articles' own numbers.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::HashSet;

use common::{game_with, pt};
use gomoku::{
    ArticleAi, Combine, Explanation, Game, Level, Part, Player, Point, Rng, Rule, Side, Toward,
    What,
};

/// The levels that explain their numbers.
fn article_levels() -> Vec<Level> {
    ArticleAi::ALL
        .into_iter()
        .map(Level::Article)
        .chain([Level::Lookahead])
        .collect()
}

/// Every empty point's explanation agrees with `scores`, and its parts combine to its total;
/// stones and off-board points have none.
fn check_every_point(level: Level, game: &Game) {
    let scores = level.scores(game);
    let n = game.size();
    for (p, score) in game.board().points().zip(&scores) {
        let why = level.explain(game, p);
        match (score, &why) {
            (None, None) => {}
            (Some(s), Some(why)) => {
                assert_eq!(why.total, *s, "{level} {p} in {}", game.move_list());
                assert_eq!(why.combined(), why.total, "{level} {p}");
                assert_eq!(Some(why.article), level.article());
                let combine = if level == Level::Lookahead {
                    Combine::Max
                } else {
                    Combine::Sum
                };
                assert_eq!(why.combine, combine, "{level}");
            }
            _ => panic!("{level} {p}: score {score:?}, explanation {why:?}"),
        }
    }
    for off in [Point::new(n, 0), Point::new(0, n), Point::new(19, 19)] {
        if !game.board().contains(off) {
            assert!(level.explain(game, off).is_none(), "{level} {off:?}");
        }
    }
}

/// Plays `plies` moves alternating two article AIs (stopping at the end of the game), and
/// hands every position on the way to `f`.
fn walk(size: i64, rule: Rule, plies: usize, seed: u64, mut f: impl FnMut(&Game)) {
    let mut game = Game::new(size, rule).expect("size");
    let mut rng = Rng::seeded(seed);
    f(&game);
    for i in 0..plies {
        if game.is_over() {
            break;
        }
        let ai = if i % 2 == 0 {
            ArticleAi::Scoring003
        } else {
            ArticleAi::Pattern001
        };
        let p = ai.choose(&game, &mut rng).expect("a move");
        game.try_play(p).expect("legal");
        f(&game);
    }
}

#[test]
fn every_point_adds_up_on_the_empty_board_and_mid_game() {
    for level in article_levels() {
        walk(15, Rule::Freestyle, 30, 7, |game| {
            check_every_point(level, game)
        });
    }
}

#[test]
fn every_point_adds_up_on_a_9x9_board_under_every_rule() {
    for rule in Rule::ALL {
        for level in article_levels() {
            walk(9, rule, 40, 3, |game| check_every_point(level, game));
        }
    }
}

#[test]
fn every_point_adds_up_under_renju_with_forbidden_points() {
    // Black to move: h8 is forbidden (two open threes). Then white to move with the same
    // point forbidden to black, the opponent.
    let black_to_move = game_with(Rule::Renju, "f8 g8 h6 h7", "a1 a3 o1 o3");
    let white_to_move = game_with(Rule::Renju, "f8 g8 h6 h7 a15", "a1 a3 o1 o3");
    assert_eq!(black_to_move.forbidden_points(), vec![pt("h8")]);
    for level in article_levels() {
        check_every_point(level, &black_to_move);
        check_every_point(level, &white_to_move);
    }
    walk(15, Rule::Renju, 40, 11, |game| {
        for level in article_levels() {
            check_every_point(level, game);
        }
    });
}

#[test]
fn search_levels_explain_nothing() {
    let game = game_with(Rule::Freestyle, "h8 i8", "a1");
    for level in [Level::Search { ms: 100 }, Level::Analysis { max_ms: 1000 }] {
        assert!(level.explain(&game, pt("g8")).is_none(), "{level}");
        // Their heatmap still shows the search's values.
        assert_eq!(level.scores(&game).len(), 225);
    }
}

/// The explanation of `p` at `level`.
fn explain(level: &str, game: &Game, p: &str) -> Explanation {
    let level: Level = level.parse().expect("level");
    level.explain(game, pt(p)).expect("an empty point")
}

/// The one part along `direction` for `side` (panics unless there is exactly one).
fn part(why: &Explanation, direction: Option<Toward>, side: Side) -> Part {
    let found: Vec<&Part> = why
        .parts
        .iter()
        .filter(|p| p.direction == direction && p.side == side)
        .collect();
    assert_eq!(found.len(), 1, "{direction:?} {side:?} in {why:?}");
    *found[0]
}

/// Black h8 i8 with both ends open, black to move; every article reads g8.
fn open_two_position() -> Game {
    game_with(Rule::Freestyle, "h8 i8", "a1 a3")
}

#[test]
fn article_000_scores_four_lines() {
    let why = explain("scoring-000", &open_two_position(), "g8");
    assert_eq!(why.parts.len(), 8, "four lines, two sides");
    // h8 i8 beside g8, both ends open: 活3, the AI's table gives 50.
    let own = part(&why, Some(Toward::Horizontal), Side::Own);
    assert_eq!(
        (own.what, own.count, own.value),
        (What::LiveThree, Some(2), 50)
    );
    // No stones on the other lines: 连1, 5 each; the person's side adds nothing.
    for line in [Toward::Vertical, Toward::Diagonal, Toward::AntiDiagonal] {
        let own = part(&why, Some(line), Side::Own);
        assert_eq!((own.what, own.count, own.value), (What::One, Some(0), 5));
        assert_eq!(part(&why, Some(line), Side::Opponent).value, 0);
    }
    assert_eq!(why.total, 50 + 3 * 5);

    // White to move; black's d8 e8 f8 g8 (c8 is white): blocking at h8 is 连5 for the
    // person, 20000.
    let four = game_with(Rule::Freestyle, "d8 e8 f8 g8 a1", "c8 a15 o1 o15");
    let why = explain("scoring-000", &four, "h8");
    let theirs = part(&why, Some(Toward::Horizontal), Side::Opponent);
    assert_eq!(
        (theirs.what, theirs.count, theirs.value),
        (What::Five, Some(4), 20000)
    );

    // White to move, one black stone beside g8 on the row: 连2, 10 for the person.
    let one = game_with(Rule::Freestyle, "h8 a1", "a3");
    let why = explain("scoring-000", &one, "g8");
    let theirs = part(&why, Some(Toward::Horizontal), Side::Opponent);
    assert_eq!(
        (theirs.what, theirs.count, theirs.value),
        (What::Two, Some(1), 10)
    );
}

#[test]
fn articles_003_and_004_read_each_line_twice() {
    let game = open_two_position();
    for (level, live_three, lone) in [("scoring-003", 50, 5), ("scoring-004", 30, 1)] {
        let why = explain(level, &game, "g8");
        assert_eq!(why.parts.len(), 16, "{level}: eight directions, two sides");
        // 003: botNum == 2, emptyNum == 2 → +50; 004: number2 == 2, empty == 2 → +30.
        // East and west both count forward and back, so the row is scored twice.
        for way in [Toward::East, Toward::West] {
            let own = part(&why, Some(way), Side::Own);
            assert_eq!(
                (own.what, own.value),
                (What::LiveThree, live_three),
                "{level}"
            );
        }
        // 003: botNum == 0 → +5 (活1); 004: number2 == 0 → +1.
        for way in Toward::EIGHT {
            if !matches!(way, Toward::East | Toward::West) {
                assert_eq!(part(&why, Some(way), Side::Own).value, lone, "{level}");
            }
        }
        assert_eq!(why.total, 2 * live_three + 6 * lone, "{level}");
    }
    // 003, the person's closed three (two stones, one end open): +30; 004: +5. White to
    // move, black d8 e8 with c8 white: f8.
    let game = game_with(Rule::Freestyle, "d8 e8 a1", "c8 a15");
    for (level, dead_three) in [("scoring-003", 30), ("scoring-004", 5)] {
        let why = explain(level, &game, "f8");
        let theirs = part(&why, Some(Toward::West), Side::Opponent);
        assert_eq!(
            (theirs.what, theirs.count, theirs.value),
            (What::DeadThree, Some(2), dead_three),
            "{level}"
        );
    }
}

#[test]
fn article_001_matches_centred_and_starting_patterns() {
    let why = explain("pattern-001", &open_two_position(), "g8");
    // Centred on g8, e8 f8 _ h8 i8 reads 0011: a live three (活3); starting east, h8 i8 j8
    // k8 reads 1100: a live three too. Nothing else matches.
    let centred = part(&why, Some(Toward::Horizontal), Side::Own);
    let starting = part(&why, Some(Toward::East), Side::Own);
    assert_eq!(centred.what, What::LiveThree);
    assert_eq!(starting.what, What::LiveThree);
    assert_eq!(why.parts.len(), 2, "{why:?}");
    assert_eq!(why.total, centred.value + starting.value);
    // The article's constants are lost; ours make attack worth more than defence.
    let white = game_with(Rule::Freestyle, "h8 i8 a1", "a3 a5");
    let why = explain("pattern-001", &white, "g8");
    assert!(why.parts.iter().all(|p| p.side == Side::Opponent));
    assert!(why.total < centred.value + starting.value);
}

#[test]
fn article_002_files_line_codes_and_composite_threats() {
    // 活三 is the article's 15: g8 h8 i8 with f8 and j8 empty.
    let why = explain("lookahead-002", &open_two_position(), "g8");
    let own = part(&why, Some(Toward::Horizontal), Side::Own);
    assert_eq!(
        (own.what, own.count, own.value),
        (What::LiveThree, Some(2), 15)
    );
    assert_eq!(why.total, 15, "the largest code");
    assert_eq!(why.parts.len(), 8, "four lines, two sides, no composite");

    // Black e8 f8 g8 (d8 white) and h6 h7: h8 makes a 冲四 (20) and a 活三 (15), "a 15 and
    // a 20 are a four-three".
    let game = game_with(Rule::Freestyle, "e8 f8 g8 h6 h7", "d8 a1 a3 o1 o3");
    let why = explain("lookahead-002", &game, "h8");
    let row = part(&why, Some(Toward::Horizontal), Side::Own);
    assert_eq!((row.what, row.value), (What::RushFour, 20));
    let column = part(&why, Some(Toward::Vertical), Side::Own);
    assert_eq!((column.what, column.value), (What::LiveThree, 15));
    let both = part(&why, None, Side::Own);
    assert_eq!(both.what, What::FourThree);
    assert!(both.value > row.value);
    assert_eq!(why.total, both.value);

    // "Two 15s are a double three": f8 g8 and h6 h7 meet at h8. Under renju it is
    // forbidden to black, "another matter": no winning point there, just its lines.
    for (rule, what, total) in [
        (Rule::Freestyle, What::DoubleThree, 22),
        (Rule::Renju, What::Forbidden, 15),
    ] {
        let game = game_with(rule, "f8 g8 h6 h7", "a1 a3 o1 o3");
        let why = explain("lookahead-002", &game, "h8");
        assert_eq!(part(&why, None, Side::Own).what, what, "{rule}");
        assert_eq!(why.total, total, "{rule}");
        // White to move: the same point, black's, read from the opponent's table.
        let game = game_with(rule, "f8 g8 h6 h7 a15", "a1 a3 o1 o3");
        let why = explain("lookahead-002", &game, "h8");
        assert_eq!(part(&why, None, Side::Opponent).what, what, "{rule}");
    }

    // Both ends blocked: dead; six in a row where exactly five wins: an overline.
    let game =
        Game::from_moves(15, Rule::Standard, "b8 a8 c8 a1 d8 a3 f8 a5 g8 i8").expect("legal moves");
    let why = explain("lookahead-002", &game, "e8");
    let row = part(&why, Some(Toward::Horizontal), Side::Own);
    assert_eq!(
        (row.what, row.count, row.value),
        (What::Overline, Some(5), 0)
    );
}

#[test]
fn the_lookahead_falls_back_on_the_largest_table_value() {
    // No threats on either side: the level plays a point with the largest value in
    // article 002's tables, at random among equals.
    let game = game_with(Rule::Freestyle, "h8", "");
    let level = Level::Lookahead;
    let scores = level.scores(&game);
    let best = scores
        .iter()
        .flatten()
        .copied()
        .max()
        .expect("empty points");
    let mut picked = HashSet::new();
    for seed in 0..40 {
        let mut player = Player::new(level, 1 << 16, Rng::seeded(seed));
        let report = player
            .choose(&game, &gomoku::FrozenClock, &mut |_| {})
            .expect("a move");
        let p = report.best.expect("a move");
        let i = usize::from(p.y) * 15 + usize::from(p.x);
        assert_eq!(scores[i], Some(best), "{p}");
        picked.insert(p);
    }
    assert!(picked.len() > 1, "ties are broken at random");
}

#[test]
fn codes_are_distinct_and_read_as_documented() {
    let whats = [
        What::One,
        What::Two,
        What::DeadThree,
        What::LiveThree,
        What::BlockedThree,
        What::DeadFour,
        What::LiveFour,
        What::BlockedFour,
        What::Five,
        What::SleepFour,
        What::SleepThree,
        What::LiveTwo,
        What::SleepTwo,
        What::RushFour,
        What::Dead,
        What::Overline,
        What::DoubleFour,
        What::FourThree,
        What::DoubleThree,
        What::Forbidden,
    ];
    let ids: HashSet<&str> = whats.iter().map(|w| w.id()).collect();
    assert_eq!(ids.len(), whats.len());
    assert_eq!(What::RushFour.id(), "rush_four");
    assert_eq!(Toward::AntiDiagonal.id(), "anti-diagonal");
    assert_eq!(Toward::NorthEast.id(), "north-east");
    assert_eq!(Side::Opponent.id(), "opponent");
    assert_eq!(Combine::Max.id(), "max");
    // Each of the eight directions lies on one line and points one way along it.
    for t in Toward::EIGHT {
        let (d, sign) = t.along();
        assert_eq!(Toward::way(d, sign), t);
        assert!(!t.is_line());
    }
}
