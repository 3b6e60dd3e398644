//! The whole `validate` path on arbitrary bytes under each implemented variant (the
//! first byte picks it): reading, parsing, replaying, rendering every diagnostic, and
//! exporting. A game that is valid must export to a record that is valid again.

#![no_main]

use arbiter::cli::{export_game, load};
use arbiter::record::GameReader;
use arbiter::replay::ReplayOptions;
use arbiter::variants::VARIANTS;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let implemented: Vec<_> = VARIANTS.iter().filter(|v| v.is_implemented()).collect();
    let info = implemented[pick as usize % implemented.len()];
    let mut text = format!("[Variant \"{}\"]\n", info.id).into_bytes();
    text.extend_from_slice(rest);
    let options = ReplayOptions::default();
    for raw in GameReader::new(text.as_slice()).flatten() {
        let loaded = load("fuzz.pgn", raw, &options);
        let _ = loaded.render_problems();
        let exported = export_game(&loaded);
        if loaded.worst().is_none() {
            for again in GameReader::new(exported.as_bytes()).flatten() {
                let reloaded = load("export.pgn", again, &options);
                assert!(
                    reloaded.problems().is_empty(),
                    "the export of a clean game has problems:\n{exported}\n{}",
                    reloaded.render_problems()
                );
            }
        }
    }
});
