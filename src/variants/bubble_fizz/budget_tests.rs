//! The budget of states per question: a question beyond it is an [`Undecided`]
//! error wherever it is asked (legal turn, outcome, check mark, notation, replay),
//! never a guess. A small budget reaches it on a jam the cover does not refute.
//! Only trust decides more: a legal turn written in full is accepted where the search
//! alone is undecided, and a wrong one gets exactly what the search gives.

use super::generate::STATE_STEPS;
use super::notation::{resolve_parts, Trust};
use super::trust_tests::turn_token;
use super::turn_state::TurnState;
use super::{Birth, BubbleFizz, GAME_BUDGET, STEP_BUDGET};
use crate::diagnostics::Severity;
use crate::geometry::Square;
use crate::record::parse_game;
use crate::replay::{self, ReplayOptions};
use crate::rules::refusal::{BubbleCause, Obstacle, Refusal, Target, UnitAt};
use crate::rules::{san, Color, EndReason, Limit, Question, ResolveError, Role, Turn, Undecided};
use crate::variants::prelude::*;

/// A jam beside a king with a castling right, checked along the first rank: the
/// pawns under the rooks on the b- and d-files leave only after the rooks. Mate,
/// refuted by the cover in a few states.
const JAM: &str = "k7/8/8/8/PRnR4/PRPRP1n1/1P1PPP2/r3K2R w K - 0 1 - \
                   a4:2,a3:2,c3:2,e3:2,e2:2,f2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:0";

/// Stacks of an invigorated pawn under two invigorated rooks on three files, the king
/// checked along the first rank: mate, refuted by the cover in a few states.
const STACKS: &str = "k7/8/8/8/1R1R1R2/PRPRPRP1/1P1P1PPP/r6K w - - 0 1 - \
                      a3:2,c3:2,e3:2,g3:2,g2:2,h2:2,b3:0,b2:0,d3:0,d2:0,f3:0,f2:0,b4:0,d4:0,f4:0";

/// The white king on f2 among black queens, seventeen invigorated white units around
/// it: a legal turn exists (the king to e3 once the pawn and the knight before it have
/// made way, and three units between it and the queens and the bishop), found by the
/// hunt of the witness module at once, but not by a search of a few states.
const CROWD: &str = "1Bqn3R/1k6/2qP3N/1qb2PP1/2P1N1NN/3RP1qQ/qq3K1Q/2R1q1RR w - - 0 1 \
                     a8w,a7b,e5b,h5w,d4b,f4w,a3b,d2w,b1b \
                     b8:0,h8:0,d6:0,h6:0,f5:0,g5:1,c4:0,e4:0,g4:0,h4:0,d3:0,e3:0,h3:0,h2:0,c1:0,g1:0,h1:0";

/// Found by a hill climb (`tools/fizz-climb.py`, seed 11) beyond the budget, and
/// decided within it since the memo key of what the rest of the turn can read and the
/// cover's conditions on the king's first landing, on the holder of the ordinary move,
/// on movers that step off and on movers without an extra when the king spends the
/// ordinary move. The mates were decided too by the search before them, given 200
/// times the budget (in 34 s, 18 s and 60 s), and so was the legal turn of each of the
/// two others (in 3 s and 0.4 s).
const CLIMBED_MATES_STRIKE: [&str; 2] = [
    // The jam with the queen beside the king, a knight on g2: the king's step to f1,
    // the queen's to g2 and the knight's to e1 wait for one another.
    "k7/8/3R1B2/8/PRpR2Bb/PRqRP1n1/1P1PPPN1/r3KQ1R w - - 0 1 - \
     a4:2,a3:2,e3:2,f2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:0,f6:0,e2:0,d6:0,f1:0,g2:0",
    "k7/8/3R1B2/7P/PRpRR2b/1RqRP1n1/1P1PPP2/r3KQ1R w - - 0 1 - \
     a4:2,e3:0,f2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:0,f6:0,e2:0,d6:0,f1:0",
];
/// Invigorated bishops, knights and a queen crowd a king on h1 checked along the first
/// rank. Among the states the search met, the king's step to g2 (under the queen on g8)
/// passed the cover by the queen's route from b8 to g3, past the pawn on f4, which can
/// leave only after the pawns on f5 and f6, the last without an extra while the king's
/// step takes the ordinary move.
const CLIMBED_MATE_FIZZLE: &str = "1Q1N1nq1/1B1Bn3/Bb3P1k/2NP1P1b/P1P2P1r/4P3/P1PPP2P/r2qr2K w - - 0 1 - \
                                   a2:0,d2:0,e2:0,a4:0,c4:1,d7:0,c5:0,f5:0,d8:0,e3:0,f4:0,b7:0,a6:0,b8:0";
