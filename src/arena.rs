//! Matches between two players: any level of the ladder, or an external engine speaking the
//! Gomocup protocol. Each opening is played twice with the colours
//! swapped; every move is checked by [`Game::try_play`], and an illegal move, a crash or a
//! timeout loses that game. A match can stop early on a sequential test ([`sprt`]), keep a
//! clock per game for external engines (`timeout_match`), and save every game as it ends
//! ([`saved`]). The `arena` binary is the command line around [`run_match`].

mod external;
pub mod losses;
pub mod openings;
pub mod options;
pub mod saved;
pub mod sprt;
pub mod stats;

use std::fmt;
use std::str::FromStr;

use crate::clock::Clock;
use crate::color::Color;
use crate::error::GameError;
use crate::game::{DrawReason, Game, Outcome};
use crate::level::{Level, Player};
use crate::notation::MoveList;
use crate::point::Point;
use crate::rng::Rng;
use crate::rule::Rule;
use crate::search::{Limits, DEFAULT_TT_BYTES_NATIVE};

pub use openings::OpeningError;
pub use sprt::{Pentanomial, Sprt, Verdict};
pub use stats::{Elo, Tally, TimeStats};

/// Time per move when none is given, for external engines and as the `--time` default.
pub const DEFAULT_TIME_MS: u32 = 100;
/// Turn limit of external engines whose searches end at a node or depth limit: long
/// enough never to be what stops them, so that their games repeat.
pub const CAPPED_TURN_MS: u64 = 30_000;
/// Added to a time limit before a move counts as late: pipes and process scheduling.
pub const TIMEOUT_GRACE_MS: u64 = 150;
/// Prefix of an external engine in a player specification.
pub const EXTERNAL_PREFIX: &str = "cmd:";

/// Who plays: a level of the ladder, or an external protocol engine's command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A level of the ladder, played in this process.
    Level(Level),
    /// Program and arguments, separated by whitespace.
    External(String),
}

impl FromStr for PlayerSpec {
    type Err = ArenaError;

    /// A level id (`search-100`, `scoring-000`, …) or `cmd:/path/to/pbrain-x`.
    ///
    /// # Errors
    /// [`ArenaError::BadPlayer`].
    fn from_str(s: &str) -> Result<PlayerSpec, ArenaError> {
        if let Some(command) = s.strip_prefix(EXTERNAL_PREFIX) {
            if command.trim().is_empty() {
                return Err(ArenaError::BadPlayer("cmd: needs a program".into()));
            }
            return Ok(PlayerSpec::External(command.trim().to_owned()));
        }
        s.parse()
            .map(PlayerSpec::Level)
            .map_err(|e| ArenaError::BadPlayer(format!("{e}, or cmd:/path/to/engine")))
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Level(l) => write!(f, "{l}"),
            PlayerSpec::External(c) => write!(f, "{EXTERNAL_PREFIX}{c}"),
        }
    }
}

impl PlayerSpec {
    /// The player, ready for [`run_match`]. An external engine's process is started at
    /// each game, not here.
    #[must_use]
    pub fn build(&self, config: &MatchConfig) -> Box<dyn Contestant> {
        match self {
            PlayerSpec::Level(level) => Box::new(LevelPlayer::new(*level, config)),
            PlayerSpec::External(command) => Box::new(
                external::ExternalEngine::new(
                    command,
                    config.turn_ms_external(),
                    config.match_time_ms,
                )
                .with_caps(Limits {
                    nodes: config.nodes,
                    depth: config.depth,
                    ..Limits::default()
                }),
            ),
        }
    }
}

/// Why a player lost a game without being beaten over the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A move the rules refuse, or a reply that is not a move.
    Illegal(String),
    /// The engine could not start, exited, or closed its pipes.
    Crash(String),
    /// No move within the limit (the engine was killed).
    Timeout {
        /// The limit it missed, grace included, in milliseconds.
        limit_ms: u64,
    },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Illegal(s) => write!(f, "illegal move: {s}"),
            Fault::Crash(s) => write!(f, "crash: {s}"),
            Fault::Timeout { limit_ms } => write!(f, "timeout: no move within {limit_ms} ms"),
        }
    }
}

