//! The ladder of levels, from beginner to master: article 001's pattern table and the
//! article scoring tables, article 002's threat lookahead, the search on a small node budget
//! (the same strength on any machine), then the search by time per move and an analysis
//! level.

use std::fmt;
use std::str::FromStr;

use crate::ai::explain::Explanation;
use crate::ai::{lookahead, pattern_codes, ArticleAi};
use crate::clock::Clock;
use crate::error::{GameError, ParseNameError};
use crate::game::Game;
use crate::point::Point;
use crate::position::{cell_of, Position};
use crate::rng::Rng;
use crate::search::{Engine, Limits, Report};

/// One rung of the ladder.
///
/// ```
/// use gomoku::{ArticleAi, Level};
///
/// let level: Level = "search-500".parse()?;
/// assert_eq!(level, Level::Search { ms: 500 });
/// assert_eq!(level.to_string(), "search-500");
/// assert_eq!("scoring-000".parse(), Ok(Level::Article(ArticleAi::Scoring000)));
/// // Off the ladder, any time from 1 ms to 10 minutes.
/// assert_eq!("analysis-3000".parse::<Level>()?.rank(), None);
/// assert!("search-0".parse::<Level>().is_err());
/// // The search on a node budget: as strong on a phone as on a desktop.
/// let level: Level = "nodes-300".parse()?;
/// assert_eq!(level, Level::Nodes { nodes: 300 });
/// assert_eq!(level.to_string(), "nodes-300");
/// assert_eq!(level.nodes(), Some(300));
/// assert_eq!(level.time_ms(), None);
/// # Ok::<(), gomoku::ParseNameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A scoring or pattern table from the articles.
    Article(ArticleAi),
    /// Article 002: follows forcing moves a few plies for attack and defence.
    Lookahead,
    /// The search of [`Level::Search`] stopped after about `nodes` positions a move (the
    /// budget varies by ±[`Level::NODES_JITTER_PERCENT`]% from move to move, drawn from the
    /// player's seeded generator, so that games vary): it sees less, and plays the same on a
    /// slow machine as on a fast one.
    Nodes {
        /// Positions a move, on average.
        nodes: u32,
    },
    /// Alpha-beta with threat search, `ms` milliseconds a move.
    Search {
        /// Time a move, in milliseconds.
        ms: u32,
    },
    /// Searches until a forced result is proven or `max_ms` pass.
    Analysis {
        /// Most time a move, in milliseconds.
        max_ms: u32,
    },
}

/// The family a level belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelKind {
    /// [`Level::Article`].
    Article,
    /// [`Level::Lookahead`].
    Lookahead,
    /// [`Level::Nodes`].
    Nodes,
    /// [`Level::Search`].
    Search,
    /// [`Level::Analysis`].
    Analysis,
}

impl LevelKind {
    /// The kind's name in level descriptions: `article`, `lookahead`, `nodes`, `search`,
    /// `analysis`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            LevelKind::Article => "article",
            LevelKind::Lookahead => "lookahead",
            LevelKind::Nodes => "nodes",
            LevelKind::Search => "search",
            LevelKind::Analysis => "analysis",
        }
    }
}

impl Level {
    /// Every level, weakest first, as measured against each other in the arena.
    pub const LADDER: [Level; 18] = [
        Level::Article(ArticleAi::Pattern001),
        Level::Article(ArticleAi::Scoring000),
        Level::Article(ArticleAi::Scoring003),
        Level::Article(ArticleAi::Scoring004),
        Level::Lookahead,
        Level::Nodes { nodes: 100 },
        Level::Nodes { nodes: 300 },
        Level::Nodes { nodes: 1000 },
        Level::Nodes { nodes: 3000 },
        Level::Nodes { nodes: 5000 },
        Level::Nodes { nodes: 10000 },
        Level::Nodes { nodes: 20000 },
        Level::Search { ms: 100 },
        Level::Search { ms: 250 },
        Level::Search { ms: 500 },
        Level::Search { ms: 1000 },
        Level::Search { ms: 2000 },
        Level::Analysis { max_ms: 10_000 },
    ];

    /// How much a [`Level::Nodes`] budget varies from move to move, either way, in percent.
    pub const NODES_JITTER_PERCENT: u32 = 25;

    /// The level's Elo on the ladder, `pattern-001` = 0, as measured in the arena (the ladder
    /// table of docs/strength.md, data in docs/data/ladder.csv); `None` off the ladder and for
    /// the analysis level. The one place these figures are kept: update it with the table.
    ///
    /// ```
    /// use gomoku::Level;
    ///
    /// assert_eq!("pattern-001".parse::<Level>()?.elo(), Some(0));
    /// assert_eq!("search-777".parse::<Level>()?.elo(), None);
    /// # Ok::<(), gomoku::ParseNameError>(())
    /// ```
    #[must_use]
    pub fn elo(self) -> Option<i32> {
        Level::ELO
            .iter()
            .find(|&&(id, _)| id == self.id())
            .map(|&(_, elo)| elo)
    }

