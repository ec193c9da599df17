//! A solver for wins by continuous fours (VCF) under freestyle and standard rules, fast enough
//! to scan every position of many games and to judge a puzzle move in the browser.
//!
//! A line of fours is a whole proof: each four leaves the defender one move (block the point
//! that would make five), as long as the defender has no five of its own to make first, and
//! the solver keeps to exactly that. So a line it returns wins against every defence; the
//! brute-force solver in `suite` is the slow reference it is tested against.

use crate::color::Color;
use crate::game::Game;
use crate::point::{Direction, Point};
use crate::rule::Rule;
use crate::zobrist::STONE_KEYS;
use std::collections::HashMap;

const EMPTY: u8 = 0;

/// A win found: the attacker's moves with the defender's forced blocks between them, ending
/// with the five (after a double threat, one block and the five at the other point).
pub type Line = Vec<Point>;

/// The solver's own board: plain cells, a Zobrist hash, and the attack budgets already
/// proven too small for each position it has seen.
pub struct Vcf {
    size: i32,
    exact: bool,
    cells: Vec<u8>,
    hash: u64,
    attacker: u8,
    failed: HashMap<u64, u8>,
    nodes: u64,
    limit: u64,
}

/// Why the solver could not answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsolved {
    /// The rule is renju (forbidden points are not modelled), or the game is over.
    NotSupported,
    /// The node limit ran out first: no answer either way.
    OutOfNodes,
}

impl Vcf {
    /// A solver for the side to move in `game`, giving up after `limit` nodes in all.
    ///
    /// # Errors
    /// [`Unsolved::NotSupported`] for renju and for finished games.
    pub fn new(game: &Game, limit: u64) -> Result<Vcf, Unsolved> {
        Vcf::for_side(game, game.side_to_move(), limit)
    }

    /// A solver for `attacker` in `game`, as if it were `attacker`'s move (the other side
    /// passing, to see what a quiet move threatens).
    ///
    /// # Errors
    /// [`Unsolved::NotSupported`] for renju and for finished games.
    pub fn for_side(game: &Game, attacker: Color, limit: u64) -> Result<Vcf, Unsolved> {
        if game.rule() == Rule::Renju || game.is_over() {
            return Err(Unsolved::NotSupported);
        }
        let size = i32::from(game.size());
        let mut solver = Vcf {
            size,
            exact: game.rule() == Rule::Standard,
            cells: vec![EMPTY; (size * size) as usize],
            hash: 0,
            attacker: code(attacker),
            failed: HashMap::new(),
            nodes: 0,
            limit,
        };
        for (i, &p) in game.moves().iter().enumerate() {
            let c = if i % 2 == 0 { 1 } else { 2 };
            solver.put(p, c);
        }
        Ok(solver)
    }

    /// Nodes searched so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The shortest win by continuous fours of at most `moves` attacking moves (counting the
    /// five). `Ok(None)`: there is none that short, or the side to move can make five at
    /// once, or the defender already threatens five more than once.
    ///
    /// # Errors
    /// [`Unsolved::OutOfNodes`] when the node limit ran out.
    pub fn shortest(&mut self, moves: usize) -> Result<Option<Line>, Unsolved> {
        let us = self.attacker;
        if !self.five_points_all(us).is_empty() {
            return Ok(None);
        }
        let theirs = self.five_points_all(3 - us);
        for budget in 2..=moves.min(u8::MAX as usize) as u8 {
            if let Some(line) = self.attack(budget, &theirs)? {
                return Ok(Some(line));
            }
        }
        Ok(None)
    }

