//! A refutation for "can this turn still end legally?" (F6, F7), exact as a
//! necessary condition and polynomial: every check the king could face where it ends
//! the turn must be answered by the units that may still move, one route each, and a
//! table of the threats they can answer together says whether they can.
//!
//! Used inside a turn of several moves (at least one move made), so nothing is
//! captured any more: the enemy units stay where they are, and the units of ours that
//! may not move (paused, or without a move left) stay too; the other units of ours
//! are the *movers*.
//!
//! For a square `K` where the king may end the turn, a *threat* is an enemy unit `A`
//! that is unpaused now, that no enemy bubble is about to strike by the rise (not
//! counting the bubbles the king's steps take away: one on a square it lands on, one
//! just above it, where its own bubble is born), and that attacks `K` on the empty
//! board with no enemy unit and no unit of ours that stays between them. If the turn
//! ends legally with the king on `K`, `A` does not capture it at the end: `A` stays
//! unpaused unless a bubble born on it strikes it (`birth=strike`: some unit of ours
//! *lands* on the square below `A`, in our up direction), since entering a bubble needs a move and the rise can only strike
//! units it would strike now; and an unpaused `A` is stopped only by a unit standing
//! between it and `K` at the end, which must then be a mover that *ends* there (a
//! jumper, pawn or king cannot be stopped that way). So each threat is *answered* by
//! a mover: by its last square (lines from `K` in different directions share no
//! square, so a unit's last square answers at most one threat) or by one of its
//! landings (at most two, one per move).
//!
//! Each mover's *routes* (where it ends and what it lands on: staying, one move, two
//! when it holds an extra and the ordinary move is free) are taken over every board
//! the turn might still make, with the staying units as the only obstacles. A move by
//! an invigorated unit spends its extra first, and the turn's one ordinary move is
//! spent by at most one unit. So a legal end gives a plan of the king (where it ends,
//! whether it spends the ordinary move), a holder of the ordinary move and, for each
//! mover, the route it took, and those routes together answer every threat. The check grows the table of the sets of
//! threats answerable by the movers seen so far, mover by mover; when no plan and no
//! holder reach the full set, no order of moves ends the turn legally.
//!
//! The routes also respect the order of moves, exactly as a necessary condition. A
//! mover that does not hold the ordinary move makes one move at most, its extra. So
//! when a route passes over or lands on a square held now by another mover `v`
//! (the king left out), `v` must leave before that move of the route and stand clear
//! of every square the route sweeps afterwards; while the route's unit has not moved
//! it still stands on its own square, and between its two moves on its first
//! landing. A unit of ours standing on `v`'s way out must leave before `v` does,
//! without passing `v`'s square, and if it has no extra it can leave only with the
//! ordinary move, which it must then hold; making one move, it stays where it lands,
//! off `v`'s way and off what the route sweeps afterwards. When no single move of `v` does that (or
//! `v` has no extra), the route is possible only if `v` holds the ordinary move, and
//! for a route of one move (its unit holds nothing and stays put until it moves) only
//! if `v` can leave in two moves that keep clear of that unit. A route of the holder itself needs every other mover
//! to step aside alone. The table is then grown once per holder with the routes each
//! holder allows. This refutes jams: a pawn under a rook that could block below it
//! can leave only after the rook, and stays in its way.
//!
//! A mover that answers a threat by standing where it is cannot also make way for a
//! route that passes its square. For the few movers of which both are asked (at most
//! [`MAX_TORN`]), each choice of those that stay is weighed apart: they keep only their
//! staying, the others answer nothing by it, and no route passes the ones that stay.
//!
//! A mover with no move at all, the units that stay standing on every square one of
//! its moves could reach (a pawn under an enemy unit), never moves: it is counted
//! among the units that stay, and so, in turn, are the movers hemmed in by it alone.
//!
//! The order of moves asks more, each exactly as a necessary condition. The unit on
//! the king's first landing moves before the king does, and so does every move its
//! route waits for: its route of one move is weighed with the king's square held for
//! them ([`Route::needs_early`]), and under `birth=strike` its first move cannot land
//! just below the king (the bubble would strike it, and a paused king does not move).
//! A route weighed as its unit's holding the ordinary move holds in place the movers
//! without an extra, which then do not move at all; so does every route of a plan whose
//! king spends the ordinary move ([`Route::needs_when`]). And a mover that a route passes
//! steps off with its own first move: [`obstruction`] lists where each may land doing
//! so, and for a few movers asked both to step off and to answer a threat (by staying
//! or by a route whose first move lands elsewhere) the plan is weighed apart with them
//! passed by no route taken, or passed, their staying and such routes then answering
//! nothing (see `plan_may_work`).
//!
//! A route of two moves ending its first on a bubble stops there: its unit is paused
//! (F3, F6), unless another mover with an extra can land on the square below that
//! bubble first (a birth on a bubble removes both, F2) and stand clear of the route
//! from then on, since the route's unit holds the ordinary move (see [`Clearers`]).
//! The king's two steps are judged the same way.
//!
//! Castling is left out, exactly: it is legal only when the king is not in check as
//! it is played (F6, F8), and the state just before it then already ends legally
//! (F7 asks the same of the king, and the rise only pauses units), so a turn that can
//! end legally after a castling can end legally without it and what follows.
//!
//! The cost is polynomial: at most 25 king squares times at most 17 holders times at
//! most 2^[`MAX_TORN`] choices of who stays, each a
//! table of at most 2^T sets of the T threats (T <= 8 under `birth=fizzle`: one line
//! per direction; see [`MAX_THREATS`]), grown over at most 16 movers with at most
//! 1 + m + m^2 routes each (m the unit's moves, 27 at most); what a route needs from
//! the others costs at most 14 swept squares times 27 + 27^2 ways out. On a board
//! crowded with queens that is still millions of steps, so a state spends at most
//! [`COVER_WORK`] of them; past that the refutation gives up where it stands, which
//! weakens it but keeps it exact.

