//! Every number and string JavaScript can hand the engine, as a property, inside headless
//! Chromium: for many hostile numbers (NaN, ±∞, −0, fractions, huge and tiny values, random
//! bit patterns) and strings (empty, very long, NUL, other scripts, near-misses of valid
//! names), each call either does what a whole, in-range number or a valid name asks, or
//! throws an Error with a code and a message and leaves the game as it was.
#![cfg(target_arch = "wasm32")]

use gomoku::wasm::{bench, Game, Review, Thrown};
use gomoku::Rng;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// Random numbers per method, beside the fixed hostile ones.
const RANDOM_CASES: usize = 400;

/// The whole number JavaScript's `v` stands for, as the engine must read it: exact integers
/// within ±2^53 only.
fn whole(v: f64) -> Option<i64> {
    (v.is_finite() && v.fract() == 0.0 && v.abs() <= 9_007_199_254_740_992.0).then_some(v as i64)
}

/// Numbers that have broken number handling elsewhere.
fn hostile_numbers() -> Vec<f64> {
    let mut v = vec![
        f64::NAN,
        -f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.0 - f64::EPSILON,
        7.000_000_000_000_001,
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        f64::EPSILON,
        -1.0,
        4.0,
        5.0,
        14.0,
        15.0,
        20.0,
        21.0,
        255.0,
        256.0,
        65_536.0,
        2_147_483_647.0,
        2_147_483_648.0,
        -2_147_483_649.0,
        4_294_967_295.0,
        4_294_967_296.0,
        4_294_967_301.0,
        9_007_199_254_740_992.0,
        9_007_199_254_740_994.0,
        -9_007_199_254_740_994.0,
        1.844_674_407_370_955_2e19,
        1e300,
        -1e300,
        f64::MAX,
        f64::MIN,
    ];
    let mut rng = Rng::seeded(37);
    for _ in 0..RANDOM_CASES {
        let x = match rng.below(4) {
            // Any bit pattern: mostly huge or tiny, sometimes NaN.
            0 => f64::from_bits(rng.next_u64()),
            // Near the board, whole or not.
            1 => rng.below(50) as f64 - 10.0,
            2 => (rng.below(4000) as f64 - 2000.0) / 100.0,
            _ => {
                (rng.next_u64() >> rng.below(64)) as f64
                    * if rng.below(2) == 0 { 1.0 } else { -1.0 }
            }
        };
        v.push(x);
    }
    v
}

/// Strings that have broken name and text handling elsewhere.
fn hostile_strings() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        " ",
        "\0",
        "freestyle\0",
        " freestyle",
        "FREESTYLE",
        "renju ",
        "search-",
        "search--1",
        "search-0",
        "search-1e3",
        "search-NaN",
        "search-Infinity",
        "search-99999999999999999999",
        "search-18446744073709551616",
        "analysis-0x10",
        "scoring-000\n",
        "swap3",
        "h8 h8",
        "h8,,i9",
        "z99",
        "五子棋",
        "\u{202e}h8",
        "\u{fffd}\u{fffd}",
        "__proto__",
        "constructor",
        "<img src=x onerror=alert(1)>",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    v.push("h8 ".repeat(4_000));
    v.push("x".repeat(1 << 20));
    v.push("é".repeat(100_000));
    v
}

/// The Error JS would catch: an Error object with a message and a code.
fn check_thrown(r: Result<impl Sized, Thrown>, context: &str) {
    let Err(e) = r else {
        panic!("{context}: no error");
    };
    let error: js_sys::Error = JsValue::from(e).dyn_into().expect("an Error object");
    let message: String = error.message().into();
    assert!(!message.is_empty(), "{context}: an empty message");
    let code = js_sys::Reflect::get(&error, &"code".into()).expect("an object");
    assert!(
        code.as_string().is_some_and(|c| !c.is_empty()),
        "{context}: no code"
    );
}

fn snapshot(g: &Game) -> (Vec<u8>, String, String, String, u32) {
    (g.board(), g.move_list(), g.level(), g.rule(), g.size())
}

fn new_game() -> Game {
    let mut g = Game::new(15.0, "renju", "scoring-000").expect("valid game");
    for (x, y) in [(7.0, 7.0), (8.0, 8.0), (6.0, 8.0)] {
        g.place_stone(x, y).expect("legal");
    }
    g
}

