//! The protocol engine under hostile and broken input. Every refused line gets exactly one
//! `ERROR` (`UNKNOWN` for a command outside the protocol) and leaves the engine as it was,
//! which is checked by comparing its whole state and by playing on against a shadow board.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::protocol::*;

use std::io;

use gomoku::protocol::{from_wire, read_input_line, to_wire, InputLine};
use gomoku::{Game, Point, Rng, Rule};

/// Bad `x,y` arguments, `|`-separated: missing, extra, non-numeric, off the board, beyond
/// `i64`, and values that wrap onto the board if narrowed to 8 or 32 bits.
const BAD_PAIRS: &str = concat!(
    "|7|7,|,7|7,,7|7;7|7 7|7,7,7|7,7,|a,b|1.5,2|0x3,4|1e1,2|½,1|7,7 extra|7,\t",
    "|-1,5|5,-1|-1,-1|15,0|0,15|15,15|255,0|256,0|271,14|14,-242|4294967296,0",
    "|4294967311,4294967311|9223372036854775807,0|-9223372036854775808,0",
    "|9223372036854775808,0|99999999999999999999999999,1|1,-99999999999999999999999999",
);

/// Other refused lines, `|`-separated.
const BAD_LINES: &str = concat!(
    "START|START 15 15|START 15,15|START 15.0|START 1e1|START 0x0f|START -15|START 0",
    "|START 4|START 21|START 256|START 271|START 4294967311|START 18446744073709551631",
    "|START -18446744073709551601|RECTSTART|RECTSTART 15|RECTSTART 15,16",
    "|RECTSTART 15,15,15|RECTSTART 271,271|RECTSTART -15,-15|RECTSTART a,b",
    "|INFO|INFO timeout_turn|INFO timeout_turn -1|INFO timeout_turn 1.5",
    "|INFO timeout_turn 18446744073709551616|INFO timeout_turn 10 20",
    "|INFO timeout_match x|INFO time_left -5|INFO max_memory -1|INFO max_memory 1e9",
    "|INFO max_memory 99999999999999999999999|INFO rule 8|INFO rule 16|INFO rule -1",
    "|INFO rule 4 4|INFO rule 18446744073709551615|BEGIN now|BOARD now|DONE|DONE now",
    "|ABOUT me|RESTART now",
);

/// Lines that are no command of the protocol, `|`-separated.
const STRANGERS: &str = concat!(
    "PLAY 7,7|PLAY 99,99|SWAP2BOARD|SUGGEST 1,1|YXSHOWFORBID|TURN7,7|TURNS 7,7|\0",
    "|\0\0TURN 1,1|\u{fffd}\u{fffd}|X\r5,5|  ☺  ",
);

#[test]
fn malformed_and_out_of_range_commands_change_nothing() {
    let mut fresh = quick_engine();
    assert_eq!(fresh.handle("START 15"), ["OK"]);
    let setups = [(fresh, Shadow::new(15)), game_in_progress(0)];
    for (mut p, mut board) in setups {
        for command in ["TURN", "TAKEBACK"] {
            for args in BAD_PAIRS.split('|') {
                refused(&mut p, &format!("{command} {args}"), "ERROR");
                refused(&mut p, &format!("{command}\t{args}\r"), "ERROR");
            }
        }
        for line in BAD_LINES.split('|') {
            refused(&mut p, line, "ERROR");
        }
        for line in STRANGERS.split('|') {
            refused(&mut p, line, "UNKNOWN");
        }
        for line in ["", " ", "\t", "\r", " \t\r "] {
            let before = state(&p);
            assert!(p.handle(line).is_empty(), "{line:?}");
            assert_eq!(state(&p), before);
        }
        // Occupied points, and stones that are not the last move.
        let last = p.game().and_then(Game::last_move);
        for &(x, y) in &board.taken.clone() {
            refused(&mut p, &format!("TURN {x},{y}"), "ERROR");
            if last.map(|m| to_wire(m, 15)) != Some((x as u8, y as u8)) {
                refused(&mut p, &format!("TAKEBACK {x},{y}"), "ERROR");
            }
        }
        if !board.taken.is_empty() {
            refused(&mut p, "BEGIN", "ERROR");
        }
        for _ in 0..2 {
            play_on(&mut p, &mut board, 9, 2);
        }
    }
}

