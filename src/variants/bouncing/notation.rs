//! Bouncing notation (B9): the move, then after a comma the bounce (`Re8, Kg8+`,
//! `Bh6, g7-f8`), the check mark last. A written bounce is matched against the
//! bounces that legally follow its move; one that cannot be made is explained by
//! where the unit would really go (B3, B10).

use super::generate::{self, bounce_destination, neighbours, occupied_after};
use super::safety::KingSafety;
use super::{Bouncing, TERRAIN};
use crate::geometry::{attacks, Delta, Square};
use crate::record::ast::{BounceToken, SanToken, TurnToken};
use crate::rules::legal::Arena;
use crate::rules::movegen::MoveFilter;
use crate::rules::refusal::{BounceCause, Refusal, UnitAt};
use crate::rules::san::{self, WrittenMove};
use crate::rules::san_from_attacks;
use crate::rules::{Bounce, Judged, Move, Position, ResolveError, Role, Turn};
use crate::variants::prelude::*;

/// Resolves a written turn: its move as SAN does, then its bounce, if written,
/// among the bounces that legally follow that move. The canonical notation is
/// written into `canonical` (emptied first), or `canonical` is left empty for a move
/// without a bounce written exactly as its canonical text, in plain form
/// ([`san::write_if_as_written`] then writes it). `in_check` says whether the side to
/// move stands in check, when the caller knows.
pub(super) fn resolve_into(
    variant: &Bouncing,
    pos: &Position,
    in_check: Option<bool>,
    token: &TurnToken,
    canonical: &mut String,
) -> Result<Turn, ResolveError> {
    let (san, written) = san::one_move_part(token)?;
    let written = written.map(|b| &b.value);
    let from_attacks = move_from_attacks(pos, san, in_check, canonical, written.is_none());
    if let (Some(mv), None) = (from_attacks, written) {
        // Legal alone: the turn needs no bounce, nor any further judge.
        return Ok(Turn::Move(mv));
    }
    // One judge of king safety for the whole turn: the moves listed to resolve the
    // move, then the turn written.
    let mut safety = KingSafety::new(pos);
    let mv = match from_attacks {
        Some(mv) => mv,
        None => move_from_listing(variant, pos, &mut safety, san, written, canonical)?,
    };
    let Some(written) = written else {
        if safety.allows(&mv) {
            return Ok(Turn::Move(mv));
        }
        return Err(ResolveError::Illegal(Refusal::Bouncing(needs_bounce(pos, &mut safety, &mv, canonical))));
    };
    let bounce = locate(pos, &mv, written).map_err(|c| ResolveError::Illegal(Refusal::Bouncing(c)))?;
    if !safety.allows_bounced(&mv, &bounce) {
        // B7: the only other reason a possible bounce is refused.
        let cause = BounceCause::BounceLeavesCheck {
            side: pos.turn(),
            bounce: bounce_text(pos, &bounce),
            mv: canonical.clone(),
        };
        return Err(ResolveError::Illegal(Refusal::Bouncing(cause)));
    }
    canonical.push_str(", ");
    push_bounce_text(pos, &bounce, canonical);
    Ok(Turn::Bounced(mv, bounce))
}

/// The move a token names when it is decided from attacks
/// ([`san_from_attacks::resolve_judged`]): every unit of the written role that reaches
/// the written square must move there legally alone, which needs no bounce (B7); a move
/// that leaves its king attacked alone may still be saved by a bounce, and then the
/// listing decides. Its canonical text is written into `canonical` (emptied first),
/// except when the token is a `whole_turn` (no bounce written after it) written exactly
/// as that text, in plain form: `canonical` is then left empty. `None` also for what
/// only the listing knows: in-place promotions (B5), castling, en passant, ambiguities
/// and refusals.
pub(super) fn move_from_attacks(
    pos: &Position,
    san: &SanToken,
    in_check: Option<bool>,
    canonical: &mut String,
    whole_turn: bool,
) -> Option<Move> {
    let written = WrittenMove::read_in(san, pos).ok()?;
    canonical.clear();
    let arena = Arena::same(TERRAIN);
    let whole = (&mut *canonical, whole_turn);
    let found =
        san_from_attacks::resolve_judged(pos, &arena, &written, in_check, whole, |_, alone| alone.then_some(true));
    if found.is_none() {
        canonical.clear();
    }
    found
}

/// The move a token names among the moves that begin a legal turn, alone or with a
/// bounce (B7), its canonical text written into `canonical`; or why none or several
/// fit, a written bounce that cannot be made at all named first (B10).
pub(super) fn move_from_listing(
    variant: &Bouncing,
    pos: &Position,
    safety: &mut KingSafety<'_>,
    san: &SanToken,
    written: Option<&BounceToken>,
    canonical: &mut String,
) -> Result<Move, ResolveError> {
    let listed = san::resolve_move_listing(variant, pos, san, canonical, |filter, sources, peers| {
        generate::legal_moves(pos, safety, filter, sources, peers);
    });
    listed.map_err(|refusal| {
        // B10: a bounce that cannot be made at all says more than "the move is illegal".
        written
            .and_then(|b| impossible_bounce(pos, san, b))
            .map_or(refusal, |c| ResolveError::Illegal(Refusal::Bouncing(c)))
    })
}

