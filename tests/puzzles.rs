//! The puzzle set the page serves (www/puzzles.txt): every puzzle proven again (its line
//! replayed as a forced win, no shorter win by fours), ids unique and the position's own, and
//! at least 200 puzzles with 30 or more in each of the four grades.
#![cfg(not(target_arch = "wasm32"))]

use gomoku::puzzle::{self, Puzzle, GRADES};
use std::collections::HashSet;

#[test]
fn every_served_puzzle_is_proven_and_every_grade_is_full() {
    let text = std::fs::read_to_string("www/puzzles.txt").expect("www/puzzles.txt");
    let mut ids = HashSet::new();
    let mut per_grade = [0usize; GRADES.len()];
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let p = Puzzle::parse(line).unwrap_or_else(|| panic!("line {}: does not read", i + 1));
        puzzle::prove(&p).unwrap_or_else(|e| panic!("line {} ({}): {e}", i + 1, p.id));
        let written_grade: usize = line
            .split_whitespace()
            .nth(1)
            .and_then(|g| g.parse().ok())
            .unwrap_or(0);
        assert_eq!(
            written_grade,
            p.grade(),
            "line {}: the grade written",
            i + 1
        );
        assert!(ids.insert(p.id.clone()), "line {}: {} twice", i + 1, p.id);
        per_grade[p.grade() - 1] += 1;
    }
    let total: usize = per_grade.iter().sum();
    assert!(total >= 200, "{total} puzzles");
    assert!(
        per_grade.iter().all(|&n| n >= 30),
        "per grade {per_grade:?}"
    );
}

#[test]
fn generating_again_gives_the_same_puzzles() {
    // The first games of the generator: the same puzzles, lines and ids, in every run.
    let pairs = [(
        "nodes-1000".parse().expect("level"),
        "nodes-3000".parse().expect("level"),
    )];
    let a = puzzle::collect(&puzzle::self_play(3, &pairs), 3);
    let b = puzzle::collect(&puzzle::self_play(3, &pairs), 3);
    assert_eq!(a, b);
}

#[test]
fn the_stored_line_plays_out_against_the_computer_defence() {
    use gomoku::puzzle::play::{PuzzlePlay, Verdict};
    let text = std::fs::read_to_string("www/puzzles.txt").expect("www/puzzles.txt");
    for p in text.lines().filter_map(Puzzle::parse) {
        let mut play = PuzzlePlay::new(p.game().expect("legal")).expect("a puzzle");
        assert_eq!(
            play.solution(),
            p.line.as_slice(),
            "{}: the same shortest win",
            p.id
        );
        for (i, &m) in p.line.iter().enumerate().step_by(2) {
            match play.play(m).expect("legal") {
                Verdict::Solved => assert_eq!(i + 1, p.line.len(), "{}", p.id),
                Verdict::Kept { reply, .. } => assert_eq!(reply, p.line[i + 1], "{}", p.id),
                other => panic!("{}: {m}: {other:?}", p.id),
            }
        }
        assert!(play.solved(), "{}", p.id);
    }
}
