//! A game in progress: the board under a rule, whose turn it is, the move history and the
//! result. Every change goes through checked methods that leave the game untouched on error.

use crate::board::Board;
use crate::color::Color;
use crate::error::{GameError, LoadError};
use crate::notation::MoveList;
use crate::point::Point;
use crate::position::threat::Threat;
use crate::position::{cell_of, Position};
use crate::rule::Rule;
use crate::{renju, wincheck, zobrist};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This colour made a winning line.
    Win(Color),
    /// Nobody won, for this reason.
    Draw(DrawReason),
}

/// Why a game ended without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// Every point holds a stone.
    BoardFull,
    /// Renju: black is to move and every empty point is forbidden for black.
    NoLegalMove,
}

impl DrawReason {
    /// A short name that does not change with the wording, for interfaces:
    /// `board_full`, `no_legal_move`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            DrawReason::BoardFull => "board_full",
            DrawReason::NoLegalMove => "no_legal_move",
        }
    }
}

/// A game of five-in-a-row.
///
/// ```
/// use gomoku::{Color, Game, GameError, Point, Rule};
///
/// let mut game = Game::from_moves(15, Rule::Freestyle, "a1 b1 a2 b2 a3 b3 a4 b4")?;
/// let a5: Point = "a5".parse()?;
/// // A refused move changes nothing.
/// assert_eq!(game.try_play("a1".parse()?), Err(GameError::Occupied("a1".parse()?)));
/// game.try_play(a5)?;
/// assert_eq!(game.winner(), Some(Color::Black));
/// assert_eq!(game.winning_line().len(), 5);
/// assert_eq!(game.try_play("h8".parse()?), Err(GameError::GameOver));
/// assert_eq!(game.undo(), Ok(a5));
/// assert!(!game.is_over());
/// assert_eq!(game.side_to_move(), Color::Black);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    rule: Rule,
    moves: Vec<Point>,
    outcome: Option<Outcome>,
    winning_line: Vec<Point>,
}

impl Game {
    /// A new game on an empty `size`×`size` board; black moves first.
    ///
    /// # Errors
    /// [`GameError::BadSize`] unless `5 <= size <= 20`.
    pub fn new(size: i64, rule: Rule) -> Result<Game, GameError> {
        let board = u8::try_from(size)
            .ok()
            .and_then(Board::new)
            .ok_or(GameError::BadSize(size))?;
        Ok(Game {
            board,
            rule,
            moves: Vec::new(),
            outcome: None,
            winning_line: Vec::new(),
        })
    }

    /// A game after playing `moves` (e.g. `"h8 i9 j10"`) from the empty board.
    ///
    /// # Errors
    /// [`LoadError`] for a board size outside 5..=20, text that is not a move list, or a
    /// move that cannot be played.
    pub fn from_moves(size: i64, rule: Rule, moves: &str) -> Result<Game, LoadError> {
        let mut game = Game::new(size, rule).map_err(|_| LoadError::BadSize(size))?;
        let list = MoveList::parse_on(moves, game.size())?;
        for (i, &p) in list.0.iter().enumerate() {
            game.try_play(p).map_err(|error| LoadError::Illegal {
                number: i + 1,
                point: p,
                error,
            })?;
        }
        Ok(game)
    }

    /// The stones.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board's side, 5 to 20.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// The rule the game is played under.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Black moves first, then the colours alternate.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        if self.moves.len() % 2 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The moves played so far, in order.
    #[must_use]
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The latest move, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Point> {
        self.moves.last().copied()
    }

    /// The move list as text, `h8 i9 j10`.
    #[must_use]
    pub fn move_list(&self) -> MoveList {
        MoveList(self.moves.clone())
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The colour that made a winning line, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match self.outcome {
            Some(Outcome::Win(c)) => Some(c),
            _ => None,
        }
    }

    /// Why the game was drawn, if it was.
    #[must_use]
    pub fn draw_reason(&self) -> Option<DrawReason> {
        match self.outcome {
            Some(Outcome::Draw(reason)) => Some(reason),
            _ => None,
        }
    }

    /// Whether somebody has won, or the game is drawn (see [`DrawReason`]).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The stones of the winning line(s), sorted; empty unless somebody has won.
    #[must_use]
    pub fn winning_line(&self) -> &[Point] {
        &self.winning_line
    }

    /// Zobrist hash of the position, side to move included.
    #[must_use]
    pub fn hash(&self) -> u64 {
        match self.side_to_move() {
            Color::Black => self.board.hash(),
            Color::White => self.board.hash() ^ zobrist::WHITE_TO_MOVE,
        }
    }