const CLIMBED_LEGAL_FIZZLE: [&str; 2] = [
    "k4B2/2q5/1RNNNRQ1/4R1QR/1R1R1nrr/P1PR1RP1/1PrPnP1P/r4r1K w - - 0 1 e4w \
     b6:0,e6:0,e5:0,h5:0,b4:0,d4:0,a3:2,c3:2,d3:0,f3:0,g3:2,b2:0,d2:0,f2:0,h2:2,g5:0,f6:1,f8:0,d6:0,c6:0",
    "k5N1/4q2B/1R1PN1Pn/1R2R2R/1R1R1RRr/P1PRPRR1/1P1P1PPP/r6K w - - 0 1 c5w \
     b6:0,e6:0,e5:0,h5:0,b4:0,d4:0,f4:0,a3:0,c3:2,d3:0,e3:2,f3:0,b2:0,d2:3,f2:0,g2:2,h2:2,d6:0,g6:3,b5:0,g8:0,g3:0",
];

/// Found by a hill climb (`tools/fizz-climb.py`, seed 11) beyond the budget, and
/// decided within it since the planner makes a route of two moves leg by leg: each
/// has a legal turn whose second leg is cleared by a unit that leaves over the first
/// leg once the route's unit has passed it. The turns the planner makes are written
/// beside them; an enumerator written apart from the tool plays each and finds the
/// king safe at the end.
/// A position under one `birth` option, with a legal turn as moves from-to.
type WithTurn = (Birth, &'static str, &'static [(&'static str, &'static str)]);

const CLIMBED_LEGAL_BY_LEGS: [WithTurn; 2] = [
    // The rook on b4 leaves first; the rook on e5 makes way for the queen's first leg
    // g5-b5, then the rook on c4 leaves over that leg (c5), the rook on d3 once the rook
    // on d4 has made way, and the queen shuts the first rank on f1.
    (
        Birth::Strike,
        "kNr5/p7/1Rr1N1N1/4R1Q1/1RRR1n2/PRPRbRP1/1PrP1P1P/r6K w - - 0 1 h3b,f5w \
         b6:0,e6:3,e5:0,b4:0,d4:0,a3:2,b3:0,c3:2,d3:0,f3:0,g3:2,b2:0,d2:0,f2:0,h2:2,g5:0,c4:0,g6:0",
        &[("b4", "a4"), ("e5", "a5"), ("g5", "b5"), ("d4", "e4"), ("d3", "d4"), ("c4", "c5"), ("b5", "f1")],
    ),
    // The king steps to f1; the queen on e7 goes by a3 to c1 once the rooks on b4 and b3
    // and the pawn on b2 have moved up the b-file.
    (
        Birth::Fizzle,
        "kB2q1N1/2Q1Qb1n/nRp1N1p1/3RRR1R/PRn1r2B/1RPR1q2/1P1P2Bq/r3K2Q w - - 0 1 h6b \
         a4:2,c3:2,b2:0,b3:0,b4:0,d2:0,d3:0,b6:0,e6:0,e5:0,h5:0,g8:0,b8:0,d5:0,c7:0,e7:0,f5:0,g2:0,h1:0,h4:0",
        &[("h1", "f1"), ("d3", "e3"), ("b4", "b5"), ("e7", "a3"), ("b3", "b4"), ("b2", "b3"), ("a3", "c1")],
    ),
];

