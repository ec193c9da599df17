//! The Gomocup protocol engine: scripted sessions give legal moves on empty points; bad
//! input gets ERROR or UNKNOWN and never stops the engine; the binary works over pipes.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use gomoku::protocol::Protocol;
use gomoku::{Clock, FrozenClock, Limits, Rng, Rule, SystemClock};

/// A repeatable engine: frozen clock, small node budget.
fn engine() -> Protocol<FrozenClock> {
    let mut p = Protocol::new(FrozenClock);
    p.set_caps(Limits {
        nodes: Some(3000),
        ..Limits::default()
    });
    p
}

/// The manager's view of the board: occupied wire points, for checking replies.
struct Shadow {
    size: i64,
    taken: HashSet<(i64, i64)>,
}

impl Shadow {
    fn new(size: i64) -> Shadow {
        Shadow {
            size,
            taken: HashSet::new(),
        }
    }

    fn put(&mut self, x: i64, y: i64) {
        assert!(self.taken.insert((x, y)), "{x},{y} played twice");
    }

    /// The engine's move among `reply` (notes skipped): on the board, on an empty point.
    fn engine_move(&mut self, reply: &[String]) -> (i64, i64) {
        let moves: Vec<&String> = reply
            .iter()
            .filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"))
            .collect();
        let [line] = moves.as_slice() else {
            panic!("expected one move, got {reply:?}");
        };
        let (x, y) = line
            .split_once(',')
            .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
            .unwrap_or_else(|| panic!("not a move: {line}"));
        assert!(
            (0..self.size).contains(&x) && (0..self.size).contains(&y),
            "{line}"
        );
        self.put(x, y);
        (x, y)
    }

    /// A random empty point; scattered, so the opponent does not build a five by chance.
    fn random_empty(&self, rng: &mut Rng) -> (i64, i64) {
        loop {
            let n = self.size as usize;
            let p = (rng.below(n) as i64, rng.below(n) as i64);
            if !self.taken.contains(&p) {
                return p;
            }
        }
    }

    /// Some empty point, scanning from `(x, y)`.
    fn empty_near(&self, x: i64, y: i64) -> (i64, i64) {
        (0..self.size * self.size)
            .map(|i| ((x + i) % self.size, (y + i / self.size) % self.size))
            .find(|p| !self.taken.contains(p))
            .unwrap_or_else(|| panic!("board full"))
    }
}

fn is_error(reply: &[String]) -> bool {
    reply.len() == 1 && reply.iter().all(|l| l.starts_with("ERROR "))
}

fn is_unknown(reply: &[String]) -> bool {
    reply.len() == 1 && reply.iter().all(|l| l.starts_with("UNKNOWN "))
}

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

/// Lines the binary printed, read on a thread so a hung engine fails the test.
fn spawn_engine() -> (
    std::process::Child,
    std::process::ChildStdin,
    mpsc::Receiver<String>,
) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start pbrain-gomoku");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, stdin, rx)
}

/// The next line that is not a note, within five seconds.
fn next_reply(rx: &mpsc::Receiver<String>) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = rx.recv_timeout(left).expect("a reply within 5 s");
        if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
            return line;
        }
    }
}

fn wait_exit(child: &mut std::process::Child) -> std::process::ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("engine did not exit");
        }
        thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_binary_plays_over_pipes() {
    let (mut child, mut stdin, rx) = spawn_engine();
    let mut send = |line: &str| writeln!(stdin, "{line}").and_then(|()| stdin.flush());
    send("START 15").expect("write");
    assert_eq!(next_reply(&rx), "OK");
    send("INFO timeout_turn 200").expect("write");
    send("INFO rule 0").expect("write");
    let mut board = Shadow::new(15);
    send("BEGIN").expect("write");
    board.engine_move(&[next_reply(&rx)]);
    for _ in 0..3 {
        let (x, y) = board.empty_near(2, 2);
        board.put(x, y);
        send(&format!("TURN {x},{y}")).expect("write");
        board.engine_move(&[next_reply(&rx)]);
    }
    send("TURN 99,99").expect("write");
    assert!(next_reply(&rx).starts_with("ERROR"));
    send("FOO").expect("write");
    assert!(next_reply(&rx).starts_with("UNKNOWN"));
    send(&"Z".repeat(1 << 20)).expect("write");
    assert!(next_reply(&rx).starts_with("UNKNOWN"));
    send("ABOUT").expect("write");
    assert!(next_reply(&rx).starts_with("name="));
    send("END").expect("write");
    assert!(wait_exit(&mut child).success());
}

#[test]
fn the_binary_ends_cleanly_at_eof_inside_board() {
    let (mut child, mut stdin, rx) = spawn_engine();
    writeln!(stdin, "START 15\nBOARD\n7,7,1\n8,8").expect("write");
    assert_eq!(next_reply(&rx), "OK");
    drop(stdin);
    assert!(wait_exit(&mut child).success());
}
