//! Five-in-a-row (Gomoku, Renju) for native use and the browser: board, rules (freestyle,
//! standard, renju with forbidden points), notation, the levels from the source articles'
//! scoring tables up to an alpha-beta search with threat search, and the JavaScript
//! interface ([`wasm`]).
//!
//! ```
//! use gomoku::{FrozenClock, Game, Level, Player, Rng, Rule};
//!
//! let mut game = Game::from_moves(15, Rule::Renju, "h8 i9 i8")?;
//! let mut player = Player::new("scoring-004".parse::<Level>()?, 1 << 20, Rng::seeded(1));
//! let report = player.choose(&game, &FrozenClock, &mut |_| {})?;
//! let reply = report.best.expect("a move");
//! game.try_play(reply)?;
//! assert_eq!(game.moves().len(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The native tools (the Gomocup protocol engine, the arena, the VCF suite and the weight
//! tuner) are modules of their own, left out of the wasm build.
#![warn(missing_docs)]

mod ai;
pub mod bench;
mod board;
mod clock;
mod color;
mod error;
mod eval;
mod game;
mod level;
mod notation;
pub mod opening;
mod pattern;
mod point;
// Public for the rule cross-checks in tests/, not part of the API.
#[doc(hidden)]
pub mod position;
pub mod puzzle;
pub mod renju;
pub mod review;
mod rng;
mod rule;
mod search;
pub mod wasm;
pub mod wincheck;
mod zobrist;

#[cfg(not(target_arch = "wasm32"))]
pub mod arena;
#[cfg(not(target_arch = "wasm32"))]
pub mod protocol;
#[cfg(not(target_arch = "wasm32"))]
pub mod suite;
#[cfg(not(target_arch = "wasm32"))]
pub mod tune;

pub use ai::explain::{Combine, Explanation, Part, Side, Toward, What};
pub use ai::ArticleAi;
pub use board::Board;
pub use clock::{Clock, FrozenClock, SystemClock};
pub use color::Color;
pub use error::{GameError, LoadError, ParseMovesError, ParseNameError, ParseProblem};
pub use eval::net::{self as net, Net, NetError};
pub use game::{DrawReason, Game, Outcome};
pub use level::{Level, LevelKind, Player};
pub use notation::MoveList;
pub use point::{Direction, Point, MAX_SIZE, MIN_SIZE};
pub use position::threat::Threat;
pub use rng::Rng;
pub use rule::{FiveRule, Rule};
pub use search::{Engine, Limits, Report, DEFAULT_TT_BYTES_NATIVE, DEFAULT_TT_BYTES_WASM};
