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
