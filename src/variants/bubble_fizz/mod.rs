//! Refreshing Bubble Fizz Chess (`bubble-fizz`), rulings F1-F12 on top of O1-O9:
//! every move makes a bubble above its destination (F2), a unit landing on a bubble
//! or struck by one is paused for three of its turns (F3, F5), bubbles rise after
//! the other side's turn (F4), and a unit back from its pause may move twice (F6).

mod bubbles;
#[cfg(test)]
mod budget_tests;
mod caption;
#[cfg(test)]
mod check_tests;
mod cover;
#[cfg(test)]
mod cover_tests;
mod generate;
mod independence;
#[cfg(test)]
mod key_tests;
mod last_moves;
mod notation;
#[cfg(test)]
mod part_tests;
mod relevance;
mod safety;
#[cfg(test)]
mod search_tests;
mod snapshot;
mod steps;
#[cfg(test)]
mod trust_tests;
mod turn_state;
mod witness;

pub use bubbles::Birth;

use crate::record::ast::TurnToken;
use crate::render::{SquareMarks, UnitMarks};
use crate::rules::check_by_move;
use crate::rules::movegen::{MoveFilter, Terrain};
use crate::rules::refusal::Refusal;
use crate::rules::san::WrittenMove;
use crate::rules::{EndReason, Judged, Move, Outcome, Position, Question, ResolveError, Resolved, Turn};
use crate::snapshot::SnapshotError;
use crate::variants::prelude::*;
use generate::Memo;
pub use generate::{GAME_BUDGET, STEP_BUDGET};
use steps::GameSteps;
use turn_state::TurnState;

/// The orthodox board and units.
const TERRAIN: Terrain = Terrain::orthodox();

/// The start position: the orthodox array, no bubbles, no pauses.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -";

/// Refreshing Bubble Fizz Chess with its rule option `birth` (F2), the number of
/// steps one question about a turn may take (see [`STEP_BUDGET`]), and what is left of
/// the steps of the game it referees (see [`GAME_BUDGET`]): one value per game.
#[derive(Debug)]
pub struct BubbleFizz {
    pub birth: Birth,
    budget: usize,
    game: GameSteps,
}

impl Default for BubbleFizz {
    fn default() -> BubbleFizz {
        BubbleFizz::new(Birth::default())
    }
}

impl BubbleFizz {
    /// The variant with the option `birth` and the standard budget.
    pub fn new(birth: Birth) -> BubbleFizz {
        BubbleFizz { birth, budget: STEP_BUDGET, game: GameSteps::new(GAME_BUDGET) }
    }

    /// The variant with the rule options given (`birth=strike`; fizzle otherwise).
    pub fn with_options(options: &std::collections::BTreeMap<String, String>) -> BubbleFizz {
        let birth = match options.get("birth").map(String::as_str) {
            Some("strike") => Birth::Strike,
            _ => Birth::Fizzle,
        };
        BubbleFizz::new(birth)
    }

    /// The same variant allowed `steps` steps per question instead of
    /// [`STEP_BUDGET`] (tests reach the budget with small positions this way).
    pub fn with_budget(self, steps: usize) -> BubbleFizz {
        BubbleFizz { budget: steps, ..self }
    }

    /// The same variant with `steps` steps for all the questions of its game instead
    /// of [`GAME_BUDGET`].
    pub fn with_game_budget(self, steps: usize) -> BubbleFizz {
        BubbleFizz { game: GameSteps::new(steps), ..self }
    }

    /// Asks one question with a memo granted what the game has left, at most the
    /// question's budget, and takes what the question spent from the game.
    fn ask<T>(&self, question: impl FnOnce(&mut Memo) -> T) -> T {
        let mut memo = Memo::within(self.budget, self.game.left());
        let answer = question(&mut memo);
        self.game.spend(memo.spent());
        answer
    }

    /// Hands every legal turn of `pos` to `visit` as it is found, collecting none, so
    /// that a position with millions of turns costs memory linear in a turn's length;
    /// stops (and answers `true`) as soon as `visit` answers `true`.
    pub fn each_legal_turn(&self, pos: &Position, visit: &mut dyn FnMut(Turn) -> bool) -> bool {
        let mut played = Vec::with_capacity(4);
        generate::search(&TurnState::begin(pos), self.birth, MoveFilter::default(), &mut played, &mut |moves| {
            Turn::of_moves(moves).is_some_and(&mut *visit)
        })
    }
}