/// Found by a hill climb (`tools/fizz-climb.py`, seed 5) beyond the budget: the stacks
/// under a crowd of the witness module's tests with a black bishop on c6. Decided since
/// the planner follows a route with more routes only when it leaves fewer units giving
/// check: the rooks on d4, d3 and e5 make way and the queen goes by b5 to f1, one
/// route (an enumerator written apart from the tool plays the turn and finds the king
/// safe, and not without its last move).
const CLIMBED_LEGAL_BY_ONE_ROUTE: WithTurn = (
    Birth::Fizzle,
    "k1r5/8/1Rb1NR2/4R1QR/1R1R1nr1/PRPRbRP1/1PrP1P1P/r6K w - - 0 1 - \
     b6:0,e6:0,e5:0,h5:0,b4:0,d4:0,a3:2,b3:0,c3:2,d3:0,f3:0,g3:2,b2:0,d2:0,f2:0,h2:2,g5:0,f6:1",
    &[("b4", "a4"), ("d4", "e4"), ("d3", "d4"), ("e5", "a5"), ("g5", "b5"), ("b5", "f1")],
);

/// The position has a legal turn, `turn` is one whose last part is needed, and the hunt
/// finds an end after the turn's first move within a thirty-second of the hunts' share
/// of the budget (the share of one hunt).
fn assert_found_within_a_hunt((birth, fen, turn): WithTurn) {
    let position = super::snapshot::read(fen).expect("a valid snapshot");
    let variant = BubbleFizz::new(birth);
    assert_eq!(variant.has_legal_turn(&position), Ok(true), "{fen}");
    assert_eq!(variant.outcome(&position), Ok(None), "{fen}");
    let st = super::turn_state::after_moves(fen, turn, birth);
    assert!(super::safety::safe_at_end(&st), "{fen}");
    let st = super::turn_state::after_moves(fen, &turn[..turn.len() - 1], birth);
    assert!(!super::safety::safe_at_end(&st), "{fen}");
    let first = super::turn_state::after_moves(fen, &turn[..1], birth);
    let steps = super::steps::Steps::new(STEP_BUDGET / 10 / 32);
    assert!(super::witness::finds_end(&first, birth, &steps), "{fen}");
}

#[test]
fn legal_turns_made_leg_by_leg_are_found_within_the_budget() {
    for position in CLIMBED_LEGAL_BY_LEGS {
        assert_found_within_a_hunt(position);
    }
}

#[test]
fn a_legal_turn_of_one_route_behind_many_is_found_within_the_budget() {
    assert_found_within_a_hunt(CLIMBED_LEGAL_BY_ONE_ROUTE);
}

/// Found by a hill climb (`tools/fizz-climb.py`, seeds 23 and 5) beyond the budget
/// under `birth=strike`: stacks of invigorated rooks over pawns with black rooks and
/// bishops among them, more invigorated units above, the king on h1 checked along the
/// first rank. Mate, decided within the budget since moves that commute sleep (see
/// `independence`); the search before it, given 20 times the budget, found them mate
/// too (after 169 and 170 million steps).
const CLIMBED_MATES_ONCE_MOVES_SLEEP: [&str; 2] = [
    "k1r1q3/p7/1RrBN1N1/rR2R1Q1/1RR1Rn2/P1PRbRPq/1PrP1P1P/r6K w - - 0 1 - \
     b6:0,e6:3,e5:0,b4:0,a3:2,c3:2,d3:0,f3:0,g3:2,b2:0,d2:0,f2:0,h2:2,g5:0,c4:0,g6:0,b5:0,e4:0",
    "knr1bb2/1B1RQ3/rRQ1N2b/P1RRR2B/1R1Rbn2/PrPRPRPB/1P1P1PPP/1r5K w - - 0 1 - \
     b6:0,e6:0,e5:0,b4:0,d4:0,c3:2,d3:0,e3:2,f3:0,g3:2,b2:0,d2:0,f2:0,g2:0,h2:2,a3:0,a5:2,h3:0,c5:3,e7:2,\
     d5:2,b7:2,h5:0,d7:0,c6:0",
];

