//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/`) through the same checks the
//! fuzz targets run (`fuzz/src/lib.rs`), so every input that once found something, or
//! reached new code, stays a test. Long fuzzing runs: `make fuzz`.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../fuzz/src/lib.rs"]
mod targets;

use std::fs;
use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    for file in &files {
        let data = fs::read(file).expect("a corpus file");
        let name = file.display().to_string();
        if let Err(panic) = std::panic::catch_unwind(|| check(&data)) {
            panic!("{name}: {panic:?}");
        }
    }
    println!("{target}: {} inputs replayed", files.len());
}

#[test]
fn game_api_corpus() {
    replay("game_api", targets::game_api);
}

#[test]
fn notation_corpus() {
    replay("notation", targets::notation);
}

#[test]
fn protocol_corpus() {
    replay("protocol", targets::protocol);
}
