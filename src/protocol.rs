//! The Gomocup (Piskvork) engine protocol as a state machine: feed it the manager's lines,
//! get back the lines to print. The `pbrain-gomoku` binary is a stdin/stdout loop around it.
//!
//! Coordinates on the wire are 0-based `x,y` with `y = 0` the top row; our [`Point`] has
//! `y = 0` at the bottom, so `y` is flipped both ways by [`from_wire`] and [`to_wire`].

mod command;
mod input;
mod timing;

use std::collections::HashSet;

use crate::clock::Clock;
use crate::error::GameError;
use crate::game::{DrawReason, Game};
use crate::point::Point;
use crate::rule::Rule;
use crate::search::{Engine, Limits, Report};

pub use command::{parse, parse_stone, Command, ProtocolError};
pub use input::{read_input_line, read_line_capped, InputLine};
pub use timing::{tt_bytes_for, TimeControl};

/// Engine name given by `ABOUT`.
pub const ENGINE_NAME: &str = "pbrain-gomoku";

/// `INFO rule` bits.
const RULE_EXACT_FIVE: u64 = 1;
const RULE_CONTINUOUS: u64 = 2;
const RULE_RENJU: u64 = 4;

/// The point for wire coordinates `x,y` on a `size` board, if on it.
#[must_use]
pub fn from_wire(x: i64, y: i64, size: u8) -> Option<Point> {
    let n = i64::from(size);
    if (0..n).contains(&x) && (0..n).contains(&y) {
        // Both are below size <= 20.
        Some(Point::new(x as u8, (n - 1 - y) as u8))
    } else {
        None
    }
}

/// Wire coordinates of `p` on a `size` board.
#[must_use]
pub fn to_wire(p: Point, size: u8) -> (u8, u8) {
    (p.x, size.saturating_sub(1).saturating_sub(p.y))
}

/// The rule for an `INFO rule` bitmask.
///
/// # Errors
/// [`ProtocolError::UnsupportedRule`] for caro (8) or unknown bits.
pub fn rule_from_bits(bits: u64) -> Result<Rule, ProtocolError> {
    if bits & !(RULE_EXACT_FIVE | RULE_CONTINUOUS | RULE_RENJU) != 0 {
        return Err(ProtocolError::UnsupportedRule(bits));
    }
    Ok(if bits & RULE_RENJU != 0 {
        Rule::Renju
    } else if bits & RULE_EXACT_FIVE != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    })
}

/// The `INFO rule` bitmask for a rule.
#[must_use]
pub fn rule_bits(rule: Rule) -> u64 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => RULE_EXACT_FIVE,
        Rule::Renju => RULE_RENJU,
    }
}

/// Stones received after `BOARD`, waiting for `DONE`.
#[derive(Debug, Default)]
struct BoardInput {
    stones: Vec<(i64, i64, i64)>,
    error: Option<ProtocolError>,
}

/// The engine's side of the protocol.
#[derive(Debug)]
pub struct Protocol<C: Clock> {
    clock: C,
    game: Option<Game>,
    rule: Rule,
    time: TimeControl,
    max_memory: u64,
    engine: Engine,
    /// Node and depth caps added to every search (for repeatable tests).
    caps: Limits,
    board_input: Option<BoardInput>,
    messages: bool,
    ended: bool,
    /// When the line being obeyed arrived: a move's time runs from then, not from the
    /// start of its search.
    arrived_ms: f64,
}

impl<C: Clock> Protocol<C> {
    /// A fresh engine: no game, freestyle, Piskvork's default time, default memory.
    #[must_use]
    pub fn new(clock: C) -> Protocol<C> {
        Protocol {
            clock,
            game: None,
            rule: Rule::Freestyle,
            time: TimeControl::default(),
            max_memory: 0,
            engine: Engine::new(tt_bytes_for(0)),
            caps: Limits::default(),
            board_input: None,
            messages: false,
            ended: false,
            arrived_ms: 0.0,
        }
    }

    /// Adds a learned evaluation to the engine's (see [`crate::eval::net`]).
    pub fn set_net(&mut self, net: Option<&'static crate::Net>) {
        self.engine.set_net(net);
    }

    /// Whether to print a `MESSAGE` line with the search result before each move.
    pub fn set_messages(&mut self, on: bool) {
        self.messages = on;
    }