use super::bubbles::{above, below, struck_by_rise_without, Birth};
use super::relevance::{can_step_off, makes_way_with_extra, reaches, roles_after, step};
use super::steps::Steps;
use super::turn_state::TurnState;
use crate::geometry::attacks::between;
use crate::geometry::{Square, SquareSet};
use crate::rules::movegen::is_immobile;
use crate::rules::{Color, Role};

/// Where the king ends the turn, what it spends, and what its moves land on.
struct KingPlan {
    ends: Square,
    spends_ordinary: bool,
    /// Squares the king lands on on the way.
    landings: SquareSet,
    /// The king's moves (none when it stays).
    legs: [Option<(Square, Square)>; 2],
}

/// One way a mover may spend the rest of the turn: where it ends, what it lands on,
/// its moves (at most two) and who must hold the ordinary move for it to be possible.
#[derive(Clone, Copy)]
struct Route {
    ends: Square,
    landings: SquareSet,
    legs: [Option<(Square, Square)>; 2],
    needs: Needs,
    /// What a route of one move needs when that move comes while the king still
    /// stands on its square (its unit stands on the king's first landing, which it
    /// must leave before the king comes): the same, with the king's square held for
    /// every move the route waits for (see [`obstruction`]).
    needs_early: Needs,
    /// The movers standing in the route's way, each with where it may land when it
    /// steps off (see [`obstruction`]): a range of [`Reach::ways`]; and the same for
    /// [`Route::needs_early`]. A mover not listed may land anywhere.
    ways: Ways,
    ways_early: Ways,
    /// The same two when no mover without an extra moves (the king's plan spends the
    /// ordinary move, or the route's unit holds it): those movers are held in place.
    frozen: (Needs, Ways),
    early_frozen: (Needs, Ways),
    /// The other movers standing now on squares the route passes over or lands on:
    /// each must have moved before, so none of them can stay put all turn.
    displaces: SquareSet,
}

impl Route {
    /// What the route needs and where the movers in its way may land stepping off:
    /// `early` for a route of the unit on the king's first landing (its routes of one
    /// move), `frozen` when no mover without an extra moves.
    fn needs_when(&self, early: bool, frozen: bool) -> (Needs, Ways) {
        match (early && self.legs[1].is_none(), frozen) {
            (false, false) => (self.needs, self.ways),
            (true, false) => (self.needs_early, self.ways_early),
            (false, true) => self.frozen,
            (true, true) => self.early_frozen,
        }
    }
}

/// Which other mover must hold the turn's ordinary move for a route to be possible:
/// a mover standing in the route's way that cannot step out of it with its extra
/// alone (see [`obstruction`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Needs {
    Nothing,
    Holder(Square),
    Impossible,
}

impl Needs {
    /// Both conditions at once: two different holders cannot both be needed.
    fn and(self, other: Needs) -> Needs {
        match (self, other) {
            (Needs::Nothing, other) | (other, Needs::Nothing) => other,
            (Needs::Holder(a), Needs::Holder(b)) if a == b => Needs::Holder(a),
            _ => Needs::Impossible,
        }
    }

    /// Either condition: what both allow, and nobody in particular when they name
    /// different holders.
    fn or(self, other: Needs) -> Needs {
        match (self, other) {
            (Needs::Impossible, other) | (other, Needs::Impossible) => other,
            (Needs::Holder(a), Needs::Holder(b)) if a == b => Needs::Holder(a),
            _ => Needs::Nothing,
        }
    }
}

/// What one mover may do in the rest of the turn: `[without, with]` the ordinary move.
struct Reach {
    from: Square,
    routes: [Vec<Route>; 2],
    /// The movers in the way of its routes, each with where it may land stepping off
    /// (see [`Route::ways`]).
    ways: Vec<(Square, SquareSet)>,
}

/// A threat to the king on its last square, and the squares that answer it.
struct Threat {
    /// A mover ending on one of these squares stands between.
    between: SquareSet,
    /// A mover landing here strikes the attacker (`birth=strike` only).
    strike: Option<Square>,
}

/// Whether the turn in progress in `st` might still end legally: `false` only when no
/// order of the remaining moves can (see the module comment).
#[cfg(test)]
pub(super) fn may_end_legally(st: &TurnState, birth: Birth) -> bool {
    refute(st, birth).0
}

/// [`may_end_legally`], and the steps it took (at most [`COVER_WORK`]).
pub(super) fn refute(st: &TurnState, birth: Birth) -> (bool, usize) {
    let work = Steps::new(COVER_WORK);
    let verdict = may_end_legally_within(st, birth, &work);
    (verdict, COVER_WORK - work.left())
}

/// Who may still move in a turn in progress: the king's square, the units that stay
/// (the enemy's, and ours that are paused or have no move left) and the other movers.
struct Movers {
    king: Square,
    fixed: SquareSet,
    others: SquareSet,
    king_moves: bool,
    clearers: Clearers,
}

impl Movers {
    /// The movers of `st`; `None` without a king.
    fn of(st: &TurnState, birth: Birth) -> Option<Movers> {
        let board = st.pos.board();
        let us = st.pos.turn();
        let king = board.king(us)?;
        let mut movers = st.movers();
        let mut fixed = board.occupied().difference(movers);
        // A unit with no move at all among the units that stay (a pawn under an enemy
        // unit, a rook hemmed in by paused units) never moves: it stays too, and so
        // may the units that it alone hemmed in. The king is left to its plans.
        loop {
            let hemmed = |sq: &Square| {
                *sq != king && board.get(*sq).is_some_and(|unit| step(unit.role, *sq, us, fixed).lands.is_empty())
            };
            let stuck: SquareSet = movers.iter().filter(hemmed).collect();
            if stuck.is_empty() {
                break;
            }
            movers = movers.difference(stuck);
            fixed = fixed.union(stuck);
        }
        let clearers = Clearers::of(st, birth, fixed, movers);
        let others = movers.difference(SquareSet::only(king));
        Some(Movers { king, fixed, others, king_moves: !is_immobile(board, king) && st.may_move(king), clearers })
    }

