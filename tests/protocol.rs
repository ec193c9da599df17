//! The Gomocup protocol engine: scripted sessions give legal moves on empty points; bad
//! input gets ERROR or UNKNOWN and never stops the engine; the binary works over pipes.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::protocol::*;

use common::NO_LEGAL_POINT_FOR_BLACK;
use gomoku::protocol::{to_wire, Protocol};
use gomoku::{Clock, Game, Rng, Rule, SystemClock};

#[test]
fn a_scripted_session_gets_legal_moves() {
    let mut p = engine();
    assert_eq!(p.handle("START 15"), ["OK"]);
    for info in [
        "INFO timeout_match 300000",
        "INFO timeout_turn 1000",
        "INFO time_left 300000",
        "INFO max_memory 83886080",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO folder /tmp/some folder",
        "INFO evaluate 3,4",
        "INFO some_future_key 17",
    ] {
        assert!(p.handle(info).is_empty(), "{info}");
    }
    assert_eq!(p.rule(), Rule::Standard);
    assert_eq!(p.time_control().turn_ms, 1000);

    let mut board = Shadow::new(15);
    let mut rng = Rng::seeded(5);
    board.engine_move(&p.handle("BEGIN"));
    // Four engine stones cannot make five, so the game is still on after this.
    for _ in 0..3 {
        let (x, y) = board.random_empty(&mut rng);
        board.put(x, y);
        let reply = p.handle(&format!("TURN {x},{y}"));
        board.engine_move(&reply);
    }
    let moves = p.game().map(|g| g.moves().len());
    assert_eq!(moves, Some(7));

    // Take back our last move and the opponent's, then play on.
    let last = p.game().and_then(|g| g.last_move()).expect("a move");
    let (lx, ly) = gomoku::protocol::to_wire(last, 15);
    assert_eq!(p.handle(&format!("TAKEBACK {lx},{ly}")), ["OK"]);
    board.taken.remove(&(lx.into(), ly.into()));
    assert!(is_error(&p.handle("TAKEBACK 0,0")));
    assert_eq!(p.game().map(|g| g.moves().len()), Some(6));

    // A whole new position.
    assert_eq!(p.handle("RESTART"), ["OK"]);
    assert_eq!(p.game().map(|g| g.moves().len()), Some(0));
    let mut board = Shadow::new(15);
    assert!(p.handle("BOARD").is_empty());
    for (x, y, who) in [(7, 7, 2), (8, 8, 1), (6, 6, 2)] {
        board.put(x, y);
        assert!(p.handle(&format!("{x},{y},{who}")).is_empty());
    }
    board.engine_move(&p.handle("DONE"));
    let (x, y) = board.empty_near(0, 0);
    board.put(x, y);
    board.engine_move(&p.handle(&format!("TURN {x},{y}")));

    let about = p.handle("ABOUT");
    assert!(about.len() == 1 && about.iter().all(|l| l.starts_with("name=\"")));
    assert!(p.handle("END").is_empty());
    assert!(p.is_finished());
    assert!(p.handle("TURN 1,1").is_empty(), "nothing after END");
}

#[test]
fn sizes_outside_5_to_20_and_rectangles_are_refused() {
    let mut p = engine();
    for bad in [
        "START 4",
        "START 21",
        "START -1",
        "START 0",
        "START 99999999999999999999",
        "RECTSTART 15,16",
        "RECTSTART 4,4",
    ] {
        assert!(is_error(&p.handle(bad)), "{bad}");
    }
    assert_eq!(p.handle("RECTSTART 20,20"), ["OK"]);
    assert_eq!(p.game().map(|g| g.size()), Some(20));
    assert_eq!(p.handle("START 5"), ["OK"]);
}

#[test]
fn commands_before_start_are_errors() {
    let mut p = engine();
    for line in ["TURN 7,7", "BEGIN", "RESTART", "TAKEBACK 1,1", "DONE"] {
        assert!(is_error(&p.handle(line)), "{line}");
    }
    assert!(p.handle("BOARD").is_empty());
    assert!(p.handle("7,7,1").is_empty());
    assert!(is_error(&p.handle("DONE")));
    // Still usable.
    assert_eq!(p.handle("START 15"), ["OK"]);
    Shadow::new(15).engine_move(&p.handle("BEGIN"));
}

