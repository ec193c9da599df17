//! How an article level's number for one point is made, in the terms of its article: the
//! parts it adds up (or, for article 002, the largest of which it takes), each saying whose
//! stones it is about, which line or direction it looks along, and what it sees there.
//!
//! Every code is a stable identifier (its [`Serialize`] form is its `id`), for the page to
//! translate.

use serde::{Serialize, Serializer};

use crate::point::Direction;

/// The explanation of one point's number at one article level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The article the level follows, `"000"` to `"004"`.
    pub article: &'static str,
    /// How the parts' values make the total.
    pub combine: Combine,
    /// The point's number, the one [`crate::Level::scores`] gives and the level decides by.
    pub total: i32,
    /// What the level sees around the point, in the order its article reads it.
    pub parts: Vec<Part>,
}

impl Explanation {
    /// The parts' values combined by [`Explanation::combine`]; always equals
    /// [`Explanation::total`].
    #[must_use]
    pub fn combined(&self) -> i32 {
        let values = self.parts.iter().map(|p| p.value);
        match self.combine {
            Combine::Sum => values.sum(),
            Combine::Max => values.max().unwrap_or(0),
        }
    }
}

/// How an article turns the parts into the point's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Combine {
    /// `sum`: the parts are added (articles 000, 001, 003, 004).
    Sum,
    /// `max`: the largest part is the point's number (article 002: "find the point with the
    /// largest value in the pattern tables"; a bigger code is more urgent).
    Max,
}

/// One thing a level sees around the point, and what it is worth there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    /// The line or direction looked along; `None` for what concerns the point as a whole
    /// (article 002's composite threats).
    pub direction: Option<Toward>,
    /// Whose stones the part is about, relative to the side to move.
    pub side: Side,
    /// What is seen there.
    pub what: What,
    /// How many stones of [`Part::side`] the article counts next to the point on that line
    /// (the point itself not included), where the article counts stones.
    pub count: Option<u32>,
    /// What the part is worth.
    pub value: i32,
}

/// Whose stones a part is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `own`: the side to move (the articles' computer), attack.
    Own,
    /// `opponent`: the other side (the articles' person), defence.
    Opponent,
}

impl Side {
    /// `own` or `opponent`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Side::Own => "own",
            Side::Opponent => "opponent",
        }
    }
}

/// A line through the point (both ways), or one of the eight directions from it.
///
/// Articles 000 and 002 read the four lines; articles 003 and 004 read the eight directions,
/// each of them forward and back, so each line is read twice; article 001 reads the lines
/// for its patterns centred on the point and the eight directions for its patterns starting
/// next to it. North is up the board (towards higher row numbers), east to the right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Toward {
    /// `horizontal`: the row through the point.
    Horizontal,
    /// `vertical`: the column through the point.
    Vertical,
    /// `diagonal`: the line rising to the right.
    Diagonal,
    /// `anti-diagonal`: the line falling to the right.
    AntiDiagonal,
    /// `east`: to the right.
    East,
    /// `north-east`: up and to the right.
    NorthEast,
    /// `north`: up.
    North,
    /// `north-west`: up and to the left.
    NorthWest,
    /// `west`: to the left.
    West,
    /// `south-west`: down and to the left.
    SouthWest,
    /// `south`: down.
    South,
    /// `south-east`: down and to the right.
    SouthEast,
}

impl Toward {
    /// The eight directions, east first, turning anticlockwise.
    pub const EIGHT: [Toward; 8] = [
        Toward::East,
        Toward::NorthEast,
        Toward::North,
        Toward::NorthWest,
        Toward::West,
        Toward::SouthWest,
        Toward::South,
        Toward::SouthEast,
    ];

