//! The search board: a padded board with, for every point, line keys per colour and
//! direction kept up to date as stones come and go, so that each point's line patterns,
//! combined threat and value are a table lookup away. Make/unmake are the fast path for
//! search; the rules are enforced by [`crate::Game`] before positions are built.

mod probe;
mod renju;
pub mod threat;

use crate::board::{MAX_SIZE, MIN_SIZE};
use crate::color::Color;
use crate::eval::net::{self, Net};
use crate::game::Game;
use crate::pattern::{place_value, position_of_offset, Pattern, PatternTable, HALF};
use crate::point::Point;
use crate::rule::Rule;
use crate::zobrist::{STONE_KEYS, WHITE_TO_MOVE};
use std::cell::Cell as Memo;
use std::sync::OnceLock;
use threat::{Combo, Threat, Variant};

/// Row length of the padded board: 20 points plus 5 of wall on each side fit in 32.
pub const STRIDE: usize = 32;
const PAD: usize = HALF;
/// Points in the padded board.
pub const CELLS: usize = STRIDE * STRIDE;
/// Index steps of the four directions: across, up, up-right, down-right.
pub const DIRS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, 1 - STRIDE as isize];

/// Points around a stone that become move candidates: the 5×5 square, handled a row at a
/// time as eight bytes of `near` and `stones` read as one word. Per row: the offset of its
/// first point, and a one in the byte of each of its points (the middle row leaves out the
/// stone's own).
const NEAR_ROWS: [(isize, u64); 5] = {
    let mut out = [(0isize, 0u64); 5];
    let mut dy = -2;
    while dy <= 2 {
        let ones = if dy == 0 {
            0x01_01_00_01_01
        } else {
            0x01_01_01_01_01
        };
        out[(dy + 2) as usize] = (dy * STRIDE as isize - 2, ones);
        dy += 1;
    }
    out
};
/// Farthest index distance of a point on a line through a stone within five of it (five
/// steps up-right), and the window of cells that covers all of them.
const LINE_REACH: usize = HALF * (STRIDE + 1);
const LINE_WINDOW: usize = 2 * LINE_REACH + 1;
/// A one in every byte.
const ONE_EACH: u64 = 0x0101_0101_0101_0101;
const LOW_BITS: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// 0x80 in each byte of `x` that is zero, 0 in every other byte.
#[inline]
fn zero_bytes(x: u64) -> u64 {
    !(((x & LOW_BITS) + LOW_BITS) | x | LOW_BITS)
}

const EMPTY: u8 = 0;
const WALL: u8 = 3;

/// A point of the padded board.
pub type Cell = usize;

