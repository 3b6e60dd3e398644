//! SAN resolution from attacks, for variants whose one-move turns are exactly the
//! orthodox legal moves of an [`Arena`] (chess, Tilting, Bellows): the units of the
//! written role that reach the destination (for pawns: from behind it or beside it),
//! each judged for king safety (pins, evasions in check), and the canonical text
//! written from the rivals that reach the same square legally. No move list is built.
//!
//! Only the plain case is decided here: one legal move fits the token. Castling, a
//! king that may still castle, ambiguity, refusals and a side with several kings are
//! left to the listing path (`san::resolve_move_listing`), which explains them.

use super::check::{slider_blockers, KingSafety};
use super::legal::Arena;
use super::movegen::{MoveFilter, PseudoMoves};
use super::san::{write_move_text_against, WrittenMove};
use super::{Color, Move, MoveKind, Position, Role};
use crate::geometry::{attacks, Square, SquareSet};
use crate::record::ast::SanToken;

/// The one legal move of `pos` that `written` means, its canonical text (without check
/// mark) written into `canonical` (emptied first); `None` when the token is not a plain
/// move that exactly one legal move fits (the listing path then decides, and explains).
/// `in_check` says whether the side to move stands in check, when the caller knows
/// (the replay does, from the last ply's check mark).
pub(super) fn resolve(
    pos: &Position,
    arena: &Arena,
    written: &WrittenMove<'_>,
    in_check: Option<bool>,
    canonical: &mut String,
) -> Option<Move> {
    let SanToken::Normal { from_file, from_rank, .. } = *written.token() else { return None };
    let to = written.to()?;
    let (role, us) = (written.role, pos.turn());
    if role == Role::King && pos.castling().rights().any(|(color, _, _)| color == us) {
        // `Kg1` may mean castling; the listing path weighs both.
        return None;
    }
    let promotes = role == Role::Pawn && to.rank() == arena.moves.pawns.last_rank_of(us);
    match (promotes, written.promotion()) {
        (true, Some(promotion)) if Role::PROMOTIONS.contains(&promotion) => {}
        (false, None) => {}
        _ => return None,
    }
    if pos.board().pieces_of(us, Role::King).len() > 1 {
        return None;
    }
    let generator = PseudoMoves::new(pos, &arena.moves, MoveFilter { role: Some(role), to: Some(to) });
    let mut candidates = generator.candidates();
    if role == Role::Pawn {
        // Pawns are not disambiguated against rivals: only those the token can mean.
        candidates = candidates & pawn_sources(to, us == Color::Black) & written.possible_sources();
    }
    let mut judge = Judge { pos, arena, king: pos.board().king(us), in_check, safety: None, pinned: None };
    let board = pos.board();
    let fits = |from: Square| from_file.is_none_or(|f| from.file() == f) && from_rank.is_none_or(|r| from.rank() == r);
    let mut legal_sources = SquareSet::EMPTY;
    let mut found: Option<Move> = None;
    for from in &candidates {
        let Some((_, reach)) = generator.reach(from) else { continue };
        let plain = (reach.contains(to) && judge.allows_plain(from, to)).then(|| {
            let kind = if role == Role::Pawn && to.rank().abs_diff(from.rank()) == 2 {
                MoveKind::DoubleStep
            } else {
                MoveKind::Normal
            };
            let promotion = if promotes { written.promotion() } else { None };
            Move { role, from, to, capture: !board.is_empty_at(to), promotion, kind }
        });
        let en_passant =
            if role == Role::Pawn { generator.en_passant(from).filter(|mv| judge.allows(mv)) } else { None };
        let mv = match (plain, en_passant) {
            (Some(mv), None) | (None, Some(mv)) => mv,
            (None, None) => continue,
            (Some(_), Some(_)) => return None,
        };
        legal_sources.insert(from);
        if fits(from) && !(written.is_pawn_push() && mv.capture) {
            if found.is_some() {
                return None;
            }
            found = Some(mv);
        }
    }
    let mv = found?;
    legal_sources.remove(mv.from);
    canonical.clear();
    write_move_text_against(&mv, legal_sources, canonical);
    Some(mv)
}

/// King safety for a mover with at most one king, asked only as far as needed: out of
/// check, a unit off every line through its king moves freely, and the pins are found
/// only for a unit on such a line; a king's step, a move in check and en passant are
/// judged by [`KingSafety`], made when first needed.
struct Judge<'a> {
    pos: &'a Position,
    arena: &'a Arena,
    king: Option<Square>,
    in_check: Option<bool>,
    safety: Option<KingSafety<'a>>,
    pinned: Option<SquareSet>,
}

impl<'a> Judge<'a> {
    fn safety(&mut self) -> &mut KingSafety<'a> {
        let (pos, threats) = (self.pos, self.arena.threats);
        self.safety.get_or_insert_with(|| KingSafety::within(pos, threats))
    }

    fn in_check(&mut self) -> bool {
        match self.in_check {
            Some(known) => known,
            None => {
                let known = self.safety().in_check();
                self.in_check = Some(known);
                known
            }
        }
    }

    /// Whether the plain move (neither en passant nor castling) of the unit on `from`
    /// to `to` leaves the mover's king safe.
    fn allows_plain(&mut self, from: Square, to: Square) -> bool {
        let Some(king) = self.king else { return true };
        if from == king || self.in_check() {
            return self.safety().safe_destinations(from, SquareSet::only(to)).contains(to);
        }
        let Some(line) = attacks::line_beyond(king, from) else { return true };
        let (pos, threats) = (self.pos, &self.arena.threats);
        let pinned =
            *self.pinned.get_or_insert_with(|| slider_blockers(pos.board(), &pos.craters(), threats, king, pos.turn()));
        !pinned.contains(from) || line.contains(to)
    }

    /// Whether any move (en passant included) leaves the mover's king safe.
    fn allows(&mut self, mv: &Move) -> bool {
        self.safety().allows(mv)
    }
}
/// The squares from which a pawn reaches `to`: beside it one rank back (a capture),
/// or one or two squares straight behind it (an advance); `black` for a pawn that
/// moves down the board.
fn pawn_sources(to: Square, black: bool) -> SquareSet {
    let back: i8 = if black { 1 } else { -1 };
    let mut sources = attacks::pawn_attacks(to, black);
    if let Some(one) = to.vertical(back) {
        sources.insert(one);
        if let Some(two) = one.vertical(back) {
            sources.insert(two);
        }
    }
    sources
}
