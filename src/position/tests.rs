use super::*;
use crate::rng::Rng;
use crate::{renju as board_renju, wincheck, Board, GameError};

/// Everything the incremental updates maintain, for comparisons.
type State = (
    Vec<u16>,
    Vec<(u8, i16, bool, [i16; 2])>,
    [i32; 2],
    [[i32; 2]; 2],
    Vec<u16>,
    Vec<Cell>,
    u64,
    Vec<([[Pattern; 4]; 2], [u16; 2])>,
);

fn state(pos: &Position) -> State {
    let keys = pos
        .keys
        .iter()
        .flatten()
        .map(|&k| k as u16 ^ (k >> 16) as u16)
        .collect();
    let combos = pos
        .points
        .iter()
        .flat_map(|p| p.combos.iter())
        .map(|c| (c.threat as u8, c.value, c.needs_check, c.eval))
        .collect();
    let counts = pos.totals.threat_count.iter().flatten().copied().collect();
    let mut cands = pos.candidates.clone();
    cands.sort_unstable();
    // Patterns are kept on the candidates only.
    let pats = cands
        .iter()
        .map(|&t| (pos.points[t].pats, pos.points[t].combo_index))
        .collect();
    (
        keys,
        combos,
        pos.totals.value_sum,
        pos.totals.eval_sum,
        counts,
        cands,
        pos.hash,
        pats,
    )
}

/// A random legal game of `n` moves at most (stops at a win).
fn random_game(rng: &mut Rng, size: u8, rule: Rule, n: usize) -> Game {
    let mut game = Game::new(size.into(), rule).unwrap();
    let mut tries = 0;
    while game.moves().len() < n && !game.is_over() && tries < 10_000 {
        tries += 1;
        // Cluster moves near the centre for realistic shapes.
        let c = i64::from(size / 2);
        let spread = i64::from(size / 3).max(2);
        let x = c + (rng.below((2 * spread + 1) as usize) as i64) - spread;
        let y = c + (rng.below((2 * spread + 1) as usize) as i64) - spread;
        if let Ok(p) = game.point(x, y) {
            match game.try_play(p) {
                Ok(()) | Err(GameError::Occupied(_) | GameError::Forbidden(_)) => {}
                Err(e) => panic!("{e}"),
            }
        }
    }
    game
}

#[test]
fn make_unmake_restores_everything_and_matches_a_fresh_build() {
    let mut rng = Rng::seeded(1);
    for round in 0..60 {
        let rule = Rule::ALL[round % 3];
        let size = [7, 15, 20][round % 3];
        let game = random_game(&mut rng, size, rule, 80);
        let mut pos = Position::new(size, rule);
        let mut states = vec![state(&pos)];
        for &p in game.moves() {
            pos.make(cell_of(p));
            states.push(state(&pos));
        }
        assert_eq!(pos.hash(), game.hash());
        assert_eq!(state(&pos), state(&Position::from_game(&game)));
        while pos.move_count() > 0 {
            states.pop();
            pos.unmake();
            assert_eq!(&state(&pos), states.last().unwrap());
        }
    }
}

#[test]
fn five_threats_match_the_rules() {
    let mut rng = Rng::seeded(2);
    for round in 0..150 {
        let rule = Rule::ALL[round % 3];
        let game = random_game(&mut rng, 15, rule, 20 + round % 60);
        let pos = Position::from_game(&game);
        let board: &Board = game.board();
        for p in board.empty_points() {
            for c in [Color::Black, Color::White] {
                let five = wincheck::makes_five(board, p, c, rule);
                assert_eq!(
                    pos.threat(c, cell_of(p)) == Threat::Five,
                    five,
                    "{c} {p} in {}",
                    game.move_list()
                );
            }
        }
    }
}

#[test]
fn forbidden_points_match_the_board_rules() {
    let mut rng = Rng::seeded(3);
    let mut forbidden_seen = 0;
    for round in 0..400 {
        let game = random_game(&mut rng, 15, Rule::Renju, 20 + round % 70);
        let mut pos = Position::from_game(&game);
        for p in game.board().empty_points() {
            let expected = board_renju::is_forbidden(game.board(), p);
            forbidden_seen += usize::from(expected);
            assert_eq!(
                pos.is_forbidden(cell_of(p)),
                expected,
                "{p} in {}",
                game.move_list()
            );
        }
    }
    assert!(forbidden_seen > 50, "the sample holds forbidden points");
}

