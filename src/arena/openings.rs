//! Start positions for matches: the built-in sets, or move lists read from a file.
//!
//! Under renju the built-in set is the 26 shapes of the standard renju openings: black in
//! the centre, white next to it either straight (13 "direct" openings) or diagonally (13
//! "indirect"), and black's second stone anywhere in the 5×5 square around the centre, one
//! of each pair of mirror images. Those are balanced for renju only: in freestyle and
//! standard most of them are won for black, so there the set is [`BALANCED_FREE`] instead.
//! Every opening is played twice with the colours swapped.

use std::fmt;

use crate::error::{GameError, LoadError};
use crate::game::Game;
use crate::notation::MoveList;
use crate::point::Point;
use crate::rule::Rule;

/// Longest opening-file line read (a full 20×20 game is under 2,000 characters).
const MAX_LINE_CHARS: usize = 4000;

/// An opening that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError {
    /// 1-based line of the file, or number in the list.
    pub line: usize,
    /// Why it cannot be played.
    pub error: LoadError,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "openings line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for OpeningError {}

/// The 30 most even three-stone openings for freestyle and standard, on 15×15, as judged by
/// an outside engine: of every opening with white within two points of black's centre stone
/// and black's second stone within three (one per symmetry class, 151 in all), scored for
/// white by Rapfi (github dhbloo/rapfi, classical evaluation, one thread, 1 s a position;
/// its win rate is σ(score / 200)), the 30 closest to even, from −63 to +56 (no side above
/// 58 %), most even first. Tuning data never starts with one of them, in any symmetry.
pub const BALANCED_FREE: [&str; 30] = [
    "h8 f7 k5",
    "h8 g8 k5",
    "h8 f7 j5",
    "h8 f6 k11",
    "h8 g7 j11",
    "h8 g7 e10",
    "h8 f7 k6",
    "h8 f8 k5",
    "h8 g8 j5",
    "h8 g8 k6",
    "h8 f8 i5",
    "h8 g7 k11",
    "h8 g7 f11",
    "h8 f6 e11",
    "h8 f7 i11",
    "h8 g8 j6",
    "h8 f7 e5",
    "h8 f8 j5",
    "h8 g8 e5",
    "h8 g8 k7",
    "h8 g7 i11",
    "h8 f7 j10",
    "h8 g7 e5",
    "h8 g7 f6",
    "h8 f8 k6",
    "h8 g7 j10",
    "h8 g7 e11",
    "h8 f7 k11",
    "h8 f7 k8",
    "h8 g8 i5",
];

/// The built-in openings for `rule` on a `size` board (`size >= 5`).
#[must_use]
pub fn builtin_for(size: u8, rule: Rule) -> Vec<MoveList> {
    if rule == Rule::Renju {
        return builtin(size);
    }
    let c = i32::from(size / 2);
    BALANCED_FREE
        .iter()
        .filter_map(|text| {
            let list: MoveList = text.parse().ok()?;
            // Move the shape from h8 to this board's centre; drop it if it falls off.
            let moved: Option<Vec<Point>> = list
                .0
                .iter()
                .map(|p| {
                    let (x, y) = (i32::from(p.x) - 7 + c, i32::from(p.y) - 7 + c);
                    let inside =
                        (0..i32::from(size)).contains(&x) && (0..i32::from(size)).contains(&y);
                    inside.then(|| Point::new(x as u8, y as u8))
                })
                .collect();
            moved.map(MoveList)
        })
        .collect()
}

/// The 26 renju opening shapes around the centre of a `size` board (`size >= 5`).
#[must_use]
fn builtin(size: u8) -> Vec<MoveList> {
    let c = i32::from(size / 2);
    let at = |dx: i32, dy: i32| {
        // Offsets stay within ±2 of the centre, on the board for any size >= 5.
        Point::new((c + dx).clamp(0, 255) as u8, (c + dy).clamp(0, 255) as u8)
    };
    let square = || (-2..=2).flat_map(|dy| (-2..=2).map(move |dx| (dx, dy)));
    let mut openings = Vec::new();
    // Direct: white straight above; mirror images left/right are the same shape.
    for (dx, dy) in square() {
        if dx >= 0 && (dx, dy) != (0, 0) && (dx, dy) != (0, 1) {
            openings.push(MoveList(vec![at(0, 0), at(0, 1), at(dx, dy)]));
        }
    }
    // Indirect: white diagonally up-right; mirror images across that diagonal are the same.
    for (dx, dy) in square() {
        if dx >= dy && (dx, dy) != (0, 0) && (dx, dy) != (1, 1) {
            openings.push(MoveList(vec![at(0, 0), at(1, 1), at(dx, dy)]));
        }
    }
    openings
}

