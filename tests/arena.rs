//! Matches: counts add up, every game is legal from its opening to its end, colours
//! alternate per opening, a seed repeats a match, external engines and their faults, the
//! Elo arithmetic, the sequential test's early stop, the match clock, forfeit listings and
//! the saved games file.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::cell::Cell;

use common::NO_LEGAL_POINT_FOR_BLACK;

use gomoku::arena::stats::elo_from_score;
use gomoku::arena::{
    run_match, saved, Contestant, Ending, Fault, GameRecord, MatchConfig, MatchReport, Pentanomial,
    PlayerSpec, Side, Sprt, Tally, Verdict,
};
use gomoku::{
    Clock, Color, DrawReason, FrozenClock, Game, MoveList, Outcome, Point, Rule, SystemClock,
};

fn play(a: &str, b: &str, config: &MatchConfig) -> MatchReport {
    let spec = |s: &str| s.parse::<PlayerSpec>().unwrap_or_else(|e| panic!("{e}"));
    let mut a = spec(a).build(config);
    let mut b = spec(b).build(config);
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
        Ending::BoardFull => assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::BoardFull))),
        Ending::NoLegalMove(c) => {
            assert_eq!(game.side_to_move(), *c);
            assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::NoLegalMove)));
            assert!(game.board().empty_points().all(|p| game.is_forbidden(p)));
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
    let mut a = PlayerSpec::Level("scoring-000".parse().expect("level")).build(&config);
    let mut b = PlayerSpec::Level("scoring-004".parse().expect("level")).build(&config);
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
    let mut b = PlayerSpec::Level("scoring-000".parse().expect("level")).build(&config);
    let report = run_match(&config, &mut a, b.as_mut(), &FrozenClock, &mut |_| {}).expect("match");
    assert_eq!(report.tally.losses, 2);
    assert_eq!(report.forfeits[0].illegal, 2);
    for record in &report.games {
        check_legal(record, &config);
    }
}

#[test]
fn an_external_engine_plays_legally() {
    our_engine_plays_two_clean_games(&MatchConfig {
        games: 2,
        time_ms: Some(200),
        ..MatchConfig::default()
    });
}

#[test]
fn node_limited_external_engines_repeat_their_games() {
    // INFO max_node ends every search, so the games do not depend on the machine's speed.
    let config = MatchConfig {
        games: 2,
        nodes: Some(3000),
        size: 11,
        ..MatchConfig::default()
    };
    let engine = format!("cmd:{}", env!("CARGO_BIN_EXE_pbrain-gomoku"));
    let first = play(&engine, "search-100", &config);
    let again = play(&engine, "search-100", &config);
    check_counts(&first, 2);
    assert_eq!(first.games, again.games);
    assert_eq!(first.forfeits[0].timeout, 0, "{first}");
}

