//! The cover's refutation (`cover::may_end_legally`) on hand-built turns in progress:
//! each condition it adds is pinned by a position it refutes and a legal end beside it
//! that it must let through.

use super::bubbles::Birth;
use super::cover::{covers, may_end_legally, refute, COVER_WORK};
use super::steps::Steps;
use super::turn_state::{after_moves, TurnState};

/// The turn in progress after the first move `from`-`to` in the snapshot `fen`.
fn after(fen: &str, from: &str, to: &str, birth: Birth) -> TurnState<'static> {
    after_moves(fen, &[(from, to)], birth)
}

/// After `a2-a3` (an invigorated pawn's extra), under either `birth` option: each
/// of `refuted` is refuted, and each of `kept`, a legal end, is not.
fn after_a3(refuted: &[&str], kept: &[&str]) {
    for birth in [Birth::Fizzle, Birth::Strike] {
        for fen in refuted {
            assert!(!may_end_legally(&after(fen, "a2", "a3", birth), birth), "{birth:?}: refuted in {fen}");
        }
        for fen in kept {
            assert!(may_end_legally(&after(fen, "a2", "a3", birth), birth), "{birth:?}: kept in {fen}");
        }
    }
}

/// Three lines into h1, two pinned queens to shut them: no order of moves helps.
const PINNED: &str = "b3k2q/8/8/8/6n1/PPP1nQ1Q/PPP1n3/r6K w - - 0 1 - a2:0,a3:0,b2:0,b3:0,c2:0,c3:0,f3:0,h3:0";

#[test]
fn too_few_units_for_the_lines_are_refuted() {
    assert!(!may_end_legally(&after(PINNED, "a3", "a4", Birth::Fizzle), Birth::Fizzle));
    // A third unit that may block one of the lines (the rook on f4, once the
    // queen on f3 has stepped along its diagonal) is not refuted.
    let open = "b3k2q/8/8/8/5Rn1/PPP1nQ1Q/PPP1n3/r6K w - - 0 1 - a2:0,a3:0,b2:0,b3:0,c2:0,c3:0,f3:0,f4:0,h3:0";
    assert!(may_end_legally(&after(open, "a3", "a4", Birth::Fizzle), Birth::Fizzle));
}

#[test]
fn under_birth_strike_a_landing_below_an_attacker_answers_it() {
    // The queen on h3 may strike the queen on h8 from h7 and the bishop on a8 from
    // a7: one route answering two threats, the other queen blocks the first rank.
    assert!(may_end_legally(&after(PINNED, "a3", "a4", Birth::Strike), Birth::Strike));
    // Paused pawns on g6 and g7 shut the way from h7 to a7; a black pawn on g3
    // keeps the king from h2.
    let shut = "b3k2q/6P1/6P1/8/6n1/PPP1nQpQ/PPP1n3/r6K w - - 0 1 - \
                a2:0,a3:0,b2:0,b3:0,c2:0,c3:0,f3:0,h3:0,g6:2,g7:2";
    assert!(!may_end_legally(&after(shut, "a3", "a4", Birth::Strike), Birth::Strike));
}

/// The knight on e5 can shut the first rank only in two moves, through d3 or f3,
/// and white bubbles stand on both: a unit ending a move on a bubble is paused.
/// The rook on d4 may take the bubble off d3 first with its extra move (born on d3,
/// its bubble and the one there both vanish), landing on d2, out of the knight's way
/// from d3 to e1; nothing can land on f2.
const BUBBLED_WAYS: &str = "k7/8/8/4N3/2PRP3/8/P5PP/3r3K w - - 0 1 d3w,f3w a2:0,c4:2,d4:0,e4:2,e5:0,g2:2,h2:2";

