//! Parsing the manager's lines into commands. Nothing here knows the game; numbers are kept
//! as `i64` so that off-board and negative values reach the game's own checks.

use std::fmt;

use crate::error::GameError;

/// Longest piece of a bad line quoted back in a reply.
const MAX_QUOTE: usize = 40;

/// One line from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n`: a new game on an `n`×`n` board.
    Start(i64),
    /// `RECTSTART w,h`: a new game on a `w`×`h` board.
    RectStart(i64, i64),
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: the engine makes the first move.
    Begin,
    /// `TURN x,y`: the opponent played `x,y`; the engine answers.
    Turn(i64, i64),
    /// `BOARD`: a whole position follows, one `x,y,who` a line, then `DONE`.
    Board,
    /// `DONE`: only meaningful after `BOARD`.
    Done,
    /// `INFO key value`: a setting.
    Info {
        /// The setting's name, lower-cased (`timeout_turn`, `rule`, …).
        key: String,
        /// Everything after the key, trimmed; may be empty or hold spaces.
        value: String,
    },
    /// `TAKEBACK x,y`: remove the stone at `x,y`.
    Takeback(i64, i64),
    /// `ABOUT`: who the engine is.
    About,
    /// `END`: quit.
    End,
}

/// Why a line could not be obeyed. `Unknown` is answered `UNKNOWN`, the rest `ERROR`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    /// Not a command of the protocol.
    Unknown(String),
    /// A known command with missing or bad arguments.
    Malformed {
        /// The command's name, upper-case.
        command: &'static str,
        /// The bad arguments, quoted short with control characters replaced.
        found: String,
        /// What the arguments should look like.
        expected: &'static str,
    },
    /// A command that needs a game before `START`.
    NoGame,
    /// A board size the engine cannot play.
    BadSize(String),
    /// A move or position the rules refuse.
    Game(GameError),
    /// A `BOARD` position that no game can reach.
    ImpossibleBoard(String),
    /// A `BOARD` interrupted by another command before `DONE`.
    BoardNotDone,
    /// `DONE` without `BOARD`.
    DoneWithoutBoard,
    /// `BEGIN` on a board that already has stones.
    BeginNotEmpty,
    /// `TAKEBACK` of a point that is not the last move.
    NotLastMove {
        /// Wire column, from 0 at the left.
        x: i64,
        /// Wire row, from 0 at the top.
        y: i64,
    },
    /// A rule bit the engine does not play (e.g. caro).
    UnsupportedRule(u64),
    /// The engine found no move.
    NoMove,
    /// A line longer than the input cap; only its start was read, so it is not obeyed.
    LineTooLong,
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Unknown(s) => write!(f, "unknown command '{s}'"),
            ProtocolError::Malformed {
                command,
                found,
                expected,
            } => write!(f, "{command}: expected {expected}, found '{found}'"),
            ProtocolError::NoGame => f.write_str("no game yet: send START first"),
            ProtocolError::BadSize(s) => {
                write!(f, "board size {s} is not supported (square, 5 to 20)")
            }
            ProtocolError::Game(e) => write!(f, "{e}"),
            ProtocolError::ImpossibleBoard(s) => write!(f, "impossible BOARD position: {s}"),
            ProtocolError::BoardNotDone => f.write_str("BOARD was not finished by DONE"),
            ProtocolError::DoneWithoutBoard => f.write_str("DONE without BOARD"),
            ProtocolError::BeginNotEmpty => f.write_str("BEGIN needs an empty board"),
            ProtocolError::NotLastMove { x, y } => {
                write!(f, "TAKEBACK {x},{y}: only the last move can be taken back")
            }
            ProtocolError::UnsupportedRule(r) => write!(
                f,
                "rule {r} is not supported (0 freestyle, 1 exactly five, 4 renju; +2 continuous)"
            ),
            ProtocolError::NoMove => f.write_str("the engine found no legal move"),
            ProtocolError::LineTooLong => f.write_str("line too long: ignored"),
        }
    }
}

impl std::error::Error for ProtocolError {}

impl From<GameError> for ProtocolError {
    fn from(e: GameError) -> ProtocolError {
        ProtocolError::Game(e)
    }
}

impl ProtocolError {
    /// The reply line for this error.
    #[must_use]
    pub fn reply(&self) -> String {
        match self {
            ProtocolError::Unknown(_) => format!("UNKNOWN {self}"),
            _ => format!("ERROR {self}"),
        }
    }
}

/// The first characters of `s`, for quoting in an error. Control characters become `?`:
/// the manager takes a CR as the end of a line, so an echoed one would split the reply and
/// its tail could pass for a move.
pub(crate) fn quote(s: &str) -> String {
    let mut q: String = s
        .chars()
        .take(MAX_QUOTE)
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                '?'
            } else {
                c
            }
        })
        .collect();
    if s.chars().nth(MAX_QUOTE).is_some() {
        q.push('…');
    }
    q
}