#[test]
fn spaces_tabs_case_and_crlf_are_tolerated() {
    let mut p = quick_engine();
    assert_eq!(p.handle("start\t15\r"), ["OK"]);
    assert!(p.handle("  info   TIMEOUT_TURN\t 1000 \r").is_empty());
    assert_eq!(p.time_control().turn_ms, 1000);
    let mut board = Shadow::new(15);
    for (x, y, format) in [
        (3, 4, "turn {x},{y}"),
        (10, 2, "TURN\t{x},{y}"),
        (1, 13, "  TURN  {x} , {y}  "),
        (12, 12, "TURN {x},{y}\r"),
        (6, 0, "Turn\t {x},\t{y}\t\r"),
    ] {
        let (x, y) = board.empty_near(x, y);
        board.put(x, y);
        let line = format
            .replace("{x}", &x.to_string())
            .replace("{y}", &y.to_string());
        let reply = p.handle(&line);
        assert_clean(&line, &reply);
        board.engine_move(&reply);
        assert_in_step(&p, &board);
    }
}

#[test]
fn extreme_but_valid_settings_are_accepted() {
    let mut p = quick_engine();
    assert_eq!(p.handle("START 15"), ["OK"]);
    let max = u64::MAX;
    for (i, line) in [
        format!("INFO timeout_turn {max}"),
        format!("INFO timeout_match {max}"),
        format!("INFO time_left {max}"),
        "INFO time_left 0".into(),
        "INFO timeout_turn 0".into(),
        "INFO timeout_match 0".into(),
        "INFO max_memory 0".into(),
        "INFO game_type \u{0}\u{1}".into(),
        "INFO folder C:\\dir with spaces\\\u{fffd}".into(),
        "INFO evaluate -99999999999999999999,x".into(),
        "INFO some_future_key".into(),
    ]
    .iter()
    .enumerate()
    {
        assert!(p.handle(line).is_empty(), "{line:?}");
        // The engine still answers under every setting (the node cap ends the search).
        assert_eq!(p.handle("RESTART"), ["OK"]);
        let mut board = Shadow::new(15);
        play_on(&mut p, &mut board, i as i64, 14 - i as i64);
        play_on(&mut p, &mut board, 14 - i as i64, i as i64);
    }
}

#[test]
fn occupied_points_and_takebacks_out_of_order_are_refused() {
    let mut p = quick_engine();
    assert_eq!(p.handle("START 15"), ["OK"]);
    // TAKEBACK and BOARD mistakes on an empty board.
    for line in ["TAKEBACK 7,7", "TAKEBACK 0,0"] {
        refused(&mut p, line, "ERROR");
    }
    let mut board = Shadow::new(15);
    board.put(7, 7);
    let (ex, ey) = board.engine_move(&p.handle("TURN 7,7"));
    for line in [
        "TURN 7,7".to_owned(),
        "TURN 07,+7".to_owned(),
        format!("TURN {ex},{ey}"),
        "TAKEBACK 7,7".to_owned(),
        format!("TAKEBACK {},{}", ex + 1, ey),
    ] {
        refused(&mut p, &line, "ERROR");
    }
    refused(&mut p, "PLAY 7,7", "UNKNOWN");
    // A BOARD listing a point twice keeps the old game.
    for stones in [
        &["7,7,1", "8,8,2", "8,8,1", "7,7,2"][..],
        &["7,7,2", "7,7,2", "8,8,1"],
        &["7,7,2", "7,7,3"],
        &["3,3,3", "3,3,3", "7,7,2"],
    ] {
        let before = state(&p);
        assert!(p.handle("BOARD").is_empty());
        for line in stones {
            assert!(p.handle(line).is_empty(), "{line}");
        }
        let reply = p.handle("DONE");
        assert!(is_error(&reply), "{stones:?}: {reply:?}");
        assert_eq!(state(&p), before, "{stones:?}");
    }
    assert_in_step(&p, &board);
    // Taking back in order works; out of order, or past the start, does not.
    assert_eq!(p.handle(&format!("TAKEBACK {ex},{ey}")), ["OK"]);
    board.taken.remove(&(ex, ey));
    refused(&mut p, &format!("TAKEBACK {ex},{ey}"), "ERROR");
    assert_eq!(p.handle("TAKEBACK 7,7"), ["OK"]);
    board.taken.remove(&(7, 7));
    refused(&mut p, "TAKEBACK 7,7", "ERROR");
    assert_eq!(p.game().map(|g| g.moves().len()), Some(0));
    board.engine_move(&p.handle("BEGIN"));
    play_on(&mut p, &mut board, 2, 2);
    assert_eq!(p.handle("RESTART"), ["OK"]);
    refused(&mut p, "TAKEBACK 7,7", "ERROR");
}