#[test]
fn a_second_move_after_landing_on_a_bubble_needs_a_unit_to_take_it_away_first() {
    // `a3 & Rd2 & Nd3 & Ne1` ends legally; without the rook both ways stop on a
    // bubble. The rook on e6 can shut the rank only through f6, whose bubble the
    // knight on d6 may take away by landing on f5, but the rook's second move passes
    // f5.
    let alone = BUBBLED_WAYS.replace("2PRP3", "2P1P3").replace("d4:0,", "");
    let in_the_way = "k7/8/3NR3/8/4P3/8/P5PP/3r3K w - - 0 1 f6w a2:0,d6:0,e4:2,e6:0,g2:2,h2:2";
    after_a3(&[&alone, in_the_way], &[BUBBLED_WAYS]);
}

/// The bishop on d7 can shut the first rank only in two moves, d7-h3-f1, which spend
/// the ordinary move. The invigorated pawn on f5 must step off its way first, to f6,
/// where a pawn without an extra stands: that pawn could leave only with the
/// ordinary move.
const WAY_OUT_NEEDS_THE_ORDINARY: &str = "k7/3B4/5P2/5P2/8/3Pn3/P6P/4r2K w - - 0 1 - a2:0,d3:2,d7:0,f5:0,h2:2";

#[test]
fn a_unit_on_the_way_out_without_an_extra_needs_the_ordinary_move() {
    // Invigorated, the pawn on f6 steps aside with its extra: `a3 & f7 & f6 & Bh3 & Bf1`.
    let invigorated = WAY_OUT_NEEDS_THE_ORDINARY.replace("f5:0", "f5:0,f6:0");
    after_a3(&[WAY_OUT_NEEDS_THE_ORDINARY], &[&invigorated]);
}

/// The king on e1, checked along the first rank, can step only to f1, where its
/// invigorated queen stands: the queen must leave first, while the king is still on
/// e1, so it cannot go along the first rank to shut the rook's line to f1.
const QUEEN_ON_THE_KINGS_WAY: &str = "k7/8/8/8/8/8/P2PPP2/r3KQ2 w - - 0 1 - a2:0,d2:2,e2:2,f2:2,f1:0";

#[test]
fn a_unit_on_the_kings_landing_leaves_it_first_and_not_through_the_king() {
    // Leaving f1 for g2 shuts the bishop's line to f1 instead:
    // `a3 & Qg2 & Kf1` ends legally (the king is checked on e1 from b4).
    after_a3(&[QUEEN_ON_THE_KINGS_WAY], &["k2r4/8/8/8/1b6/7b/P3PP2/4KQ2 w - - 0 1 - a2:0,e2:2,f2:2,f1:0"]);
}

/// The king on e1 checked along the first rank, the pawn on d2 shutting the queen's
/// diagonal: the knight on e4 could shut the rank only by way of d2 (to b1), which
/// needs the pawn gone, and then the diagonal is open. The pawn cannot both stay
/// and make way.
const STAY_OR_MAKE_WAY: &str = "k7/8/8/8/4N3/2q5/P2PPP2/r3KB2 w - - 0 1 - a2:0,d2:0,e2:2,f2:2,f1:2,e4:0";

#[test]
fn a_unit_answering_where_it_stands_cannot_also_make_way() {
    // A rook that shuts the rank from b5 lets the pawn stay: `a3 & Rb1`. A bishop
    // that shuts it from g5 passes d2: the pawn makes way (to a square that answers
    // nothing) and the knight shuts the diagonal on d2 instead: `a3 & d3 & Bc1 & Nd2`.
    let rook = "k7/8/8/1R6/4N3/2q5/P2PPP2/r3KB2 w - - 0 1 - a2:0,b5:0,d2:0,e2:2,f2:2,f1:2,e4:0";
    let bishop = "k7/8/8/6B1/4N3/2q5/P2PPP2/r3KB2 w - - 0 1 - a2:0,d2:0,e2:2,f2:2,f1:2,e4:0,g5:0";
    after_a3(&[STAY_OR_MAKE_WAY], &[rook, bishop]);
}

/// The king on e1, checked along the first rank, could step only to d2, where
/// nothing attacks it, but the invigorated pawn there can leave only to d3, where an
/// invigorated rook stands hemmed in by paused pawns and the pawn itself.
const HEMMED_WAY_OFF: &str = "k7/8/8/8/3P4/2PRP3/P2PPP2/r3KB2 w - - 0 1 - a2:0,c3:2,d2:0,d3:0,d4:2,e2:2,e3:2,f1:2,f2:2";

