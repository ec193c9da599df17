#![allow(dead_code)] // each test file uses a different part
//! Helpers shared by the native integration tests.

use gomoku::{Board, Color, Game, Point, Rule};

#[cfg(not(target_arch = "wasm32"))]
pub mod figrid;

/// A point from text such as `h8`.
pub fn pt(s: &str) -> Point {
    s.parse().unwrap_or_else(|e| panic!("bad point {s}: {e}"))
}

/// A board holding the given stones (`"h8 i9"` lists), placed directly, no rules checked.
pub fn board_with(size: u8, black: &str, white: &str) -> Board {
    let mut board = Board::new(size).expect("valid size");
    for (list, color) in [(black, Color::Black), (white, Color::White)] {
        for s in list.split_whitespace() {
            board.place(pt(s), color);
        }
    }
    board
}

/// A game reaching the given stones by alternating moves (black first). The lists must have
/// equal lengths, or black one more.
pub fn game_with(rule: Rule, black: &str, white: &str) -> Game {
    let b: Vec<&str> = black.split_whitespace().collect();
    let w: Vec<&str> = white.split_whitespace().collect();
    assert!(b.len() == w.len() || b.len() == w.len() + 1, "stone counts");
    let mut moves = Vec::new();
    for (i, m) in b.iter().enumerate() {
        moves.push(*m);
        if let Some(m) = w.get(i) {
            moves.push(m);
        }
    }
    Game::from_moves(15, rule, &moves.join(" ")).unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(not(target_arch = "wasm32"))]
pub mod protocol;

/// A renju game of 224 stones with black to move and one empty point left, on which black
/// would make an overline: black has no legal point, so the game is a draw. The same game is
/// in tests/e2e/draw.test.mjs.
pub const NO_LEGAL_POINT_FOR_BLACK: &str = "k11 l11 k9 k12 m10 j12 l12 j10 j9 l9 j8 i7 k8 k7 \
    i8 l8 l7 i10 h9 g10 h10 h8 j6 j5 g7 h7 g9 i9 f8 e7 e9 h6 h5 f9 h11 h12 i12 d10 d8 e8 d7 i6 \
    g8 e6 f6 f10 e5 g5 f4 d4 k4 d6 f5 f7 c10 m6 m11 n10 i11 m9 o11 j11 j14 f2 k14 m14 l13 i15 \
    i14 h14 m13 j13 c5 d5 d3 c4 b3 e4 f3 e11 f12 b4 a4 i4 h3 g3 n11 m12 d12 c12 n12 l10 i3 k5 \
    n14 o15 n13 n15 o13 k13 m5 k15 o12 o9 c3 e3 o10 o14 d11 j15 l15 g15 h15 g4 g2 l4 l5 b9 b10 \
    e13 e14 k6 f13 g12 j3 h1 b6 j1 f15 c7 a5 f14 l3 k3 a3 a2 a6 a7 c14 d14 l2 n2 n6 b8 c9 i1 k1 \
    f1 g1 m3 o1 a13 k2 c13 i13 d13 b13 n8 m4 m7 l6 n7 n5 o6 l1 m8 k10 a15 n1 m1 b12 b11 i2 m2 \
    e1 g13 g14 o5 o7 a9 j2 a10 a8 a12 a11 f11 h13 e10 c6 o2 o3 c8 d9 h2 b7 h4 b1 n4 a1 c1 g6 o8 \
    i5 n3 j4 e2 c2 c11 d2 o4 j7 d1 g11 a14 d15 l14 c15 b14 b2 e15 b5 b15 n9 m15";
