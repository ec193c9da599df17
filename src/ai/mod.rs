//! The computer opponents described by the source articles: scoring tables and a pattern
//! table. Each rates every empty point and plays the best, breaking ties at random.

pub mod explain;
mod grid;
pub mod lookahead;
pub mod pattern_codes;
mod pattern_table;
mod scoring;

use std::fmt;
use std::str::FromStr;

use crate::color::Color;
use crate::error::{GameError, ParseNameError};
use crate::game::Game;
use crate::point::Point;
use crate::rng::Rng;
use explain::{Combine, Explanation};
use grid::Grid;
use scoring::ScoringTable;

/// One of the article AIs: a scoring or pattern table that rates every empty point.
///
/// ```
/// use gomoku::{ArticleAi, Game, Point, Rng, Rule};
///
/// let ai: ArticleAi = "scoring-000".parse()?;
/// assert_eq!(ai, ArticleAi::Scoring000);
/// assert!("scoring-999".parse::<ArticleAi>().is_err());
/// // On an empty board every article AI takes the centre.
/// let game = Game::new(15, Rule::Freestyle)?;
/// assert_eq!(ai.choose(&game, &mut Rng::seeded(1))?, Point::new(7, 7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArticleAi {
    /// Article 000: four lines, offensive weights (own five 30000 over blocking 20000).
    Scoring000,
    /// Article 003: eight directions, defensive weights.
    Scoring003,
    /// Article 004: eight directions, small weights, random first reply next to the
    /// opponent's first stone.
    Scoring004,
    /// Article 001: 4-cell pattern tables centred on and starting at the point.
    Pattern001,
}

impl ArticleAi {
    /// Every article AI.
    pub const ALL: [ArticleAi; 4] = [
        ArticleAi::Scoring000,
        ArticleAi::Scoring003,
        ArticleAi::Scoring004,
        ArticleAi::Pattern001,
    ];

    /// The id, which is also the level's: `scoring-000`, `scoring-003`, `scoring-004`,
    /// `pattern-001`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            ArticleAi::Scoring000 => "scoring-000",
            ArticleAi::Scoring003 => "scoring-003",
            ArticleAi::Scoring004 => "scoring-004",
            ArticleAi::Pattern001 => "pattern-001",
        }
    }

    /// Number of the article that describes it, `"000"` to `"004"`.
    #[must_use]
    pub const fn article(self) -> &'static str {
        match self {
            ArticleAi::Scoring000 => "000",
            ArticleAi::Scoring003 => "003",
            ArticleAi::Scoring004 => "004",
            ArticleAi::Pattern001 => "001",
        }
    }

    /// The score of every point for the side to move, `y * size + x`; `None` on stones.
    #[must_use]
    pub fn scores(self, game: &Game) -> Vec<Option<i32>> {
        let board = game.board();
        let grid = Grid::new(board);
        let own = game.side_to_move();
        board
            .points()
            .map(|p| {
                board.get(p).is_none().then(|| match self {
                    ArticleAi::Scoring000 => ScoringTable::ARTICLE_000.score(&grid, p, own),
                    ArticleAi::Scoring003 => ScoringTable::ARTICLE_003.score(&grid, p, own),
                    ArticleAi::Scoring004 => ScoringTable::ARTICLE_004.score(&grid, p, own),
                    ArticleAi::Pattern001 => pattern_table::score(&grid, p, own),
                })
            })
            .collect()
    }

    /// How the AI's number for the empty point `p` is made (`None` on a stone or off the
    /// board): the parts its article adds up, whose sum is the point's [`Self::scores`].
    #[must_use]
    pub fn explain(self, game: &Game, p: Point) -> Option<Explanation> {
        let board = game.board();
        if !board.contains(p) || board.get(p).is_some() {
            return None;
        }
        let own = game.side_to_move();
        let grid = Grid::new(board);
        let mut parts = Vec::new();
        let push = |part| parts.push(part);
        match self {
            ArticleAi::Scoring000 => ScoringTable::ARTICLE_000.parts(&grid, p, own, push),
            ArticleAi::Scoring003 => ScoringTable::ARTICLE_003.parts(&grid, p, own, push),
            ArticleAi::Scoring004 => ScoringTable::ARTICLE_004.parts(&grid, p, own, push),
            ArticleAi::Pattern001 => pattern_table::parts(&grid, p, own, push),
        }
        Some(Explanation {
            article: self.article(),
            combine: Combine::Sum,
            total: parts.iter().map(|part| part.value).sum(),
            parts,
        })
    }

    /// The move this AI plays for the side to move.
    ///
    /// # Errors
    /// [`GameError::GameOver`], also when black has only forbidden points left (the game is
    /// then a draw); [`GameError::NoLegalMove`] if no point is playable, which a game that is
    /// on always has.
    pub fn choose(self, game: &Game, rng: &mut Rng) -> Result<Point, GameError> {
        if game.is_over() {
            return Err(GameError::GameOver);
        }
        let board = game.board();
        let n = board.size();
        if board.stone_count() == 0 {
            return Ok(Point::new(n / 2, n / 2));
        }
        if self == ArticleAi::Scoring004 {
            if let Some(p) = first_reply_next_to(game, rng) {
                return Ok(p);
            }
        }
        let scores = self.scores(game);
        let mut best: Vec<Point> = Vec::new();
        let mut best_score = i32::MIN;
        for (p, s) in board.points().zip(scores) {
            let Some(s) = s else { continue };
            if s < best_score || game.is_forbidden(p) {
                continue;
            }
            if s > best_score {
                best_score = s;
                best.clear();
            }
            best.push(p);
        }
        rng.choose(&best).ok_or(GameError::NoLegalMove)
    }
}

/// Article 004: when the opponent has played exactly one stone and we none, reply on a
/// random free neighbour of it.
fn first_reply_next_to(game: &Game, rng: &mut Rng) -> Option<Point> {
    let board = game.board();
    let own: Color = game.side_to_move();
    let stones: Vec<(Point, Color)> = board
        .points()
        .filter_map(|p| board.get(p).map(|c| (p, c)))
        .collect();
    let [(stone, color)] = stones.as_slice() else {
        return None;
    };
    if *color == own {
        return None;
    }
    let neighbours: Vec<Point> = (-1..=1)
        .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
        .filter(|&d| d != (0, 0))
        .filter_map(|(dx, dy)| {
            let x = i64::from(stone.x) + dx;
            let y = i64::from(stone.y) + dy;
            game.point(x, y).ok()
        })
        .filter(|&p| game.check_move(p).is_ok())
        .collect();
    rng.choose(&neighbours)
}

impl fmt::Display for ArticleAi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for ArticleAi {
    type Err = ParseNameError;

    /// # Errors
    /// [`ParseNameError`] listing the known ids.
    fn from_str(s: &str) -> Result<ArticleAi, ParseNameError> {
        ArticleAi::ALL
            .into_iter()
            .find(|o| o.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseNameError::new("article AI", s, &ArticleAi::ALL.map(ArticleAi::id)))
    }
}
