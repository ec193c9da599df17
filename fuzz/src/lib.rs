//! What the fuzz targets check. Each function reads the fuzzer's bytes as a script for one
//! part of the engine and panics only when an invariant breaks: the engine itself must not
//! panic, board and hash agree with the move list after every call, a refused call changes
//! nothing, and the result is exactly what a brute-force scan of the board says.
//!
//! The main crate's tests compile this same file (tests/fuzz_replay.rs) to replay the
//! committed corpus, so it uses nothing but `gomoku` and std.

use gomoku::protocol::{from_wire, read_input_line, Protocol};
use gomoku::{
    renju, ArticleAi, Board, Color, DrawReason, FrozenClock, Game, GameError, Level, Limits,
    LoadError, MoveList, Outcome, Player, Point, Rng, Rule,
};

/// Upper bound on calls per input, so every input runs in milliseconds.
const MAX_STEPS: usize = 300;

/// The fuzzer's bytes read front to back as small numbers; zeros once they run out.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    fn is_done(&self) -> bool {
        self.at >= self.data.len()
    }

    /// A coordinate mostly on a board of `size`, sometimes just off it, rarely far away.
    fn coordinate(&mut self, size: u8) -> i64 {
        let b = self.byte();
        match b {
            0xff => i64::MAX,
            0xfe => i64::MIN,
            _ => i64::from(b) % (i64::from(size) + 4) - 2,
        }
    }

    /// Up to 64 characters, mostly of the move-list alphabet.
    fn move_text(&mut self) -> String {
        const ALPHABET: &[u8] = b"abcdefghijklmnopqrstu0123456789 ,;-.xA\n";
        let len = usize::from(self.byte() % 64);
        (0..len)
            .map(|_| {
                let b = self.byte();
                match b {
                    0x80.. => char::from_u32(u32::from(b) * 37).unwrap_or('?'),
                    _ => char::from(ALPHABET[usize::from(b) % ALPHABET.len()]),
                }
            })
            .collect()
    }
}

fn rule_of(b: u8) -> Rule {
    Rule::ALL[usize::from(b) % Rule::ALL.len()]
}

/// Drives `Game` with place, undo, computer moves under tiny budgets, new games of any
/// size and rule, move-list loads, and queries.
pub fn game_api(data: &[u8]) {
    let mut input = Bytes { data, at: 0 };
    let mut game = Game::new(15, rule_of(input.byte())).expect("15 is a board size");
    // One searching player for the whole input, so its memory outlives undo and new games.
    let mut searcher = Player::new(Level::Search { ms: 100 }, 1 << 16, Rng::seeded(1));
    for _ in 0..MAX_STEPS {
        if input.is_done() {
            break;
        }
        match input.byte() % 10 {
            0..=3 => {
                let size = game.size();
                let (x, y) = (input.coordinate(size), input.coordinate(size));
                place(&mut game, x, y);
            }
            4 => undo(&mut game),
            5 => computer_move(&mut game, &mut searcher, &mut input),
            6 => new_game(&mut game, &mut input),
            7 => load(&mut game, &mut input),
            _ => queries(&game, &mut input),
        }
        check_game(&game);
    }
}

/// Whether the side to move may play `p`, decided from the rules, not from `check_move`:
/// renju forbidden points by the reference checker under the game's reading of a three
/// completed by a five (the Gomocup judge's, `renju::Reading`'s default).
fn is_legal(game: &Game, p: Point) -> bool {
    !game.is_over()
        && game.board().contains(p)
        && game.board().get(p).is_none()
        && !(game.rule().restricts(game.side_to_move()) && renju::is_forbidden(game.board(), p))
}

fn place(game: &mut Game, x: i64, y: i64) {
    let before = game.clone();
    let p = match game.point(x, y) {
        Ok(p) => p,
        Err(e) => {
            assert!(
                !game.board().contains_xy(x, y),
                "({x}, {y}) refused on the board: {e}"
            );
            return;
        }
    };
    let legal = is_legal(&before, p);
    match game.try_play(p) {
        Ok(()) => {
            assert!(legal, "{p} was accepted in {}", before.move_list());
            assert_eq!(game.moves().len(), before.moves().len() + 1);
            assert_eq!(game.last_move(), Some(p));
            assert_eq!(game.board().get(p), Some(before.side_to_move()));
        }
        Err(e) => {
            assert!(!legal, "{p} was refused in {}: {e}", before.move_list());
            let reason_holds = match e {
                GameError::GameOver => before.is_over(),
                GameError::Occupied(q) => q == p && before.board().get(p).is_some(),
                GameError::Forbidden(q) => q == p && before.rule().restricts(before.side_to_move()),
                _ => false,
            };
            assert!(reason_holds, "wrong reason for refusing {p}: {e}");
            assert_unchanged(&before, game);
        }
    }
}

