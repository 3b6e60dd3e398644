//! Property tests over random legal games of every implemented variant: snapshots
//! round-trip, records written from the games replay to the same turns and positions
//! (a verdict-only replay too), `export` keeps them, SAN resolution's list of legal
//! moves is the moves of the legal one-move turns, and nothing panics on the way.
//!
//! Positions are immutable values here (`Variant::play` returns a new position and
//! leaves its input alone), so there is no undo to test.

use arbiter::cli::{export_game, load};
use arbiter::geometry::attacks;
use arbiter::record::GameReader;
use arbiter::replay::ReplayOptions;
use arbiter::rules::movegen::MoveFilter;
use arbiter::rules::repetition;
use arbiter::rules::{push_single_moves, Color, Move, Position, Turn};
use arbiter::variants::prelude::*;
use arbiter::variants::{lookup, VARIANTS};
use proptest::prelude::*;

use crate::common::env_number;

/// Random games per property and variant; `ARBITER_PROPERTY_CASES` runs more.
const DEFAULT_CASES: u32 = 48;

/// A random legal game: the positions and the canonical turns between them.
struct Game {
    positions: Vec<Position>,
    turns: Vec<String>,
}

fn implemented() -> Vec<Box<dyn Variant>> {
    VARIANTS
        .iter()
        .filter(|v| v.is_implemented())
        .map(|v| lookup(v.id, &std::collections::BTreeMap::new()).expect("an implemented variant builds"))
        .collect()
}

/// Plays `choices` as indices into the legal turns until they run out or the game ends.
fn random_game(variant: &dyn Variant, choices: &[u32]) -> Game {
    let mut pos = variant.start();
    let mut game = Game { positions: vec![pos.clone()], turns: Vec::new() };
    let mut turns: Vec<Turn> = Vec::new();
    for &choice in choices {
        if !matches!(variant.outcome(&pos), Ok(None)) {
            break;
        }
        turns.clear();
        variant.legal_turns(&pos, &mut turns);
        let Some(turn) = turns.get(choice as usize % turns.len().max(1)) else { break };
        game.turns.push(variant.write_turn(&pos, turn).expect("a decided notation"));
        pos = variant.play(&pos, turn);
        game.positions.push(pos.clone());
    }
    game
}

/// The record of a game: tags, numbered turns, no result.
fn record(variant: &dyn Variant, game: &Game) -> String {
    let mut text = format!("[Variant \"{}\"]\n\n", variant.id());
    for (turn, before) in game.turns.iter().zip(&game.positions) {
        match before.turn() {
            Color::White => text.push_str(&format!("{}. {turn} ", before.fullmove())),
            Color::Black if text.ends_with("\n\n") => text.push_str(&format!("{}... {turn} ", before.fullmove())),
            Color::Black => text.push_str(&format!("{turn} ")),
        }
    }
    text.push_str("*\n");
    text
}

fn sorted_turns(variant: &dyn Variant, pos: &Position) -> Vec<String> {
    let mut turns = Vec::new();
    variant.legal_turns(pos, &mut turns);
    let mut written: Vec<String> =
        turns.iter().map(|t| variant.write_turn(pos, t).expect("a decided notation")).collect();
    written.sort();
    written
}

/// Replays a record and returns its canonical turns and final snapshot; the record
/// must have no problem at all.
fn replay_clean(text: &str) -> (Vec<String>, String, String) {
    let raw = GameReader::new(text.as_bytes()).next().expect("one game").expect("the game reads");
    let loaded = load("property.pgn", raw, &ReplayOptions::default());
    assert!(loaded.problems().is_empty(), "{text}\n{}", loaded.render_problems());
    let replay = loaded.replay.as_ref().expect("the game replays");
    let turns = replay.line.plies.iter().map(|p| p.canonical.clone()).collect();
    let last = replay.variant.write_snapshot(replay.final_position());
    (turns, last, export_game(&loaded))
}

/// Replays a record keeping only the verdict (as `validate` does) and returns its
/// number of plies and final snapshot; the record must have no problem at all.
fn replay_verdict_only(text: &str) -> (usize, String) {
    let raw = GameReader::new(text.as_bytes()).next().expect("one game").expect("the game reads");
    let options = ReplayOptions { verdict_only: true, ..ReplayOptions::default() };
    let loaded = load("property.pgn", raw, &options);
    assert!(loaded.problems().is_empty(), "{text}\n{}", loaded.render_problems());
    let replay = loaded.replay.as_ref().expect("the game replays");
    assert!(replay.line.plies.is_empty(), "a verdict-only replay keeps no ply");
    (replay.line.length, replay.variant.write_snapshot(replay.final_position()))
}

/// Moves in a fixed order, to compare lists as sets.
fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| format!("{m:?}"));
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(env_number("ARBITER_PROPERTY_CASES", DEFAULT_CASES)))]

    #[test]
    fn snapshots_round_trip(choices in prop::collection::vec(any::<u32>(), 0..80)) {
        for variant in implemented() {
            let game = random_game(variant.as_ref(), &choices);
            for pos in &game.positions {
                let written = variant.write_snapshot(pos);
                let read = variant.read_snapshot(&written);
                prop_assert!(read.is_ok(), "{} does not read back: {:?}", written, read.err());
                let read = read.expect("checked above");
                prop_assert_eq!(variant.write_snapshot(&read), written.clone());
                prop_assert_eq!(repetition::key(variant.as_ref(), &read), repetition::key(variant.as_ref(), pos));
                prop_assert_eq!(sorted_turns(variant.as_ref(), &read), sorted_turns(variant.as_ref(), pos));
            }
        }
    }

    #[test]
    fn records_replay_and_export_to_the_same_turns(choices in prop::collection::vec(any::<u32>(), 0..80)) {
        for variant in implemented() {
            let game = random_game(variant.as_ref(), &choices);
            let text = record(variant.as_ref(), &game);
            let (turns, last, exported) = replay_clean(&text);
            prop_assert_eq!(&turns, &game.turns);
            let final_position = game.positions.last().expect("the start is there");
            prop_assert_eq!(&last, &variant.write_snapshot(final_position));
            let (again, last_again, _) = replay_clean(&exported);
            prop_assert_eq!(again, turns);
            prop_assert_eq!(&last_again, &last);
            let (length, last_verdict_only) = replay_verdict_only(&text);
            prop_assert_eq!(length, game.turns.len());
            prop_assert_eq!(last_verdict_only, last);
        }
    }

    #[test]
    fn legal_moves_are_the_moves_of_one_move_turns(choices in prop::collection::vec(any::<u32>(), 0..60)) {
        for variant in implemented() {
            let game = random_game(variant.as_ref(), &choices);
            for pos in &game.positions {
                let mut turns = Vec::new();
                variant.legal_turns(pos, &mut turns);
                let mut expected = Vec::new();
                push_single_moves(&turns, attacks::grid(), &mut expected);
                let mut listed = Vec::new();
                variant.legal_moves_to(pos, MoveFilter::default(), attacks::grid(), &mut listed);
                prop_assert_eq!(sorted(listed), sorted(expected.clone()), "{}", variant.write_snapshot(pos));
                // Listing from some squares only keeps exactly the moves from there.
                let Some(first) = expected.first() else { continue };
                let from = arbiter::geometry::SquareSet::only(first.from);
                let mut from_one = Vec::new();
                variant.legal_moves_to(pos, MoveFilter::default(), from, &mut from_one);
                let expected_from: Vec<Move> = expected.iter().copied().filter(|m| m.from == first.from).collect();
                prop_assert_eq!(sorted(from_one), sorted(expected_from));
            }
        }
    }
}