#[test]
fn a_unit_cannot_make_way_through_one_that_cannot_leave_first() {
    // With d4 empty the rook leaves upwards: `a3 & Rd4 & d3 & Kd2`.
    let free = HEMMED_WAY_OFF.replace("3P4/", "8/").replace("d4:2,", "");
    after_a3(&[HEMMED_WAY_OFF], &[&free]);
}

/// The bishop on b8 can shut the first rank only by f4 and c1, passing e3 and d2.
/// The pawn on d2 can step aside only to d3, once the rook there has left, and the
/// rook's one way out (a knight on f3, paused units around) is e3, on the bishop's
/// way, where it would stay.
const WAY_OUT_ONTO_THE_ROUTE: &str =
    "kB6/8/8/8/3P4/2PR1n2/P2PPPPP/r6K w - - 0 1 - a2:0,b8:0,c3:2,d2:0,d3:0,d4:2,e2:2,f2:2,g2:2,h2:2";

#[test]
fn a_unit_leaving_a_way_out_must_land_off_the_route() {
    // Without the knight the rook leaves to f3: `a3 & Rf3 & d3 & Bf4 & Bc1`.
    let open = WAY_OUT_ONTO_THE_ROUTE.replace("2PR1n2", "2PR4");
    after_a3(&[WAY_OUT_ONTO_THE_ROUTE], &[&open]);
}

/// The king on f2, attacked by the knight on d3, can step only to e2, where a black
/// bubble stands that would sink onto the queen on e1 and pause it: the king enters
/// that bubble, so the queen stays unpaused, next to e2.
const BUBBLE_UNDER_THE_KINGS_STEP: &str =
    "7k/8/8/8/8/3nPPP1/P4KP1/4qBN1 w - - 0 1 e2b a2:0,e3:2,f3:2,g3:2,g2:2,f1:2,g1:2";

#[test]
fn a_bubble_the_king_steps_onto_strikes_nothing() {
    // Without the knight the king stays and the bubble pauses the queen: `a3`.
    let stays = BUBBLE_UNDER_THE_KINGS_STEP.replace("3nPPP1", "4PPP1");
    after_a3(&[BUBBLE_UNDER_THE_KINGS_STEP], &[&stays]);
}

/// Stacks of an invigorated pawn under two invigorated rooks on the b-, d- and
/// f-files, between paused pawns, the king checked along the first rank.
const JAMMED: &str = "k7/8/8/8/1R1R1R2/PRPRPRP1/1P1P1PPP/r6K w - - 0 1 - \
                      a3:2,c3:2,e3:2,g3:2,g2:2,h2:2,b3:0,b2:0,d3:0,d2:0,f3:0,f2:0,b4:0,d4:0,f4:0";

#[test]
fn units_that_block_each_others_only_way_are_refuted() {
    // The pawn leaves b2 only once the rook above it has gone, and stays on the
    // file: no rook ever reaches the first rank, whoever holds the ordinary move.
    for birth in [Birth::Fizzle, Birth::Strike] {
        assert!(!may_end_legally(&after(JAMMED, "b4", "b8", birth), birth), "{birth:?}");
    }
    // Without that pawn the rook on b3 blocks on b1.
    let open = "k7/8/8/8/1R1R1R2/PRPRPRP1/3P1PPP/r6K w - - 0 1 - \
                a3:2,c3:2,e3:2,g3:2,g2:2,h2:2,b3:0,d3:0,d2:0,f3:0,f2:0,b4:0,d4:0,f4:0";
    assert!(may_end_legally(&after(open, "b4", "b8", Birth::Fizzle), Birth::Fizzle));
}

