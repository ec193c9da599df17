//! The article opponents: they complete their own five, block the opponent's four, never
//! play a forbidden point, break ties at random (repeatably with a seed).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::HashSet;

use common::{game_with, pt};
use gomoku::{ArticleAi, Color, Game, Point, Rng, Rule};

fn choices(opponent: ArticleAi, game: &Game, seeds: u64) -> HashSet<Point> {
    (0..seeds)
        .map(|s| opponent.choose(game, &mut Rng::seeded(s)).expect("a move"))
        .collect()
}

fn set(points: &str) -> HashSet<Point> {
    points.split_whitespace().map(pt).collect()
}

#[test]
fn every_ai_blocks_a_closed_four() {
    let game = game_with(Rule::Freestyle, "d8 e8 f8 g8 a1", "c8 a15 o1 o15");
    for ai in ArticleAi::ALL {
        assert_eq!(choices(ai, &game, 20), set("h8"), "{ai}");
    }
}

#[test]
fn every_ai_blocks_an_open_four_at_one_end() {
    let game = game_with(Rule::Freestyle, "d8 e8 f8 g8 a1", "a15 o1 o15 b15");
    for ai in ArticleAi::ALL {
        assert!(choices(ai, &game, 20).is_subset(&set("c8 h8")), "{ai}");
    }
}

#[test]
fn every_ai_blocks_an_open_three_at_an_end() {
    let game = game_with(Rule::Freestyle, "e8 f8 g8 a1", "a15 o1 o15");
    for ai in ArticleAi::ALL {
        assert!(choices(ai, &game, 20).is_subset(&set("d8 h8")), "{ai}");
    }
}

#[test]
fn every_ai_completes_its_own_five_rather_than_block() {
    // White to move: white has a four, and so has black.
    let game = game_with(Rule::Freestyle, "d8 e8 f8 g8 a1", "d10 e10 f10 g10");
    for ai in ArticleAi::ALL {
        assert!(choices(ai, &game, 20).is_subset(&set("c10 h10")), "{ai}");
    }
    // Black to move, the same for the other colour.
    let game = game_with(Rule::Freestyle, "d8 e8 f8 g8", "d10 e10 f10 g10");
    for ai in ArticleAi::ALL {
        assert!(choices(ai, &game, 20).is_subset(&set("c8 h8")), "{ai}");
    }
}

#[test]
fn scoring_tables_complete_a_split_four() {
    let game = game_with(Rule::Freestyle, "d8 e8 g8 h8 a1", "d10 e10 g10 h10");
    for ai in [
        ArticleAi::Scoring000,
        ArticleAi::Scoring003,
        ArticleAi::Scoring004,
    ] {
        assert_eq!(choices(ai, &game, 20), set("f10"), "{ai}");
    }
}

#[test]
fn every_ai_opens_in_the_centre() {
    for size in [5, 15, 20] {
        let game = Game::new(size, Rule::Freestyle).unwrap();
        let centre = Point::new(size as u8 / 2, size as u8 / 2);
        for ai in ArticleAi::ALL {
            assert_eq!(choices(ai, &game, 5), HashSet::from([centre]), "{ai}");
        }
    }
}

#[test]
fn article_004_replies_next_to_the_first_stone_at_random() {
    let game = Game::from_moves(15, Rule::Freestyle, "c3").unwrap();
    let replies = choices(ArticleAi::Scoring004, &game, 200);
    assert_eq!(replies, set("b2 c2 d2 b3 d3 b4 c4 d4"));
    // In a corner only the free neighbours are candidates.
    let game = Game::from_moves(15, Rule::Freestyle, "a1").unwrap();
    assert_eq!(choices(ArticleAi::Scoring004, &game, 200), set("a2 b1 b2"));
}

#[test]
fn ties_are_broken_at_random_among_the_best_only() {
    let game = Game::from_moves(15, Rule::Freestyle, "h8").unwrap();
    for ai in ArticleAi::ALL {
        let scores = ai.scores(&game);
        let best = scores.iter().flatten().max().copied().unwrap();
        let best_points: HashSet<Point> = game
            .board()
            .points()
            .zip(&scores)
            .filter(|(_, s)| **s == Some(best))
            .map(|(p, _)| p)
            .collect();
        let picked = choices(ai, &game, 300);
        assert!(picked.is_subset(&best_points), "{ai}");
        if best_points.len() > 1 {
            assert!(
                picked.len() > 1,
                "{ai} always picks the same of {best_points:?}"
            );
        }
    }
}

#[test]
fn scores_cover_empty_points_only() {
    let game = Game::from_moves(15, Rule::Freestyle, "h8 i9").unwrap();
    for ai in ArticleAi::ALL {
        let scores = ai.scores(&game);
        assert_eq!(scores.len(), 225);
        for (p, s) in game.board().points().zip(scores) {
            assert_eq!(s.is_some(), game.board().get(p).is_none(), "{ai} {p}");
        }
    }
}

/// Plays an AI-vs-AI game; every move the AIs pick must be legal.
fn self_play(black: ArticleAi, white: ArticleAi, rule: Rule, size: i64, seed: u64) -> Game {
    let mut game = Game::new(size, rule).unwrap();
    let mut rng = Rng::seeded(seed);
    while !game.is_over() {
        let ai = if game.side_to_move() == Color::Black {
            black
        } else {
            white
        };
        let p = ai.choose(&game, &mut rng).expect("a legal move exists");
        game.try_play(p)
            .unwrap_or_else(|e| panic!("{ai} chose illegal {p} in {}: {e}", game.move_list()));
    }
    game
}

#[test]
fn ai_games_are_legal_to_the_end_under_every_rule() {
    for rule in Rule::ALL {
        for (i, black) in ArticleAi::ALL.into_iter().enumerate() {
            for white in ArticleAi::ALL {
                for size in [9, 15] {
                    let game = self_play(black, white, rule, size, i as u64);
                    assert!(game.is_over());
                }
            }
        }
    }
}

#[test]
fn seeded_games_repeat_exactly() {
    let a = self_play(
        ArticleAi::Scoring003,
        ArticleAi::Scoring004,
        Rule::Renju,
        15,
        42,
    );
    let b = self_play(
        ArticleAi::Scoring003,
        ArticleAi::Scoring004,
        Rule::Renju,
        15,
        42,
    );
    assert_eq!(a.moves(), b.moves());
}

#[test]
fn black_ai_avoids_a_tempting_forbidden_point() {
    // h8 would give black two open threes, the scoring tables' favourite, but it is forbidden.
    let game = game_with(Rule::Renju, "f8 g8 h6 h7", "a1 a3 o1 o3");
    assert!(game.is_forbidden(pt("h8")));
    for ai in ArticleAi::ALL {
        let scores = ai.scores(&game);
        let h8 = scores[7 * 15 + 7].unwrap();
        assert!(
            h8 >= scores.iter().flatten().copied().max().unwrap() / 2,
            "{ai}: h8 is tempting"
        );
        assert!(!choices(ai, &game, 30).contains(&pt("h8")), "{ai}");
    }
}

#[test]
fn article_ai_ids_parse_back() {
    for ai in ArticleAi::ALL {
        assert_eq!(ai.id().parse::<ArticleAi>(), Ok(ai));
        assert_eq!(
            ai.id(),
            format!(
                "{}-{}",
                ai.id().split('-').next().unwrap_or(""),
                ai.article()
            )
        );
    }
    let e = "grandmaster".parse::<ArticleAi>().unwrap_err();
    assert!(e.to_string().contains("scoring-000"));
}
