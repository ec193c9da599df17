//! Renju forbidden points on hand-made positions, including shapes that only look forbidden
//! and a case that needs the recursive check of a three's straight-four point.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{board_with, figrid, game_with, pt};
use gomoku::renju::{self, Reading, Shape};
use gomoku::{GameError, Outcome, Rule};

struct Case {
    name: &'static str,
    black: &'static str,
    white: &'static str,
    point: &'static str,
    expected: Shape,
}

const CASES: &[Case] = &[
    Case {
        name: "double three, row and column",
        black: "f8 g8 h6 h7",
        white: "",
        point: "h8",
        expected: Shape::DoubleThree,
    },
    Case {
        name: "double three, split three on a diagonal",
        black: "f8 g8 f6 i9",
        white: "",
        point: "h8",
        expected: Shape::DoubleThree,
    },
    Case {
        name: "double four, row and column",
        black: "e8 f8 g8 h5 h6 h7",
        white: "",
        point: "h8",
        expected: Shape::DoubleFour,
    },
    Case {
        name: "two fours on one line (x.xxx.x)",
        black: "e8 g8 i8 k8",
        white: "",
        point: "h8",
        expected: Shape::DoubleFour,
    },
    Case {
        name: "two fours on one line (xx.xx.xx)",
        black: "c8 d8 g8 i8 j8",
        white: "",
        point: "f8",
        expected: Shape::DoubleFour,
    },
    Case {
        name: "overline",
        black: "d8 e8 f8 g8 i8",
        white: "",
        point: "h8",
        expected: Shape::Overline,
    },
    Case {
        name: "five beats an overline on another line",
        black: "e8 f8 g8 i8 h5 h6 h7 h9 h10",
        white: "",
        point: "h8",
        expected: Shape::Five,
    },
    Case {
        name: "five beats a double four",
        black: "d8 e8 f8 g8 h5 h6 h7 k11 l12",
        white: "",
        point: "h8",
        expected: Shape::Five,
    },
    Case {
        name: "four-three is allowed",
        black: "e8 f8 g8 h6 h7",
        white: "",
        point: "h8",
        expected: Shape::Allowed,
    },
    Case {
        name: "looks like double three: one three is blocked",
        black: "f8 g8 h6 h7",
        white: "e8",
        point: "h8",
        expected: Shape::Allowed,
    },
    Case {
        name: "looks like double three: a three that can only make an overline four",
        black: "f8 g8 k8 h6 h7",
        white: "d8",
        point: "h8",
        expected: Shape::Allowed,
    },
    Case {
        name: "looks like double three: edge leaves no room for a straight four",
        black: "b8 c8 h6 h7",
        white: "",
        point: "a8",
        expected: Shape::Allowed,
    },
    Case {
        name: "looks like double four: one four's five would be an overline",
        black: "c8 e8 f8 g8 h5 h6 h7",
        white: "i8",
        point: "h8",
        expected: Shape::Allowed,
    },
    Case {
        name: "recursive: the row three's only straight-four point is itself forbidden",
        black: "f8 g8 h6 h7 i9 i10 j7 k6",
        white: "d8",
        point: "h8",
        expected: Shape::Allowed,
    },
    Case {
        name: "recursive control: the same point is forbidden for black on i8",
        black: "f8 g8 h8 h6 h7 i9 i10 j7 k6",
        white: "d8",
        point: "i8",
        expected: Shape::DoubleThree,
    },
    Case {
        name: "recursive control: without the stones that forbid i8, h8 is a double three",
        black: "f8 g8 h6 h7 i9 i10",
        white: "d8",
        point: "h8",
        expected: Shape::DoubleThree,
    },
    Case {
        name: "four-four-three is forbidden (double four)",
        black: "e8 f8 g8 h5 h6 h7 i9 j10",
        white: "",
        point: "h8",
        expected: Shape::DoubleFour,
    },
    Case {
        name: "four plus two threes is forbidden (double three)",
        black: "e8 f8 g8 h6 h7 i9 j10",
        white: "",
        point: "h8",
        expected: Shape::DoubleThree,
    },
    Case {
        // Found by the cross-check with figrid-board, which reads this the other way
        // (tests/crosscheck.rs): the row's only straight-four point h8 is a five, and a five
        // is never forbidden, so the row is a three.
        name: "a three whose straight-four point also completes a five is a three",
        black: "f8 g8 h4 h5 h6 h7 i9 i10",
        white: "",
        point: "i8",
        expected: Shape::DoubleThree,
    },
];