fn undo(game: &mut Game) {
    let before = game.clone();
    match game.undo() {
        Ok(p) => {
            assert_eq!(before.last_move(), Some(p));
            assert_eq!(game.moves(), &before.moves()[..before.moves().len() - 1]);
            assert_eq!(game.board().get(p), None);
            assert_eq!(game.outcome(), None, "the position before a move was open");
        }
        Err(e) => {
            assert_eq!(e, GameError::NothingToUndo);
            assert!(before.moves().is_empty());
            assert_unchanged(&before, game);
        }
    }
}

fn computer_move(game: &mut Game, searcher: &mut Player, input: &mut Bytes) {
    let pick = input.byte();
    let budget = input.byte();
    let limits = Limits {
        nodes: Some(20 + u64::from(budget)),
        depth: Some(1 + u32::from(budget % 3)),
        ..Limits::default()
    };
    let mut article;
    let player = match pick % 6 {
        0 => searcher,
        level => {
            let level = match level {
                1 => Level::Article(ArticleAi::Pattern001),
                2 => Level::Article(ArticleAi::Scoring000),
                3 => Level::Article(ArticleAi::Scoring003),
                4 => Level::Article(ArticleAi::Scoring004),
                _ => Level::Lookahead,
            };
            article = Player::new(level, 1 << 16, Rng::seeded(u64::from(budget)));
            &mut article
        }
    };
    let before = game.clone();
    match player.choose_with(game, &limits, &FrozenClock, &mut |_| {}) {
        Ok(report) => {
            let best = report.best.expect("a chosen move");
            assert!(
                is_legal(game, best),
                "{:?} chose illegal {best} in {}",
                player.level(),
                game.move_list()
            );
            place(game, best.x.into(), best.y.into());
        }
        // Renju, black left with only forbidden points: the game is a draw (check_game
        // checks that it is exactly then), so the player says it is over.
        Err(GameError::GameOver) => assert!(before.is_over()),
        // A game that is on always has a legal point.
        Err(e) => panic!("{e} in {}", game.move_list()),
    }
}

fn new_game(game: &mut Game, input: &mut Bytes) {
    let b = input.byte();
    let size = match b % 4 {
        0 => i64::from(b) - 8,
        _ => 5 + i64::from(b % 16),
    };
    let rule = rule_of(input.byte());
    match Game::new(size, rule) {
        Ok(g) => {
            assert!((5..=20).contains(&size));
            assert_eq!(i64::from(g.size()), size);
            *game = g;
        }
        Err(e) => {
            assert_eq!(e, GameError::BadSize(size));
            assert!(!(5..=20).contains(&size));
        }
    }
}

/// Loading a move list equals parsing it and playing its moves one by one.
fn load(game: &mut Game, input: &mut Bytes) {
    let text = input.move_text();
    let size = i64::from(game.size());
    let rule = game.rule();
    let loaded = Game::from_moves(size, rule, &text);
    let replayed = replay(size, rule, &text);
    match (loaded, replayed) {
        (Ok(g), Ok(r)) => {
            assert_same(&g, &r);
            *game = g;
        }
        (Err(a), Err(b)) => assert_eq!(a, b),
        (a, b) => panic!("{text:?}: loaded {a:?}, replayed {b:?}"),
    }
}

fn replay(size: i64, rule: Rule, text: &str) -> Result<Game, LoadError> {
    let board = u8::try_from(size).unwrap_or(u8::MAX);
    let list = MoveList::parse_on(text, board).map_err(LoadError::Parse)?;
    let mut game = Game::new(size, rule).expect("the current size");
    for (i, &p) in list.0.iter().enumerate() {
        if !is_legal(&game, p) {
            let error = game.check_move(p).expect_err("an illegal move is refused");
            return Err(LoadError::Illegal {
                number: i + 1,
                point: p,
                error,
            });
        }
        place(&mut game, p.x.into(), p.y.into());
    }
    Ok(game)
}

