//! Line patterns: what a stone on an empty point would make along one line, looked up in a
//! table keyed by the five points on each side (base 3: 0 empty, 1 own, 2 blocked by the
//! opponent or the edge). Built once by classifying every window: a stone that completes
//! five is `F5`; one that leaves two five-points is an open four `F4`, and so on down, each
//! class defined by the best class one more own stone could reach.

use std::sync::OnceLock;

use crate::rule::FiveRule;

/// Points looked at on each side of the centre.
pub const HALF: usize = 5;
/// Number of window keys: 3^(2·HALF).
pub const KEYS: usize = 59_049;

/// What a stone on the centre point makes along one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five can ever include the point on this line.
    Dead = 0,
    /// Six or more in a row where only exactly five wins (`XXX_XX` → `XXXXXX`).
    Overline,
    /// One stone with room for five, blocked on one side.
    B1,
    /// One stone with room both ways.
    F1,
    /// Two stones, one move from a closed three.
    B2,
    /// Two stones, one move from an open three (`_XX_`).
    F2,
    /// Three that can become a closed four (`OXXX__`).
    B3,
    /// Open three: one move from an open four (`_XXX_`).
    F3,
    /// Closed four: exactly one point makes five (`OXXXX_`).
    B4,
    /// Open (straight) four: two five-points at the ends (`_XXXX_`).
    F4,
    /// Two fours on one line that are not a straight four (`X_XXX_X`).
    DoubleFour,
    /// Five in a row.
    F5,
}

impl Pattern {
    pub const COUNT: usize = 12;

    const ALL: [Pattern; 12] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::DoubleFour,
        Pattern::F5,
    ];

    #[must_use]
    pub fn from_index(i: usize) -> Pattern {
        Pattern::ALL[i]
    }

    /// A four of any kind: the opponent must answer it at once.
    #[must_use]
    pub fn is_four(self) -> bool {
        matches!(self, Pattern::B4 | Pattern::F4 | Pattern::DoubleFour)
    }
}

/// The pattern table for one five rule, indexed by window key.
pub struct PatternTable {
    /// 65,536 long so that any u16 key indexes it without a bounds check.
    patterns: Box<[Pattern; 1 << 16]>,
}

impl PatternTable {
    /// The table for `five`, built on first use.
    #[must_use]
    pub fn get(five: FiveRule) -> &'static PatternTable {
        static FREE: OnceLock<PatternTable> = OnceLock::new();
        static EXACT: OnceLock<PatternTable> = OnceLock::new();
        match five {
            FiveRule::FiveOrMore => FREE.get_or_init(|| PatternTable::build(five)),
            FiveRule::ExactlyFive => EXACT.get_or_init(|| PatternTable::build(five)),
        }
    }

    #[inline]
    #[must_use]
    pub fn lookup(&self, key: u16) -> Pattern {
        self.patterns[usize::from(key)]
    }

    fn build(five: FiveRule) -> PatternTable {
        let mut memo = vec![None; KEYS];
        let mut patterns = Box::new([Pattern::Dead; 1 << 16]);
        for key in 0..KEYS {
            patterns[key] = classify(key, five, &mut memo);
        }
        PatternTable { patterns }
    }
}

/// Weight of window position `i` (0..10) in a key; positions 0..5 are offsets −5..−1,
/// positions 5..10 are offsets +1..+5.
#[must_use]
pub const fn place_value(i: usize) -> u16 {
    let mut v = 1u16;
    let mut k = 0;
    while k < i {
        v *= 3;
        k += 1;
    }
    v
}

/// Window position of offset `k` (±1..±5) from the centre.
#[must_use]
pub const fn position_of_offset(k: i32) -> usize {
    if k < 0 {
        (k + HALF as i32) as usize
    } else {
        (k + HALF as i32 - 1) as usize
    }
}

/// The eleven cells of a window, centre included (index 5): 0 empty, 1 own, 2 blocked.
fn cells(key: usize) -> [u8; 11] {
    let mut out = [0u8; 11];
    let mut k = key;
    for i in 0..10 {
        let cell = (k % 3) as u8;
        k /= 3;
        let at = if i < HALF { i } else { i + 1 };
        out[at] = cell;
    }
    out[HALF] = 1;
    out
}

fn key_of(cells: &[u8; 11]) -> usize {
    let mut key = 0usize;
    for i in (0..11).rev() {
        if i != HALF {
            key = key * 3 + usize::from(cells[i]);
        }
    }
    key
}

/// Length of the run of own stones through index `at`.
fn run(cells: &[u8; 11], at: usize) -> usize {
    let left = (0..at).rev().take_while(|&i| cells[i] == 1).count();
    let right = (at + 1..11).take_while(|&i| cells[i] == 1).count();
    left + 1 + right
}

/// Empty cells that would complete a winning run through the centre.
fn five_points(c: &[u8; 11], five: FiveRule) -> Vec<usize> {
    let mut out = Vec::new();
    for q in 0..11 {
        if c[q] != 0 {
            continue;
        }
        let mut t = *c;
        t[q] = 1;
        // The run through q must reach the centre.
        let (lo, hi) = if q < HALF { (q, HALF) } else { (HALF, q) };
        if (lo..=hi).all(|i| t[i] == 1) && five.wins(run(&t, q)) {
            out.push(q);
        }
    }
    out
}