/// The search board.
#[derive(Clone)]
pub struct Position {
    size: u8,
    rule: Rule,
    /// 0 empty, 1 black, 2 white, 3 wall.
    stones: [u8; CELLS],
    /// Window keys per cell and direction, black's in the low 16 bits and white's in the
    /// high 16 bits, so one addition updates both.
    keys: [[u32; 4]; CELLS],
    /// Each point's patterns and combos (current on empty points near stones).
    points: [PointState; CELLS],
    /// Sums and counts over the empty points, kept up to date move by move.
    totals: Totals,
    /// Stones within the 5×5 square around each point (`NEAR_ROWS`); candidates are empty
    /// points with a count.
    near: [u8; CELLS],
    candidates: Vec<Cell>,
    /// Position of each candidate in `candidates`, or `u16::MAX`.
    slot: [u16; CELLS],
    side: Color,
    hash: u64,
    moves: Vec<Cell>,
    /// What each move changed, so that unmake puts it back instead of re-reading patterns:
    /// the points' earlier state, where each move's share starts, and the totals before it.
    /// (Entries past `undo_len` are free room: the stack grows once per move, never point
    /// by point, which keeps the per-point save a plain store.)
    undo_points: Vec<SavedPoint>,
    /// Points saved so far.
    undo_len: usize,
    undo_starts: Vec<u32>,
    undo_totals: Vec<Totals>,
    tables: [&'static PatternTable; 2],
    combo_tables: [&'static threat::ComboTable; 2],
    /// The learned evaluation, when one is attached.
    net: Option<NetMemo>,
}

/// A learned evaluation and, per point, its shares as last worked out with the pattern
/// combinations they were worked out for. An evaluation works out again only the points
/// whose patterns changed since, so moves that are made and taken back between two
/// evaluations (most of a threat search's) cost the network nothing.
#[derive(Clone)]
struct NetMemo {
    net: &'static Net,
    points: Box<[Memo<NetPoint>]>,
}

#[derive(Clone, Copy)]
struct NetPoint {
    combo_index: [u16; 2],
    /// Per colour viewing, for the side to move and the side waiting.
    shares: [[i32; 2]; 2],
}

const NO_SLOT: u16 = u16::MAX;

/// What is kept of one point, per colour: one record, so that a move saves and restores
/// it in one copy.
#[derive(Clone, Copy)]
struct PointState {
    /// Line patterns per direction.
    pats: [[Pattern; 4]; 2],
    /// Index of the four patterns in the combination table.
    combo_index: [u16; 2],
    combos: [Combo; 2],
}

/// A point far from every stone (or a stone or wall): nothing kept.
const NO_STATE: PointState = PointState {
    pats: [[Pattern::Dead; 4]; 2],
    combo_index: [0; 2],
    combos: [NO_COMBO; 2],
};

/// Most points a move saves: the points on its four lines within five (refreshed), itself,
/// and the 24 of its 5×5 square that come near a stone.
const MAX_SAVED_PER_MOVE: usize = 4 * 2 * HALF + 1 + 24;

/// One empty point's state as it was before a move changed it.
#[derive(Clone, Copy)]
struct SavedPoint {
    cell: u16,
    state: PointState,
}

/// The sums and counts kept over the empty points. Small enough (60 bytes) to be saved
/// and restored with plain loads and stores each move, also in WebAssembly, where a larger
/// copy becomes a call.
#[derive(Clone, Copy)]
struct Totals {
    /// Sum of point values per colour.
    value_sum: [i32; 2],
    /// Sum of the points' evaluation shares per colour, as mover and as waiter.
    eval_sum: [[i32; 2]; 2],
    /// Points of each threat class per colour.
    threat_count: [[u16; Threat::COUNT]; 2],
}

const NO_COMBO: Combo = Combo {
    threat: Threat::None,
    needs_check: false,
    value: 0,
    eval: [0; 2],
};

/// Packed key change for a stone of each colour at offset -5..=5 (index offset + 5): own
/// cell (1) in that colour's half, blocked cell (2) in the other's.
const KEY_DELTAS: [[u32; 11]; 2] = {
    let mut out = [[0u32; 11]; 2];
    let mut k: i32 = -(HALF as i32);
    while k <= HALF as i32 {
        if k != 0 {
            let v = place_value(position_of_offset(k)) as u32;
            let i = (k + HALF as i32) as usize;
            out[0][i] = v | ((2 * v) << 16);
            out[1][i] = (2 * v) | (v << 16);
        }
        k += 1;
    }
    out
};

/// One colour's 16-bit key out of a packed pair.
#[inline]
fn half(key: u32, colour: usize) -> u16 {
    (key >> (16 * colour)) as u16
}

/// The keys of an empty board of `size`: walls are blocked cells in every window that
/// reaches past the edge. Worked out once per size and copied, since working them out is
/// most of the cost of a new position, which every search and every article-002 move makes.
fn wall_keys(size: u8) -> &'static [[u32; 4]; CELLS] {
    const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;
    static KEYS: [OnceLock<Box<[[u32; 4]; CELLS]>>; SIZES] = [const { OnceLock::new() }; SIZES];
    KEYS[usize::from(size - MIN_SIZE)].get_or_init(|| {
        let on_board = |u: Cell| {
            let (x, y) = (u % STRIDE, u / STRIDE);
            (PAD..PAD + usize::from(size)).contains(&x)
                && (PAD..PAD + usize::from(size)).contains(&y)
        };
        let mut keys = Box::new([[0; 4]; CELLS]);
        for y in 0..size {
            for x in 0..size {
                let t = cell_of(Point::new(x, y));
                for (d, &step) in DIRS.iter().enumerate() {
                    for k in (-(HALF as i32)..=HALF as i32).filter(|&k| k != 0) {
                        if !on_board(offset(t, step, k)) {
                            let v = u32::from(2 * place_value(position_of_offset(k)));
                            keys[t][d] += v | (v << 16);
                        }
                    }
                }
            }
        }
        keys
    })
}

impl Position {
    /// An empty board of `size` under `rule`, black to move.
    #[must_use]
    pub fn new(size: u8, rule: Rule) -> Position {
        let size = size.clamp(crate::board::MIN_SIZE, MAX_SIZE);
        let variant = |c| {
            if rule.restricts(c) {
                Variant::RenjuBlack
            } else {
                Variant::Free
            }
        };
        let mut pos = Position {
            size,
            rule,
            stones: [WALL; CELLS],
            keys: *wall_keys(size),
            points: [NO_STATE; CELLS],
            totals: Totals {
                value_sum: [0; 2],
                eval_sum: [[0; 2]; 2],
                // Every cell starts as "no threat" for both colours.
                threat_count: [[CELLS as u16, 0, 0, 0, 0, 0, 0, 0, 0]; 2],
            },
            near: [0; CELLS],
            candidates: Vec::with_capacity(usize::from(size) * usize::from(size)),
            slot: [NO_SLOT; CELLS],
            side: Color::Black,
            hash: 0,
            moves: Vec::with_capacity(usize::from(size) * usize::from(size)),
            undo_points: Vec::new(),
            undo_len: 0,
            undo_starts: Vec::new(),
            undo_totals: Vec::new(),
            tables: [
                PatternTable::get(rule.five_rule(Color::Black)),
                PatternTable::get(rule.five_rule(Color::White)),
            ],
            combo_tables: [
                threat::table(variant(Color::Black)),
                threat::table(variant(Color::White)),
            ],
            net: None,
        };
        for y in 0..size {
            for x in 0..size {
                pos.stones[cell_of(Point::new(x, y))] = EMPTY;
            }
        }
        pos
    }