#[test]
fn mates_beyond_the_budget_until_moves_slept_are_decided_within_it() {
    for fen in CLIMBED_MATES_ONCE_MOVES_SLEEP {
        let position = super::snapshot::read(fen).expect("a valid snapshot");
        // One variant per question: each takes most of a game's steps.
        assert_eq!(BubbleFizz::new(Birth::Strike).has_legal_turn(&position), Ok(false), "{fen}");
        assert_eq!(san::check_mark(&BubbleFizz::new(Birth::Strike), &position), Ok("#"), "{fen}");
    }
}

#[test]
fn positions_a_climb_found_beyond_the_budget_are_decided_within_it() {
    let read = |fen: &str| super::snapshot::read(fen).expect("a valid snapshot");
    for fen in CLIMBED_MATES_STRIKE {
        let variant = BubbleFizz::new(Birth::Strike);
        assert_eq!(variant.has_legal_turn(&read(fen)), Ok(false), "{fen}");
        assert_eq!(san::check_mark(&variant, &read(fen)), Ok("#"), "{fen}");
    }
    assert_eq!(BubbleFizz::new(Birth::Fizzle).has_legal_turn(&read(CLIMBED_MATE_FIZZLE)), Ok(false));
    for fen in CLIMBED_LEGAL_FIZZLE {
        assert_eq!(BubbleFizz::new(Birth::Fizzle).has_legal_turn(&read(fen)), Ok(true), "{fen}");
    }
}

fn jam() -> crate::rules::Position {
    super::snapshot::read(JAM).expect("a valid snapshot")
}

fn crowd() -> crate::rules::Position {
    super::snapshot::read(CROWD).expect("a valid snapshot")
}

/// A small budget: a few states of the crowd, too few for its hunt.
const SMALL: usize = 50_000;

/// Whether `judged` is White's question `question`, stopped by the budget.
fn undecided<T: std::fmt::Debug>(judged: Result<T, Undecided>, question: Question) -> Undecided {
    match judged {
        Err(undecided) if undecided.side == Color::White && undecided.question == question => undecided,
        other => panic!("expected an undecided {question:?}, got {other:?}"),
    }
}

#[test]
fn within_the_budget_the_stacks_and_the_jam_are_decided() {
    let stacks = super::snapshot::read(STACKS).expect("a valid snapshot");
    for birth in [Birth::Fizzle, Birth::Strike] {
        let variant = BubbleFizz::new(birth);
        assert_eq!(variant.has_legal_turn(&stacks), Ok(false), "{birth:?}");
        let outcome = variant.outcome(&stacks).expect("decided").expect("over");
        assert_eq!(outcome.reason, EndReason::Checkmate, "{birth:?}");
        assert_eq!(san::check_mark(&variant, &stacks), Ok("#"), "{birth:?}");
        assert_eq!(variant.has_legal_turn(&jam()), Ok(false), "{birth:?}");
    }
    assert_eq!(BubbleFizz::new(Birth::Fizzle).has_legal_turn(&crowd()), Ok(true));
    assert_eq!(BubbleFizz::new(Birth::Fizzle).outcome(&crowd()), Ok(None));
    const { assert!(STEP_BUDGET > 100 * SMALL) };
}

#[test]
fn beyond_the_budget_every_question_says_so() {
    let variant = BubbleFizz::new(Birth::Fizzle).with_budget(SMALL);
    let over = undecided(variant.has_legal_turn(&crowd()), Question::LegalTurn);
    assert_eq!(over.limit, Limit::Question);
    assert!(over.states > 0 && over.states * STATE_STEPS <= SMALL, "{over:?}");
    assert_eq!(variant.outcome(&crowd()), Err(over));
    assert_eq!(san::check_mark(&variant, &crowd()), Err(over));
    let states = over.states;
    assert_eq!(
        over.to_string(),
        format!(
            "cannot decide whether White has a legal turn: the search stopped after {states} states of the turn, \
             and this position is beyond what arbiter decides"
        )
    );
    // Reading a turn asks which knight moves may still end the turn legally.
    let game = parse_game("1. Nd2 *\n").expect("a record");
    let token = game.line().first().expect("a turn").turn();
    let resolved = variant.resolve(&crowd(), token);
    let Err(ResolveError::Undecided(over)) = resolved else { panic!("{resolved:?}") };
    assert_eq!(over.question, Question::NextMoves);
}