#[test]
fn garbage_gets_error_or_unknown() {
    let mut p = engine();
    assert!(p.handle("").is_empty());
    assert!(p.handle("   \t ").is_empty());
    let huge = "A".repeat(1 << 20);
    let reply = p.handle(&huge);
    assert!(is_unknown(&reply), "{reply:?}");
    assert!(
        reply.iter().all(|l| l.len() < 200),
        "replies quote a little"
    );
    assert!(is_unknown(&p.handle("\u{0}\u{1}\u{fffd}")));
    assert!(is_unknown(&p.handle("SWAP2BOARD")));

    assert_eq!(p.handle("START 15"), ["OK"]);
    let mut board = Shadow::new(15);
    board.engine_move(&p.handle("BEGIN"));
    for bad in [
        "TURN",
        "TURN 7",
        "TURN a,b",
        "TURN 1.5,2",
        "TURN -1,5",
        "TURN 5,-1",
        "TURN 15,0",
        "TURN 0,15",
        "TURN 99999999999999999999,1",
        "TURN 1,2,3",
        "INFO timeout_turn abc",
        "INFO timeout_turn -5",
        "INFO max_memory 1e9",
        "INFO rule 8",
        "BEGIN",
        "DONE",
    ] {
        let reply = p.handle(bad);
        assert!(is_error(&reply), "{bad}: {reply:?}");
    }
    assert!(is_error(&p.handle("START")));
    assert!(is_error(&p.handle(&format!("TURN 1,{huge}"))));
    // The engine's own stone is occupied.
    let own = p.game().and_then(|g| g.last_move()).expect("our move");
    let (x, y) = gomoku::protocol::to_wire(own, 15);
    assert!(is_error(&p.handle(&format!("TURN {x},{y}"))));
    // A point played twice.
    let (x, y) = board.empty_near(0, 0);
    board.put(x, y);
    board.engine_move(&p.handle(&format!("TURN {x},{y}")));
    assert!(is_error(&p.handle(&format!("TURN {x},{y}"))));
    // Nothing was disturbed.
    assert_eq!(p.game().map(|g| g.moves().len()), Some(3));
}

#[test]
fn bad_board_positions_are_errors() {
    let cases: [&[&str]; 8] = [
        // A stone twice.
        &["7,7,1", "8,8,2", "7,7,2"],
        // Too many of ours for it to be our turn.
        &["7,7,1", "8,8,1", "9,9,2"],
        &["7,7,2", "8,8,2", "9,9,2"],
        &["15,0,1", "1,1,2"],
        &["-1,0,1"],
        &["1,1,0"],
        &["1,1"],
        &["a,b,c", "1,1,2"],
    ];
    for lines in cases {
        let mut p = engine();
        assert_eq!(p.handle("START 15"), ["OK"]);
        assert!(p.handle("BOARD").is_empty());
        for line in lines {
            assert!(p.handle(line).is_empty(), "{line}");
        }
        let reply = p.handle("DONE");
        assert!(is_error(&reply), "{lines:?}: {reply:?}");
        assert_eq!(p.game().map(|g| g.moves().len()), Some(0));
    }
    // A decided position.
    let mut p = engine();
    p.handle("START 15");
    p.handle("BOARD");
    for x in 0..5 {
        p.handle(&format!("{x},0,2"));
        p.handle(&format!("{x},5,1"));
    }
    assert!(is_error(&p.handle("DONE")));
    // A command in the middle of BOARD abandons it and is obeyed.
    p.handle("BOARD");
    p.handle("7,7,1");
    let reply = p.handle("ABOUT");
    assert_eq!(reply.len(), 2, "{reply:?}");
    assert!(reply.first().is_some_and(|l| l.starts_with("ERROR")));
    assert!(is_error(&p.handle("DONE")));
}

#[test]
fn continuous_game_markers_are_not_stones() {
    let mut p = engine();
    p.handle("START 15");
    p.handle("BOARD");
    p.handle("7,7,2");
    p.handle("3,3,3");
    let mut board = Shadow::new(15);
    board.put(7, 7);
    board.engine_move(&p.handle("DONE"));
    assert_eq!(p.game().map(|g| g.moves().len()), Some(2));
}

