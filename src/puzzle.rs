//! "Find the win" puzzles from the project's own games: positions where the side to move
//! wins by continuous fours (VCF), graded by the length of the shortest attack.
//!
//! A line of fours is a whole proof: after each four the defender has one move, the block,
//! so long as it has no five of its own to make. [`prove`] replays a puzzle's stored line and
//! checks exactly that, move by move, without trusting any solver; the solver ([`vcf`]) only
//! finds the lines and shows that no shorter one exists.
//!
//! A puzzle's id comes from its position alone (the stones of each colour, the side to move,
//! the rule, the board size), so generating the set again keeps every old `puzzle=` link
//! working.

use crate::color::Color;
use crate::game::Game;
use crate::point::Point;
use crate::rule::Rule;
use crate::wincheck;

#[cfg(not(target_arch = "wasm32"))]
mod collect;
pub mod play;
pub mod vcf;

#[cfg(not(target_arch = "wasm32"))]
pub use collect::{collect, self_play};

/// Longest attack the puzzles hold, in moves of the winner (fours, then the five).
pub const MAX_ATTACK: usize = 7;

/// The grades, by the shortest attack's moves: 2, 3, 4, and 5 to `MAX_ATTACK`.
pub const GRADES: [(usize, usize); 4] = [(2, 2), (3, 3), (4, 4), (5, MAX_ATTACK)];

/// Nodes the solver may search for one position's shortest win (a few milliseconds; where
/// fours abound it gives up rather than stall a scan or the page).
pub const SOLVER_NODES: u64 = 200_000;

/// One puzzle: the moves that lead to the position, and the shortest win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Stable id, from the position (see [`puzzle_id`]).
    pub id: String,
    /// The rule (freestyle for the generated set).
    pub rule: Rule,
    /// The moves from the empty board to the position, `h8 i9 …`.
    pub moves: String,
    /// The shortest win: the attacker's moves with the defender's forced blocks between them.
    pub line: Vec<Point>,
}

impl Puzzle {
    /// The puzzle of `game`'s position, if the side to move has a win by fours of 2 to
    /// [`MAX_ATTACK`] moves that the solver finds within [`SOLVER_NODES`].
    #[must_use]
    pub fn of(game: &Game) -> Option<Puzzle> {
        let line = shortest_win(game)?;
        Some(Puzzle {
            id: puzzle_id(game),
            rule: game.rule(),
            moves: game.move_list().to_string(),
            line,
        })
    }

    /// Moves of the winner in the shortest win.
    #[must_use]
    pub fn attack(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// 1 to 4 (see [`GRADES`]).
    #[must_use]
    pub fn grade(&self) -> usize {
        grade_of(self.attack()).unwrap_or(0)
    }

    /// The line of the puzzle file: `id grade rule moves | line`.
    #[must_use]
    pub fn to_line(&self) -> String {
        let line: Vec<String> = self.line.iter().map(ToString::to_string).collect();
        format!(
            "{} {} {} {} | {}",
            self.id,
            self.grade(),
            self.rule,
            self.moves,
            line.join(" ")
        )
    }

    /// Reads a puzzle file's line (`None` for comments, blanks and lines that do not read).
    #[must_use]
    pub fn parse(text: &str) -> Option<Puzzle> {
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            return None;
        }
        let (head, line) = text.split_once('|')?;
        let mut words = head.split_whitespace();
        let id = words.next()?.to_owned();
        let _grade = words.next()?;
        let rule = words.next()?.parse().ok()?;
        let moves = words.collect::<Vec<_>>().join(" ");
        let line = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<Point>, _>>()
            .ok()?;
        Some(Puzzle {
            id,
            rule,
            moves,
            line,
        })
    }

    /// The position, if the moves are legal.
    #[must_use]
    pub fn game(&self) -> Option<Game> {
        Game::from_moves(15, self.rule, &self.moves).ok()
    }
}

/// The grade of an attack of `moves` moves.
#[must_use]
pub fn grade_of(moves: usize) -> Option<usize> {
    GRADES
        .iter()
        .position(|&(lo, hi)| (lo..=hi).contains(&moves))
        .map(|i| i + 1)
}