#[wasm_bindgen_test]
fn numbers_are_read_as_whole_numbers_in_range_or_refused() {
    let numbers = hostile_numbers();
    for &size in &numbers {
        let made = Game::new(size, "freestyle", "scoring-000");
        match whole(size).filter(|n| (5..=20).contains(n)) {
            Some(n) => assert_eq!(made.expect("a valid size").size(), n as u32, "size {size}"),
            None => check_thrown(made, &format!("size {size}")),
        }
    }
    for &seed in &numbers {
        let mut g = new_game();
        let before = snapshot(&g);
        let set = g.set_seed(seed);
        match whole(seed).filter(|n| *n >= 0) {
            Some(_) => set.expect("a valid seed"),
            None => check_thrown(set, &format!("seed {seed}")),
        }
        assert_eq!(snapshot(&g), before, "seed {seed}");
    }
    for &depth in &numbers {
        // Valid depths run the benchmark: only the quick one is run.
        if whole(depth).is_some_and(|d| (1..=12).contains(&d)) && depth != 1.0 {
            continue;
        }
        let result = bench(depth);
        if depth == 1.0 {
            result.expect("depth 1");
        } else {
            check_thrown(result, &format!("bench depth {depth}"));
        }
    }
    for &nodes in &numbers {
        let made = Review::new(15.0, "freestyle", "h8 i9", nodes);
        match whole(nodes).filter(|n| (1..=10_000_000).contains(n)) {
            Some(_) => assert_eq!(made.expect("a valid budget").total(), 3, "nodes {nodes}"),
            None => check_thrown(made, &format!("review nodes {nodes}")),
        }
    }
    for &size in &numbers {
        let made = Review::new(size, "freestyle", "", 100.0);
        match whole(size).filter(|n| (5..=20).contains(n)) {
            Some(_) => assert_eq!(made.expect("a valid size").total(), 1, "size {size}"),
            None => check_thrown(made, &format!("review size {size}")),
        }
    }
    let mut g = new_game();
    for &ms in &numbers {
        // Valid times run a search for that long: only 1 ms is run.
        if whole(ms).is_some_and(|t| (1..=600_000).contains(&t)) && ms != 1.0 {
            continue;
        }
        let before = snapshot(&g);
        let result = g.analyze(ms, None);
        if ms == 1.0 {
            result.expect("a 1 ms analysis");
        } else {
            check_thrown(result, &format!("analysis time {ms}"));
        }
        assert_eq!(snapshot(&g), before, "analysis time {ms}");
    }
}

#[wasm_bindgen_test]
fn points_from_any_pair_of_numbers() {
    let numbers = hostile_numbers();
    let mut rng = Rng::seeded(41);
    let mut pairs: Vec<(f64, f64)> = (0..numbers.len() * 2)
        .map(|i| {
            (
                numbers[i % numbers.len()],
                numbers[rng.below(numbers.len())],
            )
        })
        .collect();
    // Around the board, whole or a hair off.
    let mut near = || rng.below(19) as f64 - 2.0 + [0.0, 0.0, 0.0, 1e-9, -0.5][rng.below(5)];
    pairs.extend((0..300).map(|_| (near(), near())));
    let mut placed = 0;
    for (x, y) in pairs {
        let mut g = new_game();
        let before = snapshot(&g);
        let on_board = matches!((whole(x), whole(y)), (Some(a), Some(b)) if (0..15).contains(&a) && (0..15).contains(&b));
        let explained = g.explain(x, y);
        if on_board {
            explained.expect("a point on the board is explained");
        } else {
            check_thrown(explained, &format!("explain ({x}, {y})"));
        }
        match g.place_stone(x, y) {
            Ok(()) => {
                assert!(on_board, "({x}, {y}) was placed");
                assert_eq!(g.move_count(), 4);
                placed += 1;
            }
            Err(e) => {
                check_thrown(Err::<(), _>(e), &format!("place ({x}, {y})"));
                assert_eq!(snapshot(&g), before, "({x}, {y})");
            }
        }
    }
    assert!(
        placed > 40,
        "only {placed} pairs were free points on the board"
    );
}

