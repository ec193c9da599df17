//! Renju forbidden points on hand-made positions, including shapes that only look forbidden,
//! cases that need the recursive check of a three's straight-four point, and the cases where
//! the two readings of a three completed by a five differ (the game's rule is the Gomocup
//! judge's reading, `Reading::FiveIsNotAStraightFour`; the other is an API parameter).
//! Each position is judged by the reference (`gomoku::renju`), by the search board's fast
//! path (`Position::is_forbidden`) and by figrid-board.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{board_with, figrid, game_with, pt};
use gomoku::position::{cell_of, Position};
use gomoku::renju::{self, Reading, Shape};
use gomoku::{Color, GameError, Outcome, Rule};

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
];

/// A three whose straight-four point also completes a five on another line: the two readings
/// of "a three" differ on some of these. `expected` is the game's rule (the judge's reading),
/// `five_counts` the other reading's answer.
struct ReadingCase {
    name: &'static str,
    black: &'static str,
    white: &'static str,
    point: &'static str,
    expected: Shape,
    five_counts: Shape,
}

const READING_CASES: &[ReadingCase] = &[
    ReadingCase {
        // Found by the cross-check with figrid-board: the row f8 g8 . i8 has only h8 as its
        // straight-four point, and h8 completes the five h4-h8. A move that wins at once
        // does not complete a three, so only the column is a three: no double three.
        name: "a three whose only straight-four point completes a five is not a three",
        black: "f8 g8 h4 h5 h6 h7 i9 i10",
        white: "",
        point: "i8",
        expected: Shape::Allowed,
        five_counts: Shape::DoubleThree,
    },
    ReadingCase {
        name: "the same with a white stone far away: still allowed",
        black: "f8 g8 h4 h5 h6 h7 i9 i10",
        white: "a1 a3 a5 a7 c1 c3 c5 c7",
        point: "i8",
        expected: Shape::Allowed,
        five_counts: Shape::DoubleThree,
    },
    ReadingCase {
        // The row f8 g8 h8 can become a straight four on e8 (a five on the e column) or on
        // i8 (allowed): it is a three under both readings.
        name: "one of two straight-four points completes a five: still a three",
        black: "f8 g8 h6 h7 e4 e5 e6 e7",
        white: "",
        point: "h8",
        expected: Shape::DoubleThree,
        five_counts: Shape::DoubleThree,
    },
    ReadingCase {
        // Now i8 completes the diagonal five i8-m4 as well.
        name: "both straight-four points complete a five: not a three",
        black: "f8 g8 h6 h7 e4 e5 e6 e7 j7 k6 l5 m4",
        white: "",
        point: "h8",
        expected: Shape::Allowed,
        five_counts: Shape::DoubleThree,
    },
    ReadingCase {
        // k10 makes the column three k10-k12 and the diagonal h7 . j9 k10, whose only
        // straight-four point is i8. Black on i8 would then make the diagonal four, the
        // three i8-i10 and the row f8 g8 . i8 closed by the five on h8: under the judge's
        // reading a four and one three, allowed, so the diagonal is a three and k10 a double
        // three; under the other reading i8 is a double three, so k10 is allowed.
        name: "recursive: the readings give opposite answers one level down",
        black: "f8 g8 h4 h5 h6 h7 i9 i10 j9 k11 k12",
        white: "",
        point: "k10",
        expected: Shape::DoubleThree,
        five_counts: Shape::Allowed,
    },
];

/// The game's reading is the judge's, and the other one is still there as a parameter.
#[test]
fn a_three_completed_by_a_five_under_both_readings() {
    assert_eq!(Reading::default(), Reading::FiveIsNotAStraightFour);
    for case in READING_CASES {
        let board = board_with(15, case.black, case.white);
        let p = pt(case.point);
        let is_forbidden = |s: Shape| !matches!(s, Shape::Five | Shape::Allowed);
        assert_eq!(renju::shape(&board, p), case.expected, "{}", case.name);
        assert_eq!(
            renju::shape_reading(&board, p, Reading::FiveIsNotAStraightFour),
            case.expected,
            "{}",
            case.name
        );
        assert_eq!(
            renju::is_forbidden(&board, p),
            is_forbidden(case.expected),
            "{}",
            case.name
        );
        assert_eq!(
            renju::forbidden_points(&board).contains(&p),
            is_forbidden(case.expected),
            "{}",
            case.name
        );
        assert_eq!(
            renju::shape_reading(&board, p, Reading::FiveCounts),
            case.five_counts,
            "{}",
            case.name
        );
        assert_eq!(
            renju::is_forbidden_reading(&board, p, Reading::FiveCounts),
            is_forbidden(case.five_counts),
            "{}",
            case.name
        );
    }
}

/// The game refuses or accepts the corner cases by the judge's reading.
#[test]
fn game_follows_the_judges_reading() {
    // The first reading case as a game: white's stones far away, black to move.
    let mut game = game_with(
        Rule::Renju,
        "f8 g8 h4 h5 h6 h7 i9 i10",
        "a1 a3 a5 a7 c1 c3 c5 c7",
    );
    assert!(!game.forbidden_points().contains(&pt("i8")));
    assert_eq!(game.try_play(pt("i8")), Ok(()));
}

/// Every position of both tables, hand-made cases included.
fn all_cases() -> impl Iterator<Item = (&'static str, &'static str, &'static str, &'static str)> {
    CASES
        .iter()
        .map(|c| (c.name, c.black, c.white, c.point))
        .chain(
            READING_CASES
                .iter()
                .map(|c| (c.name, c.black, c.white, c.point)),
        )
}

/// The search board holding the given stones, black to move (passes fill the turns).
fn search_board(black: &str, white: &str) -> Position {
    let mut pos = Position::new(15, Rule::Renju);
    for (list, colour) in [(black, Color::Black), (white, Color::White)] {
        for s in list.split_whitespace() {
            if pos.side_to_move() != colour {
                pos.pass();
            }
            pos.make(cell_of(pt(s)));
        }
    }
    if pos.side_to_move() != Color::Black {
        pos.pass();
    }
    pos
}

/// The search board's fast path agrees with the reference on every empty point of every
/// hand-made position.
#[test]
fn search_board_agrees_with_the_reference_on_the_tables() {
    for (name, black, white, point) in all_cases() {
        let board = board_with(15, black, white);
        let mut pos = search_board(black, white);
        for p in board.empty_points() {
            assert_eq!(
                pos.is_forbidden(cell_of(p)),
                renju::is_forbidden(&board, p),
                "{name}: {p}"
            );
        }
        assert!(board.is_empty_at(pt(point)), "{name}");
    }
}

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

/// Both tables judged by figrid-board, an independent implementation that reads the rule as
/// the Gomocup judge does: it agrees on every position, on every empty point.
#[test]
fn figrid_agrees_with_the_tables() {
    for (name, black, white, point) in all_cases() {
        let board = board_with(15, black, white);
        for p in board.empty_points() {
            assert_eq!(
                figrid::is_forbidden(&board, p),
                renju::is_forbidden(&board, p),
                "{name}: {p}"
            );
        }
        let p = pt(point);
        let expected = !matches!(renju::shape(&board, p), Shape::Five | Shape::Allowed);
        assert_eq!(figrid::is_forbidden(&board, p), expected, "{name}");
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
