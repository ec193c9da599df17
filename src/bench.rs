//! The benchmark: fixed positions under all three rules, each searched from a fresh engine
//! to a fixed depth. The total node count is a signature of the search's behaviour: it must
//! be the same natively and in wasm, and changes only when the search changes.

use crate::clock::Clock;
use crate::game::Game;
use crate::point::Point;
use crate::rule::Rule;
use crate::search::{Engine, Limits};

/// Depth every bench position is searched to.
pub const DEPTH: u32 = 7;
/// Depth of the signature run checked by the tests, natively and in the browser.
pub const SIGNATURE_DEPTH: u32 = 3;
/// Total nodes of the signature run; changes only when the search changes.
pub const SIGNATURE_NODES: u64 = 89_039;

/// Transposition table size for the bench, equal on every platform.
pub const TT_BYTES: usize = 16 << 20;

/// Positions from games between the article opponents, at move 14 to 30.
pub const POSITIONS: [(Rule, &str); 12] = [
    (Rule::Freestyle, "h8 i9 i8 j8 h10 k7 l6 h9 j9 g9 f9 h7 g8 f8"),
    (Rule::Freestyle, "h8 g8 g7 i9 h9 h7 i6 h10 j8 i8 j9 i10 i11 j10 k10 g10 f10 g9 g11 h11 f9 f8"),
    (Rule::Freestyle, "h8 g8 g7 f6 i9 j10 h7 f7 h9 h10 h6 h5 f8 i5 e9 d10 j9 g9 k9 l9 g5 g6 e8 i4 j3 i6 i7 j8 j7 k7"),
    (Rule::Freestyle, "h8 g7 g8 f8 e9 i8 h6 h7 i7 g6 j9 g5 g9 f10 j6 k5 f9 h9"),
    (Rule::Standard, "h8 i8 h9 h7 g6 j9 k10 h10 i9 g7 i7 g9 g8 f8"),
    (Rule::Standard, "h8 i8 h9 h7 j9 i9 i7 g9 h10 h11 i10 g10 g8 f7 f9 j11 i11 j10 i12 i13 j12 k13"),
    (Rule::Standard, "h8 i8 i9 j10 g7 f6 h9 j9 h7 h6 h10 h11 j8 g11 k7 l6 f7 i7 e7 d7 i11 i10 k8 g12 f13 g10 g9 f8 f9 e9"),
    (Rule::Standard, "h8 h9 i9 g7 j10 k11 i10 i8 h10 g10 f11 k10 g11 f12 j8 k7 j9 j7"),
    (Rule::Renju, "h8 i8 h9 h7 j9 g6 f5 i9 i7 i10 i11 g9 h10 h11"),
    (Rule::Renju, "h8 g9 h9 h10 i11 h7 f8 g8 g7 f9 e10 e9 d9 i9 i6 g11 f12 g10 g12 f11 h11 i10"),
    (Rule::Renju, "h8 i7 h7 h6 j8 i8 i9 g7 k7 h10 l6 m5 f8 i6 i5 j6 g6 k5 f5 l4 m3 l5 j5 n5 o5 n6 k3 n4 n3 l3"),
    (Rule::Renju, "h8 i9 h9 h10 g11 h7 j8 i8 i7 j9 g6 k9 g9 f10 j6 k5 g10 g8"),
];

/// One position's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The position's rule.
    pub rule: Rule,
    /// The move found; `None` only if the position had no legal move.
    pub best: Option<Point>,
    /// Its score for the side to move, in the search's units.
    pub score: i32,
    /// Nodes the search visited.
    pub nodes: u64,
}

/// The whole run.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// One line per position, in the order of [`POSITIONS`].
    pub lines: Vec<Line>,
    /// Total nodes over every position: the signature.
    pub nodes: u64,
    /// Wall-clock time of the whole run, in milliseconds.
    pub elapsed_ms: f64,
}

impl Summary {
    /// Nodes per second over the run.
    #[must_use]
    pub fn nps(&self) -> f64 {
        if self.elapsed_ms > 0.0 {
            self.nodes as f64 * 1000.0 / self.elapsed_ms
        } else {
            0.0
        }
    }
}

/// Searches every bench position to `depth`; `clock` only measures.
#[must_use]
pub fn run(depth: u32, clock: &dyn Clock) -> Summary {
    run_with(depth, clock, None)
}

/// [`run`] with a learned evaluation added to the classical one (in every position,
/// whatever its rule).
#[must_use]
pub fn run_with(depth: u32, clock: &dyn Clock, net: Option<&'static crate::Net>) -> Summary {
    let mut engine = Engine::new(TT_BYTES);
    engine.set_net(net);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let start = clock.now_ms();
    let mut lines = Vec::new();
    for (rule, moves) in POSITIONS {
        engine.clear();
        // The positions are fixed, legal and unfinished.
        let Ok(game) = Game::from_moves(15, rule, moves) else {
            continue;
        };
        if let Ok(r) = engine.search(&game, &limits, clock, &mut |_| {}) {
            lines.push(Line {
                rule,
                best: r.best,
                score: r.score,
                nodes: r.nodes,
            });
        }
    }
    let nodes = lines.iter().map(|l| l.nodes).sum();
    Summary {
        lines,
        nodes,
        elapsed_ms: clock.now_ms() - start,
    }
}