fn queries(game: &Game, input: &mut Bytes) {
    let forbidden = game.forbidden_points();
    // Listed while black is to move under renju and nobody has won: also in a game drawn
    // because they cover every empty point.
    let restricted = game.rule().restricts(game.side_to_move()) && game.winner().is_none();
    assert!(restricted || forbidden.is_empty());
    for &p in &forbidden {
        assert!(renju::is_forbidden(game.board(), p), "{p} listed");
    }
    if game.draw_reason() == Some(DrawReason::NoLegalMove) {
        assert_eq!(forbidden.len(), game.board().empty_points().count());
    }
    // A few points asked one by one, as the page does under the pointer.
    let size = game.size();
    for _ in 0..3 {
        let (x, y) = (input.coordinate(size), input.coordinate(size));
        if let Ok(p) = game.point(x, y) {
            assert_eq!(game.check_move(p).is_ok(), is_legal(game, p));
            assert_eq!(
                forbidden.contains(&p),
                game.is_forbidden(p) && game.winner().is_none()
            );
        }
    }
}

/// Board, hash, side to move and result agree with the move list.
pub fn check_game(game: &Game) {
    let mut board = Board::new(game.size()).expect("the game's size");
    for (i, &p) in game.moves().iter().enumerate() {
        assert!(
            board.contains(p) && board.get(p).is_none(),
            "move {p} twice"
        );
        board.place(
            p,
            if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            },
        );
    }
    assert_eq!(
        board.codes(),
        game.board().codes(),
        "board differs from its moves"
    );
    assert_eq!(game.board().hash(), board.hash_from_scratch(), "stale hash");
    assert_eq!(game.board().hash(), board.hash());
    let black = has_five(&board, Color::Black, game.rule());
    let white = has_five(&board, Color::White, game.rule());
    match game.outcome() {
        Some(Outcome::Win(c)) => {
            let mover = if game.moves().len() % 2 == 1 {
                Color::Black
            } else {
                Color::White
            };
            assert_eq!(c, mover, "the last mover wins");
            assert!(if c == Color::Black {
                black && !white
            } else {
                white && !black
            });
            check_winning_line(game, c);
        }
        Some(Outcome::Draw(DrawReason::BoardFull)) => {
            assert!(board.is_full() && !black && !white);
        }
        Some(Outcome::Draw(DrawReason::NoLegalMove)) => {
            assert!(!board.is_full() && !black && !white);
            assert!(!black_can_move(game, &board), "{}", game.move_list());
        }
        None => {
            assert!(
                !black && !white,
                "a five on the board in {}",
                game.move_list()
            );
            assert!(!board.is_full(), "a full board is a draw");
            assert!(
                black_can_move(game, &board),
                "black has only forbidden points in {}",
                game.move_list()
            );
            assert!(game.winning_line().is_empty());
        }
    }
    assert!(game.winning_line().is_empty() || game.winner().is_some());
}

/// False only under renju with black to move and every empty point forbidden, by the
/// reference checker point by point. Stops at the first allowed point.
fn black_can_move(game: &Game, board: &Board) -> bool {
    let black_to_move = game.moves().len() % 2 == 0;
    !(game.rule() == Rule::Renju && black_to_move)
        || board.empty_points().any(|p| !renju::is_forbidden(board, p))
}

/// The winning line is the winner's winning runs through the last move, whole: one run, or
/// the stones of each when the move made two at once (under standard rules, two exact fives
/// make a line of nine stones that is no single winning run).
fn check_winning_line(game: &Game, c: Color) {
    let line = game.winning_line();
    let last = game.last_move().expect("a winning move");
    let board = game.board();
    let n = i32::from(board.size());
    let at = |x: i32, y: i32| {
        (0..n).contains(&x)
            && (0..n).contains(&y)
            && board.get(Point::new(x as u8, y as u8)) == Some(c)
    };
    let (lx, ly) = (i32::from(last.x), i32::from(last.y));
    let mut expected = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let back = (1..).take_while(|&k| at(lx - k * dx, ly - k * dy)).count() as i32;
        let ahead = (1..).take_while(|&k| at(lx + k * dx, ly + k * dy)).count() as i32;
        if game.rule().five_rule(c).wins((back + ahead + 1) as usize) {
            expected.extend(
                (-back..=ahead).map(|k| Point::new((lx + k * dx) as u8, (ly + k * dy) as u8)),
            );
        }
    }
    expected.sort_unstable();
    expected.dedup();
    assert!(!expected.is_empty(), "no winning run through {last}");
    let mut got = line.to_vec();
    got.sort_unstable();
    assert_eq!(got, expected, "the winning line through {last}");
}

