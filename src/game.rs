//! A game in progress: the board under a rule, whose turn it is, the move history and the
//! result. Every change goes through checked methods that leave the game untouched on error.

use crate::board::Board;
use crate::color::Color;
use crate::error::{GameError, LoadError};
use crate::notation::MoveList;
use crate::point::Point;
use crate::rule::Rule;
use crate::{renju, wincheck, zobrist};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Color),
    /// The board is full and nobody has won.
    Draw,
}

/// A game of five-in-a-row.
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
    /// [`LoadError`] for text that is not a move list or a move that cannot be played.
    pub fn from_moves(size: i64, rule: Rule, moves: &str) -> Result<Game, LoadError> {
        let list: MoveList = moves.parse()?;
        let mut game = Game::new(size, rule).map_err(|error| LoadError::Illegal {
            number: 0,
            point: Point::new(0, 0),
            error,
        })?;
        for (i, &p) in list.0.iter().enumerate() {
            game.try_play(p).map_err(|error| LoadError::Illegal {
                number: i + 1,
                point: p,
                error,
            })?;
        }
        Ok(game)
    }

    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[must_use]
    pub fn size(&self) -> u8 {
        self.board.size()
    }

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

    #[must_use]
    pub fn last_move(&self) -> Option<Point> {
        self.moves.last().copied()
    }

    /// The move list as text, `h8 i9 j10`.
    #[must_use]
    pub fn move_list(&self) -> MoveList {
        MoveList(self.moves.clone())
    }

    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match self.outcome {
            Some(Outcome::Win(c)) => Some(c),
            _ => None,
        }
    }

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
    #[must_use]
    pub fn is_forbidden(&self, p: Point) -> bool {
        self.rule == Rule::Renju
            && self.side_to_move() == Color::Black
            && renju::is_forbidden(&self.board, p)
    }

    /// Points the side to move may not play on: black's forbidden points under renju while
    /// black is to move and the game is on; otherwise none.
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<Point> {
        if self.rule == Rule::Renju && self.side_to_move() == Color::Black && !self.is_over() {
            renju::forbidden_points(&self.board)
        } else {
            Vec::new()
        }
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

    /// Plays `p` for the side to move, then settles a win or a draw.
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
            self.outcome = Some(Outcome::Draw);
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