/// A player in a match.
pub trait Contestant {
    /// Name for reports.
    fn name(&self) -> String;
    /// Get ready for a game starting from `game` (the opening); `seed` makes it repeatable.
    ///
    /// # Errors
    /// A [`Fault`] loses the game.
    fn new_game(&mut self, game: &Game, seed: u64) -> Result<(), Fault>;
    /// The move for the side to move; `None` if there is no legal move.
    ///
    /// # Errors
    /// A [`Fault`] loses the game.
    fn choose(&mut self, game: &Game, clock: &dyn Clock) -> Result<Option<Point>, Fault>;
    /// The game is over.
    fn end_game(&mut self) {}
    /// The time a move should take at most, if limited.
    fn budget_ms(&self) -> Option<u64>;
    /// Whether the player plays under the match clock (`--match-time`): it is told its time
    /// left before every move and loses the game when it runs out. Levels do not.
    fn keeps_match_clock(&self) -> bool {
        false
    }
    /// Under the match clock, what is left of this player's time for the game, before each of
    /// its moves.
    fn set_time_left(&mut self, _left_ms: u64) {}
}

/// A level of the ladder with the match's limits.
#[derive(Debug)]
pub struct LevelPlayer {
    player: Player,
    limits: Limits,
}

impl LevelPlayer {
    /// Search levels think `--time` if given, else their own time, or only to the node or
    /// depth limit when one is given without `--time` (repeatable games). A searching level
    /// left with no limit at all gets [`DEFAULT_TIME_MS`], so that no game can hang.
    #[must_use]
    pub fn new(level: Level, config: &MatchConfig) -> LevelPlayer {
        let limits = match level {
            Level::Article(_) => Limits::default(),
            Level::Lookahead
            | Level::Nodes { .. }
            | Level::Search { .. }
            | Level::Analysis { .. } => {
                let own = level.limits();
                let fixed = config.nodes.is_some() || config.depth.is_some();
                let time_ms = match config.time_ms {
                    Some(t) => Some(t.into()),
                    None if fixed => None,
                    None => own.time_ms,
                };
                let limits = Limits {
                    time_ms,
                    nodes: config.nodes.or(own.nodes),
                    depth: config.depth.or(own.depth),
                    max_time_ms: None,
                };
                if limits == Limits::default() {
                    Limits {
                        time_ms: Some(DEFAULT_TIME_MS.into()),
                        ..limits
                    }
                } else {
                    limits
                }
            }
        };
        // The article tables never search, so they need no table.
        let tt_bytes = match level {
            Level::Article(_) => 0,
            _ => config.tt_bytes,
        };
        LevelPlayer {
            player: Player::new(level, tt_bytes, Rng::seeded(config.seed)),
            limits,
        }
    }
}

impl Contestant for LevelPlayer {
    fn name(&self) -> String {
        self.player.level().id()
    }

    fn new_game(&mut self, _game: &Game, seed: u64) -> Result<(), Fault> {
        self.player.new_game();
        *self.player.rng_mut() = Rng::seeded(seed);
        Ok(())
    }

    fn choose(&mut self, game: &Game, clock: &dyn Clock) -> Result<Option<Point>, Fault> {
        match self
            .player
            .choose_with(game, &self.limits, clock, &mut |_| {})
        {
            Ok(report) => Ok(report.best),
            Err(GameError::NoLegalMove) => Ok(None),
            Err(e) => Err(Fault::Illegal(e.to_string())),
        }
    }

    fn budget_ms(&self) -> Option<u64> {
        self.limits.time_ms
    }
}