    /// The code: `horizontal`, `vertical`, `diagonal`, `anti-diagonal`, `east`,
    /// `north-east`, `north`, `north-west`, `west`, `south-west`, `south`, `south-east`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Toward::Horizontal => "horizontal",
            Toward::Vertical => "vertical",
            Toward::Diagonal => "diagonal",
            Toward::AntiDiagonal => "anti-diagonal",
            Toward::East => "east",
            Toward::NorthEast => "north-east",
            Toward::North => "north",
            Toward::NorthWest => "north-west",
            Toward::West => "west",
            Toward::SouthWest => "south-west",
            Toward::South => "south",
            Toward::SouthEast => "south-east",
        }
    }

    /// The line through the point.
    #[must_use]
    pub const fn line(d: Direction) -> Toward {
        match d {
            Direction::Horizontal => Toward::Horizontal,
            Direction::Vertical => Toward::Vertical,
            Direction::Diagonal => Toward::Diagonal,
            Direction::AntiDiagonal => Toward::AntiDiagonal,
        }
    }

    /// The direction `sign` (+1 forward, -1 back) along `d`.
    #[must_use]
    pub const fn way(d: Direction, sign: i32) -> Toward {
        match (d, sign > 0) {
            (Direction::Horizontal, true) => Toward::East,
            (Direction::Horizontal, false) => Toward::West,
            (Direction::Vertical, true) => Toward::North,
            (Direction::Vertical, false) => Toward::South,
            (Direction::Diagonal, true) => Toward::NorthEast,
            (Direction::Diagonal, false) => Toward::SouthWest,
            (Direction::AntiDiagonal, true) => Toward::SouthEast,
            (Direction::AntiDiagonal, false) => Toward::NorthWest,
        }
    }

    /// The line a direction lies on and the way along it (+1 forward, -1 back); a line is
    /// its own forward way.
    #[must_use]
    pub const fn along(self) -> (Direction, i32) {
        match self {
            Toward::Horizontal | Toward::East => (Direction::Horizontal, 1),
            Toward::West => (Direction::Horizontal, -1),
            Toward::Vertical | Toward::North => (Direction::Vertical, 1),
            Toward::South => (Direction::Vertical, -1),
            Toward::Diagonal | Toward::NorthEast => (Direction::Diagonal, 1),
            Toward::SouthWest => (Direction::Diagonal, -1),
            Toward::AntiDiagonal | Toward::SouthEast => (Direction::AntiDiagonal, 1),
            Toward::NorthWest => (Direction::AntiDiagonal, -1),
        }
    }

    /// Whether this is one of the four lines rather than one of the eight directions.
    #[must_use]
    pub const fn is_line(self) -> bool {
        matches!(
            self,
            Toward::Horizontal | Toward::Vertical | Toward::Diagonal | Toward::AntiDiagonal
        )
    }
}