/// Brute force: some run of `c` that wins under `rule`.
fn has_five(board: &Board, c: Color, rule: Rule) -> bool {
    let n = i32::from(board.size());
    let at = |x: i32, y: i32| {
        (0..n).contains(&x)
            && (0..n).contains(&y)
            && board.get(Point::new(x as u8, y as u8)) == Some(c)
    };
    let five = rule.five_rule(c);
    for y in 0..n {
        for x in 0..n {
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                // Count each run once, from its first stone.
                if !at(x, y) || at(x - dx, y - dy) {
                    continue;
                }
                let len = (0..).take_while(|&k| at(x + k * dx, y + k * dy)).count();
                if five.wins(len) {
                    return true;
                }
            }
        }
    }
    false
}

fn assert_unchanged(before: &Game, after: &Game) {
    assert_same(before, after);
    assert_eq!(before.hash(), after.hash());
}

fn assert_same(a: &Game, b: &Game) {
    assert_eq!(a.moves(), b.moves());
    assert_eq!(a.size(), b.size());
    assert_eq!(a.rule(), b.rule());
    assert_eq!(a.outcome(), b.outcome());
    assert_eq!(a.winning_line(), b.winning_line());
    assert_eq!(a.board().codes(), b.board().codes());
}

/// Parses the bytes as a point, a move list, a rule and a level; whatever parses must print
/// back to the same value, and a loaded game must hold exactly the parsed moves.
pub fn notation(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(p) = text.parse::<Point>() {
        assert!(p.x < 20 && p.y < 20);
        assert_eq!(p.to_string().parse::<Point>(), Ok(p));
    }
    let parsed = text.parse::<MoveList>();
    match &parsed {
        Ok(list) => assert_eq!(list.to_string().parse::<MoveList>().as_ref(), Ok(list)),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    if let Ok(rule) = text.parse::<Rule>() {
        assert_eq!(rule.to_string().parse::<Rule>(), Ok(rule));
    }
    if let Ok(level) = text.parse::<Level>() {
        assert_eq!(level.id().parse::<Level>(), Ok(level));
    }
    let size = 5 + i64::from(data.first().copied().unwrap_or(0) % 16);
    // A game reads its moves on its own board: what parses there also parses on the largest.
    // size is 5..=20.
    let on_board = MoveList::parse_on(&text, size as u8);
    if let Ok(list) = &on_board {
        assert_eq!(Ok(list), parsed.as_ref());
    }
    for rule in Rule::ALL {
        match Game::from_moves(size, rule, &text) {
            Ok(game) => {
                assert_eq!(Ok(&game.move_list()), on_board.as_ref());
                check_game(&game);
            }
            Err(LoadError::BadSize(n)) => panic!("size {n} of 5 to 20 refused"),
            Err(LoadError::Parse(e)) => assert_eq!(Err(&e), on_board.as_ref()),
            Err(LoadError::Illegal { number, point, .. }) => {
                let list = on_board.as_ref().expect("the text parsed");
                assert_eq!(list.0.get(number - 1), Some(&point));
            }
        }
    }
}

/// Longest input line in the protocol target: small, so the fuzzer reaches over-long lines.
const PROTOCOL_LINE_CAP: usize = 256;

/// Feeds the bytes to the protocol engine through its input loop (line reader and all).
/// Every reply is single lines, a move reply is the move the engine's game now ends with,
/// and the game stays consistent.
pub fn protocol(data: &[u8]) {
    let mut reader = std::io::Cursor::new(data);
    let mut engine = Protocol::new(FrozenClock);
    engine.set_caps(Limits {
        nodes: Some(300),
        depth: Some(3),
        ..Limits::default()
    });
    for _ in 0..MAX_STEPS {
        let Ok(Some(line)) = read_input_line(&mut reader, PROTOCOL_LINE_CAP) else {
            break;
        };
        assert!(line.text.len() <= PROTOCOL_LINE_CAP * 3, "a capped line");
        let replies = engine.handle_input(&line);
        for reply in &replies {
            assert!(!reply.contains(['\n', '\r', '\0']), "{reply:?}");
        }
        if let Some(game) = engine.game() {
            check_game(game);
            if let Some(mv) = replies.last().and_then(|r| parse_move(r)) {
                let p = from_wire(mv.0, mv.1, game.size());
                assert!(
                    p.is_some() && game.last_move() == p,
                    "{line:?} -> {replies:?}"
                );
            }
        }
        if engine.is_finished() {
            break;
        }
    }
}

/// `x,y` as the engine prints its moves.
fn parse_move(reply: &str) -> Option<(i64, i64)> {
    let (x, y) = reply.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}