/// Parses an openings file: one move list a line (`h8 i9 j10`); blank lines and lines
/// starting with `#` are skipped. Each opening must be playable on `size` under `rule`
/// without ending the game.
///
/// ```
/// use gomoku::arena::openings::parse;
/// use gomoku::Rule;
///
/// let openings = parse("# two openings\nh8 i9 j10\n\nh8 h9 h7\n", 15, Rule::Freestyle)?;
/// assert_eq!(openings.len(), 2);
/// assert_eq!(openings[1].to_string(), "h8 h9 h7");
///
/// let error = parse("h8 i9\nh8 h8", 15, Rule::Freestyle).unwrap_err();
/// assert_eq!(error.line, 2);
/// # Ok::<(), gomoku::arena::OpeningError>(())
/// ```
///
/// # Errors
/// [`OpeningError`] for the first bad line.
pub fn parse(text: &str, size: u8, rule: Rule) -> Result<Vec<MoveList>, OpeningError> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line: String = line.chars().take(MAX_LINE_CHARS).collect();
        let game = start(&line, size, rule).map_err(|error| OpeningError { line: i + 1, error })?;
        openings.push(game.move_list());
    }
    Ok(openings)
}

/// The openings as games on `size` under `rule`.
///
/// # Errors
/// [`OpeningError`] whose `line` is the 1-based number of the first bad opening.
pub fn games(openings: &[MoveList], size: u8, rule: Rule) -> Result<Vec<Game>, OpeningError> {
    openings
        .iter()
        .enumerate()
        .map(|(i, moves)| {
            start(&moves.to_string(), size, rule)
                .map_err(|error| OpeningError { line: i + 1, error })
        })
        .collect()
}

/// The game after an opening, which must leave the game open.
fn start(moves: &str, size: u8, rule: Rule) -> Result<Game, LoadError> {
    let game = Game::from_moves(size.into(), rule, moves)?;
    if let (true, Some(point)) = (game.is_over(), game.last_move()) {
        return Err(LoadError::Illegal {
            number: game.moves().len(),
            point,
            error: GameError::GameOver,
        });
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn there_are_26_distinct_playable_openings() {
        for size in [5, 15, 20] {
            let all = builtin(size);
            assert_eq!(all.len(), 26);
            let distinct: HashSet<String> = all.iter().map(ToString::to_string).collect();
            assert_eq!(distinct.len(), 26);
            for o in &all {
                let game = Game::from_moves(size.into(), Rule::Renju, &o.to_string());
                assert!(game.is_ok_and(|g| !g.is_over()), "{o}");
            }
        }
        assert_eq!(builtin(15)[0].to_string(), "h8 h9 h6");
    }

    #[test]
    fn balanced_openings_fit_every_board_from_7() {
        assert_eq!(builtin_for(15, Rule::Freestyle).len(), 30);
        assert_eq!(builtin_for(15, Rule::Renju).len(), 26);
        for size in [7, 9, 20] {
            let all = builtin_for(size, Rule::Standard);
            assert_eq!(all.len(), 30, "size {size}");
            for o in &all {
                assert!(Game::from_moves(size.into(), Rule::Standard, &o.to_string()).is_ok());
            }
        }
        assert!(!builtin_for(5, Rule::Freestyle).is_empty());
    }

    #[test]
    fn files_skip_comments_and_name_the_bad_line() {
        let ok = parse("# test\n\nh8 i9 j10\nh8,h9\n", 15, Rule::Freestyle);
        assert_eq!(ok.map(|v| v.len()), Ok(2));
        let bad = parse("h8 i9\nh8 h8\n", 15, Rule::Freestyle);
        assert_eq!(bad.map_err(|e| e.line), Err(2));
    }
}