    /// Whether the side to move may not play on the empty point `p` (renju, black only).
    ///
    /// ```
    /// use gomoku::{Game, Rule};
    ///
    /// // Black's stones on f8 g8 h6 h7: h8 would make two open threes.
    /// let game = Game::from_moves(15, Rule::Renju, "f8 a1 g8 a3 h6 o1 h7 o3")?;
    /// let h8 = "h8".parse()?;
    /// assert!(game.is_forbidden(h8));
    /// assert_eq!(game.forbidden_points(), vec![h8]);
    /// assert!(game.check_move(h8).is_err());
    /// // The same stones under freestyle: nothing is forbidden.
    /// let free = Game::from_moves(15, Rule::Freestyle, "f8 a1 g8 a3 h6 o1 h7 o3")?;
    /// assert!(!free.is_forbidden(h8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_forbidden(&self, p: Point) -> bool {
        self.rule.restricts(self.side_to_move()) && renju::is_forbidden(&self.board, p)
    }

    /// Points the side to move may not play on: black's forbidden points under renju while
    /// black is to move and nobody has won; otherwise none. In a game drawn for
    /// [`DrawReason::NoLegalMove`] that is every empty point, which shows why it ended.
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<Point> {
        if self.rule.restricts(self.side_to_move()) && self.winner().is_none() {
            renju::forbidden_points(&self.board)
        } else {
            Vec::new()
        }
    }

    /// Every threat on the board: for each empty point and each colour, what a stone of
    /// that colour there would make, when it is an open three or stronger (a four, a double
    /// three, a four-three, an open four or a five). In row order, black before white.
    ///
    /// ```
    /// use gomoku::{Color, Game, Rule, Threat};
    ///
    /// // Black's open three h8 i8 j8: g8 and k8 make an open four.
    /// let game = Game::from_moves(15, Rule::Freestyle, "h8 a1 i8 a3 j8")?;
    /// let open_fours: Vec<String> = game
    ///     .threats()
    ///     .into_iter()
    ///     .filter(|&(_, c, t)| c == Color::Black && t == Threat::OpenFour)
    ///     .map(|(p, _, _)| p.to_string())
    ///     .collect();
    /// assert_eq!(open_fours, ["g8", "k8"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn threats(&self) -> Vec<(Point, Color, Threat)> {
        let pos = Position::from_game(self);
        let mut out = Vec::new();
        for p in self.board.empty_points() {
            for c in [Color::Black, Color::White] {
                let threat = pos.threat(c, cell_of(p));
                if threat >= Threat::Three {
                    out.push((p, c, threat));
                }
            }
        }
        out
    }

    /// Checks `(x, y)` (any integers, e.g. from a click) and turns it into a point.
    ///
    /// # Errors
    /// [`GameError::OutOfBoard`].
    pub fn point(&self, x: i64, y: i64) -> Result<Point, GameError> {
        if self.board.contains_xy(x, y) {
            // On the board, so both are below 20.
            Ok(Point::new(x as u8, y as u8))
        } else {
            Err(GameError::OutOfBoard {
                x,
                y,
                size: self.size(),
            })
        }
    }

    /// Whether the side to move may play `p` now.
    ///
    /// # Errors
    /// The reason it may not; the game is not changed.
    pub fn check_move(&self, p: Point) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if !self.board.contains(p) {
            return Err(GameError::OutOfBoard {
                x: p.x.into(),
                y: p.y.into(),
                size: self.size(),
            });
        }
        if self.board.get(p).is_some() {
            return Err(GameError::Occupied(p));
        }
        if self.is_forbidden(p) {
            return Err(GameError::Forbidden(p));
        }
        Ok(())
    }

    /// Plays `p` for the side to move, then settles a win or a draw: a full board, or under
    /// renju a move of white's that leaves black only forbidden points.
    ///
    /// # Errors
    /// Game over, off the board, occupied, or forbidden; the game is not changed.
    pub fn try_play(&mut self, p: Point) -> Result<(), GameError> {
        self.check_move(p)?;
        let color = self.side_to_move();
        self.board.place(p, color);
        self.moves.push(p);
        if wincheck::makes_five(&self.board, p, color, self.rule) {
            self.outcome = Some(Outcome::Win(color));
            self.winning_line = wincheck::winning_line(&self.board, p, self.rule);
        } else if self.board.is_full() {
            self.outcome = Some(Outcome::Draw(DrawReason::BoardFull));
        } else if self.rule.restricts(self.side_to_move()) && !renju::has_allowed_point(&self.board)
        {
            // Only after white's moves under renju; the scan stops at the first allowed
            // point, which is nearly always the first empty point it looks at.
            self.outcome = Some(Outcome::Draw(DrawReason::NoLegalMove));
        }
        Ok(())
    }

    /// Takes back the last move, also after the game ended.
    ///
    /// # Errors
    /// [`GameError::NothingToUndo`] at the start.
    pub fn undo(&mut self) -> Result<Point, GameError> {
        let p = self.moves.pop().ok_or(GameError::NothingToUndo)?;
        self.board.remove(p);
        // The position before any move of a finished game was still open.
        self.outcome = None;
        self.winning_line.clear();
        Ok(p)
    }
}
