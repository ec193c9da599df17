//! Matches: counts add up, every game is legal from its opening to its end, colours
//! alternate per opening, a seed repeats a match, external engines and their faults, and
//! the Elo arithmetic.
#![cfg(not(target_arch = "wasm32"))]

use gomoku::arena::stats::elo_from_score;
use gomoku::arena::{
    run_match, Contestant, Ending, Fault, GameRecord, MatchConfig, MatchReport, PlayerSpec, Side,
    Tally,
};
use gomoku::{Color, FrozenClock, Game, Outcome, Rule, SystemClock};

fn play(a: &str, b: &str, config: &MatchConfig) -> MatchReport {
    let spec = |s: &str| s.parse::<PlayerSpec>().unwrap_or_else(|e| panic!("{e}"));
    let mut a = spec(a).build(config).expect("player A");
    let mut b = spec(b).build(config).expect("player B");
    let mut seen = 0;
    let report = run_match(
        config,
        a.as_mut(),
        b.as_mut(),
        &SystemClock::new(),
        &mut |_| {
            seen += 1;
        },
    )
    .expect("match");
    assert_eq!(seen, report.games.len());
    report
}

/// Replays a record from the empty board and checks its ending against the rules.
fn check_legal(record: &GameRecord, config: &MatchConfig) {
    let text = record.moves.to_string();
    let game = Game::from_moves(config.size.into(), config.rule, &text)
        .unwrap_or_else(|e| panic!("game {}: {e}", record.number));
    assert!(text.starts_with(&record.opening.to_string()));
    match &record.ending {
        Ending::Five(c) => assert_eq!(game.outcome(), Some(Outcome::Win(*c))),
        Ending::BoardFull => assert_eq!(game.outcome(), Some(Outcome::Draw)),
        Ending::NoLegalMove(c) => {
            assert_eq!(game.side_to_move(), *c);
            assert!(game
                .board()
                .empty_points()
                .all(|p| game.check_move(p).is_err()));
        }
        Ending::Forfeit { .. } => assert!(!game.is_over()),
    }
}

fn check_counts(report: &MatchReport, games: usize) {
    let t = report.tally;
    assert_eq!(report.games.len(), games);
    assert_eq!(t.games() as usize, games);
    let wins = report
        .games
        .iter()
        .filter(|g| g.winner() == Some(Side::A))
        .count();
    let losses = report
        .games
        .iter()
        .filter(|g| g.winner() == Some(Side::B))
        .count();
    assert_eq!((t.wins as usize, t.losses as usize), (wins, losses));
    assert_eq!(t.draws as usize, games - wins - losses);
    // Pairs share the opening with colours swapped.
    for pair in report.games.chunks(2) {
        if let [first, second] = pair {
            assert_eq!(first.opening, second.opening);
            assert_eq!(first.a_color, Color::Black);
            assert_eq!(second.a_color, Color::White);
        }
    }
}

#[test]
fn a_small_match_adds_up_and_every_game_is_legal() {
    let config = MatchConfig {
        games: 4,
        ..MatchConfig::default()
    };
    let report = play("scoring-000", "scoring-004", &config);
    check_counts(&report, 4);
    for record in &report.games {
        check_legal(record, &config);
        assert!(!matches!(record.ending, Ending::Forfeit { .. }), "{record}");
    }
    let moves: u64 = report.time.iter().map(|t| t.moves).sum();
    let played: usize = report
        .games
        .iter()
        .map(|g| g.moves.0.len() - g.opening.0.len())
        .sum();
    assert_eq!(moves as usize, played);
    assert_eq!(report.names, ["scoring-000", "scoring-004"]);
    let text = report.to_string();
    assert!(text.contains("Elo difference"), "{text}");
}

#[test]
fn renju_and_small_boards_play_legally() {
    for (rule, size) in [(Rule::Renju, 15), (Rule::Standard, 9)] {
        let config = MatchConfig {
            games: 4,
            rule,
            size,
            seed: 3,
            ..MatchConfig::default()
        };
        let report = play("pattern-001", "scoring-003", &config);
        check_counts(&report, 4);
        for record in &report.games {
            check_legal(record, &config);
        }
    }
}

#[test]
fn a_seed_repeats_a_match() {
    let config = MatchConfig {
        games: 6,
        seed: 42,
        ..MatchConfig::default()
    };
    let first = play("scoring-003", "scoring-004", &config);
    let again = play("scoring-003", "scoring-004", &config);
    assert_eq!(first.games, again.games);
    let other = play(
        "scoring-003",
        "scoring-004",
        &MatchConfig { seed: 43, ..config },
    );
    assert_ne!(first.games, other.games);
}

#[test]
fn search_levels_under_node_limits_play_legal_games() {
    let config = MatchConfig {
        games: 2,
        nodes: Some(2000),
        size: 11,
        ..MatchConfig::default()
    };
    let report = play("search-100", "lookahead-002", &config);
    check_counts(&report, 2);
    for record in &report.games {
        check_legal(record, &config);
    }
}

#[test]
fn openings_that_cannot_be_played_are_refused() {
    let config = MatchConfig {
        games: 2,
        openings: vec!["h8 h8".parse().expect("list")],
        ..MatchConfig::default()
    };
    let mut a = PlayerSpec::Level("scoring-000".parse().expect("level"))
        .build(&config)
        .expect("player");
    let mut b = PlayerSpec::Level("scoring-004".parse().expect("level"))
        .build(&config)
        .expect("player");
    assert!(run_match(&config, a.as_mut(), b.as_mut(), &FrozenClock, &mut |_| {}).is_err());
}

/// A player that always answers the same point: its second move is illegal.
struct Stubborn;