#[test]
fn the_questions_of_one_game_share_its_budget() {
    let variant = BubbleFizz::new(Birth::Fizzle);
    assert_eq!(variant.has_legal_turn(&crowd()), Ok(true));
    let one = GAME_BUDGET - variant.game.left();
    assert!(one > 0 && one < SMALL * 100, "the crowd's question took {one} steps");
    assert_eq!(variant.has_legal_turn(&crowd()), Ok(true));
    assert_eq!(GAME_BUDGET - variant.game.left(), 2 * one, "each question is charged to the game");

    // A game with little left cannot ask the crowd's question again, whatever a
    // question alone may take; a position whose answer needs no search still has it.
    let spent = BubbleFizz::new(Birth::Fizzle).with_game_budget(SMALL);
    let over = undecided(spent.has_legal_turn(&crowd()), Question::LegalTurn);
    assert_eq!(over.limit, Limit::Game);
    assert_eq!(spent.game.left(), 0);
    let again = undecided(spent.has_legal_turn(&crowd()), Question::LegalTurn);
    assert_eq!(again.states, 0);
    assert_eq!(
        again.to_string(),
        "cannot decide whether White has a legal turn: the search stopped after 0 states of the turn, \
         when the steps left to this game's searches ran out (the game's earlier questions took the rest)"
    );
    assert_eq!(spent.has_legal_turn(&spent.start()), Ok(true));
}

/// The problems of replaying `record` with a budget of `states`.
fn replayed(record: &str, states: usize) -> replay::Replay {
    let game = parse_game(record).expect("a record");
    let options = ReplayOptions::default();
    let (_, start, _) = replay::setup(&game, &options).expect("a usable start");
    *replay::replay(&game, record, 1, Box::new(BubbleFizz::new(Birth::Fizzle).with_budget(states)), start, &options)
}

#[test]
fn the_replay_reports_an_undecided_game_as_unreadable_at_the_ply() {
    let head = format!("[Variant \"Bubble Fizz\"]\n[FEN \"{CROWD}\"]\n\n");
    // The start position's ending: no turn is played.
    let replay = replayed(&format!("{head}1-0\n"), SMALL);
    let problem = replay.problems.iter().find(|p| p.severity == Severity::Unreadable).expect("a problem");
    assert!(problem.message.starts_with("cannot decide whether White has a legal turn"), "{}", problem.message);
    assert_eq!(replay.ending(), None, "no ending is guessed");
    // A written turn: the line stops there.
    let replay = replayed(&format!("{head}1. Nd2 *\n"), SMALL);
    assert!(replay.line.broken);
    let problem = replay.problems.iter().find(|p| p.severity == Severity::Unreadable).expect("a problem");
    assert!(problem.message.starts_with("cannot decide which moves of White's turn"), "{}", problem.message);
    assert!(problem.turn.as_ref().is_some_and(|t| t.ply == 1), "{problem:?}");
    // Within the budget the stacks are judged.
    let replay = replayed(&format!("[Variant \"Bubble Fizz\"]\n[FEN \"{STACKS}\"]\n\n0-1\n"), STEP_BUDGET);
    assert!(replay.problems.is_empty(), "{:?}", replay.problems);
    assert_eq!(replay.ending().map(|e| e.outcome.reason), Some(EndReason::Checkmate));
}

/// The crowd's legal turn written in full: the knight on e4 and then the pawn on e3
/// make way, the king steps to e3, and the queen on h2 (along the rank the king
/// left), the rook on d3 and the knight on h4 shut the lines to it from the queens on
/// e1 and g3 and the bishop on c5. Every part has one unit that can make it.
const CROWD_TURN: &str = "Nd2 & e4 & Ke3 & Qe2 & Rd4 & Nf3";

