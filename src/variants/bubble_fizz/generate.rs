//! Legal turns (F6, F7): a depth-first search over the moves of a turn. Each node is
//! a [`TurnState`]; every prefix whose end leaves the mover's king safe is a legal
//! turn, and the search goes deeper while an invigorated unit may still move. A turn
//! of more than one move captures nothing, so a capture ends the search.

use super::bubbles::Birth;
use super::cover;
use super::independence::Sleep;
use super::last_moves::OutOfSight;
use super::relevance;
use super::safety::{self, attacked, QuickSafety};
use super::steps::Steps;
use super::turn_state::TurnState;
use super::witness;
use super::TERRAIN;
use crate::geometry::SquareSet;
use crate::rules::castling::castling_moves;
use crate::rules::check;
use crate::rules::movegen::{self, MoveFilter};
use crate::rules::{Color, Limit, Move, Question, Role, Turn, Undecided, Wing};
use std::collections::HashSet;

/// The moves that may come next in the turn (before king safety, which is judged at
/// the end): pseudo-legal moves of unpaused units allowed to move (F5, F6), castling
/// judged by F8 in the position as it stands, and no capture after the first move.
pub(super) fn next_moves(st: &TurnState, filter: MoveFilter, out: &mut Vec<Move>) {
    if !st.may_continue() {
        return;
    }
    let start = out.len();
    let pos = &st.pos;
    movegen::pseudo_moves(pos, &TERRAIN, filter, out);
    if filter.role.is_none_or(|r| r == Role::King) {
        let before = out.len();
        let them = pos.turn().other();
        // F6: "not out of, through or into check" when the castling is played: the
        // king's squares now, and the king once king and rook stand on their new
        // squares (a rook that shielded the landing square no longer does); later
        // moves and the rise cannot make up for it.
        castling_moves(pos, &TERRAIN, out, |sq| !attacked(pos.board(), sq, them));
        let mut scratch = pos.board().clone();
        let us = pos.turn();
        movegen::retain_from(out, before, |m| {
            filter.to.is_none_or(|to| m.to == to)
                && !check::king_attacked_after(&mut scratch, &SquareSet::EMPTY, &TERRAIN, m, us)
        });
    }
    let first = st.count == 0;
    movegen::retain_from(out, start, |m| st.may_move(m.from) && (first || !m.capture));
}

/// Walks every legal turn that starts from `st` with one more move (the first of
/// them fitting `filter`), calling `visit` with the moves of the whole turn; stops
/// as soon as `visit` returns `true` and then returns `true`.
pub(super) fn search(
    st: &TurnState,
    birth: Birth,
    filter: MoveFilter,
    played: &mut Vec<Move>,
    visit: &mut dyn FnMut(&[Move]) -> bool,
) -> bool {
    let mut moves = Vec::with_capacity(if st.count == 0 { 48 } else { 16 });
    next_moves(st, filter, &mut moves);
    let mut quick = QuickSafety::new(st, birth);
    for mv in &moves {
        played.push(*mv);
        // The common case: a last move, judged without playing it out.
        let verdict = if may_continue_after(st, mv) { None } else { quick.judge(mv) };
        if let Some(safe) = verdict {
            if safe && visit(played) {
                return true;
            }
        } else {
            let mut next = st.clone();
            next.apply(mv, birth);
            if safety::safe_at_end(&next) && visit(played) {
                return true;
            }
            if next.may_continue() && search(&next, birth, MoveFilter::default(), played, visit) {
                return true;
            }
        }
        played.pop();
    }
    false
}

/// Whether some unit might still move after `mv` (`false` only when none can).
pub(super) fn may_continue_after(st: &TurnState, mv: &Move) -> bool {
    if mv.capture {
        false
    } else if st.extras.contains(mv.from) {
        !st.ordinary_used || st.extras.len() > 1
    } else {
        !st.extras.is_empty()
    }
}

/// Every legal turn from `st` whose next move fits `filter`.
pub(super) fn legal_turns(st: &TurnState, birth: Birth, filter: MoveFilter, out: &mut Vec<Turn>) {
    let mut played = Vec::with_capacity(4);
    search(st, birth, filter, &mut played, &mut |moves| {
        out.extend(Turn::of_moves(moves));
        false
    });
}