/// How a match is played.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// Number of games; consecutive pairs share an opening with the colours swapped.
    pub games: u32,
    /// Side of the board, in points.
    pub size: u8,
    /// The rule every game is played under.
    pub rule: Rule,
    /// Time per move given on the command line (see [`LevelPlayer::new`]); external engines
    /// get it as `timeout_turn`, or else the match time, or else [`DEFAULT_TIME_MS`].
    pub time_ms: Option<u32>,
    /// Time of each external engine for a whole game (Gomocup's `timeout_match`), counted
    /// down by its moves; running out loses the game. Levels are not charged.
    pub match_time_ms: Option<u64>,
    /// Node limit per move for search levels.
    pub nodes: Option<u64>,
    /// Depth limit per move for search levels.
    pub depth: Option<u32>,
    /// Openings to play; empty means [`openings::builtin_for`] the rule.
    pub openings: Vec<MoveList>,
    /// Seeds the opening order and the players' tie-breaks.
    pub seed: u64,
    /// Transposition-table size of each search level.
    pub tt_bytes: usize,
    /// Stop after a pair of games once this test is decided; `games` is then the most.
    pub sprt: Option<Sprt>,
}

impl MatchConfig {
    /// `timeout_turn` of external engines: `--time`, else the match time, else
    /// [`CAPPED_TURN_MS`] when a node or depth limit is to end each search, else
    /// [`DEFAULT_TIME_MS`].
    #[must_use]
    pub fn turn_ms_external(&self) -> u64 {
        let fixed = self.nodes.is_some() || self.depth.is_some();
        self.time_ms
            .map(u64::from)
            .or(self.match_time_ms)
            .unwrap_or(if fixed {
                CAPPED_TURN_MS
            } else {
                DEFAULT_TIME_MS.into()
            })
    }
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            games: 100,
            size: 15,
            rule: Rule::Freestyle,
            time_ms: None,
            match_time_ms: None,
            nodes: None,
            depth: None,
            openings: Vec::new(),
            seed: 1,
            tt_bytes: DEFAULT_TT_BYTES_NATIVE,
            sprt: None,
        }
    }
}

/// A setting or player that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArenaError {
    /// A bad command line.
    Usage(String),
    /// Not a level id or `cmd:` engine.
    BadPlayer(String),
    /// An opening that cannot be played.
    Opening(OpeningError),
    /// No openings to play.
    NoOpenings,
    /// A board size outside 5..=20.
    BadSize(u8),
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Usage(s) => write!(f, "{s} (see --help)"),
            ArenaError::BadPlayer(s) => write!(f, "bad player: {s}"),
            ArenaError::Opening(e) => write!(f, "{e}"),
            ArenaError::NoOpenings => f.write_str("no openings to play"),
            ArenaError::BadSize(n) => write!(f, "board size {n} is not supported (5 to 20)"),
        }
    }
}

impl std::error::Error for ArenaError {}

/// One side of the match: A is the first player named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The first player named.
    A,
    /// The second player named.
    B,
}

impl Side {
    const fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A five on the board.
    Five(Color),
    /// The board filled up.
    BoardFull,
    /// The side to move had no legal move (renju); scored as a draw.
    NoLegalMove(Color),
    /// A player lost by a fault.
    Forfeit {
        /// The player at fault.
        loser: Side,
        /// What it did wrong.
        fault: Fault,
        /// The move it failed to make (1-based, the opening included); `None` when it
        /// failed before the game began.
        move_number: Option<usize>,
    },
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// 1-based.
    pub number: u32,
    /// The moves the game started from.
    pub opening: MoveList,
    /// A's colour.
    pub a_color: Color,
    /// How the game ended.
    pub ending: Ending,
    /// Every move, opening included.
    pub moves: MoveList,
}

impl GameRecord {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        let side_of = |c: Color| if c == self.a_color { Side::A } else { Side::B };
        match &self.ending {
            Ending::Five(c) => Some(side_of(*c)),
            Ending::BoardFull | Ending::NoLegalMove(_) => None,
            Ending::Forfeit { loser: Side::A, .. } => Some(Side::B),
            Ending::Forfeit { loser: Side::B, .. } => Some(Side::A),
        }
    }

    /// A's points in half points: 2 for a win, 1 for a draw.
    #[must_use]
    pub fn a_half_points(&self) -> usize {
        match self.winner() {
            Some(Side::A) => 2,
            Some(Side::B) => 0,
            None => 1,
        }
    }

    /// The colour of `side` in this game.
    #[must_use]
    pub fn color_of(&self, side: Side) -> Color {
        match side {
            Side::A => self.a_color,
            Side::B => self.a_color.opposite(),
        }
    }

    /// `five by black`, `board full`, `B forfeits at move 17, timeout: …`.
    #[must_use]
    pub fn ending_text(&self) -> String {
        match &self.ending {
            Ending::Five(c) => format!("five by {c}"),
            Ending::BoardFull => "board full".to_owned(),
            Ending::NoLegalMove(c) => format!("no legal move for {c}"),
            Ending::Forfeit {
                loser,
                fault,
                move_number,
            } => format!("{loser:?} forfeits {}, {fault}", at_move(*move_number)),
        }
    }
}

