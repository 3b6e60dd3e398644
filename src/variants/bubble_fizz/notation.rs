//! Bubble Fizz notation (F11): the moves of one turn joined by `&`, each SAN in the
//! position the moves before it left (`Nf3 & Bd3+`), the check mark once, last.
//! Every part is resolved against the moves that may come next in the turn; a part
//! that fits none is explained in plain words naming squares.

use super::generate::{self, next_moves, playable_moves_into};
use super::safety::{self, QuickSafety};
use super::turn_state::TurnState;
use super::{BubbleFizz, TERRAIN};
use crate::geometry::SquareSet;
use crate::record::ast::{SanToken, TurnPart, TurnToken};
use crate::rules::legal::Arena;
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::refusal::{self, BubbleCause, CastlingCause, Refusal, UnitAt};
use crate::rules::san::{self, move_text, WrittenMove};
use crate::rules::san_from_attacks;
use crate::rules::{Judged, Move, Position, Question, ResolveError, Resolved, Role, Turn, Wing};
use crate::variants::prelude::*;

/// The orthodox board, where moves are made and attacks judged alike.
const ARENA: Arena = Arena::same(TERRAIN);

/// Resolves a written turn part by part.
pub(super) fn resolve(variant: &BubbleFizz, pos: &Position, token: &TurnToken) -> Result<Resolved, ResolveError> {
    let mut canonical = String::new();
    let turn = resolve_played(variant, pos, &mut TurnState::begin(pos), None, token, &mut canonical)?;
    san::write_if_as_written(token, &mut canonical);
    Ok(Resolved { turn, canonical })
}

/// Resolves a written turn part by part from `st`, the state at the start of the
/// turn in `pos`, writing its canonical notation into `canonical` (emptied first; left
/// empty for a turn of one move written exactly as its canonical notation, which
/// [`san::write_if_as_written`] then writes);
/// the turn, with its parts played in `st` (the position after it is that state
/// finished). `in_check` says whether the side to move stands in check, when the
/// caller knows.
///
/// A part whose one possible move only the search could call playable is first taken
/// on trust ([`Trust`]): the turn as written, ending legally, shows that the move
/// leads to a legal turn, which is all the search would have said. When the turn
/// fails anywhere after such a part, it is resolved again from the start without
/// trust, so that a refusal (or a question left undecided) is the one the search gives.
#[allow(
    clippy::inline_always,
    reason = "once per ply: out of line, the turn it resolved was copied through memory once more"
)]
#[inline(always)]
pub(super) fn resolve_played(
    variant: &BubbleFizz,
    pos: &Position,
    st: &mut TurnState<'_>,
    in_check: Option<bool>,
    token: &TurnToken,
    canonical: &mut String,
) -> Result<Turn, ResolveError> {
    let mut trust = Trust::Offered;
    match resolve_parts(variant, st, in_check, token, canonical, &mut trust) {
        Err(_) if trust == Trust::Taken => {
            st.restart(pos);
            resolve_parts(variant, st, in_check, token, canonical, &mut Trust::Refused)
        }
        resolved => resolved,
    }
}

/// A turn of one plain move resolved from attacks ([`part_from_attacks`]) and known
/// to leave the king safe at its end (F7), played on `pos` itself; `None`, with
/// `pos` as it was and `canonical` empty, for any other turn (nothing is searched
/// here, and nothing refused). `canonical` as in [`resolve_played`].
pub(super) fn resolve_in_place(
    variant: &BubbleFizz,
    pos: &mut Position,
    in_check: Option<bool>,
    token: &TurnToken,
    canonical: &mut String,
) -> Option<Turn> {
    let [part] = token.parts() else { return None };
    let TurnPart::Move { san, bounce: None } = &part.value else { return None };
    canonical.clear();
    let mut st = TurnState::begin_here(pos);
    let written = WrittenMove::read_in(san, &st.pos).ok()?;
    let resolved = part_from_attacks(variant, &st, &written, in_check, (canonical, true));
    let Some((mv, _)) = resolved.filter(|(mv, unattacked)| safe_at_end_after_last(&st, mv, *unattacked, false)) else {
        canonical.clear();
        return None;
    };
    st.apply(&mv, variant.birth);
    st.finish_in_place();
    Some(Turn::Move(mv))
}

