//! A part taken on trust changes nothing a reader sees: every legal turn of seeded
//! random games, and random sequences of moves that may come next (often illegal as a
//! whole: a king left capturable, a capture in a turn of several moves, a unit moving
//! twice), resolve to the same turn and text, or the same refusal, with and without
//! trust, under both `birth` options.

use super::generate::next_moves;
use super::notation::{resolve_parts, resolve_played, Trust};
use super::turn_state::TurnState;
use super::{Birth, BubbleFizz};
use crate::record::ast::TurnToken;
use crate::record::parse_game;
use crate::rules::movegen::MoveFilter;
use crate::rules::san::{self, move_text};
use crate::rules::Position;
use crate::variants::prelude::*;
use crate::variants::tests::walk_random_games;
use rand::rngs::SmallRng;
use rand::Rng;

/// The turn token of `text`, a turn as a record writes it.
pub(super) fn turn_token(text: &str) -> TurnToken {
    let game = parse_game(&format!("{text} *")).expect("a turn the parser reads");
    let ply = game.line().plies().next().expect("one ply");
    ply.turn().clone()
}

/// Resolves `text` in `pos` both ways; whether trust was taken.
fn both_ways(variant: &BubbleFizz, pos: &Position, text: &str) -> bool {
    let token = turn_token(text);
    let mut trusted_text = String::new();
    let mut st = TurnState::begin(pos);
    let trusted = resolve_played(variant, pos, &mut st, None, &token, &mut trusted_text);
    let mut exact_text = String::new();
    let mut trust = Trust::Refused;
    let exact = resolve_parts(variant, &mut TurnState::begin(pos), None, &token, &mut exact_text, &mut trust);
    assert_eq!(trusted, exact, "`{text}` in {pos:?}");
    if exact.is_ok() {
        // Either text may be left empty, the turn written exactly so.
        san::write_if_as_written(&token, &mut trusted_text);
        san::write_if_as_written(&token, &mut exact_text);
        assert_eq!(trusted_text, exact_text, "`{text}` in {pos:?}");
    }
    let mut probe = Trust::Offered;
    let _ = resolve_parts(variant, &mut TurnState::begin(pos), None, &token, &mut String::new(), &mut probe);
    probe == Trust::Taken
}

/// A random sequence of up to four moves that may come next, written part by part.
fn random_sequence(variant: &BubbleFizz, pos: &Position, rng: &mut SmallRng) -> Option<String> {
    let mut st = TurnState::begin(pos);
    let mut texts = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..rng.gen_range(1..=4) {
        moves.clear();
        next_moves(&st, MoveFilter::default(), &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        texts.push(move_text(&mv, &moves));
        st.apply(&mv, variant.birth);
    }
    (!texts.is_empty()).then(|| texts.join(" & "))
}

#[test]
fn trust_changes_no_resolution() {
    for birth in [Birth::Fizzle, Birth::Strike] {
        let variant = BubbleFizz::new(birth);
        let (mut compared, mut trusted) = (0, 0);
        walk_random_games(&variant, 10, 90, |pos, turns, rng| {
            for turn in turns.iter().take(150) {
                let text = variant.write_turn(pos, turn).expect("a decided notation");
                trusted += usize::from(both_ways(&variant, pos, text.trim_end_matches(['+', '#'])));
                compared += 1;
            }
            for _ in 0..20 {
                if let Some(text) = random_sequence(&variant, pos, rng) {
                    trusted += usize::from(both_ways(&variant, pos, &text));
                    compared += 1;
                }
            }
        });
        assert!(compared > 20_000 && trusted > 200, "{birth:?}: {compared} turns compared, {trusted} trusted");
    }
}
