//! Error types. Every failed operation leaves the game as it was.

use std::error::Error;
use std::fmt;

use crate::point::{Point, MAX_SIZE, MIN_SIZE};

/// Why a move or an undo was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// A board side outside 5..=20.
    BadSize(i64),
    /// Coordinates off the board.
    OutOfBoard {
        /// Column asked for, 0-based.
        x: i64,
        /// Row asked for, 0-based.
        y: i64,
        /// Side of the board, in points.
        size: u8,
    },
    /// A stone is already there.
    Occupied(Point),
    /// Renju: black may not play there (double-three, double-four or overline).
    Forbidden(Point),
    /// The game has already been won or drawn.
    GameOver,
    /// No move to take back.
    NothingToUndo,
    /// No legal move is left for the side to move.
    NoLegalMove,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::BadSize(n) => write!(f, "{}", BadSizeText(*n)),
            GameError::OutOfBoard { x, y, size } => write!(
                f,
                "({x}, {y}) is off the {size}×{size} board (x and y go from 0 to {})",
                size - 1
            ),
            GameError::Occupied(p) => write!(f, "{p} is already occupied"),
            GameError::Forbidden(p) => write!(f, "{p} is forbidden for black under renju"),
            GameError::GameOver => f.write_str("the game is over"),
            GameError::NothingToUndo => f.write_str("there is no move to undo"),
            GameError::NoLegalMove => f.write_str("no legal move is left"),
        }
    }
}

impl Error for GameError {}

impl GameError {
    /// A short name for the kind of refusal that does not change with the wording, for
    /// interfaces that say it in the player's language: `bad_size`, `out_of_board`,
    /// `occupied`, `forbidden`, `game_over`, `nothing_to_undo`, `no_legal_move`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            GameError::BadSize(_) => "bad_size",
            GameError::OutOfBoard { .. } => "out_of_board",
            GameError::Occupied(_) => "occupied",
            GameError::Forbidden(_) => "forbidden",
            GameError::GameOver => "game_over",
            GameError::NothingToUndo => "nothing_to_undo",
            GameError::NoLegalMove => "no_legal_move",
        }
    }

    /// The point the refusal is about, if any.
    #[must_use]
    pub const fn point(&self) -> Option<Point> {
        match self {
            GameError::Occupied(p) | GameError::Forbidden(p) => Some(*p),
            _ => None,
        }
    }
}

/// Text that is not a point or move list; says what was wrong and where (0-based
/// character position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMovesError {
    /// Character position of the offending text.
    pub position: usize,
    /// The offending text, as written.
    pub found: String,
    /// What was expected or wrong, in English.
    pub reason: String,
    /// The same as a kind that does not change with the wording, for interfaces that say it
    /// in the player's language.
    pub problem: ParseProblem,
}

/// What was wrong at the offending text of a move list, by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseProblem {
    /// A single point was wanted, not a list.
    OnePoint,
    /// Digits that are not a move number (`1.`).
    ColumnOrNumber,
    /// Neither a column letter nor a separator.
    Column,
    /// A column letter past the last column of a `size`×`size` board.
    ColumnPast {
        /// Side of the board, in points.
        size: u8,
    },
    /// A column letter without a row number.
    RowNumber,
    /// A row number off a `size`×`size` board.
    RowRange {
        /// Side of the board, in points.
        size: u8,
    },
}

impl ParseProblem {
    /// A short name that does not change with the wording (see [`GameError::code`]):
    /// `one_point`, `column_or_number`, `column`, `column_past`, `row_number`, `row_range`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            ParseProblem::OnePoint => "one_point",
            ParseProblem::ColumnOrNumber => "column_or_number",
            ParseProblem::Column => "column",
            ParseProblem::ColumnPast { .. } => "column_past",
            ParseProblem::RowNumber => "row_number",
            ParseProblem::RowRange { .. } => "row_range",
        }
    }

    /// The board side the problem is measured against, for the two that name it.
    #[must_use]
    pub const fn size(self) -> Option<u8> {
        match self {
            ParseProblem::ColumnPast { size } | ParseProblem::RowRange { size } => Some(size),
            _ => None,
        }
    }
}

