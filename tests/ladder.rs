//! The node-limited levels between the lookahead and search-100: their ids, their place on
//! the ladder, that they play sensibly (take a five, block a four) on any seed, and that the
//! ladder's Elo figures (`Level::elo`) agree with the measured matches in docs/data/ladder.csv
//! and climb with no step much over 250.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::collections::HashSet;

use common::{game_with, pt};
use gomoku::{ArticleAi, FrozenClock, Game, Level, LevelKind, Limits, Player, Point, Rng, Rule};

/// The node-limited levels of the ladder, weakest first.
fn node_levels() -> Vec<Level> {
    Level::LADDER
        .into_iter()
        .filter(|l| l.kind() == LevelKind::Nodes)
        .collect()
}

fn choices(level: Level, game: &Game, seeds: u64) -> HashSet<Point> {
    (0..seeds)
        .map(|s| {
            let mut player = Player::new(level, 1 << 20, Rng::seeded(s));
            player
                .choose(game, &FrozenClock, &mut |_| {})
                .expect("a move")
                .best
                .expect("a point")
        })
        .collect()
}

fn set(points: &str) -> HashSet<Point> {
    points.split_whitespace().map(pt).collect()
}

#[test]
fn node_levels_sit_between_the_lookahead_and_search_100() {
    let ids: Vec<String> = node_levels().iter().map(|l| l.id()).collect();
    assert_eq!(
        ids,
        [
            "nodes-100",
            "nodes-300",
            "nodes-1000",
            "nodes-3000",
            "nodes-5000",
            "nodes-10000",
            "nodes-20000"
        ]
    );
    let rank = |id: &str| id.parse::<Level>().unwrap().rank().unwrap();
    let lookahead = rank("lookahead-002");
    let search = rank("search-100");
    assert_eq!(search - lookahead, ids.len() + 1, "nothing else in between");
    for (i, id) in ids.iter().enumerate() {
        assert_eq!(rank(id), lookahead + 1 + i, "{id}");
    }
    // The article levels are where they were, and the analysis level stays last.
    assert_eq!(
        Level::LADDER[..5],
        [
            Level::Article(ArticleAi::Pattern001),
            Level::Article(ArticleAi::Scoring000),
            Level::Article(ArticleAi::Scoring003),
            Level::Article(ArticleAi::Scoring004),
            Level::Lookahead,
        ]
    );
    assert_eq!(Level::LADDER.last().unwrap().kind(), LevelKind::Analysis);
}

#[test]
fn node_ids_read_back_and_describe_a_budget_not_a_time() {
    for level in node_levels() {
        let nodes = level.nodes().expect("a node budget");
        assert_eq!(level, Level::Nodes { nodes });
        assert_eq!(level.id().parse::<Level>(), Ok(level));
        assert_eq!(level.to_string(), format!("nodes-{nodes}"));
        assert_eq!(level.kind().id(), "nodes");
        assert_eq!(level.time_ms(), None);
        assert!(level.searches());
        assert_eq!(level.article(), None);
        assert_eq!(
            level.limits(),
            Limits {
                nodes: Some(nodes.into()),
                ..Limits::default()
            }
        );
        // The page's check of an id's shape.
        let id = level.id();
        let (kind, number) = id.split_once('-').unwrap();
        assert!((1..=12).contains(&kind.len()) && kind.bytes().all(|b| b.is_ascii_lowercase()));
        assert!((1..=6).contains(&number.len()) && number.bytes().all(|b| b.is_ascii_digit()));
    }
    // Off the ladder, any budget from 1 to 600000 reads, with no rank.
    let off: Level = "nodes-777".parse().unwrap();
    assert_eq!(off, Level::Nodes { nodes: 777 });
    assert_eq!(off.rank(), None);
    assert_eq!(off.elo(), None);
    assert_eq!(" nodes-1 ".parse(), Ok(Level::Nodes { nodes: 1 }));
    assert_eq!("nodes-600000".parse(), Ok(Level::Nodes { nodes: 600_000 }));
    for bad in [
        "nodes-0",
        "nodes-0100",
        "nodes-+100",
        "nodes-",
        "nodes-600001",
        "nodes-1e3",
        "node-100",
        "nodes-100ms",
    ] {
        assert!(bad.parse::<Level>().is_err(), "{bad}");
    }
    // An unknown id's error lists the ladder, the node levels included.
    let err = "nodes-0".parse::<Level>().unwrap_err().to_string();
    assert!(err.contains("nodes-300"), "{err}");
}

#[test]
fn node_levels_complete_their_own_five() {
    // White to move: white has a four, and so has black.
    let game = game_with(Rule::Freestyle, "d8 e8 f8 g8 a1", "d10 e10 f10 g10");
    for level in node_levels() {
        assert!(
            choices(level, &game, 8).is_subset(&set("c10 h10")),
            "{level}"
        );
    }
    // A split four: only the gap makes five.
    let game = game_with(Rule::Freestyle, "d8 e8 g8 h8 a1", "d10 e10 g10 h10");
    for level in node_levels() {
        assert_eq!(choices(level, &game, 8), set("f10"), "{level}");
    }
}

