//! SAN resolution from attacks, for variants whose one-move turns are exactly the
//! orthodox legal moves of an [`Arena`] (chess, Tilting, Bellows): the units of the
//! written role that reach the destination (for pawns: from behind it or beside it),
//! each judged for king safety (pins, evasions in check), and the canonical text
//! written from the rivals that reach the same square legally. No move list is built.
//!
//! Only the plain case is decided here: one legal move fits the token (castling
//! written `O-O` or `O-O-O` included, found by `legal::legal_castling`). A king move
//! that may mean castling, ambiguity, refusals and a side with several kings are left
//! to the listing path (`san::resolve_move_listing`), which explains them.
//!
//! Bubble Fizz resolves a part of a turn the same way ([`resolve_judged`]): its
//! candidates are the same pseudo-legal moves, and the variant decides from the king's
//! safety right after each move whether it may come next (F6, F7).

use super::check::KingSafety;
use super::legal::{legal_castling, Arena};
use super::movegen::{last_rank_set, BoardView};
use super::san::{self, write_move_text_against, WrittenMove};
use super::{Color, Move, MoveKind, Position, Role, Wing};
use crate::geometry::{attacks, Square, SquareSet};
use crate::record::ast::SanToken;

/// The one legal move of `pos` that `written` means, its canonical text (without check
/// mark) written into `canonical` (emptied first), or `canonical` left empty when the
/// token, read in plain form, is that text ([`is_written_canonically`]: its text is
/// then [`SanToken::write_plain`]); `None` when the token is not a plain move that
/// exactly one legal move fits (the listing path then decides, and explains).
/// `in_check` says whether the side to move stands in check, when the caller knows
/// (the replay does, from the last ply's check mark).
pub(super) fn resolve(
    pos: &Position,
    arena: &Arena,
    written: &WrittenMove<'_>,
    in_check: Option<bool>,
    canonical: &mut String,
) -> Option<Move> {
    canonical.clear();
    if let SanToken::Castle { long } = *written.token() {
        // `O-O` asks for no candidates: the one castling of its wing, if legal.
        let mv = legal_castling(pos, arena, Wing::of_long(long))?;
        write_move_text_against(&mv, SquareSet::EMPTY, canonical);
        return Some(mv);
    }
    resolve_judged(pos, arena, written, in_check, (canonical, true), |_, safe| Some(safe))
}

/// [`resolve`] for a variant whose plain moves are the arena's pseudo-legal moves,
/// kept or not by `keep`: it is given each move a unit of the written role can make to
/// the written square, with whether the move leaves the king unattacked on the board
/// right after it, and answers whether the move is one the token may mean (and a rival
/// for its text), or `None` when it cannot tell (the whole resolution then gives
/// `None`). The canonical text is appended to `canonical`, except when the token is a
/// `whole_turn` (a turn of this one move, `canonical` empty) written exactly as that
/// text, in plain form: `canonical` is then left empty, as [`resolve`] leaves it.
pub(crate) fn resolve_judged(
    pos: &Position,
    arena: &Arena,
    written: &WrittenMove<'_>,
    in_check: Option<bool>,
    (canonical, whole_turn): (&mut String, bool),
    keep: impl FnMut(&Move, bool) -> Option<bool>,
) -> Option<Move> {
    let mut rivals = SquareSet::EMPTY;
    let mv = find_judged(pos, arena, written, in_check, &mut rivals, keep)?;
    if !(whole_turn && canonical.is_empty() && is_written_canonically(written.token(), &mv, &rivals)) {
        write_move_text_against(&mv, rivals, canonical);
    }
    Some(mv)
}

/// Whether `token`, read in plain form ([`SanToken::is_plain`]) and resolved to `mv`
/// against `rivals`, is the canonical text of `mv` ([`write_move_text_against`]). Its
/// letter (an English one, none for a pawn), destination square and promotion are
/// `mv`'s already, as are the source coordinates it writes: what is left to compare is
/// which coordinates it writes, whether it names a piece (`g1f3` moves a knight
/// without naming it), and its capture mark.
#[inline]
fn is_written_canonically(token: &SanToken, mv: &Move, rivals: &SquareSet) -> bool {
    let SanToken::Normal { piece, from_file, from_rank, capture, plain: true, .. } = *token else { return false };
    let (file, rank) = san::source_written(mv, rivals);
    capture == mv.capture
        && piece.is_some() == (mv.role != Role::Pawn)
        && from_file.is_some() == file
        && from_rank.is_some() == rank
}