    /// Each ladder level's Elo, `pattern-001` = 0 (see [`Level::elo`]): the chain of the
    /// latest freestyle match of each level against the one below it in docs/data/ladder.csv,
    /// rounded (tests/ladder.rs checks the two agree).
    const ELO: [(&'static str, i32); 17] = [
        ("pattern-001", 0),
        ("scoring-000", 121),
        ("scoring-003", 140),
        ("scoring-004", 201),
        ("lookahead-002", 477),
        ("nodes-100", 692),
        ("nodes-300", 819),
        ("nodes-1000", 979),
        ("nodes-3000", 1179),
        ("nodes-5000", 1306),
        ("nodes-10000", 1466),
        ("nodes-20000", 1652),
        ("search-100", 1893),
        ("search-250", 2049),
        ("search-500", 2160),
        ("search-1000", 2260),
        ("search-2000", 2416),
    ];

    /// The level's identifier, e.g. `scoring-000`, `lookahead-002`, `nodes-300`, `search-500`.
    #[must_use]
    pub fn id(self) -> String {
        match self {
            Level::Article(o) => o.id().to_owned(),
            Level::Lookahead => "lookahead-002".to_owned(),
            Level::Nodes { nodes } => format!("nodes-{nodes}"),
            Level::Search { ms } => format!("search-{ms}"),
            Level::Analysis { max_ms } => format!("analysis-{max_ms}"),
        }
    }

    /// How this level rates every point for the side to move (`None` on stones): the
    /// article tables for the article levels and the lookahead (article 002's pattern
    /// tables), the search's line-pattern values for the others.
    #[must_use]
    pub fn scores(self, game: &Game) -> Vec<Option<i32>> {
        match self {
            Level::Article(o) => o.scores(game),
            Level::Lookahead => lookahead::scores(game),
            Level::Nodes { .. } | Level::Search { .. } | Level::Analysis { .. } => {
                line_pattern_values(game)
            }
        }
    }

    /// How the level's number for the empty point `p` is made, in its article's terms:
    /// `None` on a stone, off the board, or for the search and analysis levels, whose
    /// numbers come from no article. The parts combine (by [`Explanation::combine`]) to
    /// [`Explanation::total`], which is the point's value in [`Level::scores`]: the number
    /// an article level plays the largest of, and the lookahead when it finds no forcing
    /// line for either side.
    ///
    /// ```
    /// use gomoku::{Game, Level, Rule};
    ///
    /// let game = Game::from_moves(15, Rule::Freestyle, "h8 a1 i8 a3")?;
    /// let g8 = "g8".parse()?;
    /// let level: Level = "scoring-000".parse()?;
    /// let why = level.explain(&game, g8).expect("an empty point");
    /// let scores = level.scores(&game);
    /// assert_eq!(Some(why.total), scores[7 * 15 + 6]);
    /// assert_eq!(why.combined(), why.total);
    /// // Black, to move, has h8 i8 beside g8 with both ends open: a live three (活3), 50.
    /// assert!(why.parts.iter().any(|p| p.what.id() == "live_three" && p.value == 50));
    /// assert!(Level::Search { ms: 100 }.explain(&game, g8).is_none());
    /// assert!(level.explain(&game, "h8".parse()?).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn explain(self, game: &Game, p: Point) -> Option<Explanation> {
        match self {
            Level::Article(o) => o.explain(game, p),
            Level::Lookahead => pattern_codes::explain(game, p),
            Level::Nodes { .. } | Level::Search { .. } | Level::Analysis { .. } => None,
        }
    }

    /// Whether the level searches (and so reports depth, nodes and a principal variation).
    #[must_use]
    pub fn searches(self) -> bool {
        matches!(
            self,
            Level::Nodes { .. } | Level::Search { .. } | Level::Analysis { .. }
        )
    }

    /// The level's family.
    #[must_use]
    pub const fn kind(self) -> LevelKind {
        match self {
            Level::Article(_) => LevelKind::Article,
            Level::Lookahead => LevelKind::Lookahead,
            Level::Nodes { .. } => LevelKind::Nodes,
            Level::Search { .. } => LevelKind::Search,
            Level::Analysis { .. } => LevelKind::Analysis,
        }
    }

    /// Place on [`Level::LADDER`] (0 the weakest), or `None` for a level off the ladder such
    /// as `search-777`.
    #[must_use]
    pub fn rank(self) -> Option<usize> {
        Level::LADDER.iter().position(|&l| l == self)
    }