/// Resolves `text` in the crowd part by part against the search alone (no part taken
/// on trust), with a budget of `states` per question.
fn searched(text: &str, states: usize) -> Result<Turn, ResolveError> {
    let variant = BubbleFizz::new(Birth::Fizzle).with_budget(states);
    let crowd = crowd();
    let token = turn_token(text);
    resolve_parts(&variant, &mut TurnState::begin(&crowd), None, &token, &mut String::new(), &mut Trust::Refused)
}

#[test]
fn trust_accepts_a_legal_turn_the_search_leaves_undecided() {
    // Within the budget the search alone accepts the turn: it is legal.
    let legal = searched(CROWD_TURN, STEP_BUDGET).expect("a legal turn");
    let after = BubbleFizz::new(Birth::Fizzle).play(&crowd(), &legal);
    assert_eq!(after.board().king(Color::White), Square::parse("e3"));
    // With the small budget the search alone cannot settle the first part.
    let Err(ResolveError::Undecided(over)) = searched(CROWD_TURN, SMALL) else { panic!("decided with {SMALL}") };
    assert_eq!((over.side, over.question, over.limit), (Color::White, Question::NextMoves, Limit::Question));
    // With trust the turn as written ends legally, so it is accepted, as it is.
    let variant = BubbleFizz::new(Birth::Fizzle).with_budget(SMALL);
    undecided(variant.has_legal_turn(&crowd()), Question::LegalTurn);
    let resolved = variant.resolve(&crowd(), &turn_token(CROWD_TURN)).expect("accepted on trust");
    assert_eq!((&resolved.turn, resolved.canonical.as_str()), (&legal, CROWD_TURN));
    // So is it in a game whose earlier positions took nearly all of its steps.
    let spent = BubbleFizz::new(Birth::Fizzle).with_game_budget(SMALL);
    assert_eq!(undecided(spent.has_legal_turn(&crowd()), Question::LegalTurn).limit, Limit::Game);
    assert_eq!(spent.resolve(&crowd(), &turn_token(CROWD_TURN)).map(|r| r.turn).as_ref(), Ok(&legal));
    // And by the replay: the line goes on past it, no problem, the text canonical.
    let record = format!("[Variant \"Bubble Fizz\"]\n[FEN \"{CROWD}\"]\n\n1. {CROWD_TURN} *\n");
    let replay = replayed(&record, SMALL);
    assert!(replay.problems.is_empty(), "{:?}", replay.problems);
    assert!(!replay.line.broken);
    let plies: Vec<_> = replay.line.plies.iter().map(|p| (&p.turn, p.canonical.as_str())).collect();
    assert_eq!(plies, [(&legal, CROWD_TURN)]);
}

/// The unit of `role` on `on` ("g3").
fn unit(role: Role, on: &str) -> UnitAt {
    UnitAt { role, on: Square::parse(on).expect("a square") }
}

