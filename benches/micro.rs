//! Micro-benchmarks (divan) of the parts a replay is made of, for every variant where the
//! part depends on the variant: reading a game's text, resolving written turns, generating
//! the legal turns of a position, and perft.
//!
//! ```text
//! cargo bench --bench micro
//! cargo bench --bench micro -- perft      # one group
//! ```

use arbiter::record::ast::Game;
use arbiter::record::{parse_game, GameReader};
use arbiter::rules::perft::perft;
use arbiter::rules::{Position, Turn};
use arbiter::variants::prelude::*;
use arbiter::variants::{lookup, VARIANTS};
use divan::{black_box, Bencher};
use std::collections::BTreeMap;

fn main() {
    divan::main();
}

/// Every implemented variant's id.
const IDS: &[&str] = &["chess", "tilting", "bouncing", "koopa", "bellows", "bubble-fizz"];

fn variant(id: &str) -> Box<dyn Variant> {
    assert!(VARIANTS.iter().any(|v| v.id == id && v.is_implemented()), "{id} is an implemented variant");
    lookup(id, &BTreeMap::new()).expect("an implemented variant builds")
}

/// The first games of the repository's sample of real games.
fn sample_games(count: usize) -> Vec<String> {
    let text = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/lichess-3000.pgn"))
        .expect("the sample corpus is in the repository");
    GameReader::new(text.as_slice()).flatten().take(count).map(|raw| raw.text).collect()
}

#[divan::bench]
fn parse_100_games(bencher: Bencher) {
    let games = sample_games(100);
    bencher.bench_local(|| {
        for text in &games {
            black_box(parse_game(black_box(text)).ok());
        }
    });
}

/// Every (position, written turn) pair of a game's main line.
fn written_turns(game: &Game) -> Vec<(Position, arbiter::record::ast::TurnToken)> {
    let chess = variant("chess");
    let mut pos = chess.start();
    let mut pairs = Vec::new();
    for ply in game.line().plies() {
        let Ok(resolved) = chess.resolve(&pos, ply.turn()) else { break };
        pairs.push((pos.clone(), ply.turn().clone()));
        pos = chess.play(&pos, &resolved.turn);
    }
    pairs
}

#[divan::bench]
fn resolve_san_of_100_games(bencher: Bencher) {
    let chess = variant("chess");
    let pairs: Vec<_> =
        sample_games(100).iter().filter_map(|text| parse_game(text).ok()).flat_map(|g| written_turns(&g)).collect();
    bencher.counter(divan::counter::ItemsCount::new(pairs.len())).bench_local(|| {
        for (pos, token) in &pairs {
            black_box(chess.resolve(pos, token).ok());
        }
    });
}

#[divan::bench(args = IDS)]
fn legal_turns_at_start(bencher: Bencher, id: &str) {
    let variant = variant(id);
    let pos = variant.start();
    let mut turns: Vec<Turn> = Vec::new();
    bencher.bench_local(|| {
        turns.clear();
        variant.legal_turns(black_box(&pos), &mut turns);
        black_box(turns.len())
    });
}

#[divan::bench(args = IDS)]
fn perft_3_from_start(bencher: Bencher, id: &str) {
    let variant = variant(id);
    let pos = variant.start();
    bencher.bench_local(|| black_box(perft(variant.as_ref(), black_box(&pos), 3)));
}