    /// Node and depth limits added to every search; with a frozen clock they make the
    /// engine repeatable. `caps.time_ms` is ignored: time comes from the manager.
    pub fn set_caps(&mut self, caps: Limits) {
        self.caps = caps;
    }

    /// After `END`: nothing more is answered and the caller should exit.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.ended
    }

    /// The current game, if one was started.
    #[must_use]
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The time limits the manager has set so far with `INFO`.
    #[must_use]
    pub fn time_control(&self) -> TimeControl {
        self.time
    }

    /// The rule of the next game (and of the current one), as set by `INFO rule`.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Bytes the transposition table uses now.
    #[must_use]
    pub fn tt_bytes(&self) -> usize {
        self.engine.tt_bytes()
    }

    /// Handles one input line and returns the reply lines (often none or one).
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        if self.ended {
            return Vec::new();
        }
        self.arrived_ms = self.clock.now_ms();
        let line = line.trim();
        let mut out = Vec::new();
        if let Some(input) = self.board_input.as_mut() {
            if line.is_empty() {
                return out;
            }
            if line.eq_ignore_ascii_case("DONE") {
                let input = self.board_input.take().unwrap_or_default();
                return self.answer(|p| p.finish_board(input));
            }
            // Anything but a protocol command is taken for a stone line.
            if matches!(parse(line), Err(ProtocolError::Unknown(_))) {
                input.add(line, self.game.as_ref());
                return out;
            }
            // Another command: the position is abandoned and the command obeyed.
            self.board_input = None;
            out.push(ProtocolError::BoardNotDone.reply());
        }
        if line.is_empty() {
            return out;
        }
        out.extend(self.answer(|p| p.run(line)));
        out
    }

    /// Handles a line from [`read_input_line`]. A line cut at the cap is refused whole:
    /// obeying its start could run a command the manager never sent.
    pub fn handle_input(&mut self, line: &InputLine) -> Vec<String> {
        if !line.overlong {
            return self.handle(&line.text);
        }
        if self.ended {
            return Vec::new();
        }
        if let Some(input) = self.board_input.as_mut() {
            // A bad stone line: reported at DONE like the others.
            input.error.get_or_insert(ProtocolError::LineTooLong);
            return Vec::new();
        }
        vec![ProtocolError::LineTooLong.reply()]
    }

    fn answer(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<Vec<String>, ProtocolError>,
    ) -> Vec<String> {
        f(self).unwrap_or_else(|e| vec![e.reply()])
    }

    fn run(&mut self, line: &str) -> Result<Vec<String>, ProtocolError> {
        match parse(line)? {
            Command::Start(n) => self.start(n, n).map(|()| ok()),
            Command::RectStart(w, h) => self.start(w, h).map(|()| ok()),
            Command::Restart => {
                let size = self.game.as_ref().ok_or(ProtocolError::NoGame)?.size();
                self.start(size.into(), size.into()).map(|()| ok())
            }
            Command::Begin => {
                let game = self.game.as_ref().ok_or(ProtocolError::NoGame)?;
                if !game.moves().is_empty() {
                    return Err(ProtocolError::BeginNotEmpty);
                }
                self.reply_move()
            }
            Command::Turn(x, y) => {
                let game = self.game.as_mut().ok_or(ProtocolError::NoGame)?;
                let p = on_board(game, x, y)?;
                game.try_play(p)?;
                let reply = self.reply_move();
                // A move we cannot answer (it ended the game) is refused whole, so that an
                // ERROR always leaves the position as it was.
                if reply.is_err() {
                    if let Some(game) = self.game.as_mut() {
                        // Cannot fail: the opponent's stone was just played.
                        let _ = game.undo();
                    }
                }
                reply
            }
            Command::Board => {
                let mut input = BoardInput::default();
                if self.game.is_none() {
                    input.error = Some(ProtocolError::NoGame);
                }
                self.board_input = Some(input);
                Ok(Vec::new())
            }
            Command::Done => Err(ProtocolError::DoneWithoutBoard),
            Command::Info { key, value } => self.info(&key, &value).map(|()| Vec::new()),
            Command::Takeback(x, y) => {
                let game = self.game.as_mut().ok_or(ProtocolError::NoGame)?;
                let p = on_board(game, x, y)?;
                if game.moves().is_empty() {
                    return Err(GameError::NothingToUndo.into());
                }
                if game.last_move() != Some(p) {
                    return Err(ProtocolError::NotLastMove { x, y });
                }
                game.undo()?;
                Ok(ok())
            }
            Command::About => Ok(vec![format!(
                "name=\"{ENGINE_NAME}\", version=\"{}\", author=\"gomoku contributors\", \
                 country=\"unknown\"",
                env!("CARGO_PKG_VERSION")
            )]),
            Command::End => {
                self.ended = true;
                Ok(Vec::new())
            }
        }
    }

    fn start(&mut self, w: i64, h: i64) -> Result<(), ProtocolError> {
        if w != h {
            return Err(ProtocolError::BadSize(format!("{w}×{h}")));
        }
        let game = Game::new(w, self.rule).map_err(|_| ProtocolError::BadSize(w.to_string()))?;
        self.engine.clear();
        self.engine.prepare(&game);
        self.game = Some(game);
        Ok(())
    }

    fn info(&mut self, key: &str, value: &str) -> Result<(), ProtocolError> {
        let number = || {
            value.parse::<u64>().map_err(|_| ProtocolError::Malformed {
                command: "INFO",
                found: command::quote(value),
                expected: "a whole number of milliseconds or bytes",
            })
        };
        match key {
            "timeout_turn" => self.time.turn_ms = number()?,
            "timeout_match" => self.time.match_ms = number()?,
            "time_left" => self.time.left_ms = Some(number()?),
            "max_memory" => {
                let bytes = number()?;
                // A new table only when its size changes: allocating one takes time.
                if tt_bytes_for(bytes) != tt_bytes_for(self.max_memory) {
                    let net = self.engine.net();
                    self.engine = Engine::new(tt_bytes_for(bytes));
                    self.engine.set_net(net);
                    // Managers send their settings after `START`: the new table is set up
                    // before the first move too.
                    if let Some(game) = &self.game {
                        self.engine.prepare(game);
                    }
                }
                self.max_memory = bytes;
            }
            "rule" => self.set_rule(rule_from_bits(number()?)?)?,
            // Node and depth limits per search (0: none), for repeatable matches.
            "max_node" => self.caps.nodes = Some(number()?).filter(|&n| n > 0),
            "max_depth" => {
                self.caps.depth = u32::try_from(number()?).ok().filter(|&d| d > 0);
            }
            // Accepted and not needed: game_type, folder, evaluate and any newer key.
            _ => {}
        }
        Ok(())
    }

    /// Changes the rule, replaying the current game under it.
    fn set_rule(&mut self, rule: Rule) -> Result<(), ProtocolError> {
        if let Some(game) = &self.game {
            if game.rule() != rule {
                let mut replay = Game::new(game.size().into(), rule)?;
                for &p in game.moves() {
                    replay.try_play(p)?;
                }
                self.engine.prepare(&replay);
                self.game = Some(replay);
            }
        }
        self.rule = rule;
        Ok(())
    }

    /// Sets up the position sent after `BOARD` and answers with a move.
    fn finish_board(&mut self, input: BoardInput) -> Result<Vec<String>, ProtocolError> {
        if let Some(e) = input.error {
            return Err(e);
        }
        let size = self.game.as_ref().ok_or(ProtocolError::NoGame)?.size();
        let mut own = Vec::new();
        let mut theirs = Vec::new();
        let mut seen = HashSet::new();
        for &(x, y, who) in &input.stones {
            let p = from_wire(x, y, size).ok_or(GameError::OutOfBoard { x, y, size })?;
            // Checked for markers too: no point holds two things.
            if !seen.insert(p) {
                return Err(ProtocolError::ImpossibleBoard(format!(
                    "{x},{y} is listed twice"
                )));
            }
            // 3 marks a stone of a finished line in continuous games; it is not a move.
            match who {
                1 => own.push(p),
                2 => theirs.push(p),
                _ => {}
            }
        }
        // It is our turn after BOARD, so either we are black to move with equal counts or
        // white with one stone fewer.
        let (black, white) = if own.len() == theirs.len() {
            (own, theirs)
        } else if theirs.len() == own.len() + 1 {
            (theirs, own)
        } else {
            return Err(ProtocolError::ImpossibleBoard(format!(
                "{} own and {} opponent stones, but it must be our turn",
                own.len(),
                theirs.len()
            )));
        };
        let mut game = Game::new(size.into(), self.rule)?;
        let mut whites = white.into_iter();
        for b in black {
            play_board_stone(&mut game, b)?;
            if let Some(w) = whites.next() {
                play_board_stone(&mut game, w)?;
            }
        }
        if game.draw_reason() == Some(DrawReason::NoLegalMove) {
            // A drawn position, not an impossible one: answered as a move request in it is.
            return Err(GameError::NoLegalMove.into());
        }
        if game.is_over() {
            return Err(ProtocolError::ImpossibleBoard(
                "the game is already decided".into(),
            ));
        }
        // The old game comes back if no move can be found, as for any refused command.
        let previous = self.game.replace(game);
        let reply = self.reply_move();
        if reply.is_err() {
            self.game = previous;
        }
        reply
    }

    /// Searches, plays and announces the engine's move.
    fn reply_move(&mut self) -> Result<Vec<String>, ProtocolError> {
        let game = self.game.as_ref().ok_or(ProtocolError::NoGame)?;
        // Renju, black left with only forbidden points: the game is a draw, and the manager
        // is told why there is no move rather than just that the game is over.
        if game.draw_reason() == Some(DrawReason::NoLegalMove) {
            return Err(GameError::NoLegalMove.into());
        }
        let empty = game.board().empty_points().count();
        let spent = (self.clock.now_ms() - self.arrived_ms).max(0.0) as u64;
        let limits = move_limits(&self.time, &self.caps, empty, spent);
        let report = self
            .engine
            .search(game, &limits, &self.clock, &mut |_| {})?;
        let p = report.best.ok_or(ProtocolError::NoMove)?;
        let game = self.game.as_mut().ok_or(ProtocolError::NoGame)?;
        game.try_play(p)?;
        let (x, y) = to_wire(p, game.size());
        let mut out = Vec::new();
        if self.messages {
            out.push(message(&report));
        }
        out.push(format!("{x},{y}"));
        Ok(out)
    }
}

