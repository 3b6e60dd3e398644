//! The first peer: pgn-reader reads the corpus and shakmaty plays every SAN move of each
//! game's main line (variations skipped), in this process.

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};
use std::ops::ControlFlow;
use std::path::Path;

/// Totals over the whole corpus.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) games: u64,
    pub(crate) plies: u64,
    /// Games with an illegal or unparsable move, or a bad `[FEN]`.
    pub(crate) broken: u64,
}

#[derive(Default)]
struct Replayer {
    tally: Tally,
}

/// Per-game state: the position, or `None` once the game has gone wrong.
struct Game {
    pos: Option<Chess>,
}

impl Visitor for Replayer {
    type Tags = Option<Chess>;
    type Movetext = Game;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.tally.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let parsed = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position::<Chess>(CastlingMode::Chess960).ok());
            if let Some(pos) = parsed {
                *tags = Some(pos);
            } else {
                self.tally.broken += 1;
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Game { pos: Some(tags.unwrap_or_default()) })
    }

    fn san(&mut self, game: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if let Some(pos) = game.pos.as_mut() {
            if let Ok(m) = san_plus.san.to_move(pos) {
                pos.play_unchecked(m);
                self.tally.plies += 1;
            } else {
                self.tally.broken += 1;
                game.pos = None;
            }
        }
        ControlFlow::Continue(())
    }

    // `begin_variation` keeps its default: skip every variation.

    fn end_game(&mut self, _game: Self::Movetext) -> Self::Output {}
}

/// Replays every main line of `corpus`.
pub(crate) fn replay(corpus: &Path) -> Tally {
    let file = std::fs::File::open(corpus).unwrap_or_else(|e| panic!("cannot open {}: {e}", corpus.display()));
    let mut reader = Reader::new(file);
    let mut replayer = Replayer::default();
    while reader.read_game(&mut replayer).unwrap_or_else(|e| panic!("cannot read {}: {e}", corpus.display())).is_some()
    {
    }
    replayer.tally
}