#[test]
fn a_wrong_part_gets_what_the_search_gives() {
    let wrong = [
        // The queen on h2 cannot pass the king before it has left f2.
        (
            "Nd2 & e4 & Qe2 & Ke3 & Rd4 & Nf3",
            Refusal::NoSuchUnit {
                side: Color::White,
                role: Role::Queen,
                source: None,
                to: Target::Square(Square::parse("e2").expect("e2")),
                own_unit_on_target: None,
                obstacle: Some(Obstacle::PathBlocked { unit: unit(Role::Queen, "h2"), by: unit(Role::King, "f2") }),
            },
        ),
        // A capture in a turn of several moves (F6), the king safe all the same.
        (
            "Nd2 & e4 & Ke3 & Qe2 & Rd4 & Qxg3",
            Refusal::BubbleFizz(BubbleCause::SeveralMovesCapture { mv: "Qxg3".to_string() }),
        ),
        // The king left capturable by the queen on g3 (F7).
        (
            "Nd2 & e4 & Ke3 & Qe2 & Rd4",
            Refusal::BubbleFizz(BubbleCause::KingCapturable {
                side: Color::White,
                king: Square::parse("e3"),
                by: Some(unit(Role::Queen, "g3")),
            }),
        ),
    ];
    for (text, refusal) in wrong {
        // Within the budget the search refuses it; with the small one it cannot tell.
        let refused = Err(ResolveError::Illegal(refusal));
        assert_eq!(searched(text, STEP_BUDGET), refused, "`{text}`");
        let Err(ResolveError::Undecided(over)) = searched(text, SMALL) else { panic!("`{text}` decided") };
        assert_eq!(over.question, Question::NextMoves, "`{text}`");
        // Trust gives the same, never an acceptance.
        for (states, search) in [(STEP_BUDGET, refused), (SMALL, Err(ResolveError::Undecided(over)))] {
            let variant = BubbleFizz::new(Birth::Fizzle).with_budget(states);
            let trusted = variant.resolve(&crowd(), &turn_token(text)).map(|r| r.turn);
            assert_eq!(trusted, search, "`{text}` with {states}");
        }
        let replay = replayed(&format!("[Variant \"Bubble Fizz\"]\n[FEN \"{CROWD}\"]\n\n1. {text} *\n"), SMALL);
        assert!(replay.line.broken && replay.line.plies.is_empty(), "`{text}`");
        let problem = replay.problems.iter().find(|p| p.severity == Severity::Unreadable).expect("a problem");
        assert!(problem.message.starts_with("cannot decide which moves of White's turn"), "{}", problem.message);
    }
}

/// Stacks with black queens on b1 and h2, cut down from a climbed position: the
/// bishop on b8 could shut the first rank by f4 and c1 once the rook on d3 has left
/// (its one way out clear of the bishop's second move lands on f3) and the pawn on d2
/// has stepped to d3. The rook's bubble is born on f4: before the bishop lands there
/// it pauses the bishop when it enters, after it strikes the bishop under
/// `birth=strike`. Under `birth=strike` it is mate; under the default `birth` the rook
/// leaves after the bishop has landed and the turn is legal. The full enumeration of
/// turns agrees, and so does an enumerator written apart from the tool.
const BISHOP_STRUCK_ON_ITS_WAY: &str = "kBr5/5r1n/n7/8/2nR2p1/PRPR2nP/1P1PP2q/rq2K3 w - - 0 1 - \
                                        a3:2,c3:2,e2:1,b2:0,b3:0,d2:0,d3:0,d4:1,b8:0,h3:0";

/// Checks that `snapshot` has no legal turn under `birth=strike` (by the full
/// enumeration of turns, and by the search within `budget` steps, which the search
/// without the cover's bubble conditions needed more than) and that under the default
/// `birth` it has one, the search saying so and the moves of `turn` being one.
fn mate_under_strike_only(snapshot: &str, budget: usize, turn: &[(&str, &str)]) {
    let position = super::snapshot::read(snapshot).expect("a valid snapshot");
    let root = TurnState::begin(&position);
    let mut turns = Vec::new();
    super::generate::legal_turns(&root, Birth::Strike, crate::rules::movegen::MoveFilter::default(), &mut turns);
    assert!(turns.is_empty(), "{turns:?}");
    let strike = BubbleFizz::new(Birth::Strike).with_budget(budget);
    assert_eq!(strike.has_legal_turn(&position), Ok(false));
    assert_eq!(BubbleFizz::new(Birth::Fizzle).has_legal_turn(&position), Ok(true));
    let st = super::turn_state::after_moves(snapshot, turn, Birth::Fizzle);
    assert!(super::safety::safe_at_end(&st));
}

#[test]
fn a_way_out_whose_bubble_stops_the_route_makes_no_way() {
    // The search before this condition took 409 states and about 1.5 million steps;
    // with it, 212 states and about 0.65 million.
    let turn = [("b8", "f4"), ("d3", "f3"), ("d2", "d3"), ("f4", "c1")];
    mate_under_strike_only(BISHOP_STRUCK_ON_ITS_WAY, 1_000_000, &turn);
}