    /// The king's plans (see [`king_plans`]).
    fn plans(&self, st: &TurnState) -> Vec<KingPlan> {
        king_plans(st, self.fixed, self.king, self.king_moves, &self.clearers)
    }

    /// The routes of the other movers that answer what `wanted` asks.
    fn reaches(&self, st: &TurnState, wanted: &Wanted, work: &Steps) -> Vec<Reach> {
        let reach = |sq| reach(st, self.fixed, self.others, sq, &self.clearers, wanted, work);
        self.others.iter().filter_map(reach).collect()
    }
}

/// Who could take a bubble off a square before a unit that moves twice lands on it on
/// its first move. A unit whose move ends on a bubble is paused (F3) and makes no
/// further move this turn (F6), and a bubble standing now goes only when a unit of ours
/// is born onto it (F2: a birth on a bubble removes both; one entered leaves its unit
/// paused on the square, and the rise comes after the turn). A unit of ours is born
/// above where it lands, so some other mover must land on the square below the bubble
/// first. The two moves spend the ordinary move, so that mover makes one move only, its
/// extra, and stays there to the end of the turn.
struct Clearers {
    /// The side to move.
    us: Color,
    /// A bubble born on a unit strikes it (`birth=strike`).
    strike: bool,
    /// The bubbles (of both sides) standing now.
    bubbles: SquareSet,
    /// The movers with an extra move left, and the squares one move of each may land on
    /// (with the units that stay as the only obstacles).
    lands: Vec<(Square, SquareSet)>,
}

impl Clearers {
    fn of(st: &TurnState, birth: Birth, fixed: SquareSet, movers: SquareSet) -> Clearers {
        let (board, us) = (st.pos.board(), st.pos.turn());
        let bubbles = st.pos.bubbles(us).union(st.pos.bubbles(us.other()));
        let mut lands = Vec::new();
        if !bubbles.is_empty() {
            for sq in &(movers & st.extras) {
                if let Some(piece) = board.get(sq) {
                    lands.push((sq, step(piece.role, sq, us, fixed).lands));
                }
            }
        }
        Clearers { us, strike: birth == Birth::Strike, bubbles, lands }
    }

    /// Whether the unit on `origin` may move again after landing on `first`: there is no
    /// bubble there now, or another mover can land below it first with its one move and
    /// stay out of the way of the unit's two moves, which pass over or land on `sweeps`.
    fn may_move_on(&self, origin: Square, first: Square, sweeps: SquareSet) -> bool {
        if !self.bubbles.contains(first) {
            return true;
        }
        let Some(under) = below(first, self.us) else { return false };
        if under == origin || sweeps.contains(under) {
            return false;
        }
        self.lands.iter().any(|(clearer, lands)| *clearer != origin && lands.contains(under))
    }
}

fn may_end_legally_within(st: &TurnState, birth: Birth, work: &Steps) -> bool {
    let Some(movers) = Movers::of(st, birth) else { return true };
    if st.count == 0 || st.captured {
        return true;
    }
    let fixed = movers.fixed;
    let plans = movers.plans(st);
    // Each plan's threats; a plan without threats (or with more than are weighed)
    // ends the refutation at once, a plan with a threat nothing answers is dropped.
    let mut weighed = Vec::with_capacity(plans.len());
    let mut wanted = Wanted::default();
    for plan in &plans {
        let Some(threats) = threats(st, birth, fixed, plan) else { continue };
        if threats.is_empty() || threats.len() > MAX_THREATS {
            return true;
        }
        wanted.add(&threats);
        weighed.push((plan, threats));
    }
    if weighed.is_empty() {
        return false;
    }
    let reaches_of = movers.reaches(st, &wanted, work);
    weighed.iter().any(|(plan, threats)| plan_may_work(st, birth, plan, threats, &reaches_of, work))
}

/// The moves of a route: one, or two (the second from the first's landing).
pub(super) type Legs = [Option<(Square, Square)>; 2];

/// The routes of the movers (the king left out) that answer a threat to the king
/// ending the turn on `target` and that the order of moves does not rule out (they
/// need nobody, or a holder of the ordinary move), as the cover weighs them: what the
/// planner of [`super::witness`] tries to make. Empty when nothing is threatened
/// there or the king cannot end there. The work is spent from `work`.
pub(super) fn ways_to_answer(st: &TurnState, birth: Birth, target: Square, work: &Steps) -> Vec<(Square, Legs)> {
    let Some(movers) = Movers::of(st, birth) else { return Vec::new() };
    let mut wanted = Wanted::default();
    for plan in movers.plans(st).iter().filter(|plan| plan.ends == target) {
        match threats(st, birth, movers.fixed, plan) {
            Some(threats) => wanted.add(&threats),
            None => return Vec::new(),
        }
    }
    let mut ways = Vec::new();
    if wanted.ends.is_empty() && wanted.landings.is_empty() {
        return ways;
    }
    for reach in movers.reaches(st, &wanted, work) {
        for route in reach.routes.iter().flatten() {
            let way = (reach.from, route.legs);
            if route.legs[0].is_some() && route.needs != Needs::Impossible && !ways.contains(&way) {
                ways.push(way);
            }
        }
    }
    ways
}

/// The squares where a route may answer some threat of some plan: ending between an
/// attacker and the king, or landing below an attacker (`birth=strike`). A route that
/// does neither answers nothing, exactly as staying put, so only the others are kept
/// and weighed.
#[derive(Default)]
struct Wanted {
    ends: SquareSet,
    landings: SquareSet,
}

impl Wanted {
    fn add(&mut self, threats: &[Threat]) {
        for threat in threats {
            self.ends = self.ends.union(threat.between);
            if let Some(sq) = threat.strike {
                self.landings.insert(sq);
            }
        }
    }

    /// Whether `route` answers some threat of some plan.
    fn answered_by(&self, route: &Route) -> bool {
        self.ends.contains(route.ends) || route.landings.intersects(self.landings)
    }
}

