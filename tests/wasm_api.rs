//! The `Game` class as JavaScript sees it, run inside headless Chromium: every entry point,
//! and every kind of bad input giving a clear error with the game unchanged.
#![cfg(target_arch = "wasm32")]

mod common;

use common::NO_LEGAL_POINT_FOR_BLACK;
use gomoku::wasm::{Game, Thrown};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// The Error object JS would catch.
fn thrown<T>(r: Result<T, Thrown>) -> js_sys::Error {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(e) => JsValue::from(e)
            .dyn_into::<js_sys::Error>()
            .expect("an Error object"),
    }
}

/// The message JS would see in the thrown Error.
fn message<T>(r: Result<T, Thrown>) -> String {
    thrown(r).message().into()
}

/// The `code` property of the thrown Error.
fn code<T>(r: Result<T, Thrown>) -> String {
    field(&thrown(r).into(), "code")
        .as_string()
        .expect("a code")
}

/// The JSON text of a plain JS object the engine returned.
fn json(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).expect("JSON").into()
}

fn field(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).expect("an object")
}

/// Ids of the ladder's levels, weakest first.
fn ladder_ids() -> Vec<String> {
    js_sys::Array::from(&Game::levels().expect("levels"))
        .iter()
        .map(|level| field(&level, "id").as_string().expect("an id"))
        .collect()
}

fn snapshot(g: &Game) -> (Vec<u8>, String, u8, bool) {
    (g.board(), g.move_list(), g.side_to_move(), g.is_over())
}

fn new_game() -> Game {
    let mut g = Game::new(15.0, "freestyle", "scoring-000").expect("valid game");
    g.set_seed(1.0).expect("valid seed");
    g
}

#[wasm_bindgen_test]
fn constructor_checks_every_option() {
    assert!(message(Game::new(4.0, "freestyle", "scoring-000")).contains("board size 4"));
    assert!(message(Game::new(21.0, "renju", "scoring-000")).contains("board size 21"));
    assert!(message(Game::new(f64::NAN, "renju", "scoring-000")).contains("whole number"));
    assert!(message(Game::new(15.5, "renju", "scoring-000")).contains("whole number"));
    assert!(message(Game::new(15.0, "chess", "scoring-000")).contains("unknown rule 'chess'"));
    assert!(message(Game::new(15.0, "renju", "deep-blue")).contains("unknown level"));
    for rule in ["freestyle", "standard", "renju", "RENJU"] {
        for id in ladder_ids() {
            let g = Game::new(9.0, rule, &id).expect("valid");
            assert_eq!(g.size(), 9);
            assert_eq!(g.level(), id);
        }
    }
    assert!(message(Game::level_info("nobody")).contains("unknown level"));
}

#[wasm_bindgen_test]
fn place_stone_and_read_state() {
    let mut g = new_game();
    assert_eq!(g.side_to_move(), 1);
    assert!(g.last_move().is_empty());
    g.place_stone(7.0, 7.0).expect("legal");
    assert_eq!(g.side_to_move(), 2);
    assert_eq!(g.last_move(), vec![7, 7]);
    assert_eq!(g.board()[7 * 15 + 7], 1);
    assert_eq!(g.move_list(), "h8");
    assert_eq!(g.move_count(), 1);
    assert!(!g.is_win() && !g.is_over() && !g.is_draw());
    assert_eq!(g.winner(), 0);
}

#[wasm_bindgen_test]
fn bad_moves_are_errors_and_change_nothing() {
    let mut g = new_game();
    g.place_stone(7.0, 7.0).expect("legal");
    let before = snapshot(&g);
    let cases: [(f64, f64, &str); 8] = [
        (7.0, 7.0, "h8 is already occupied"),
        (15.0, 0.0, "off the 15×15 board"),
        (0.0, -1.0, "off the 15×15 board"),
        (-1e300, 3.0, "whole number"),
        (f64::NAN, 3.0, "x must be a whole number"),
        (3.0, f64::INFINITY, "y must be a whole number"),
        (2.5, 3.0, "whole number"),
        (4294967296.0, 0.0, "off the 15×15 board"),
    ];
    for (x, y, expected) in cases {
        let m = message(g.place_stone(x, y));
        assert!(m.contains(expected), "({x}, {y}): {m}");
        assert_eq!(snapshot(&g), before);
    }
}

