//! Which units can matter for the rest of a turn (F6, F7): the exact pruning that keeps
//! "can this turn still end legally?" from trying every order of every unit's moves.
//!
//! Used only inside a turn of several moves (at least one move made, so no move that
//! follows captures). Enemy units then stay where they are, and the king's safety at
//! the end (F7) depends only on: the king's square, the occupancy of the squares
//! between it and the enemy's line-movers (unpaused ones; a pause never ends during
//! the turn), which enemy units are paused (strikes by births under `birth=strike`,
//! and the rise, which our moves can only weaken by removing enemy bubbles), and
//! nothing else. Each unit that may still move gets a *footprint*: every square it
//! could start on, pass, land on or make a bubble on in the rest of the turn, computed
//! with only the units that can no longer move as obstacles (so it covers every way
//! the others might move). The part of it that needs the turn's one ordinary move is
//! kept apart, because two units can never both use it.
//!
//! The relevant units are the least set that holds the king and every unit whose
//! footprint meets the *goal squares* (the squares between an enemy line-mover and
//! any square the king may end on or cross, and under `birth=strike` the squares of
//! the enemy units that could attack one of those on some board) or the footprint of
//! a relevant unit, the king's included (two ordinary-move parts of different units
//! never meet). Claim: if the turn can end legally, it can do so with moves of
//! relevant units only. Take a legal completion and delete the moves of
//! the other units. The kept moves stay valid: no deleted unit ever stood on, left,
//! made a bubble on or removed a bubble from a square a kept move uses (footprints are
//! disjoint, and at most one unit used the ordinary move), and resources only grow.
//! The end stays safe: the king ends where it did, no deleted unit touched a goal
//! square (so every line to the king is as blocked as before and no enemy unit that
//! could attack the king lost a strike), and deleted moves can only have removed enemy bubbles, whose rise
//! pauses units and never helps an attacker. So the search may try only the moves of
//! relevant units. Castling moves two units and is judged on more squares: while the
//! mover may castle, all it may touch counts as the king's (and the lines to the
//! squares the king crosses are watched).

use super::bubbles::{above, above_each, Birth};
use super::turn_state::TurnState;
use super::TERRAIN;
use crate::geometry::attacks::{
    between, bishop_attacks, bishop_lines, grid, king_attacks, knight_attacks, rook_attacks, rook_lines,
};
use crate::geometry::{Delta, Square, SquareSet};
use crate::rules::castling;
use crate::rules::movegen::is_immobile;
use crate::rules::{Color, Role, Wing};

/// Where a unit may go in the rest of the turn: the part it can do with its own
/// extra move, and the part that needs the turn's ordinary move.
struct Footprint {
    own: SquareSet,
    ordinary: SquareSet,
    /// Squares it may end the turn on (for the king: where lines must be watched).
    ends: SquareSet,
}

/// The squares of the mover's units whose moves the search must try from `st`.
pub(super) fn relevant_units(st: &TurnState, birth: Birth) -> SquareSet {
    let pos = &st.pos;
    let board = pos.board();
    let us = pos.turn();
    let movers = st.movers();
    let Some(king) = board.king(us) else { return movers };
    // A rook that may castle moves with its king even when it may not move itself.
    let castling_rooks: SquareSet = pos.castling().rights().filter(|(c, _, _)| *c == us).map(|(_, _, r)| r).collect();
    let fixed: SquareSet =
        board.occupied().iter().filter(|sq| !movers.contains(*sq) && !castling_rooks.contains(*sq)).collect();
    let footprint_of = |sq: Square| footprint(st, fixed, sq);
    let king_print = footprint_of(king);
    let castling = castling_reach(st, fixed, king);
    let mut goal = lines_to(st, king_print.ends.union(single(king)).union(castling));
    if birth == Birth::Strike {
        goal = goal.union(possible_attackers(st, king_print.ends.union(single(king)).union(castling)));
    }
    // The king is relevant, with its footprint like any unit's; castling counts as
    // part of both the king's and the rook's, whichever move it spends.
    let mut plain = goal.union(king_print.own).union(castling);
    let mut any = plain.union(king_print.ordinary);
    let mut relevant = single(king);
    let mut waiting: Vec<(Square, Footprint)> =
        movers.iter().filter(|&sq| sq != king).map(|sq| (sq, footprint_of(sq))).collect();
    loop {
        let before = waiting.len();
        let mut still = Vec::with_capacity(before);
        for (sq, print) in waiting {
            if meets(print.own, any) || meets(print.ordinary, plain) {
                relevant.insert(sq);
                plain = plain.union(print.own);
                any = any.union(print.own).union(print.ordinary);
            } else {
                still.push((sq, print));
            }
        }
        waiting = still;
        if waiting.len() == before {
            return relevant;
        }
    }
}

