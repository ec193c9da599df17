//! The checked game interface: errors leave the game unchanged; notation errors say where.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{game_with, pt, NO_LEGAL_POINT_FOR_BLACK};
use gomoku::renju::{self, Shape};
use gomoku::{
    Color, DrawReason, Engine, FrozenClock, Game, GameError, Level, Limits, LoadError, MoveList,
    Outcome, Player, Point, Rng, Rule,
};

#[test]
fn sizes_outside_5_to_20_are_refused() {
    for bad in [-1, 0, 4, 21, 1000, i64::MAX] {
        assert_eq!(
            Game::new(bad, Rule::Freestyle).err(),
            Some(GameError::BadSize(bad))
        );
    }
    for good in [5, 15, 20] {
        assert!(Game::new(good, Rule::Freestyle).is_ok());
    }
}

#[test]
fn refused_moves_change_nothing() {
    let mut game = Game::from_moves(15, Rule::Freestyle, "h8 i9").unwrap();
    let before = (game.hash(), game.moves().to_vec(), game.side_to_move());
    assert_eq!(game.try_play(pt("h8")), Err(GameError::Occupied(pt("h8"))));
    assert!(matches!(
        game.point(15, 0),
        Err(GameError::OutOfBoard { .. })
    ));
    assert!(matches!(
        game.point(-1, 3),
        Err(GameError::OutOfBoard { .. })
    ));
    assert!(matches!(
        game.try_play(Point::new(19, 19)),
        Err(GameError::OutOfBoard { .. })
    ));
    assert_eq!(
        (game.hash(), game.moves().to_vec(), game.side_to_move()),
        before
    );
}

#[test]
fn no_moves_after_the_game_is_over_but_undo_reopens_it() {
    let mut game = game_with(Rule::Freestyle, "d8 e8 f8 g8", "d9 e9 f9 g9");
    game.try_play(pt("h8")).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(
        game.winning_line(),
        &[pt("d8"), pt("e8"), pt("f8"), pt("g8"), pt("h8")]
    );
    assert_eq!(game.try_play(pt("a1")), Err(GameError::GameOver));
    assert_eq!(game.undo(), Ok(pt("h8")));
    assert!(!game.is_over());
    assert!(game.winning_line().is_empty());
    assert_eq!(game.try_play(pt("h9")), Ok(()));
}

#[test]
fn standard_rule_six_does_not_win_but_freestyle_six_does() {
    let black = "c8 d8 e8 f8 h8";
    let white = "c10 d10 e10 f10 a1";
    let mut standard = game_with(Rule::Standard, black, white);
    standard.try_play(pt("g8")).unwrap();
    assert_eq!(
        standard.outcome(),
        None,
        "six in a row is no win in standard"
    );
    let mut freestyle = game_with(Rule::Freestyle, black, white);
    freestyle.try_play(pt("g8")).unwrap();
    assert_eq!(freestyle.outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(freestyle.winning_line().len(), 6);
}

#[test]
fn two_lines_at_once_are_both_highlighted() {
    let mut game = game_with(
        Rule::Freestyle,
        "d8 e8 f8 g8 h4 h5 h6 h7",
        "a1 a3 a5 a7 a9 a11 a13 c1",
    );
    game.try_play(pt("h8")).unwrap();
    assert_eq!(game.winning_line().len(), 9);
}

#[test]
fn full_board_is_a_draw() {
    // On 5×5, fill columns in a pattern that never makes five: colours by (x + 2y) mod 4.
    let mut game = Game::new(5, Rule::Freestyle).unwrap();
    let mut black = Vec::new();
    let mut white = Vec::new();
    for y in 0..5u8 {
        for x in 0..5u8 {
            if (x / 2 + y) % 2 == 0 {
                black.push(Point::new(x, y));
            } else {
                white.push(Point::new(x, y));
            }
        }
    }
    assert_eq!(black.len(), 13);
    assert_eq!(white.len(), 12);
    for (i, &b) in black.iter().enumerate() {
        game.try_play(b).unwrap();
        if let Some(&w) = white.get(i) {
            game.try_play(w).unwrap();
        }
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::BoardFull)));
    assert_eq!(game.try_play(pt("a1")), Err(GameError::GameOver));
}

#[test]
fn renju_black_without_a_legal_point_is_a_draw() {
    let mut game = Game::from_moves(15, Rule::Renju, NO_LEGAL_POINT_FOR_BLACK).expect("legal");
    assert_eq!(game.moves().len(), 224);
    assert_eq!(game.side_to_move(), Color::Black);
    // One point left, an overline for black.
    let e12 = pt("e12");
    assert_eq!(game.board().empty_points().collect::<Vec<_>>(), [e12]);
    assert_eq!(renju::shape(game.board(), e12), Shape::Overline);

    assert!(game.is_over());
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::NoLegalMove)));
    assert_eq!(game.draw_reason(), Some(DrawReason::NoLegalMove));
    assert_eq!(game.winner(), None);
    assert!(game.winning_line().is_empty());
    // The forbidden point stays listed: it is why the game ended.
    assert_eq!(game.forbidden_points(), [e12]);
    assert_eq!(game.try_play(e12), Err(GameError::GameOver));
    assert_eq!(game.check_move(e12), Err(GameError::GameOver));
    // Nobody is asked for a move.
    let mut player = Player::new(Level::Lookahead, 1 << 16, Rng::seeded(1));
    let limits = Limits {
        nodes: Some(1000),
        ..Limits::default()
    };
    assert_eq!(
        player
            .choose_with(&game, &limits, &FrozenClock, &mut |_| {})
            .err(),
        Some(GameError::GameOver)
    );
    assert_eq!(
        Engine::new(1 << 16)
            .search(&game, &limits, &FrozenClock, &mut |_| {})
            .err(),
        Some(GameError::GameOver)
    );

    // Undo reopens the game, as it does any ended game; playing again ends it again.
    let last = game.undo().expect("white's last move");
    assert!(!game.is_over());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.draw_reason(), None);
    assert_eq!(game.side_to_move(), Color::White);
    assert!(game.forbidden_points().is_empty(), "white is to move");
    game.try_play(last).expect("white's move again");
    assert_eq!(game.draw_reason(), Some(DrawReason::NoLegalMove));

    // One more move after the end is refused, not loaded.
    let longer = format!("{NO_LEGAL_POINT_FOR_BLACK} e12");
    assert_eq!(
        Game::from_moves(15, Rule::Renju, &longer).err(),
        Some(LoadError::Illegal {
            number: 225,
            point: e12,
            error: GameError::GameOver
        })
    );
    // Under the other rules black may play there: the game goes on.
    for rule in [Rule::Freestyle, Rule::Standard] {
        let game = Game::from_moves(15, rule, NO_LEGAL_POINT_FOR_BLACK).expect("legal");
        assert!(!game.is_over(), "{rule}");
    }
}