/// What a part sees: the shape a stone of its side on the point would make (or block).
///
/// **Articles 000, 003, 004** (scoring tables) walk the line both ways from the point,
/// counting that side's stones until an empty point (an open end) or the other side's stone
/// or the edge; `count` is the stones counted. Their names are the articles' (000's table
/// headings 连2, 死3, 活3, 死4, 活4, 连5), for the shape the point would complete:
/// [`What::One`], [`What::Two`], [`What::DeadThree`], [`What::LiveThree`],
/// [`What::BlockedThree`], [`What::DeadFour`], [`What::LiveFour`], [`What::BlockedFour`],
/// [`What::Five`].
///
/// **Article 001** (pattern tables) reads the four cells around the point on a line
/// (centred patterns) or the four next to it in one direction (starting patterns) and names
/// the class of the matched pattern: [`What::Five`], [`What::LiveFour`], [`What::SleepFour`],
/// [`What::LiveThree`], [`What::SleepThree`], [`What::LiveTwo`], [`What::SleepTwo`].
///
/// **Article 002** (pattern codes) fills in, per line and per side, the code of the run a
/// stone there would make with the stones touching it, bigger for more urgent:
/// [`What::Five`], [`What::LiveFour`], [`What::RushFour`], [`What::LiveThree`],
/// [`What::SleepThree`], [`What::LiveTwo`], [`What::SleepTwo`], [`What::One`],
/// [`What::Dead`], [`What::Overline`]; then, per side, the composite threats its four codes
/// show: [`What::DoubleFour`], [`What::FourThree`], [`What::DoubleThree`],
/// [`What::Forbidden`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum What {
    /// `one`: no stone of that side next to the point: a stone here stands alone
    /// (000's 连1). In 002: a lone stone with room on at least one side.
    One,
    /// `two`: one stone next to it: a stone here makes two in a row (000's 连2).
    Two,
    /// `dead_three`: two stones, one end open: a stone here makes a closed three (死3).
    DeadThree,
    /// `live_three`: a stone here makes an open three (活3), both ends open. In 001: an
    /// open-three pattern (`1100`, `0110`, …). In 002: three in a row, both ends empty
    /// (the article's example code 15).
    LiveThree,
    /// `blocked_three`: two stones, both ends blocked; the tables add nothing.
    BlockedThree,
    /// `dead_four`: three stones, one end open: a stone here makes a closed four (死4).
    DeadFour,
    /// `live_four`: a stone here makes an open four (活4), both ends open. In 001: `1110`,
    /// `0111` and the like. In 002: four in a row, both ends empty.
    LiveFour,
    /// `blocked_four`: three stones, both ends blocked; the tables add nothing.
    BlockedFour,
    /// `five`: a stone here makes five (连5): four or more stones next to it in 000, 003,
    /// 004; `1111` in 001; a winning run in 002.
    Five,
    /// `sleep_four` (001's 眠4): `1112`, `2111`: a four blocked on one side.
    SleepFour,
    /// `sleep_three` (眠3): in 001 `1120`, `0211`, …; in 002 three in a row with one end
    /// empty.
    SleepThree,
    /// `live_two` (活2): in 001 `0100`, `0010`; in 002 two in a row, both ends empty.
    LiveTwo,
    /// `sleep_two` (眠2): in 001 `2100`, `0012`; in 002 two in a row, one end empty.
    SleepTwo,
    /// `rush_four` (002's 冲四, code 20): four in a row with one end empty: the opponent
    /// must block the other.
    RushFour,
    /// `dead`: fewer than five in a row with both ends blocked (002).
    Dead,
    /// `overline`: six or more in a row where the rule wants exactly five (002).
    Overline,
    /// `double_four` (双四): two of the point's line codes are fours (002).
    DoubleFour,
    /// `four_three` (四三): a four and an open three on the point's lines (002).
    FourThree,
    /// `double_three` (双三): two open threes on the point's lines (002).
    DoubleThree,
    /// `forbidden` (禁手): under renju the point is forbidden to black, so its double three
    /// or double four is no winning point (002: "for black these are forbidden").
    Forbidden,
}

impl What {
    /// The code, e.g. `live_three`; see each variant.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            What::One => "one",
            What::Two => "two",
            What::DeadThree => "dead_three",
            What::LiveThree => "live_three",
            What::BlockedThree => "blocked_three",
            What::DeadFour => "dead_four",
            What::LiveFour => "live_four",
            What::BlockedFour => "blocked_four",
            What::Five => "five",
            What::SleepFour => "sleep_four",
            What::SleepThree => "sleep_three",
            What::LiveTwo => "live_two",
            What::SleepTwo => "sleep_two",
            What::RushFour => "rush_four",
            What::Dead => "dead",
            What::Overline => "overline",
            What::DoubleFour => "double_four",
            What::FourThree => "four_three",
            What::DoubleThree => "double_three",
            What::Forbidden => "forbidden",
        }
    }
}

macro_rules! serialize_as_id {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.id())
            }
        }
    )*};
}
serialize_as_id!(Side, Toward, What, Combine);

impl Combine {
    /// `sum` or `max`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Combine::Sum => "sum",
            Combine::Max => "max",
        }
    }
}