/// The steps one refutation may take (a route built, a way out of a route's path
/// tried, an answer weighed, a set of threats grown): it bounds the cost of a state
/// whatever crowds the board. Past it the refutation gives up where it stands
/// (routes count as needing nothing, a table as answering every threat), which only
/// weakens it, so it stays exact as a necessary condition.
pub(super) const COVER_WORK: usize = 200_000;

/// What building one route costs, in steps (its landings are generated on the way).
const ROUTE_STEPS: usize = 20;

/// The ways the king may end the turn: staying, or one or two steps, over every
/// board the turn might still make (castling is left out: see the module comment).
/// A square the king steps to must be empty by then: a unit of ours on it leaves
/// first, without capturing, with its extra when the king takes the ordinary move
/// (then only units with an extra can move out of its way), else with either. The king
/// steps twice only off a square whose bubble can be gone first (see [`Clearers`]).
fn king_plans(st: &TurnState, fixed: SquareSet, king: Square, movable: bool, clearers: &Clearers) -> Vec<KingPlan> {
    let us = st.pos.turn();
    let board = st.pos.board();
    let mut plans =
        vec![KingPlan { ends: king, spends_ordinary: false, landings: SquareSet::EMPTY, legs: [None, None] }];
    if !movable {
        return plans;
    }
    let has_extra = st.extras.contains(king);
    let twice = has_extra && !st.ordinary_used;
    let leaves_with_extra = |sq: Square| makes_way_with_extra(st, sq);
    let leaves = |sq: Square| {
        board.is_empty_at(sq) || !fixed.contains(sq) && can_step_off(st, sq, fixed.union(SquareSet::only(king)))
    };
    for to in &step(Role::King, king, us, fixed).lands {
        let landings = SquareSet::only(to);
        let first = Some((king, to));
        if if has_extra { leaves(to) } else { leaves_with_extra(to) } {
            plans.push(KingPlan { ends: to, spends_ordinary: !has_extra, landings, legs: [first, None] });
        }
        if twice && leaves_with_extra(to) {
            let steps_on = |then: Square| {
                let sweeps = SquareSet::only(to).union(SquareSet::only(then));
                clearers.may_move_on(king, to, sweeps) && (then == king || leaves_with_extra(then))
            };
            for then in (&step(Role::King, to, us, fixed).lands).into_iter().filter(|&then| steps_on(then)) {
                plans.push(KingPlan {
                    ends: then,
                    spends_ordinary: true,
                    landings: landings.union(SquareSet::only(then)),
                    legs: [first, Some((to, then))],
                });
            }
        }
    }
    plans
}

/// The routes of the mover on `from`: `[without, with]` the ordinary move, each with
/// what it needs from the other movers (see [`obstruction`]).
fn reach(
    st: &TurnState,
    fixed: SquareSet,
    others: SquareSet,
    from: Square,
    clearers: &Clearers,
    wanted: &Wanted,
    work: &Steps,
) -> Option<Reach> {
    let board = st.pos.board();
    let piece = board.get(from)?;
    let us = st.pos.turn();
    let king = board.king(us).filter(|king| !is_immobile(board, *king) && st.may_move(*king));
    let stay = Route {
        ends: from,
        landings: SquareSet::EMPTY,
        legs: [None, None],
        needs: Needs::Nothing,
        needs_early: Needs::Nothing,
        ways: (0, 0),
        ways_early: (0, 0),
        frozen: (Needs::Nothing, (0, 0)),
        early_frozen: (Needs::Nothing, (0, 0)),
        displaces: SquareSet::EMPTY,
    };
    let moves_without = usize::from(st.extras.contains(from));
    let moves_with = moves_without + usize::from(!st.ordinary_used);
    let mut ways = Vec::new();
    let routes = [(moves_without, false), (moves_with, true)].map(|(moves, holds)| {
        // Only the routes that answer something are kept (staying put is always kept);
        // every route built is paid for.
        let mut routes = vec![stay];
        let mut built = 1;
        let mut walked =
            Walked { keep: &|route: &Route| wanted.answered_by(route), built: &mut built, out: &mut routes };
        walk(st, fixed, clearers, piece.role, stay, moves, &mut walked);
        work.spend(ROUTE_STEPS * built);
        let others = others.difference(SquareSet::only(from));
        // A route weighed as holding the ordinary move is taken only when its unit
        // holds it: then the other movers without an extra do not move at all. The
        // same holds for every route when the king's plan spends the ordinary move.
        let stuck = others.difference(st.extras);
        let frozen = fixed.union(stuck);
        let fixed = if holds { frozen } else { fixed };
        // Only a unit the king may step onto first moves while the king stands on its
        // square for certain (see `plan_may_work`).
        let king_first = king.filter(|king| step(Role::King, *king, us, fixed).lands.contains(from));
        for route in &mut routes {
            let copy = *route;
            let mut weigh = |fixed: SquareSet, early: SquareSet| {
                let start = ways.len();
                let needs = obstruction(st, (fixed, early), others, from, (&copy, clearers), work, &mut ways);
                (needs, (start, ways.len()))
            };
            (route.needs, route.ways) = weigh(fixed, SquareSet::EMPTY);
            (route.needs_early, route.ways_early) = match (route.legs, king_first) {
                ([Some(_), None], Some(king)) => weigh(fixed, SquareSet::only(king)),
                _ => (route.needs, route.ways),
            };
            (route.frozen, route.early_frozen) = if holds || stuck.is_empty() {
                ((route.needs, route.ways), (route.needs_early, route.ways_early))
            } else {
                let plain = weigh(frozen, SquareSet::EMPTY);
                let early = match (route.legs, king_first) {
                    ([Some(_), None], Some(king)) => weigh(frozen, SquareSet::only(king)),
                    _ => plain,
                };
                (plain, early)
            };
            route.displaces =
                route.legs.iter().flatten().fold(SquareSet::EMPTY, |all, (a, b)| all.union(swept(*a, *b))) & others;
        }
        routes
    });
    Some(Reach { from, routes, ways })
}