    /// Time a move in milliseconds for a search level, the most time for an analysis level;
    /// `None` for the levels that do not search and for the node-limited ones.
    #[must_use]
    pub const fn time_ms(self) -> Option<u32> {
        match self {
            Level::Search { ms } | Level::Analysis { max_ms: ms } => Some(ms),
            Level::Article(_) | Level::Lookahead | Level::Nodes { .. } => None,
        }
    }

    /// Positions a move (on average) for a node-limited level; `None` for the others.
    #[must_use]
    pub const fn nodes(self) -> Option<u32> {
        match self {
            Level::Nodes { nodes } => Some(nodes),
            _ => None,
        }
    }

    /// Number of the source article the level follows (`"000"` to `"004"`), or `None`.
    #[must_use]
    pub const fn article(self) -> Option<&'static str> {
        match self {
            Level::Article(a) => Some(a.article()),
            Level::Lookahead => Some("002"),
            Level::Nodes { .. } | Level::Search { .. } | Level::Analysis { .. } => None,
        }
    }

    /// The search limits this level plays under.
    #[must_use]
    pub fn limits(self) -> Limits {
        match self {
            Level::Search { ms } | Level::Analysis { max_ms: ms } => Limits {
                time_ms: Some(ms.into()),
                ..Limits::default()
            },
            Level::Nodes { nodes } => Limits {
                nodes: Some(nodes.into()),
                ..Limits::default()
            },
            Level::Article(_) | Level::Lookahead => Limits::default(),
        }
    }
}

/// `n` nodes ± [`Level::NODES_JITTER_PERCENT`]%, uniformly, at least 1.
fn jitter(n: u64, rng: &mut Rng) -> u64 {
    let spread = n * u64::from(Level::NODES_JITTER_PERCENT) / 100;
    let offset = rng.below(usize::try_from(2 * spread + 1).unwrap_or(usize::MAX)) as u64;
    (n - spread + offset).max(1)
}