/// Castling (F6) moves king and rook at once: the back-rank squares from either of
/// them to either destination, the bubbles born above the destinations, and one more
/// move of each from there.
fn castling_reach(st: &TurnState, fixed: SquareSet, king: Square) -> SquareSet {
    let us = st.pos.turn();
    let rank = TERRAIN.castling.back_rank_of(us);
    let mut reach = SquareSet::EMPTY;
    for (_, wing, rook) in st.pos.castling().rights().filter(|(color, _, _)| *color == us) {
        let [queen_side, king_side] = TERRAIN.castling.king_files;
        let king_file = if wing == Wing::King { king_side } else { queen_side };
        let Some(king_to) = Square::new(king_file, rank) else { continue };
        let rook_to = castling::rook_beside(king_to, wing);
        let files = [king.file(), rook.file(), king_to.file(), rook_to.file()];
        let (low, high) = (files.iter().min().copied().unwrap_or(0), files.iter().max().copied().unwrap_or(0));
        reach = reach.union((low..=high).filter_map(|file| Square::new(file, rank)).collect());
        for (role, sq) in [(Role::King, king_to), (Role::Rook, rook_to)] {
            reach = reach.union(step(role, sq, us, fixed).touched);
            reach = reach.union(above(sq, us).into_iter().collect());
        }
    }
    reach
}

/// Whether two sets share a square.
fn meets(a: SquareSet, b: SquareSet) -> bool {
    a.iter().any(|sq| b.contains(sq))
}

fn single(sq: Square) -> SquareSet {
    std::iter::once(sq).collect()
}

/// The footprint of the unit on `from` for the rest of the turn in `st`.
fn footprint(st: &TurnState, fixed: SquareSet, from: Square) -> Footprint {
    let board = st.pos.board();
    let us = st.pos.turn();
    let Some(piece) = board.get(from) else {
        return Footprint { own: SquareSet::EMPTY, ordinary: SquareSet::EMPTY, ends: SquareSet::EMPTY };
    };
    let has_extra = st.extras.contains(from);
    let has_ordinary = !st.ordinary_used;
    let one = step(piece.role, from, us, fixed);
    let mut own = single(from);
    let mut ordinary = SquareSet::EMPTY;
    let mut ends = SquareSet::EMPTY;
    if has_extra {
        own = own.union(one.touched);
        ends = ends.union(one.lands);
    }
    if has_ordinary {
        ordinary = ordinary.union(one.touched);
        ends = ends.union(one.lands);
        if has_extra {
            for landing in &one.lands {
                for role in roles_after(piece.role, landing, us) {
                    let two = step(role, landing, us, fixed);
                    ordinary = ordinary.union(two.touched);
                    ends = ends.union(two.lands);
                }
            }
        }
    }
    Footprint { own, ordinary, ends }
}

/// The roles a unit of `role` may have after landing on `sq` (a pawn may promote).
pub(super) fn roles_after(role: Role, sq: Square, us: Color) -> impl Iterator<Item = Role> {
    let (first, second) = if role == Role::Pawn && sq.rank() == TERRAIN.pawns.last_rank_of(us) {
        (Role::Queen, Some(Role::Knight))
    } else {
        (role, None)
    };
    std::iter::once(first).chain(second)
}

/// One non-capturing move of a unit, over every board the turn might still make.
pub(super) struct Step {
    /// Squares it may land on.
    pub(super) lands: SquareSet,
    /// Landings, squares passed over and the squares of the bubbles it makes.
    pub(super) touched: SquareSet,
}

