//! A mate question put off gets the answer it gets asked at once: a replay that keeps
//! every ply (and asks every question as it meets it) and one that keeps only the
//! verdict (and puts questions off) report the same problems in the same order, stop
//! their lines at the same turn and judge the same ending: in chess, and in Bubble
//! Fizz, whose questions are asked as met since they share a game's budget of steps,
//! under budgets small enough to leave questions undecided.

use crate::diagnostics::Problem;
use crate::record::parse_game;
use crate::replay::{replay, setup, Replay, ReplayOptions};
use crate::rules::{Color, Position};
use crate::variants::bubble_fizz::{Birth, BubbleFizz};
use crate::variants::lookup;
use crate::variants::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// `record` replayed by `variant` keeping every ply, or only the verdict.
fn replayed(record: &str, variant: Box<dyn Variant>, verdict_only: bool) -> Box<Replay> {
    let game = parse_game(record).expect("a record");
    let options = ReplayOptions { verdict_only, ..ReplayOptions::default() };
    let (_, start, _) = setup(&game, &options).expect("a usable start");
    replay(&game, record, 1, variant, start, &options)
}

/// What a verdict is made of: the problems in their order, how far the line went and
/// why it stopped, the final status and the broken variations.
type Verdict = (Vec<Problem>, usize, bool, String, String, usize);

fn verdict(replay: &Replay) -> Verdict {
    let line = &replay.line;
    let (refused, status) = (format!("{:?}", line.refused), format!("{:?}", replay.final_status));
    (replay.problems.clone(), line.length, line.broken, refused, status, replay.broken_variations)
}

/// The verdict of `record` both ways, each with a fresh variant from `variant` (a
/// variant keeps what its game's searches have spent).
fn both_ways(record: &str, variant: impl Fn() -> Box<dyn Variant>) -> (Verdict, Verdict) {
    (verdict(&replayed(record, variant(), false)), verdict(&replayed(record, variant(), true)))
}

/// A check written `+` that is mate, or is not, followed by everything that makes
/// the replay ask the put-off question: the end of the line, a refused turn, a wrong
/// move number, variations, a null move, an earlier draw, a result against the board.
const CHESS: &[&str] = &[
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ *",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 0-1",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ Ke7 *",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 5. Ke7 *",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ (4. Qxe5+ Be7) 4... Ke7 *",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ -- *",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 (3... g6 4. Qxf7+) 4. Qxf7+ *",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 (3... Nd4 4. Qxf7+ Kd7 5. Qf5+ Ke7 6. Qxe5+ Kf7) *",
    "1. f3 e5 2. g4 Qh4+ *",
    "1. f3 e5 2. g4 Qh4+ 3. Kf2 *",
    "1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *",
    "1. e4 f5 2. Qh5+ 3. g6 *",
    "1. e4 f5 2. Qh5+ Kf7 *",
    "1. e4 f5 2. Qh5+ (2... g6) 2... Kf7 *",
    "1. e4 f5 2. Qh5+ Kf8 3. Qf7# *",
    "1. e4 f5 2. Qh5+ Kf8+ *",
    "1. e4 f5 2. Qh5+ Ke7 *",
    "[FEN \"7k/8/8/8/8/8/8/K5Q1 w - - 0 1\"]\n\n1. Qg7+ Kxg7 2. Kb2 *",
    "[FEN \"7k/8/6K1/8/8/8/Q7/8 w - - 0 1\"]\n\n1. Qa8+ *",
    "[FEN \"7k/8/6K1/8/8/8/Q7/8 w - - 0 1\"]\n\n1. Qa8+ Kh7 *",
    "[FEN \"7k/8/6K1/8/8/8/Q7/8 w - - 149 80\"]\n\n80. Qa8+ *",
    "[FEN \"7k/8/6K1/8/8/8/Q7/8 w - - 150 80\"]\n\n80. Qa8+ Kh7 *",
    "[FEN \"7k/8/8/8/8/8/8/K2Q4 w - - 0 1\"]\n\n1. Qd4+ Kg8 2. Qd1 Kh8 3. Qd4+ Kg8 4. Qd1 Kh8 5. Qd4+ Kg8 \
     6. Qd1 Kh8 7. Qd4+ Kg8 8. Qd1 Kh8 9. Qd4+ Kg8 10. Qd1 Kh8 *",
];

#[test]
fn a_mate_question_put_off_gets_the_answer_asked_at_once() {
    let chess = || lookup("chess", &std::collections::BTreeMap::new()).expect("chess");
    for record in CHESS {
        let (at_once, put_off) = both_ways(record, chess);
        assert_eq!(put_off, at_once, "{record}");
    }
    // The records with a mate written `+` earn the warning either way.
    for record in &CHESS[..9] {
        let (_, (problems, ..)) = both_ways(record, chess);
        assert!(problems.iter().any(|p| p.message == "`Qxf7+` is checkmate; write `Qxf7#`"), "{record}: {problems:?}");
    }
}