#[wasm_bindgen_test]
fn game_over_refuses_moves_and_undo_reopens() {
    let mut g = new_game();
    g.load_moves("a1 b1 a2 b2 a3 b3 a4 b4").expect("legal");
    g.place_stone(0.0, 4.0).expect("the winning move");
    assert!(g.is_win() && g.is_over());
    assert_eq!(g.winner(), 1);
    assert_eq!(g.winning_line(), vec![0, 0, 0, 1, 0, 2, 0, 3, 0, 4]);
    let before = snapshot(&g);
    assert_eq!(message(g.place_stone(7.0, 7.0)), "the game is over");
    assert_eq!(message(g.ai_move()), "the game is over");
    assert_eq!(snapshot(&g), before);
    g.undo().expect("undo");
    assert!(!g.is_over());
    assert!(g.winning_line().is_empty());
}

#[wasm_bindgen_test]
fn renju_black_without_a_legal_point_is_a_draw() {
    let mut g = Game::new(15.0, "renju", "scoring-000").expect("valid");
    g.load_moves(NO_LEGAL_POINT_FOR_BLACK).expect("legal");
    assert_eq!(g.move_count(), 224);
    assert_eq!(g.side_to_move(), 1);
    assert!(g.is_over() && g.is_draw() && !g.is_win());
    assert_eq!(g.winner(), 0);
    assert_eq!(g.draw_reason().as_deref(), Some("no_legal_move"));
    assert!(g.winning_line().is_empty());
    // e12, the one point left: forbidden, and listed as the reason.
    assert_eq!(g.forbidden_points(), vec![4, 11]);
    let before = snapshot(&g);
    assert_eq!(code(g.place_stone(4.0, 11.0)), "game_over");
    assert_eq!(code(g.ai_move()), "game_over");
    assert_eq!(snapshot(&g), before);
    g.undo().expect("undo");
    assert!(!g.is_over() && !g.is_draw());
    assert_eq!(g.draw_reason(), None);
    assert!(g.forbidden_points().is_empty(), "white is to move");
    // A full board is the other reason.
    let mut full = Game::new(5.0, "freestyle", "scoring-000").expect("valid");
    // Colours by (x / 2 + y) mod 2: no five anywhere.
    full.load_moves("a1 c1 b1 d1 e1 a2 c2 b2 d2 e2 a3 c3 b3 d3 e3 a4 c4 b4 d4 e4 a5 c5 b5 d5 e5")
        .expect("legal");
    assert!(full.is_draw());
    assert_eq!(full.draw_reason().as_deref(), Some("board_full"));
}

#[wasm_bindgen_test]
fn undo_at_the_start_is_an_error() {
    let mut g = new_game();
    assert_eq!(message(g.undo()), "there is no move to undo");
    assert_eq!(g.move_count(), 0);
}

/// The ladder's quick levels, and a short search instead of the slow ones.
fn quick_levels() -> Vec<String> {
    ladder_ids()
        .into_iter()
        .filter(|id| !id.starts_with("search-") && !id.starts_with("analysis-"))
        .chain(["search-40".to_owned()])
        .collect()
}

#[wasm_bindgen_test]
fn the_ladder_is_described_weakest_first() {
    let ids = ladder_ids();
    assert_eq!(ids.first().map(String::as_str), Some("pattern-001"));
    assert!(ids.iter().any(|id| id == "lookahead-002"));
    assert!(ids.iter().any(|id| id.starts_with("search-")));
    assert!(ids.iter().any(|id| id.starts_with("analysis-")));
    let levels = js_sys::Array::from(&Game::levels().expect("levels"));
    for (i, level) in levels.iter().enumerate() {
        assert_eq!(
            field(&level, "rank").as_f64(),
            Some(i as f64),
            "{}",
            json(&level)
        );
    }
    assert_eq!(
        json(&Game::level_info("search-500").expect("known")),
        r#"{"id":"search-500","kind":"search","rank":14,"time_ms":500,"nodes":null,"elo":2160,"searches":true,"article":null}"#
    );
    assert_eq!(
        json(&Game::level_info("scoring-000").expect("known")),
        r#"{"id":"scoring-000","kind":"article","rank":1,"time_ms":null,"nodes":null,"elo":121,"searches":false,"article":"000"}"#
    );
    // Off the ladder: no rank.
    assert_eq!(
        json(&Game::level_info("search-777").expect("known")),
        r#"{"id":"search-777","kind":"search","rank":null,"time_ms":777,"nodes":null,"elo":null,"searches":true,"article":null}"#
    );
    assert!(message(Game::level_info("search-0")).contains("unknown level"));
}