/// Where [`walk`] puts the routes it builds: it counts them all in `built` and keeps in
/// `out` those that `keep` accepts.
struct Walked<'a> {
    keep: &'a dyn Fn(&Route) -> bool,
    built: &'a mut usize,
    out: &'a mut Vec<Route>,
}

/// Builds the routes that continue `route` with up to `moves` more moves of a unit of
/// `role` (a pawn may promote on the way), over every board the turn might make; a
/// second move only where the first did not end on a bubble that must stay (see
/// [`Clearers`]).
fn walk(
    st: &TurnState,
    fixed: SquareSet,
    clearers: &Clearers,
    role: Role,
    route: Route,
    moves: usize,
    out: &mut Walked,
) {
    if moves == 0 {
        return;
    }
    let us = st.pos.turn();
    for landing in &step(role, route.ends, us, fixed).lands {
        let legs = match route.legs {
            [None, _] => [Some((route.ends, landing)), None],
            [Some((origin, first)), _] => {
                let sweeps = swept(origin, first).union(swept(first, landing));
                if !clearers.may_move_on(origin, first, sweeps) {
                    continue;
                }
                [Some((origin, first)), Some((route.ends, landing))]
            }
        };
        let next = Route {
            ends: landing,
            landings: route.landings.union(SquareSet::only(landing)),
            legs,
            needs: Needs::Nothing,
            needs_early: Needs::Nothing,
            ways: (0, 0),
            ways_early: (0, 0),
            frozen: (Needs::Nothing, (0, 0)),
            early_frozen: (Needs::Nothing, (0, 0)),
            displaces: SquareSet::EMPTY,
        };
        *out.built += 1;
        if (out.keep)(&next) {
            out.out.push(next);
        }
        for role in roles_after(role, landing, us) {
            walk(st, fixed, clearers, role, next, moves - 1, out);
        }
    }
}

/// The squares a move from `from` to `to` passes over or lands on.
fn swept(from: Square, to: Square) -> SquareSet {
    between(from, to).union(SquareSet::only(to))
}

/// What `route` of the unit on `origin` needs from the other movers (`others`, the
/// king left out): each of them standing on a square its moves pass over or land on
/// must have left before that move and not stand on what the route sweeps later.
/// A mover that does not hold the ordinary move makes at most one move, its extra;
/// when no move of it does that (its way out blocked by the unit still on `origin`,
/// or by that unit between its two moves, or leading onto the route), it can step
/// aside only as the holder of the ordinary move. When `work` runs out, the route
/// counts as needing nothing.
///
/// `early` (the king's square, or nothing) is held too for every move the route
/// waits for, but not for the second move of a blocker that holds the ordinary
/// move, which may come after the route's: for a route of one move that comes while
/// the king still stands where it began, every move that must come before it comes
/// while the king stands there too.
fn obstruction(
    st: &TurnState,
    (fixed, early): (SquareSet, SquareSet),
    others: SquareSet,
    origin: Square,
    (route, clearers): (&Route, &Clearers),
    work: &Steps,
    listed: &mut Vec<(Square, SquareSet)>,
) -> Needs {
    let [Some(first), second] = route.legs else { return Needs::Nothing };
    let board = st.pos.board();
    let us = st.pos.turn();
    let poisoned = |to: Square, late: bool| stops_the_route(st, clearers, route, to, late);
    let start = listed.len();
    let first_swept = swept(first.0, first.1);
    let second_swept = second.map_or(SquareSet::EMPTY, |(from, to)| swept(from, to));
    let all = first_swept.union(second_swept);
    let mut needs = Needs::Nothing;
    let later = fixed;
    let fixed = fixed.union(early);
    for blocker in &(all & others) {
        let Some(piece) = board.get(blocker) else { continue };
        let ways_out = step(piece.role, blocker, us, fixed).lands;
        let ways = ways_out.len();
        if !work.spend(1 + ways + ways * ways) {
            listed.truncate(start);
            return Needs::Nothing;
        }
        // A mover standing on the way out must leave first, while the blocker and the
        // route's unit still stand on their squares: a way out through a mover whose
        // every move passes the blocker's square (a pawn under a rook that fills its
        // file) is shut. Making one move, the mover stays where it lands, so that must
        // be off the blocker's way and the route; one without an extra makes only the
        // ordinary move, which it must then hold, and one with an extra that cannot land
        // clear in one move may still, holding the ordinary move, in two.
        // `late`: the blocker leaves between the route's two moves, so the mover may
        // leave after the first (the route's unit then stands on its first landing,
        // and only the second move is still to come).
        let way_clears = |way: SquareSet, late: bool| {
            let (kept_clear, held) = if late {
                (second_swept.union(way), fixed.union(SquareSet::only(blocker)))
            } else {
                let route_unit = SquareSet::only(origin);
                (all.union(way).union(route_unit), fixed.union(SquareSet::only(blocker)).union(route_unit))
            };
            (way & others).iter().filter(|v| *v != blocker).fold(Needs::Nothing, |needs, v| {
                let lands = board.get(v).map_or(SquareSet::EMPTY, |unit| step(unit.role, v, us, held).lands);
                // It leaves before the blocker: before the route's first move, or, when
                // the blocker leaves between the route's moves, either before or after it.
                let clear = lands
                    .difference(kept_clear)
                    .iter()
                    .any(|to| !(poisoned(to, false) && (!late || poisoned(to, true))));
                match (clear, !lands.is_empty(), st.extras.contains(v)) {
                    (true, _, true) => needs,
                    (true, _, false) | (false, true, true) => needs.and(Needs::Holder(v)),
                    _ => Needs::Impossible,
                }
            })
        };
        // With its extra, through a way out that keeps clear of the route: what the
        // ways that do need, the least of them (different holders for different ways
        // need nobody in particular).
        // The landings of the ways out that do (`landed`): the blocker's first move,
        // whichever of the two ways below it leaves by, lands on one of them.
        let mut landed = SquareSet::EMPTY;
        let aside = if st.extras.contains(blocker) {
            ways_out
                .iter()
                .map(|to| {
                    let way = swept(blocker, to);
                    let before_all = !way.contains(origin) && !all.contains(to) && !poisoned(to, false);
                    let between_moves = !first_swept.contains(blocker)
                        && second.is_some()
                        && !way.contains(first.1)
                        && !second_swept.contains(to)
                        && !poisoned(to, true);
                    let early = if before_all { way_clears(way, false) } else { Needs::Impossible };
                    let needs = early.or(if between_moves { way_clears(way, true) } else { Needs::Impossible });
                    if needs != Needs::Impossible {
                        landed.insert(to);
                    }
                    needs
                })
                .fold(Needs::Impossible, Needs::or)
        } else {
            Needs::Impossible
        };
        // As the holder it may move twice (with an extra), but a route of one move is
        // that of a unit that does not hold, still on `origin` until it moves: both
        // moves must keep clear of it, and no mover in its way may need the ordinary.
        let clear_of_origin = |from: Square, to: Square| !swept(from, to).contains(origin);
        // Its first move as the holder: any way out beside a route of two moves, else
        // one clear of `origin` whose way needs nobody else to hold.
        let holder_ways: SquareSet = if second.is_some() {
            ways_out
        } else {
            ways_out
                .iter()
                .filter(|to| clear_of_origin(blocker, *to) && way_clears(swept(blocker, *to), false) == Needs::Nothing)
                .collect()
        };
        listed.push((blocker, landed.union(holder_ways)));
        if aside != Needs::Impossible {
            needs = needs.and(aside);
            continue;
        }
        let leaves_as_holder = second.is_some()
            || ways_out
                .iter()
                .filter(|to| clear_of_origin(blocker, *to) && way_clears(swept(blocker, *to), false) == Needs::Nothing)
                .any(|to| {
                    !all.contains(to)
                        || st.extras.contains(blocker)
                            && roles_after(piece.role, to, us).any(|role| {
                                step(role, to, us, later)
                                    .lands
                                    .iter()
                                    .any(|then| clear_of_origin(to, then) && !all.contains(then))
                            })
                });
        needs = needs.and(if leaves_as_holder { Needs::Holder(blocker) } else { Needs::Impossible });
    }
    needs
}