/// The move [`resolve_judged`] finds, its rivals put in `rivals` (empty on entry): the
/// squares of the other units of its role that the token might have meant (kept by
/// `keep`), against which its canonical text is disambiguated. The set is filled where
/// it lies: returned with the move, it was copied whole right after one of its words
/// was written, a stall (the copy waits for the write) that took more time than the
/// canonical text the caller may spare.
fn find_judged(
    pos: &Position,
    arena: &Arena,
    written: &WrittenMove<'_>,
    in_check: Option<bool>,
    rivals: &mut SquareSet,
    mut keep: impl FnMut(&Move, bool) -> Option<bool>,
) -> Option<Move> {
    let SanToken::Normal { from_file, from_rank, .. } = *written.token() else { return None };
    let to = written.to()?;
    let (role, us, board) = (written.role, pos.turn(), pos.board());
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
    let several_kings = board.pieces_of(us, Role::King).has_several();
    if several_kings || (role == Role::Pawn && pos.ep_square() == Some(to)) {
        // Several kings, or en passant: the listing path judges them.
        return None;
    }
    let (candidates, kind) = candidates(pos, arena, role, to)?;
    let mut judge = Judge { pos, arena, king: board.king(us), in_check, safety: None };
    let capture = !board.is_empty_at(to);
    let promotion = if promotes { written.promotion() } else { None };
    let fits = |from: Square| from_file.is_none_or(|f| from.file() == f) && from_rank.is_none_or(|r| from.rank() == r);
    let push_written = written.is_pawn_push();
    let mut found: Option<Move> = None;
    for from in &candidates {
        let mv = Move { role, from, to, capture, promotion, kind };
        if !keep(&mv, judge.allows_plain(from, to))? {
            continue;
        }
        rivals.insert(from);
        if fits(from) && !(push_written && capture) {
            if found.is_some() {
                return None;
            }
            found = Some(mv);
        }
    }
    let mv = found?;
    rivals.remove(mv.from);
    Some(mv)
}

/// The units of the side to move, of `role`, whose plain move (en passant aside) can
/// end on `to` as the shared generator moves them (inside the arena's area, craters
/// blocking, immobile units and inert pawns staying), with the kind of those moves;
/// `None` when no move can end there (the listing path explains why).
fn candidates(pos: &Position, arena: &Arena, role: Role, to: Square) -> Option<(SquareSet, MoveKind)> {
    let (board, us) = (pos.board(), pos.turn());
    let terrain = &arena.moves;
    let open = SquareSet::of_rect(terrain.area).difference(pos.craters());
    if !open.contains(to) || board.occupied_by(us).contains(to) {
        return None;
    }
    let movers = (board.pieces_of(us, role) & open).difference(board.immobile());
    let blockers = board.occupied() | attacks::grid().difference(open);
    let lines = match role {
        Role::Knight => return Some((movers & attacks::knight_attacks(to), MoveKind::Normal)),
        Role::King => return Some((movers & attacks::king_attacks(to), MoveKind::Normal)),
        Role::Pawn => return pawn_candidates(pos, arena, movers, blockers, to),
        Role::Bishop => attacks::bishop_lines(to),
        Role::Rook => attacks::rook_lines(to),
        Role::Queen => attacks::rook_lines(to) | attacks::bishop_lines(to),
    };
    // A slider reaches `to` when it stands on one of its lines with nothing between
    // (attacks are symmetric): the few on those lines are looked at one by one.
    let mut reaching = movers & lines;
    for from in &reaching {
        if attacks::between(from, to).intersects(blockers) {
            reaching.remove(from);
        }
    }
    Some((reaching, MoveKind::Normal))
}

/// [`candidates`] for pawns: those beside `to` one rank back when an enemy unit stands
/// there, else the one straight behind it (an advance, or a double step over a free
/// square from a rank that allows it).
fn pawn_candidates(
    pos: &Position,
    arena: &Arena,
    movers: SquareSet,
    blockers: SquareSet,
    to: Square,
) -> Option<(SquareSet, MoveKind)> {
    let us = pos.turn();
    let pawns = &arena.moves.pawns;
    let working = movers.difference(last_rank_set(&arena.moves, us));
    if pos.board().occupied_by(us.other()).contains(to) {
        return Some((working & attacks::pawn_attacks(to, us == Color::Black), MoveKind::Normal));
    }
    let one = to.vertical(-us.forward())?;
    if working.contains(one) {
        return Some((SquareSet::only(one), MoveKind::Normal));
    }
    let two = one.vertical(-us.forward()).filter(|_| !blockers.contains(one))?;
    let may_double = pawns.double_step_ranks.get(us.index()).is_some_and(|ranks| ranks & (1 << two.rank()) != 0);
    (may_double && working.contains(two)).then(|| (SquareSet::only(two), MoveKind::DoubleStep))
}

