//! The rules of a variant, the first of the four parts of [`Variant`]
//! (`crate::variants::Variant`): which turns are legal, what a turn does, when the
//! game is over. SAN, replay, perft and repetition are written once against it.
//! The other parts are [`Notation`](super::Notation) (reading and writing turns),
//! [`Snapshot`](crate::snapshot::Snapshot) and
//! [`Presentation`](crate::render::Presentation) (diagram captions and marks).

use super::legal::Arena;
use super::movegen::{en_passant_is_conceivable, MoveFilter};
use super::{Judged, Move, MoveKind, Outcome, Position, Role, Turn};
use crate::geometry::{Square, SquareSet};

/// The rules of one variant.
///
/// Required methods say what the variant *is*, with filtered generation
/// (`legal_turns_to`) as the primitive; provided ones are built on them and may be
/// overridden for speed.
pub trait Rules: Send + Sync {
    /// The id used on the command line (`chess`, `tilting`, ...).
    fn id(&self) -> &'static str;

    /// The start position when a record gives no `[FEN]`.
    fn start(&self) -> Position;

    /// Legal turns whose (first) move fits `filter`: by its role, to its square. SAN
    /// resolution asks for few, so a variant answers faster than by generating every
    /// turn. A turn without moves (a bomb) fits only the empty filter.
    fn legal_turns_to(&self, pos: &Position, filter: MoveFilter, out: &mut Vec<Turn>);

    /// The moves of the legal one-move turns (a move followed by a bounce counts as
    /// its move, B9) that fit `filter` and start on `sources`, a move repeated by
    /// consecutive turns given once: what a written move can mean (SAN resolution).
    /// Variants whose turns are orthodox moves list them without building turns.
    fn legal_moves_to(&self, pos: &Position, filter: MoveFilter, sources: SquareSet, out: &mut Vec<Move>) {
        let mut turns = TURN_BUFFER.take();
        self.legal_turns_to(pos, filter, &mut turns);
        push_single_moves(&turns, sources, out);
        turns.clear();
        TURN_BUFFER.set(turns);
    }

    /// The arena whose orthodox legal moves (`rules::legal`) are exactly this
    /// variant's one-move turns in `pos`, if they are: SAN is then resolved from
    /// attacks, without listing moves. `None` (the default) keeps the listing.
    fn orthodox_arena(&self, _pos: &Position) -> Option<Arena> {
        None
    }

    /// Every legal turn of the side to move.
    fn legal_turns(&self, pos: &Position, out: &mut Vec<Turn>) {
        self.legal_turns_to(pos, MoveFilter::default(), out);
    }

    /// How many legal turns the side to move has: perft's last ply, counted without
    /// playing the turns (variants whose turns are orthodox moves count them without
    /// building them).
    fn count_legal_turns(&self, pos: &Position) -> u64 {
        let mut turns = Vec::new();
        self.legal_turns(pos, &mut turns);
        turns.len() as u64
    }

    /// Plays a legal turn and returns the position after it.
    fn play(&self, pos: &Position, turn: &Turn) -> Position;

    /// Plays a legal turn into `after`, a position the replay reuses from ply to ply,
    /// so that the position is copied once per ply; variants whose turns are
    /// orthodox moves copy `pos` and move the units there.
    fn play_into(&self, pos: &Position, turn: &Turn, after: &mut Position) {
        *after = self.play(pos, turn);
    }

    /// Plays a legal turn on `pos` itself ([`Notation::resolve_and_play_in_place`]);
    /// variants whose turns are orthodox moves move the units there.
    ///
    /// [`Notation::resolve_and_play_in_place`]: super::Notation::resolve_and_play_in_place
    fn play_in_place(&self, pos: &mut Position, turn: &Turn) {
        *pos = self.play(pos, turn);
    }

    /// Whether the side to move stands in check (always `false` in Koopa).
    fn is_check(&self, pos: &Position) -> bool;

    /// Whether the move `mv`, just played into `after`, gives check ([`Rules::is_check`]
    /// of `after`), judged from the move alone; asked only when the side now to move
    /// stood unattacked before the move. `None` (the default, and for moves the
    /// variant does not judge that way) leaves it to `is_check`.
    fn check_by_move(&self, _after: &Position, _mv: &Move) -> Option<bool> {
        None
    }

