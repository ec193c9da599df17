//! Property tests: win detection equals a brute-force scan, play/undo restores everything,
//! notation round-trips.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::NO_LEGAL_POINT_FOR_BLACK;
use gomoku::{
    renju, wincheck, Board, Color, DrawReason, Game, GameError, MoveList, Outcome, Point, Rng, Rule,
};
use proptest::prelude::*;

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Standard),
        Just(Rule::Renju)
    ]
}

/// A board size, and a sequence of raw picks that become points on it.
fn size_and_picks() -> impl Strategy<Value = (u8, Vec<(u8, u8)>)> {
    (5u8..=20).prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n), 0..260)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// On random boards of any density, some stone "makes five" exactly when the brute-force
    /// scan of every run finds a winning line, for each colour and rule.
    #[test]
    fn win_check_equals_brute_force_on_random_boards(
        (n, picks) in size_and_picks(),
        colors in prop::collection::vec(any::<bool>(), 260),
        rule in rule(),
    ) {
        let mut board = Board::new(n).unwrap();
        for (i, &(x, y)) in picks.iter().enumerate() {
            let p = Point::new(x, y);
            if board.is_empty_at(p) {
                board.place(p, if colors[i] { Color::Black } else { Color::White });
            }
        }
        let mut incremental = (false, false);
        for p in board.points() {
            if let Some(c) = board.get(p) {
                if wincheck::makes_five(&board, p, c, rule) {
                    match c {
                        Color::Black => incremental.0 = true,
                        Color::White => incremental.1 = true,
                    }
                    // The reported line holds only this colour and includes p.
                    let line = wincheck::winning_line(&board, p, rule);
                    prop_assert!(line.contains(&p));
                    prop_assert!(line.iter().all(|&q| board.get(q) == Some(c)));
                }
            }
        }
        prop_assert_eq!(incremental, wincheck::winners_by_scan(&board, rule));
    }

    /// Playing random legal moves: the game ends exactly when the scan finds a winner (or
    /// the board fills), with that winner.
    #[test]
    fn game_result_equals_brute_force((n, picks) in size_and_picks(), rule in rule()) {
        let mut game = Game::new(n.into(), rule).unwrap();
        for (x, y) in picks {
            if game.is_over() {
                break;
            }
            let mover = game.side_to_move();
            match game.try_play(Point::new(x, y)) {
                Ok(()) => {}
                Err(GameError::Occupied(_) | GameError::Forbidden(_)) => continue,
                Err(e) => prop_assert!(false, "unexpected {e}"),
            }
            let scan = wincheck::winners_by_scan(game.board(), rule);
            match game.outcome() {
                Some(Outcome::Win(c)) => {
                    prop_assert_eq!(c, mover);
                    prop_assert_eq!(scan, (c == Color::Black, c == Color::White));
                    prop_assert!(!game.winning_line().is_empty());
                }
                Some(Outcome::Draw(DrawReason::BoardFull)) => {
                    prop_assert!(game.board().is_full());
                    prop_assert_eq!(scan, (false, false));
                }
                Some(Outcome::Draw(DrawReason::NoLegalMove)) => {
                    prop_assert!(!game.board().is_full());
                    prop_assert!(!black_may_play(&game));
                    prop_assert_eq!(scan, (false, false));
                }
                None => {
                    prop_assert_eq!(scan, (false, false));
                    prop_assert!(black_may_play(&game));
                }
            }
        }
    }

    /// Undoing every move restores the board and the hash at each step, and the hash
    /// always equals one recomputed from scratch.
    #[test]
    fn play_then_undo_restores_board_and_hash((n, picks) in size_and_picks(), rule in rule()) {
        let mut game = Game::new(n.into(), rule).unwrap();
        let mut snapshots = Vec::new();
        for (x, y) in picks {
            let before = (game.board().clone(), game.hash(), game.side_to_move());
            if game.try_play(Point::new(x, y)).is_ok() {
                snapshots.push(before);
                prop_assert_eq!(game.board().hash(), game.board().hash_from_scratch());
            } else {
                // A refused move changes nothing.
                prop_assert_eq!(&(game.board().clone(), game.hash(), game.side_to_move()), &before);
            }
        }
        while let Some((board, hash, side)) = snapshots.pop() {
            game.undo().unwrap();
            prop_assert_eq!(game.board(), &board);
            prop_assert_eq!(game.hash(), hash);
            prop_assert_eq!(game.side_to_move(), side);
            prop_assert!(!game.is_over());
        }
        prop_assert_eq!(game.undo(), Err(GameError::NothingToUndo));
        prop_assert_eq!(game.board().stone_count(), 0);
        prop_assert_eq!(game.hash(), 0);
    }

    /// Display then parse gives the same move list, and a played game's list reloads to the
    /// same position.
    #[test]
    fn notation_round_trips(points in prop::collection::vec((0u8..20, 0u8..20), 0..50)) {
        let list = MoveList(points.iter().map(|&(x, y)| Point::new(x, y)).collect());
        let text = list.to_string();
        prop_assert_eq!(text.parse::<MoveList>().unwrap(), list.clone());
        // Also without separators, and upper-case.
        let packed = text.replace(' ', "").to_uppercase();
        prop_assert_eq!(packed.parse::<MoveList>().unwrap(), list);
    }

    #[test]
    fn played_game_reloads_from_its_move_list((n, picks) in size_and_picks(), rule in rule()) {
        let mut game = Game::new(n.into(), rule).unwrap();
        for (x, y) in picks {
            let _ = game.try_play(Point::new(x, y));
        }
        let text = game.move_list().to_string();
        let again = Game::from_moves(n.into(), rule, &text).unwrap();
        prop_assert_eq!(again.board(), game.board());
        prop_assert_eq!(again.outcome(), game.outcome());
        prop_assert_eq!(again.hash(), game.hash());
    }

    /// Parsing arbitrary text never panics.
    #[test]
    fn parsing_any_text_never_panics(s in "\\PC{0,40}") {
        let _ = s.parse::<MoveList>();
        let _ = s.parse::<Point>();
        let _ = Game::from_moves(15, Rule::Renju, &s);
    }
}

