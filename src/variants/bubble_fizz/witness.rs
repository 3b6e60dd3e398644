//! A goal-directed hunt for one legal end of a turn in progress (F6, F7), tried before
//! the full search of [`super::generate`]: where a crowd of invigorated units makes
//! the full search wander through every harmless reshuffle, a legal end is usually a
//! few purposeful moves away.
//!
//! First a planner, for the king staying where it is: it makes the routes of the
//! cover ([`cover::ways_to_answer`]) that bring a unit between the king and an
//! attacker, the units of ours on a route stepping off it first (and the units that
//! keep those in place, a few deep), one route per threat; a route of two moves that
//! this does not make is made again leg by leg, its second leg cleared once the first
//! is played.
//!
//! Then, for each square `K` where the king might end the turn (its own first, then the
//! squares its moves may reach), the hunt tries only moves with a purpose for that
//! square: a king move towards `K`, a move that comes between `K` and an enemy unit
//! that attacks it (or, under `birth=strike`, lands below that unit so that its bubble
//! strikes it), and a move that clears a square one of those needs (`K` itself, a
//! square on the way of a unit that could come between). Every turn it finds is
//! played out move by move and judged at its end like any other, so a find is a legal
//! end; a miss proves nothing, and the full search decides. Its steps come from the
//! question's budget, a bounded share of it (see `generate::Memo`).

use super::bubbles::{above, below, struck_by_rise, Birth};
use super::cover;
use super::generate::{next_moves, state_key};
use super::relevance::{reaches, step};
use super::safety;
use super::steps::Steps;
use super::turn_state::TurnState;
use crate::geometry::attacks::{self, between};
use crate::geometry::{Square, SquareSet};
use crate::rules::movegen::{is_immobile, MoveFilter};
use crate::rules::{Move, MoveKind, Role};
use std::collections::HashSet;

/// What a state of the hunt costs besides its routes (its key and its moves looked
/// at), in the refutation's steps.
const HUNT_STATE_STEPS: usize = 1_000;

/// What each move the hunt plays costs (the state copied and played), in the
/// refutation's steps.
const HUNT_MOVE_STEPS: usize = 300;

/// Whether the hunt finds a legal end of the turn in progress in `st` (at least one
/// move made), within `steps`.
pub(super) fn finds_end(st: &TurnState, birth: Birth, steps: &Steps) -> bool {
    let board = st.pos.board();
    let us = st.pos.turn();
    let Some(king) = board.king(us) else { return false };
    if st.count == 0 || st.captured {
        return false;
    }
    if planned(st, birth, steps, PLANNED_ROUTES) {
        return true;
    }
    // The king's own square first, then the squares one or two of its moves reach.
    let mut reached = SquareSet::EMPTY;
    if !is_immobile(board, king) && st.may_move(king) {
        let fixed = board.occupied_by(us.other());
        reached = step(Role::King, king, us, fixed).lands;
        if st.extras.contains(king) && !st.ordinary_used {
            let first = reached;
            for sq in &first {
                reached = reached.union(step(Role::King, sq, us, fixed).lands);
            }
        }
        reached.remove(king);
    }
    std::iter::once(king).chain(reached.iter()).any(|target| {
        let mut seen = HashSet::new();
        pursue(st, birth, target, steps, &mut seen)
    })
}

/// How many routes, one after another, the planner makes to answer the threats to a
/// king that stays (one per threat it answers).
const PLANNED_ROUTES: usize = 3;

/// How deep the planner follows units that must make way for units that must make way.
const MAKING_WAY_DEPTH: usize = 3;

/// The work the cover's routes may take at one step of the planner, in steps.
const ROUTE_WORK: usize = 50_000;

/// The planner: with the king staying where it is, take the routes the cover does not
/// rule out for a unit to come between it and an attacker (in one move or two), and
/// make each of them, moving out of its way first the units that stand on it (and the
/// units that keep those in place, a few deep). Each route made is played move by move
/// (every move one that may come next) and the turn judged at its end; another route
/// follows while threats are left, up to `routes` of them.
fn planned(st: &TurnState, birth: Birth, steps: &Steps, routes: usize) -> bool {
    if safety::safe_at_end(st) {
        return true;
    }
    let Some(king) = st.pos.board().king(st.pos.turn()) else { return false };
    if routes == 0 || !st.may_continue() || !steps.spend(HUNT_STATE_STEPS) {
        return false;
    }
    let work = Steps::new(ROUTE_WORK);
    let mut ways = cover::ways_to_answer(st, birth, king, &work);
    if !steps.spend(ROUTE_WORK - work.left()) {
        return false;
    }
    // Routes of one move first: they ask the fewest units to make way.
    ways.sort_by_key(|(_, legs)| legs[1].is_some());
    let checks = checking_units(st);
    let follow = |next: TurnState| {
        safety::safe_at_end(&next) || (checking_units(&next) < checks && planned(&next, birth, steps, routes - 1))
    };
    ways.into_iter().any(|(unit, legs)| {
        made(st, birth, unit, legs, steps).is_some_and(follow)
            || (legs[1].is_some() && made_leg_by_leg(st, birth, legs, steps).is_some_and(follow))
    })
}