/// Whether some legal turn starts from `st`, the start of a turn; stops at the
/// first. Turns of one move are tried first: they are cheap, and usually one of them
/// is legal. The states searched after every first move count against one budget.
#[cfg(test)]
pub(super) fn any_legal_turn(st: &TurnState, birth: Birth, memo: &mut Memo) -> Result<bool, OverBudget> {
    Ok(safety::some_plain_first_move_is_safe(&st.pos) || any_legal_turn_beyond_plain(st, birth, memo)?)
}

/// [`any_legal_turn`] once no plain move is known to make a legal turn alone
/// ([`safety::some_plain_first_move_is_safe`], which the variant asks first, on the
/// position itself: the usual answer needs neither a turn state nor a memo).
pub(super) fn any_legal_turn_beyond_plain(st: &TurnState, birth: Birth, memo: &mut Memo) -> Result<bool, OverBudget> {
    let mut moves = Vec::with_capacity(48);
    next_moves(st, MoveFilter::default(), &mut moves);
    let mut quick = QuickSafety::new(st, birth);
    let ends_safe = |mv: &Move, quick: &mut QuickSafety| {
        quick.judge(mv).unwrap_or_else(|| {
            let mut next = st.clone();
            next.apply(mv, birth);
            safety::safe_at_end(&next)
        })
    };
    if moves.iter().any(|mv| ends_safe(mv, &mut quick)) {
        return Ok(true);
    }
    moves.retain(|mv| may_continue_after(st, mv));
    let nexts: Vec<TurnState> = moves
        .iter()
        .map(|mv| {
            let mut next = st.clone();
            next.apply(mv, birth);
            next
        })
        .collect();
    if nexts.iter().any(|next| memo.hunt(next, birth)) {
        return Ok(true);
    }
    // The first moves tried so far, each to no legal end: those that commute with a
    // later one sleep in its state (see `independence`).
    let us = st.pos.turn();
    for (i, (mv, next)) in moves.iter().zip(&nexts).enumerate() {
        let tried = moves.get(..i).unwrap_or_default();
        if complete_asleep(next, birth, memo, Sleep::after(mv, us, &[], tried))? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The steps one question may take: each state it visits costs [`STATE_STEPS`], each
/// move tried from it [`MOVE_STEPS`], and each step of that state's refutation three
/// quarters of one more (see [`cover_charge`]; at most [`cover::COVER_WORK`] steps).
/// Enough for every position met in play and for the crowded
/// mates the refutations see through; small enough that a question at the budget ends
/// in about half a second and a few megabytes in a release build (see
/// `notation/bubble-fizz.md`).
pub const STEP_BUDGET: usize = 100_000_000;

/// The steps all the questions of one game may take together: one question's budget,
/// so that a record whose every turn is hard is judged within the bound of one hard
/// question. Ordinary games spend a small part of it (see `notation/bubble-fizz.md`).
pub const GAME_BUDGET: usize = STEP_BUDGET;

/// What a state costs besides its refutation and its moves (its relevant units, its
/// key), in the refutation's steps, measured against the time a step of the refutation
/// takes (see `notation/bubble-fizz.md`).
pub(super) const STATE_STEPS: usize = 650;

/// What each move tried from a state costs (the state after it, copied and played, and
/// its key), in the refutation's steps: a crowded state tries many.
pub(super) const MOVE_STEPS: usize = 210;

/// What a state's refutation (see [`cover::refute`]) that did `work` steps of its own
/// costs the budget: three quarters of a step for each, measured against the time of
/// the search's other work (see `notation/bubble-fizz.md`).
fn cover_charge(work: usize) -> usize {
    work - work / 4
}

/// The search stopped at its budget after visiting `states` states; `limit` says
/// whether that was the question's budget or what was left of the game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OverBudget {
    pub states: usize,
    pub limit: Limit,
}

impl OverBudget {
    /// The error of the question `question` about `side`'s turn.
    pub(super) fn undecided(self, side: Color, question: Question) -> Undecided {
        Undecided { side, question, states: self.states, limit: self.limit }
    }
}

/// What one question has searched: the keys of the states being searched or found
/// without a legal end (a state found with one is forgotten again, so that the
/// question may go on with another first move), and how many states it has
/// visited against its budget. A tenth of the budget is kept for the hunts of
/// [`witness`], each of which may take at most a thirty-second of that tenth.
pub(super) struct Memo {
    seen: HashSet<u128>,
    visited: usize,
    /// The steps the question was given.
    granted: usize,
    /// Whose budget those steps were: the question's own, or less, what its game had left.
    limit: Limit,
    /// What is left of the question's budget.
    steps: Steps,
    /// What is left of the hunts' share.
    hunts: Steps,
    /// The most one hunt may take.
    per_hunt: usize,
    /// The squares shown (see [`relevance::shown_squares`]) by the last state found
    /// without a legal end after its key was taken, for [`OutOfSight`].
    shown: Option<SquareSet>,
}

impl Memo {
    /// An empty memo for a question that may take `budget` steps.
    pub(super) fn new(budget: usize) -> Memo {
        let hunts = budget / 10;
        Memo {
            seen: HashSet::new(),
            visited: 0,
            granted: budget,
            limit: Limit::Question,
            steps: Steps::new(budget - hunts),
            hunts: Steps::new(hunts),
            per_hunt: hunts / 32,
            shown: None,
        }
    }

    /// The memo of a question that may take `budget` steps in a game that has
    /// `game_left` left.
    pub(super) fn within(budget: usize, game_left: usize) -> Memo {
        if game_left < budget {
            Memo { limit: Limit::Game, ..Memo::new(game_left) }
        } else {
            Memo::new(budget)
        }
    }

    /// The steps the question has taken so far, its hunts' included.
    pub(super) fn spent(&self) -> usize {
        self.granted.saturating_sub(self.steps.left() + self.hunts.left())
    }

    /// Whether a goal-directed hunt finds a legal end of the turn in progress in `st`
    /// (see [`witness`]), within its share of the budget; a state the quick
    /// refutation or the cover refutes is not hunted in, and once the share is spent
    /// nothing more is hunted. The quick refutation comes first, as in
    /// [`can_complete`]: a king that cannot be saved (a mate, most often) is known
    /// at once, without the cover's work.
    fn hunt(&mut self, st: &TurnState, birth: Birth) -> bool {
        if self.hunts.left() == 0 || relevance::king_is_lost(st, birth) {
            return false;
        }
        let (may_end, cover_steps) = cover::refute(st, birth);
        self.hunts.spend(cover_charge(cover_steps));
        if !may_end {
            return false;
        }
        let allowed = self.per_hunt.min(self.hunts.left());
        let steps = Steps::new(allowed);
        let found = witness::finds_end(st, birth, &steps);
        self.hunts.spend(allowed - steps.left());
        found
    }

    /// Notes a state about to be searched: `Ok(false)` when it was searched already,
    /// an error when the budget is spent.
    fn visit(&mut self, key: u128) -> Result<bool, OverBudget> {
        if self.seen.contains(&key) {
            return Ok(false);
        }
        if !self.steps.spend(STATE_STEPS) {
            return Err(OverBudget { states: self.visited, limit: self.limit });
        }
        self.visited += 1;
        self.seen.insert(key);
        Ok(true)
    }

    /// Takes `steps` more from the budget (the next state finds it spent if too few
    /// were left).
    fn spend(&mut self, steps: usize) {
        self.steps.spend(steps);
    }
}

/// Whether the turn in progress in `st` (at least one move made) can end legally,
/// now or after more moves. A state whose threats the movers cannot answer is refuted
/// at once (see [`cover`]), only the moves of the units that can matter are tried
/// (see [`relevance`] for why that is exact), and each state is searched once:
/// different orders of the same moves often meet, and `memo` holds the keys of the
/// states already searched. Stops with an error when the memo's budget is spent.
pub(super) fn can_complete(st: &TurnState, birth: Birth, memo: &mut Memo) -> Result<bool, OverBudget> {
    complete_asleep(st, birth, memo, Sleep::NONE)
}

/// [`can_complete`], where the moves that `sleep` lists need not be tried from `st`:
/// each is known to lead to a state without a legal end. A move tried from `st` to no
/// legal end sleeps in turn in the states after the later moves it commutes with; see
/// [`super::independence`] for why the answer stays exact.
fn complete_asleep(st: &TurnState, birth: Birth, memo: &mut Memo, sleep: Sleep) -> Result<bool, OverBudget> {
    if safety::safe_at_end(st) {
        return Ok(true);
    }
    if !st.may_continue() || relevance::king_is_lost(st, birth) {
        return Ok(false);
    }
    // Always after a move (the state of a first move, or one after it), nothing captured.
    let (movers, shown) = relevance::shown_squares(st);
    let key = key_of_shown(st, (movers, shown));
    if !memo.visit(key)? {
        memo.shown = Some(shown);
        return Ok(false);
    }
    let (may_end, steps) = cover::refute(st, birth);
    memo.spend(cover_charge(steps));
    if !may_end {
        memo.shown = Some(shown);
        return Ok(false);
    }
    let relevant = relevance::relevant_units(st, birth);
    let mut moves = Vec::with_capacity(32);
    next_moves(st, MoveFilter::default(), &mut moves);
    let asleep = sleep.moves();
    moves.retain(|mv| relevant.contains(mv.from) && !asleep.contains(mv));
    let us = st.pos.turn();
    // Last moves of one unit out of sight of the rest of the turn: once one leads to no
    // legal end, so do the others (see `last_moves`).
    let mut out_of_sight = OutOfSight::default();
    for (i, mv) in moves.iter().enumerate() {
        if out_of_sight.known_dead(st, mv, birth) {
            continue;
        }
        memo.spend(MOVE_STEPS);
        let mut next = st.clone();
        next.apply(mv, birth);
        let tried = moves.get(..i).unwrap_or_default();
        memo.shown = None;
        if complete_asleep(&next, birth, memo, Sleep::after(mv, us, &asleep, tried))? {
            memo.seen.remove(&key);
            return Ok(true);
        }
        if let Some(shown) = memo.shown {
            out_of_sight.note(st, mv, shown, birth);
        }
    }
    memo.shown = Some(shown);
    Ok(false)
}

/// Everything about a turn in progress that decides how it may go on and end: units
/// with their counters, bubbles, castling rights, and who may still move, folded into
/// 128 bits (two independent mixes, so that distinct states never meet in practice).
pub(super) fn state_key(st: &TurnState) -> u128 {
    let board = st.pos.board();
    let mut words = [0u64; 2];
    let mut fold = |value: u64| {
        for (i, word) in words.iter_mut().enumerate() {
            *word = mix(*word ^ value.wrapping_add(i as u64 * 0x9E37_79B9)).rotate_left(17);
        }
    };
    for (sq, piece) in board.pieces() {
        let counter = board.counter(sq).map_or(0, |c| u64::from(c) + 1);
        fold((sq.index() as u64) << 16 | (piece.color as u64) << 12 | (piece.role as u64) << 8 | counter);
    }
    let (white, black) = (st.pos.bubbles(Color::White), st.pos.bubbles(Color::Black));
    for (tag, set) in [(1u64, white), (2, black), (3, st.extras)] {
        for sq in &set {
            fold(tag << 32 | sq.index() as u64);
        }
    }
    for color in Color::ALL {
        for wing in Wing::ALL {
            if let Some(rook) = st.pos.castling().rook(color, wing) {
                fold(4 << 32 | (color as u64) << 12 | (wing as u64) << 8 | rook.index() as u64);
            }
        }
    }
    fold(5 << 32 | u64::from(st.ordinary_used) << 1 | u64::from(st.captured));
    let [a, b] = words;
    u128::from(a) << 64 | u128::from(b)
}

/// The key under which [`can_complete`] remembers a state (at least one move made):
/// what the rest of the turn can read, so that states differing only in what it
/// cannot meet one another. Folded: the movers (square, unit, counter, extra), the
/// contents (unit and counter, bubble, or nothing) of the region of
/// [`relevance::seen_region`], every enemy unit with its counter, every enemy bubble,
/// the castling rights and whether the ordinary move is spent.
///
/// Why two states with the same key can end legally alike (so that what one search
/// found, no legal end, holds for the other): nothing is captured any more, so the
/// enemy's units stay where they are, and the units of ours that are not movers stay
/// too. A move of a mover reads only squares of its lines up to the first unit that
/// stops it (on the real board at or before the first non-mover, since there are more
/// units there) and changes only the squares it leaves, lands on and makes a bubble on:
/// all in the region, which [`relevance::seen_region`] takes over every board the turn
/// may still make. The region of the state after a move lies within the region before
/// it (the movers' moves only shrink, the obstacles only grow but for squares that
/// were movers' own). So the same moves are possible from both states, one after the
/// other, and do the same to the region, the movers and the enemy units (a bubble born
/// on an enemy unit lands above a landing, in the region). At the end the king's
/// safety (F7) reads the king's square, the enemy units and their counters, the
/// squares between the king and the enemy's unpaused line units (in the region,
/// since the king ends on its square or where its moves reach) and the rise, which
/// moves enemy bubbles (in the key; one is removed only by a birth or an entry on its
/// square, in the region) onto enemy units, which it pauses, or onto squares that do
/// not matter to the king (units of ours, empty squares, bubbles of ours: an enemy
/// bubble meeting one of ours would have struck nothing). Castling is left out:
/// after the first move it is legal only where the king is not attacked, and such a
/// state already ends legally (see [`cover`]), so it never decides whether one can.
/// A state and its descendants never share a key: each move spends the ordinary
/// move or an extra, both in the key. (The search takes the key with the squares shown,
/// [`key_of_shown`], which it keeps for [`OutOfSight`].)
#[cfg(test)]
pub(super) fn memo_key(st: &TurnState) -> u128 {
    if st.count == 0 || st.captured {
        return state_key(st);
    }
    key_of_shown(st, relevance::shown_squares(st))
}

/// The memo key of `st` (at least one move made, nothing captured) from its movers and
/// the squares it shows, as [`relevance::shown_squares`] finds them.
fn key_of_shown(st: &TurnState, (movers, shown): (SquareSet, SquareSet)) -> u128 {
    let board = st.pos.board();
    let us = st.pos.turn();
    let mut words = [0u64; 2];
    let mut fold = |value: u64| {
        for (i, word) in words.iter_mut().enumerate() {
            *word = mix(*word ^ value.wrapping_add(i as u64 * 0x9E37_79B9)).rotate_left(17);
        }
    };
    let (ours, theirs) = (st.pos.bubbles(us), st.pos.bubbles(us.other()));
    for sq in &shown {
        let content = match board.get(sq) {
            Some(piece) => {
                let counter = board.counter(sq).map_or(0, |c| u64::from(c) + 1);
                1 << 20 | (piece.color as u64) << 12 | (piece.role as u64) << 8 | counter
            }
            None if ours.contains(sq) => 2 << 20,
            None if theirs.contains(sq) => 3 << 20,
            None => 4 << 20,
        };
        let mover = u64::from(movers.contains(sq)) << 24 | u64::from(st.extras.contains(sq)) << 25;
        fold((sq.index() as u64) << 32 | mover | content);
    }
    for color in Color::ALL {
        for wing in Wing::ALL {
            if let Some(rook) = st.pos.castling().rook(color, wing) {
                fold(6 << 40 | (color as u64) << 12 | (wing as u64) << 8 | rook.index() as u64);
            }
        }
    }
    fold(7 << 40 | u64::from(st.ordinary_used));
    let [a, b] = words;
    u128::from(a) << 64 | u128::from(b)
}

/// Spreads the bits of a value (splitmix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
/// Whether `mv`, played next, starts or ends a legal turn: the moves a written part
/// may name (SAN disambiguates against these).
fn leads_somewhere(
    st: &TurnState,
    mv: &Move,
    birth: Birth,
    quick: &mut QuickSafety,
    memo: &mut Memo,
) -> Result<bool, OverBudget> {
    // Ending the turn right after `mv` is one way on (the extras may go unused),
    // judged without playing the move when it can be.
    match quick.judge(mv) {
        Some(true) => return Ok(true),
        Some(false) if !may_continue_after(st, mv) => return Ok(false),
        _ => {}
    }
    let mut next = st.clone();
    next.apply(mv, birth);
    Ok(memo.hunt(&next, birth) || can_complete(&next, birth, memo)?)
}

/// The moves fitting `filter` that may come next and lead to a legal turn, into `moves`
/// (emptied first); the states searched for all of them count against `memo`'s budget.
pub(super) fn playable_moves_into(
    st: &TurnState,
    birth: Birth,
    filter: MoveFilter,
    memo: &mut Memo,
    moves: &mut Vec<Move>,
) -> Result<(), OverBudget> {
    moves.clear();
    next_moves(st, filter, moves);
    let mut quick = QuickSafety::new(st, birth);
    let mut kept = 0;
    for i in 0..moves.len() {
        let Some(&mv) = moves.get(i) else { break };
        if leads_somewhere(st, &mv, birth, &mut quick, memo)? {
            if let Some(slot) = moves.get_mut(kept) {
                *slot = mv;
            }
            kept += 1;
        }
    }
    moves.truncate(kept);
    Ok(())
}