/// Plays our protocol engine against `scoring-000`: two legal games, no forfeit.
fn our_engine_plays_two_clean_games(config: &MatchConfig) {
    let engine = format!("cmd:{}", env!("CARGO_BIN_EXE_pbrain-gomoku"));
    let report = play(&engine, "scoring-000", config);
    check_counts(&report, 2);
    for record in &report.games {
        check_legal(record, config);
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

fn level(id: &str, config: &MatchConfig) -> Box<dyn Contestant> {
    PlayerSpec::Level(id.parse().expect("level")).build(config)
}

fn sprt(elo0: f64, elo1: f64) -> Option<Sprt> {
    Some(Sprt::new(elo0, elo1, 0.05, 0.05).expect("test"))
}

/// The pairs of a match, counted again from its games.
fn pairs_of(games: &[GameRecord]) -> Pentanomial {
    let mut p = Pentanomial::default();
    for pair in games.chunks_exact(2) {
        if let [first, second] = pair {
            p.add(first.a_half_points() + second.a_half_points());
        }
    }
    p
}

#[test]
fn sprt_stops_after_the_pair_that_decides_it() {
    // Stubborn loses every game: three lost pairs take the LLR of 0 against 100 Elo to
    // −5.04, past −2.94 (two leave it at −2.53); the other way round three won pairs
    // reach +3.63.
    let config = MatchConfig {
        games: 100,
        sprt: sprt(0.0, 100.0),
        ..MatchConfig::default()
    };
    let mut b = level("scoring-000", &config);
    let lost = run_match(
        &config,
        &mut Stubborn,
        b.as_mut(),
        &FrozenClock,
        &mut |_| {},
    )
    .expect("match");
    assert_eq!(lost.games.len(), 6);
    assert_eq!(lost.pentanomial.counts, [3, 0, 0, 0, 0]);
    let (llr, verdict) = lost.sprt_result().expect("test");
    assert_eq!(verdict, Verdict::H0);
    assert!((llr + 5.043).abs() < 1e-3, "{llr}");
    let text = lost.to_string();
    assert!(
        text.contains("LLR -5.04 (bounds -2.94, +2.94): H0 accepted"),
        "{text}"
    );
    assert!(text.contains("stopped after 3 pairs"), "{text}");
    assert!(
        text.contains("3 pairs by A's points (0: 3, ½: 0, 1: 0, 1½: 0, 2: 0)"),
        "{text}"
    );

    let mut a = level("scoring-000", &config);
    let won = run_match(
        &config,
        a.as_mut(),
        &mut Stubborn,
        &FrozenClock,
        &mut |_| {},
    )
    .expect("match");
    assert_eq!(won.games.len(), 6);
    assert_eq!(won.sprt_result().map(|r| r.1), Some(Verdict::H1));

    // Without a test the same match plays every game.
    let all = MatchConfig {
        games: 10,
        sprt: None,
        ..config
    };
    let mut a = level("scoring-000", &all);
    let report =
        run_match(&all, a.as_mut(), &mut Stubborn, &FrozenClock, &mut |_| {}).expect("match");
    assert_eq!(report.games.len(), 10);
    assert_eq!(report.sprt_result(), None);
    assert!(!report.to_string().contains("SPRT"));
}

#[test]
fn sprt_between_levels_stops_at_the_first_decided_pair() {
    let test = Sprt::new(0.0, 150.0, 0.1, 0.1).expect("test");
    let config = MatchConfig {
        games: 60,
        size: 9,
        sprt: Some(test),
        ..MatchConfig::default()
    };
    let report = play("scoring-000", "pattern-001", &config);
    let n = report.games.len();
    assert_eq!(n % 2, 0);
    assert_eq!(report.pentanomial, pairs_of(&report.games));
    for record in &report.games {
        check_legal(record, &config);
    }
    // Undecided after every earlier pair; decided after the last unless all were played.
    for k in 1..n / 2 {
        let earlier = pairs_of(&report.games[..2 * k]);
        assert_eq!(
            test.verdict(test.llr(&earlier)),
            Verdict::Undecided,
            "pair {k}"
        );
    }
    let verdict = test.verdict(test.llr(&report.pentanomial));
    assert!(verdict != Verdict::Undecided || n == 60, "{report}");
}

/// Plays the first legal point, taking `ms` of the test's clock for every move.
struct Sleeper<'a> {
    clock: &'a ManualClock,
    ms: f64,
    keeps_clock: bool,
    told: Vec<u64>,
}

impl Contestant for Sleeper<'_> {
    fn name(&self) -> String {
        "sleeper".into()
    }
    fn new_game(&mut self, _: &Game, _: u64) -> Result<(), Fault> {
        Ok(())
    }
    fn choose(&mut self, game: &Game, _: &dyn Clock) -> Result<Option<Point>, Fault> {
        self.clock.now.set(self.clock.now.get() + self.ms);
        Ok(game
            .board()
            .empty_points()
            .find(|&p| game.check_move(p).is_ok()))
    }
    fn budget_ms(&self) -> Option<u64> {
        None
    }
    fn keeps_match_clock(&self) -> bool {
        self.keeps_clock
    }
    fn set_time_left(&mut self, left_ms: u64) {
        self.told.push(left_ms);
    }
}

#[derive(Default)]
struct ManualClock {
    now: Cell<f64>,
}

impl Clock for ManualClock {
    fn now_ms(&self) -> f64 {
        self.now.get()
    }
}