/// How many unpaused enemy units could capture the mover's king as the board stands.
/// The planner follows a route made with more routes only when it leaves fewer of them:
/// a route whose making opened as many lines as it shut has brought the plan no nearer,
/// and following it as deep as the planner goes before the next route is tried would
/// spend the hunt's share on it.
fn checking_units(st: &TurnState) -> usize {
    let board = st.pos.board();
    let us = st.pos.turn();
    let Some(king) = board.king(us) else { return 0 };
    let attacking = |from: &Square| !is_immobile(board, *from) && safety::attacks_from(board, *from, king);
    board.occupied_by(us.other()).iter().filter(attacking).count()
}

/// The state after the route `legs` of two moves, made leg by leg: the units of ours
/// on the first leg's squares step off them (and off the second leg's), the first leg
/// is played, then the units on the second leg's squares step off (off that leg only:
/// a unit on the second leg may leave over the first, which the route's unit has
/// passed) and the second leg is played. This makes the routes whose second leg is
/// cleared only by a unit that must cross the first one after the route's unit has
/// passed it (a rook leaving the queen's diagonal by the rank the queen came along).
/// `None` when that or a move of the route cannot be made. Like [`made`], it only
/// plays moves that may come next, so what it makes is a real continuation, judged at
/// its end like any other.
fn made_leg_by_leg<'a>(st: &TurnState<'a>, birth: Birth, legs: cover::Legs, steps: &Steps) -> Option<TurnState<'a>> {
    let squares = |(from, to): (Square, Square)| between(from, to).union(SquareSet::only(to));
    let legs: Vec<(Square, Square)> = legs.iter().flatten().copied().collect();
    let mut next = st.clone();
    for (i, &(from, to)) in legs.iter().enumerate() {
        let rest = legs.get(i..).unwrap_or_default();
        let keep = rest.iter().fold(SquareSet::only(from), |acc, &leg| acc.union(squares(leg)));
        let lands: SquareSet = rest.iter().map(|&(_, to)| to).collect();
        let ours = next.pos.board().occupied_by(next.pos.turn());
        for blocker in &(squares((from, to)) & ours) {
            if blocker != from && !make_way(&mut next, birth, blocker, (keep, lands), MAKING_WAY_DEPTH, steps) {
                return None;
            }
        }
        play(&mut next, birth, steps, |mv| mv.from == from && mv.to == to)?;
    }
    Some(next)
}

/// The state after the route `legs` of the unit on `unit`, made from `st`: the units
/// of ours on its squares (those it passes and lands on) step off them first, onto
/// squares off the route; `None` when that or a move of the route cannot be made.
fn made<'a>(st: &TurnState<'a>, birth: Birth, unit: Square, legs: cover::Legs, steps: &Steps) -> Option<TurnState<'a>> {
    let (mut route, mut lands) = (SquareSet::only(unit), SquareSet::EMPTY);
    for (from, to) in legs.iter().flatten() {
        route = route.union(between(*from, *to)).union(SquareSet::only(*to));
        lands.insert(*to);
    }
    let mut next = st.clone();
    let ours = next.pos.board().occupied_by(next.pos.turn());
    for blocker in &(route & ours) {
        if blocker != unit && !make_way(&mut next, birth, blocker, (route, lands), MAKING_WAY_DEPTH, steps) {
            return None;
        }
    }
    for (from, to) in legs.iter().flatten() {
        play(&mut next, birth, steps, |mv| mv.from == *from && mv.to == *to)?;
    }
    Some(next)
}