/// Whether a part may be taken on trust (see [`resolve_played`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Trust {
    /// Not yet: a part whose one possible move needs the search may be.
    Offered,
    /// A part was: the turn must end legally as written, or be resolved again.
    Taken,
    /// Never: every part is resolved against the search.
    Refused,
}

/// [`resolve_played`] with the trust it may give, and gave.
pub(super) fn resolve_parts(
    variant: &BubbleFizz,
    st: &mut TurnState<'_>,
    in_check: Option<bool>,
    token: &TurnToken,
    canonical: &mut String,
    trust: &mut Trust,
) -> Result<Turn, ResolveError> {
    canonical.clear();
    let parts = token.parts().len();
    // The moves so far, as a turn (a turn of one or two moves allocates nothing).
    let mut turn: Option<Turn> = None;
    // Whether the king is known safe at the end (F7) after the last move.
    let mut known_safe = false;
    // Whether the side stands in check before the part being read, when known: given
    // for the first, and after a part resolved from attacks that left the king
    // unattacked, still unattacked (the rest of the move only pauses units).
    let mut in_check = in_check;
    for (i, part) in token.parts().iter().enumerate() {
        let san = match &part.value {
            TurnPart::Bomb(_) => return Err(san::belongs_to("a bomb", "Tilting the Balance", "tilting")),
            TurnPart::Move { bounce: Some(_), .. } => {
                return Err(san::belongs_to(san::BOUNCE, "Bouncing Pieces", "bouncing"))
            }
            TurnPart::Move { san, bounce: None } => san,
        };
        let last = i + 1 == parts;
        if i > 0 {
            canonical.push_str(" & ");
        }
        let text_at = canonical.len();
        let (mv, unattacked) = resolve_part(variant, st, (san, last, in_check), (canonical, parts == 1), trust)?;
        in_check = unattacked.then_some(false);
        if parts > 1 && mv.capture {
            // F6: all moves of a turn of several moves are non-capturing.
            let text = canonical.get(text_at..).unwrap_or_default().to_string();
            return Err(bubble(BubbleCause::SeveralMovesCapture { mv: text }));
        }
        known_safe = last && safe_at_end_after_last(st, &mv, unattacked, *trust == Trust::Taken);
        st.apply(&mv, variant.birth);
        turn = Some(turn.take().map_or(Turn::Move(mv), |turn| turn.then(mv)));
    }
    if !known_safe && !safety::safe_at_end(st) {
        return Err(ResolveError::Illegal(exposed_king(st)));
    }
    turn.ok_or_else(|| bubble(BubbleCause::EmptyTurn))
}

/// Whether the king is known safe at the end of the turn (F7) when `mv`, the turn's
/// last move, is played from `st`, without asking the board: the move leaves it
/// unattacked (the rest of the turn only pauses units), or nothing can follow the
/// move, which was then checked for F7 with its peers, unless it was taken on trust
/// (`trusted`: the end of the turn is checked instead).
fn safe_at_end_after_last(st: &TurnState, mv: &Move, unattacked: bool, trusted: bool) -> bool {
    unattacked || (!trusted && !generate::may_continue_after(st, mv))
}

/// Buffers one turn's parts are resolved with: the moves that may come next and fit
/// the part being read, and those of them the part can mean.
#[derive(Default)]
pub(super) struct PartScratch {
    /// The moves that may come next and fit the part's role and square.
    pub(super) peers: Vec<Move>,
    fitting: Vec<Move>,
}

thread_local! {
    /// The buffers of [`resolve_part`], kept by each thread from one part to the next
    /// so that a replay allocates none for them.
    static PART_SCRATCH: std::cell::Cell<PartScratch> =
        const { std::cell::Cell::new(PartScratch { peers: Vec::new(), fitting: Vec::new() }) };
}

/// Runs `work` with this thread's part buffers (fresh ones in a nested call).
fn with_part_scratch<R>(work: impl FnOnce(&mut PartScratch) -> R) -> R {
    let mut scratch = PART_SCRATCH.take();
    let result = work(&mut scratch);
    PART_SCRATCH.set(scratch);
    result
}

fn bubble(cause: BubbleCause) -> ResolveError {
    ResolveError::Illegal(Refusal::BubbleFizz(cause))
}