/// `at move 17`, or `at the start` for a fault before the first move.
fn at_move(move_number: Option<usize>) -> String {
    move_number.map_or("at the start".to_owned(), |n| format!("at move {n}"))
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = match self.winner() {
            Some(Side::A) => "1-0",
            Some(Side::B) => "0-1",
            None => "½-½",
        };
        let how = self.ending_text();
        write!(
            f,
            "game {:>3}: A {:<5}  opening {:<12} {result}  {how}, {} moves: {}",
            self.number,
            self.a_color.to_string(),
            self.opening.to_string(),
            self.moves.0.len(),
            self.moves
        )
    }
}

/// Forfeits of one player by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forfeits {
    /// Games lost by an illegal move or a reply that is not a move.
    pub illegal: u32,
    /// Games lost by a crash or a closed pipe.
    pub crash: u32,
    /// Games lost on time.
    pub timeout: u32,
}

/// The result of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    /// Names of A and B.
    pub names: [String; 2],
    /// From A's point of view.
    pub tally: Tally,
    /// Time per move of A and B.
    pub time: [TimeStats; 2],
    /// Forfeits of A and B.
    pub forfeits: [Forfeits; 2],
    /// Every game played, in order.
    pub games: Vec<GameRecord>,
    /// Number of different openings the games were drawn from.
    pub openings: usize,
    /// Side of the board, in points.
    pub size: u8,
    /// The rule the games were played under.
    pub rule: Rule,
    /// Completed pairs by A's points.
    pub pentanomial: Pentanomial,
    /// The test the match ran, if any.
    pub sprt: Option<Sprt>,
}

impl MatchReport {
    /// Wins, losses and draws over the games decided on the board (forfeits left out).
    #[must_use]
    pub fn board_tally(&self) -> Tally {
        let mut t = Tally::default();
        for g in &self.games {
            match (&g.ending, g.winner()) {
                (Ending::Forfeit { .. }, _) => {}
                (_, Some(Side::A)) => t.wins += 1,
                (_, Some(Side::B)) => t.losses += 1,
                (_, None) => t.draws += 1,
            }
        }
        t
    }

    /// The LLR and what it says, if the match ran a test.
    #[must_use]
    pub fn sprt_result(&self) -> Option<(f64, Verdict)> {
        self.sprt.map(|t| {
            let llr = t.llr(&self.pentanomial);
            (llr, t.verdict(llr))
        })
    }

    /// The forfeited games.
    pub fn forfeits(&self) -> impl Iterator<Item = &GameRecord> {
        self.games
            .iter()
            .filter(|g| matches!(g.ending, Ending::Forfeit { .. }))
    }
}

