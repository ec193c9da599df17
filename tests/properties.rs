//! Property tests: win detection equals a brute-force scan, play/undo restores everything,
//! notation round-trips.
#![cfg(not(target_arch = "wasm32"))]

use gomoku::{wincheck, Board, Color, Game, GameError, MoveList, Outcome, Point, Rule};
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
                Some(Outcome::Draw) => {
                    prop_assert!(game.board().is_full());
                    prop_assert_eq!(scan, (false, false));
                }
                None => prop_assert_eq!(scan, (false, false)),
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