    /// Whether the attacker wins within `budget` more moves of its own, the defender's
    /// points that make five being `theirs`. Attacker to move, with no five to make.
    fn attack(&mut self, budget: u8, theirs: &[Point]) -> Result<Option<Line>, Unsolved> {
        if budget < 2 || theirs.len() > 1 {
            return Ok(None);
        }
        if self.failed.get(&self.hash).is_some_and(|&b| b >= budget) {
            return Ok(None);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Unsolved::OutOfNodes);
        }
        let us = self.attacker;
        let candidates = match theirs {
            [block] => vec![*block],
            _ => self.four_moves(us),
        };
        for m in candidates {
            self.put(m, us);
            let fives = self.five_points_through(m, us);
            let found = match fives.as_slice() {
                [] => None,
                [block] => {
                    if budget > 2 {
                        let block = *block;
                        self.put(block, 3 - us);
                        let threats = self.five_points_through(block, 3 - us);
                        let rest = self.attack(budget - 1, &threats);
                        self.take(block, 3 - us);
                        match rest {
                            Ok(Some(mut line)) => {
                                line.splice(0..0, [m, block]);
                                Some(line)
                            }
                            Ok(None) => None,
                            Err(e) => {
                                self.take(m, us);
                                return Err(e);
                            }
                        }
                    } else {
                        None
                    }
                }
                [block, five, ..] => Some(vec![m, *block, *five]),
            };
            self.take(m, us);
            if found.is_some() {
                return Ok(found);
            }
        }
        let entry = self.failed.entry(self.hash).or_insert(0);
        *entry = (*entry).max(budget);
        Ok(None)
    }

    /// Empty points where a stone of `c` makes a four: a five-cell window of the line holding
    /// three of `c`, two empties and nothing else (then either empty makes the four). The
    /// order is fixed (board order), so the solver's answers are the same everywhere.
    fn four_moves(&self, c: u8) -> Vec<Point> {
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for y in 0..self.size {
            for x in 0..self.size {
                if self.cells[self.index(x, y)] != c {
                    continue;
                }
                for dir in Direction::ALL {
                    let (dx, dy) = dir.delta();
                    // Windows starting 4 before the stone to the stone itself; each window is
                    // met from each of its stones, so start it only from its first one.
                    for start in -4..=0 {
                        let (sx, sy) = (x + dx * start, y + dy * start);
                        let mut mine = 0;
                        let mut empties = [0usize; 2];
                        let mut n_empty = 0;
                        let mut first_mine = true;
                        let mut ok = true;
                        for k in 0..5 {
                            let (cx, cy) = (sx + dx * k, sy + dy * k);
                            if !self.on_board(cx, cy) {
                                ok = false;
                                break;
                            }
                            let i = self.index(cx, cy);
                            match self.cells[i] {
                                EMPTY => {
                                    if n_empty < 2 {
                                        empties[n_empty] = i;
                                    }
                                    n_empty += 1;
                                }
                                v if v == c => {
                                    if mine == 0 && (cx, cy) != (x, y) {
                                        first_mine = false;
                                    }
                                    mine += 1;
                                }
                                _ => {
                                    ok = false;
                                    break;
                                }
                            }
                        }
                        if ok && first_mine && mine == 3 && n_empty == 2 {
                            for &i in &empties {
                                if !seen[i] {
                                    seen[i] = true;
                                    out.push(i);
                                }
                            }
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out.into_iter().map(|i| self.point(i)).collect()
    }

    /// Empty points on the lines through `p` (within four) where `c` would make five.
    fn five_points_through(&self, p: Point, c: u8) -> Vec<Point> {
        let mut out = Vec::new();
        for dir in Direction::ALL {
            let (dx, dy) = dir.delta();
            for k in (-4..=4).filter(|&k| k != 0) {
                let (x, y) = (i32::from(p.x) + dx * k, i32::from(p.y) + dy * k);
                if self.on_board(x, y)
                    && self.cells[self.index(x, y)] == EMPTY
                    && self.makes_five(x, y, c)
                {
                    let q = Point::new(x as u8, y as u8);
                    if !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Every empty point where `c` would make five.
    fn five_points_all(&self, c: u8) -> Vec<Point> {
        let mut out = Vec::new();
        for y in 0..self.size {
            for x in 0..self.size {
                if self.cells[self.index(x, y)] == EMPTY && self.makes_five(x, y, c) {
                    out.push(Point::new(x as u8, y as u8));
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Whether a stone of `c` at the empty `(x, y)` makes five (exactly five under standard).
    fn makes_five(&self, x: i32, y: i32, c: u8) -> bool {
        Direction::ALL.iter().any(|dir| {
            let (dx, dy) = dir.delta();
            let run = 1 + self.run(x, y, dx, dy, c) + self.run(x, y, -dx, -dy, c);
            if self.exact {
                run == 5
            } else {
                run >= 5
            }
        })
    }

    fn run(&self, x: i32, y: i32, dx: i32, dy: i32, c: u8) -> i32 {
        let mut n = 0;
        let (mut cx, mut cy) = (x + dx, y + dy);
        while self.on_board(cx, cy) && self.cells[self.index(cx, cy)] == c {
            n += 1;
            cx += dx;
            cy += dy;
        }
        n
    }

    fn put(&mut self, p: Point, c: u8) {
        let i = self.index(i32::from(p.x), i32::from(p.y));
        self.cells[i] = c;
        self.hash ^= key(p, c);
    }

    fn take(&mut self, p: Point, c: u8) {
        let i = self.index(i32::from(p.x), i32::from(p.y));
        self.cells[i] = EMPTY;
        self.hash ^= key(p, c);
    }

    fn on_board(&self, x: i32, y: i32) -> bool {
        (0..self.size).contains(&x) && (0..self.size).contains(&y)
    }

    fn index(&self, x: i32, y: i32) -> usize {
        (y * self.size + x) as usize
    }

    fn point(&self, i: usize) -> Point {
        let n = self.size as usize;
        Point::new((i % n) as u8, (i / n) as u8)
    }
}

fn code(c: Color) -> u8 {
    if c == Color::Black {
        1
    } else {
        2
    }
}

fn key(p: Point, c: u8) -> u64 {
    STONE_KEYS[usize::from(c - 1)]
        [usize::from(p.y) * usize::from(crate::point::MAX_SIZE) + usize::from(p.x)]
}