    /// The position of a game (its rule, stones and side to move).
    #[must_use]
    pub fn from_game(game: &Game) -> Position {
        let mut pos = Position::new(game.size(), game.rule());
        for &p in game.moves() {
            pos.make(cell_of(p));
        }
        pos
    }

    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Zobrist hash, side to move included; equals [`Game::hash`] for the same position.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    #[must_use]
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    #[must_use]
    pub fn last_move(&self) -> Option<Cell> {
        self.moves.last().copied()
    }

    /// Moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// Whether every point is taken.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.moves.len() == usize::from(self.size) * usize::from(self.size)
    }

    #[inline]
    #[must_use]
    pub fn is_empty(&self, t: Cell) -> bool {
        self.stones[t] == EMPTY
    }

    /// The stone on a cell, if any.
    #[must_use]
    pub fn stone(&self, t: Cell) -> Option<Color> {
        match self.stones[t] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Empty points next to stones: where moves are looked for.
    #[must_use]
    pub fn candidates(&self) -> &[Cell] {
        &self.candidates
    }

    /// The line pattern a stone of `c` on `t` would make in direction `d`.
    #[inline]
    #[must_use]
    pub fn pattern(&self, c: Color, d: usize, t: Cell) -> Pattern {
        self.tables[c.index()].lookup(half(self.keys[t & (CELLS - 1)][d], c.index()))
    }

    /// Index of `t`'s four line patterns for `c` (see [`threat::index`]; empty points near
    /// stones only).
    #[inline]
    #[must_use]
    pub fn combo_index(&self, c: Color, t: Cell) -> u16 {
        self.points[t & (CELLS - 1)].combo_index[c.index()]
    }

    /// The combined threat and value of `t` for `c` (empty points only).
    #[inline]
    #[must_use]
    pub fn combo(&self, c: Color, t: Cell) -> Combo {
        self.points[t].combos[c.index()]
    }

    #[inline]
    #[must_use]
    pub fn threat(&self, c: Color, t: Cell) -> Threat {
        self.points[t].combos[c.index()].threat
    }

    /// Number of empty points where `c` has the threat `th`.
    #[inline]
    #[must_use]
    pub fn threat_count(&self, c: Color, th: Threat) -> u16 {
        self.totals.threat_count[c.index()][th as usize]
    }

    /// Whether `c` has a point that makes a four of some kind.
    #[inline]
    #[must_use]
    pub fn has_four(&self, c: Color) -> bool {
        [Threat::Four, Threat::FourThree, Threat::OpenFour]
            .into_iter()
            .any(|th| self.threat_count(c, th) > 0)
    }

    /// Sum of point values of `c` over empty points.
    #[inline]
    #[must_use]
    pub fn value_sum(&self, c: Color) -> i32 {
        self.totals.value_sum[c.index()]
    }

    /// Sum over empty points of `c`'s evaluation shares, for `c` to move (`role` 0) or
    /// waiting (`role` 1).
    #[inline]
    #[must_use]
    pub fn eval_sum(&self, c: Color, role: usize) -> i32 {
        self.totals.eval_sum[c.index()][role & 1]
    }

    /// The first candidate where `c` has threat `th`, if any.
    #[must_use]
    pub fn find_threat(&self, c: Color, th: Threat) -> Option<Cell> {
        if self.threat_count(c, th) == 0 {
            return None;
        }
        self.candidates
            .iter()
            .copied()
            .find(|&t| self.threat(c, t) == th)
    }

    /// Whether the side to move may play the empty `t` (only black under renju can't).
    #[must_use]
    pub fn is_legal(&mut self, t: Cell) -> bool {
        if !self.is_empty(t) {
            return false;
        }
        if !self.rule.restricts(self.side) {
            return true;
        }
        !self.is_forbidden(t)
    }

    /// Renju: whether black may not play on the empty `t`.
    #[must_use]
    pub fn is_forbidden(&mut self, t: Cell) -> bool {
        if self.rule != Rule::Renju {
            return false;
        }
        let combo = self.combo(Color::Black, t);
        match combo.threat {
            Threat::Forbidden => true,
            _ if combo.needs_check => renju::double_three_is_real(self, t),
            _ => false,
        }
    }

    /// Plays the side to move on the empty cell `t`.
    pub fn make(&mut self, t: Cell) {
        let c = self.side;
        self.undo_starts.push(self.undo_len as u32);
        let room = self.undo_len + MAX_SAVED_PER_MOVE;
        if self.undo_points.len() < room {
            let free = SavedPoint {
                cell: 0,
                state: NO_STATE,
            };
            self.undo_points.resize(room.next_power_of_two(), free);
        }
        self.undo_totals.push(self.totals);
        self.stones[t] = c.code();
        self.update_keys(t, c, true);
        self.refresh_lines(t);
        self.save_point(t);
        self.set_combos(t, [NO_COMBO; 2]);
        self.hash ^= zobrist(c, t) ^ WHITE_TO_MOVE;
        self.side = c.opposite();
        self.moves.push(t);
        self.remove_candidate(t);
        for &(row, ones) in &NEAR_ROWS {
            let start = t.wrapping_add_signed(row);
            let near = self.near_word(start) + ones;
            self.set_near_word(start, near);
            // Newly near a stone (count 1) and empty: its patterns start being kept.
            let mut fresh = zero_bytes((near ^ ONE_EACH) | self.stone_word(start)) & (ones << 7);
            while fresh != 0 {
                let u = start + (fresh.trailing_zeros() / 8) as usize;
                fresh &= fresh - 1;
                self.add_candidate(u);
                self.save_point(u);
                self.refresh(u);
            }
        }
    }

    /// Takes back the last move: the keys are updated back, and the points' patterns,
    /// combos and the totals are restored from what the move saved.
    pub fn unmake(&mut self) {
        let Some(t) = self.moves.pop() else { return };
        let c = self.side.opposite();
        self.stones[t] = EMPTY;
        self.update_keys(t, c, false);
        self.hash ^= zobrist(c, t) ^ WHITE_TO_MOVE;
        self.side = c;
        for &(row, ones) in &NEAR_ROWS {
            let start = t.wrapping_add_signed(row);
            let near = self.near_word(start) - ones;
            self.set_near_word(start, near);
            // No longer near any stone (count 0) and empty: no longer a candidate.
            let mut gone = zero_bytes(near | self.stone_word(start)) & (ones << 7);
            while gone != 0 {
                let u = start + (gone.trailing_zeros() / 8) as usize;
                gone &= gone - 1;
                self.remove_candidate(u);
            }
        }
        if self.near[t] > 0 {
            self.add_candidate(t);
        }
        // Every make pushes a start and totals, so these are there.
        let start = self.undo_starts.pop().unwrap_or(0) as usize;
        for i in (start..self.undo_len).rev() {
            let saved = self.undo_points[i];
            self.points[usize::from(saved.cell) & (CELLS - 1)] = saved.state;
        }
        self.undo_len = start;
        if let Some(totals) = self.undo_totals.pop() {
            self.totals = totals;
        }
    }

    /// Remembers the empty `u`'s patterns and combos before the current move changes them.
    #[inline]
    fn save_point(&mut self, u: Cell) {
        let saved = SavedPoint {
            // Cells are below CELLS = 1024.
            cell: u as u16,
            state: self.points[u],
        };
        // make() made room for every point a move saves.
        debug_assert!(self.undo_len < self.undo_points.len());
        if let Some(slot) = self.undo_points.get_mut(self.undo_len) {
            *slot = saved;
            self.undo_len += 1;
        }
    }

    /// Eight `near` counts from `start` as one little-endian word. Rows of the 5×5 square
    /// stay inside the padded board, whose counts never exceed 24 (no carry between bytes).
    #[inline]
    fn near_word(&self, start: Cell) -> u64 {
        let i = start & (CELLS - 1);
        self.near
            .get(i..i + 8)
            .map_or(0, |b| u64::from_le_bytes(b.try_into().unwrap_or_default()))
    }

    #[inline]
    fn set_near_word(&mut self, start: Cell, word: u64) {
        let i = start & (CELLS - 1);
        if let Some(b) = self.near.get_mut(i..i + 8) {
            b.copy_from_slice(&word.to_le_bytes());
        }
    }

    /// Eight `stones` codes from `start` as one little-endian word.
    #[inline]
    fn stone_word(&self, start: Cell) -> u64 {
        let i = start & (CELLS - 1);
        self.stones.get(i..i + 8).map_or(u64::MAX, |b| {
            u64::from_le_bytes(b.try_into().unwrap_or_default())
        })
    }

    /// Hands the move to the opponent without playing (for "what if they moved now").
    /// Undo with [`Position::undo_pass`].
    pub fn pass(&mut self) {
        self.side = self.side.opposite();
        self.hash ^= WHITE_TO_MOVE;
    }

    /// Takes back a [`Position::pass`].
    pub fn undo_pass(&mut self) {
        self.pass();
    }

    /// Places or lifts a stone in the keys only (no patterns or values), for the renju
    /// check, which reads patterns straight from the keys.
    pub(crate) fn set_stone_keys_only(&mut self, t: Cell, c: Color, on: bool) {
        self.stones[t] = if on { c.code() } else { EMPTY };
        self.update_keys(t, c, on);
    }

    /// Adds or removes a stone of `c` on `t` in the keys of the points whose windows hold
    /// `t`.
    fn update_keys(&mut self, t: Cell, c: Color, on: bool) {
        let deltas = &KEY_DELTAS[c.index()];
        // The keys of `t`'s lines as one fixed-size window centred on `t`: each point is a
        // constant offset into it, with no index check or wrap per point. Board points are
        // at least LINE_REACH from either end of the padded board.
        debug_assert!(
            t >= LINE_REACH && t + LINE_REACH < CELLS,
            "{t} is not a board point"
        );
        let Some(window) = self
            .keys
            .get_mut(t.wrapping_sub(LINE_REACH)..t.wrapping_add(LINE_REACH + 1))
            .and_then(|w| <&mut [[u32; 4]; LINE_WINDOW]>::try_from(w).ok())
        else {
            return;
        };
        for (d, &step) in DIRS.iter().enumerate() {
            for k in 1..=HALF {
                // t is at offset +k from the point k steps behind it, and at -k from the point
                // k steps ahead.
                let behind = LINE_REACH.wrapping_add_signed(-step * k as isize);
                let ahead = LINE_REACH.wrapping_add_signed(step * k as isize);
                let (db, da) = (deltas[HALF + k], deltas[HALF - k]);
                if on {
                    window[behind][d] += db;
                    window[ahead][d] += da;
                } else {
                    window[behind][d] -= db;
                    window[ahead][d] -= da;
                }
            }
        }
    }

    /// Attaches a learned evaluation (see [`crate::eval::net`]).
    pub fn attach_net(&mut self, net: &'static Net) {
        let unknown = NetPoint {
            // No point has this index (it is past the last combination).
            combo_index: [u16::MAX; 2],
            shares: [[0; 2]; 2],
        };
        self.net = Some(NetMemo {
            net,
            points: vec![Memo::new(unknown); CELLS].into_boxed_slice(),
        });
    }

    /// The learned evaluation's inputs at `t`: its pattern combination for `c` (see
    /// [`crate::eval::weights::combo_key`]).
    #[must_use]
    pub fn combo_key(&self, c: Color, t: Cell) -> u16 {
        net::key_of_index(self.combo_index(c, t))
    }

    /// The learned evaluation's value for the side to move, if one is attached: the
    /// candidates' shares for the side to move less the opponent's as the side waiting.
    #[must_use]
    pub fn net_value(&self) -> Option<i32> {
        let memo = self.net.as_ref()?;
        let (us, them) = (self.side.index(), self.side.opposite().index());
        let mut total = 0i64;
        for &u in &self.candidates {
            let u = u & (CELLS - 1);
            let index = self.points[u].combo_index;
            let slot = memo.points.get(u)?;
            let mut point = slot.get();
            if point.combo_index != index {
                point = NetPoint {
                    combo_index: index,
                    shares: memo.net.point_shares(index.map(net::key_of_index)),
                };
                slot.set(point);
            }
            total += i64::from(point.shares[us][0]) - i64::from(point.shares[them][1]);
        }
        // Far inside i32 after the shift (see `net::MAX_OUT_WEIGHT`).
        Some((total >> net::OUT_SHIFT) as i32)
    }

    /// How far along a line a stone can change a point's patterns. Where five or more wins
    /// for both colours, a stone five points away changes none (only overlines reach that
    /// far; tested in `pattern`).
    #[inline]
    fn line_reach(&self) -> usize {
        if self.rule == Rule::Freestyle {
            HALF - 1
        } else {
            HALF
        }
    }

    /// Re-reads the patterns of the points on `t`'s lines after its keys changed.
    fn refresh_lines(&mut self, t: Cell) {
        let reach = self.line_reach();
        for (d, &step) in DIRS.iter().enumerate() {
            // Running offsets, not `step * k`: V8 kept the multiply, with a stack reload, on
            // every point.
            let (mut behind, mut ahead) = (t, t);
            for _ in 0..reach {
                behind = behind.wrapping_add_signed(-step);
                ahead = ahead.wrapping_add_signed(step);
                // Patterns are kept only for the candidates (empty points near stones); far
                // points are worth nothing and are re-read when they come near.
                for u in [behind, ahead] {
                    let u = u & (CELLS - 1);
                    if self.slot[u] != NO_SLOT {
                        self.refresh_direction(u, d);
                    }
                }
            }
        }
    }

    /// Re-reads one direction's patterns of the empty `u` during a move; recombines (and
    /// saves the point for unmake) only on a change.
    #[inline]
    fn refresh_direction(&mut self, u: Cell, d: usize) {
        let u = u & (CELLS - 1);
        let key = self.keys[u][d];
        let new = [0, 1].map(|i| self.tables[i].lookup(half(key, i)));
        if new[0] == self.points[u].pats[0][d] && new[1] == self.points[u].pats[1][d] {
            return;
        }
        self.save_point(u);
        for (i, &p) in new.iter().enumerate() {
            let old = self.points[u].pats[i][d];
            if old != p {
                self.points[u].pats[i][d] = p;
                let index = threat::reindex(self.points[u].combo_index[i], d, old, p);
                self.points[u].combo_index[i] = index;
                let new = threat::lookup(self.combo_tables[i], index);
                self.replace_combo(i, u, new);
            }
        }
    }

    /// Re-reads all patterns of one empty cell for both colours.
    fn refresh(&mut self, t: Cell) {
        for i in 0..2 {
            let p = [0, 1, 2, 3].map(|d| self.tables[i].lookup(half(self.keys[t][d], i)));
            self.points[t].pats[i] = p;
            let index = threat::index(p) as u16;
            self.points[t].combo_index[i] = index;
            let new = threat::lookup(self.combo_tables[i], index);
            self.replace_combo(i, t, new);
        }
    }

    fn set_combos(&mut self, t: Cell, combos: [Combo; 2]) {
        for (i, new) in combos.into_iter().enumerate() {
            self.replace_combo(i, t, new);
        }
    }

    // Forced: left to itself the compiler outlined it in WebAssembly (a call per changed
    // point, 7% slower on `bench` under Node).
    #[inline(always)]
    fn replace_combo(&mut self, i: usize, t: Cell, new: Combo) {
        // No test for an unchanged combo: the deltas are then zero, and the branch-free
        // update costs less than the field-by-field comparison.
        let old = self.points[t].combos[i];
        let totals = &mut self.totals;
        totals.value_sum[i] += i32::from(new.value) - i32::from(old.value);
        totals.eval_sum[i][0] += i32::from(new.eval[0]) - i32::from(old.eval[0]);
        totals.eval_sum[i][1] += i32::from(new.eval[1]) - i32::from(old.eval[1]);
        totals.threat_count[i][old.threat as usize] -= 1;
        totals.threat_count[i][new.threat as usize] += 1;
        self.points[t].combos[i] = new;
    }

    fn add_candidate(&mut self, t: Cell) {
        if self.slot[t] == NO_SLOT {
            // At most 400 candidates, so the slot fits in u16.
            self.slot[t] = self.candidates.len() as u16;
            self.candidates.push(t);
        }
    }

    fn remove_candidate(&mut self, t: Cell) {
        let s = self.slot[t];
        if s == NO_SLOT {
            return;
        }
        let last = self.candidates.len() - 1;
        self.candidates.swap(usize::from(s), last);
        let moved = self.candidates[usize::from(s)];
        self.slot[moved] = s;
        self.candidates.pop();
        self.slot[t] = NO_SLOT;
    }
}

/// The padded cell of a board point.
#[inline]
#[must_use]
pub fn cell_of(p: Point) -> Cell {
    (usize::from(p.y) + PAD) * STRIDE + usize::from(p.x) + PAD
}

/// The board point of a padded cell (which must be on the board).
#[inline]
#[must_use]
pub fn point_of(t: Cell) -> Point {
    // On-board cells have coordinates PAD..PAD+20.
    Point::new((t % STRIDE - PAD) as u8, (t / STRIDE - PAD) as u8)
}

#[inline]
fn offset(t: Cell, step: isize, k: i32) -> Cell {
    t.wrapping_add_signed(step * k as isize)
}

#[inline]
fn zobrist(c: Color, t: Cell) -> u64 {
    let p = point_of(t);
    STONE_KEYS[c.index()][usize::from(p.y) * usize::from(MAX_SIZE) + usize::from(p.x)]
}

#[cfg(test)]
mod tests;