impl BoardInput {
    /// Keeps a stone line, or the first problem; never grows past a full board.
    fn add(&mut self, line: &str, game: Option<&Game>) {
        if self.error.is_some() {
            return;
        }
        let cells = game.map_or(0, |g| usize::from(g.size()) * usize::from(g.size()));
        match parse_stone(line) {
            Ok(_) if self.stones.len() >= cells => {
                self.error = Some(ProtocolError::ImpossibleBoard(
                    "more stones than points".into(),
                ));
            }
            Ok(stone) => self.stones.push(stone),
            Err(e) => self.error = Some(e),
        }
    }
}

/// Plays a stone of a `BOARD` position for the side to move.
fn play_board_stone(game: &mut Game, p: Point) -> Result<(), ProtocolError> {
    match game.try_play(p) {
        Err(GameError::GameOver) => Err(ProtocolError::ImpossibleBoard(match game.winner() {
            Some(_) => format!("a five is already on the board before {p}"),
            None => format!("black has no legal point left before {p}"),
        })),
        result => result.map_err(ProtocolError::Game),
    }
}

/// The search's limits for a move with `empty` points left, when `spent_ms` of the turn went
/// before the search began (reading the position, setting up): the manager's clock started
/// when the command arrived.
fn move_limits(time: &TimeControl, caps: &Limits, empty: usize, spent_ms: u64) -> Limits {
    let left = |ms: u64| ms.saturating_sub(spent_ms).max(1);
    Limits {
        time_ms: Some(left(time.budget_ms(empty))),
        max_time_ms: time.stretch_ms(empty).map(left),
        nodes: caps.nodes,
        depth: caps.depth,
    }
}

