//! Static evaluation, the one function the search calls to judge a quiet position: the
//! sum of every empty point's value for the side to move, minus the opponent's, plus a
//! bonus for having the move. Integer only, so native and wasm agree exactly.

use crate::position::Position;

/// Largest evaluation; mate scores lie beyond it.
pub const EVAL_LIMIT: i32 = 20_000;
/// Worth of being the side to move.
const TEMPO: i32 = 24;

/// The position's value for the side to move.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let own = pos.value_sum(us);
    let theirs = pos.value_sum(us.opposite());
    // Our threats act first, so they weigh a little more than the opponent's.
    (own + own / 8 - theirs + TEMPO).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}