/// Records of random Bubble Fizz games cut after each check written `+`, and followed
/// there by nothing, a legal turn, an illegal turn of one move or of two, a null move,
/// or a legal turn under a wrong move number.
fn fizz_records(variant: &BubbleFizz, games: u64) -> Vec<String> {
    let mut records = Vec::new();
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = variant.start();
        let mut movetext = String::new();
        let mut turns = Vec::new();
        for _ in 0..60 {
            turns.clear();
            variant.legal_turns(&pos, &mut turns);
            let Some(turn) = turns.get(rng.gen_range(0..turns.len().max(1))) else { break };
            let text = variant.write_turn(&pos, turn).expect("decided");
            let number = |pos: &Position| match pos.turn() {
                Color::White => format!("{}. ", pos.fullmove()),
                Color::Black => String::new(),
            };
            movetext.push_str(&format!("{}{text} ", number(&pos)));
            pos = variant.play(&pos, turn);
            if !text.ends_with('+') {
                continue;
            }
            turns.clear();
            variant.legal_turns(&pos, &mut turns);
            let reply = turns.first().map(|turn| variant.write_turn(&pos, turn).expect("decided"));
            let reply = reply.unwrap_or_default();
            let number = number(&pos);
            for next in
                [String::new(), format!("{number}{reply}"), format!("{number}Kxa1"), format!("{number}Qh8 & Nb1")]
                    .into_iter()
                    .chain([format!("{number}--"), format!("77... {reply}")])
            {
                records.push(format!("[Variant \"Bubble Fizz\"]\n\n{movetext}{next} *\n"));
            }
        }
    }
    records
}

/// Positions a move before rook moves to a1 that check a king whose invigorated units
/// are jammed: mate, which only the search finds (no turn of one move helps), spending
/// steps. White's knight moves first (`1. Ng6`), and White's counters come down to
/// the jam's; the fifty moves run out on the check when the clock starts at 98.
const JAMMED: &[&str] = &[
    "k6N/8/8/8/1R1R1R2/PRPRPRP1/rP1P1PPP/7K w - - 0 1 - \
     a3:3,c3:3,e3:3,g3:3,g2:3,h2:3,b3:1,b2:1,d3:1,d2:1,f3:1,f2:1,b4:1,d4:1,f4:1",
    "k6N/8/8/8/1R1R1R2/PRPRPRP1/rP1P1PPP/7K w - - 98 1 - \
     a3:3,c3:3,e3:3,g3:3,g2:3,h2:3,b3:1,b2:1,d3:1,d2:1,f3:1,f2:1,b4:1,d4:1,f4:1",
    "k6N/8/8/8/PRnR4/PRPRP1n1/rP1PPP2/4K2R w K - 98 1 - \
     a4:3,a3:3,c3:3,e3:3,e2:3,f2:3,b2:1,b3:1,b4:1,d2:1,d3:1,d4:1",
];

/// Records from the [`JAMMED`] positions: `1. Ng6 Ra1+` and what may follow it: turns
/// of one move whose reading searches too, and turns of several moves.
fn jammed_records() -> Vec<String> {
    let nexts =
        ["", "2. Kg1", "2. Kg2", "2. Rb1", "2. Rd1", "2. b1", "2. Rf1", "2. O-O", "2. Rc4 & Rb1", "2. Rf5 & Rf1"];
    let nexts = nexts.into_iter().chain(["2. Kg1 (2. Rb1)", "3. Rb1", "2. --"]);
    JAMMED
        .iter()
        .flat_map(|fen| {
            nexts
                .clone()
                .map(move |next| format!("[Variant \"Bubble Fizz\"]\n[FEN \"{fen}\"]\n\n1. Ng6 Ra1+ {next} *\n"))
        })
        .collect()
}

#[test]
fn questions_sharing_a_budget_are_asked_in_the_order_of_the_record() {
    for birth in [Birth::Fizzle, Birth::Strike] {
        let mut records = fizz_records(&BubbleFizz::new(birth), 12);
        records.extend(jammed_records());
        assert!(records.len() > 30, "{birth:?}: {} records", records.len());
        // The full budget, one step per question (every search left undecided), and a
        // game with few steps (questions decided until they are spent).
        let budgets = [(None, None), (Some(1), None), (None, Some(3_000)), (Some(5_000), Some(20_000))];
        let budgets = budgets.into_iter().chain([2_000, 10_000, 30_000, 100_000].map(|game| (None, Some(game))));
        for (question, game) in budgets {
            let variant = || -> Box<dyn Variant> {
                let mut variant = BubbleFizz::new(birth);
                if let Some(steps) = question {
                    variant = variant.with_budget(steps);
                }
                if let Some(steps) = game {
                    variant = variant.with_game_budget(steps);
                }
                Box::new(variant)
            };
            for record in &records {
                let (at_once, put_off) = both_ways(record, variant);
                assert_eq!(put_off, at_once, "{birth:?}, budget {question:?}/{game:?}: {record}");
            }
        }
    }
}