#[test]
fn forbidden_shapes_table() {
    let wrong: Vec<String> = CASES
        .iter()
        .filter_map(|case| {
            let board = board_with(15, case.black, case.white);
            let got = renju::shape(&board, pt(case.point));
            (got != case.expected).then(|| format!("{}: got {got:?}", case.name))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
    for case in CASES {
        let board = board_with(15, case.black, case.white);
        let forbidden = !matches!(case.expected, Shape::Five | Shape::Allowed);
        assert_eq!(
            renju::is_forbidden(&board, pt(case.point)),
            forbidden,
            "{}",
            case.name
        );
        assert_eq!(
            renju::forbidden_points(&board).contains(&pt(case.point)),
            forbidden,
            "{}",
            case.name
        );
    }
}

/// The same table judged by figrid-board, an independent implementation. It reads a three
/// whose straight-four point is a five the other way (see `Reading`), and agrees with
/// everything else.
#[test]
fn figrid_agrees_with_the_table() {
    for case in CASES {
        let board = board_with(15, case.black, case.white);
        let p = pt(case.point);
        let theirs = figrid::is_forbidden(&board, p);
        let judge = renju::is_forbidden_reading(&board, p, Reading::FiveIsNotAStraightFour);
        assert_eq!(theirs, judge, "{}", case.name);
        let ours = renju::is_forbidden(&board, p);
        assert_eq!(
            theirs != ours,
            case.name.contains("completes a five"),
            "{}",
            case.name
        );
    }
}

#[test]
fn game_refuses_black_forbidden_move_and_stays_unchanged() {
    let game = game_with(Rule::Renju, "f8 g8 h6 h7", "a1 a3 a5 a7");
    let before = (game.hash(), game.moves().to_vec());
    let mut played = game.clone();
    assert_eq!(
        played.try_play(pt("h8")),
        Err(GameError::Forbidden(pt("h8")))
    );
    assert_eq!((played.hash(), played.moves().to_vec()), before);
    assert!(game.forbidden_points().contains(&pt("h8")));
}

#[test]
fn white_is_never_restricted() {
    // White to move with the same double-three shape in white stones.
    let mut game = game_with(Rule::Renju, "a1 a3 a5 a7 a9", "f8 g8 h6 h7");
    assert!(game.forbidden_points().is_empty());
    assert_eq!(game.try_play(pt("h8")), Ok(()));
}

#[test]
fn freestyle_and_standard_have_no_forbidden_points() {
    for rule in [Rule::Freestyle, Rule::Standard] {
        let mut game = game_with(rule, "f8 g8 h6 h7", "a1 a3 a5 a7");
        assert!(game.forbidden_points().is_empty());
        assert_eq!(game.try_play(pt("h8")), Ok(()));
    }
}

#[test]
fn black_five_that_is_also_double_four_wins() {
    let mut game = game_with(
        Rule::Renju,
        "d8 e8 f8 g8 h5 h6 h7",
        "a1 a3 a5 a7 a9 a11 a13",
    );
    game.try_play(pt("h8")).expect("a five is always allowed");
    assert_eq!(game.outcome(), Some(Outcome::Win(gomoku::Color::Black)));
}

#[test]
fn black_overline_is_not_a_win_but_white_overline_is() {
    // Black cannot even play the overline point.
    let game = game_with(Rule::Renju, "d8 e8 f8 g8 i8", "a1 a3 a5 a7 a9");
    assert!(game.forbidden_points().contains(&pt("h8")));
    // White's six wins.
    let mut game = game_with(Rule::Renju, "a1 a3 a5 a7 a9 a11", "d8 e8 f8 g8 i8");
    game.try_play(pt("h8")).expect("white is unrestricted");
    assert_eq!(game.outcome(), Some(Outcome::Win(gomoku::Color::White)));
}