/// Parses one line; the command word is read in any case, the arguments around commas
/// may have spaces.
///
/// ```
/// use gomoku::protocol::{parse, Command, ProtocolError};
///
/// assert_eq!(parse("turn 7, 8"), Ok(Command::Turn(7, 8)));
/// assert_eq!(
///     parse("INFO timeout_turn 1000"),
///     Ok(Command::Info { key: "timeout_turn".into(), value: "1000".into() })
/// );
/// let error = parse("TURN 7").unwrap_err();
/// assert_eq!(error.reply(), "ERROR TURN: expected coordinates x,y, found '7'");
/// assert!(matches!(parse("HELLO"), Err(ProtocolError::Unknown(_))));
/// ```
///
/// # Errors
/// [`ProtocolError::Unknown`] or [`ProtocolError::Malformed`].
pub fn parse(line: &str) -> Result<Command, ProtocolError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let word = word.to_ascii_uppercase();
    let no_args = |command: Command, name: &'static str| {
        if rest.is_empty() {
            Ok(command)
        } else {
            Err(malformed(name, rest, "no arguments"))
        }
    };
    match word.as_str() {
        "START" => rest
            .parse()
            .map(Command::Start)
            .map_err(|_| malformed("START", rest, "a board size such as 15")),
        "RECTSTART" => {
            let (w, h) = pair("RECTSTART", rest, "width,height such as 15,15")?;
            Ok(Command::RectStart(w, h))
        }
        "RESTART" => no_args(Command::Restart, "RESTART"),
        "BEGIN" => no_args(Command::Begin, "BEGIN"),
        "TURN" => {
            let (x, y) = pair("TURN", rest, "coordinates x,y")?;
            Ok(Command::Turn(x, y))
        }
        "TAKEBACK" => {
            let (x, y) = pair("TAKEBACK", rest, "coordinates x,y")?;
            Ok(Command::Takeback(x, y))
        }
        "BOARD" => no_args(Command::Board, "BOARD"),
        "DONE" => no_args(Command::Done, "DONE"),
        "INFO" => {
            let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            if key.is_empty() {
                return Err(malformed("INFO", rest, "a key and a value"));
            }
            Ok(Command::Info {
                key: key.to_ascii_lowercase(),
                value: value.trim().to_owned(),
            })
        }
        "ABOUT" => no_args(Command::About, "ABOUT"),
        "END" => Ok(Command::End),
        _ => Err(ProtocolError::Unknown(quote(line))),
    }
}

/// Parses a `BOARD` line `x,y,who`.
///
/// # Errors
/// [`ProtocolError::Malformed`] unless it is three integers.
pub fn parse_stone(line: &str) -> Result<(i64, i64, i64), ProtocolError> {
    const EXPECTED: &str = "x,y,who with who 1, 2 or 3";
    let mut numbers = line.split(',').map(|s| s.trim().parse::<i64>());
    match (
        numbers.next(),
        numbers.next(),
        numbers.next(),
        numbers.next(),
    ) {
        (Some(Ok(x)), Some(Ok(y)), Some(Ok(who)), None) if (1..=3).contains(&who) => {
            Ok((x, y, who))
        }
        _ => Err(malformed("BOARD", line, EXPECTED)),
    }
}

fn pair(
    command: &'static str,
    text: &str,
    expected: &'static str,
) -> Result<(i64, i64), ProtocolError> {
    let mut numbers = text.split(',').map(|s| s.trim().parse::<i64>());
    match (numbers.next(), numbers.next(), numbers.next()) {
        (Some(Ok(a)), Some(Ok(b)), None) => Ok((a, b)),
        _ => Err(malformed(command, text, expected)),
    }
}

fn malformed(command: &'static str, found: &str, expected: &'static str) -> ProtocolError {
    ProtocolError::Malformed {
        command,
        found: quote(found),
        expected,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse_in_any_case_with_spaces() {
        assert_eq!(parse("start 15"), Ok(Command::Start(15)));
        assert_eq!(parse("TURN 7, 8"), Ok(Command::Turn(7, 8)));
        assert_eq!(parse("RECTSTART 20,20"), Ok(Command::RectStart(20, 20)));
        assert_eq!(
            parse("INFO Timeout_Turn 1000"),
            Ok(Command::Info {
                key: "timeout_turn".into(),
                value: "1000".into()
            })
        );
        assert_eq!(
            parse("INFO folder C:\\some dir"),
            Ok(Command::Info {
                key: "folder".into(),
                value: "C:\\some dir".into()
            })
        );
    }

    #[test]
    fn bad_arguments_are_malformed_and_strangers_unknown() {
        for line in [
            "TURN",
            "TURN 1",
            "TURN a,b",
            "TURN 1,2,3",
            "START x",
            "BEGIN now",
            "INFO",
        ] {
            assert!(
                matches!(parse(line), Err(ProtocolError::Malformed { .. })),
                "{line}"
            );
        }
        assert!(matches!(parse("HELLO"), Err(ProtocolError::Unknown(_))));
        assert_eq!(parse_stone("1,2,3"), Ok((1, 2, 3)));
        assert!(parse_stone("1,2,4").is_err());
        assert!(parse_stone("1,2").is_err());
    }

    #[test]
    fn quotes_are_short() {
        let long = "x".repeat(1000);
        assert!(quote(&long).chars().count() <= MAX_QUOTE + 1);
        assert_eq!(quote("a\rb\nc\0d\u{85}e\u{2028}f"), "a?b?c?d?e?f");
    }
}