impl Rules for BubbleFizz {
    fn id(&self) -> &'static str {
        "bubble-fizz"
    }

    /// Pawns only advance and captures are for good (a strike is no capture, O6, and
    /// does not reset the clock).
    fn clock_reset_ends_repetition(&self) -> bool {
        true
    }

    /// Its search stops at a budget shared by the questions of a game.
    fn always_decides(&self) -> bool {
        false
    }

    /// Its search spends none when the side to move has no invigorated unit: its every
    /// turn is then one move, judged without a search (see
    /// `generate::any_legal_turn_beyond_plain`).
    fn answers_without_search(&self, pos: &Position) -> bool {
        turn_state::invigorated(pos, pos.turn()).is_empty()
    }

    fn start(&self) -> Position {
        crate::rules::setup::orthodox_array(TERRAIN.area, crate::geometry::Square::at(0, 0))
    }

    /// Turns whose first move is by `role` to `to`.
    fn legal_turns_to(&self, pos: &Position, filter: MoveFilter, out: &mut Vec<Turn>) {
        generate::legal_turns(&TurnState::begin(pos), self.birth, filter, out);
    }

    fn has_legal_turn(&self, pos: &Position) -> Judged<bool> {
        if safety::some_plain_first_move_is_safe(pos) {
            return Ok(true);
        }
        self.ask(|memo| generate::any_legal_turn_beyond_plain(&TurnState::begin(pos), self.birth, memo))
            .map_err(|over| over.undecided(pos.turn(), Question::LegalTurn))
    }

    fn play(&self, pos: &Position, turn: &Turn) -> Position {
        let mut st = TurnState::begin(pos);
        for mv in turn.moves() {
            st.apply(mv, self.birth);
        }
        st.finish().0
    }

    fn is_check(&self, pos: &Position) -> bool {
        safety::in_check(pos, pos.turn())
    }

    /// A turn of one move gives check as in chess, judged from the move (a unit it
    /// left paused attacks nothing, F8): the end of the turn adds no attacker but the
    /// mover's units that counted down to 0 (F5), which are looked at one by one, and
    /// otherwise only pauses units (births, entries, the rise).
    fn check_by_move(&self, after: &Position, mv: &Move) -> Option<bool> {
        let board = after.board();
        let counted_down = turn_state::invigorated(after, after.turn().other());
        if let (false, Some(king)) = (counted_down.is_empty(), board.king(after.turn())) {
            if safety::some_attacks(board, counted_down, king) {
                return Some(true);
            }
        }
        check_by_move::gives_check(after, &TERRAIN, mv)
    }

    /// F9: without a legal turn, a side in check is mated; otherwise it loses when
    /// one of its units is paused (counter 1-3) and draws when none is. Bare kings
    /// are no dead draw (F12, O3).
    fn outcome(&self, pos: &Position) -> Judged<Option<Outcome>> {
        if self.has_legal_turn(pos)? {
            return Ok(None);
        }
        let us = pos.turn();
        Ok(Some(if self.is_check(pos) {
            Outcome::win(us.other(), EndReason::Checkmate)
        } else if pos.board().occupied_by(us).iter().any(|sq| pos.board().counter(sq).is_some_and(|c| c > 0)) {
            Outcome::win(us.other(), EndReason::NoLegalTurn)
        } else {
            Outcome::draw(EndReason::Stalemate)
        }))
    }
}

impl Notation for BubbleFizz {
    fn explain_unreachable(&self, pos: &Position, written: &WrittenMove<'_>) -> Option<Refusal> {
        notation::unreachable(self, pos, written)
    }

    fn resolve(&self, pos: &Position, token: &TurnToken) -> Result<Resolved, ResolveError> {
        notation::resolve(self, pos, token)
    }

    fn resolve_into(&self, pos: &Position, token: &TurnToken, canonical: &mut String) -> Result<Turn, ResolveError> {
        let turn = notation::resolve_played(self, pos, &mut TurnState::begin(pos), None, token, canonical)?;
        crate::rules::san::write_if_as_written(token, canonical);
        Ok(turn)
    }

    /// The position after the turn is the state its resolution left, finished: the
    /// turn is played once, on `after` itself (the first part resolved knowing
    /// whether the side to move stands in check).
    fn resolve_and_play_knowing(
        &self,
        pos: &Position,
        in_check: Option<bool>,
        token: &TurnToken,
        canonical: &mut String,
        after: &mut Position,
    ) -> Result<Turn, ResolveError> {
        let mut st = TurnState::begin_in(pos, after);
        let turn = notation::resolve_played(self, pos, &mut st, in_check, token, canonical)?;
        st.finish_in_place();
        Ok(turn)
    }

    /// A turn of one move may be played on the replay's one position.
    fn plays_in_place(&self, token: &TurnToken) -> bool {
        token.parts().len() == 1
    }

    /// Played in place only when nothing can be left undecided after the turn, since
    /// the position before it is then gone: the side to move next holds no
    /// invigorated unit, so its every turn is one move and its search spends no
    /// steps (a turn ends no opponent's pause, F5: it only pauses). And only a move
    /// that attacks alone resolve and that leaves the king safe: any other is given
    /// back (`None`, `pos` as it was) to be resolved on a copy, where a refusal or a
    /// search leaves the position before it intact.
    fn resolve_and_play_in_place(
        &self,
        pos: &mut Position,
        in_check: Option<bool>,
        token: &TurnToken,
        canonical: &mut String,
    ) -> Option<Result<Turn, ResolveError>> {
        if !self.plays_in_place(token) || !turn_state::invigorated(pos, pos.turn().other()).is_empty() {
            return None;
        }
        notation::resolve_in_place(self, pos, in_check, token, canonical).map(Ok)
    }

    fn write_turn(&self, pos: &Position, turn: &Turn) -> Judged<String> {
        notation::write_turn(self, pos, turn)
    }
}

impl Snapshot for BubbleFizz {
    fn read_snapshot(&self, text: &str) -> Result<Position, SnapshotError> {
        snapshot::read(text)
    }

    fn write_snapshot(&self, pos: &Position) -> String {
        snapshot::write(pos, self.capturable_ep_square(pos))
    }
}

impl Presentation for BubbleFizz {
    fn describe_turn(&self, before: &Position, turn: &Turn) -> Vec<String> {
        caption::describe_turn(before, turn, self.birth)
    }

    fn describe_state(&self, pos: &Position) -> Vec<String> {
        caption::describe_state(pos)
    }

    fn unit_marks(&self, pos: &Position) -> Vec<UnitMarks> {
        caption::unit_marks(pos)
    }

    fn square_marks(&self, pos: &Position) -> Vec<SquareMarks> {
        caption::square_marks(pos)
    }
}