/// Canonical notation of a turn with its check mark, written last (B9).
pub(super) fn write_turn(variant: &Bouncing, pos: &Position, turn: &Turn) -> Judged<String> {
    let Turn::Bounced(mv, bounce) = turn else { return san::write_turn(variant, pos, turn) };
    let body = format!("{}, {}", variant.write_move(pos, mv), bounce_text(pos, bounce));
    Ok(body + san::check_mark(variant, &variant.play(pos, turn))?)
}

/// B9's canonical bounce: piece letter and destination for pieces (`Kg8`), from-to
/// for pawns (`g7-f8`). `pos` is the position before the turn; the move never
/// changes the unit on the bounce's start.
fn bounce_text(pos: &Position, bounce: &Bounce) -> String {
    let mut text = String::with_capacity(6);
    push_bounce_text(pos, bounce, &mut text);
    text
}

/// [`bounce_text`] appended to `text`.
fn push_bounce_text(pos: &Position, bounce: &Bounce, text: &mut String) {
    match pos.board().get(bounce.from) {
        Some(piece) if piece.role != Role::Pawn => text.push(piece.role.letter()),
        _ => {
            bounce.from.push_name(text);
            text.push('-');
        }
    }
    bounce.to.push_name(text);
}

/// The bounce a token names after `mv`, when one can be made on the board (B1-B3);
/// otherwise why not, naming where the unit would go.
fn locate(pos: &Position, mv: &Move, written: &BounceToken) -> Result<Bounce, BounceCause> {
    if mv.is_castle() {
        return Err(BounceCause::AfterCastling);
    }
    let (lands, to) = (mv.to, written.to);
    let from = match written.from {
        Some(from) if from == lands => return Err(BounceCause::BouncesItself { on: lands }),
        Some(from) if !neighbours(lands, from) => return Err(BounceCause::NotAdjacent { from, lands }),
        Some(from) => from,
        None => midpoint(lands, to)
            .filter(|sq| occupied_after(pos, mv, *sq))
            .ok_or(BounceCause::NoNeighbourFor { lands, to })?,
    };
    let Some(unit) = pos.board().get(from).filter(|_| occupied_after(pos, mv, from)) else {
        return Err(BounceCause::NoUnitOn { from });
    };
    if let Some(letter) = written.piece {
        let named = Role::from_letter(letter);
        if named != Some(unit.role) {
            return Err(BounceCause::WrongPiece { from, unit, named });
        }
    }
    match bounce_destination(lands, from) {
        None => Err(BounceCause::OffBoard { from, lands }),
        Some(dest) if dest != to => {
            Err(BounceCause::GoesElsewhere { from, lands, dest, to, dest_occupied: occupied_after(pos, mv, dest) })
        }
        Some(dest) if occupied_after(pos, mv, dest) => Err(BounceCause::Blocked { from, dest }),
        Some(dest) => Ok(Bounce { from, to: dest }),
    }
}

/// The square between `lands` and `to` when they are two steps apart on a line:
/// the only square from which a unit bounced by `lands` reaches `to` (B2).
fn midpoint(lands: Square, to: Square) -> Option<Square> {
    let d = lands.delta_to(to);
    let two_steps = d.files.abs() <= 2 && d.ranks.abs() <= 2 && d.files % 2 == 0 && d.ranks % 2 == 0;
    lands.step(Delta::new(d.files / 2, d.ranks / 2)).filter(|sq| two_steps && *sq != lands)
}

/// When the written move is illegal whatever follows it: the move it names among
/// the moves before king safety, and why its written bounce cannot be made, if so.
fn impossible_bounce(pos: &Position, san: &SanToken, written: &BounceToken) -> Option<BounceCause> {
    let named = WrittenMove::read(san).ok()?;
    let mut moves = Vec::new();
    generate::candidate_moves(pos, MoveFilter { role: Some(named.role), to: named.to() }, attacks::grid(), &mut moves);
    let [mv] = named.fitting(&moves)[..] else { return None };
    locate(pos, &mv, written).err()
}

/// Why a move written without a bounce is illegal although a bounce would save it
/// (B7): the turns of the move that are legal, each with its bounce.
fn needs_bounce(pos: &Position, safety: &mut KingSafety<'_>, mv: &Move, move_text: &str) -> BounceCause {
    let mut turns = Vec::new();
    generate::turns_of_move(pos, safety, mv, &mut Vec::new(), &mut turns);
    let options: Vec<String> = turns
        .iter()
        .filter_map(|t| match t {
            Turn::Bounced(_, b) => Some(format!("{move_text}, {}", bounce_text(pos, b))),
            _ => None,
        })
        .collect();
    BounceCause::NeedsBounce { side: pos.turn(), mv: move_text.to_string(), options }
}

/// Why no legal turn moves `role` to `to` although such a move exists before king
/// safety is judged (B7).
pub(super) fn unreachable(variant: &Bouncing, pos: &Position, written: &WrittenMove<'_>) -> Option<Refusal> {
    let role = written.role;
    let mut moves = Vec::new();
    generate::candidate_moves(pos, MoveFilter { role: Some(role), to: written.to() }, attacks::grid(), &mut moves);
    let mv = moves.iter().find(|m| written.fits(m))?;
    let (side, unit, to) = (pos.turn(), UnitAt { role, on: mv.from }, mv.to);
    Some(Refusal::Bouncing(if variant.is_check(pos) {
        BounceCause::CheckNotEnded { side, unit, to }
    } else {
        BounceCause::LeavesKingInCheck { side, unit, to }
    }))
}
