//! Bubble Fizz notation (F11): the moves of one turn joined by `&`, each SAN in the
//! position the moves before it left (`Nf3 & Bd3+`), the check mark once, last.
//! Every part is resolved against the moves that may come next in the turn; a part
//! that fits none is explained in plain words naming squares.

use super::generate::{self, next_moves, playable_moves};
use super::safety;
use super::turn_state::TurnState;
use super::{BubbleFizz, TERRAIN};
use crate::record::ast::{SanToken, TurnPart, TurnToken};
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::refusal;
use crate::rules::san::{self, move_text, WrittenMove};
use crate::rules::{Move, Position, ResolveError, Resolved, Role, Turn, Wing};
use crate::variants::prelude::*;

/// Resolves a written turn part by part.
pub(super) fn resolve(variant: &BubbleFizz, pos: &Position, token: &TurnToken) -> Result<Resolved, ResolveError> {
    let parts = token.parts().len();
    let mut st = TurnState::begin(pos);
    let mut moves = Vec::with_capacity(parts);
    let mut texts = Vec::with_capacity(parts);
    // A last move after which nothing can follow was checked for F7 with its peers.
    let mut known_safe = false;
    for (i, part) in token.parts().iter().enumerate() {
        let san = match &part.value {
            TurnPart::Bomb(_) => return Err(ResolveError::illegal("bombs exist only in Tilting the Balance")),
            TurnPart::Move { bounce: Some(_), .. } => {
                return Err(ResolveError::illegal("bounces exist only in Bouncing Pieces"))
            }
            TurnPart::Move { san, bounce: None } => san,
        };
        let last = i + 1 == parts;
        let (mv, text) = resolve_part(variant, &st, san, last)?;
        if parts > 1 && mv.capture {
            // F6: all moves of a turn of several moves are non-capturing.
            return Err(ResolveError::illegal(format!("a turn of several moves may not capture: {text}")));
        }
        known_safe = last && !generate::may_continue_after(&st, &mv);
        st.apply(&mv, variant.birth);
        moves.push(mv);
        texts.push(text);
    }
    if !known_safe && !safety::safe_at_end(&st) {
        return Err(ResolveError::Illegal(safety::exposed_king(&st)));
    }
    let turn = generate::turn_of(&moves).ok_or_else(|| ResolveError::illegal("a turn needs at least one move"))?;
    Ok(Resolved { turn, canonical: texts.join(" & ") })
}

/// Resolves one part against the moves that may come next; `last` narrows an
/// ambiguity to the moves after which the turn may end.
fn resolve_part(
    variant: &BubbleFizz,
    st: &TurnState,
    san: &SanToken,
    last: bool,
) -> Result<(Move, String), ResolveError> {
    let written = WrittenMove::read_in(san, &st.pos)?;
    let peers = playable_moves(st, variant.birth, MoveFilter { role: Some(written.role), to: written.to() });
    let mut fitting = written.fitting(&peers);
    if fitting.len() > 1 && last {
        let ends_safe = |m: &Move| {
            let mut next = st.clone();
            next.apply(m, variant.birth);
            safety::safe_at_end(&next)
        };
        if fitting.iter().filter(|m| ends_safe(m)).count() == 1 {
            fitting.retain(ends_safe);
        }
    }
    match fitting.as_slice() {
        [mv] => Ok((*mv, move_text(mv, &peers))),
        [] => Err(ResolveError::Illegal(refusal(variant, st, san, &written))),
        many => Err(ResolveError::Ambiguous(many.iter().map(|m| move_text(m, &peers)).collect())),
    }
}

/// Canonical notation of a legal turn with its check mark (F11).
pub(super) fn write_turn(variant: &BubbleFizz, pos: &Position, turn: &Turn) -> String {
    let mut st = TurnState::begin(pos);
    let mut texts = Vec::with_capacity(turn.moves().len());
    for mv in turn.moves() {
        texts.push(part_text(variant, &st, mv));
        st.apply(mv, variant.birth);
    }
    texts.join(" & ") + san::check_mark(variant, &variant.play(pos, turn))
}

/// SAN of one part, disambiguated against the other moves that may come next.
fn part_text(variant: &BubbleFizz, st: &TurnState, mv: &Move) -> String {
    if mv.role == Role::Pawn || mv.is_castle() {
        return move_text(mv, &[]);
    }
    let peers = playable_moves(st, variant.birth, MoveFilter { role: Some(mv.role), to: Some(mv.to) });
    move_text(mv, &peers)
}

/// "paused for 2 more turns" (F5: the turns of its side it still sits out).
pub(super) fn paused_for(counter: u8) -> String {
    match counter {
        1 => "paused for 1 more turn".to_string(),
        n => format!("paused for {n} more turns"),
    }
}

/// Why no move that may come next fits the written part.
fn refusal(variant: &BubbleFizz, st: &TurnState, san: &SanToken, written: &WrittenMove) -> String {
    if let SanToken::Castle { long } = san {
        return castling_refusal(variant, st, Wing::of_long(*long));
    }
    let filter = MoveFilter { role: Some(written.role), to: written.to() };
    if let Some(reason) = blocked_move(variant, st, written, filter) {
        return reason;
    }
    written.refusal(variant, &st.pos, &playable_moves(st, variant.birth, filter))
}