/// King safety for a mover with at most one king, asked only as far as needed: out of
/// check, a unit off every line through its king moves freely, and a pin is looked for
/// only along the line through a unit on one; a king's step is judged on a view of the
/// board after it, and a move in check by [`KingSafety`], made when first needed.
struct Judge<'a> {
    pos: &'a Position,
    arena: &'a Arena,
    king: Option<Square>,
    in_check: Option<bool>,
    safety: Option<KingSafety<'a>>,
}

impl<'a> Judge<'a> {
    fn safety(&mut self) -> &mut KingSafety<'a> {
        let (pos, threats) = (self.pos, self.arena.threats);
        self.safety.get_or_insert_with(|| KingSafety::within(pos, threats))
    }

    fn in_check(&mut self) -> bool {
        if let Some(known) = self.in_check {
            return known;
        }
        let known = self.safety().in_check();
        self.in_check = Some(known);
        known
    }

    /// Whether the plain move (neither en passant nor castling) of the unit on `from`
    /// to `to` leaves the mover's king safe.
    fn allows_plain(&mut self, from: Square, to: Square) -> bool {
        let Some(king) = self.king else { return true };
        if from == king {
            // The king's step, judged on a view of the board after it (the unit taken
            // on `to` attacks nothing), as `KingSafety` judges it.
            let (pos, threats) = (self.pos, &self.arena.threats);
            let units = pos.board().occupied().difference(SquareSet::only(from)) | SquareSet::only(to);
            let view = BoardView { board: pos.board(), units, captured: SquareSet::only(to) };
            return !view.is_attacked(&pos.craters(), threats, &threats.area, to, pos.turn().other());
        }
        if self.in_check() {
            return self.safety().safe_destinations(from, SquareSet::only(to)).contains(to);
        }
        let Some(dir) = attacks::direction_towards(king, from) else { return true };
        !self.is_pinned(king, from, dir) || attacks::ray(dir, king).contains(to)
    }

    /// Whether the mover's unit on `from`, in direction `dir` from its king, is pinned:
    /// nothing stands between them, and the first unit or wall beyond it on that line
    /// is an armed enemy slider that moves along it (as `check::slider_blockers` finds
    /// pins).
    fn is_pinned(&mut self, king: Square, from: Square, dir: usize) -> bool {
        let (pos, threats) = (self.pos, &self.arena.threats);
        let board = pos.board();
        let along = if attacks::is_orthogonal(dir) { Role::Rook } else { Role::Bishop };
        let sliders = board.occupied_by(pos.turn().other()) & (board.role_set(along) | board.role_set(Role::Queen));
        if !attacks::ray(dir, from).intersects(sliders) {
            // No enemy slider of that line beyond the unit: the common case, at once.
            return false;
        }
        let open = SquareSet::of_rect(threats.area).difference(pos.craters());
        if !open.contains(king) {
            return false;
        }
        let stops = board.occupied() | attacks::grid().difference(open);
        if attacks::between(king, from).intersects(stops) {
            return false;
        }
        let Some(sniper) = (attacks::ray_attacks(dir, from, stops) & stops).single() else { return false };
        sliders.contains(sniper) && open.contains(sniper) && !board.immobile().contains(sniper)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    //! The fast path against the listing it shortcuts, and check marks from the move
    //! against the whole board, on every move of seeded random games.

    use super::resolve;
    use crate::record::ast::{SanToken, TurnPart};
    use crate::record::parse_game;
    use crate::rules::san::{self, WrittenMove};
    use crate::rules::{Position, Turn};
    use crate::variants::lookup;
    use crate::variants::prelude::*;
    use crate::variants::tests::walk_random_games;

    /// The SAN token of a written move.
    pub(crate) fn token(text: &str) -> SanToken {
        let game = parse_game(&format!("{text} *")).expect("a move the parser reads");
        let ply = game.line().plies().next().expect("one ply");
        match &ply.turn().parts()[0].value {
            TurnPart::Move { san, .. } => san.clone(),
            TurnPart::Bomb(_) => panic!("a move, not a bomb"),
        }
    }

    /// Every legal move of `pos` (among its legal `turns`), written as SAN and from
    /// square to square, resolves by attacks (when it does) to the move and text the
    /// listing gives; a move written as its canonical text (in plain form, the parser
    /// says) leaves the text unwritten, as written, and one written otherwise never does.
    fn compare_at(variant: &dyn Variant, pos: &Position, turns: &[Turn], checked: &mut usize) {
        let Some(arena) = variant.orthodox_arena(pos) else { return };
        let in_check = variant.is_check(pos);
        for turn in turns {
            let Turn::Move(mv) = turn else { continue };
            let promotion = mv.promotion.map(|r| r.letter().to_string()).unwrap_or_default();
            let canonical = variant.write_move(pos, mv);
            for text in [canonical.clone(), format!("{}{}{promotion}", mv.from, mv.to)] {
                let san = token(&text);
                let mut listed = String::new();
                let expected = san::resolve_move_listing(variant, pos, &san, &mut listed, |filter, sources, peers| {
                    variant.legal_moves_to(pos, filter, sources, peers);
                });
                let written = WrittenMove::read_in(&san, pos).expect("a readable token");
                for known in [Some(in_check), None] {
                    let mut fast = String::new();
                    if let Some(found) = resolve(pos, &arena, &written, known, &mut fast) {
                        assert_eq!(Ok(found), expected, "`{text}` in {pos:?}");
                        assert_eq!(fast.is_empty(), text == canonical && !mv.is_castle(), "`{text}` in {pos:?}");
                        if fast.is_empty() {
                            san.write_plain(&mut fast);
                        }
                        assert_eq!(fast, listed, "`{text}` in {pos:?}");
                        *checked += 1;
                    }
                }
            }
            let after = variant.play(pos, turn);
            if let Some(check) = variant.check_by_move(&after, mv) {
                assert_eq!(check, variant.is_check(&after), "check by {mv:?} in {pos:?}");
            }
        }
    }

    /// `O-O` and `O-O-O` in `pos` resolve by attacks exactly when the listing finds
    /// them legal, to the same move and text; the number of castlings resolved.
    fn compare_castling_at(variant: &dyn Variant, pos: &Position) -> usize {
        let Some(arena) = variant.orthodox_arena(pos) else { return 0 };
        let mut resolved = 0;
        for text in ["O-O", "O-O-O"] {
            let san = token(text);
            let mut listed = String::new();
            let expected = san::resolve_move_listing(variant, pos, &san, &mut listed, |filter, sources, peers| {
                variant.legal_moves_to(pos, filter, sources, peers);
            });
            let written = WrittenMove::read_in(&san, pos).expect("a readable token");
            let mut fast = String::new();
            let found = resolve(pos, &arena, &written, None, &mut fast);
            assert_eq!(found.is_some(), expected.is_ok(), "`{text}` in {pos:?}");
            if let Some(found) = found {
                assert_eq!(Ok(found), expected, "`{text}` in {pos:?}");
                assert_eq!(fast, listed, "`{text}` in {pos:?}");
                resolved += 1;
            }
        }
        resolved
    }

    #[test]
    fn castling_from_attacks_agrees_with_the_listing() {
        let chess = lookup("chess", &std::collections::BTreeMap::new()).expect("chess");
        // Free paths, a path through an attacked square, castling out of check, a
        // rook attacked (still legal), and Chess960 rooks beside the king.
        let positions = [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K1qR w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1",
            "1r2k2r/8/8/8/8/8/1q6/R3K2R w KQk - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "nrk1r3/8/8/8/8/8/8/NRK1R3 w BEbe - 0 1",
        ];
        let mut resolved = 0;
        for fen in positions {
            let pos = chess.read_snapshot(fen).expect("a snapshot");
            resolved += compare_castling_at(chess.as_ref(), &pos);
        }
        for id in ["chess", "tilting", "bellows"] {
            let variant = lookup(id, &std::collections::BTreeMap::new()).expect("a variant");
            walk_random_games(variant.as_ref(), 40, 80, |pos, _, _| {
                resolved += compare_castling_at(variant.as_ref(), pos);
            });
        }
        assert!(resolved > 20, "only {resolved} castlings resolved by attacks");
    }

    #[test]
    fn resolution_from_attacks_agrees_with_the_listing() {
        for id in ["chess", "tilting", "bellows"] {
            let variant = lookup(id, &std::collections::BTreeMap::new()).expect("a variant");
            let mut checked = 0;
            walk_random_games(variant.as_ref(), 12, 60, |pos, turns, _| {
                compare_at(variant.as_ref(), pos, turns, &mut checked);
            });
            assert!(checked > 1000, "{id}: only {checked} moves resolved by attacks");
        }
    }
}
