//! Five-in-a-row (Gomoku, Renju) for native use and the browser: board, rules (freestyle,
//! standard, renju with forbidden points), notation, and the computer opponents of the
//! source articles. The one module that talks to JavaScript is [`wasm`].

pub mod ai;
pub mod arena;
pub mod bench;
pub mod board;
pub mod clock;
pub mod color;
pub mod error;
pub mod eval;
pub mod game;
pub mod level;
pub mod notation;
pub mod pattern;
pub mod point;
pub mod position;
pub mod protocol;
pub mod renju;
pub mod rng;
pub mod rule;
pub mod search;
pub mod suite;
pub mod tune;
pub mod wasm;
pub mod wincheck;
mod zobrist;

pub use ai::Opponent;
pub use board::Board;
pub use clock::{Clock, FrozenClock, SystemClock};
pub use color::Color;
pub use error::{GameError, LoadError, ParseMovesError, ParseNameError};
pub use game::{Game, Outcome};
pub use level::{Level, Player};
pub use notation::MoveList;
pub use point::{Direction, Point};
pub use rng::Rng;
pub use rule::Rule;
pub use search::{Engine, Limits, Report};