#[wasm_bindgen_test]
fn the_node_levels_are_listed_with_their_budget_and_elo() {
    let levels = js_sys::Array::from(&Game::levels().expect("levels"));
    let nodes: Vec<JsValue> = levels
        .iter()
        .filter(|l| field(l, "kind").as_string().as_deref() == Some("nodes"))
        .collect();
    let ids: Vec<String> = nodes
        .iter()
        .map(|l| field(l, "id").as_string().expect("an id"))
        .collect();
    assert_eq!(
        ids,
        [
            "nodes-100",
            "nodes-300",
            "nodes-1000",
            "nodes-3000",
            "nodes-5000",
            "nodes-10000",
            "nodes-20000"
        ]
    );
    let rank = |id: &str| field(&Game::level_info(id).expect("known"), "rank").as_f64();
    let mut elo_below = field(&Game::level_info("lookahead-002").expect("known"), "elo")
        .as_f64()
        .expect("an Elo");
    for (i, level) in nodes.iter().enumerate() {
        // A budget instead of a time, a place between the lookahead and search-100.
        let id = &ids[i];
        let budget: f64 = id["nodes-".len()..].parse().expect("a number");
        assert_eq!(
            field(level, "nodes").as_f64(),
            Some(budget),
            "{}",
            json(level)
        );
        assert!(field(level, "time_ms").is_null(), "{}", json(level));
        assert_eq!(field(level, "searches").as_bool(), Some(true));
        assert_eq!(
            rank(id),
            Some(rank("lookahead-002").unwrap() + 1.0 + i as f64)
        );
        let elo = field(level, "elo").as_f64().expect("an Elo");
        assert!(elo > elo_below, "{}", json(level));
        elo_below = elo;
    }
    assert!(
        elo_below
            < field(&Game::level_info("search-100").expect("known"), "elo")
                .as_f64()
                .unwrap()
    );
    assert_eq!(
        json(&Game::level_info("nodes-300").expect("known")),
        r#"{"id":"nodes-300","kind":"nodes","rank":6,"time_ms":null,"nodes":300,"elo":819,"searches":true,"article":null}"#
    );
    // Off the ladder: any budget, no rank and no Elo.
    assert_eq!(
        json(&Game::level_info("nodes-777").expect("known")),
        r#"{"id":"nodes-777","kind":"nodes","rank":null,"time_ms":null,"nodes":777,"elo":null,"searches":true,"article":null}"#
    );
    assert!(message(Game::level_info("nodes-0")).contains("unknown level"));
    // A node level blocks a four in the browser too: black d8 e8 f8 g8 against white's
    // c8 and two stones far off, white to move, must take h8.
    let mut g = Game::new(15.0, "freestyle", "nodes-1000").expect("valid");
    g.set_seed(2.0).expect("seed");
    for (x, y) in [(3, 7), (2, 7), (4, 7), (0, 0), (5, 7), (14, 0), (6, 7)] {
        g.place_stone(f64::from(x), f64::from(y)).expect("legal");
    }
    assert_eq!(g.ai_move().expect("a move"), vec![7, 7]);
    assert!(!g.is_over());
}