fn score_text(t: &Tally) -> String {
    t.score()
        .map_or("-".to_owned(), |s| format!("{:.1}%", s * 100.0))
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.names;
        let t = &self.tally;
        writeln!(
            f,
            "A = {a}, B = {b}: {} games, {} {}×{}, {} openings",
            t.games(),
            self.rule,
            self.size,
            self.size,
            self.openings
        )?;
        writeln!(
            f,
            "A: {} wins, {} losses, {} draws; score {}",
            t.wins,
            t.losses,
            t.draws,
            score_text(t)
        )?;
        match t.elo() {
            Some(elo) => writeln!(f, "Elo difference A − B: {elo}")?,
            None => writeln!(f, "Elo difference A − B: no games")?,
        }
        let p = &self.pentanomial;
        // One pair has no spread: its interval would be a point.
        match p.elo() {
            Some(elo) if p.pairs() >= 2 => writeln!(
                f,
                "{} pairs by A's points ({p}); Elo from pairs: {elo}",
                p.pairs()
            )?,
            Some(_) => writeln!(f, "1 pair by A's points ({p})")?,
            None => {}
        }
        if let (Some(test), Some((_, verdict))) = (self.sprt, self.sprt_result()) {
            let stopped = if verdict == Verdict::Undecided {
                String::new()
            } else {
                format!(", stopped after {} pairs", p.pairs())
            };
            writeln!(f, "SPRT {test}: {}{stopped}", test.status(p))?;
        }
        if self.forfeits().next().is_some() {
            let board = self.board_tally();
            writeln!(
                f,
                "A on the board (forfeits left out): {} wins, {} losses, {} draws in {} games; score {}",
                board.wins,
                board.losses,
                board.draws,
                board.games(),
                score_text(&board)
            )?;
            writeln!(f, "forfeited games:")?;
            for g in self.forfeits() {
                if let Ending::Forfeit {
                    loser,
                    fault,
                    move_number,
                } = &g.ending
                {
                    writeln!(
                        f,
                        "  game {:>3}: {loser:?} ({}) {}: {fault}",
                        g.number,
                        g.color_of(*loser),
                        at_move(*move_number)
                    )?;
                }
            }
        }
        for (i, side) in ["A", "B"].iter().enumerate() {
            let (Some(time), Some(x)) = (self.time.get(i), self.forfeits.get(i)) else {
                continue;
            };
            writeln!(
                f,
                "{side} time per move: {time}; forfeits: {} illegal, {} crash, {} timeout",
                x.illegal, x.crash, x.timeout
            )?;
        }
        Ok(())
    }
}

/// Plays a match of `config.games` games between `a` and `b`, calling `on_game` after each.
///
/// # Errors
/// [`ArenaError`] for a bad size or opening, before any game is played.
pub fn run_match(
    config: &MatchConfig,
    a: &mut dyn Contestant,
    b: &mut dyn Contestant,
    clock: &dyn Clock,
    on_game: &mut dyn FnMut(&GameRecord),
) -> Result<MatchReport, ArenaError> {
    let starts = opening_games(config)?;
    let mut order: Vec<usize> = (0..starts.len()).collect();
    let mut rng = Rng::seeded(config.seed);
    // Fisher–Yates, so a short match still samples different openings per seed.
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut report = MatchReport {
        names: [a.name(), b.name()],
        tally: Tally::default(),
        time: [TimeStats::default(); 2],
        forfeits: [Forfeits::default(); 2],
        games: Vec::new(),
        openings: starts.len(),
        size: config.size,
        rule: config.rule,
        pentanomial: Pentanomial::default(),
        sprt: config.sprt,
    };
    let mut players: [&mut dyn Contestant; 2] = [a, b];
    for g in 0..config.games {
        let pair = (g / 2) as usize;
        let start = pair
            .checked_rem(order.len())
            .and_then(|k| order.get(k))
            .and_then(|&i| starts.get(i));
        let Some(start) = start else {
            return Err(ArenaError::NoOpenings);
        };
        let a_color = if g % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let seed = rng.next_u64();
        let record = play_game(
            GameSetup {
                number: g + 1,
                start,
                a_color,
                seed,
                match_time_ms: config.match_time_ms,
            },
            &mut players,
            clock,
            &mut report.time,
        );
        match record.winner() {
            Some(Side::A) => report.tally.wins += 1,
            Some(Side::B) => report.tally.losses += 1,
            None => report.tally.draws += 1,
        }
        if let Ending::Forfeit { loser, fault, .. } = &record.ending {
            if let Some(x) = report.forfeits.get_mut(loser.index()) {
                match fault {
                    Fault::Illegal(_) => x.illegal += 1,
                    Fault::Crash(_) => x.crash += 1,
                    Fault::Timeout { .. } => x.timeout += 1,
                }
            }
        }
        on_game(&record);
        report.games.push(record);
        if g % 2 == 1 {
            if let [.., first, second] = report.games.as_slice() {
                report
                    .pentanomial
                    .add(first.a_half_points() + second.a_half_points());
            }
            if report
                .sprt_result()
                .is_some_and(|(_, v)| v != Verdict::Undecided)
            {
                break;
            }
        }
    }
    Ok(report)
}