/// The same stacks cut down to another climbed position's way: the bishop on e4 could
/// shut the first rank by c2 and d1 once the rook on d3 has left, but its one way out
/// is e3, just below the bishop, and under `birth=strike` its bubble strikes the bishop
/// where it stands. Mate under `birth=strike`; under the default `birth` the turn
/// Re3, Bc2, Bd1 is legal. The full enumeration of turns agrees, and so does an
/// enumerator written apart from the tool.
const BISHOP_STRUCK_WHERE_IT_STANDS: &str = "k1r5/5r1n/n7/3R4/PRnRB1p1/PRPR1qn1/1P1PP2q/rq2K3 w - - 0 1 e3w \
                                             a4:2,a3:2,c3:2,e2:1,b2:0,b3:0,b4:0,d2:0,d3:0,d4:3,e4:0,d5:2";

#[test]
fn a_way_out_whose_bubble_strikes_the_route_s_unit_where_it_stands_makes_no_way() {
    // The search before this condition took 195 states and about 0.69 million steps.
    let turn = [("d3", "e3"), ("e4", "c2"), ("c2", "d1")];
    mate_under_strike_only(BISHOP_STRUCK_WHERE_IT_STANDS, 300_000, &turn);
}

/// A side to move without an invigorated unit has only turns of one move: every
/// question about its position is answered without a step of the game's budget, so
/// the replay may put its mate question off and play the turn before it in place
/// (`Rules::answers_without_search`). Asked of every position of random games, of
/// a mate, a stalemate and a loss, and of a position with an invigorated white knight
/// with either side to move.
#[test]
fn a_side_without_invigorated_units_is_answered_without_a_step() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let answered = |birth: Birth, pos: &crate::rules::Position| {
        let full = BubbleFizz::new(birth);
        let none = BubbleFizz::new(birth).with_game_budget(0);
        assert_eq!(none.has_legal_turn(pos), full.has_legal_turn(pos), "{pos:?}");
        assert_eq!(none.outcome(pos), full.outcome(pos), "{pos:?}");
        assert_eq!(san::check_mark(&none, pos), san::check_mark(&full, pos), "{pos:?}");
    };
    let mut asked = 0;
    for birth in [Birth::Fizzle, Birth::Strike] {
        let variant = BubbleFizz::new(birth);
        for seed in 0..40 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut pos = variant.start();
            let mut turns = Vec::new();
            for _ in 0..80 {
                if variant.answers_without_search(&pos) {
                    answered(birth, &pos);
                    asked += 1;
                }
                turns.clear();
                variant.legal_turns(&pos, &mut turns);
                let Some(turn) = turns.get(rng.gen_range(0..turns.len().max(1))) else { break };
                pos = variant.play(&pos, turn);
            }
        }
    }
    assert!(asked > 2_000, "{asked} positions asked");
    // Mate, stalemate, and a loss with a unit paused: no turn of one move, and none
    // of several either.
    for text in
        ["7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "7k/5Q2/6K1/p7/8/8/8/8 b - - 0 1 - a5:2"]
    {
        let pos = super::snapshot::read(text).expect("a valid snapshot");
        assert!(BubbleFizz::new(Birth::Fizzle).answers_without_search(&pos), "{text}");
        assert_eq!(BubbleFizz::new(Birth::Fizzle).with_game_budget(0).has_legal_turn(&pos), Ok(false), "{text}");
        answered(Birth::Fizzle, &pos);
    }
    // An invigorated white knight: a question for White may search, one for Black
    // never does.
    let variant = BubbleFizz::new(Birth::Fizzle);
    assert!(!variant.answers_without_search(&jam()));
    let knight = |side: &str| {
        let text = format!("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R {side} KQkq - 0 1 - f3:0");
        super::snapshot::read(&text).expect("a valid snapshot")
    };
    assert!(!variant.answers_without_search(&knight("w")));
    assert!(variant.answers_without_search(&knight("b")));
    answered(Birth::Fizzle, &knight("b"));
}
