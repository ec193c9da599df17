//! figrid-board, an independent renju and win checker, on our boards (15×15 only).

use figrid_board::board::{to_idx, BitBoard};
use figrid_board::renju::{self, Foul};
use gomoku::{Board, Color, Point};

/// figrid's index of a point: rows and columns as ours.
pub fn idx(p: Point) -> usize {
    to_idx(usize::from(p.y), usize::from(p.x))
}

/// Black and white stones as figrid bitboards.
fn bitboards(board: &Board) -> (BitBoard, BitBoard) {
    let (mut black, mut white) = (BitBoard::EMPTY, BitBoard::EMPTY);
    for p in board.points() {
        match board.get(p) {
            Some(Color::Black) => black.set(idx(p)),
            Some(Color::White) => white.set(idx(p)),
            None => {}
        }
    }
    (black, white)
}

/// figrid's verdict on black playing the empty `p`.
pub fn foul(board: &Board, p: Point) -> Foul {
    let (black, white) = bitboards(board);
    renju::foul(&black, &white, idx(p))
}

/// Whether figrid forbids black the empty `p`.
pub fn is_forbidden(board: &Board, p: Point) -> bool {
    !matches!(foul(board, p), Foul::None | Foul::Five)
}