/// The openings as games, checked against the size and rule.
fn opening_games(config: &MatchConfig) -> Result<Vec<Game>, ArenaError> {
    if Game::new(config.size.into(), config.rule).is_err() {
        return Err(ArenaError::BadSize(config.size));
    }
    let lists = if config.openings.is_empty() {
        openings::builtin_for(config.size, config.rule)
    } else {
        config.openings.clone()
    };
    let games = openings::games(&lists, config.size, config.rule).map_err(ArenaError::Opening)?;
    if games.is_empty() {
        return Err(ArenaError::NoOpenings);
    }
    Ok(games)
}

/// Which game to play, and how.
struct GameSetup<'a> {
    number: u32,
    start: &'a Game,
    a_color: Color,
    seed: u64,
    match_time_ms: Option<u64>,
}

fn play_game(
    setup: GameSetup<'_>,
    players: &mut [&mut dyn Contestant; 2],
    clock: &dyn Clock,
    time: &mut [TimeStats; 2],
) -> GameRecord {
    let GameSetup {
        number,
        start,
        a_color,
        seed,
        match_time_ms,
    } = setup;
    let mut game = start.clone();
    let side_of = |c: Color| if c == a_color { Side::A } else { Side::B };
    let mut ending = None;
    // Time left of each player under the match clock.
    let mut left: [Option<u64>; 2] = [None; 2];
    for (i, side) in [Side::A, Side::B].into_iter().enumerate() {
        let player_seed = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if let Some(p) = players.get_mut(side.index()) {
            if let (Some(ms), Some(l)) = (match_time_ms, left.get_mut(i)) {
                *l = p.keeps_match_clock().then_some(ms);
            }
            if let Err(fault) = p.new_game(&game, player_seed) {
                ending = Some(Ending::Forfeit {
                    loser: side,
                    fault,
                    move_number: None,
                });
                break;
            }
        }
    }
    while ending.is_none() {
        // A renju game in which black has only forbidden points left is over too, a draw, so
        // nobody is asked for a move there is none of (an engine can only refuse or play a
        // forbidden point).
        if let Some(outcome) = game.outcome() {
            ending = Some(match outcome {
                Outcome::Win(c) => Ending::Five(c),
                Outcome::Draw(DrawReason::BoardFull) => Ending::BoardFull,
                Outcome::Draw(DrawReason::NoLegalMove) => Ending::NoLegalMove(game.side_to_move()),
            });
            break;
        }
        let color = game.side_to_move();
        let side = side_of(color);
        let (Some(player), Some(left)) =
            (players.get_mut(side.index()), left.get_mut(side.index()))
        else {
            break;
        };
        let move_number = Some(game.moves().len() + 1);
        let forfeit = |fault| {
            Some(Ending::Forfeit {
                loser: side,
                fault,
                move_number,
            })
        };
        if let Some(l) = *left {
            player.set_time_left(l);
        }
        let t0 = clock.now_ms();
        let choice = player.choose(&game, clock);
        let ms = (clock.now_ms() - t0).max(0.0);
        if let Some(t) = time.get_mut(side.index()) {
            t.add(ms, player.budget_ms());
        }
        let late = left.is_some_and(|l| ms > (l + TIMEOUT_GRACE_MS) as f64);
        ending = match (choice, *left) {
            (Err(fault), _) => forfeit(fault),
            (Ok(_), Some(l)) if late => forfeit(Fault::Timeout {
                limit_ms: l + TIMEOUT_GRACE_MS,
            }),
            (Ok(Some(p)), _) => game
                .try_play(p)
                .err()
                .and_then(|e| forfeit(Fault::Illegal(format!("{p}: {e}")))),
            (Ok(None), _) => Some(Ending::NoLegalMove(color)),
        };
        if let Some(l) = left.as_mut() {
            *l = l.saturating_sub(ms.ceil() as u64);
        }
    }
    for p in players.iter_mut() {
        p.end_game();
    }
    GameRecord {
        number,
        opening: start.move_list(),
        a_color,
        ending: ending.unwrap_or(Ending::BoardFull),
        moves: game.move_list(),
    }
}