#[test]
fn after_a_five_every_turn_is_an_error() {
    let mut p = engine();
    p.handle("START 15");
    p.handle("BOARD");
    // Ours: an open four on row y = 7; theirs: scattered.
    for (i, x) in (5..9).enumerate() {
        p.handle(&format!("{x},7,1"));
        p.handle(&format!("{},0,2", i * 3));
    }
    let reply = p.handle("DONE");
    assert_eq!(reply.len(), 1, "{reply:?}");
    assert!(p.game().is_some_and(gomoku::Game::is_over), "{reply:?}");
    assert!(is_error(&p.handle("TURN 14,14")));
    // TAKEBACK of the winning move reopens the game.
    let last = p.game().and_then(|g| g.last_move()).expect("a move");
    let (x, y) = gomoku::protocol::to_wire(last, 15);
    assert_eq!(p.handle(&format!("TAKEBACK {x},{y}")), ["OK"]);
    assert!(p.game().is_some_and(|g| !g.is_over()));
}

#[test]
fn renju_positions_are_replayed_in_order() {
    let mut p = engine();
    p.handle("START 15");
    p.handle("INFO rule 4");
    assert_eq!(p.rule(), Rule::Renju);
    p.handle("BOARD");
    for line in ["7,7,2", "8,8,1", "7,8,2", "9,9,1", "7,6,2"] {
        p.handle(line);
    }
    Shadow::new(15).engine_move(&p.handle("DONE"));
    assert!(p.game().is_some_and(|g| g.rule() == Rule::Renju));
}

/// Renju, black to move with only forbidden points left: the game is a draw, and the engine
/// asked to move as black answers that it has no legal move, keeping its previous position.
#[test]
fn renju_black_without_a_legal_point_answers_no_legal_move() {
    let game = Game::from_moves(15, Rule::Renju, NO_LEGAL_POINT_FOR_BLACK).expect("legal");
    let mut p = engine();
    p.handle("START 15");
    p.handle("INFO rule 4");
    assert!(p.handle("BOARD").is_empty());
    for (i, &m) in game.moves().iter().enumerate() {
        let (x, y) = to_wire(m, 15);
        // Our stones are black: it is our move after an even number of stones.
        let who = if i % 2 == 0 { 1 } else { 2 };
        assert!(p.handle(&format!("{x},{y},{who}")).is_empty());
    }
    assert_eq!(p.handle("DONE"), ["ERROR no legal move is left"]);
    assert_eq!(p.game().map(|g| g.moves().len()), Some(0));
}

#[test]
fn random_lines_never_break_the_engine() {
    let words = [
        "START",
        "TURN",
        "BEGIN",
        "BOARD",
        "DONE",
        "INFO",
        "TAKEBACK",
        "RESTART",
        "ABOUT",
        "RECTSTART",
        "timeout_turn",
        "rule",
        "max_memory",
        "7,7",
        "7,7,1",
        "-3",
        "20",
        "15",
        "x",
        "",
        ",",
        "1,2,2",
        "99",
        "0,0",
    ];
    let mut rng = Rng::seeded(11);
    let mut p = engine();
    for _ in 0..3000 {
        let n = rng.below(4);
        let line: Vec<&str> = (0..n).filter_map(|_| rng.choose(&words)).collect();
        let line = line.join(if rng.below(2) == 0 { " " } else { "," });
        if line.trim().eq_ignore_ascii_case("END") {
            continue;
        }
        for reply in p.handle(&line) {
            let first = reply.split([' ', ',']).next().unwrap_or("");
            assert!(
                ["OK", "ERROR", "UNKNOWN", "MESSAGE"].contains(&first)
                    || reply.starts_with("name=")
                    || first.parse::<u8>().is_ok(),
                "{line:?} -> {reply:?}"
            );
        }
    }
}

#[test]
fn moves_come_within_the_turn_time() {
    let mut p = Protocol::new(SystemClock::new());
    let clock = SystemClock::new();
    assert_eq!(p.handle("START 15"), ["OK"]);
    p.handle("INFO timeout_turn 300");
    // Unoptimised, the search reads its clock only every couple of hundred milliseconds;
    // the strict bound holds in release builds (`cargo test --release`).
    let limit = if cfg!(debug_assertions) { 900.0 } else { 300.0 };
    let mut board = Shadow::new(15);
    let mut rng = Rng::seeded(9);
    let t0 = clock.now_ms();
    board.engine_move(&p.handle("BEGIN"));
    assert!(clock.now_ms() - t0 < limit);
    for _ in 0..4 {
        let (x, y) = board.random_empty(&mut rng);
        board.put(x, y);
        let t0 = clock.now_ms();
        let reply = p.handle(&format!("TURN {x},{y}"));
        let ms = clock.now_ms() - t0;
        if p.game().is_some_and(gomoku::Game::is_over) {
            break;
        }
        board.engine_move(&reply);
        assert!(ms < limit, "{ms} ms");
    }
}