/// F7's refusal: "after this turn the white king on g6 could be captured by the king
/// on g8", for a turn whose end leaves the king attacked.
#[cold]
fn exposed_king(st: &TurnState) -> Refusal {
    let side = st.pos.turn();
    let (after, _) = st.clone().finish();
    let by = safety::attacker(&after, side).and_then(|on| after.board().get(on).map(|p| UnitAt { role: p.role, on }));
    Refusal::BubbleFizz(BubbleCause::KingCapturable { side, king: after.board().king(side), by })
}

/// Resolves one part against the moves that may come next, its canonical text
/// appended to `canonical` (or `canonical` left empty for a `whole_turn` written
/// exactly as that text, see [`san_from_attacks::resolve_judged`]); `last` narrows an ambiguity to the moves after which the
/// turn may end. A plain part is resolved from attacks when that decides it
/// ([`part_from_attacks`]), or its one possible move is taken on trust when `trust`
/// allows ([`trusted_part`]); otherwise the moves are listed. With the move, whether
/// it is known to leave the king unattacked (only a part resolved from attacks says).
fn resolve_part(
    variant: &BubbleFizz,
    st: &TurnState,
    (san, last, in_check): (&SanToken, bool, Option<bool>),
    (canonical, whole_turn): (&mut String, bool),
    trust: &mut Trust,
) -> Result<(Move, bool), ResolveError> {
    let written = WrittenMove::read_in(san, &st.pos)?;
    if let Some(found) = part_from_attacks(variant, st, &written, in_check, (canonical, whole_turn)) {
        return Ok(found);
    }
    let mv = trusted_or_listed_part(variant, st, (san, &written, last), canonical, trust)?;
    Ok((mv, false))
}

/// A part that attacks alone do not decide: its one possible move taken on trust when
/// `trust` allows ([`trusted_part`]), or the move of the listing ([`listed_part`]),
/// its text appended to `canonical`. Kept out of line: few parts come here, and the
/// buffers and states it works with would crowd the loop over the parts.
#[inline(never)]
fn trusted_or_listed_part(
    variant: &BubbleFizz,
    st: &TurnState,
    (san, written, last): (&SanToken, &WrittenMove<'_>, bool),
    canonical: &mut String,
    trust: &mut Trust,
) -> Result<Move, ResolveError> {
    with_part_scratch(|scratch| {
        if *trust != Trust::Refused {
            if let Some(mv) = trusted_part(st, san, written, scratch, canonical) {
                *trust = Trust::Taken;
                return Ok(mv);
            }
        }
        let mv = listed_part(variant, st, san, written, last, scratch)?;
        san::write_move_text(&mv, &scratch.peers, canonical);
        Ok(mv)
    })
}

/// The part resolved from attacks (`rules::san_from_attacks`), its text appended to
/// `canonical` (left empty for a whole turn written exactly so), when every move of the written role to the written square is decided
/// without a search: one that may not come next (F5, F6) is out; one that may is in
/// when the king is safe right after it, and out when it is not and no move can follow
/// it (as [`generate::playable_moves_into`] judges them). `None` when a move needs
/// the search, or when the token is not one plain move that exactly one of the moves
/// kept fits: the listing then decides, and explains.
///
/// With the move, whether the king stands unattacked on the board right after it. It
/// stays so once the move is played: bubbles never block, and entries and births only
/// pause units. So the next part may skip asking whether the side is in check.
pub(super) fn part_from_attacks(
    variant: &BubbleFizz,
    st: &TurnState,
    written: &WrittenMove<'_>,
    in_check: Option<bool>,
    canonical: (&mut String, bool),
) -> Option<(Move, bool)> {
    if !st.may_continue() {
        return None;
    }
    let first = st.count == 0;
    let mut quick = QuickSafety::new(st, variant.birth);
    // The units whose move was judged to leave the king unattacked.
    let mut unattacked = SquareSet::EMPTY;
    let mv = san_from_attacks::resolve_judged(&st.pos, &ARENA, written, in_check, canonical, |mv, allowed| {
        if !st.may_move(mv.from) || (!first && mv.capture) {
            return Some(false);
        }
        if allowed {
            unattacked.insert(mv.from);
        }
        match quick.verdict(allowed) {
            Some(true) => Some(true),
            Some(false) if !generate::may_continue_after(st, mv) => Some(false),
            _ => None,
        }
    })?;
    Some((mv, unattacked.contains(mv.from)))
}

/// The part's move when the written token fits exactly one of the moves that may
/// come next (before asking whether they lead to a legal turn) and every such move of
/// its role to its square starts from that one unit, so that no rival can change its
/// text; its text is appended to `canonical`. Castling is left to the listing.
fn trusted_part(
    st: &TurnState,
    san: &SanToken,
    written: &WrittenMove<'_>,
    scratch: &mut PartScratch,
    canonical: &mut String,
) -> Option<Move> {
    if matches!(san, SanToken::Castle { .. }) {
        return None;
    }
    let PartScratch { peers, fitting } = scratch;
    peers.clear();
    next_moves(st, MoveFilter { role: Some(written.role), to: written.to() }, peers);
    fitting.clear();
    written.fitting_into(peers, fitting);
    let [mv] = fitting.as_slice() else { return None };
    if peers.iter().any(|p| p.from != mv.from || p.is_castle()) {
        return None;
    }
    san::write_move_text(mv, peers, canonical);
    Some(*mv)
}

/// Resolves one part against the listed moves that may come next (left in
/// `scratch.peers`, for its canonical text).
pub(super) fn listed_part(
    variant: &BubbleFizz,
    st: &TurnState,
    san: &SanToken,
    written: &WrittenMove<'_>,
    last: bool,
    scratch: &mut PartScratch,
) -> Result<Move, ResolveError> {
    let PartScratch { peers, fitting } = scratch;
    playable_into(variant, st, MoveFilter { role: Some(written.role), to: written.to() }, peers)?;
    fitting.clear();
    written.fitting_into(peers, fitting);
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
        [mv] => Ok(*mv),
        [] => Err(ResolveError::Illegal(refusal(variant, st, san, written, peers))),
        many => Err(ResolveError::Ambiguous(many.iter().map(|m| move_text(m, peers)).collect())),
    }
}