/// The search's worth of every point for the side to move (`None` on stones): threat class
/// first, then line-pattern value, ours counting double the opponent's.
fn line_pattern_values(game: &Game) -> Vec<Option<i32>> {
    let pos = Position::from_game(game);
    let us = pos.side_to_move();
    let urgency = |c, t| {
        let combo = pos.combo(c, t);
        combo.threat as i32 * 1000 + i32::from(combo.value)
    };
    game.board()
        .points()
        .map(|p| {
            let t = cell_of(p);
            pos.is_empty(t)
                .then(|| urgency(us, t) * 2 + urgency(us.opposite(), t))
        })
        .collect()
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

impl FromStr for Level {
    type Err = ParseNameError;

    /// Parses an id from [`Level::id`]; `search-N` and `analysis-N` take any N from 1 to
    /// 600000 ms, `nodes-N` any N from 1 to 600000 nodes.
    ///
    /// # Errors
    /// [`ParseNameError`] listing the ladder's ids.
    fn from_str(s: &str) -> Result<Level, ParseNameError> {
        let s = s.trim();
        let err = || {
            let ids: Vec<String> = Level::LADDER.iter().map(|l| l.id()).collect();
            let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
            ParseNameError::new("level", s, &ids)
        };
        if let Ok(o) = s.parse::<ArticleAi>() {
            return Ok(Level::Article(o));
        }
        if s.eq_ignore_ascii_case("lookahead-002") {
            return Ok(Level::Lookahead);
        }
        // Plain digits only ("100", not "+100" or "0100"), so each level has one id.
        let ms = |rest: &str| {
            let plain = rest.bytes().all(|b| b.is_ascii_digit()) && !rest.starts_with('0');
            rest.parse::<u32>()
                .ok()
                .filter(|ms| plain && (1..=600_000).contains(ms))
        };
        if let Some(ms) = s.strip_prefix("search-").and_then(ms) {
            return Ok(Level::Search { ms });
        }
        if let Some(max_ms) = s.strip_prefix("analysis-").and_then(ms) {
            return Ok(Level::Analysis { max_ms });
        }
        if let Some(nodes) = s.strip_prefix("nodes-").and_then(ms) {
            return Ok(Level::Nodes { nodes });
        }
        Err(err())
    }
}

/// Plays moves at a level; keeps the search's memory between moves of a game.
#[derive(Debug)]
pub struct Player {
    level: Level,
    /// Made on the first search: its caches take megabytes, and most players (article
    /// levels, the page's scratch games) never search.
    engine: Option<Engine>,
    tt_bytes: usize,
    rng: Rng,
}

impl Player {
    /// A player at `level` whose search (if it ever searches) keeps a transposition table
    /// of at most `tt_bytes`, breaking ties with `rng`.
    #[must_use]
    pub fn new(level: Level, tt_bytes: usize, rng: Rng) -> Player {
        Player {
            level,
            engine: None,
            tt_bytes,
            rng,
        }
    }

    /// The level it plays at.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// Plays at `level` from the next move on; what the search learned is kept.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// The generator that breaks ties, e.g. to seed it.
    pub fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// The level's search engine (made now if it never searched) and its generator, for
    /// searches of its own such as the swap openings' decisions.
    pub(crate) fn engine_and_rng(&mut self) -> (&mut Engine, &mut Rng) {
        let tt_bytes = self.tt_bytes;
        let engine = self.engine.get_or_insert_with(|| Engine::new(tt_bytes));
        (engine, &mut self.rng)
    }

    /// Forgets what was learned in the previous game.
    pub fn new_game(&mut self) {
        if let Some(engine) = &mut self.engine {
            engine.clear();
        }
    }

    /// Chooses a move for the side to move under the level's own limits.
    ///
    /// # Errors
    /// [`GameError::GameOver`] or [`GameError::NoLegalMove`].
    pub fn choose(
        &mut self,
        game: &Game,
        clock: &dyn Clock,
        info: &mut dyn FnMut(&Report),
    ) -> Result<Report, GameError> {
        self.choose_with(game, &self.level.limits(), clock, info)
    }

    /// Chooses a move under explicit limits (search levels only use them).
    ///
    /// # Errors
    /// [`GameError::GameOver`] or [`GameError::NoLegalMove`].
    pub fn choose_with(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Clock,
        info: &mut dyn FnMut(&Report),
    ) -> Result<Report, GameError> {
        match self.level {
            Level::Article(o) => {
                let best = o.choose(game, &mut self.rng)?;
                Ok(Report::of_move(best))
            }
            Level::Lookahead => {
                if game.is_over() {
                    return Err(GameError::GameOver);
                }
                let best = lookahead::choose(game, &mut self.rng).ok_or(GameError::NoLegalMove)?;
                Ok(Report::of_move(best))
            }
            Level::Nodes { .. } | Level::Search { .. } | Level::Analysis { .. } => {
                let jittered;
                let limits = match (self.level, limits.nodes) {
                    (Level::Nodes { .. }, Some(n)) => {
                        jittered = Limits {
                            nodes: Some(jitter(n, &mut self.rng)),
                            ..*limits
                        };
                        &jittered
                    }
                    _ => limits,
                };
                let tt_bytes = self.tt_bytes;
                self.engine
                    .get_or_insert_with(|| Engine::new(tt_bytes))
                    .search(game, limits, clock, info)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::FrozenClock;
    use crate::rule::Rule;

    #[test]
    fn a_player_builds_its_engine_on_its_first_search_only() {
        let game = Game::from_moves(15, Rule::Freestyle, "h8 i9 i8").expect("legal moves");
        let mut player = Player::new(Level::Lookahead, 1 << 20, Rng::seeded(1));
        assert!(player.engine.is_none());
        for level in [Level::Lookahead, Level::Article(ArticleAi::Scoring004)] {
            player.set_level(level);
            assert!(player.choose(&game, &FrozenClock, &mut |_| {}).is_ok());
            player.new_game();
        }
        assert!(
            player.engine.is_none(),
            "the article and lookahead levels never search"
        );
        player.set_level(Level::Search { ms: 100 });
        let limits = Limits {
            nodes: Some(500),
            ..Limits::default()
        };
        assert!(player
            .choose_with(&game, &limits, &FrozenClock, &mut |_| {})
            .is_ok());
        assert!(player.engine.is_some());
    }

    #[test]
    fn a_node_budget_varies_by_a_quarter_either_way() {
        let mut rng = Rng::seeded(5);
        let budgets: Vec<u64> = (0..2000).map(|_| jitter(1000, &mut rng)).collect();
        assert!(budgets.iter().all(|b| (750..=1250).contains(b)));
        assert!(budgets.iter().any(|&b| b < 775) && budgets.iter().any(|&b| b > 1225));
        let mean = budgets.iter().sum::<u64>() as f64 / budgets.len() as f64;
        assert!((mean - 1000.0).abs() < 15.0, "{mean}");
        assert_eq!(jitter(1, &mut rng), 1);
        assert!((1..=3).contains(&jitter(2, &mut rng)));
    }

    #[test]
    fn ids_read_back_and_only_plain_numbers_are_read() {
        for level in Level::LADDER {
            assert_eq!(level.id().parse::<Level>(), Ok(level));
        }
        assert_eq!("search-250".parse(), Ok(Level::Search { ms: 250 }));
        for bad in [
            "search-0",
            "search-0100",
            "search-+100",
            "search- 100",
            "search-600001",
            "analysis-",
            "search-1e3",
        ] {
            assert!(bad.parse::<Level>().is_err(), "{bad}");
        }
    }
}
