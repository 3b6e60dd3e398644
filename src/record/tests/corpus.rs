//! Every game of the repository's sample of real games (`fixtures/games/`) parses.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use crate::record::{parse_game, GameReader};

#[test]
fn every_corpus_game_parses() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/games/lichess-3000.pgn");
    let file = File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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
        plies += game.line().len();
    }
    assert_eq!((games, plies), (3000, 258_738), "(games, plies) of the sample");
}
