//! Standard algebraic notation: resolving written moves against a position and
//! writing legal moves canonically. Variants with extra notation (bombs, bounces,
//! multi-move turns) build on these pieces.

use super::movegen::MoveFilter;
use super::refusal::{self, Refusal};
use super::{Judged, Move, MoveKind, Notation, Position, ResolveError, Resolved, Role, Turn, Wing};
use crate::geometry::{attacks, Rect, Square, SquareSet, MAX_FILES, MAX_RANKS};
use crate::record::ast::{BounceToken, Destination, SanToken, Spanned, TurnPart, TurnToken};
use std::cell::Cell;

/// Byte-wise equality of two short texts, without a call into the C library
/// (notation tokens are a few bytes; `memcmp` costs more than the comparison).
pub fn same_text(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// Resolves a turn that must be one plain move (orthodox chess and the variants
/// without extra notation).
pub fn resolve_single_move<V: Notation + ?Sized>(
    variant: &V,
    pos: &Position,
    token: &TurnToken,
) -> Result<Resolved, ResolveError> {
    let mut canonical = String::new();
    let turn = resolve_single_move_into(variant, pos, token, &mut canonical)?;
    Ok(Resolved { turn, canonical })
}

/// [`resolve_single_move`] with the canonical notation written into `canonical`
/// (emptied first), a buffer the replay reuses: no text is allocated per ply.
pub fn resolve_single_move_into<V: Notation + ?Sized>(
    variant: &V,
    pos: &Position,
    token: &TurnToken,
    canonical: &mut String,
) -> Result<Turn, ResolveError> {
    let turn = resolve_single_move_knowing(variant, pos, None, token, canonical)?;
    write_if_as_written(token, canonical);
    Ok(turn)
}

/// Writes the text of `token` into `canonical` when a resolution left it empty, as
/// the replay's resolutions may: the token is then one move in plain form whose text is
/// the canonical one ([`is_written_canonically`]).
pub fn write_if_as_written(token: &TurnToken, canonical: &mut String) {
    if let (true, [part]) = (canonical.is_empty(), token.parts()) {
        if let TurnPart::Move { san, .. } = &part.value {
            san.write_plain(canonical);
        }
    }
}

/// [`resolve_single_move_into`] told whether the side to move stands in check
/// (`in_check`, as [`Rules::is_check`](super::Rules::is_check) says), when the caller
/// knows: the replay does, from the last ply's check mark. `canonical` is left empty
/// when the turn is written exactly as its canonical notation, in plain form
/// ([`write_if_as_written`] writes it then): the replay compares no text for it.
pub fn resolve_single_move_knowing<V: Notation + ?Sized>(
    variant: &V,
    pos: &Position,
    in_check: Option<bool>,
    token: &TurnToken,
    canonical: &mut String,
) -> Result<Turn, ResolveError> {
    let (san, bounce) = one_move_part(token)?;
    if bounce.is_some() {
        return Err(belongs_to(BOUNCE, "Bouncing Pieces", "bouncing"));
    }
    resolve_move_knowing(variant, pos, in_check, san, canonical).map(Turn::Move)
}

/// What a bounce is called where only Bouncing Pieces has it: a record of another variant
/// that separates its moves with commas (`1. e4, e5`) learns from it what was read.
pub const BOUNCE: &str = "a bounce (a move written after a comma)";

/// The refusal of a token that only another variant has, with the tag or flag that says
/// the game is of that variant: "a bomb exists only in Tilting the Balance; add ...".
pub fn belongs_to(what: &'static str, title: &'static str, id: &'static str) -> ResolveError {
    ResolveError::Illegal(Refusal::OtherVariant { what, title, id })
}

/// The move of a turn token that holds one move (no `&`, no bomb), and the bounce
/// written after it, if any.
pub fn one_move_part(token: &TurnToken) -> Result<(&SanToken, Option<&Spanned<BounceToken>>), ResolveError> {
    let [part] = token.parts() else {
        return Err(belongs_to("a turn of several moves joined by `&`", "Refreshing Bubble Fizz Chess", "bubble-fizz"));
    };
    match &part.value {
        TurnPart::Bomb(_) => Err(belongs_to("a bomb", "Tilting the Balance", "tilting")),
        TurnPart::Move { san, bounce } => Ok((san, bounce.as_deref())),
    }
}

/// The legal moves (first moves of legal turns) that fit a SAN token, and their
/// canonical notation; exactly one or an error. A move that is legal only when a
/// bounce follows it (Bouncing B7) counts as a legal move here.
///
/// Only the units the token can mean are judged (a pawn of the written file); when
/// they give no single move, the role's legal moves to the destination are listed
/// whole, to explain the refusal or list the ambiguity.
pub fn resolve_move<V: Notation + ?Sized>(
    variant: &V,
    pos: &Position,
    san: &SanToken,
) -> Result<(Move, String), ResolveError> {
    let mut canonical = String::new();
    let mv = resolve_move_into(variant, pos, san, &mut canonical)?;
    Ok((mv, canonical))
}

/// [`resolve_move`] with the canonical notation written into `canonical` (emptied
/// first), a buffer the replay reuses: no text is allocated per ply.
pub fn resolve_move_into<V: Notation + ?Sized>(
    variant: &V,
    pos: &Position,
    san: &SanToken,
    canonical: &mut String,
) -> Result<Move, ResolveError> {
    let mv = resolve_move_knowing(variant, pos, None, san, canonical)?;
    if canonical.is_empty() {
        san.write_plain(canonical);
    }
    Ok(mv)
}

/// [`resolve_move_into`] told whether the side to move stands in check, when the
/// caller knows, and leaving `canonical` empty when `san` is written exactly as the
/// canonical notation, in plain form. A variant with an orthodox arena
/// ([`Rules::orthodox_arena`](super::Rules::orthodox_arena)) resolves a plain move from
/// attacks; the moves are listed only when that does not give exactly one.
fn resolve_move_knowing<V: Notation + ?Sized>(
    variant: &V,
    pos: &Position,
    in_check: Option<bool>,
    san: &SanToken,
    canonical: &mut String,
) -> Result<Move, ResolveError> {
    if let Some(arena) = variant.orthodox_arena(pos) {
        let written = WrittenMove::read_in(san, pos)?;
        if let Some(mv) = super::san_from_attacks::resolve(pos, &arena, &written, in_check, canonical) {
            return Ok(mv);
        }
    }
    resolve_move_listing(variant, pos, san, canonical, |filter, sources, peers| {
        variant.legal_moves_to(pos, filter, sources, peers);
    })
}

/// [`resolve_move`] with the legal moves listed by `list` (as
/// [`Rules::legal_moves_to`](super::Rules::legal_moves_to) lists them) and the
/// canonical notation written into `canonical` (emptied first), for a variant that
/// judges the move with what it keeps on the way (Bouncing's king safety).
pub fn resolve_move_listing<V: Notation + ?Sized>(
    variant: &V,
    pos: &Position,
    san: &SanToken,
    canonical: &mut String,
    mut list: impl FnMut(MoveFilter, SquareSet, &mut Vec<Move>),
) -> Result<Move, ResolveError> {
    let written = WrittenMove::read_in(san, pos)?;
    let filter = MoveFilter { role: Some(written.role), to: written.to() };
    with_scratch(|scratch| {
        let Scratch { peers, found } = scratch;
        let sources = written.possible_sources();
        list(filter, sources, peers);
        written.fitting_into(peers, found);
        if found.len() != 1 && sources != attacks::grid() {
            peers.clear();
            found.clear();
            list(filter, attacks::grid(), peers);
            written.fitting_into(peers, found);
        }
        match found.as_slice() {
            [mv] => {
                canonical.clear();
                write_move_text(mv, peers, canonical);
                Ok(*mv)
            }
            [] => Err(ResolveError::Illegal(written.refusal(variant, pos, peers))),
            many => Err(ResolveError::Ambiguous(many.iter().map(|m| move_text(m, peers)).collect())),
        }
    })
}

/// Buffers that resolving a move reuses from one ply to the next, so that a replay
/// allocates none per ply.
#[derive(Default)]
struct Scratch {
    peers: Vec<Move>,
    found: Vec<Move>,
}

thread_local! {
    static SCRATCH: Cell<Scratch> = Cell::new(Scratch::default());
}

/// Runs `work` with this thread's scratch buffers, emptied. A nested call (a variant
/// that resolves while resolving) gets fresh buffers.
fn with_scratch<R>(work: impl FnOnce(&mut Scratch) -> R) -> R {
    let mut scratch = SCRATCH.take();
    let result = work(&mut scratch);
    scratch.peers.clear();
    scratch.found.clear();
    SCRATCH.set(scratch);
    result
}

/// A written move read against the rules: the role it moves and the promotion it
/// asks for, with the token's other details to narrow the candidates.
#[derive(Debug)]
pub struct WrittenMove<'a> {
    san: &'a SanToken,
    /// The moving role (the king for castling).
    pub role: Role,
    promotion: Option<Role>,
}

