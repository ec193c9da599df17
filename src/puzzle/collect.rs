//! Where the puzzles come from: games of the computer against itself (and any other games,
//! such as the arena's), scanned position by position with the solver.

use super::Puzzle;
use crate::clock::FrozenClock;
use crate::game::Game;
use crate::level::{Level, Player};
use crate::point::Point;
use crate::rng::Rng;
use crate::rule::Rule;

/// Games of the computer against itself, from `count` seeded openings of two to four stones
/// near the centre, each level pair of `pairs` in turn: the source of the puzzles.
#[must_use]
pub fn self_play(count: u64, pairs: &[(Level, Level)]) -> Vec<Game> {
    let mut games = Vec::new();
    if pairs.is_empty() {
        return games;
    }
    for seed in 0..count {
        let (a, b) = pairs[(seed % pairs.len() as u64) as usize];
        let mut players = [
            Player::new(a, 1 << 20, Rng::seeded(seed)),
            Player::new(b, 1 << 20, Rng::seeded(seed ^ 0x5eed)),
        ];
        let Ok(mut game) = Game::new(15, Rule::Freestyle) else {
            continue;
        };
        let mut rng = Rng::seeded(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        for _ in 0..2 + rng.below(3) {
            let p = Point::new(4 + rng.below(7) as u8, 4 + rng.below(7) as u8);
            let _ = game.try_play(p);
        }
        while !game.is_over() {
            let player = &mut players[game.moves().len() % 2];
            let Ok(report) = player.choose(&game, &FrozenClock, &mut |_| {}) else {
                break;
            };
            let Some(best) = report.best else { break };
            if game.try_play(best).is_err() {
                break;
            }
        }
        games.push(game);
    }
    games
}

/// The puzzles of `games`: in each game, from move 8 on, every position where the side to
/// move has a win by fours that it did not have on its previous turn (where the win arose,
/// not each step of playing it out), at most `per_game` a game, no position twice.
#[must_use]
pub fn collect(games: &[Game], per_game: usize) -> Vec<Puzzle> {
    let mut out: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for game in games {
        let Ok(mut g) = Game::new(game.size().into(), game.rule()) else {
            continue;
        };
        // Whether each side had a win on its previous turn.
        let mut had = [false; 2];
        let mut taken = 0;
        for (ply, &m) in game.moves().iter().enumerate() {
            if taken >= per_game {
                break;
            }
            let side = ply % 2;
            let found = if ply >= 8 { Puzzle::of(&g) } else { None };
            if let Some(p) = &found {
                if !had[side] && seen.insert(p.id.clone()) {
                    out.push(p.clone());
                    taken += 1;
                }
            }
            had[side] = found.is_some();
            if g.try_play(m).is_err() {
                break;
            }
        }
    }
    out
}