    /// How the game stands decided on the board, if it is over; an error when the
    /// variant's search could not decide it within its budget (Bubble Fizz).
    fn outcome(&self, pos: &Position) -> Judged<Option<Outcome>>;

    /// Whether every question about every position gets its answer without a search
    /// that may stop at a budget: `false` for a variant whose search may ([`Judged`]
    /// errors, Bubble Fizz), which then says position by position
    /// ([`Rules::answers_without_search`]).
    fn always_decides(&self) -> bool {
        true
    }

    /// Whether every question about `pos` gets its answer without spending any of a
    /// game's budget: `false` where the variant's search might spend it (Bubble Fizz
    /// with an invigorated unit to move). The order of such questions matters (they
    /// share the budget), so the replay asks them as it meets them; of the others it
    /// may put some off (a check's mate question, which the next turn answers). The
    /// default: [`Rules::always_decides`].
    fn answers_without_search(&self, pos: &Position) -> bool {
        let _ = pos;
        self.always_decides()
    }

    /// Whether the side to move has any legal turn; an error when the variant's
    /// search could not decide it within its budget (Bubble Fizz).
    fn has_legal_turn(&self, pos: &Position) -> Judged<bool> {
        let mut turns = Vec::new();
        self.legal_turns(pos, &mut turns);
        Ok(!turns.is_empty())
    }

    /// The en passant square when an en passant capture is legal there (FEN writes
    /// only such squares; repetition compares only such squares, O8).
    ///
    /// Most en passant squares have no pawn beside them that could take; those are
    /// answered from the board alone, and only the rest ask the variant's legality.
    fn capturable_ep_square(&self, pos: &Position) -> Option<Square> {
        let ep = pos.ep_square()?;
        if !en_passant_is_conceivable(pos, ep) {
            return None;
        }
        let mut turns = Vec::new();
        self.legal_turns_to(pos, MoveFilter { role: Some(Role::Pawn), to: Some(ep) }, &mut turns);
        turns.iter().any(|t| t.moves().first().is_some_and(|m| m.kind == MoveKind::EnPassant)).then_some(ep)
    }

    /// Whether no position before a turn that resets the halfmove clock (O6) can occur
    /// again after it, so that repetitions (O8) are looked for only among the
    /// positions since the last reset. True where pawns only ever advance and a
    /// capture takes a unit off for good; the default, false, suits the variants
    /// where a reset can be undone (a bounce that takes a pawn back, a stun whose
    /// target stays on its square).
    fn clock_reset_ends_repetition(&self) -> bool {
        false
    }

    /// Whether the side to move has insufficient material to ever mate and the
    /// variant ends such games (orthodox chess only, O3).
    fn is_dead_position(&self, _pos: &Position) -> bool {
        false
    }
}

thread_local! {
    static MOVE_BUFFER: std::cell::Cell<Vec<super::Move>> = const { std::cell::Cell::new(Vec::new()) };
    static TURN_BUFFER: std::cell::Cell<Vec<Turn>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Appends the moves of the one-move turns among `turns` (with or without the
/// bounce that follows, B9) that start on `sources`, a move repeated by consecutive
/// turns once: [`Rules::legal_moves_to`] from turns already listed.
pub fn push_single_moves(turns: &[Turn], sources: SquareSet, out: &mut Vec<Move>) {
    for turn in turns {
        let (Turn::Move(mv) | Turn::Bounced(mv, _)) = turn else { continue };
        if sources.contains(mv.from) && out.last() != Some(mv) {
            out.push(*mv);
        }
    }
}

/// Appends, as one-move turns, the moves `generate` writes into a buffer that this
/// thread reuses (a variant whose turns are single moves needs no allocation per call).
pub fn moves_as_turns(out: &mut Vec<Turn>, generate: impl FnOnce(&mut Vec<super::Move>)) {
    let mut moves = MOVE_BUFFER.take();
    generate(&mut moves);
    out.extend(moves.drain(..).map(Turn::Move));
    MOVE_BUFFER.set(moves);
}