fn on_board(game: &Game, x: i64, y: i64) -> Result<Point, ProtocolError> {
    from_wire(x, y, game.size()).ok_or(ProtocolError::Game(GameError::OutOfBoard {
        x,
        y,
        size: game.size(),
    }))
}

fn ok() -> Vec<String> {
    vec!["OK".to_owned()]
}

fn message(r: &Report) -> String {
    let mate = r
        .mate_in
        .map(|m| format!(" mate in {m}"))
        .unwrap_or_default();
    format!(
        "MESSAGE depth {}/{} score {}{mate} nodes {} time {} ms",
        r.depth, r.seldepth, r.score, r.nodes, r.elapsed_ms
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::FrozenClock;
    use crate::color::Color;

    fn engine() -> Protocol<FrozenClock> {
        let mut p = Protocol::new(FrozenClock);
        p.set_caps(Limits {
            nodes: Some(2000),
            ..Limits::default()
        });
        p
    }

    #[test]
    fn time_spent_before_the_search_comes_off_the_turn() {
        let turn = TimeControl {
            turn_ms: 100,
            ..TimeControl::default()
        };
        let full = move_limits(&turn, &Limits::default(), 200, 0);
        let budget = full.time_ms.expect("a turn limit");
        assert_eq!(
            move_limits(&turn, &Limits::default(), 200, 30).time_ms,
            Some(budget - 30)
        );
        // However late the search starts, it gets a moment to find a move.
        assert_eq!(
            move_limits(&turn, &Limits::default(), 200, 500).time_ms,
            Some(1)
        );
        // Under a match clock the stretch shrinks by as much.
        let clock = TimeControl {
            turn_ms: 20_000,
            match_ms: 100_000,
            left_ms: Some(100_000),
        };
        let stretch = clock.stretch_ms(200).expect("room to stretch");
        let late = move_limits(&clock, &Limits::default(), 200, 40);
        assert_eq!(late.max_time_ms, Some(stretch - 40));
        assert_eq!(late.time_ms, Some(clock.budget_ms(200) - 40));
    }

    #[test]
    fn start_sets_the_search_up_before_the_first_move_is_timed() {
        let mut p = engine();
        assert!(!p.engine.is_prepared());
        assert_eq!(p.handle("START 15"), vec!["OK"]);
        assert!(p.engine.is_prepared());
        // A table of another size, sent after START as managers do, is set up at once too.
        assert!(p.handle("INFO max_memory 33554432").is_empty());
        assert!(p.engine.is_prepared());
        assert_eq!(p.engine.tt_bytes(), tt_bytes_for(33_554_432));
    }

    #[test]
    fn wire_coordinates_flip_y_both_ways() {
        let p = from_wire(0, 0, 15).expect("on board");
        assert_eq!(p, Point::new(0, 14));
        assert_eq!(to_wire(p, 15), (0, 0));
        for (x, y) in [(0, 0), (14, 14), (3, 11)] {
            let p = from_wire(x, y, 15).expect("on board");
            assert_eq!(to_wire(p, 15), (x as u8, y as u8));
        }
        assert_eq!(from_wire(15, 0, 15), None);
        assert_eq!(from_wire(0, -1, 15), None);
    }

    #[test]
    fn rule_bits_round_trip() {
        for rule in Rule::ALL {
            assert_eq!(rule_from_bits(rule_bits(rule)), Ok(rule));
        }
        assert_eq!(rule_from_bits(3), Ok(Rule::Standard));
        assert!(rule_from_bits(8).is_err());
    }

    #[test]
    fn board_with_white_to_move_makes_us_white() {
        let mut p = engine();
        assert_eq!(p.handle("START 15"), ["OK"]);
        assert!(p.handle("BOARD").is_empty());
        assert!(p.handle("7,7,2").is_empty());
        let reply = p.handle("DONE");
        assert_eq!(reply.len(), 1, "{reply:?}");
        let game = p.game().expect("game");
        assert_eq!(game.moves().len(), 2);
        assert_eq!(game.board().get(Point::new(7, 7)), Some(Color::Black));
    }

    #[test]
    fn a_rule_change_replays_the_game() {
        let mut p = engine();
        p.handle("START 15");
        p.handle("BEGIN");
        p.handle("INFO rule 4");
        assert_eq!(p.game().map(Game::rule), Some(Rule::Renju));
        assert_eq!(p.game().map(|g| g.moves().len()), Some(1));
    }

    #[test]
    fn max_node_and_max_depth_cap_the_search() {
        let mut p = Protocol::new(FrozenClock);
        p.set_messages(true);
        p.handle("START 15");
        p.handle("INFO max_node 3000");
        p.handle("INFO max_depth 4");
        assert_eq!(p.caps.nodes, Some(3000));
        let reply = p.handle("BEGIN");
        assert!(reply[0].starts_with("MESSAGE depth "), "{reply:?}");
        let depth: u32 = reply[0]["MESSAGE depth ".len()..]
            .split('/')
            .next()
            .and_then(|d| d.parse().ok())
            .expect("a depth");
        assert!(depth <= 4, "{reply:?}");
        p.handle("INFO max_node 0");
        assert_eq!(p.caps.nodes, None);
    }
}