#[test]
fn node_levels_block_a_four() {
    for rule in Rule::ALL {
        // A closed four of black's: white must take h8.
        let game = game_with(rule, "d8 e8 f8 g8 a1", "c8 a15 o1 o15");
        for level in node_levels() {
            assert_eq!(choices(level, &game, 8), set("h8"), "{level} {rule}");
        }
        // Black to move against white's split four (under renju too: g10 is no forbidden point).
        let game = game_with(rule, "a1 a3 a5 o15", "d10 e10 g10 h10");
        for level in node_levels() {
            assert_eq!(choices(level, &game, 8), set("f10"), "{level} {rule}");
        }
    }
}

#[test]
fn node_levels_repeat_with_a_seed_and_vary_their_budget() {
    let game = game_with(Rule::Freestyle, "h8 i9", "h9 j10");
    for level in node_levels() {
        let play = |seed| {
            let mut player = Player::new(level, 1 << 20, Rng::seeded(seed));
            let mut game = game.clone();
            let mut nodes = Vec::new();
            for _ in 0..6 {
                let report = player.choose(&game, &FrozenClock, &mut |_| {}).unwrap();
                nodes.push(report.nodes);
                game.try_play(report.best.unwrap()).unwrap();
            }
            (game.moves().to_vec(), nodes)
        };
        assert_eq!(play(3), play(3), "{level}: the same seed, the same game");
        // Other seeds, other budgets: the searches stop after different numbers of nodes.
        let budgets: HashSet<Vec<u64>> = (0..4).map(|seed| play(seed).1).collect();
        assert!(budgets.len() > 1, "{level}: {budgets:?}");
    }
}

#[test]
fn the_arena_plays_node_levels_repeatably_without_a_time() {
    use gomoku::arena::{run_match, MatchConfig, PlayerSpec};
    let config = MatchConfig {
        games: 4,
        ..MatchConfig::default()
    };
    let play = || {
        let spec = |s: &str| s.parse::<PlayerSpec>().unwrap_or_else(|e| panic!("{e}"));
        let mut a = spec("nodes-300").build(&config);
        let mut b = spec("nodes-100").build(&config);
        assert_eq!(a.budget_ms(), None, "no time a move");
        let report =
            run_match(&config, a.as_mut(), b.as_mut(), &FrozenClock, &mut |_| {}).expect("a match");
        assert_eq!(report.names, ["nodes-300", "nodes-100"]);
        report
            .games
            .iter()
            .map(|g| g.moves.to_string())
            .collect::<Vec<_>>()
    };
    let games = play();
    assert_eq!(games.len(), 4);
    assert_eq!(
        games,
        play(),
        "the same seed, the same games, whatever the clock"
    );
}

/// The ladder's Elo: the first entry 0, each next level the one below plus the latest
/// freestyle match between them in docs/data/ladder.csv.
fn measured_chain() -> Vec<(String, f64)> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/data/ladder.csv"))
            .expect("docs/data/ladder.csv");
    let mut lines = text.lines();
    let header: Vec<String> = split_csv(lines.next().unwrap());
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (date, rule, a, b, elo) = (col("date"), col("rule"), col("a"), col("b"), col("elo"));
    let rows: Vec<Vec<String>> = lines.filter(|l| !l.is_empty()).map(split_csv).collect();
    let on_ladder: Vec<Level> = Level::LADDER
        .into_iter()
        .filter(|l| l.kind() != LevelKind::Analysis)
        .collect();
    let mut chain = vec![(on_ladder[0].id(), 0.0)];
    for pair in on_ladder.windows(2) {
        let (lo, hi) = (pair[0].id(), pair[1].id());
        let row = rows
            .iter()
            .filter(|r| r[rule] == "freestyle" && r[a] == hi && r[b] == lo && !r[elo].is_empty())
            .max_by(|x, y| x[date].cmp(&y[date]))
            .unwrap_or_else(|| panic!("no measured Elo of {hi} against {lo}"));
        let step: f64 = row[elo].parse().unwrap();
        let below = chain.last().unwrap().1;
        chain.push((hi, below + step));
    }
    chain
}

/// One CSV record: commas separate fields, double quotes hold commas ("" a quote).
fn split_csv(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            c => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

#[test]
fn the_elo_figures_are_the_measured_chain() {
    for (id, elo) in measured_chain() {
        let level: Level = id.parse().unwrap();
        assert_eq!(
            level.elo(),
            Some(elo.round() as i32),
            "{id}: update Level::ELO in src/level.rs from docs/data/ladder.csv"
        );
    }
    assert_eq!(Level::LADDER.last().unwrap().elo(), None, "analysis");
}

#[test]
fn no_cliff_from_the_articles_to_the_top() {
    // Every step of the ladder, from the articles' levels to the strongest search, is at most
    // about 250 Elo (the measured point estimates; 280 leaves room for rounding the chain).
    let elos: Vec<i32> = Level::LADDER
        .iter()
        .filter(|l| l.kind() != LevelKind::Analysis)
        .map(|l| l.elo().expect("an Elo"))
        .collect();
    for (i, pair) in elos.windows(2).enumerate() {
        let step = pair[1] - pair[0];
        assert!(
            (0..=280).contains(&step),
            "{} → {}: {step} Elo",
            Level::LADDER[i],
            Level::LADDER[i + 1]
        );
    }
}
