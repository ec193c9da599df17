//! Stone colours.

use std::fmt;

/// The colour of a stone, or of the side to move. Black always moves first.
///
/// ```
/// use gomoku::Color;
///
/// assert_eq!(Color::Black.opposite(), Color::White);
/// assert_eq!(Color::White.to_string(), "white");
/// // Codes as in board snapshots (0 is an empty point).
/// assert_eq!((Color::Black.code(), Color::White.code()), (1, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player; the one renju restricts.
    Black,
    /// The second player.
    White,
}

impl Color {
    /// The other colour.
    #[must_use]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-colour tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The colour's code at the wasm boundary and in board snapshots: 1 black, 2 white.
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Color::Black => 1,
            Color::White => 2,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}
