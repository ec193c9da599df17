//! Which lines win under each rule, and the winning stones.

use crate::board::Board;
use crate::color::Color;
use crate::point::{Direction, Point};
use crate::rule::Rule;

/// Whether a stone of `color` on `p` (there already, or imagined) completes a winning line.
#[must_use]
pub fn makes_five(board: &Board, p: Point, color: Color, rule: Rule) -> bool {
    let five = rule.five_rule(color);
    Direction::ALL
        .into_iter()
        .any(|d| five.wins(board.run_through(p, color, d)))
}

/// The stones of every winning line through the stone on `p`, sorted; empty if none.
#[must_use]
pub fn winning_line(board: &Board, p: Point, rule: Rule) -> Vec<Point> {
    let Some(color) = board.get(p) else {
        return Vec::new();
    };
    let mut line = Vec::new();
    for d in Direction::ALL {
        let back = board.count_from(p, color, d, -1) as i32;
        let ahead = board.count_from(p, color, d, 1) as i32;
        if rule.five_rule(color).wins((back + ahead + 1) as usize) {
            line.extend((-back..=ahead).filter_map(|k| p.offset(d, k, board.size())));
        }
    }
    line.sort_unstable();
    line.dedup();
    line
}

/// Brute force: every maximal run on the whole board, checked from its first stone.
/// Returns whether black and whether white has a winning line. Slow; for cross-checks.
#[must_use]
pub fn winners_by_scan(board: &Board, rule: Rule) -> (bool, bool) {
    let mut wins = (false, false);
    for p in board.points() {
        let Some(color) = board.get(p) else { continue };
        for d in Direction::ALL {
            // Start of a run only: the point behind is not the same colour.
            let behind = p.offset(d, -1, board.size()).and_then(|q| board.get(q));
            if behind == Some(color) {
                continue;
            }
            let mut len = 0;
            while p
                .offset(d, len, board.size())
                .is_some_and(|q| board.get(q) == Some(color))
            {
                len += 1;
            }
            if rule.five_rule(color).wins(len as usize) {
                match color {
                    Color::Black => wins.0 = true,
                    Color::White => wins.1 = true,
                }
            }
        }
    }
    wins
}