#[wasm_bindgen_test]
fn ai_moves_for_every_level() {
    for id in quick_levels() {
        let mut g = Game::new(15.0, "renju", &id).expect("valid");
        g.set_seed(7.0).expect("seed");
        let first = g.ai_move().expect("a move");
        assert_eq!(first, vec![7, 7], "{id} opens in the centre");
        g.place_stone(8.0, 8.0).expect("legal");
        let reply = g.ai_move().expect("a move");
        assert_eq!(reply.len(), 2);
        assert_eq!(g.move_count(), 3);
        assert_eq!(g.board()[(reply[1] * 15 + reply[0]) as usize], 1);
    }
}

#[wasm_bindgen_test]
fn ai_versus_ai_reaches_a_result() {
    let mut g = Game::new(15.0, "standard", "scoring-003").expect("valid");
    g.set_seed(3.0).expect("seed");
    while !g.is_over() {
        g.ai_move().expect("a legal move");
    }
    assert!(g.is_win() || g.is_draw());
}

#[wasm_bindgen_test]
fn scores_mark_stones_and_rate_the_rest() {
    let mut g = new_game();
    g.place_stone(7.0, 7.0).expect("legal");
    let scores = g.scores();
    assert_eq!(scores.len(), 225);
    assert_eq!(scores[7 * 15 + 7], -1);
    assert!(scores
        .iter()
        .enumerate()
        .all(|(i, &s)| i == 7 * 15 + 7 || s > 0));
    g.set_level("pattern-001").expect("known");
    assert_eq!(g.scores().len(), 225);
    assert!(message(g.set_level("")).contains("unknown level"));
    assert_eq!(g.level(), "pattern-001");
}

#[wasm_bindgen_test]
fn renju_forbidden_points_are_reported_and_refused() {
    let mut g = Game::new(15.0, "renju", "scoring-000").expect("valid");
    g.load_moves("f8 a1 g8 a3 h6 o1 h7 o3").expect("legal");
    assert_eq!(g.forbidden_points(), vec![7, 7]);
    let before = snapshot(&g);
    assert!(message(g.place_stone(7.0, 7.0)).contains("forbidden"));
    assert_eq!(snapshot(&g), before);
    // Not black's turn: nothing is forbidden for white.
    g.place_stone(10.0, 10.0).expect("legal");
    assert!(g.forbidden_points().is_empty());
}

#[wasm_bindgen_test]
fn load_moves_reports_the_bad_token_and_keeps_the_game() {
    let mut g = new_game();
    g.load_moves("h8 i9").expect("legal");
    let before = snapshot(&g);
    assert!(message(g.load_moves("h8 i9 zz")).contains("character 7"));
    assert!(message(g.load_moves("h8 h8")).contains("move 2 (h8)"));
    assert!(message(g.load_moves("p16")).contains("column is past 'o' (columns a–o)"));
    assert!(message(g.load_moves("o16")).contains("row must be 1 to 15"));
    assert!(message(g.load_moves(&"h8 ".repeat(5000))).contains("too long"));
    assert!(message(g.load_moves("<script>alert(1)</script>")).contains("expected"));
    assert_eq!(snapshot(&g), before);
    g.load_moves("").expect("empty list is the start");
    assert_eq!(g.move_count(), 0);
}

#[wasm_bindgen_test]
fn seeds_are_checked_and_repeat_games() {
    let mut g = new_game();
    assert!(message(g.set_seed(-1.0)).contains("negative"));
    assert!(message(g.set_seed(0.5)).contains("whole number"));
    let play = |seed: f64| {
        let mut g = Game::new(15.0, "freestyle", "scoring-004").expect("valid");
        g.set_seed(seed).expect("seed");
        g.place_stone(7.0, 7.0).expect("legal");
        g.ai_move().expect("move");
        g.place_stone(3.0, 3.0).expect("legal");
        g.ai_move().expect("move");
        g.move_list()
    };
    assert_eq!(play(11.0), play(11.0));
}

#[wasm_bindgen_test]
fn bench_node_count_matches_native() {
    let result = gomoku::wasm::bench(f64::from(gomoku::bench::SIGNATURE_DEPTH)).expect("bench");
    assert_eq!(
        field(&result, "nodes").as_f64(),
        Some(gomoku::bench::SIGNATURE_NODES as f64),
        "{}",
        json(&result)
    );
    assert!(message(gomoku::wasm::bench(0.0)).contains("depth"));
}

