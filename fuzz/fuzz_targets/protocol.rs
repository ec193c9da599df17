#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::protocol(data));