/// Names are read whole, in any case, around spaces: an accepted name is one of the
/// engine's own, and anything else is refused.
fn check_name<T>(r: Result<T, Thrown>, s: &str, id: impl Fn(&T) -> String, what: &str) {
    let short: String = s.chars().take(40).collect();
    match r {
        Ok(made) => assert!(
            id(&made).eq_ignore_ascii_case(s.trim()),
            "{what} {short:?} read as {}",
            id(&made)
        ),
        Err(e) => check_thrown(Err::<(), _>(e), &format!("{what} {short:?}")),
    }
}

#[wasm_bindgen_test]
fn names_and_texts_of_any_length_and_script() {
    for s in hostile_strings() {
        let short: String = s.chars().take(40).collect();
        check_name(Game::new(15.0, &s, "scoring-000"), &s, Game::rule, "rule");
        check_name(Game::new(15.0, "renju", &s), &s, Game::level, "level");
        let mut g = new_game();
        let before = snapshot(&g);
        match g.set_level(&s) {
            Ok(()) => assert!(
                g.level().eq_ignore_ascii_case(s.trim()),
                "set_level {short:?}"
            ),
            Err(e) => {
                check_thrown(Err::<(), _>(e), &format!("set_level {short:?}"));
                assert_eq!(snapshot(&g), before, "set_level {short:?}");
            }
        }
        match Review::new(15.0, &s, "h8", 100.0) {
            Ok(r) => assert!(
                s.trim().eq_ignore_ascii_case("freestyle")
                    || s.trim().eq_ignore_ascii_case("standard")
                    || s.trim().eq_ignore_ascii_case("renju"),
                "review rule {short:?}: {}",
                r.total()
            ),
            Err(e) => check_thrown(Err::<(), _>(e), &format!("review rule {short:?}")),
        }
        if let Err(e) = Review::new(15.0, "freestyle", &s, 100.0) {
            check_thrown(Err::<(), _>(e), &format!("review moves {short:?}"));
        }
        let mut g = new_game();
        let before = snapshot(&g);
        check_thrown(g.swap_decision(&s), &format!("swap {short:?}"));
        assert_eq!(snapshot(&g), before, "swap {short:?}");
        match g.load_moves(&s) {
            Ok(()) => assert_eq!(
                g.move_list().split_whitespace().count() as u32,
                g.move_count()
            ),
            Err(e) => {
                check_thrown(Err::<(), _>(e), &format!("load {short:?}"));
                assert_eq!(snapshot(&g), before, "load {short:?}");
            }
        }
    }
}

#[wasm_bindgen_test]
fn a_puzzle_takes_any_numbers_and_strings_without_harm() {
    use gomoku::wasm::PuzzleGame;
    // Black's four-three: k8 wins.
    let moves = "h8 a1 i8 a3 j8 a5 k9 a7 k10 a9 k11 a11";
    let numbers = hostile_numbers();
    for &size in &numbers {
        let made = PuzzleGame::new(size, "freestyle", moves);
        if whole(size) != Some(15) {
            // Another size: refused by the size or by a move off that board; or not a puzzle.
            if let Err(e) = made {
                check_thrown(Err::<(), _>(e), &format!("puzzle size {size}"));
            }
        } else {
            made.expect("the puzzle");
        }
    }
    for s in hostile_strings() {
        for made in [
            PuzzleGame::new(15.0, &s, moves),
            PuzzleGame::new(15.0, "freestyle", &s),
        ] {
            if let Err(e) = made {
                check_thrown(Err::<(), _>(e), &format!("puzzle string {s:?}"));
            }
        }
    }
    let mut p = PuzzleGame::new(15.0, "freestyle", moves).expect("the puzzle");
    let before = p.moves();
    for &x in &numbers {
        for &y in &[0.0, f64::NAN, -1.0, 14.5, 1e300] {
            let on_board = matches!((whole(x), whole(y)), (Some(a), Some(b)) if (0..15).contains(&a) && (0..15).contains(&b));
            if on_board {
                continue; // a real move: judged, not refused
            }
            check_thrown(p.play(x, y), &format!("puzzle move ({x}, {y})"));
            assert_eq!(p.moves(), before, "({x}, {y})");
        }
    }
}