#[wasm_bindgen_test]
fn search_levels_report_what_they_found() {
    let mut g = Game::new(15.0, "freestyle", "search-40").expect("valid");
    assert!(g.last_report().expect("no report").is_null());
    g.load_moves("h8 h9 i8 i9 j8").expect("legal");
    // White must block the open three; the report says how deep it looked.
    g.ai_move().expect("a move");
    let report = json(&g.last_report().expect("a report"));
    assert!(
        report.contains("\"depth\":") && report.contains("\"pv\":[["),
        "{report}"
    );
    // Black to move with an open three makes an open four: a proven win.
    g.load_moves("h8 a1 i8 a3 j8 o15").expect("legal");
    let analysis = json(&g.analyze(200.0, None).expect("analysis"));
    assert!(analysis.contains("\"mate_in\":3"), "{analysis}");
    assert!(analysis.contains("\"mate_in\":"), "{analysis}");
    assert!(!analysis.contains("\"mate_in\":null"), "{analysis}");
    assert!(message(g.analyze(0.0, None)).contains("time"));
    assert!(message(g.analyze(f64::NAN, None)).contains("whole number"));
}

#[wasm_bindgen_test]
fn threats_list_fours_and_threes() {
    let mut g = new_game();
    g.load_moves("h8 a1 i8 a3 j8").expect("legal");
    let t = g.threats();
    assert_eq!(t.len() % 4, 0);
    // Black's open three makes open-four points at g8 and k8.
    let open_fours: Vec<(u32, u32)> = t
        .chunks(4)
        .filter(|c| c[2] == 1 && c[3] == 7)
        .map(|c| (c[0], c[1]))
        .collect();
    assert!(
        open_fours.contains(&(6, 7)) && open_fours.contains(&(10, 7)),
        "{t:?}"
    );
}

#[wasm_bindgen_test]
fn errors_carry_a_code_to_translate_by() {
    let mut g = new_game();
    g.place_stone(7.0, 7.0).expect("legal");
    assert_eq!(code(g.place_stone(7.0, 7.0)), "occupied");
    let error: JsValue = thrown(g.place_stone(7.0, 7.0)).into();
    assert_eq!(field(&error, "point").as_string().as_deref(), Some("h8"));
    assert_eq!(code(g.place_stone(15.0, 0.0)), "out_of_board");
    assert_eq!(code(g.place_stone(0.5, 0.0)), "not_a_whole_number");
    assert_eq!(code(Game::new(4.0, "renju", "search-100")), "bad_size");
    assert_eq!(code(Game::new(15.0, "chess", "search-100")), "unknown_rule");
    assert_eq!(code(Game::new(15.0, "renju", "nobody")), "unknown_level");
    assert_eq!(code(g.analyze(0.0, None)), "out_of_range");
    assert_eq!(code(g.load_moves(&"h8 ".repeat(5000))), "too_long");
    // A move list: where the text went wrong, or which move was refused and why.
    let error: JsValue = thrown(g.load_moves("h8 i9 zz")).into();
    assert_eq!(
        field(&error, "code").as_string().as_deref(),
        Some("bad_move_list")
    );
    assert_eq!(field(&error, "position").as_f64(), Some(7.0));
    assert_eq!(field(&error, "found").as_string().as_deref(), Some("z"));
    let error: JsValue = thrown(g.load_moves("h8 i9 h8")).into();
    assert_eq!(
        field(&error, "code").as_string().as_deref(),
        Some("occupied")
    );
    assert_eq!(field(&error, "move_number").as_f64(), Some(3.0));
    assert_eq!(field(&error, "point").as_string().as_deref(), Some("h8"));
    let mut renju = Game::new(15.0, "renju", "scoring-000").expect("valid");
    renju.load_moves("f8 a1 g8 a3 h6 o1 h7 o3").expect("legal");
    assert_eq!(code(renju.place_stone(7.0, 7.0)), "forbidden");
    g.load_moves("a1 b1 a2 b2 a3 b3 a4 b4 a5").expect("a win");
    assert_eq!(code(g.place_stone(7.0, 7.0)), "game_over");
    let mut fresh = new_game();
    assert_eq!(code(fresh.undo()), "nothing_to_undo");
}