#[test]
fn a_player_out_of_match_time_forfeits() {
    // 1000 ms a game, 600 a move: the first move leaves 400, the second is over 400 plus
    // the 150 ms grace. Far-apart opening stones: no five can come that early.
    let config = MatchConfig {
        games: 2,
        match_time_ms: Some(1000),
        openings: vec!["h8 a15 o1".parse().expect("list")],
        ..MatchConfig::default()
    };
    let clock = ManualClock::default();
    let mut a = Sleeper {
        clock: &clock,
        ms: 600.0,
        keeps_clock: true,
        told: Vec::new(),
    };
    let mut b = level("scoring-000", &config);
    let report = run_match(&config, &mut a, b.as_mut(), &clock, &mut |_| {}).expect("match");
    // The clock starts afresh every game.
    assert_eq!(a.told, [1000, 400, 1000, 400]);
    assert_eq!(report.forfeits[0].timeout, 2, "{report}");
    for (record, move_number) in report.games.iter().zip([7, 6]) {
        check_legal(record, &config);
        assert_eq!(
            record.ending,
            Ending::Forfeit {
                loser: Side::A,
                fault: Fault::Timeout { limit_ms: 550 },
                move_number: Some(move_number),
            }
        );
    }
    let text = report.to_string();
    assert!(
        text.contains("game   1: A (black) at move 7: timeout: no move within 550 ms"),
        "{text}"
    );
    assert!(
        text.contains("game   2: A (white) at move 6: timeout"),
        "{text}"
    );

    // A player that does not keep the match clock is never charged.
    let mut a = Sleeper {
        clock: &clock,
        ms: 600.0,
        keeps_clock: false,
        told: Vec::new(),
    };
    let report = run_match(&config, &mut a, b.as_mut(), &clock, &mut |_| {}).expect("match");
    assert!(a.told.is_empty());
    assert_eq!(report.forfeits().count(), 0, "{report}");
}

/// A level that fails to start every second game.
struct Flaky {
    inner: Box<dyn Contestant>,
    starts: u32,
}

impl Contestant for Flaky {
    fn name(&self) -> String {
        "flaky".into()
    }
    fn new_game(&mut self, game: &Game, seed: u64) -> Result<(), Fault> {
        self.starts += 1;
        if self.starts % 2 == 0 {
            return Err(Fault::Crash("out of luck".into()));
        }
        self.inner.new_game(game, seed)
    }
    fn choose(&mut self, game: &Game, clock: &dyn Clock) -> Result<Option<Point>, Fault> {
        self.inner.choose(game, clock)
    }
    fn budget_ms(&self) -> Option<u64> {
        None
    }
}

#[test]
fn forfeits_are_listed_and_left_out_of_the_board_score() {
    let config = MatchConfig {
        games: 4,
        ..MatchConfig::default()
    };
    let mut a = Flaky {
        inner: level("scoring-004", &config),
        starts: 0,
    };
    let mut b = level("scoring-000", &config);
    let report = run_match(&config, &mut a, b.as_mut(), &FrozenClock, &mut |_| {}).expect("match");
    check_counts(&report, 4);
    let forfeited: Vec<u32> = report.forfeits().map(|g| g.number).collect();
    assert_eq!(forfeited, [2, 4]);
    assert_eq!(report.forfeits[0].crash, 2);
    let board = report.board_tally();
    assert_eq!(board.games(), 2);
    assert_eq!(board.losses, report.tally.losses - 2);
    assert_eq!(board.wins, report.tally.wins);
    let text = report.to_string();
    for expected in [
        "forfeited games:\n",
        "  game   2: A (white) at the start: crash: out of luck\n",
        "  game   4: A (white) at the start: crash: out of luck\n",
        "A on the board (forfeits left out): ",
        " in 2 games; score ",
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }

    // Illegal moves are listed with the move that broke the rules.
    let mut b = level("scoring-000", &config);
    let report = run_match(
        &config,
        &mut Stubborn,
        b.as_mut(),
        &FrozenClock,
        &mut |_| {},
    )
    .expect("match");
    let text = report.to_string();
    assert!(
        text.contains("  game   1: A (black) at move 7: illegal move: a1: "),
        "{text}"
    );
    assert!(text.contains("  game   2: A (white) at move 6: illegal move: a1: "));
    assert!(text.contains("in 0 games; score -"), "{text}");
}