/// False only under renju with black to move and every empty point forbidden, by the
/// reference checker asked point by point.
fn black_may_play(game: &Game) -> bool {
    game.rule() != Rule::Renju
        || game.side_to_move() != Color::Black
        || game
            .board()
            .empty_points()
            .any(|p| !renju::is_forbidden(game.board(), p))
}

/// A random legal move: a few random empty points tried first (nearly always enough), then
/// every empty point. `None` if there is none.
fn random_legal_move(game: &Game, rng: &mut Rng) -> Option<Point> {
    let empty: Vec<Point> = game.board().empty_points().collect();
    let legal = |p: Point| {
        !(game.rule().restricts(game.side_to_move()) && renju::is_forbidden(game.board(), p))
    };
    (0..8)
        .filter_map(|_| rng.choose(&empty))
        .find(|&p| legal(p))
        .or_else(|| {
            let all: Vec<Point> = empty.iter().copied().filter(|&p| legal(p)).collect();
            rng.choose(&all)
        })
}

/// Games in the brute-force test of renju's no-legal-point draw.
const GAMES: usize = 400;

/// Random renju games played to their end: on small boards from the start, and on 15×15
/// from every position of the last 74 moves of `NO_LEGAL_POINT_FOR_BLACK`, where black
/// has many forbidden points. After every move, the game is drawn for want of a legal point
/// exactly when black is to move, nobody has five, the board is not full and the reference
/// checker finds every empty point forbidden; and a game that is on always has a legal move.
#[test]
fn renju_no_legal_point_draw_equals_brute_force() {
    let mut rng = Rng::seeded(7);
    let late: Vec<&str> = NO_LEGAL_POINT_FOR_BLACK.split_whitespace().collect();
    let starts = (0..GAMES).map(|n| {
        let size = 5 + (n % 5) as i64;
        Game::new(size, Rule::Renju).expect("a size")
    });
    let continued = (150..late.len()).flat_map(|k| {
        let moves = late[..k].join(" ");
        std::iter::repeat_n(moves, 4)
            .map(|m| Game::from_moves(15, Rule::Renju, &m).expect("legal moves"))
    });
    let mut drawn = 0;
    for mut game in starts.chain(continued) {
        while !game.is_over() {
            let p = random_legal_move(&game, &mut rng).unwrap_or_else(|| {
                panic!("an open game without a legal move: {}", game.move_list())
            });
            game.try_play(p).expect("a legal move");
            let (black, white) = wincheck::winners_by_scan(game.board(), Rule::Renju);
            let full = game.board().is_full();
            let stuck = !black && !white && !full && !black_may_play(&game);
            assert_eq!(
                game.draw_reason() == Some(DrawReason::NoLegalMove),
                stuck,
                "{}",
                game.move_list()
            );
            assert_eq!(game.is_over(), black || white || full || stuck);
        }
        if game.draw_reason() == Some(DrawReason::NoLegalMove) {
            drawn += 1;
            // Undo reopens it, as it reopens any ended game.
            game.undo().expect("a move");
            assert!(!game.is_over());
        }
    }
    assert!(drawn > 0, "no game ended without a legal point for black");
}