/// Explains a written move that some unit could make on the board but not now:
/// paused (F5), already moved or not invigorated (F6), a capture in a turn of several
/// moves (F6), or a king left capturable (F7).
fn blocked_move(variant: &BubbleFizz, st: &TurnState, written: &WrittenMove, filter: MoveFilter) -> Option<String> {
    let pos = &st.pos;
    if let Some(reason) = paused_unit(pos, written, filter) {
        return Some(reason);
    }
    let mut pseudo = Vec::new();
    movegen::pseudo_moves(pos, &TERRAIN, filter, &mut pseudo);
    let fitting = written.fitting(&pseudo);
    let mv = fitting.first()?;
    let (role, from) = (mv.role.name(), mv.from);
    if !st.may_move(from) {
        let side = pos.turn().name();
        return Some(if st.moved.contains(from) {
            format!("the {role} on {from} has already moved this turn")
        } else if st.captured {
            "a capture ends the turn: a turn of several moves may not capture".to_string()
        } else {
            format!("the {role} on {from} is not invigorated, and {side} has already made its ordinary move this turn")
        });
    }
    if mv.capture && st.count > 0 {
        return Some(format!("a turn of several moves may not capture: {}", move_text(mv, &fitting)));
    }
    let mut next = st.clone();
    next.apply(mv, variant.birth);
    Some(safety::exposed_king(&next))
}

/// A paused unit that would otherwise make the written move (F5).
fn paused_unit(pos: &Position, written: &WrittenMove, filter: MoveFilter) -> Option<String> {
    let fitting = written.fitting(&moves_of_paused_units(pos, filter));
    fitting.first().map(|mv| paused_reason(pos, mv))
}

/// The moves that paused units of the side to move would have, were they free.
fn moves_of_paused_units(pos: &Position, filter: MoveFilter) -> Vec<Move> {
    let mut freed = pos.clone();
    for sq in &pos.board().occupied_by(pos.turn()) {
        freed.board_mut().set_counter(sq, None);
    }
    let mut moves = Vec::new();
    movegen::pseudo_moves(&freed, &TERRAIN, filter, &mut moves);
    moves.retain(|m| movegen::is_immobile(pos.board(), m.from));
    moves
}

/// "the bishop on f8 is paused for 2 more turns"
fn paused_reason(pos: &Position, mv: &Move) -> String {
    let counter = pos.board().counter(mv.from).unwrap_or(0);
    format!("the {} on {} is {}", mv.role.name(), mv.from, paused_for(counter))
}

/// Why castling on `wing` cannot be played now.
fn castling_refusal(variant: &BubbleFizz, st: &TurnState, wing: Wing) -> String {
    let pos = &st.pos;
    let which = wing.notation();
    let side = pos.turn().name();
    let (Some(rook), Some(king)) = (pos.castling().rook(pos.turn(), wing), pos.board().king(pos.turn())) else {
        return format!("{side} has no right to castle {which}");
    };
    for (sq, role) in [(king, Role::King), (rook, Role::Rook)] {
        if let Some(counter) = pos.board().counter(sq).filter(|&c| c > 0) {
            return format!("{which} is not legal here: the {} on {sq} is {}", role.name(), paused_for(counter));
        }
    }
    if !st.may_move(king) {
        return format!("{which} is not legal here: the king may not move again this turn");
    }
    let mut moves = Vec::new();
    next_moves(st, MoveFilter { role: Some(Role::King), to: None }, &mut moves);
    if let Some(mv) =
        moves.iter().find(|m| matches!(m.kind, crate::rules::MoveKind::Castle { wing: w, .. } if w == wing))
    {
        let mut next = st.clone();
        next.apply(mv, variant.birth);
        return safety::exposed_king(&next);
    }
    // F6, F8: the orthodox conditions, paused units attacking nothing.
    refusal::castling(pos, &TERRAIN.castling, &TERRAIN, wing)
}

/// Why no legal move of `role` reaches `to` at the start of a turn (paused units,
/// king safety), for the shared SAN refusal.
pub(super) fn unreachable(variant: &BubbleFizz, pos: &Position, written: &WrittenMove<'_>) -> Option<String> {
    let filter = MoveFilter { role: Some(written.role), to: written.to() };
    if let Some(mv) = moves_of_paused_units(pos, filter).iter().find(|m| written.fits(m)) {
        return Some(paused_reason(pos, mv));
    }
    let st = TurnState::begin(pos);
    let mut moves = Vec::new();
    next_moves(&st, filter, &mut moves);
    let playable = playable_moves(&st, variant.birth, filter);
    let mv = moves.iter().find(|m| written.fits(m) && !playable.contains(m))?;
    let mut next = st.clone();
    next.apply(mv, variant.birth);
    Some(safety::exposed_king(&next))
}
