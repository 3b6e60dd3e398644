//! Every game of the shared corpus of real games parses.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use crate::record::{parse_game, GameReader};

#[test]
fn every_corpus_game_parses() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/standard-games.pgn");
    assert!(path.exists(), "the corpus is missing: {}", path.display());
    let file = File::open(&path).unwrap();
    let started = std::time::Instant::now();
    let mut games = 0;
    let mut plies = 0;
    for raw in GameReader::new(BufReader::new(file)) {
        let raw = raw.unwrap();
        assert_eq!(raw.invalid_utf8, None, "game {}", raw.number);
        let game = match parse_game(&raw.text) {
            Ok(game) => game,
            Err(error) => {
                panic!("game {} (line {}): {} at {:?}", raw.number, raw.first_line, error.message, error.span)
            }
        };
        assert!(game.tag("Event").is_some(), "game {} has no Event tag", raw.number);
        assert!(game.result.is_some(), "game {} has no result", raw.number);
        games += 1;
        plies += game.line.plies.len();
    }
    assert!(games > 8_000, "only {games} games");
    assert!(plies > 500_000, "only {plies} plies");
    // Generous: release builds take about a tenth of a second, debug builds several.
    let limit = if cfg!(debug_assertions) { 60 } else { 2 };
    assert!(started.elapsed().as_secs() < limit, "parsing took {:?}", started.elapsed());
}
