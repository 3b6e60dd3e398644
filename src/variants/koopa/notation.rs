//! How a written Koopa turn is found (K10: ordinary SAN, a capture naming the struck
//! square). A move that captures nothing is legal for every unstunned unit that can make
//! it (K1: there is no check), so it is found from the attacks on its square, as in
//! chess; a capture, whose legality depends on where its bounce or kick ends (K1), and
//! everything the attacks do not decide are found among the listed legal moves.

use super::{refusals, Koopa, TERRAIN};
use crate::record::ast::{SanToken, TurnPart, TurnToken};
use crate::rules::legal::Arena;
use crate::rules::refusal::Refusal;
use crate::rules::san::{self, WrittenMove};
use crate::rules::san_from_attacks;
use crate::rules::{Move, Position, ResolveError, Turn};

/// Resolves a written turn, its canonical text written into `canonical` (emptied
/// first).
pub(super) fn resolve_into(
    variant: &Koopa,
    pos: &Position,
    token: &TurnToken,
    canonical: &mut String,
) -> Result<Turn, ResolveError> {
    let turn = resolve_turn(variant, pos, token, canonical)?;
    san::write_if_as_written(token, canonical);
    Ok(turn)
}

/// [`resolve_into`], but `canonical` left empty for a move written exactly as its
/// canonical text (as `Notation::resolve_into_knowing` may leave it).
pub(super) fn resolve_turn(
    variant: &Koopa,
    pos: &Position,
    token: &TurnToken,
    canonical: &mut String,
) -> Result<Turn, ResolveError> {
    if let Some(mv) = move_from_attacks(pos, token, canonical) {
        return Ok(Turn::Move(mv));
    }
    let result = san::resolve_single_move_into(variant, pos, token, canonical);
    let (Err(ResolveError::Illegal(_)), [part]) = (&result, token.parts()) else { return result };
    let TurnPart::Move { san: written, bounce: None } = &part.value else { return result };
    match needless_promotion(variant, pos, written) {
        Some(reason) => Err(ResolveError::Illegal(reason)),
        None => result,
    }
}

/// The move of a one-part token that captures nothing, when the attacks on its square
/// decide it ([`san_from_attacks::resolve_judged`]): every unstunned unit of its role
/// that reaches the square without capturing moves there legally, and the text is
/// disambiguated against them (or `canonical` left empty for a move written exactly as
/// that text). `None` for a capture, castling, an ambiguity, a refusal and what else the
/// listing explains; `canonical` is then left empty.
pub(super) fn move_from_attacks(pos: &Position, token: &TurnToken, canonical: &mut String) -> Option<Move> {
    let [part] = token.parts() else { return None };
    let TurnPart::Move { san, bounce: None } = &part.value else { return None };
    let written = WrittenMove::read_in(san, pos).ok()?;
    canonical.clear();
    // K1: no check, so the judge's verdict on the king is not needed (nor asked for).
    let arena = Arena::same(TERRAIN);
    let found = san_from_attacks::resolve_judged(pos, &arena, &written, Some(false), (canonical, true), |mv, _| {
        (!mv.capture).then_some(true)
    });
    if found.is_none() {
        canonical.clear();
    }
    found
}

/// K8: a promotion written on a move that does not reach the last rank, when the move
/// without it is legal.
fn needless_promotion(variant: &Koopa, pos: &Position, written: &SanToken) -> Option<Refusal> {
    let SanToken::Normal { piece: None, promotion: Some(_), .. } = written else { return None };
    let plain = strip_promotion(written);
    san::resolve_move(variant, pos, &plain)
        .ok()
        .map(|(mv, canonical)| Refusal::Koopa(refusals::needless_promotion(pos, &mv, canonical)))
}

/// The same written move without its promotion suffix.
fn strip_promotion(written: &SanToken) -> SanToken {
    match written {
        SanToken::Normal { piece, from_file, from_rank, capture, to, .. } => SanToken::Normal {
            piece: *piece,
            from_file: *from_file,
            from_rank: *from_rank,
            capture: *capture,
            to: *to,
            promotion: None,
            // Not the text written.
            plain: false,
        },
        other @ SanToken::Castle { .. } => other.clone(),
    }
}