fn classify(key: usize, five: FiveRule, memo: &mut Vec<Option<Pattern>>) -> Pattern {
    if let Some(p) = memo[key] {
        return p;
    }
    let c = cells(key);
    let len = run(&c, HALF);
    let p = if len >= 5 {
        if five.wins(len) {
            Pattern::F5
        } else {
            Pattern::Overline
        }
    } else {
        let fives = five_points(&c, five);
        match fives.as_slice() {
            [a, b] if b - a == 5 => Pattern::F4,
            [_] => Pattern::B4,
            [] => {
                // The best this line can become with one more own stone, one class down.
                let mut best = Pattern::Dead;
                for q in 0..11 {
                    if c[q] != 0 {
                        continue;
                    }
                    let mut t = c;
                    t[q] = 1;
                    let next = classify(key_of(&t), five, memo);
                    let down = match next {
                        Pattern::F4 | Pattern::DoubleFour => Pattern::F3,
                        Pattern::B4 => Pattern::B3,
                        Pattern::F3 => Pattern::F2,
                        Pattern::B3 => Pattern::B2,
                        Pattern::F2 => Pattern::F1,
                        Pattern::B2 => Pattern::B1,
                        _ => Pattern::Dead,
                    };
                    best = best.max(down);
                }
                best
            }
            _ => Pattern::DoubleFour,
        }
    };
    memo[key] = Some(p);
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_or_more_patterns_ignore_the_outermost_points() {
        // The search board relies on this to skip re-reading points five away in freestyle.
        let table = PatternTable::get(FiveRule::FiveOrMore);
        let outer = [
            place_value(position_of_offset(-5)),
            place_value(position_of_offset(5)),
        ];
        for key in 0..KEYS as u16 {
            let digits = outer.map(|v| key / v % 3);
            for a in 0..3 {
                for b in 0..3 {
                    let other = key - digits[0] * outer[0] - digits[1] * outer[1]
                        + a * outer[0]
                        + b * outer[1];
                    assert_eq!(table.lookup(key), table.lookup(other), "{key} {other}");
                }
            }
        }
    }

    /// Builds a key from a picture of the line: `X` own, `O` blocked, `.` empty, `*` the
    /// centre; missing cells at the ends count as blocked.
    fn key(picture: &str) -> u16 {
        let centre = picture.find('*').expect("a centre");
        let bytes = picture.as_bytes();
        let mut key = 0u16;
        for k in -5i32..=5 {
            if k == 0 {
                continue;
            }
            let i = centre as i32 + k;
            let cell = if i < 0 || i >= bytes.len() as i32 {
                2
            } else {
                match bytes[i as usize] {
                    b'X' => 1,
                    b'.' => 0,
                    _ => 2,
                }
            };
            key += cell * place_value(position_of_offset(k));
        }
        key
    }

    fn free(picture: &str) -> Pattern {
        PatternTable::get(FiveRule::FiveOrMore).lookup(key(picture))
    }

    fn exact(picture: &str) -> Pattern {
        PatternTable::get(FiveRule::ExactlyFive).lookup(key(picture))
    }

    #[test]
    fn classic_shapes() {
        use Pattern::*;
        let cases = [
            ("..XX*XX..", F5),
            ("...XXX*....", F4),
            ("O..XXX*O...", B4),
            ("...X.X*X...", B4),
            ("....XX*....", F3),
            ("....X.*X...", F3),
            ("...OXX*....", B3),
            ("O.XX*.O", B3),
            ("....X*.....", F2),
            ("...X.*.....", F2),
            ("...OX*.....", B2),
            (".....*.....", F1),
            ("O....*.....", F1),
            ("O...*O", Dead),
            ("...X.XX*.X.X", DoubleFour),
            ("..XX.X*.XX..", DoubleFour),
        ];
        for (picture, expected) in cases {
            assert_eq!(free(picture), expected, "{picture}");
        }
    }

    #[test]
    fn overlines_depend_on_the_five_rule() {
        assert_eq!(free("..XXX*XX.."), Pattern::F5);
        assert_eq!(exact("..XXX*XX.."), Pattern::Overline);
        // Under exact five one of the two five-points would make six.
        assert_eq!(exact(".X.XX*X..."), Pattern::B4);
        assert_eq!(free(".X.XX*X..."), Pattern::F4);
        assert_ne!(exact("OX.XX*XO"), Pattern::B4);
        assert_eq!(free("OX.XX*XO"), Pattern::B4);
        // Straight four next to an own stone one gap away: only one end makes exactly five.
        assert_eq!(exact("X.XXX*..."), Pattern::B4);
        assert_eq!(free("X.XXX*..."), Pattern::F4);
    }

    #[test]
    fn every_key_is_classified_consistently_in_both_tables() {
        for k in 0..KEYS as u16 {
            let f = PatternTable::get(FiveRule::FiveOrMore).lookup(k);
            let e = PatternTable::get(FiveRule::ExactlyFive).lookup(k);
            // Exact five never makes a five that five-or-more would not.
            if e == Pattern::F5 {
                assert_eq!(f, Pattern::F5);
            }
            assert_ne!(f, Pattern::Overline);
        }
    }
}
