//! Tactical suites: positions with a known forced win by continuous fours (VCF), found by a
//! brute-force solver written on the plain game rules (independent of the search's pattern
//! tables), and the measurement of how many of them the engine solves in a budget.

use crate::ai::ArticleAi;
use crate::color::Color;
use crate::game::Game;
use crate::point::Point;
use crate::rng::Rng;
use crate::rule::Rule;
use crate::wincheck;

/// Empty points where `c` would complete a winning line.
fn five_points(game: &Game, c: Color) -> Vec<Point> {
    let board = game.board();
    board
        .empty_points()
        .filter(|&p| wincheck::makes_five(board, p, c, game.rule()))
        .collect()
}

/// Empty points within two of a stone.
fn near_points(game: &Game) -> Vec<Point> {
    let board = game.board();
    let n = i32::from(board.size());
    board
        .empty_points()
        .filter(|p| {
            (-2..=2).any(|dy| {
                (-2..=2).any(|dx| {
                    let (x, y) = (i32::from(p.x) + dx, i32::from(p.y) + dy);
                    (0..n).contains(&x)
                        && (0..n).contains(&y)
                        && board.get(Point::new(x as u8, y as u8)).is_some()
                })
            })
        })
        .collect()
}

/// Whether `p` lies on a line within four points of one of `targets`.
fn on_line_near(p: Point, targets: &[Point]) -> bool {
    targets.iter().any(|t| {
        let (dx, dy) = (
            i32::from(p.x) - i32::from(t.x),
            i32::from(p.y) - i32::from(t.y),
        );
        (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && dx.abs() <= 4 && dy.abs() <= 4
    })
}

/// Brute force: a win for the side to move with at most `fours` continuous fours (each
/// answered by the only block), returning the attacker's moves. Slow; for building and
/// checking suites.
#[must_use]
pub fn brute_force_vcf(game: &Game, fours: u32) -> Option<Vec<Point>> {
    if game.is_over() {
        return None;
    }
    let us = game.side_to_move();
    let them = us.opposite();
    let mine = five_points(game, us);
    if let Some(&p) = mine.iter().find(|&&p| game.check_move(p).is_ok()) {
        return Some(vec![p]);
    }
    if fours == 0 {
        return None;
    }
    let theirs = five_points(game, them);
    let candidates = match theirs.as_slice() {
        [] => near_points(game),
        [block] => vec![*block],
        _ => return None,
    };
    for m in candidates {
        let mut after = game.clone();
        if after.try_play(m).is_err() {
            continue;
        }
        // New five-points can only lie on the lines through m.
        let board = after.board();
        let threats: Vec<Point> = board
            .empty_points()
            .filter(|&q| on_line_near(q, &[m]) && wincheck::makes_five(board, q, us, game.rule()))
            .collect();
        match threats.as_slice() {
            [] => continue,
            // Two five-points: the defender can block only one.
            [_, _, ..] => return Some(vec![m]),
            [block] => {
                let mut blocked = after.clone();
                if blocked.try_play(*block).is_err() {
                    // Renju: black may not block there; the five follows.
                    return Some(vec![m]);
                }
                if let Some(mut rest) = brute_force_vcf(&blocked, fours - 1) {
                    rest.insert(0, m);
                    return Some(rest);
                }
            }
        }
    }
    None
}

/// Whether the side to move has a five or an open four already (too easy for a suite).
fn trivial(game: &Game) -> bool {
    brute_force_vcf(game, 1).is_some()
}

/// One suite position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuitePosition {
    /// The rule the position is played under.
    pub rule: Rule,
    /// The moves from the empty board, in move-list notation (`h8 i9 …`).
    pub moves: String,
}

impl SuitePosition {
    /// The text line: `rule: moves`.
    #[must_use]
    pub fn to_line(&self) -> String {
        format!("{}: {}", self.rule, self.moves)
    }

    /// Parses a `rule: moves` line; `None` for comments, blanks and bad lines.
    #[must_use]
    pub fn parse(line: &str) -> Option<SuitePosition> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let (rule, moves) = line.split_once(':')?;
        Some(SuitePosition {
            rule: rule.trim().parse().ok()?,
            moves: moves.trim().to_owned(),
        })
    }

    /// The game, if the moves are legal.
    #[must_use]
    pub fn game(&self) -> Option<Game> {
        Game::from_moves(15, self.rule, &self.moves).ok()
    }
}

/// Collects up to `count` positions whose shortest VCF takes `min_fours` to `max_fours`
/// fours (`min_fours` ≥ 2), from games between the article opponents seeded `0..`. Games
/// alternate the rules.
#[must_use]
pub fn collect_vcf(count: usize, min_fours: u32, max_fours: u32) -> Vec<SuitePosition> {
    let mut out: Vec<SuitePosition> = Vec::new();
    let pairs = [
        (ArticleAi::Scoring000, ArticleAi::Pattern001),
        (ArticleAi::Scoring003, ArticleAi::Scoring004),
        (ArticleAi::Pattern001, ArticleAi::Scoring003),
        (ArticleAi::Scoring004, ArticleAi::Scoring000),
    ];
    let mut seed = 0u64;
    while out.len() < count && seed < 10_000 {
        let rule = Rule::ALL[(seed % 3) as usize];
        let (a, b) = pairs[(seed / 3 % 4) as usize];
        let mut rng = Rng::seeded(seed);
        seed += 1;
        let Ok(mut game) = Game::new(15, rule) else {
            continue;
        };
        while !game.is_over() && out.len() < count {
            if game.moves().len() >= 8 && !trivial(&game) {
                let shortest_is_long = || brute_force_vcf(&game, min_fours.max(2) - 1).is_none();
                if brute_force_vcf(&game, max_fours).is_some() && shortest_is_long() {
                    let moves = game.move_list().to_string();
                    if !out.iter().any(|p| p.moves == moves) {
                        out.push(SuitePosition { rule, moves });
                    }
                    break;
                }
            }
            let ai = if game.side_to_move() == Color::Black {
                a
            } else {
                b
            };
            let Ok(p) = ai.choose(&game, &mut rng) else {
                break;
            };
            if game.try_play(p).is_err() {
                break;
            }
        }
    }
    out
}