/// Moves the unit on `sq` off it, without capturing, onto a square out of `keep` (the
/// route's squares) whose bubble pauses nothing the route needs (`lands`: where the
/// route's unit lands); when it cannot move yet, the units of ours right next to it
/// on its ways step aside first (up to `depth` deep). `false` when it stays.
fn make_way(
    st: &mut TurnState,
    birth: Birth,
    sq: Square,
    (keep, lands): (SquareSet, SquareSet),
    depth: usize,
    steps: &Steps,
) -> bool {
    // Off `keep`, and not making a bubble where the route lands (its unit would be
    // paused there) nor, under `birth=strike`, on a unit of ours on `keep` (a unit
    // that has yet to move).
    let (us, ours) = (st.pos.turn(), st.pos.board().occupied_by(st.pos.turn()));
    let harmless = |to: Square| {
        above(to, us)
            .is_none_or(|bubble| !lands.contains(bubble) && (birth == Birth::Fizzle || !(ours & keep).contains(bubble)))
    };
    let off = |mv: &Move| mv.from == sq && !mv.capture && !keep.contains(mv.to) && harmless(mv.to);
    // Gone already (making way for another, off `keep` too), or gone now.
    if st.pos.board().is_empty_at(sq) || play(st, birth, steps, off).is_some() {
        return true;
    }
    let board = st.pos.board();
    let them = us.other();
    let Some(piece) = board.get(sq) else { return false };
    if depth == 0 || is_immobile(board, sq) || !st.may_move(sq) {
        return false;
    }
    let next_to = match piece.role {
        Role::Knight => attacks::knight_attacks(sq),
        _ => attacks::king_attacks(sq),
    };
    let king = board.king(us).map_or(SquareSet::EMPTY, SquareSet::only);
    let waiting =
        (step(piece.role, sq, us, board.occupied_by(them)).lands & board.occupied_by(us) & next_to).difference(king);
    let keep = keep.union(SquareSet::only(sq));
    for other in &waiting {
        // Even a unit that fails to make way may have moved others, and freed a way.
        make_way(st, birth, other, (keep, lands), depth - 1, steps);
        if st.pos.board().is_empty_at(sq) || play(st, birth, steps, off).is_some() {
            return true;
        }
    }
    false
}

/// Plays the first move that may come next in `st` and that `wanted` accepts; `None`
/// when there is none or the steps run out (each look at the moves costs a move's
/// steps, played or not).
fn play(st: &mut TurnState, birth: Birth, steps: &Steps, wanted: impl Fn(&Move) -> bool) -> Option<()> {
    if !steps.spend(HUNT_MOVE_STEPS) {
        return None;
    }
    let mut moves = Vec::with_capacity(32);
    next_moves(st, MoveFilter::default(), &mut moves);
    let mv = moves.into_iter().find(|mv| wanted(mv) && !matches!(mv.kind, MoveKind::Castle { .. }))?;
    st.apply(&mv, birth);
    Some(())
}

/// The depth-first hunt for an end with the king on `target`.
fn pursue(st: &TurnState, birth: Birth, target: Square, steps: &Steps, seen: &mut HashSet<u128>) -> bool {
    if safety::safe_at_end(st) {
        return true;
    }
    if !st.may_continue() || !seen.insert(state_key(st)) || !steps.spend(HUNT_STATE_STEPS) {
        return false;
    }
    let Some(purpose) = Purpose::of(st, birth, target) else { return false };
    let mut moves = Vec::with_capacity(32);
    next_moves(st, MoveFilter::default(), &mut moves);
    let mut ranked: Vec<(u8, Move)> =
        moves.iter().filter_map(|mv| purpose.rank(st, mv).map(|rank| (rank, *mv))).collect();
    ranked.sort_by_key(|(rank, _)| *rank);
    for (_, mv) in ranked {
        if !steps.spend(HUNT_MOVE_STEPS) {
            return false;
        }
        let mut next = st.clone();
        next.apply(&mv, birth);
        if pursue(&next, birth, target, steps, seen) {
            return true;
        }
    }
    false
}

/// What the moves from one state may aim at, for the king ending on `target`.
struct Purpose {
    target: Square,
    king: Square,
    /// Squares where a unit of ours comes between `target` and an attacker.
    blocks: SquareSet,
    /// Squares where a landing makes a bubble on an attacker (`birth=strike`).
    strikes: SquareSet,
    /// Squares held by units of ours that must make way.
    clear: SquareSet,
}

impl Purpose {
    /// The purpose of the moves from `st`; `None` when an attacker of `target` can be
    /// neither blocked nor struck (the king cannot end there).
    fn of(st: &TurnState, birth: Birth, target: Square) -> Option<Purpose> {
        let board = st.pos.board();
        let us = st.pos.turn();
        let them = us.other();
        let king = board.king(us)?;
        let ours = board.occupied_by(us);
        let struck = struck_by_rise(&st.pos, us);
        let mut blocks = SquareSet::EMPTY;
        let mut strikes = SquareSet::EMPTY;
        for from in &board.occupied_by(them) {
            let Some(piece) = board.get(from) else { continue };
            if is_immobile(board, from) || struck.contains(from) || !reaches(piece.role, them, from, target) {
                continue;
            }
            let line = between(from, target);
            let shut = line.iter().any(|sq| sq != king && !board.is_empty_at(sq));
            if shut {
                continue;
            }
            let below = match birth {
                Birth::Strike => below(from, us),
                Birth::Fizzle => None,
            };
            if line.is_empty() && below.is_none() {
                return None;
            }
            blocks = blocks.union(line);
            strikes = strikes.union(below.into_iter().collect());
        }
        let mut clear = SquareSet::EMPTY;
        if king != target && ours.contains(target) {
            clear.insert(target);
        }
        // Units of ours standing in the way of a unit that could come between.
        let fixed = board.occupied_by(them);
        for sq in &blocks {
            for from in &ours.difference(SquareSet::only(king)) {
                let Some(piece) = board.get(from) else { continue };
                if st.may_move(from)
                    && !is_immobile(board, from)
                    && step(piece.role, from, us, fixed).lands.contains(sq)
                {
                    clear = clear.union(between(from, sq) & ours);
                }
            }
        }
        Some(Purpose { target, king, blocks, strikes, clear })
    }

