//! Refusals tell the true cause. Every legal move of random positions of each
//! variant with check is rewritten with a wrong source square (one where no unit of
//! that role stands, or one where a unit of that role stands but cannot make the
//! move); the refusal may then blame king safety only when a unit on the written
//! source could make the move but for its own king.

use crate::common;
use arbiter::record::parse_game;
use arbiter::rules::{Move, MoveKind, Position, ResolveError, Role, Turn};
use arbiter::variants::lookup;
use arbiter::variants::prelude::*;
use std::collections::BTreeMap;

/// Words that claim a king-safety cause, in every variant's refusals.
const KING_SAFETY_WORDS: [&str; 6] =
    ["pinned", "in check", "would attack", "expose", "could be captured", "capture the king"];

fn token_of(text: &str) -> arbiter::record::ast::TurnToken {
    let game = parse_game(&format!("{text}\n")).unwrap_or_else(|e| panic!("`{text}`: {}", e.message));
    game.line().first().unwrap().turn().clone()
}

/// A knight, bishop, rook, queen or king move written in long algebraic form from
/// `from`.
fn long_form(mv: &Move, from: arbiter::geometry::Square) -> String {
    let promotion = mv.promotion.map(|r| format!("={}", r.letter())).unwrap_or_default();
    format!("{}{from}{}{promotion}", mv.role.letter(), mv.to)
}

/// Whether a unit of the side to move and of `role` stands on `from`: only then may
/// a refusal of a move from there blame the king's safety.
fn unit_stands(pos: &Position, role: Role, from: arbiter::geometry::Square) -> bool {
    pos.board().get(from).is_some_and(|p| p.color == pos.turn() && p.role == role)
}

fn check_position(id: &str, variant: &dyn Variant, pos: &Position) -> usize {
    let mut turns = Vec::new();
    variant.legal_turns(pos, &mut turns);
    let mut checked = 0;
    for turn in &turns {
        let Turn::Move(mv) = turn else { continue };
        if mv.role == Role::Pawn || matches!(mv.kind, MoveKind::Castle { .. }) {
            continue;
        }
        let legal_sources: Vec<_> = turns
            .iter()
            .filter_map(|t| match t {
                Turn::Move(m) if m.role == mv.role && m.to == mv.to => Some(m.from),
                _ => None,
            })
            .collect();
        for from in pos.board().area().squares().filter(|sq| *sq != mv.to && !legal_sources.contains(sq)) {
            let text = long_form(mv, from);
            let reason = match variant.resolve(pos, &token_of(&text)) {
                Err(ResolveError::Illegal(reason)) => reason,
                Ok(resolved) => {
                    panic!("{id}: `{text}` resolved to {:?} in {}", resolved.turn, variant.write_snapshot(pos))
                }
                Err(ResolveError::Ambiguous(_)) => continue,
            };
            checked += 1;
            let blames_king = KING_SAFETY_WORDS.iter().any(|w| reason.contains(w));
            if blames_king {
                assert!(
                    unit_stands(pos, mv.role, from) && reason.contains(&from.to_string()),
                    "{id}: `{text}` is refused with a king-safety reason that is not true: {reason}\nin {}",
                    variant.write_snapshot(pos)
                );
            }
        }
    }
    checked
}

#[test]
fn wrong_sources_are_never_blamed_on_king_safety() {
    let games = common::env_number("ARBITER_REFUSAL_GAMES", 4u64);
    for id in ["chess", "tilting", "bouncing", "bellows", "bubble-fizz"] {
        let variant = lookup(id, &BTreeMap::new()).unwrap();
        let mut checked = 0;
        for game in 0..games {
            let mut pos = variant.start();
            let mut seed = (game + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            for ply in 0..40 {
                if ply % 4 == 3 {
                    checked += check_position(id, variant.as_ref(), &pos);
                }
                let mut turns = Vec::new();
                variant.legal_turns(&pos, &mut turns);
                if turns.is_empty() || variant.outcome(&pos).is_some() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = variant.play(&pos, &turns[(seed % turns.len() as u64) as usize]);
            }
        }
        assert!(checked > 100, "{id}: only {checked} refusals checked");
    }
}