/// Whether a unit of ours landing on `to` while making way for `route` stops it: a
/// unit that makes way for a route of two moves and lands just below the route's first
/// landing makes its bubble there. Before the route's first move (`late` false): on
/// that square, empty then, unless a unit of ours stands there now and `birth=fizzle`
/// (the bubble fizzles, and the unit may leave later), or a bubble stands there now
/// (both vanish); and nothing takes it away before the route's unit lands on it (a
/// birth there needs a landing on the square below, where the unit that made way now
/// stays; a unit entering it would stay on the route's landing: every unit but the
/// route's has one move, the route holding the ordinary one), so the route's unit
/// enters it, is paused, and makes no second move (F3, F6). Between the route's two
/// moves (`late`): on the route's unit, which `birth=strike` pauses. And under
/// `birth=strike`, a landing just below the route's unit before its first move (a
/// route of one move or two) strikes it where it stands. Such a landing does not make
/// way.
fn stops_the_route(st: &TurnState, clearers: &Clearers, route: &Route, to: Square, late: bool) -> bool {
    let Some((origin, first_landing)) = route.legs[0] else { return false };
    let bubble = above(to, st.pos.turn());
    if !late && clearers.strike && bubble == Some(origin) {
        return true;
    }
    route.legs[1].is_some()
        && bubble == Some(first_landing)
        && if late {
            clearers.strike
        } else {
            !clearers.bubbles.contains(first_landing) && (st.pos.board().is_empty_at(first_landing) || clearers.strike)
        }
}

/// The movers in a route's way, each with the squares where its first move may land:
/// a range of [`Reach::ways`].
type Ways = (usize, usize);

/// The threats to the king ending on `plan.ends`, less those the king's own landings
/// strike; `None` when one of them cannot be answered at all.
fn threats(st: &TurnState, birth: Birth, fixed: SquareSet, plan: &KingPlan) -> Option<Vec<Threat>> {
    let board = st.pos.board();
    let us = st.pos.turn();
    let them = us.other();
    let target = plan.ends;
    let enemy = board.occupied_by(them);
    // An enemy bubble on a square the king lands on is entered, and one just above it
    // meets the king's own bubble (F2, F3): neither rises to strike anything.
    let gone = plan
        .landings
        .iter()
        .fold(plan.landings, |gone, sq| gone.union(above(sq, us).map_or(SquareSet::EMPTY, SquareSet::only)));
    let struck = struck_by_rise_without(&st.pos, us, gone);
    let ours_staying = fixed.difference(enemy);
    let mut out = Vec::new();
    for from in &enemy {
        let Some(piece) = board.get(from) else { continue };
        if is_immobile(board, from) || struck.contains(from) || !reaches(piece.role, them, from, target) {
            continue;
        }
        let between = between(from, target);
        if between.intersects(enemy) || between.intersects(ours_staying) {
            continue;
        }
        let strike = match birth {
            Birth::Strike => below(from, us),
            Birth::Fizzle => None,
        };
        if strike.is_some_and(|sq| plan.landings.contains(sq)) {
            continue;
        }
        if between.is_empty() && strike.is_none() {
            return None;
        }
        out.push(Threat { between, strike });
    }
    Some(out)
}