/// The squares one move of `role` from `from` may land on or make a bubble on, with
/// `fixed` (units that will not move again this turn) as the only obstacles.
pub(super) fn step(role: Role, from: Square, us: Color, fixed: SquareSet) -> Step {
    let open = |sq: &Square| TERRAIN.area.contains(*sq) && !fixed.contains(*sq);
    let lands = if role == Role::Pawn {
        let mut lands = SquareSet::EMPTY;
        let forward = Delta::new(0, us.forward());
        if let Some(one) = from.step(forward).filter(open) {
            lands.insert(one);
            let ranks = TERRAIN.pawns.double_step_ranks.get(us.index()).copied().unwrap_or(0);
            let double = ranks & (1 << from.rank()) != 0;
            if let Some(two) = one.step(forward).filter(open).filter(|_| double) {
                lands.insert(two);
            }
        }
        lands
    } else {
        reach_on_board(role, from, fixed).difference(fixed)
    };
    let births = above_each(lands, us);
    Step { lands, touched: lands.union(births) }
}

/// The squares strictly between any unpaused enemy line-mover and any of `targets`
/// (where the mover's king may end the turn): a unit there blocks or opens a check.
fn lines_to(st: &TurnState, targets: SquareSet) -> SquareSet {
    let board = st.pos.board();
    let them = st.pos.turn().other();
    let mut lines = SquareSet::EMPTY;
    for from in &board.occupied_by(them) {
        let Some(piece) = board.get(from) else { continue };
        if is_immobile(board, from) {
            continue;
        }
        let reach = match piece.role {
            Role::Rook => rook_lines(from),
            Role::Bishop => bishop_lines(from),
            Role::Queen => rook_lines(from).union(bishop_lines(from)),
            _ => continue,
        };
        for to in &(reach & targets) {
            lines = lines.union(between(from, to));
        }
    }
    lines
}

/// The squares of the board a unit of `role` (not a pawn) on `from` reaches, each line
/// ending at its first square of `blockers`, that square included.
fn reach_on_board(role: Role, from: Square, blockers: SquareSet) -> SquareSet {
    let area = SquareSet::of_rect(TERRAIN.area);
    let stops = blockers.union(grid().difference(area));
    let reach = match role {
        Role::Knight => knight_attacks(from),
        Role::King => king_attacks(from),
        Role::Bishop => bishop_attacks(from, stops),
        Role::Rook => rook_attacks(from, stops),
        Role::Queen => rook_attacks(from, stops).union(bishop_attacks(from, stops)),
        Role::Pawn => SquareSet::EMPTY,
    };
    reach & area
}

/// A quick refutation, exact as a necessary condition: whether every square where the
/// king could end the turn is attacked by an enemy unit that no move can stop (a
/// knight, pawn or king, or a line unit standing next to it: nothing can come
/// between) and that no enemy bubble is about to strike. Under `birth=strike` it
/// answers `false` (a birth may pause an attacker). Castling is left out, exactly:
/// asked only inside a turn (a move made), where a castling is legal only when the
/// king is not attacked as it is played, and the turn may then end just before it
/// with the king on its square (see [`super::cover`]). The king moving once must
/// find its square empty or emptied by a unit with an extra move, since the king's
/// one move takes the only ordinary one when it has no extra of its own (and the
/// other way round).
pub(super) fn king_is_lost(st: &TurnState, birth: Birth) -> bool {
    let pos = &st.pos;
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king(us) else { return false };
    if birth == Birth::Strike || st.count == 0 {
        return false;
    }
    let movable = !is_immobile(board, king) && st.may_move(king);
    let moves = if movable { usize::from(st.extras.contains(king)) + usize::from(!st.ordinary_used) } else { 0 };
    let fixed: SquareSet = board.occupied_by(us.other());
    let mut ends = single(king);
    match moves {
        0 => {}
        1 => {
            let vacated = |sq: &Square| makes_way_with_extra(st, *sq);
            ends = ends.union(step(Role::King, king, us, fixed).lands.iter().filter(vacated).collect());
        }
        _ => {
            for first in &step(Role::King, king, us, fixed).lands {
                ends.insert(first);
                ends = ends.union(step(Role::King, first, us, fixed).lands);
            }
        }
    }
    ends.iter().all(|sq| unstoppable_attack(st, sq))
}

