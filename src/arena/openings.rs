//! Start positions for matches: the built-in set, or move lists read from a file.
//!
//! The built-in set is the 26 shapes of the standard renju openings: black in the centre,
//! white next to it either straight (13 "direct" openings) or diagonally (13 "indirect"),
//! and black's second stone anywhere in the 5×5 square around the centre, one of each pair
//! of mirror images. Some favour black, especially in freestyle; every opening is played
//! twice with the colours swapped, so that cancels out over a match.

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
    pub error: LoadError,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "openings line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for OpeningError {}

/// The 26 renju opening shapes around the centre of a `size` board (`size >= 5`).
#[must_use]
pub fn builtin(size: u8) -> Vec<MoveList> {
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
    fn files_skip_comments_and_name_the_bad_line() {
        let ok = parse("# test\n\nh8 i9 j10\nh8,h9\n", 15, Rule::Freestyle);
        assert_eq!(ok.map(|v| v.len()), Ok(2));
        let bad = parse("h8 i9\nh8 h8\n", 15, Rule::Freestyle);
        assert_eq!(bad.map_err(|e| e.line), Err(2));
    }
}
