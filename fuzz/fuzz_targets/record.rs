//! The record reader and parser on arbitrary bytes: cutting a file into games and
//! reading each game's syntax must never panic, whatever the input.

#![no_main]

use arbiter::record::{parse_game, GameReader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for raw in GameReader::new(data).flatten() {
        let _ = parse_game(&raw.text);
    }
});
