//! A part resolved from attacks against the listing it shortcuts: every part of every
//! legal turn of seeded random games, written canonically and from square to square,
//! under both `birth` options, gives the same move and the same text both ways.

use super::notation::{listed_part, part_from_attacks, PartScratch};
use super::safety;
use super::turn_state::TurnState;
use super::{Birth, BubbleFizz};
use crate::rules::san::{self, WrittenMove};
use crate::rules::san_from_attacks::tests::token;
use crate::rules::{Position, Turn};
use crate::variants::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Compares both ways of resolving every part of `turn` in `pos`; how many parts the
/// attacks decided.
fn compare_turn(variant: &BubbleFizz, pos: &Position, turn: &Turn) -> usize {
    let written = variant.write_turn(pos, turn).expect("a decided notation");
    let texts: Vec<&str> = written.trim_end_matches(['+', '#']).split(" & ").collect();
    let moves = turn.moves();
    assert_eq!(texts.len(), moves.len(), "{written}");
    let in_check = variant.is_check(pos);
    let mut st = TurnState::begin(pos);
    let mut decided = 0;
    for (i, (text, mv)) in texts.iter().zip(moves).enumerate() {
        let last = i + 1 == moves.len();
        let promotion = mv.promotion.map(|r| r.letter().to_string()).unwrap_or_default();
        for form in [text.to_string(), format!("{}{}{promotion}", mv.from, mv.to)] {
            let san = token(&form);
            let canonical_form = form == *text;
            let part = WrittenMove::read_in(&san, &st.pos).expect("a readable token");
            let mut scratch = PartScratch::default();
            let listed = listed_part(variant, &st, &san, &part, last, &mut scratch);
            let in_check = if i == 0 { in_check } else { safety::in_check(&st.pos, pos.turn()) };
            for known in [Some(in_check), None] {
                let mut fast = String::from("a & ");
                if let Some((found, unattacked)) = part_from_attacks(variant, &st, &part, known, (&mut fast, false)) {
                    assert_eq!(Ok(found), listed, "`{form}` of `{written}` in {pos:?}");
                    if unattacked {
                        // The next part is told the king is not in check: it must not be.
                        let mut next = st.clone();
                        next.apply(&found, variant.birth);
                        assert!(!safety::in_check(&next.pos, pos.turn()), "`{form}` of `{written}` in {pos:?}");
                    }
                    let mut text = String::from("a & ");
                    san::write_move_text(&found, &scratch.peers, &mut text);
                    assert_eq!(fast, text, "`{form}` of `{written}` in {pos:?}");
                    // As the whole turn, a part written exactly as its text leaves none.
                    let mut whole = String::new();
                    assert!(part_from_attacks(variant, &st, &part, known, (&mut whole, true)).is_some());
                    assert_eq!(whole.is_empty(), canonical_form && !found.is_castle(), "`{form}` in {pos:?}");
                    if whole.is_empty() {
                        san.write_plain(&mut whole);
                    }
                    assert_eq!(Some(whole.as_str()), text.strip_prefix("a & "), "`{form}` in {pos:?}");
                    decided += 1;
                }
            }
        }
        st.apply(mv, variant.birth);
    }
    decided
}

/// Hands `visit` every position of `games` seeded random games of up to 60 turns
/// (until one ends) with its legal turns.
fn random_positions(variant: &BubbleFizz, games: u64, mut visit: impl FnMut(&Position, &[Turn])) {
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = variant.start();
        for _ in 0..60 {
            if !matches!(variant.outcome(&pos), Ok(None)) {
                break;
            }
            let mut turns = Vec::new();
            variant.legal_turns(&pos, &mut turns);
            visit(&pos, &turns);
            pos = variant.play(&pos, &turns[rng.gen_range(0..turns.len())]);
        }
    }
}

#[test]
fn parts_resolved_from_attacks_agree_with_the_listing() {
    for birth in [Birth::Fizzle, Birth::Strike] {
        let variant = BubbleFizz::new(birth);
        let mut decided = 0;
        random_positions(&variant, 6, |pos, turns| {
            // A sample of the turns: positions with invigorated units have thousands.
            for turn in turns.iter().step_by(turns.len() / 40 + 1) {
                decided += compare_turn(&variant, pos, turn);
            }
        });
        assert!(decided > 1000, "{birth:?}: only {decided} parts resolved from attacks");
    }
}

/// A turn played on the replay's one position (`Notation::resolve_and_play_in_place`)
/// is the turn the copy resolves, and leaves the position `play` gives; a turn it
/// gives back, or a wrong one, leaves the position untouched. Turns of one move of
/// seeded random games, written canonically and from square to square, and turns
/// no unit can play.
#[test]
fn a_turn_played_in_place_is_the_one_played_on_a_copy() {
    use super::trust_tests::turn_token;
    for birth in [Birth::Fizzle, Birth::Strike] {
        let variant = BubbleFizz::new(birth);
        let (mut in_place, mut given_back) = (0, 0);
        random_positions(&variant, 8, |pos, turns| {
            let in_check = variant.is_check(pos);
            let singles = turns.iter().filter(|t| matches!(t, Turn::Move(_))).step_by(turns.len() / 30 + 1);
            for turn in singles {
                let Turn::Move(mv) = turn else { continue };
                let text = variant.write_turn(pos, turn).expect("a decided notation");
                let promotion = mv.promotion.map(|r| r.letter().to_string()).unwrap_or_default();
                let forms = [text.clone(), format!("{}{}{promotion}", mv.from, mv.to), "Kxa1".to_string()];
                for form in forms {
                    let token = turn_token(&form);
                    let mut here = pos.clone();
                    let mut canonical = String::from("left over");
                    match variant.resolve_and_play_in_place(&mut here, Some(in_check), &token, &mut canonical) {
                        Some(Ok(played)) => {
                            assert_eq!(&played, turn, "`{form}` in {pos:?}");
                            assert_eq!(here, variant.play(pos, turn), "`{form}` in {pos:?}");
                            in_place += 1;
                        }
                        Some(Err(e)) => panic!("`{form}` refused in place: {e:?}"),
                        None => {
                            assert_eq!(&here, pos, "`{form}` given back");
                            // No text of a half-resolved part is left behind.
                            let left = canonical.as_str();
                            assert!(left.is_empty() || left == "left over", "`{form}` given back with `{left}`");
                            given_back += 1;
                        }
                    }
                }
            }
        });
        assert!(in_place > 500 && given_back > 500, "{birth:?}: {in_place} in place, {given_back} given back");
    }
}
