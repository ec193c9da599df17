//! The `pbrain-gomoku` binary over pipes: a plain game, then hostile input (huge lines, end
//! of input anywhere, bursts, a closed output). A hung engine fails at a deadline.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::protocol::{assert_clean, Shadow};

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

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
    // Past the input cap: refused whole rather than obeyed in part.
    send(&"Z".repeat(1 << 20)).expect("write");
    assert!(next_reply(&rx).starts_with("ERROR"));
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

/// A running `pbrain-gomoku`: every output line is collected on a thread, so a hung engine
/// fails the test at a deadline instead of blocking it.
struct Bin {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    out: mpsc::Receiver<String>,
    err: Option<thread::JoinHandle<String>>,
}

/// How a run of the binary ended: its answers (notes left out), exit and error output.
struct Ended {
    replies: Vec<String>,
    status: std::process::ExitStatus,
    stderr: String,
}

impl Bin {
    fn spawn() -> Bin {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start pbrain-gomoku");
        let stdout = child.stdout.take().expect("stdout");
        let mut stderr = child.stderr.take().expect("stderr");
        let (tx, out) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = Vec::new();
            while reader.read_until(b'\n', &mut line).is_ok_and(|n| n > 0) {
                let text = String::from_utf8_lossy(&line);
                let text = text.strip_suffix('\n').unwrap_or(&text);
                if tx.send(text.to_owned()).is_err() {
                    break;
                }
                line.clear();
            }
        });
        let err = thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Bin {
            stdin: child.stdin.take(),
            child,
            out,
            err: Some(err),
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin
            .write_all(bytes)
            .and_then(|()| stdin.flush())
            .expect("write to the engine");
    }

    /// The next answer that is not a note, within a generous deadline.
    fn reply(&self) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.out.recv_timeout(left).expect("a reply in time");
            assert_clean("(binary)", std::slice::from_ref(&line));
            if !line.starts_with("MESSAGE") {
                return line;
            }
        }
    }

    /// Closes the input and waits for the engine to end by itself.
    fn finish(mut self) -> Ended {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut replies = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.out.recv_timeout(left) {
                Ok(line) => {
                    assert_clean("(binary)", std::slice::from_ref(&line));
                    if !line.starts_with("MESSAGE") {
                        replies.push(line);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    panic!("the engine did not end; it said {replies:?}");
                }
            }
        }
        let status = wait_exit(&mut self.child);
        let stderr = self
            .err
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default();
        assert!(!stderr.contains("panicked"), "{stderr}");
        Ended {
            replies,
            status,
            stderr,
        }
    }
}

impl Drop for Bin {
    fn drop(&mut self) {
        // A failed test must not leave the engine running.
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// What sort of answer a line is.
fn kind(line: &str) -> &'static str {
    let is_move = line
        .split_once(',')
        .is_some_and(|(x, y)| x.parse::<u8>().is_ok() && y.parse::<u8>().is_ok());
    match line {
        "OK" => "OK",
        _ if line.starts_with("ERROR ") => "ERROR",
        _ if line.starts_with("UNKNOWN ") => "UNKNOWN",
        _ if line.starts_with("name=\"") => "ABOUT",
        _ if is_move => "MOVE",
        _ => "?",
    }
}

/// The engine's peak memory in kB, where the system tells (Linux).
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    line.trim().trim_end_matches("kB").trim().parse().ok()
}

#[test]
fn the_binary_refuses_huge_lines_and_plays_on() {
    const HUGE: usize = 16 << 20;
    let mut bin = Bin::spawn();
    bin.send(b"START 15\nINFO timeout_turn 0\nBEGIN\n");
    assert_eq!(bin.reply(), "OK");
    let mut board = Shadow::new(15);
    board.engine_move(&[bin.reply()]);
    let (x, y) = board.empty_near(3, 3);
    board.put(x, y);
    bin.send(format!("TURN {x},{y}\n").as_bytes());
    board.engine_move(&[bin.reply()]);
    let peak_before = peak_kb(bin.child.id());

    let (x, y) = board.empty_near(11, 4);
    let cut_turn = [
        format!("TURN {x},{y}").into_bytes(),
        vec![b' '; HUGE],
        b"\n".to_vec(),
    ];
    let huge_lines = [
        [vec![b'A'; HUGE], b"\n".to_vec()].concat(),
        cut_turn.concat(),
        [vec![0; HUGE], b"\n".to_vec()].concat(),
        [vec![0xff; 4 << 20], b"\r\n".to_vec()].concat(),
    ];
    for line in &huge_lines {
        bin.send(line);
        let reply = bin.reply();
        assert!(reply.starts_with("ERROR "), "{reply}");
    }
    bin.send(b"\xff\xfe\x00TURN 1,1\r\n\x00\x00\x00\n");
    assert!(bin.reply().starts_with("UNKNOWN "));
    assert!(bin.reply().starts_with("UNKNOWN "));
    // A line is never held whole: the peak grew by far less than one line.
    if let (Some(before), Some(after)) = (peak_before, peak_kb(bin.child.id())) {
        assert!(after < before + 6 * 1024, "{before} kB -> {after} kB");
    }
    // The cut TURN was not played: its point is still free.
    board.put(x, y);
    bin.send(format!("TURN {x},{y}\n").as_bytes());
    board.engine_move(&[bin.reply()]);
    bin.send(b"END\n");
    let ended = bin.finish();
    assert!(
        ended.status.success() && ended.replies.is_empty(),
        "{:?}",
        ended.replies
    );
}

