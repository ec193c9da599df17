//! The games file of `arena --save`: a header of lines starting with `#`, then one line a
//! game, written as the game ends. A line has five fields separated by tabs (`\t` here):
//!
//! ```text
//! 7\twhite\t0-1\tB forfeits at move 18, timeout: no move within 250 ms\th8 i9 j10 …
//! ```
//!
//! the game's number, A's colour, the result for A (`1-0`, `0-1`, `1/2-1/2`), how the game
//! ended, and every move from the empty board (the opening included) in the notation of
//! [`MoveList`], which the page's "Load moves" reads. Like an openings file, blank lines and
//! lines starting with `#` are skipped by [`parse`].

use std::fmt;

use super::{GameRecord, MatchConfig, Side};
use crate::color::Color;
use crate::error::ParseMovesError;
use crate::notation::MoveList;

/// The header of a games file: its format, the players and the match settings.
#[must_use]
pub fn header(names: &[String; 2], config: &MatchConfig) -> String {
    let [a, b] = names;
    let per_move = config.time_ms.map_or_else(
        || format!("levels' own, engines {} ms", config.turn_ms_external()),
        |t| format!("{t} ms"),
    );
    let mut limits = format!("time per move {per_move}");
    if let Some(ms) = config.match_time_ms {
        limits.push_str(&format!(", match time {ms} ms a game"));
    }
    if let Some(n) = config.nodes {
        limits.push_str(&format!(", nodes {n}"));
    }
    if let Some(d) = config.depth {
        limits.push_str(&format!(", depth {d}"));
    }
    format!(
        "# gomoku arena games, one a line, tab-separated: game, A's colour, result for A, \
         ending, moves\n\
         # A: {a}\n\
         # B: {b}\n\
         # rule {}, size {}, {limits}, seed {}\n",
        config.rule, config.size, config.seed
    )
}

/// The line of one game, without its newline.
#[must_use]
pub fn line(record: &GameRecord) -> String {
    let result = match record.winner() {
        Some(Side::A) => "1-0",
        Some(Side::B) => "0-1",
        None => "1/2-1/2",
    };
    // Fault texts quote engines' replies: no tab or line break may split the line.
    let ending: String = record
        .ending_text()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    format!(
        "{}\t{}\t{result}\t{ending}\t{}",
        record.number, record.a_color, record.moves
    )
}

/// One game read back from a games file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The game's number in its match, from 1.
    pub number: u32,
    /// A's colour.
    pub a_color: Color,
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// As [`GameRecord::ending_text`] wrote it.
    pub ending: String,
    /// Every move from the empty board, the opening included.
    pub moves: MoveList,
}

/// A line of a games file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedError {
    /// 1-based.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for SavedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "games line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for SavedError {}

/// Reads a games file.
///
/// ```
/// use gomoku::arena::saved::parse;
/// use gomoku::arena::Side;
/// use gomoku::Color;
///
/// let text = "# A: search-100\n3\tblack\t1-0\tfive by black\th8 i9 h9 i8 h10 i10 h11 i7 h12\n";
/// let games = parse(text)?;
/// assert_eq!(games[0].number, 3);
/// assert_eq!(games[0].a_color, Color::Black);
/// assert_eq!(games[0].winner, Some(Side::A));
/// assert_eq!(games[0].moves.0.len(), 9);
///
/// let error = parse("3\tblack\t1-0").unwrap_err();
/// assert_eq!(error.to_string(), "games line 1: expected 5 tab-separated fields, found 3");
/// # Ok::<(), gomoku::arena::saved::SavedError>(())
/// ```
///
/// # Errors
/// [`SavedError`] for the first line that is not a game.
pub fn parse(text: &str) -> Result<Vec<SavedGame>, SavedError> {
    let mut games = Vec::new();
    for (i, text) in text.lines().enumerate() {
        if text.trim().is_empty() || text.trim_start().starts_with('#') {
            continue;
        }
        let error = |reason: String| SavedError {
            line: i + 1,
            reason,
        };
        let fields: Vec<&str> = text.trim_end_matches('\r').split('\t').collect();
        let [number, color, result, ending, moves] = fields.as_slice() else {
            return Err(error(format!(
                "expected 5 tab-separated fields, found {}",
                fields.len()
            )));
        };
        let number = number
            .trim()
            .parse()
            .map_err(|_| error(format!("'{number}' is not a game number")))?;
        let a_color = match color.trim() {
            "black" => Color::Black,
            "white" => Color::White,
            other => return Err(error(format!("'{other}' is not black or white"))),
        };
        let winner = match result.trim() {
            "1-0" => Some(Side::A),
            "0-1" => Some(Side::B),
            "1/2-1/2" => None,
            other => return Err(error(format!("'{other}' is not 1-0, 0-1 or 1/2-1/2"))),
        };
        let moves = moves
            .parse()
            .map_err(|e: ParseMovesError| error(e.to_string()))?;
        games.push(SavedGame {
            number,
            a_color,
            winner,
            ending: ending.trim().to_owned(),
            moves,
        });
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{Ending, Fault};

    fn record(number: u32, a_color: Color, ending: Ending, moves: &str) -> GameRecord {
        let moves: MoveList = moves.parse().expect("moves");
        GameRecord {
            number,
            opening: MoveList(moves.0.iter().take(3).copied().collect()),
            a_color,
            ending,
            moves,
        }
    }

    #[test]
    fn lines_have_five_fields_and_read_back() {
        let won = record(
            1,
            Color::Black,
            Ending::Five(Color::Black),
            "h8 i9 j10 h9 h10 h11 h12 h7 h6",
        );
        assert_eq!(
            line(&won),
            "1\tblack\t1-0\tfive by black\th8 i9 j10 h9 h10 h11 h12 h7 h6"
        );
        let forfeit = record(
            2,
            Color::White,
            Ending::Forfeit {
                loser: Side::A,
                fault: Fault::Illegal("said\t'x\ny'".into()),
                move_number: Some(5),
            },
            "h8 i9 j10 a1",
        );
        assert_eq!(
            line(&forfeit),
            "2\twhite\t0-1\tA forfeits at move 5, illegal move: said 'x y'\th8 i9 j10 a1"
        );
        let config = MatchConfig {
            match_time_ms: Some(5000),
            ..MatchConfig::default()
        };
        let text = format!(
            "{}{}\n\n{}\n",
            header(&["scoring-000".into(), "cmd:/bin/x".into()], &config),
            line(&won),
            line(&forfeit)
        );
        assert!(
            text.contains("# A: scoring-000\n# B: cmd:/bin/x\n"),
            "{text}"
        );
        assert!(text.contains("match time 5000 ms a game"), "{text}");
        let games = parse(&text).expect("games");
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0],
            SavedGame {
                number: 1,
                a_color: Color::Black,
                winner: Some(Side::A),
                ending: "five by black".into(),
                moves: won.moves.clone(),
            }
        );
        assert_eq!(games[1].winner, Some(Side::B));
        assert_eq!(games[1].moves, forfeit.moves);
    }

    #[test]
    fn bad_lines_are_named() {
        for (text, bad) in [
            ("# header\n1\tblack\t1-0\tfive\n", 2),
            ("1\tgreen\t1-0\tfive\th8\n", 1),
            ("1\tblack\t2-0\tfive\th8\n", 1),
            ("x\tblack\t1-0\tfive\th8\n", 1),
            ("1\tblack\t1-0\tfive\th8\n2\twhite\t0-1\tfive\th8 zz\n", 2),
        ] {
            assert_eq!(parse(text).map_err(|e| e.line), Err(bad), "{text}");
        }
    }
}
