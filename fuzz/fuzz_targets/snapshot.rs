//! Every implemented variant's snapshot reader on arbitrary text. The first byte picks
//! the variant. A snapshot that reads must write back to a snapshot that reads to the
//! same position, and its legal turns must be playable and writable.

#![no_main]

use arbiter::variants::{lookup, VARIANTS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let implemented: Vec<_> = VARIANTS.iter().filter(|v| v.is_implemented()).collect();
    let info = implemented[pick as usize % implemented.len()];
    let Ok(variant) = lookup(info.id, &Default::default()) else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let Ok(pos) = variant.read_snapshot(text) else { return };
    let written = variant.write_snapshot(&pos);
    let again = variant.read_snapshot(&written).unwrap_or_else(|e| panic!("{written} does not read back: {e}"));
    assert_eq!(variant.write_snapshot(&again), written, "the snapshot changes on a second round trip");
    let _ = variant.outcome(&pos);
    let mut turns = Vec::new();
    variant.legal_turns(&pos, &mut turns);
    for turn in &turns {
        let _ = variant.write_turn(&pos, turn);
        let after = variant.play(&pos, turn);
        let _ = variant.write_snapshot(&after);
    }
});