#[test]
fn the_binary_ends_cleanly_at_end_of_input_anywhere() {
    const FAST: &str = "START 15\nINFO timeout_turn 0\n";
    let long_tail = [FAST.as_bytes(), &[b'x'; 200_000]].concat();
    let long_turn = [FAST.as_bytes(), b"TURN 7,7", &[b' '; 200_000]].concat();
    let cases: Vec<(Vec<u8>, &[&str])> = vec![
        (b"".to_vec(), &[]),
        (b"\r\n\n \n".to_vec(), &[]),
        (b"START 15".to_vec(), &["OK"]),
        (FAST.into(), &["OK"]),
        (format!("{FAST}TUR").into(), &["OK", "UNKNOWN"]),
        (format!("{FAST}TURN 7,").into(), &["OK", "ERROR"]),
        (format!("{FAST}TURN 7,7").into(), &["OK", "MOVE"]),
        (
            format!("{FAST}INFO max_memory 83886080\nINFO time_left 1000\n").into(),
            &["OK"],
        ),
        (format!("{FAST}INFO timeout_match").into(), &["OK", "ERROR"]),
        (format!("{FAST}BOARD").into(), &["OK"]),
        (format!("{FAST}BOARD\n7,7,1\n8,8,2\n").into(), &["OK"]),
        (format!("{FAST}BOARD\n7,7,1\n8,").into(), &["OK"]),
        (format!("{FAST}BOARD\n7,7,2\nDON").into(), &["OK"]),
        (format!("{FAST}BOARD\n7,7,2\nDONE").into(), &["OK", "MOVE"]),
        (
            format!("{FAST}BEGIN\nEND\nTURN 1,1\nABOUT\n").into(),
            &["OK", "MOVE"],
        ),
        (b"START 15\n\xff\xfe".to_vec(), &["OK", "UNKNOWN"]),
        (b"\x00\x00\x00".to_vec(), &["UNKNOWN"]),
        (long_tail, &["OK", "ERROR"]),
        (long_turn, &["OK", "ERROR"]),
    ];
    for (input, expected) in cases {
        let mut bin = Bin::spawn();
        let mut stdin = bin.stdin.take().expect("stdin");
        let shown = String::from_utf8_lossy(input.get(..60).unwrap_or(&input)).into_owned();
        // Written on a thread: the engine may answer before it has read everything.
        let writer = thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let ended = bin.finish();
        let _ = writer.join();
        let kinds: Vec<&str> = ended.replies.iter().map(|l| kind(l)).collect();
        assert_eq!(kinds, expected, "{shown:?}: {:?}", ended.replies);
        assert!(ended.status.success(), "{shown:?}: {}", ended.stderr);
    }
}

#[test]
fn a_burst_of_commands_is_answered_in_order() {
    let mut script: Vec<(String, Option<&str>)> = vec![
        ("START 15".into(), Some("OK")),
        ("INFO timeout_turn 0".into(), None),
        ("INFO max_memory 4000000".into(), None),
    ];
    for i in 0..300 {
        let cheap: [(&str, Option<&str>); 10] = [
            ("INFO time_left 100000", None),
            ("ABOUT", Some("ABOUT")),
            ("SWAP2BOARD", Some("UNKNOWN")),
            ("PLAY 7,7", Some("UNKNOWN")),
            ("TURN 99,99", Some("ERROR")),
            ("", None),
            ("TAKEBACK 20,20", Some("ERROR")),
            ("INFO rule 8", Some("ERROR")),
            ("garbage \u{1}\r", Some("UNKNOWN")),
            ("DONE", Some("ERROR")),
        ];
        script.extend(cheap.iter().map(|&(l, k)| (l.to_owned(), k)));
        if i % 10 == 0 {
            // A position whose stones are known, so that TURNs on them must fail.
            let game: [(&str, Option<&str>); 8] = [
                ("RESTART", Some("OK")),
                ("BOARD", None),
                ("7,7,2", None),
                ("8,8,1", None),
                ("DONE\r", Some("MOVE")),
                ("TURN 7,7", Some("ERROR")),
                ("TURN 8,8\r", Some("ERROR")),
                ("RESTART", Some("OK")),
            ];
            script.extend(game.iter().map(|&(l, k)| (l.to_owned(), k)));
        }
    }
    script.push(("END".into(), None));
    script.push(("ABOUT".into(), None));
    let input: String = script.iter().map(|(l, _)| format!("{l}\n")).collect();
    let expected: Vec<&str> = script.iter().filter_map(|&(_, k)| k).collect();

    let mut bin = Bin::spawn();
    let mut stdin = bin.stdin.take().expect("stdin");
    let writer = thread::spawn(move || stdin.write_all(input.as_bytes()));
    let ended = bin.finish();
    assert!(
        writer.join().is_ok_and(|r| r.is_ok()),
        "the engine read everything"
    );
    let kinds: Vec<&str> = ended.replies.iter().map(|l| kind(l)).collect();
    assert_eq!(kinds.len(), expected.len());
    for (i, (got, want)) in kinds.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "answer {i}: {:?}", ended.replies.get(i));
    }
    assert!(ended.status.success());
}

#[test]
fn a_closed_output_ends_the_binary_without_a_panic() {
    let mut bin = Bin::spawn();
    // Nobody reads the answers any more.
    let out = std::mem::replace(&mut bin.out, mpsc::channel().1);
    drop(out);
    let mut stdin = bin.stdin.take().expect("stdin");
    let writer = thread::spawn(move || {
        for _ in 0..2000 {
            if stdin.write_all(b"ABOUT\nSTART 15\nFOO\n").is_err() {
                break;
            }
        }
    });
    let ended = bin.finish();
    let _ = writer.join();
    // Failing to write is an orderly exit with a status, not a crash by signal.
    assert!(ended.status.code().is_some(), "{:?}", ended.status);
}