#[test]
fn the_arena_saves_every_game_and_prints_the_llr_of_every_pair() {
    let dir = std::env::temp_dir().join(format!("gomoku-arena-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("games.txt");
    let _ = std::fs::remove_file(&path);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(["scoring-000", "pattern-001", "--size", "9", "--games", "6"])
        .args(["--sprt", "-2,2", "--verbose", "--save"])
        .arg(&path)
        .output()
        .expect("arena runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    // Hypotheses 4 Elo apart are never decided in three pairs.
    let printed = stdout.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(printed, 6, "{stdout}");
    for k in 1..=3 {
        assert!(
            stdout.contains(&format!("after {k} pairs (0: ")),
            "{stdout}"
        );
    }
    assert!(stdout.contains("SPRT elo0 -2, elo1 2, alpha 0.05, beta 0.05: LLR "));

    let text = std::fs::read_to_string(&path).expect("saved games");
    let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
    assert_eq!(header.len(), 4, "{text}");
    assert_eq!(header[1], "# A: scoring-000");
    assert_eq!(header[2], "# B: pattern-001");
    assert!(
        header[3].starts_with("# rule freestyle, size 9, "),
        "{text}"
    );
    let games = saved::parse(&text).expect("parses");
    assert_eq!(games.len(), 6);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.number as usize, i + 1);
        let a_black = i % 2 == 0;
        assert_eq!(g.a_color == Color::Black, a_black);
        // The move list replays from the empty board to the ending it names.
        let game = Game::from_moves(9, Rule::Freestyle, &g.moves.to_string()).expect("replays");
        let winner_color = match game.outcome() {
            Some(Outcome::Win(c)) => Some(c),
            _ => None,
        };
        let expected = winner_color.map(|c| if c == g.a_color { Side::A } else { Side::B });
        assert_eq!(g.winner, expected, "{g:?}");
        match winner_color {
            Some(c) => assert_eq!(g.ending, format!("five by {c}")),
            None => assert_eq!(g.ending, "board full"),
        }
    }
    // A second match appends after the first, header and all.
    let again = std::process::Command::new(env!("CARGO_BIN_EXE_arena"))
        .args([
            "scoring-000",
            "pattern-001",
            "--size",
            "9",
            "--games",
            "2",
            "--save",
        ])
        .arg(&path)
        .output()
        .expect("arena runs");
    assert!(again.status.success());
    let text = std::fs::read_to_string(&path).expect("saved games");
    assert_eq!(saved::parse(&text).map(|g| g.len()), Ok(8));
    assert_eq!(text.matches("# A: scoring-000").count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn saved_lines_carry_the_forfeit_and_the_whole_game() {
    let config = MatchConfig {
        games: 2,
        ..MatchConfig::default()
    };
    let mut b = level("scoring-000", &config);
    let report = run_match(
        &config,
        &mut Stubborn,
        b.as_mut(),
        &FrozenClock,
        &mut |_| {},
    )
    .expect("match");
    let record = &report.games[0];
    let line = saved::line(record);
    let fields: Vec<&str> = line.split('\t').collect();
    assert_eq!(fields.len(), 5, "{line}");
    assert_eq!(fields[..3], ["1", "black", "0-1"]);
    assert!(
        fields[3].starts_with("A forfeits at move 7, illegal move: a1: "),
        "{line}"
    );
    let moves: MoveList = fields[4].parse().expect("moves");
    assert_eq!(moves, record.moves);
    assert!(fields[4].starts_with(&record.opening.to_string()));
}

#[cfg(unix)]
#[test]
fn external_engines_are_told_their_match_time() {
    use std::os::unix::fs::PermissionsExt;

    let dir = std::env::temp_dir().join(format!("gomoku-arena-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let log = dir.join("log.txt");
    // Logs what it is sent and always answers a1: legal once, then illegal.
    let script = dir.join("echo.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nwhile read l; do echo \"$l\" >> {}\ncase \"$l\" in START*) echo OK;; \
             BEGIN*|TURN*|DONE*) echo 0,14;; esac; done\n",
            log.display()
        ),
    )
    .expect("script");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let config = MatchConfig {
        games: 1,
        match_time_ms: Some(5000),
        time_ms: Some(2000),
        ..MatchConfig::default()
    };
    let report = play("scoring-000", &format!("cmd:{}", script.display()), &config);
    assert_eq!(report.forfeits[1].illegal, 1, "{report}");
    let sent = std::fs::read_to_string(&log).expect("log");
    let lines: Vec<&str> = sent.lines().collect();
    assert!(lines.contains(&"INFO timeout_turn 2000"), "{sent}");
    assert!(lines.contains(&"INFO timeout_match 5000"), "{sent}");
    // Before every move: the full time first, then what is left.
    let left: Vec<u64> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("INFO time_left "))
        .map(|n| n.parse().expect("number"))
        .collect();
    assert!(left.len() >= 3, "{sent}");
    assert_eq!(left[..2], [5000, 5000], "{sent}");
    assert!(left.windows(2).all(|w| w[1] <= w[0]), "{sent}");
    let before_turn = lines
        .windows(2)
        .filter(|w| w[0].starts_with("INFO time_left") && w[1].starts_with("TURN"))
        .count();
    assert!(before_turn >= 1, "{sent}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn our_engine_plays_within_a_match_clock() {
    our_engine_plays_two_clean_games(&MatchConfig {
        games: 2,
        size: 9,
        match_time_ms: Some(1000),
        ..MatchConfig::default()
    });
}

#[test]
fn the_losing_move_is_the_first_after_which_the_oracle_sees_a_forced_win() {
    use gomoku::arena::losses::{Judge, Oracle};
    // A (black) wanders along the edge while B builds five. After move 7 (a7) B has an open
    // three to move, an open four next: lost at the latest there. After A's first move
    // (move 3 is judged first) B has one stone: not lost yet.
    let text = "1\tblack\t0-1\tfive\ta1 h8 a3 i8 a5 j8 a7 k8 a9 l8\n\
                2\twhite\t0-1\tfive\th8 a1 i8 a3 j8 a5 k8 a7 l8\n";
    let games = saved::parse(text).unwrap();
    let mut oracle = Oracle::new(50_000, 20_000);
    let t = oracle
        .turning_point(15, Rule::Freestyle, &games[0], Side::A, 3)
        .unwrap()
        .expect("a losing move");
    assert!([5, 7].contains(&t.move_number), "{t:?}");
    assert_eq!(t.loser, Color::Black);
    assert!(t.win_in.is_some_and(|p| p > 0), "{t:?}");
    assert_eq!(t.position.0.len(), t.move_number);
    assert_eq!(t.moves_left, 10 - t.move_number);
    // Judged from move 7 on, move 7 is the one.
    let t = oracle
        .turning_point(15, Rule::Freestyle, &games[0], Side::A, 6)
        .unwrap()
        .expect("a losing move");
    assert_eq!(t.position.to_string(), "a1 h8 a3 i8 a5 j8 a7");
    // B (black) won game 2: B has no losing move there.
    let second = oracle.turning_point(15, Rule::Freestyle, &games[1], Side::B, 3);
    assert_eq!(second.unwrap(), None);
}

#[test]
fn an_outside_engine_can_be_the_oracle_that_finds_the_losing_move() {
    use gomoku::arena::losses::{ExternalOracle, Judge};
    // The same wandering game, judged by our protocol engine as an outside program: it
    // reports "score N mate in P" in its MESSAGE lines.
    let text = "1\tblack\t0-1\tfive\ta1 h8 a3 i8 a5 j8 a7 k8 a9 l8\n";
    let games = saved::parse(text).unwrap();
    let mut oracle = ExternalOracle::new(env!("CARGO_BIN_EXE_pbrain-gomoku"), 300, "score", 20_000);
    let t = oracle
        .turning_point(15, Rule::Freestyle, &games[0], Side::A, 6)
        .unwrap()
        .expect("a losing move");
    assert_eq!(t.position.to_string(), "a1 h8 a3 i8 a5 j8 a7");
    assert!(t.win_in.is_some_and(|p| p > 0), "{t:?}");
    assert_eq!(t.line.len(), 1, "the oracle's move: {t:?}");
    // An engine that says nothing about its evaluation is an error, not a verdict.
    let mut mute = ExternalOracle::new(env!("CARGO_BIN_EXE_pbrain-gomoku"), 300, "Eval", 0);
    let err = mute
        .turning_point(15, Rule::Freestyle, &games[0], Side::A, 6)
        .unwrap_err();
    assert!(err.contains("no evaluation"), "{err}");
}

/// A renju game from a match against Rapfi in which, at move 225, black had only forbidden
/// points left: the game is a draw, and the arena ends it without asking black for a move.
const BLACK_HAS_ONLY_FORBIDDEN_POINTS: [&str; 9] = [
    "h8 i9 j10 h10 g11 j8 k7 h11 i7 g9 i11 h9 f9 h12 h13 g12 j9 i12 f12 j7 j13 f13 i10 k10 ",
    "j12 j11 k6 k5 m8 j5 i5 i6 j4 l8 k4 h6 h5 e12 i4 h4 g6 j3 d11 f11 d13 e10 e8 f7 f8 i8 g10 ",
    "e6 d9 d7 i13 e14 d15 e11 e13 k13 f5 e7 c7 d5 g8 d8 f6 d4 d6 e5 e3 k11 k12 l11 l7 c4 b3 ",
    "e4 f4 f3 c6 k8 m11 d14 m10 m12 c9 g7 h7 o14 n13 c8 n6 b9 a10 m7 c11 d10 c10 b10 c13 c12 ",
    "l6 m6 l4 m4 m5 k3 l3 l5 d2 f14 c14 b11 b12 c3 n11 l12 g2 n14 m13 l14 l13 n9 e2 b2 a1 f2 ",
    "a4 o3 h3 o4 o2 c1 c2 o5 l10 i1 j1 f1 k9 j2 a12 a13 g4 i2 g5 g3 n12 o13 b8 o11 o12 k14 ",
    "m14 e1 g1 a8 j15 k2 l2 n8 a3 h14 g14 o6 o7 n5 b1 a5 b15 n1 h15 l1 c15 e15 i15 k15 f15 ",
    "g15 b5 m9 i14 o10 h1 k1 m1 m15 n4 e9 n2 a6 a7 o9 a15 j14 d1 a14 f10 b14 m3 b13 c5 g13 b6 ",
    "a11 b4 a9 m2 l15 n15 o8 n3 j6 h2 l9 i3 d12 d3 n7 o15 n10 a2 o1 ",
];

#[test]
fn a_side_with_only_forbidden_points_left_cannot_move() {
    let moves = BLACK_HAS_ONLY_FORBIDDEN_POINTS.concat();
    let mut game = Game::from_moves(15, Rule::Renju, moves.trim()).expect("a legal game");
    assert_eq!(game.side_to_move(), Color::Black);
    assert_eq!(game.draw_reason(), Some(DrawReason::NoLegalMove));
    assert!(game.is_over());
    assert!(game.board().empty_points().all(|p| game.is_forbidden(p)));
    // One move back, white had a point to play.
    game.undo().expect("a move to take back");
    assert!(!game.is_over());
    assert!(game
        .board()
        .empty_points()
        .any(|p| game.check_move(p).is_ok()));
}

/// Plays m15, the white move that leaves black no legal point in the game of
/// `NO_LEGAL_POINT_FOR_BLACK`; asked for any other move, it fails.
struct PlaysM15;

impl Contestant for PlaysM15 {
    fn name(&self) -> String {
        "m15".into()
    }
    fn new_game(&mut self, _: &Game, _: u64) -> Result<(), Fault> {
        Ok(())
    }
    fn choose(&mut self, game: &Game, _: &dyn Clock) -> Result<Option<Point>, Fault> {
        let m15: Point = "m15".parse().expect("a point");
        match game.check_move(m15) {
            Ok(()) => Ok(Some(m15)),
            Err(e) => Err(Fault::Crash(format!(
                "asked to move in {}: {e}",
                game.move_list()
            ))),
        }
    }
    fn budget_ms(&self) -> Option<u64> {
        None
    }
}

#[test]
fn a_move_that_leaves_black_no_legal_point_ends_the_game_as_a_draw() {
    let all: Vec<&str> = NO_LEGAL_POINT_FOR_BLACK.split_whitespace().collect();
    let opening = all[..all.len() - 1].join(" ");
    let config = MatchConfig {
        games: 2,
        rule: Rule::Renju,
        openings: vec![opening.parse().expect("a move list")],
        ..MatchConfig::default()
    };
    let report = run_match(
        &config,
        &mut PlaysM15,
        &mut PlaysM15,
        &FrozenClock,
        &mut |_| {},
    )
    .expect("match");
    check_counts(&report, 2);
    for record in &report.games {
        check_legal(record, &config);
        assert_eq!(record.ending, Ending::NoLegalMove(Color::Black));
        assert_eq!(record.moves.to_string(), all.join(" "));
        assert_eq!(record.winner(), None);
        assert_eq!(record.a_half_points(), 1);
        assert_eq!(record.ending_text(), "no legal move for black");
    }
}