/// The position's id: 64-bit FNV-1a of `rule size side black-stones white-stones` (stones
/// sorted), as 12 hex digits.
#[must_use]
pub fn puzzle_id(game: &Game) -> String {
    let mut stones: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    for (i, &p) in game.moves().iter().enumerate() {
        stones[i % 2].push(p.to_string());
    }
    for s in &mut stones {
        s.sort();
    }
    let side = if game.side_to_move() == Color::Black {
        "b"
    } else {
        "w"
    };
    let text = format!(
        "{} {} {side} {} {}",
        game.rule(),
        game.size(),
        stones[0].join(","),
        stones[1].join(",")
    );
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{:012x}", hash >> 16)
}

/// The shortest win by continuous fours for the side to move, of 2 to [`MAX_ATTACK`] moves,
/// with the forced blocks: `None` when there is none (or the solver ran out of nodes), when
/// the side to move makes five at once, or when the opponent already has a five to make.
#[must_use]
pub fn shortest_win(game: &Game) -> Option<Vec<Point>> {
    if !five_points(game, game.side_to_move().opposite()).is_empty() {
        return None;
    }
    let mut solver = vcf::Vcf::new(game, SOLVER_NODES).ok()?;
    solver.shortest(MAX_ATTACK).ok().flatten()
}

/// Empty points where `c` would make five, in the solver's order (by column, then row), so
/// the computer blocks a double threat where the stored lines do.
fn five_points(game: &Game, c: Color) -> Vec<Point> {
    let board = game.board();
    let mut points: Vec<Point> = board
        .empty_points()
        .filter(|&p| wincheck::makes_five(board, p, c, game.rule()))
        .collect();
    points.sort_unstable();
    points
}

/// Checks a puzzle: its id is its position's; its line wins, each of the defender's moves
/// the only one that does not lose at once; and no shorter win by fours exists. An error
/// says what is wrong.
///
/// # Errors
/// The first thing that does not hold.
pub fn prove(p: &Puzzle) -> Result<(), String> {
    let game = p.game().ok_or("the moves are not a legal game")?;
    if puzzle_id(&game) != p.id {
        return Err(format!(
            "id {} is not the position's {}",
            p.id,
            puzzle_id(&game)
        ));
    }
    let attacker = game.side_to_move();
    if !five_points(&game, attacker.opposite()).is_empty() {
        return Err("the defender threatens five".into());
    }
    if !five_points(&game, attacker).is_empty() {
        return Err("the attacker makes five at once".into());
    }
    replay_wins(&game, &p.line)?;
    let attack = p.attack();
    if attack > MAX_ATTACK || grade_of(attack).is_none() {
        return Err(format!("an attack of {attack} moves is out of the grades"));
    }
    let mut solver = vcf::Vcf::new(&game, u64::MAX).map_err(|e| format!("{e:?}"))?;
    if let Ok(Some(shorter)) = solver.shortest(attack - 1) {
        return Err(format!("a shorter win exists: {shorter:?}"));
    }
    Ok(())
}

/// Plays `line` from `game` and checks it is a forced win for the side to move: every
/// defender move blocks the attacker's only point of five (when there are two, the next move
/// is the five), the defender never has a five of its own to make instead, and the line ends
/// in the attacker's five.
///
/// # Errors
/// The first move where that fails.
pub fn replay_wins(game: &Game, line: &[Point]) -> Result<(), String> {
    let mut g = game.clone();
    let attacker = g.side_to_move();
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 1 {
            if !five_points(&g, attacker.opposite()).is_empty() {
                return Err(format!("move {}: the defender could make five", i + 1));
            }
            let blocks = five_points(&g, attacker);
            let last_block = i + 2 == line.len();
            if !blocks.contains(&m) || (blocks.len() > 1 && !last_block) || blocks.is_empty() {
                return Err(format!(
                    "move {} ({m}) is not a forced block: {blocks:?}",
                    i + 1
                ));
            }
        }
        g.try_play(m)
            .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    if g.winner() != Some(attacker) {
        return Err("the line does not end in the attacker's five".into());
    }
    Ok(())
}

// The tests compare with the brute-force solver of `suite`, a native module.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