/// Whether `sq` is empty, or can be emptied for the king's step when the king takes
/// the turn's ordinary move: the unit of ours on it leaves first with its extra move,
/// without capturing, past the units that will not move again (the enemy's, ours
/// without an extra, and the king, which moves last).
pub(super) fn makes_way_with_extra(st: &TurnState, sq: Square) -> bool {
    let board = st.pos.board();
    if board.is_empty_at(sq) {
        return true;
    }
    let king = board.king(st.pos.turn()).map_or(SquareSet::EMPTY, single);
    let stayers = board.occupied().difference(st.extras.difference(king));
    st.extras.contains(sq) && can_step_off(st, sq, stayers)
}

/// Whether the unit of ours on `sq` has a move off it that the units on `stayers` (the
/// units that will not move before it) do not stop. Nothing is captured after the first
/// move of a turn, so it may land only where nothing stays, and every other unit of
/// ours on the squares that move passes over or lands on must have left first, by a
/// move that neither crosses `sq` (the unit is still there) nor meets a stayer.
pub(super) fn can_step_off(st: &TurnState, sq: Square, stayers: SquareSet) -> bool {
    let board = st.pos.board();
    let us = st.pos.turn();
    let Some(unit) = board.get(sq) else { return false };
    let held = stayers.union(single(sq));
    let leaves = |v: Square| board.get(v).is_some_and(|other| !step(other.role, v, us, held).lands.is_empty());
    step(unit.role, sq, us, stayers).lands.iter().any(|to| {
        let way = between(sq, to).union(single(to));
        (way & board.occupied_by(us)).iter().all(leaves)
    })
}

/// The unpaused enemy units that could attack one of `targets` on some board: a
/// bubble born on them (`birth=strike`) may matter; on the others it cannot.
fn possible_attackers(st: &TurnState, targets: SquareSet) -> SquareSet {
    let board = st.pos.board();
    let them = st.pos.turn().other();
    board
        .occupied_by(them)
        .iter()
        .filter(|from| !is_immobile(board, *from))
        .filter(|from| {
            board.get(*from).is_some_and(|piece| targets.iter().any(|to| reaches(piece.role, them, *from, to)))
        })
        .collect()
}

/// Whether a unit of `role` and `color` on `from` attacks `to` on an empty board.
pub(super) fn reaches(role: Role, color: Color, from: Square, to: Square) -> bool {
    let (files, ranks) = (i16::from(to.file()) - i16::from(from.file()), i16::from(to.rank()) - i16::from(from.rank()));
    let (across, up) = (files.abs(), ranks.abs());
    let straight = (files == 0) != (ranks == 0);
    let diagonal = across == up && across > 0;
    match role {
        Role::Knight => (across, up) == (1, 2) || (across, up) == (2, 1),
        Role::Pawn => across == 1 && ranks == i16::from(color.forward()),
        Role::King => across.max(up) == 1,
        Role::Rook => straight,
        Role::Bishop => diagonal,
        Role::Queen => straight || diagonal,
    }
}

/// Whether an unpaused enemy unit attacks `sq` whatever stands between, and no enemy
/// bubble will strike it at the end of the turn.
fn unstoppable_attack(st: &TurnState, sq: Square) -> bool {
    let board = st.pos.board();
    let them = st.pos.turn().other();
    let struck: SquareSet = st.pos.bubbles(them).iter().filter_map(|b| above(b, them)).collect();
    board.occupied_by(them).iter().any(|from| {
        let Some(piece) = board.get(from) else { return false };
        if is_immobile(board, from) || struck.contains(from) {
            return false;
        }
        let delta = (i16::from(sq.file()) - i16::from(from.file()), i16::from(sq.rank()) - i16::from(from.rank()));
        let next_to = delta.0.abs() <= 1 && delta.1.abs() <= 1 && delta != (0, 0);
        let straight = delta.0 == 0 || delta.1 == 0;
        match piece.role {
            Role::Knight => (delta.0.abs(), delta.1.abs()) == (1, 2) || (delta.0.abs(), delta.1.abs()) == (2, 1),
            Role::Pawn => delta.0.abs() == 1 && delta.1 == i16::from(them.forward()),
            Role::King | Role::Queen => next_to,
            Role::Rook => next_to && straight,
            Role::Bishop => next_to && !straight,
        }
    })
}