impl<'a> WrittenMove<'a> {
    /// Reads the piece and promotion letters; a letter that names no such piece is an error.
    pub fn read(san: &'a SanToken) -> Result<WrittenMove<'a>, ResolveError> {
        let SanToken::Normal { piece, promotion, .. } = san else {
            return Ok(WrittenMove { san, role: Role::King, promotion: None });
        };
        // The refusals are built only when a letter names no piece (`ok_or` would build
        // and drop one for every move read).
        let role = match piece.map(|letter| (letter, Role::from_letter(letter))) {
            None => Role::Pawn,
            Some((_, Some(role))) => role,
            Some((letter, None)) => return Err(ResolveError::Illegal(Refusal::NotAPieceLetter(letter))),
        };
        let promotion = match promotion.map(|letter| (letter, Role::from_letter(letter))) {
            None => None,
            Some((_, Some(role))) => Some(role),
            Some((letter, None)) => return Err(ResolveError::Illegal(Refusal::NotAPromotionLetter(letter))),
        };
        Ok(WrittenMove { san, role, promotion })
    }

    /// Reads a token against the position it is played in. A move written from square
    /// to square without a letter (long algebraic `g1-f3`, UCI `g1f3`, ICCF `7163`) moves
    /// the unit of the side to move that stands on its source, whatever its role; a king
    /// moved onto its own rook (`e1h1`, Chess960 in UCI) castles toward that rook.
    pub fn read_in(san: &'a SanToken, pos: &Position) -> Result<WrittenMove<'a>, ResolveError> {
        static SHORT: SanToken = SanToken::Castle { long: false };
        static LONG: SanToken = SanToken::Castle { long: true };
        let mut written = WrittenMove::read(san)?;
        let SanToken::Normal {
            piece: None,
            from_file: Some(file),
            from_rank: Some(rank),
            to: Destination::Square(to),
            ..
        } = san
        else {
            return Ok(written);
        };
        let Some(unit) = Square::new(*file, *rank).and_then(|from| pos.board().get(from)) else { return Ok(written) };
        if unit.color != pos.turn() {
            return Ok(written);
        }
        let onto = pos.board().get(*to);
        if unit.role == Role::King && onto.is_some_and(|p| p.color == unit.color && p.role == Role::Rook) {
            let castle = if to.file() < *file { &LONG } else { &SHORT };
            return WrittenMove::read(castle);
        }
        written.role = unit.role;
        Ok(written)
    }

    /// The squares a move the token means can start from, as far as the token alone
    /// tells for a pawn: its written file and rank, and for a push the file of its
    /// destination (a pawn moves straight unless it captures). Every square for other
    /// roles, whose canonical text is disambiguated against their rivals.
    pub fn possible_sources(&self) -> SquareSet {
        let every = attacks::grid();
        let SanToken::Normal { from_file, from_rank, to, .. } = self.san else { return every };
        if self.role != Role::Pawn {
            return every;
        }
        let file = (*from_file).or_else(|| to.square().filter(|_| self.is_pawn_push()).map(Square::file));
        let files = file.map_or(every, |f| SquareSet::of_rect(Rect::new(f, 0, f, MAX_RANKS - 1)));
        let ranks = (*from_rank).map_or(every, |r| SquareSet::of_rect(Rect::new(0, r, MAX_FILES - 1, r)));
        files & ranks
    }

    /// The destination written, if any (none for castling and the pawn form `ed`).
    pub fn to(&self) -> Option<Square> {
        match self.san {
            SanToken::Castle { .. } => None,
            SanToken::Normal { to, .. } => to.square(),
        }
    }

    /// The moves among `candidates` (moves of [`WrittenMove::role`] to
    /// [`WrittenMove::to`]) that the token can mean, each once.
    pub fn fitting(&self, candidates: &[Move]) -> Vec<Move> {
        let mut found: Vec<Move> = Vec::with_capacity(2);
        self.fitting_into(candidates, &mut found);
        found
    }

    /// [`WrittenMove::fitting`] into `found`, which must be empty.
    pub fn fitting_into(&self, candidates: &[Move], found: &mut Vec<Move>) {
        match self.san {
            SanToken::Castle { long } => {
                let wing = Wing::of_long(*long);
                let castles =
                    candidates.iter().filter(|m| matches!(m.kind, MoveKind::Castle { wing: w, .. } if w == wing));
                found.extend(castles.take(1));
            }
            SanToken::Normal { to, .. } => {
                let fits = |m: &&Move| {
                    (to.square().is_some() || (m.to.file() == to.file() && m.from.file() != m.to.file()))
                        && self.fits_source(m)
                        && !(self.is_pawn_push() && m.capture)
                };
                for mv in candidates.iter().filter(fits) {
                    if !found.contains(mv) {
                        found.push(*mv);
                    }
                }
                // A king move written like `Kg1` means castling only when no plain king
                // move fits (records sometimes write castling that way).
                if found.iter().any(|m| !m.is_castle()) {
                    found.retain(|m| !m.is_castle());
                }
                if self.promotion.is_some() {
                    found.retain(|m| m.promotion == self.promotion);
                } else if found.iter().any(|m| m.promotion.is_none()) {
                    found.retain(|m| m.promotion.is_none());
                }
            }
        }
    }

    /// Whether `mv` starts where the token says (its source file, rank or square,
    /// when written).
    pub fn fits_source(&self, mv: &Move) -> bool {
        match self.san {
            SanToken::Castle { .. } => true,
            SanToken::Normal { from_file, from_rank, .. } => {
                from_file.is_none_or(|f| mv.from.file() == f) && from_rank.is_none_or(|r| mv.from.rank() == r)
            }
        }
    }

    /// Whether `mv` is what the token says apart from its destination: its source, its
    /// promotion (none written: none, or any when only promotions are possible), and no
    /// capture for a pawn's push (`d5` is never `exd5`). Refusals explain a written move
    /// by the moves that fit it, so a push is never explained by what stops a capture
    /// (a pinned or paused pawn that could otherwise take on that square).
    pub fn fits(&self, mv: &Move) -> bool {
        self.fits_source(mv)
            && (self.promotion.is_none() || mv.promotion == self.promotion)
            && !(mv.capture && self.is_pawn_push())
    }

    /// A pawn move written with its destination but without source file or capture
    /// mark: a push (SPEC 3: `d5` is never read as `exd5`).
    pub fn is_pawn_push(&self) -> bool {
        matches!(
            self.san,
            SanToken::Normal { piece: None, from_file: None, capture: false, to: Destination::Square(_), .. }
        )
    }

    /// The token as written.
    pub fn token(&self) -> &SanToken {
        self.san
    }

    /// The promotion written, if any.
    pub fn promotion(&self) -> Option<Role> {
        self.promotion
    }

    /// Why no legal move fits the token; `peers` are the legal moves of its role to its
    /// destination.
    pub fn refusal<V: Notation + ?Sized>(&self, variant: &V, pos: &Position, peers: &[Move]) -> Refusal {
        refusal::written_refusal(self, variant, pos, peers)
    }
}

/// Canonical SAN of a move, disambiguated against `peers`: the legal moves of the
/// same role to the same square (the move itself may be among them).
pub fn move_text(mv: &Move, peers: &[Move]) -> String {
    let mut text = String::with_capacity(8);
    write_move_text(mv, peers, &mut text);
    text
}

/// [`move_text`] appended to `text`.
pub fn write_move_text(mv: &Move, peers: &[Move], text: &mut String) {
    let rivals = peers
        .iter()
        .filter(|p| p.role == mv.role && p.to == mv.to && p.from != mv.from && !p.is_castle())
        .fold(SquareSet::EMPTY, |mut rivals, p| {
            rivals.insert(p.from);
            rivals
        });
    write_move_text_against(mv, rivals, text);
}

/// Which coordinates of its source square the canonical text of `mv` writes, against
/// `rivals` (the other units of its role that can move to the same square legally):
/// a pawn's file when it captures; for a piece, nothing without rivals, else its file
/// when no rival shares it, else its rank when no rival shares that, else both.
pub(crate) fn source_written(mv: &Move, rivals: &SquareSet) -> (bool, bool) {
    if mv.role == Role::Pawn {
        return (mv.capture, false);
    }
    if rivals.is_empty() {
        return (false, false);
    }
    let (mut file_unique, mut rank_unique) = (true, true);
    for rival in rivals {
        file_unique &= rival.file() != mv.from.file();
        rank_unique &= rival.rank() != mv.from.rank();
    }
    match (file_unique, rank_unique) {
        (true, _) => (true, false),
        (false, true) => (false, true),
        (false, false) => (true, true),
    }
}

/// [`move_text`] appended to `text`, disambiguated against `rivals`: the squares of
/// the other units of the same role that can move to the same square legally.
pub fn write_move_text_against(mv: &Move, rivals: SquareSet, text: &mut String) {
    match mv.kind {
        MoveKind::Castle { wing, .. } => return text.push_str(wing.notation()),
        MoveKind::PromoteInPlace => {}
        _ => {
            if mv.role != Role::Pawn {
                text.push(mv.role.letter());
            }
            let (file, rank) = source_written(mv, &rivals);
            if file {
                text.push(Square::file_char(mv.from.file()));
            }
            if rank {
                Square::push_rank_number(text, mv.from.rank());
            }
            if mv.capture {
                text.push('x');
            }
        }
    }
    mv.to.push_name(text);
    if let Some(role) = mv.promotion {
        text.push('=');
        text.push(role.letter());
    }
}

/// Canonical SAN of a legal move in `pos`, without check mark.
pub fn write_move<V: Notation + ?Sized>(variant: &V, pos: &Position, mv: &Move) -> String {
    let mut turns = Vec::new();
    if mv.role != Role::Pawn && !mv.is_castle() {
        variant.legal_turns_to(pos, MoveFilter { role: Some(mv.role), to: Some(mv.to) }, &mut turns);
    }
    let peers: Vec<Move> = turns.iter().filter_map(|t| t.moves().first().copied()).collect();
    move_text(mv, &peers)
}

/// The check mark a turn earns (O7): `#` for checkmate, `+` for check.
/// An error when the variant cannot decide whether the check is mate.
pub fn check_mark<V: Notation + ?Sized>(variant: &V, after: &Position) -> Judged<&'static str> {
    check_mark_knowing(variant, after, None)
}

/// [`check_mark`] told whether the side to move in `after` stands in check, when the
/// caller knows (from the move, [`Rules::check_by_move`](super::Rules::check_by_move)).
pub fn check_mark_knowing<V: Notation + ?Sized>(
    variant: &V,
    after: &Position,
    check: Option<bool>,
) -> Judged<&'static str> {
    Ok(if !check.unwrap_or_else(|| variant.is_check(after)) {
        ""
    } else if variant.outcome(after)?.is_some_and(|o| o.reason == super::EndReason::Checkmate) {
        "#"
    } else {
        "+"
    })
}

/// Notation of a legal turn, with check mark. Exact for one-move turns; for bombs,
/// bounces and multi-move turns it writes the general forms of T8, B9 and F11
/// without their refinements (capture lists, pawn bounces as from-to), which the
/// variants that have such turns write themselves.
pub fn write_turn<V: Notation + ?Sized>(variant: &V, pos: &Position, turn: &Turn) -> Judged<String> {
    let body = match turn {
        Turn::Move(mv) => variant.write_move(pos, mv),
        Turn::Bomb(target) => format!("(****){target}"),
        Turn::Bounced(mv, bounce) => format!("{}, {}-{}", variant.write_move(pos, mv), bounce.from, bounce.to),
        Turn::Two(_) | Turn::Multi(_) => turn.moves().iter().map(|m| move_text(m, &[])).collect::<Vec<_>>().join(" & "),
    };
    let after = variant.play(pos, turn);
    Ok(body + check_mark(variant, &after)?)
}