/// The stacks with more invigorated rooks and knights above them: every route of
/// every rook is weighed against the one rank the threat crosses.
const CROWDED_STACKS: &str = "k1r5/8/1R2N3/4R2R/1R1R1R2/PRPRPRP1/1P1P1PPP/r6K w - - 0 1 - \
                              b6:0,e6:0,e5:0,h5:0,b4:0,d4:0,f4:0,a3:2,b3:0,c3:2,d3:0,e3:2,f3:0,g3:2,\
                              b2:0,d2:0,f2:0,g2:2,h2:2";

#[test]
fn only_routes_that_answer_a_threat_are_weighed() {
    // Routes that block nothing are as good as staying put: left out, the crowd's
    // refutation ends well within its work, whatever moved first.
    for (from, to) in [("e6", "g7"), ("h5", "h8"), ("b6", "b8"), ("e5", "e4")] {
        for birth in [Birth::Fizzle, Birth::Strike] {
            let (may_end, steps) = refute(&after(CROWDED_STACKS, from, to, birth), birth);
            assert!(!may_end, "{from}{to} {birth:?}");
            assert!(steps < COVER_WORK / 2, "{from}{to} {birth:?}: {steps} steps");
        }
    }
}

#[test]
fn a_route_through_a_king_that_stays_answers_nothing() {
    // The castling jam: the rook on h1 reaches the first rank between a1 and e1
    // only through its own king, who has no square to go to.
    let jam = "k7/8/8/8/PRnR4/PRPRP1n1/1P1PPP2/r3K2R w K - 0 1 - \
               a4:2,a3:2,c3:2,e3:2,e2:2,f2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:0";
    for birth in [Birth::Fizzle, Birth::Strike] {
        assert!(!may_end_legally(&after(jam, "b4", "b5", birth), birth), "{birth:?}");
    }
}

#[test]
fn a_route_over_both_ends_of_the_kings_move_answers_nothing() {
    // The king may step to d1 and the queen on f1 reach b1 or c1 along the first
    // rank: before the king's step it stands on e1, after it on d1, in the way.
    let jam = "k7/8/3R1B2/8/PRpR3b/PRqRP1n1/1P1PPP2/r3KQ1R w - - 0 1 - \
               a4:2,a3:2,e3:2,f2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:0,f6:0,e2:0,d6:0,f1:0";
    assert!(!may_end_legally(&after(jam, "b4", "b5", Birth::Fizzle), Birth::Fizzle));
}

#[test]
fn a_way_out_through_a_unit_that_can_leave_only_through_the_blocker_is_shut() {
    // The bishop on h5 could block on d1, but the rook on f3 stands on its
    // diagonal and could step aside only down the file, where the pawn on f2 can
    // leave only through the rook's square (the pawn on d3 shuts the way round).
    let knot = "k7/8/8/7B/P4n2/3PPRP1/5PPP/r6K w - - 0 1 - h5:0,a4:0,f3:0,f2:0,d3:2,e3:2,g3:2,g2:2,h2:2";
    assert!(!may_end_legally(&after(knot, "a4", "a5", Birth::Fizzle), Birth::Fizzle));
    // Without the pawn on f2 the rook steps down and the bishop passes.
    let open = "k7/8/8/7B/P4n2/3PPRP1/6PP/r6K w - - 0 1 - h5:0,a4:0,f3:0,d3:2,e3:2,g3:2,g2:2,h2:2";
    assert!(may_end_legally(&after(open, "a4", "a5", Birth::Fizzle), Birth::Fizzle));
}

#[test]
fn answers_combine_one_per_mover() {
    let lists = |lists: Vec<&'static [u32]>| lists.into_iter();
    let covers = |lists, threats, full| covers(lists, threats, full, &Steps::new(1000));
    // Threats 0 and 1: mover 0 answers either, mover 1 only threat 1.
    assert!(covers(lists(vec![&[0, 1, 2], &[0, 2]]), 2, 3));
    assert!(!covers(lists(vec![&[0, 2], &[0, 2]]), 2, 3));
    // One route answering both (a landing that strikes, an end that blocks).
    assert!(covers(lists(vec![&[0, 3]]), 2, 3));
    assert!(!covers(lists(vec![&[0, 1, 2]]), 2, 3));
}