/// The moves fitting `filter` that may come next and lead to a legal turn, or why the
/// search could not tell within the variant's budget.
fn playable(variant: &BubbleFizz, st: &TurnState, filter: MoveFilter) -> Judged<Vec<Move>> {
    let mut moves = Vec::new();
    playable_into(variant, st, filter, &mut moves)?;
    Ok(moves)
}

/// [`playable`] into `moves`, a buffer kept from part to part.
fn playable_into(variant: &BubbleFizz, st: &TurnState, filter: MoveFilter, moves: &mut Vec<Move>) -> Judged<()> {
    variant
        .ask(|memo| playable_moves_into(st, variant.birth, filter, memo, moves))
        .map_err(|over| over.undecided(st.pos.turn(), Question::NextMoves))
}

/// Canonical notation of a legal turn with its check mark (F11).
pub(super) fn write_turn(variant: &BubbleFizz, pos: &Position, turn: &Turn) -> Judged<String> {
    let mut st = TurnState::begin(pos);
    let mut texts = Vec::with_capacity(turn.moves().len());
    for mv in turn.moves() {
        texts.push(part_text(variant, &st, mv)?);
        st.apply(mv, variant.birth);
    }
    Ok(texts.join(" & ") + san::check_mark(variant, &variant.play(pos, turn))?)
}

/// SAN of one part, disambiguated against the other moves that may come next.
fn part_text(variant: &BubbleFizz, st: &TurnState, mv: &Move) -> Judged<String> {
    if mv.role == Role::Pawn || mv.is_castle() {
        return Ok(move_text(mv, &[]));
    }
    let peers = playable(variant, st, MoveFilter { role: Some(mv.role), to: Some(mv.to) })?;
    Ok(move_text(mv, &peers))
}

/// Why no move that may come next fits the written part (`peers`: the playable moves
/// of its role to its square).
fn refusal(variant: &BubbleFizz, st: &TurnState, san: &SanToken, written: &WrittenMove, peers: &[Move]) -> Refusal {
    if let SanToken::Castle { long } = san {
        return castling_refusal(variant, st, Wing::of_long(*long));
    }
    let filter = MoveFilter { role: Some(written.role), to: written.to() };
    if let Some(reason) = blocked_move(variant, st, written, filter) {
        return reason;
    }
    written.refusal(variant, &st.pos, peers)
}

