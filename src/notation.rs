//! Text notation: points as `h8` (column letter from `a` on the left, row number from 1 at
//! the bottom) and games as move lists `h8 i9 j10`.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseMovesError, ParseProblem};
use crate::point::{Point, MAX_SIZE};

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x), u32::from(self.y) + 1)
    }
}

impl FromStr for Point {
    type Err = ParseMovesError;

    /// Parses one point such as `h8` or `H8` (columns `a`..`t`, rows 1..20).
    ///
    /// # Errors
    /// [`ParseMovesError`] if the text is not exactly one point.
    fn from_str(s: &str) -> Result<Point, ParseMovesError> {
        let moves: MoveList = s.parse()?;
        match moves.0.as_slice() {
            [p] => Ok(*p),
            _ => Err(ParseMovesError {
                position: 0,
                found: s.chars().take(20).collect(),
                reason: ParseProblem::OnePoint.to_string(),
                problem: ParseProblem::OnePoint,
            }),
        }
    }
}

/// A sequence of points, as written in a game record: `h8 i9 j10`.
///
/// Parsing accepts points separated by spaces, commas or nothing (`h8i9j10`), in any case,
/// and move numbers as games are usually written (`1. h8 i9 2. j10`, `1.h8 2.i9`), which it
/// skips. Display writes the points lower-case, separated by single spaces, so it
/// round-trips.
///
/// ```
/// use gomoku::{MoveList, Point};
///
/// let moves: MoveList = "H8i9,j10".parse()?;
/// assert_eq!(moves.0, [Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)]);
/// assert_eq!(moves.to_string(), "h8 i9 j10");
/// // Errors say where the text went wrong, counting characters from 1.
/// let e = "h8 i9 zz".parse::<MoveList>().unwrap_err();
/// assert_eq!(e.to_string(), "at character 7 ('z'): column is past 't'");
/// // Numbered lists, by pairs or by moves.
/// assert_eq!("1. h8 i9 2. j10".parse::<MoveList>()?, moves);
/// assert_eq!("1.h8 2.i9 3.j10".parse::<MoveList>()?, moves);
/// // On a given board, in that board's terms.
/// let e = MoveList::parse_on("h8 p5", 15).unwrap_err();
/// assert_eq!(e.to_string(), "at character 4 ('p'): column is past 'o' (columns a–o)");
/// # Ok::<(), gomoku::ParseMovesError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList(pub Vec<Point>);

impl fmt::Display for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl FromStr for MoveList {
    type Err = ParseMovesError;

    /// Parses points on the largest board (columns `a`..`t`, rows 1..20).
    ///
    /// # Errors
    /// [`ParseMovesError`] with the character position and what was wrong there.
    fn from_str(s: &str) -> Result<MoveList, ParseMovesError> {
        MoveList::parse_on(s, MAX_SIZE)
    }
}

impl MoveList {
    /// Parses points on a `size`×`size` board: a point off it is refused in that board's
    /// terms ("columns a–o", "rows 1 to 15").
    ///
    /// # Errors
    /// [`ParseMovesError`] with the character position and what was wrong there.
    pub fn parse_on(s: &str, size: u8) -> Result<MoveList, ParseMovesError> {
        let size = size.min(MAX_SIZE);
        let chars: Vec<char> = s.chars().collect();
        let mut points = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_whitespace() || c == ',' || c == ';' {
                i += 1;
                continue;
            }
            let start = i;
            if c.is_ascii_digit() {
                // A move number: digits and a dot (`1.`, `12.`) or a parenthesis (`1)`).
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                if i < chars.len() && matches!(chars[i], '.' | ')') {
                    i += 1;
                    continue;
                }
                return Err(error(start, &chars[start..i], ParseProblem::ColumnOrNumber));
            }
            let column = c.to_ascii_lowercase();
            if !column.is_ascii_lowercase() {
                return Err(error(start, &chars[start..=start], ParseProblem::Column));
            }
            let x = column as u8 - b'a';
            if x >= size {
                let problem = ParseProblem::ColumnPast { size };
                return Err(error(start, &chars[start..=start], problem));
            }
            i += 1;
            let digits_start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[digits_start..i].iter().collect();
            if digits.is_empty() {
                return Err(error(
                    start,
                    &chars[start..i.min(chars.len())],
                    ParseProblem::RowNumber,
                ));
            }
            let row: u32 = match digits.parse() {
                Ok(r) if (1..=u32::from(size)).contains(&r) && !digits.starts_with('0') => r,
                _ => {
                    let problem = ParseProblem::RowRange { size };
                    return Err(error(start, &chars[start..i], problem));
                }
            };
            // row is 1..=size, so it fits in u8.
            points.push(Point::new(x, (row - 1) as u8));
        }
        Ok(MoveList(points))
    }
}

fn error(position: usize, found: &[char], problem: ParseProblem) -> ParseMovesError {
    ParseMovesError {
        position,
        found: found.iter().take(20).collect(),
        reason: problem.to_string(),
        problem,
    }
}