    /// How soon to try `mv` (lower first), or `None` when it serves no purpose.
    fn rank(&self, st: &TurnState, mv: &Move) -> Option<u8> {
        if matches!(mv.kind, MoveKind::Castle { .. }) || mv.capture {
            return None;
        }
        if mv.from == self.king {
            let us = st.pos.turn();
            let closer = mv.to == self.target || reaches(Role::King, us, mv.to, self.target);
            return (self.king != self.target && closer).then_some(1);
        }
        if self.blocks.contains(mv.to) || self.strikes.contains(mv.to) {
            Some(0)
        } else if self.clear.contains(mv.from) && !self.clear.contains(mv.to) && mv.to != self.target {
            Some(2)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::bubbles::Birth;
    use super::super::turn_state::{after_moves, TurnState};
    use super::{finds_end, Steps};

    /// The white king on f2 in check from three queens, seventeen invigorated units
    /// around it.
    const CROWD: &str = "1Bqn3R/1k6/2qP3N/1qb2PP1/2P1N1NN/3RP1qQ/qq3K1Q/2R1q1RR w - - 0 1 \
                         a8w,a7b,e5b,h5w,d4b,f4w,a3b,d2w,b1b \
                         b8:0,h8:0,d6:0,h6:0,f5:0,g5:1,c4:0,e4:0,g4:0,h4:0,d3:0,e3:0,h3:0,h2:0,c1:0,g1:0,h1:0";

    fn after(fen: &str, from: &str, to: &str) -> TurnState<'static> {
        after_moves(fen, &[(from, to)], Birth::Fizzle)
    }

    #[test]
    fn the_king_is_walked_out_of_the_crowd_in_a_few_states() {
        // After the knight leaves e4 the pawn on e3 can make way, the king step to e3
        // and three units shut the lines to it.
        let steps = Steps::new(100_000);
        assert!(finds_end(&after(CROWD, "e4", "d2"), Birth::Fizzle, &steps));
        assert!(steps.left() > 0);
        // With too few steps the hunt gives up: a miss, not a verdict.
        assert!(!finds_end(&after(CROWD, "e4", "d2"), Birth::Fizzle, &Steps::new(2_000)));
    }

    /// Rooks stacked over invigorated pawns on three files, a black rook and bishop
    /// among them, more invigorated rooks, a knight and a queen above; the king on h1
    /// checked along the first rank (a fuzz seed, once beyond the budget).
    const STACKS_UNDER_A_CROWD: &str = "k1r5/8/1R2NR2/4R1QR/1R1R1nr1/PRPRbRP1/1PrP1P1P/r6K w - - 0 1 - \
                                        b6:0,e6:0,e5:0,h5:0,b4:0,d4:0,a3:2,b3:0,c3:2,d3:0,f3:0,g3:2,b2:0,d2:0,\
                                        f2:0,h2:2,g5:0,f6:1";

    #[test]
    fn the_stacks_under_a_crowd_have_a_legal_turn_the_planner_makes() {
        // Six moves: the knight makes way for the rook on e5, which leaves the fifth
        // rank; the rook on d4 makes way for the rook on d3, which leaves the queen's
        // diagonal; the queen goes round by b5 to f1 and shuts the first rank. The
        // hunt's moves with a purpose do not find it; the planner makes the queen's
        // route, with the units in its way and the unit that keeps one of them in place
        // moved first.
        let turn = [("e6", "c7"), ("e5", "e7"), ("d4", "e4"), ("d3", "d4"), ("g5", "b5"), ("b5", "f1")];
        for birth in [Birth::Fizzle, Birth::Strike] {
            let st = after_moves(STACKS_UNDER_A_CROWD, &turn, birth);
            assert!(super::safety::safe_at_end(&st), "{birth:?}");
            for (from, to) in [("e6", "c7"), ("h5", "h8"), ("b6", "b8")] {
                let first = after_moves(STACKS_UNDER_A_CROWD, &[(from, to)], birth);
                let steps = Steps::new(1_000_000);
                assert!(super::planned(&first, birth, &steps, super::PLANNED_ROUTES), "{birth:?} after {from}{to}");
                let steps = Steps::new(1_000_000);
                assert!(finds_end(&first, birth, &steps), "{birth:?} after {from}{to}");
            }
        }
    }
}