/// Explains a written move that some unit could make on the board but not now:
/// paused (F5), already moved or not invigorated (F6), a capture in a turn of several
/// moves (F6), or a king left capturable (F7).
fn blocked_move(variant: &BubbleFizz, st: &TurnState, written: &WrittenMove, filter: MoveFilter) -> Option<Refusal> {
    let pos = &st.pos;
    if let Some(reason) = paused_unit(pos, written, filter) {
        return Some(reason);
    }
    let mut pseudo = Vec::new();
    movegen::pseudo_moves(pos, &TERRAIN, filter, &mut pseudo);
    let fitting = written.fitting(&pseudo);
    let mv = fitting.first()?;
    let unit = UnitAt { role: mv.role, on: mv.from };
    if !st.may_move(unit.on) {
        return Some(Refusal::BubbleFizz(if st.moved.contains(unit.on) {
            BubbleCause::AlreadyMoved { unit }
        } else if st.captured {
            BubbleCause::CaptureEndedTurn
        } else {
            BubbleCause::NotInvigorated { unit, side: pos.turn() }
        }));
    }
    if mv.capture && st.count > 0 {
        return Some(Refusal::BubbleFizz(BubbleCause::SeveralMovesCapture { mv: move_text(mv, &fitting) }));
    }
    let mut next = st.clone();
    next.apply(mv, variant.birth);
    Some(exposed_king(&next))
}

/// A paused unit that would otherwise make the written move (F5).
fn paused_unit(pos: &Position, written: &WrittenMove, filter: MoveFilter) -> Option<Refusal> {
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
fn paused_reason(pos: &Position, mv: &Move) -> Refusal {
    let turns = pos.board().counter(mv.from).unwrap_or(0);
    Refusal::BubbleFizz(BubbleCause::Paused { unit: UnitAt { role: mv.role, on: mv.from }, turns })
}

/// Why castling on `wing` cannot be played now.
fn castling_refusal(variant: &BubbleFizz, st: &TurnState, wing: Wing) -> Refusal {
    let pos = &st.pos;
    let castling = |cause| Refusal::Castling { wing, cause };
    let (Some(rook), Some(king)) = (pos.castling().rook(pos.turn(), wing), pos.board().king(pos.turn())) else {
        return castling(CastlingCause::NoRight { side: pos.turn() });
    };
    for (on, role) in [(king, Role::King), (rook, Role::Rook)] {
        if let Some(turns) = pos.board().counter(on).filter(|&c| c > 0) {
            return castling(CastlingCause::Paused { unit: UnitAt { role, on }, turns });
        }
    }
    if !st.may_move(king) {
        return castling(CastlingCause::KingMovedThisTurn);
    }
    let mut moves = Vec::new();
    next_moves(st, MoveFilter { role: Some(Role::King), to: None }, &mut moves);
    if let Some(mv) =
        moves.iter().find(|m| matches!(m.kind, crate::rules::MoveKind::Castle { wing: w, .. } if w == wing))
    {
        let mut next = st.clone();
        next.apply(mv, variant.birth);
        return exposed_king(&next);
    }
    // F6, F8: the orthodox conditions, paused units attacking nothing.
    refusal::castling(pos, &TERRAIN.castling, &TERRAIN, wing)
}

/// Why no legal move of `role` reaches `to` at the start of a turn (paused units,
/// king safety), for the shared SAN refusal.
pub(super) fn unreachable(variant: &BubbleFizz, pos: &Position, written: &WrittenMove<'_>) -> Option<Refusal> {
    let filter = MoveFilter { role: Some(written.role), to: written.to() };
    if let Some(mv) = moves_of_paused_units(pos, filter).iter().find(|m| written.fits(m)) {
        return Some(paused_reason(pos, mv));
    }
    let st = TurnState::begin(pos);
    let mut moves = Vec::new();
    next_moves(&st, filter, &mut moves);
    // Only asked once resolving found no playable move, so the search has answered
    // this very question within the budget already.
    let playable = playable(variant, &st, filter).ok()?;
    let mv = moves.iter().find(|m| written.fits(m) && !playable.contains(m))?;
    let mut next = st.clone();
    next.apply(mv, variant.birth);
    Some(exposed_king(&next))
}