/// Whether some holder of the ordinary move lets the movers answer every one of
/// `threats` (those of `plan`: at least one, at most [`MAX_THREATS`]).
fn plan_may_work(
    st: &TurnState,
    birth: Birth,
    plan: &KingPlan,
    threats: &[Threat],
    reaches: &[Reach],
    work: &Steps,
) -> bool {
    let ordinary_free = !st.ordinary_used && !plan.spends_ordinary;
    // The unit on the king's first landing leaves before the king moves at all.
    let king_first = plan.legs[0].map(|(_, to)| to);
    // What each route answers: a bit per threat.
    // A route cannot end where the king ends, nor pass the king's square when the
    // king never leaves it, nor in one move pass both ends of one move of the king (it
    // stands on the first until that move and on the second from then on): such a
    // route answers nothing, like staying put.
    let king_stays = plan.legs[0].is_none();
    let crosses_the_king = |(from, to): &(Square, Square)| {
        let way = swept(*from, *to);
        if king_stays {
            way.contains(plan.ends)
        } else {
            plan.legs.iter().flatten().any(|(a, b)| way.contains(*a) && way.contains(*b))
        }
    };
    let fits_the_king = |route: &Route| {
        route.legs[0].is_none() || route.ends != plan.ends && !route.legs.iter().flatten().any(crosses_the_king)
    };
    // A unit on a square the king steps to must leave it before the king comes: one
    // that stays answers nothing, and one on the king's first landing moves first while
    // the king still stands where it began, so its first move cannot pass that square.
    // Under `birth=strike` that first move cannot land just below the king either:
    // its bubble would strike the king, which could then not move (F5, F6).
    let strikes = |to: Square, king: Square| birth == Birth::Strike && below(king, st.pos.turn()) == Some(to);
    let makes_way = |from: Square, route: &Route| match (route.legs[0], plan.legs[0]) {
        _ if !plan.landings.contains(from) => true,
        (None, _) => false,
        (Some((start, to)), Some((king, first))) if first == from => {
            !swept(start, to).contains(king) && !strikes(to, king)
        }
        _ => true,
    };
    let answers = |from: Square, route: &Route| -> u32 {
        if !fits_the_king(route) || !makes_way(from, route) {
            return 0;
        }
        threats.iter().enumerate().fold(0, |bits, (i, threat)| {
            let answered =
                threat.between.contains(route.ends) || threat.strike.is_some_and(|sq| route.landings.contains(sq));
            if answered {
                bits | 1 << i
            } else {
                bits
            }
        })
    };
    let routes: usize = reaches.iter().map(|unit| unit.routes.iter().map(Vec::len).sum::<usize>()).sum();
    if !work.spend(routes * threats.len()) {
        return true;
    }
    let full = (1u32 << threats.len()) - 1;
    // Whether one route per mover can answer every threat, each route answering what
    // `judge` says (`None`: the route is not taken).
    let feasible = |judge: &dyn Fn(Square, &Route) -> Option<u32>| {
        let options: Vec<Options> = reaches
            .iter()
            .map(|unit| {
                Options::of(unit, king_first == Some(unit.from), !ordinary_free, &|route| judge(unit.from, route))
            })
            .collect();
        let check = |pick: &dyn Fn(usize, &Options) -> Vec<u32>| {
            let lists: Vec<Vec<u32>> = options.iter().enumerate().map(|(u, unit)| pick(u, unit)).collect();
            // Out of steps, the refutation gives up: every threat counts as answered.
            !work.spend(lists.iter().map(Vec::len).sum::<usize>() + options.len())
                || covers(lists.iter().map(Vec::as_slice), threats.len(), full, work)
        };
        if !ordinary_free {
            return check(&|_, unit| unit.alone.clone());
        }
        // Every route at once relaxes every choice of holder: try it first.
        check(&|_, unit| unit.any())
            && (check(&|_, unit| unit.alone.clone())
                || reaches.iter().enumerate().any(|(holder, held)| {
                    check(&|u, unit| if u == holder { unit.holding.clone() } else { unit.beside(held.from) })
                }))
    };
    // A mover that a route passes must step off before it, and that move is its own
    // first move: it cannot also answer a threat by staying put, nor by a route whose
    // first move lands where no way out of that route's way lands (see
    // [`obstruction`]). For the movers of which both might be asked (a route of another
    // mover passes them, and they answer a threat by staying or by such a route), the
    // first [`MAX_TORN`] are split: either no route taken passes them (whatever they
    // do), or one does, and then their staying answers nothing and neither do their
    // routes whose first move lands off every way out that the routes passing them
    // allow (they move somewhere, as they must). A route of a mover that answers
    // nothing is not listed but weighed as staying put: it passes nobody here, so a
    // mover passed only by such routes is in the first case.
    let step_offs = step_offs(reaches, king_first, ordinary_free, &answers);
    let step_off = |from: Square| step_offs.iter().find(|(sq, _)| *sq == from).map(|(_, lands)| *lands);
    // Whether the mover on `from` may take `route` (answering something) as its own
    // when it must step off for another's.
    let answers_when_passed = |from: Square, route: &Route| match (route.legs[0], step_off(from)) {
        (None, _) => false,
        (Some((_, to)), Some(Some(lands))) => lands.contains(to),
        _ => true,
    };
    // Those that answer by staying first (the jams of a pawn under a rook).
    let mut torn: Vec<(bool, Square)> = reaches
        .iter()
        .filter(|unit| step_off(unit.from).is_some())
        .filter_map(|unit| {
            let torn = |route: &&Route| answers(unit.from, route) != 0 && !answers_when_passed(unit.from, route);
            let routes: Vec<&Route> = unit.routes.iter().flatten().filter(torn).collect();
            (!routes.is_empty()).then(|| (routes.iter().all(|route| route.legs[0].is_some()), unit.from))
        })
        .collect();
    torn.sort_by_key(|(moves_only, _)| *moves_only);
    let torn: Vec<Square> = torn.into_iter().take(MAX_TORN).map(|(_, sq)| sq).collect();
    if torn.is_empty() {
        return feasible(&|from, route| Some(answers(from, route)));
    }
    (0u32..1 << torn.len()).any(|choice| {
        let passed: SquareSet =
            torn.iter().enumerate().filter(|(i, _)| choice >> i & 1 == 1).map(|(_, sq)| *sq).collect();
        let kept = torn.iter().copied().collect::<SquareSet>().difference(passed);
        feasible(&|from, route| {
            if route.displaces.intersects(kept) {
                None
            } else if passed.contains(from) && !answers_when_passed(from, route) {
                Some(0)
            } else {
                Some(answers(from, route))
            }
        })
    })
}

