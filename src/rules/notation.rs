//! How a variant reads and writes turns, the second part of
//! `crate::variants::Variant`: written turns resolved against a position, canonical
//! notation with check marks, and the reason a written turn is refused.

use super::movegen::Terrain;
use super::refusal::{self, Refusal};
use super::san::{self, WrittenMove};
use super::{Judged, Move, Position, Rules, Turn, Undecided, Wing};
use crate::record::ast::TurnToken;

/// A written turn resolved against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub turn: Turn,
    /// The turn's canonical notation, without check mark.
    pub canonical: String,
}

/// Why a written turn does not name exactly one legal turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// No legal turn fits, and why (its words by `Display`: "no white knight can move
    /// to e5").
    Illegal(Refusal),
    /// Several legal turns fit: their canonical notations.
    Ambiguous(Vec<String>),
    /// The variant's search stopped at its budget before it could tell.
    Undecided(Undecided),
}

impl From<Undecided> for ResolveError {
    fn from(undecided: Undecided) -> ResolveError {
        ResolveError::Undecided(undecided)
    }
}

/// The notation of one variant. Every method is provided, for SAN with the variant's
/// rules; variants override what their notation adds (bombs, bounces, `&` turns).
pub trait Notation: Rules {
    /// Why no legal move fits `written` (its role, destination and source), when
    /// that is not simply "no such unit can get there": a pin, a check, a crater, a
    /// pause. Only called when no legal move of that role reaches the destination.
    fn explain_unreachable(&self, _pos: &Position, _written: &WrittenMove<'_>) -> Option<Refusal> {
        None
    }

    /// Why castling on `wing` is refused, naming the condition that fails; the
    /// default judges the orthodox board.
    fn explain_castling(&self, pos: &Position, wing: Wing) -> Refusal {
        let terrain = Terrain::orthodox();
        refusal::castling(pos, &terrain.castling, &terrain, wing)
    }

    /// Resolves a written turn against the position.
    fn resolve(&self, pos: &Position, token: &TurnToken) -> Result<Resolved, ResolveError> {
        san::resolve_single_move(self, pos, token)
    }

    /// [`Notation::resolve`] with the canonical notation written into `canonical`
    /// (emptied first), a buffer the replay reuses from ply to ply. Variants that
    /// resolve by SAN alone override it to write the text without allocating it.
    fn resolve_into(&self, pos: &Position, token: &TurnToken, canonical: &mut String) -> Result<Turn, ResolveError> {
        let resolved = self.resolve(pos, token)?;
        canonical.clear();
        canonical.push_str(&resolved.canonical);
        Ok(resolved.turn)
    }

    /// [`Notation::resolve_into`] told whether the side to move stands in check
    /// (`in_check`, as [`Rules::is_check`] says), when the replay knows it from the
    /// last ply's check mark. Variants whose resolution asks it override this to skip
    /// the question; the default ignores it. Unlike [`Notation::resolve_into`], it may
    /// leave `canonical` empty: the turn is then one move written exactly as its
    /// canonical notation, in plain form ([`san::write_if_as_written`] writes it), so
    /// that the replay compares no text for it.
    fn resolve_into_knowing(
        &self,
        pos: &Position,
        in_check: Option<bool>,
        token: &TurnToken,
        canonical: &mut String,
    ) -> Result<Turn, ResolveError> {
        let _ = in_check;
        self.resolve_into(pos, token, canonical)
    }

    /// Whether the replay may play `token` on its one position
    /// ([`Notation::resolve_and_play_in_place`]): only a turn whose every question is
    /// decided (no search with a budget), since the replay then keeps no position from
    /// before it. The default: never.
    fn plays_in_place(&self, token: &TurnToken) -> bool {
        let _ = token;
        false
    }

    /// [`Notation::resolve_into`], then the turn played into `after`
    /// ([`Rules::play_into`]): what the replay does with each ply.
    fn resolve_and_play(
        &self,
        pos: &Position,
        token: &TurnToken,
        canonical: &mut String,
        after: &mut Position,
    ) -> Result<Turn, ResolveError> {
        self.resolve_and_play_knowing(pos, None, token, canonical, after)
    }

    /// [`Notation::resolve_and_play`] resolved by [`Notation::resolve_into_knowing`].
    /// A variant whose resolution already builds the position after the turn (Bubble
    /// Fizz plays the parts one by one to resolve the next) overrides it to keep that
    /// position.
    fn resolve_and_play_knowing(
        &self,
        pos: &Position,
        in_check: Option<bool>,
        token: &TurnToken,
        canonical: &mut String,
        after: &mut Position,
    ) -> Result<Turn, ResolveError> {
        let turn = self.resolve_into_knowing(pos, in_check, token, canonical)?;
        self.play_into(pos, &turn, after);
        Ok(turn)
    }

    /// [`Notation::resolve_and_play_knowing`] on one position, for a replay that keeps
    /// only the last one: the turn resolved against `pos`, then played on `pos`
    /// itself ([`Rules::play_in_place`]; left as it was when the turn is refused), so
    /// that no position is copied. `None` when [`Notation::plays_in_place`] says no:
    /// nothing is played, and the replay plays into a second position and keeps the
    /// one before the turn, which it needs when a question about the position after
    /// it is left undecided.
    fn resolve_and_play_in_place(
        &self,
        pos: &mut Position,
        in_check: Option<bool>,
        token: &TurnToken,
        canonical: &mut String,
    ) -> Option<Result<Turn, ResolveError>> {
        if !self.plays_in_place(token) {
            return None;
        }
        let resolved = self.resolve_into_knowing(pos, in_check, token, canonical);
        Some(resolved.inspect(|turn| self.play_in_place(pos, turn)))
    }

    /// The canonical notation of a legal turn, with its check mark; an error when the
    /// variant's search cannot decide the mark or the parts (Bubble Fizz).
    fn write_turn(&self, pos: &Position, turn: &Turn) -> Judged<String> {
        san::write_turn(self, pos, turn)
    }

    /// Whether a turn written `written` (check marks and glyphs stripped) is in the
    /// canonical form `canonical`; any other accepted form earns an "imprecise
    /// notation" warning. Variants whose notation has parts written in any order
    /// (Tilting's capture list, T8) compare those parts as sets.
    fn is_canonical_spelling(&self, written: &str, canonical: &str) -> bool {
        san::same_text(written, canonical)
    }

    /// The notation of one move of a turn, without check mark.
    fn write_move(&self, pos: &Position, mv: &Move) -> String {
        san::write_move(self, pos, mv)
    }
}