#[wasm_bindgen_test]
fn explain_says_how_a_score_is_made() {
    let mut g = Game::new(15.0, "freestyle", "scoring-000").expect("valid");
    g.load_moves("h8 i9").expect("legal");
    let scores = g.scores();
    let why = g.explain(8.0, 7.0).expect("a point");
    assert_eq!(field(&why, "article").as_string().as_deref(), Some("000"));
    assert_eq!(field(&why, "combine").as_string().as_deref(), Some("sum"));
    assert_eq!(
        field(&why, "total").as_f64(),
        Some(f64::from(scores[7 * 15 + 8]))
    );
    let parts = js_sys::Array::from(&field(&why, "parts"));
    assert!(parts.length() > 0, "{}", json(&why));
    let sum: f64 = parts
        .iter()
        .map(|p| field(&p, "value").as_f64().unwrap_or(f64::NAN))
        .sum();
    assert_eq!(sum, f64::from(scores[7 * 15 + 8]));
    assert!(g.explain(7.0, 7.0).expect("a stone").is_null());
    assert_eq!(code(g.explain(15.0, 0.0)), "out_of_board");
    g.set_level("search-100").expect("known");
    assert!(g.explain(8.0, 7.0).expect("a point").is_null());
}

/// These tests run in the test profile, with debug assertions: the engine says so, and the
/// page shows its notice (the release build's page has none; see the e2e page test).
#[wasm_bindgen_test]
fn a_debug_build_says_so() {
    assert_eq!(gomoku::wasm::debug_build(), cfg!(debug_assertions));
    let result = gomoku::wasm::bench(1.0).expect("bench");
    assert_eq!(
        field(&result, "debug_build").as_bool(),
        Some(cfg!(debug_assertions))
    );
}

#[wasm_bindgen_test]
fn swap_decisions_come_from_a_search_and_bad_calls_change_nothing() {
    // An article level: a small fixed budget, and the same decision for the same seed.
    let decide = |moves: &str| {
        let mut g = new_game();
        g.load_moves(moves).expect("legal");
        json(&g.swap_decision("swap2").expect("a decision"))
    };
    let proposal = decide("");
    assert!(proposal.contains("\"action\":\"place\""), "{proposal}");
    assert!(proposal.contains("\"budget\":3000"), "{proposal}");
    assert!(proposal.contains("\"compared\":6"), "{proposal}");
    assert_eq!(proposal, decide(""), "seeded: repeatable");
    // Black far ahead after three stones: the second player takes black.
    let answer = decide("h8 a1 i8");
    assert!(answer.contains("\"action\":\"black\""), "{answer}");
    assert!(answer.contains("\"stones\":[]"), "{answer}");

    let mut g = new_game();
    g.load_moves("h8 i9").expect("legal");
    let before = snapshot(&g);
    assert_eq!(code(g.swap_decision("swap2")), "bad_opening");
    assert!(message(g.swap_decision("swap2")).contains("after 2 stones"));
    assert!(message(g.swap_decision("swap9")).contains("swap1 or swap2"));
    assert!(message(g.swap_decision("")).contains("swap1 or swap2"));
    assert_eq!(snapshot(&g), before, "a refused call changes nothing");
    let mut renju = Game::new(15.0, "renju", "search-100").expect("valid");
    assert!(message(renju.swap_decision("swap1")).contains("freestyle and standard"));
}