/// `x,y,who` lines for the points `(x, y)`.
fn stones(points: &[(i64, i64)], who: u8) -> Vec<String> {
    points
        .iter()
        .map(|(x, y)| format!("{x},{y},{who}"))
        .collect()
}

/// The lines of `a` and `b` taken in turn, as a manager lists a game's moves.
fn alternate(a: Vec<String>, b: Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    let (mut a, mut b) = (a.into_iter(), b.into_iter());
    loop {
        match (a.next(), b.next()) {
            (None, None) => return out,
            (x, y) => out.extend(x.into_iter().chain(y)),
        }
    }
}

/// Points far apart, for the side that does nothing in a position.
#[rustfmt::skip]
const SCATTERED: [(i64, i64); 7] =
    [(0, 14), (14, 14), (14, 0), (10, 12), (12, 10), (2, 10), (10, 3)];

fn scattered(n: usize, who: u8) -> Vec<String> {
    stones(SCATTERED.get(..n).expect("enough points"), who)
}

#[test]
fn impossible_board_positions_are_refused_and_change_nothing() {
    let row = |y: i64, xs: &[i64]| xs.iter().map(|&x| (x, y)).collect::<Vec<_>>();
    let five_theirs = stones(&row(0, &[0, 1, 2, 3, 4]), 2);
    let diagonal = stones(&[(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (6, 6)], 2);
    // Six in a row, the middle stone last, as a game can reach it under exactly-five rules.
    let six = stones(&row(7, &[3, 4, 5, 6, 8, 7]), 1);
    // Black's last stone, 7,7, makes two open threes: forbidden under renju.
    let double_three = stones(&[(5, 7), (6, 7), (7, 5), (7, 6), (7, 7)], 2);
    let mut overfull: Vec<String> = (0..15)
        .flat_map(|y| (0..15).map(move |x| format!("{x},{y},{}", 1 + (x + y / 2) % 2)))
        .collect();
    overfull.push("0,0,3".into());
    // (INFO rule bits, lines, accepted)
    let mut cases: Vec<(u64, Vec<String>, bool)> = vec![
        // Stone counts that cannot be our turn.
        (
            0,
            alternate(stones(&row(5, &[1, 3, 5]), 1), scattered(1, 2)),
            false,
        ),
        (
            0,
            alternate(stones(&row(5, &[1, 3, 5]), 2), scattered(1, 1)),
            false,
        ),
        (0, scattered(1, 1), false),
        (0, scattered(2, 2), false),
        // A five already there: theirs, ours, and a game that went on after one.
        (0, alternate(five_theirs.clone(), scattered(4, 1)), false),
        (
            0,
            alternate(stones(&row(9, &[2, 3, 4, 5, 6]), 1), scattered(5, 2)),
            false,
        ),
        (0, alternate(diagonal, scattered(5, 1)), false),
        (0, alternate(six.clone(), scattered(6, 2)), false),
        (1, alternate(six.clone(), scattered(6, 2)), true),
        (4, alternate(six, scattered(6, 2)), false),
        (
            4,
            alternate(scattered(5, 1), stones(&row(9, &[2, 3, 4, 5, 6]), 2)),
            false,
        ),
        // Black already made a forbidden move (renju only).
        (4, alternate(double_three.clone(), scattered(4, 1)), false),
        (0, alternate(double_three, scattered(4, 1)), true),
        // More lines than points, and a full board.
        (0, overfull.clone(), false),
        (0, overfull.get(..225).unwrap_or_default().to_vec(), false),
        // Good positions, so the refusals above are not the engine refusing everything.
        (0, Vec::new(), true),
        (
            0,
            vec![
                "7,7,2".into(),
                "3,3,3".into(),
                " 8 , 8 , 1 ".into(),
                "9,9,2".into(),
            ],
            true,
        ),
    ];
    // Bad lines and points, each after a good stone.
    let bad_stones = concat!(
        "1,1,0|1,1,4|1,1,-1|1,1,10|1,1,1.0|1,1,x|1,1,|1,1|1,1,1,1|1 1 1|1;1;1|1,1,1 extra",
        "|1,1,99999999999999999999|DON|\0|15,0,1|0,-1,1|271,0,1|99999999999999999999,0,1",
        "|15,15,3",
    );
    for bad in bad_stones.split('|') {
        cases.push((0, vec!["7,7,2".into(), bad.into()], false));
    }
    for (rule, lines, accepted) in cases {
        let (mut p, mut board) = game_in_progress(rule);
        let before = state(&p);
        assert!(p.handle("BOARD").is_empty());
        for line in &lines {
            assert!(p.handle(line).is_empty(), "{line}");
        }
        let reply = p.handle("DONE");
        assert_clean("DONE", &reply);
        if accepted {
            let mut board = Shadow::new(15);
            for line in &lines {
                let n: Vec<i64> = line
                    .split(',')
                    .filter_map(|s| s.trim().parse().ok())
                    .collect();
                if let [x, y, 1 | 2] = n.as_slice() {
                    board.put(*x, *y);
                }
            }
            board.engine_move(&reply);
            assert_in_step(&p, &board);
        } else {
            assert!(is_error(&reply), "rule {rule} {lines:?}: {reply:?}");
            assert_eq!(state(&p), before, "rule {rule} {lines:?}");
            play_on(&mut p, &mut board, 11, 5);
        }
    }
}

#[test]
fn a_turn_that_ends_the_game_is_refused_whole() {
    let mut p = quick_engine();
    assert_eq!(p.handle("START 15"), ["OK"]);
    assert!(p.handle("BOARD").is_empty());
    // Two fours of theirs, each with one completion point: we can stop only one.
    let theirs: Vec<(i64, i64)> = [1, 5]
        .into_iter()
        .flat_map(|y| (0..4).map(move |x| (x, y)))
        .collect();
    let mut board = Shadow::new(15);
    for line in alternate(stones(&theirs, 2), scattered(7, 1)) {
        assert!(p.handle(&line).is_empty());
    }
    for &(x, y) in theirs.iter().chain(&SCATTERED) {
        board.put(x, y);
    }
    board.engine_move(&p.handle("DONE"));
    let (x, y) = [(4, 1), (4, 5)]
        .into_iter()
        .find(|p| !board.taken.contains(p))
        .expect("a five is open");
    refused(&mut p, &format!("TURN {x},{y}"), "ERROR");
    assert!(p.game().is_some_and(|g| !g.is_over()));
    play_on(&mut p, &mut board, 8, 5);
}

#[test]
fn forbidden_moves_are_refused_under_renju() {
    // Theirs (black): 3,4,5,_,7,8 on one row, so the gap makes an overline, and an L of
    // four around 11,11, which would make two open threes. Ours (white): out of the way.
    let black = [
        (3, 2),
        (4, 2),
        (5, 2),
        (7, 2),
        (8, 2),
        (9, 11),
        (10, 11),
        (11, 9),
        (11, 10),
    ];
    let white = [
        (0, 14),
        (14, 14),
        (14, 0),
        (0, 8),
        (14, 7),
        (6, 14),
        (2, 12),
        (13, 4),
    ];
    let lines = alternate(stones(&black, 2), stones(&white, 1));
    let mut p = quick_engine();
    assert_eq!(p.handle("START 15"), ["OK"]);
    assert!(p.handle("INFO rule 4").is_empty());
    assert!(p.handle("BOARD").is_empty());
    for line in &lines {
        assert!(p.handle(line).is_empty());
    }
    let mut board = Shadow::new(15);
    for &(x, y) in black.iter().chain(&white) {
        board.put(x, y);
    }
    board.engine_move(&p.handle("DONE"));
    // We can take at most one of the two forbidden points.
    let (x, y) = [(6, 2), (11, 11)]
        .into_iter()
        .find(|p| !board.taken.contains(p))
        .expect("a forbidden point is free");
    let reply = refused(&mut p, &format!("TURN {x},{y}"), "ERROR");
    assert!(reply.contains("forbidden"), "{reply}");
    play_on(&mut p, &mut board, 12, 5);

    // A freestyle game where black made the double three cannot turn into renju.
    let mut p = quick_engine();
    assert_eq!(p.handle("START 15"), ["OK"]);
    assert!(p.handle("BOARD").is_empty());
    let three = [(9, 11), (10, 11), (11, 9), (11, 10), (11, 11)];
    for line in alternate(
        stones(&three, 2),
        stones(white.get(..4).unwrap_or_default(), 1),
    ) {
        assert!(p.handle(&line).is_empty());
    }
    assert_eq!(p.handle("DONE").len(), 1);
    let reply = refused(&mut p, "INFO rule 4", "ERROR");
    assert!(reply.contains("forbidden"), "{reply}");
    assert_eq!(p.rule(), Rule::Freestyle);
}

/// One random `BOARD` line for a `size` board: mostly good stones, sometimes not.
fn random_stone_line(rng: &mut Rng, size: i64) -> String {
    let coord = |rng: &mut Rng| rng.below(size as usize + 2) as i64 - 1;
    match rng.below(20) {
        0 => rng
            .choose(&["x", "1,2", "1,1,1,1", "DON", "-", "5,5,0", "1,1,1"])
            .unwrap_or("")
            .into(),
        _ => format!("{},{},{}", coord(rng), coord(rng), 1 + rng.below(3)),
    }
}

#[test]
fn random_boards_on_small_boards_never_break_the_engine() {
    let mut rng = Rng::seeded(23);
    let mut p = quick_engine();
    for round in 0..250 {
        let size = 5 + rng.below(4) as i64;
        if round % 5 == 0 || p.game().map(|g| i64::from(g.size())) != Some(size) {
            assert_eq!(p.handle(&format!("START {size}")), ["OK"]);
        }
        let before = state(&p);
        assert!(p.handle("BOARD").is_empty());
        // Distinct points in turn, so that many positions are good; then now and then a
        // marker, and now and then a line replaced by a random one.
        let mut points: Vec<(i64, i64)> = (0..size)
            .flat_map(|y| (0..size).map(move |x| (x, y)))
            .collect();
        for i in (1..points.len()).rev() {
            points.swap(i, rng.below(i + 1));
        }
        let n = rng.below(points.len() * 2 / 3);
        let black = 1 + rng.below(2);
        let mut lines: Vec<String> = points
            .iter()
            .take(n + 1)
            .enumerate()
            .map(|(i, (x, y))| {
                let who = if i == n { 3 } else { [black, 3 - black][i % 2] };
                format!("{x},{y},{who}")
            })
            .collect();
        if rng.below(2) == 0 {
            lines.pop();
        }
        if !lines.is_empty() && rng.below(4) == 0 {
            let i = rng.below(lines.len());
            lines[i] = random_stone_line(&mut rng, size);
        }
        for line in &lines {
            assert!(p.handle(line).is_empty(), "{line}");
        }
        let reply = p.handle("DONE");
        if is_error(&reply) {
            assert_eq!(state(&p), before, "{lines:?}");
            continue;
        }
        // Accepted: the stones are as listed and our move is on an empty point.
        let mut board = Shadow::new(size);
        for line in &lines {
            let n: Vec<i64> = line.split(',').filter_map(|s| s.parse().ok()).collect();
            if let [x, y, 1 | 2] = n.as_slice() {
                board.put(*x, *y);
            }
        }
        board.engine_move(&reply);
        assert_in_step(&p, &board);
    }
}

#[test]
fn random_commands_keep_the_engine_in_step_with_a_shadow_game() {
    let garbage = [
        "TURN 99,99",
        "TURN -1,0",
        "TURN x",
        "TAKEBACK 15,15",
        "PLAY 1,1",
        "SWAP2BOARD",
        "DONE",
        "INFO rule 8",
        "INFO timeout_turn -1",
        "START 3",
        "\u{0}",
        "",
    ];
    let mut rng = Rng::seeded(31);
    let mut p = quick_engine();
    assert_eq!(p.handle("START 15"), ["OK"]);
    let mut shadow = Game::new(15, Rule::Freestyle).expect("game");
    let wire = |m: Point| to_wire(m, 15);
    for step in 0..300 {
        let moves = shadow.moves().to_vec();
        let action = rng.below(8);
        let line = match action {
            0 | 1 => {
                let p = shadow
                    .board()
                    .empty_points()
                    .nth(rng.below(225 - moves.len()));
                let (x, y) = wire(p.expect("an empty point"));
                format!("TURN {x},{y}")
            }
            2 if !moves.is_empty() => {
                let (x, y) = wire(moves[rng.below(moves.len())]);
                format!("TURN {x},{y}")
            }
            3 => {
                let (x, y) = moves.last().map_or((7, 7), |&m| wire(m));
                format!("TAKEBACK {x},{y}")
            }
            4 if moves.len() >= 2 => {
                let (x, y) = wire(moves[rng.below(moves.len() - 1)]);
                format!("TAKEBACK {x},{y}")
            }
            5 => "BOARD\n7,7,1\n7,7,2\nDONE".into(),
            // Bit 40 set: far off the board, or negative.
            6 => format!(
                "TURN {},{}",
                rng.next_u64() as i64,
                (rng.next_u64() as i64) | (1 << 40)
            ),
            _ => rng.choose(&garbage).unwrap_or("").into(),
        };
        let mut reply = Vec::new();
        for part in line.split('\n') {
            reply = p.handle(part);
        }
        assert_clean(&line, &reply);
        let cmd: Vec<i64> = line
            .split([' ', ','])
            .skip(1)
            .filter_map(|s| s.parse().ok())
            .collect();
        let point = match cmd.as_slice() {
            [x, y] => from_wire(*x, *y, 15),
            _ => None,
        };
        let played =
            matches!(action, 0 | 1) && point.is_some_and(|opp| shadow.try_play(opp).is_ok());
        match (action, point) {
            (0 | 1, Some(_)) if played => {
                if shadow.is_over() {
                    // The manager's move ended the game: nothing to answer.
                    assert!(is_error(&reply), "{step}: {line} -> {reply:?}");
                    shadow.undo().expect("undo");
                } else {
                    let [m] = reply.as_slice() else {
                        panic!("{step}: {line} -> {reply:?}");
                    };
                    let (x, y) = m.split_once(',').expect("a move");
                    let ours = from_wire(x.parse().expect("x"), y.parse().expect("y"), 15);
                    shadow
                        .try_play(ours.expect("on the board"))
                        .expect("a legal move");
                }
            }
            (3, Some(last)) if moves.last() == Some(&last) => {
                assert_eq!(reply, ["OK"], "{step}: {line}");
                shadow.undo().expect("undo");
            }
            _ => assert!(
                reply.is_empty() && line.is_empty() || is_error(&reply) || is_unknown(&reply),
                "{step}: {line} -> {reply:?}"
            ),
        }
        assert_eq!(
            p.game().map(Game::moves),
            Some(shadow.moves()),
            "{step}: {line}"
        );
        if shadow.is_over() {
            assert_eq!(p.handle("RESTART"), ["OK"]);
            shadow = Game::new(15, Rule::Freestyle).expect("game");
        }
    }
}

#[test]
fn overlong_lines_are_read_in_bounded_pieces_and_refused() {
    const MAX: usize = 64 * 1024;
    let mut input: Vec<u8> = b"START 15\r\n".to_vec();
    input.extend(std::iter::repeat_n(b'A', 8 << 20));
    input.extend(b"\nTURN 7,7");
    input.extend(std::iter::repeat_n(b' ', MAX));
    input.extend(b"\n\xff\xfe\x00TURN 1,1\r\n");
    input.extend(std::iter::repeat_n(b'\0', 3 << 20));
    let mut reader = io::Cursor::new(input);
    let mut lines = Vec::new();
    while let Some(line) = read_input_line(&mut reader, MAX).expect("read") {
        assert!(line.text.len() <= 3 * MAX, "{}", line.text.len());
        lines.push(line);
    }
    let overlong: Vec<bool> = lines.iter().map(|l| l.overlong).collect();
    assert_eq!(overlong, [false, true, true, false, true]);
    assert_eq!(lines.first().map(|l| l.text.as_str()), Some("START 15"));
    assert_eq!(
        lines.get(3).map(|l| l.text.as_str()),
        Some("\u{fffd}\u{fffd}\u{0}TURN 1,1")
    );

    let mut p = quick_engine();
    let replies: Vec<Vec<String>> = lines.iter().map(|l| p.handle_input(l)).collect();
    for (line, reply) in lines.iter().zip(&replies) {
        assert_clean(&line.text, reply);
    }
    let kinds: Vec<&str> = replies
        .iter()
        .map(|r| r.first().and_then(|l| l.split(' ').next()).unwrap_or(""))
        .collect();
    // The cut "TURN 7,7   …" line is not played.
    assert_eq!(kinds, ["OK", "ERROR", "ERROR", "UNKNOWN", "ERROR"]);
    assert_eq!(p.game().map(|g| g.moves().len()), Some(0));

    // Inside BOARD an overlong line spoils the position like any bad stone line.
    let long = InputLine {
        text: "7,7,2".into(),
        overlong: true,
    };
    assert!(p.handle("BOARD").is_empty());
    assert!(p.handle("8,8,2").is_empty());
    assert!(p.handle_input(&long).is_empty());
    assert!(is_error(&p.handle("DONE")));
    assert_eq!(p.game().map(|g| g.moves().len()), Some(0));
    assert!(p.handle("END").is_empty());
    assert!(p.handle_input(&long).is_empty(), "nothing after END");
}

#[test]
fn about_restart_end_and_strangers() {
    let mut p = quick_engine();
    let about = p.handle("ABOUT");
    assert!(about.len() == 1 && about.iter().all(|l| l.starts_with("name=\"")));
    refused(&mut p, "RESTART", "ERROR");
    refused(&mut p, "SWAP2BOARD", "UNKNOWN");
    assert_eq!(p.handle("START 6"), ["OK"]);
    let mut board = Shadow::new(6);
    board.engine_move(&p.handle("BEGIN"));
    assert_eq!(p.handle("RESTART"), ["OK"]);
    assert_eq!(p.game().map(|g| (g.size(), g.moves().len())), Some((6, 0)));
    // Inside BOARD a stranger is a bad stone line.
    assert!(p.handle("BOARD").is_empty());
    assert!(p.handle("SWAP2BOARD").is_empty());
    assert!(is_error(&p.handle("DONE")));
    assert!(p.handle("END now").is_empty());
    assert!(p.is_finished());
    for line in ["ABOUT", "START 15", "TURN 1,1", "garbage"] {
        assert!(p.handle(line).is_empty(), "{line} after END");
    }
}
