//! Helpers for the protocol engine tests: repeatable engines, the manager's shadow board,
//! and checks that a refused line changed nothing.

use std::collections::HashSet;

use gomoku::protocol::{to_wire, Protocol, TimeControl};
use gomoku::{FrozenClock, Game, Limits, Point, Rng, Rule};

/// A repeatable engine: frozen clock, small node budget.
pub fn engine() -> Protocol<FrozenClock> {
    let mut p = Protocol::new(FrozenClock);
    p.set_caps(Limits {
        nodes: Some(3000),
        ..Limits::default()
    });
    p
}

/// A repeatable engine that searches little, for tests that only need legal moves; its
/// small table makes `START` quick (it clears the table).
pub fn quick_engine() -> Protocol<FrozenClock> {
    let mut p = Protocol::new(FrozenClock);
    p.set_caps(Limits {
        nodes: Some(300),
        ..Limits::default()
    });
    assert!(p.handle("INFO max_memory 4000000").is_empty());
    p
}

/// The manager's view of the board: occupied wire points, for checking replies.
pub struct Shadow {
    pub size: i64,
    pub taken: HashSet<(i64, i64)>,
}

impl Shadow {
    pub fn new(size: i64) -> Shadow {
        Shadow {
            size,
            taken: HashSet::new(),
        }
    }

    pub fn put(&mut self, x: i64, y: i64) {
        assert!(self.taken.insert((x, y)), "{x},{y} played twice");
    }

    /// The engine's move among `reply` (notes skipped): on the board, on an empty point.
    pub fn engine_move(&mut self, reply: &[String]) -> (i64, i64) {
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
    pub fn random_empty(&self, rng: &mut Rng) -> (i64, i64) {
        loop {
            let n = self.size as usize;
            let p = (rng.below(n) as i64, rng.below(n) as i64);
            if !self.taken.contains(&p) {
                return p;
            }
        }
    }

    /// Some empty point, scanning from `(x, y)`.
    pub fn empty_near(&self, x: i64, y: i64) -> (i64, i64) {
        (0..self.size * self.size)
            .map(|i| ((x + i) % self.size, (y + i / self.size) % self.size))
            .find(|p| !self.taken.contains(p))
            .unwrap_or_else(|| panic!("board full"))
    }
}

pub fn is_error(reply: &[String]) -> bool {
    reply.len() == 1 && reply.iter().all(|l| l.starts_with("ERROR "))
}

pub fn is_unknown(reply: &[String]) -> bool {
    reply.len() == 1 && reply.iter().all(|l| l.starts_with("UNKNOWN "))
}

/// Fails unless every reply is one printable line: an echoed CR, LF or NUL would split it
/// for the manager, and the tail could pass for a move.
pub fn assert_clean(line: &str, reply: &[String]) {
    for r in reply {
        let bad = r
            .chars()
            .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'));
        assert!(!bad && r.len() < 300, "{line:?} -> {r:?}");
    }
}

/// Everything a command could change.
#[derive(Debug, PartialEq)]
pub struct State {
    moves: Option<Vec<Point>>,
    size: Option<u8>,
    game_rule: Option<Rule>,
    rule: Rule,
    time: TimeControl,
    tt_bytes: usize,
}

pub fn state(p: &Protocol<FrozenClock>) -> State {
    State {
        moves: p.game().map(|g| g.moves().to_vec()),
        size: p.game().map(Game::size),
        game_rule: p.game().map(Game::rule),
        rule: p.rule(),
        time: p.time_control(),
        tt_bytes: p.tt_bytes(),
    }
}

/// Sends `line`, checks it is refused with one `kind` line and changes nothing, and
/// returns that line.
pub fn refused(p: &mut Protocol<FrozenClock>, line: &str, kind: &str) -> String {
    let before = state(p);
    let reply = p.handle(line);
    assert!(
        reply.len() == 1 && reply.iter().all(|r| r.starts_with(&format!("{kind} "))),
        "{line:?} -> {reply:?}"
    );
    assert_clean(line, &reply);
    assert_eq!(state(p), before, "{line:?} changed the engine");
    reply.concat()
}

/// Fails unless the engine's stones are exactly the shadow's.
pub fn assert_in_step(p: &Protocol<FrozenClock>, board: &Shadow) {
    let game = p.game().expect("a game");
    let stones: HashSet<(i64, i64)> = game
        .moves()
        .iter()
        .map(|&m| {
            let (x, y) = to_wire(m, game.size());
            (x.into(), y.into())
        })
        .collect();
    assert_eq!(stones, board.taken);
    assert_eq!(game.moves().len(), board.taken.len());
}

/// Plays the opponent near `(x, y)` and checks the answer against the shadow.
pub fn play_on(p: &mut Protocol<FrozenClock>, board: &mut Shadow, x: i64, y: i64) {
    let (x, y) = board.empty_near(x, y);
    board.put(x, y);
    board.engine_move(&p.handle(&format!("TURN {x},{y}")));
    assert_in_step(p, board);
}

/// A 15×15 game under the `INFO rule` bits `rule`: the engine opened, one exchange after.
pub fn game_in_progress(rule: u64) -> (Protocol<FrozenClock>, Shadow) {
    let mut p = quick_engine();
    assert_eq!(p.handle("START 15"), ["OK"]);
    assert!(p.handle(&format!("INFO rule {rule}")).is_empty());
    let mut board = Shadow::new(15);
    board.engine_move(&p.handle("BEGIN"));
    play_on(&mut p, &mut board, 3, 4);
    (p, board)
}