/// The movers that a route which may be taken in a plan passes, each with where it
/// may land stepping off for it (`None`: anywhere), over all such routes. Only the
/// routes that answer something and whose needs the plan allows may be taken (see
/// [`Options`]: with the ordinary move free, those without it that need nothing or a
/// holder and those with it that need nothing; else those without it that need
/// nothing); the others are weighed as staying put. `king_first` is the king's first
/// landing, whose unit's routes of one move need what [`Route::needs_early`] says.
fn step_offs(
    reaches: &[Reach],
    king_first: Option<Square>,
    ordinary_free: bool,
    answers: &dyn Fn(Square, &Route) -> u32,
) -> Vec<(Square, Option<SquareSet>)> {
    let mut step_offs: Vec<(Square, Option<SquareSet>)> = Vec::new();
    for unit in reaches {
        let early = king_first == Some(unit.from);
        let needs = |route: &Route| route.needs_when(early, !ordinary_free).0;
        let [without, with] = &unit.routes;
        let taken = without
            .iter()
            .filter(
                |route| if ordinary_free { needs(route) != Needs::Impossible } else { needs(route) == Needs::Nothing },
            )
            .chain(with.iter().filter(|route| ordinary_free && needs(route) == Needs::Nothing));
        for route in taken.filter(|route| !route.displaces.is_empty() && answers(unit.from, route) != 0) {
            let (start, end) = route.needs_when(early, !ordinary_free).1;
            let ways = unit.ways.get(start..end).unwrap_or_default();
            for v in &route.displaces {
                let landings = ways.iter().find(|(blocker, _)| *blocker == v).map(|(_, lands)| *lands);
                match step_offs.iter_mut().find(|(sq, _)| *sq == v) {
                    Some((_, known)) => *known = known.zip(landings).map(|(a, b)| a.union(b)),
                    None => step_offs.push((v, landings)),
                }
            }
        }
    }
    step_offs
}

/// At most this many units that answer a threat by staying and stand in the way of a
/// route are split into staying and moving (2^n choices weighed); with more, they
/// are not split, which only weakens the refutation.
const MAX_TORN: usize = 4;

/// The distinct answers (bit sets of threats) of one mover's routes.
struct Options {
    /// Routes without the ordinary move that need no holder.
    alone: Vec<u32>,
    /// Routes without the ordinary move that need the mover on a square to hold it.
    given: Vec<(Square, u32)>,
    /// Routes of this mover holding the ordinary move (every other mover then makes
    /// one move at most).
    holding: Vec<u32>,
}

impl Options {
    /// The options of `unit`, each route answering what `judge` says (`None`: not taken).
    /// With `early`, the unit stands on the king's first landing and its routes of one
    /// move come while the king still stands where it began: they need what
    /// [`Route::needs_early`] says. With `frozen`, no mover without an extra moves (the
    /// king's plan spends the ordinary move, or it is spent).
    fn of(unit: &Reach, early: bool, frozen: bool, judge: &dyn Fn(&Route) -> Option<u32>) -> Options {
        let [without, with] = &unit.routes;
        let needs = |route: &Route| route.needs_when(early, frozen).0;
        let mut alone = Vec::new();
        let mut given = Vec::new();
        for route in without {
            let Some(answer) = judge(route) else { continue };
            match needs(route) {
                Needs::Nothing => alone.push(answer),
                Needs::Holder(sq) => given.push((sq, answer)),
                Needs::Impossible => {}
            }
        }
        let holding = with.iter().filter(|r| needs(r) == Needs::Nothing).filter_map(judge).collect();
        Options { alone: distinct(alone), given, holding: distinct(holding) }
    }

    /// Its answers whoever holds the ordinary move.
    fn any(&self) -> Vec<u32> {
        distinct(self.alone.iter().chain(&self.holding).copied().chain(self.given.iter().map(|(_, a)| *a)).collect())
    }

    /// Its answers when the mover on `holder` holds the ordinary move.
    fn beside(&self, holder: Square) -> Vec<u32> {
        let given = self.given.iter().filter(|(sq, _)| *sq == holder).map(|(_, a)| *a);
        distinct(self.alone.iter().copied().chain(given).collect())
    }
}

/// The list sorted, without repeats.
fn distinct(mut masks: Vec<u32>) -> Vec<u32> {
    masks.sort_unstable();
    masks.dedup();
    masks
}

/// At most this many threats are weighed (a bit each, a table of 2^16 sets at most);
/// with more, the refutation gives up and lets the search decide. Under
/// `birth=fizzle` there are at most 8 (one line per direction; a jumper, pawn or king
/// cannot be answered at all), under `birth=strike` at most 8 lines and 11 jumpers,
/// pawns and king, and far fewer on any board met in practice.
const MAX_THREATS: usize = 16;

/// Whether one answer per mover (each mover's answers are a list of bit sets) can
/// together answer every threat (`full`): the sets of threats answerable by the
/// movers so far, grown mover by mover. `true` when `work` runs out.
pub(super) fn covers<'a>(choices: impl Iterator<Item = &'a [u32]>, threats: usize, full: u32, work: &Steps) -> bool {
    let mut reachable = vec![false; 1 << threats];
    let mut sets = vec![0u32];
    if let Some(first) = reachable.first_mut() {
        *first = true;
    }
    for answers in choices {
        if !work.spend(sets.len() * answers.len()) {
            return true;
        }
        let mut grown = Vec::new();
        for &set in &sets {
            for &answer in answers {
                let union = set | answer;
                if let Some(seen) = reachable.get_mut(union as usize) {
                    if !*seen {
                        *seen = true;
                        grown.push(union);
                    }
                }
            }
        }
        sets.extend(grown);
        if reachable.get(full as usize).copied().unwrap_or(false) {
            return true;
        }
    }
    reachable.get(full as usize).copied().unwrap_or(false)
}
