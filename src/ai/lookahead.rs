//! Article 002's threat lookahead. Every point carries, per line, the pattern a stone there
//! would make (the article's `Computer[15][15][4]` and `Player[15][15][4]` tables), so
//! combined threats are visible: an open four, a four-three or a double three wins. The
//! computer tries each move that makes a threat the opponent must answer (a four or an open
//! three), assumes the forced reply, and looks again, a few steps deep. Without a winning
//! line of its own it runs the same prediction for the opponent and occupies the first point
//! of the opponent's winning line. Otherwise it plays the point with the largest value in
//! the article's pattern tables ([`super::pattern_codes`]), its "simplest method", breaking
//! ties at random.

use super::pattern_codes;
use crate::color::Color;
use crate::game::Game;
use crate::point::Point;
use crate::position::threat::Threat;
use crate::position::{cell_of, point_of, Cell, Position};
use crate::rng::Rng;

/// Threat moves followed, as the article advises (at most five).
pub const STEPS: u32 = 4;
/// Threat moves tried at each step, most valuable first.
const WIDTH: usize = 8;
/// The threats the lookahead makes: a four of any kind or an open three.
const THREATS_FOLLOWED: [Threat; 5] = [
    Threat::Four,
    Threat::FourThree,
    Threat::OpenFour,
    Threat::Three,
    Threat::DoubleThree,
];

/// The move article 002's computer plays for the side to move (`None`: no legal move).
#[must_use]
pub fn choose(game: &Game, rng: &mut Rng) -> Option<Point> {
    let mut pos = Position::from_game(game);
    if pos.move_count() == 0 {
        let c = game.size() / 2;
        return Some(Point::new(c, c));
    }
    let us = pos.side_to_move();
    let them = us.opposite();
    // Five, or the block of theirs.
    for (c, th) in [(us, Threat::Five), (them, Threat::Five)] {
        if let Some(t) = legal_with(&mut pos, c, th) {
            return Some(point_of(t));
        }
    }
    if let Some(t) = winning_combination(&mut pos) {
        return Some(point_of(t));
    }
    // Their open three must be answered (or countered by our four, which the lookahead
    // below considers only when it wins).
    if let Some(line) = predict(&mut pos, STEPS) {
        return line.first().map(|&t| point_of(t));
    }
    pos.pass();
    let theirs = predict(&mut pos, STEPS);
    pos.undo_pass();
    if let Some(&t) = theirs.as_ref().and_then(|l| l.first()) {
        if pos.is_legal(t) {
            return Some(point_of(t));
        }
    }
    most_urgent(game, &mut pos, rng)
}

/// A legal point where `c` has threat `th`.
fn legal_with(pos: &mut Position, c: Color, th: Threat) -> Option<Cell> {
    // The board keeps these counts move by move, and most positions have none of the threat
    // asked for: no scan then.
    if pos.threat_count(c, th) == 0 {
        return None;
    }
    let cells: Vec<Cell> = pos
        .candidates()
        .iter()
        .copied()
        .filter(|&t| pos.threat(c, t) == th)
        .collect();
    cells.into_iter().find(|&t| pos.is_legal(t))
}

/// A point where the side to move makes a winning combination: an open four, or a
/// four-three or double three while the opponent has no four to interpose.
fn winning_combination(pos: &mut Position) -> Option<Cell> {
    let us = pos.side_to_move();
    let them = us.opposite();
    if pos.threat_count(them, Threat::Five) > 0 {
        return None;
    }
    if let Some(t) = legal_with(pos, us, Threat::OpenFour) {
        return Some(t);
    }
    if pos.has_four(them) {
        return None;
    }
    legal_with(pos, us, Threat::FourThree).or_else(|| legal_with(pos, us, Threat::DoubleThree))
}

/// The side to move's line of threats (with the assumed replies) that reaches a winning
/// combination within `steps` threat moves.
fn predict(pos: &mut Position, steps: u32) -> Option<Vec<Cell>> {
    if let Some(t) = winning_combination(pos) {
        return Some(vec![t]);
    }
    if steps == 0 {
        return None;
    }
    let us = pos.side_to_move();
    if !THREATS_FOLLOWED
        .iter()
        .any(|&th| pos.threat_count(us, th) > 0)
    {
        return None;
    }
    let mut threats: Vec<Cell> = pos
        .candidates()
        .iter()
        .copied()
        .filter(|&t| THREATS_FOLLOWED.contains(&pos.threat(us, t)))
        .collect();
    threats.sort_by_key(|&t| std::cmp::Reverse((pos.combo(us, t).value, t)));
    threats.truncate(WIDTH);
    for m in threats {
        if !pos.is_legal(m) {
            continue;
        }
        pos.make(m);
        let reply = forced_reply(pos, us);
        let found = reply.and_then(|r| {
            pos.make(r);
            let line = predict(pos, steps - 1);
            pos.unmake();
            line.map(|l| [vec![m, r], l].concat())
        });
        pos.unmake();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The opponent's assumed answer to our threat: the block of a four, or the most valuable
/// point against an open three. `None` when the opponent can win first.
fn forced_reply(pos: &mut Position, attacker: Color) -> Option<Cell> {
    let defender = attacker.opposite();
    if pos.threat_count(defender, Threat::Five) > 0 {
        return None;
    }
    if let Some(b) = pos.find_threat(attacker, Threat::Five) {
        return pos.is_legal(b).then_some(b);
    }
    // An open three is answered only if the opponent has no open four of its own to make.
    if pos.threat_count(defender, Threat::OpenFour) > 0 {
        return None;
    }
    // Block one of the three's open-four points, the most valuable one.
    if pos.threat_count(attacker, Threat::OpenFour) == 0 {
        return None;
    }
    let mut best: Option<(i32, Cell)> = None;
    let cands = pos.candidates().to_vec();
    for t in cands {
        if pos.threat(attacker, t) == Threat::OpenFour && pos.is_legal(t) {
            let v = i32::from(pos.combo(defender, t).value);
            if best.is_none_or(|(bv, bt)| (v, t) > (bv, bt)) {
                best = Some((v, t));
            }
        }
    }
    best.map(|(_, t)| t)
}

/// The legal point with the largest value in the article's pattern tables.
fn most_urgent(game: &Game, pos: &mut Position, rng: &mut Rng) -> Option<Point> {
    let mut best = Vec::new();
    let mut best_value = i32::MIN;
    for (p, v) in game.board().points().zip(scores(game)) {
        let Some(v) = v else { continue };
        if v < best_value || !pos.is_legal(cell_of(p)) {
            continue;
        }
        if v > best_value {
            best_value = v;
            best.clear();
        }
        best.push(p);
    }
    rng.choose(&best)
}

/// The value of every point for the side to move in the article's pattern tables (the
/// largest of its codes there); `None` on stones.
#[must_use]
pub fn scores(game: &Game) -> Vec<Option<i32>> {
    pattern_codes::scores(game)
}