#[test]
fn candidates_are_the_empty_points_near_stones() {
    let mut rng = Rng::seeded(4);
    let game = random_game(&mut rng, 15, Rule::Freestyle, 30);
    let pos = Position::from_game(&game);
    for p in game.board().empty_points() {
        let near = game.board().points().any(|q| {
            game.board().get(q).is_some()
                && (i32::from(q.x) - i32::from(p.x)).abs() <= 2
                && (i32::from(q.y) - i32::from(p.y)).abs() <= 2
        });
        assert_eq!(pos.candidates().contains(&cell_of(p)), near, "{p}");
    }
}

/// A network with every weight drawn at random within the file format's range.
fn random_net(rng: &mut Rng) -> &'static Net {
    let mut draw = |span: usize| (rng.below(2 * span + 1) as i64 - span as i64) as i16;
    let mut n = Net::zero();
    for row in n.own.iter_mut().chain(n.other.iter_mut()) {
        for v in row {
            *v = draw(200);
        }
    }
    for v in n.bias.iter_mut() {
        *v = draw(300);
    }
    for v in n.out.iter_mut().flatten() {
        *v = draw(2_000);
    }
    Box::leak(Box::new(n))
}

#[test]
fn the_learned_evaluation_remembered_between_moves_is_the_one_worked_out_afresh() {
    let mut rng = Rng::seeded(11);
    for round in 0..30 {
        let rule = Rule::ALL[round % 3];
        let size = [15, 9, 20][round % 3];
        let net = random_net(&mut rng);
        let mut game = Game::new(i64::from(size), rule).unwrap();
        let mut pos = Position::new(size, rule);
        pos.attach_net(net);
        for _ in 0..60 {
            let undo = rng.below(5) == 0 && game.moves().len() > 2;
            if undo {
                game.undo().unwrap();
                pos.unmake();
            } else {
                let x = rng.below(usize::from(size)) as i64;
                let y = rng.below(usize::from(size)) as i64;
                let Ok(p) = game.point(x, y) else { continue };
                if game.try_play(p).is_err() {
                    continue;
                }
                pos.make(cell_of(p));
            }
            if game.is_over() {
                break;
            }
            // Several moves and take-backs between evaluations, as in a search.
            if rng.below(3) != 0 {
                continue;
            }
            let mut fresh = Position::from_game(&game);
            fresh.attach_net(net);
            assert_eq!(pos.net_value(), fresh.net_value(), "{}", game.move_list());
            let (us, them) = (game.side_to_move().index(), 1 - game.side_to_move().index());
            let expected = fresh
                .candidates
                .iter()
                .map(|&u| {
                    let keys = [Color::Black, Color::White].map(|c| fresh.combo_key(c, u));
                    let s = net.point_shares(keys);
                    i64::from(s[us][0]) - i64::from(s[them][1])
                })
                .sum::<i64>()
                >> net::OUT_SHIFT;
            assert_eq!(fresh.net_value(), Some(expected as i32));
            assert_eq!(pos.net_value(), Some(expected as i32));
        }
    }
}

#[test]
fn a_probed_defence_tells_what_making_it_would() {
    const SETS: [&[Threat]; 6] = [
        &[Threat::OpenFour],
        &[Threat::OpenFour, Threat::FourThree],
        &[Threat::Three],
        &[Threat::Four, Threat::DoubleThree],
        &[Threat::Five],
        &[],
    ];
    let mut rng = Rng::seeded(12);
    let mut answers = [0usize; 2];
    for round in 0..90 {
        let rule = Rule::ALL[round % 3];
        let size = [15, 9, 20][round % 3];
        let game = random_game(&mut rng, size, rule, 10 + round % 70);
        let mut pos = Position::from_game(&game);
        let before = state(&pos);
        let us = pos.side_to_move().opposite();
        for p in game.board().empty_points() {
            let r = cell_of(p);
            for classes in SETS {
                let mut made_pos = pos.clone();
                let probed = pos.stops_threats(r, classes);
                pos.move_candidate_last(r);
                made_pos.make(r);
                made_pos.unmake();
                assert_eq!(pos.candidates(), made_pos.candidates(), "the same order");
                pos.make(r);
                let made = pos.threat_count(us, Threat::Five) == 0
                    && classes.iter().all(|&c| pos.threat_count(us, c) == 0);
                pos.unmake();
                assert_eq!(probed, made, "{p} {classes:?} in {}", game.move_list());
                answers[usize::from(probed)] += 1;
            }
        }
        assert_eq!(state(&pos), before, "{}", game.move_list());
    }
    assert!(
        answers.iter().all(|&n| n > 1_000),
        "both answers seen: {answers:?}"
    );
}