#[test]
fn notation_examples() {
    assert_eq!(pt("h8"), Point::new(7, 7));
    assert_eq!(pt("A1"), Point::new(0, 0));
    assert_eq!(pt("o15"), Point::new(14, 14));
    assert_eq!(pt("t20"), Point::new(19, 19));
    assert_eq!(Point::new(7, 7).to_string(), "h8");
    let list: MoveList = "h8, i9;j10\n k11".parse().unwrap();
    assert_eq!(list.to_string(), "h8 i9 j10 k11");
    assert_eq!("".parse::<MoveList>().unwrap(), MoveList::default());
}

#[test]
fn notation_errors_say_what_and_where() {
    let cases = [
        (
            "h8 9",
            3,
            "expected a column letter (or a move number such as 1.)",
        ),
        (
            "1 h8",
            0,
            "expected a column letter (or a move number such as 1.)",
        ),
        ("h8 u3", 3, "column is past 't'"),
        ("h8 i", 3, "expected a row number after the column"),
        ("h0", 0, "row must be 1 to 20"),
        ("h21", 0, "row must be 1 to 20"),
        ("h08", 0, "row must be 1 to 20"),
        ("h8 ü3", 3, "expected a column letter"),
    ];
    for (text, position, reason) in cases {
        let e = text.parse::<MoveList>().unwrap_err();
        assert_eq!(
            (e.position, e.reason.as_str()),
            (position, reason),
            "{text}"
        );
        assert!(e
            .to_string()
            .contains(&format!("character {}", position + 1)));
    }
    assert!("h8 i9".parse::<Point>().is_err());
}

#[test]
fn numbered_move_lists_read_as_plain_ones() {
    let plain: MoveList = "h8 i9 j10 k11".parse().unwrap();
    for text in [
        "1. h8 i9 2. j10 k11",
        "1.h8 2.i9 3.j10 4.k11",
        "1) h8 i9 2) j10 k11",
        " 1. H8, I9\n2. j10 k11 ",
    ] {
        assert_eq!(text.parse::<MoveList>().unwrap(), plain, "{text}");
    }
}

#[test]
fn points_off_a_smaller_board_are_refused_in_its_terms() {
    let cases = [
        ("h8 p5", 3, "column is past 'o' (columns a–o)"),
        ("h8 a16", 3, "row must be 1 to 15"),
    ];
    for (text, position, reason) in cases {
        let e = MoveList::parse_on(text, 15).unwrap_err();
        assert_eq!(
            (e.position, e.reason.as_str()),
            (position, reason),
            "{text}"
        );
    }
    assert_eq!(MoveList::parse_on("o15", 15).unwrap().to_string(), "o15");
    let e = Game::from_moves(9, Rule::Freestyle, "e5 j1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad move list at character 4 ('j'): column is past 'i' (columns a–i)"
    );
}

#[test]
fn loading_an_illegal_game_names_the_move() {
    let e = Game::from_moves(15, Rule::Freestyle, "h8 i9 h8").unwrap_err();
    assert_eq!(
        e,
        LoadError::Illegal {
            number: 3,
            point: pt("h8"),
            error: GameError::Occupied(pt("h8"))
        }
    );
    assert_eq!(
        e.to_string(),
        "move 3 (h8) cannot be played: h8 is already occupied"
    );
    // Off a small board: refused as text, in that board's terms.
    let e = Game::from_moves(9, Rule::Freestyle, "h8 o15").unwrap_err();
    assert!(matches!(e, LoadError::Parse(_)), "{e:?}");
    assert_eq!(
        e.to_string(),
        "bad move list at character 4 ('o'): column is past 'i' (columns a–i)"
    );
    // Moves after a win.
    let e = Game::from_moves(15, Rule::Freestyle, "a1 b1 a2 b2 a3 b3 a4 b4 a5 b5").unwrap_err();
    assert!(matches!(
        e,
        LoadError::Illegal {
            number: 10,
            error: GameError::GameOver,
            ..
        }
    ));
}

#[test]
fn hash_distinguishes_side_to_move() {
    let a = Game::from_moves(15, Rule::Freestyle, "h8").unwrap();
    let b = Game::new(15, Rule::Freestyle).unwrap();
    assert_ne!(a.hash(), b.hash());
    assert_ne!(a.hash(), a.board().hash(), "white to move is mixed in");
}