/// What the rest of the turn in `st` (at least one move made, so nothing is captured
/// any more) can look at: the movers (units of ours that may still move) and the
/// *region*, the squares whose content (unit, counter, bubble) a continuation may read
/// or change, besides the enemy's units and bubbles. See [`super::generate::memo_key`]
/// for why two states that agree on these end legally alike.
///
/// The region holds, for each mover, every square one of its moves (two when it holds
/// an extra and the ordinary move is free, the second from each first landing) may
/// land on or make a bubble on, and the first unit that stops each of its lines, with
/// only the units that are not movers as obstacles (the real board has more, so a
/// real move reads no farther); and the king's square and the squares between any
/// unpaused enemy line unit and it or a square one or two of its moves may reach (the
/// king's safety at the end reads nothing else of our side's units).
pub(super) fn seen_region(st: &TurnState) -> (SquareSet, SquareSet) {
    let pos = &st.pos;
    let board = pos.board();
    let us = pos.turn();
    let movers = st.movers();
    let fixed = board.occupied().difference(movers);
    let mut region = SquareSet::EMPTY;
    let mut king_ends = SquareSet::EMPTY;
    for from in &movers {
        let Some(piece) = board.get(from) else { continue };
        let twice = st.extras.contains(from) && !st.ordinary_used;
        let one = sight(piece.role, from, us, fixed);
        region = region.union(one.touched);
        let mut ends = one.lands;
        if twice {
            for landing in &one.lands {
                for role in roles_after(piece.role, landing, us) {
                    let two = sight(role, landing, us, fixed);
                    region = region.union(two.touched);
                    ends = ends.union(two.lands);
                }
            }
        }
        if piece.role == Role::King {
            king_ends = ends;
        }
    }
    if let Some(king) = board.king(us) {
        region = region.union(single(king)).union(lines_to(st, king_ends.union(single(king))));
    }
    (movers, region)
}

/// The movers of `st` and the squares whose content the memo key of
/// [`super::generate::memo_key`] reads: the region of [`seen_region`], the movers, and
/// the enemy's units and bubbles.
pub(super) fn shown_squares(st: &TurnState) -> (SquareSet, SquareSet) {
    let (movers, region) = seen_region(st);
    let them = st.pos.turn().other();
    let shown = region.union(movers).union(st.pos.board().occupied_by(them)).union(st.pos.bubbles(them));
    (movers, shown)
}

/// [`step`], with the squares of the units (of `fixed`) that stop its lines or steps
/// counted as touched too: what one move from `from` may read of the board.
fn sight(role: Role, from: Square, us: Color, fixed: SquareSet) -> Step {
    let on_board = |sq: &Square| TERRAIN.area.contains(*sq);
    let (touched, lands) = if role == Role::Pawn {
        let mut touched = SquareSet::EMPTY;
        let mut lands = SquareSet::EMPTY;
        let forward = Delta::new(0, us.forward());
        if let Some(one) = from.step(forward).filter(on_board) {
            touched.insert(one);
            // The two-square advance is counted from any rank: more region is
            // only less merging.
            if !fixed.contains(one) {
                lands.insert(one);
                if let Some(two) = one.step(forward).filter(on_board) {
                    touched.insert(two);
                    if !fixed.contains(two) {
                        lands.insert(two);
                    }
                }
            }
        }
        (touched, lands)
    } else {
        let touched = reach_on_board(role, from, fixed);
        (touched, touched.difference(fixed))
    };
    let births = above_each(lands, us);
    Step { lands, touched: touched.union(births) }
}