#[wasm_bindgen_test]
fn a_review_searches_every_position_and_classes_every_move() {
    let mut r = gomoku::wasm::Review::new(15.0, "freestyle", "h8 a1 i8 a2 j8 a15 o1", 5_000.0)
        .expect("a review");
    assert_eq!((r.total(), r.done()), (8, 0));
    let mut steps = 0;
    while r.step() {
        steps += 1;
    }
    assert_eq!((steps, r.done()), (8, 8));
    assert!(!r.step(), "nothing more to search");
    let result = r.result().expect("a result");
    let positions = js_sys::Array::from(&field(&result, "positions"));
    let moves = js_sys::Array::from(&field(&result, "moves"));
    assert_eq!((positions.length(), moves.length()), (8, 7));
    let first = moves.get(0);
    assert_eq!(json(&field(&first, "played")), "[7,7]");
    assert_eq!(field(&first, "mover").as_f64(), Some(1.0));
    let chance = field(&positions.get(0), "black_chance")
        .as_f64()
        .expect("a chance");
    assert!((0.0..=1.0).contains(&chance));
    // White's a15 leaves black's open three: black wins by force after it.
    assert_eq!(
        field(&moves.get(5), "class").as_string().as_deref(),
        Some("blunder")
    );
    assert_eq!(field(&positions.get(6), "proven").as_f64(), Some(1.0));
    let counts = field(&field(&result, "white"), "counts");
    assert!(field(&counts, "blunder").as_f64() >= Some(1.0));
    assert_eq!(gomoku::wasm::Review::default_nodes(), 200_000.0);
    // Bad arguments throw, with a code.
    assert_eq!(
        code(gomoku::wasm::Review::new(
            15.0,
            "freestyle",
            "h8 h8",
            5_000.0
        )),
        "occupied"
    );
    assert_eq!(
        code(gomoku::wasm::Review::new(15.0, "freestyle", "h8", 0.0)),
        "out_of_range"
    );
    assert_eq!(
        code(gomoku::wasm::Review::new(4.0, "freestyle", "", 5_000.0)),
        "bad_size"
    );
}

#[wasm_bindgen_test]
fn a_puzzle_is_played_its_moves_judged_and_bad_input_refused() {
    use gomoku::wasm::PuzzleGame;
    // Black: h8 i8 j8 and k9 k10 k11; k8 makes a four and an open three.
    let moves = "h8 a1 i8 a3 j8 a5 k9 a7 k10 a9 k11 a11";
    let mut p = PuzzleGame::new(15.0, "freestyle", moves).expect("a puzzle");
    assert_eq!(p.id().len(), 12);
    assert_eq!(p.attacker(), 1);
    assert!((2..=7).contains(&p.attack()));
    assert!((1..=4).contains(&p.grade()));
    let solution = p.solution();
    assert_eq!(solution.len() % 2, 0);
    let before = p.moves();
    // A far quiet move lets white escape: answered, not kept.
    let far = p.play(14.0, 14.0).expect("legal");
    assert_eq!(
        field(&far, "verdict").as_string().as_deref(),
        Some("escapes")
    );
    assert!(field(&far, "reply").is_object());
    assert_eq!(p.moves(), before);
    // Bad points throw, and nothing changes.
    assert_eq!(code(p.play(7.0, 7.0)), "occupied");
    assert_eq!(code(p.play(15.0, 0.0)), "out_of_board");
    assert_eq!(code(p.play(f64::NAN, 0.0)), "not_a_whole_number");
    assert_eq!(p.moves(), before);
    // The solution, move by move, to five.
    let mut i = 0;
    loop {
        let (x, y) = (solution[i], solution[i + 1]);
        let answer = p.play(f64::from(x), f64::from(y)).expect("legal");
        let verdict = field(&answer, "verdict").as_string().expect("a verdict");
        if verdict == "solved" {
            break;
        }
        assert_eq!(verdict, "kept");
        i += 4;
    }
    assert!(p.solved());
    assert_eq!(p.winning_line().len(), 10);
    assert_eq!(code(p.play(0.0, 14.0)), "game_over");
    // Not puzzles.
    assert_eq!(
        code(PuzzleGame::new(15.0, "freestyle", "h8 h9")),
        "not_a_puzzle"
    );
    assert_eq!(code(PuzzleGame::new(15.0, "renju", moves)), "unsupported");
    assert_eq!(
        code(PuzzleGame::new(15.0, "freestyle", "h8 h8")),
        "occupied"
    );
    assert_eq!(
        code(PuzzleGame::new(2.5, "freestyle", "")),
        "not_a_whole_number"
    );
}