impl Contestant for Stubborn {
    fn name(&self) -> String {
        "stubborn".into()
    }
    fn new_game(&mut self, _: &Game, _: u64) -> Result<(), Fault> {
        Ok(())
    }
    fn choose(
        &mut self,
        game: &Game,
        _: &dyn gomoku::Clock,
    ) -> Result<Option<gomoku::Point>, Fault> {
        Ok(game
            .board()
            .empty_points()
            .next()
            .map(|_| gomoku::Point::new(0, 0)))
    }
    fn budget_ms(&self) -> Option<u64> {
        None
    }
}

#[test]
fn an_illegal_move_loses_the_game() {
    let config = MatchConfig {
        games: 2,
        ..MatchConfig::default()
    };
    let mut a = Stubborn;
    let mut b = PlayerSpec::Level("scoring-000".parse().expect("level"))
        .build(&config)
        .expect("player");
    let report = run_match(&config, &mut a, b.as_mut(), &FrozenClock, &mut |_| {}).expect("match");
    assert_eq!(report.tally.losses, 2);
    assert_eq!(report.forfeits[0].illegal, 2);
    for record in &report.games {
        check_legal(record, &config);
    }
}

#[test]
fn an_external_engine_plays_legally() {
    let engine = format!("cmd:{}", env!("CARGO_BIN_EXE_pbrain-gomoku"));
    let config = MatchConfig {
        games: 2,
        time_ms: Some(200),
        ..MatchConfig::default()
    };
    let report = play(&engine, "scoring-000", &config);
    check_counts(&report, 2);
    for record in &report.games {
        check_legal(record, &config);
    }
    let f = report.forfeits[0];
    assert_eq!((f.illegal, f.crash), (0, 0), "{report}");
    // Unoptimised, the engine reads its clock too rarely to be sure of its time.
    if !cfg!(debug_assertions) {
        assert_eq!(f.timeout, 0, "{report}");
    }
}

#[cfg(unix)]
#[test]
fn broken_external_engines_forfeit() {
    use std::os::unix::fs::PermissionsExt;

    let dir = std::env::temp_dir().join(format!("gomoku-arena-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // Answers START, then never moves.
    let silent = dir.join("silent.sh");
    std::fs::write(
        &silent,
        "#!/bin/sh\nread l\necho OK\nwhile read l; do :; done\n",
    )
    .expect("script");
    // Answers START, then exits.
    let quitter = dir.join("quitter.sh");
    std::fs::write(&quitter, "#!/bin/sh\nread l\necho OK\nexit 3\n").expect("script");
    for script in [&silent, &quitter] {
        std::fs::set_permissions(script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let config = MatchConfig {
        games: 2,
        time_ms: Some(50),
        ..MatchConfig::default()
    };
    let cases = [
        (format!("cmd:{}", silent.display()), "timeout"),
        (format!("cmd:{}", quitter.display()), "crash"),
        ("cmd:/nonexistent/pbrain-nothing".to_owned(), "crash"),
        ("cmd:/bin/cat".to_owned(), "illegal"),
    ];
    for (engine, kind) in cases {
        let report = play("scoring-000", &engine, &config);
        check_counts(&report, 2);
        assert_eq!(report.tally.wins, 2, "{engine}");
        let f = report.forfeits[1];
        let counted = match kind {
            "timeout" => f.timeout,
            "crash" => f.crash,
            _ => f.illegal,
        };
        assert_eq!(counted, 2, "{engine}: {f:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn elo_matches_known_values() {
    assert_eq!(elo_from_score(0.5), 0.0);
    assert!((elo_from_score(0.75) - 190.848).abs() < 0.01);
    assert!((elo_from_score(0.25) + 190.848).abs() < 0.01);
    assert!((elo_from_score(0.9) - 381.697).abs() < 0.01);

    let even = Tally {
        wins: 40,
        losses: 40,
        draws: 20,
    }
    .elo()
    .expect("games");
    assert_eq!(even.diff, 0.0);
    assert!((even.low + even.high).abs() < 1e-9, "symmetric: {even:?}");
    // Score 0.5, per-game variance (40·¼ + 40·¼)/100 = 0.2, so the margin is
    // 1.96·√(0.2/100) ≈ 0.0877 and the interval -61.4 to +61.4 Elo.
    assert!((even.high - 61.4).abs() < 0.3, "{even:?}");

    let three_to_one = Tally {
        wins: 75,
        losses: 25,
        draws: 0,
    }
    .elo()
    .expect("games");
    assert!((three_to_one.diff - 190.85).abs() < 0.01);
    // Variance 0.75·0.25 = 0.1875; margin 1.96·√(0.1875/100) ≈ 0.0849.
    assert!((three_to_one.low - elo_from_score(0.75 - 0.08487)).abs() < 0.5);
    assert!((three_to_one.high - elo_from_score(0.75 + 0.08487)).abs() < 0.5);

    // Draws narrow the interval: same score, less variance.
    let drawish = Tally {
        wins: 10,
        losses: 10,
        draws: 80,
    }
    .elo()
    .expect("games");
    assert!(drawish.high < even.high);

    let all_draws = Tally {
        wins: 0,
        losses: 0,
        draws: 10,
    }
    .elo()
    .expect("games");
    assert_eq!(
        (all_draws.low, all_draws.diff, all_draws.high),
        (0.0, 0.0, 0.0)
    );
    let sweep = Tally {
        wins: 10,
        losses: 0,
        draws: 0,
    }
    .elo()
    .expect("games");
    assert!(sweep.diff.is_infinite() && sweep.diff > 0.0);
    assert_eq!(Tally::default().elo(), None);
}