impl fmt::Display for ParseProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseProblem::OnePoint => f.write_str("expected exactly one point such as h8"),
            ParseProblem::ColumnOrNumber => {
                f.write_str("expected a column letter (or a move number such as 1.)")
            }
            ParseProblem::Column => f.write_str("expected a column letter"),
            ParseProblem::ColumnPast { size } => {
                let last = char::from(b'a' + size.saturating_sub(1));
                if size >= MAX_SIZE {
                    write!(f, "column is past '{last}'")
                } else {
                    write!(f, "column is past '{last}' (columns a–{last})")
                }
            }
            ParseProblem::RowNumber => f.write_str("expected a row number after the column"),
            ParseProblem::RowRange { size } => write!(f, "row must be 1 to {size}"),
        }
    }
}

impl fmt::Display for ParseMovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.found.is_empty() {
            write!(f, "at character {}: {}", self.position + 1, self.reason)
        } else {
            write!(
                f,
                "at character {} ('{}'): {}",
                self.position + 1,
                self.found,
                self.reason
            )
        }
    }
}

impl Error for ParseMovesError {}

impl ParseMovesError {
    /// The kind's short name (see [`GameError::code`]): `bad_move_list`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        "bad_move_list"
    }
}

/// "board size 3 is not supported: it must be 5 to 20", for games and loads alike.
struct BadSizeText(i64);

impl fmt::Display for BadSizeText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is not supported: it must be {MIN_SIZE} to {MAX_SIZE}",
            self.0
        )
    }
}

/// A move list that cannot be loaded: a bad board size, text that is not a move list, or a
/// move that cannot be played from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// A board side outside 5..=20.
    BadSize(i64),
    /// The text is not a move list.
    Parse(ParseMovesError),
    /// Move `number` (1-based), `point`, was refused.
    Illegal {
        /// Position of the move in the list, from 1.
        number: usize,
        /// Where the move was played.
        point: Point,
        /// Why the game refused it.
        error: GameError,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::BadSize(n) => write!(f, "{}", BadSizeText(*n)),
            LoadError::Parse(e) => write!(f, "bad move list {e}"),
            LoadError::Illegal {
                number,
                point,
                error,
            } => write!(f, "move {number} ({point}) cannot be played: {error}"),
        }
    }
}

impl Error for LoadError {}

impl LoadError {
    /// The kind's short name (see [`GameError::code`]): `bad_size`, `bad_move_list`, or for a
    /// move that cannot be played, why (`occupied`, `forbidden`, `game_over`, …).
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            LoadError::BadSize(_) => "bad_size",
            LoadError::Parse(e) => e.code(),
            LoadError::Illegal { error, .. } => error.code(),
        }
    }
}

impl From<ParseMovesError> for LoadError {
    fn from(e: ParseMovesError) -> LoadError {
        LoadError::Parse(e)
    }
}

/// An unknown name for a rule, opponent or other option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNameError {
    what: &'static str,
    found: String,
    expected: String,
}

impl ParseNameError {
    pub(crate) fn new(what: &'static str, found: &str, expected: &[&str]) -> ParseNameError {
        ParseNameError {
            what,
            found: found.chars().take(40).collect(),
            expected: expected.join(", "),
        }
    }
}

impl fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}' (expected one of: {})",
            self.what, self.found, self.expected
        )
    }
}

impl Error for ParseNameError {}

impl ParseNameError {
    /// The kind's short name (see [`GameError::code`]): `unknown_rule`, `unknown_level`, or
    /// `unknown_name` for other names.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self.what {
            "rule" => "unknown_rule",
            "level" => "unknown_level",
            _ => "unknown_name",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::MoveList;

    #[test]
    fn a_move_list_problem_has_a_code_beside_its_english_reason() {
        let cases = [
            ("h8 9", 20, ParseProblem::ColumnOrNumber, "column_or_number"),
            ("h8 ü3", 20, ParseProblem::Column, "column"),
            (
                "h8 p5",
                15,
                ParseProblem::ColumnPast { size: 15 },
                "column_past",
            ),
            ("h8 i", 15, ParseProblem::RowNumber, "row_number"),
            (
                "h8 a16",
                15,
                ParseProblem::RowRange { size: 15 },
                "row_range",
            ),
        ];
        for (text, size, problem, code) in cases {
            let e = MoveList::parse_on(text, size).unwrap_err();
            assert_eq!(e.problem, problem, "{text}");
            assert_eq!(e.problem.code(), code, "{text}");
            assert_eq!(e.reason, problem.to_string(), "{text}");
        }
        assert_eq!(ParseProblem::ColumnPast { size: 15 }.size(), Some(15));
        assert_eq!(ParseProblem::Column.size(), None);
        let e = "h8 i9".parse::<Point>().unwrap_err();
        assert_eq!(
            (e.problem, e.problem.code()),
            (ParseProblem::OnePoint, "one_point")
        );
    }
}
