//! Hostile Bubble Fizz positions (SPEC section 8): a king in a line check with up to
//! twelve invigorated units of its side crowded around it and the lines to it, under
//! both `birth` options and with castling rights. Deciding whether a legal turn exists
//! must stay cheap whether the answer is mate or a turn of several moves in the right
//! order, and when the units jam each other's only ways; a position beyond the
//! search's budget is reported (exit 2), never guessed. Each record is followed by a
//! good game that must still be validated.

use crate::common::{self, GOOD_GAME};
use assert_cmd::Command;
use std::time::Duration;

/// Address space a run may use: the 200 MB per case, with room for the
/// binary and its threads.
const MEMORY_LIMIT_KIB: u64 = 400 << 10;

/// Stops a run that hangs; not a measure of speed (a debug build on a busy machine
/// stays far below it).
const HANG_GUARD: Duration = Duration::from_mins(10);

/// The white king on h1 checked along the first rank by the rook on a1, two
/// invigorated queens pinned on the h-file and the long diagonal, black knights on
/// every flight square, and 2, 6 or 10 invigorated pawns that cannot help.
const PINNED_QUEENS: [&str; 3] = [
    "b3k2q/8/8/8/6n1/4nQ1Q/PP2n3/r6K w - - 0 1 - a2:0,b2:0,f3:0,h3:0",
    "b3k2q/8/8/8/6n1/PPP1nQ1Q/PPP1n3/r6K w - - 0 1 - a2:0,a3:0,b2:0,b3:0,c2:0,c3:0,f3:0,h3:0",
    "b3k2q/8/8/4PPP1/1P4n1/PPP1nQ1Q/PPP1n3/r6K w - - 0 1 - \
     a2:0,a3:0,b2:0,b3:0,b4:0,c2:0,c3:0,e5:0,f3:0,f5:0,g5:0,h3:0",
];

/// The same under `birth=strike`, with a black pawn on g3 and two paused white pawns
/// on g6 and g7 so that no bubble born on an attacker can help either.
const PINNED_QUEENS_STRIKE: [&str; 3] = [
    "b3k2q/6P1/6P1/8/6n1/4nQpQ/PP2n3/r6K w - - 0 1 - a2:0,b2:0,f3:0,h3:0,g6:2,g7:2",
    "b3k2q/6P1/6P1/8/6n1/PPP1nQpQ/PPP1n3/r6K w - - 0 1 - a2:0,a3:0,b2:0,b3:0,c2:0,c3:0,f3:0,h3:0,g6:2,g7:2",
    "b3k2q/6P1/6P1/4PPP1/1P4n1/PPP1nQpQ/PPP1n3/r6K w - - 0 1 - \
     a2:0,a3:0,b2:0,b3:0,b4:0,c2:0,c3:0,e5:0,f3:0,f5:0,g5:0,h3:0,g6:2,g7:2",
];

/// The king on e1 with both castling rights, checked down the e-file, two queens
/// pinned on the diagonals, knights on every flight square and on the squares the
/// castlings cross, and 2, 6 or 10 invigorated pawns that cannot help.
const CASTLING_KING: [&str; 3] = [
    "4r2k/8/8/b7/2nn2nb/P1Q3Q1/Pn5n/R3K2R w KQ - 0 1 - a2:0,a3:0,c3:0,g3:0",
    "4r2k/8/8/bPP2PP1/2nn2nb/P1Q3Q1/Pn5n/R3K2R w KQ - 0 1 - a2:0,a3:0,b5:0,c3:0,c5:0,f5:0,g3:0,g5:0",
    "4r2k/8/P6P/bPPP1PPP/2nn2nb/P1Q3Q1/Pn5n/R3K2R w KQ - 0 1 - \
     a2:0,a3:0,a6:0,b5:0,c3:0,c5:0,d5:0,f5:0,g3:0,g5:0,h5:0,h6:0",
];

/// Jams: the king on h1 checked along the first rank, and on the b-, d- and f-files
/// a stack of an invigorated pawn under one or two invigorated rooks, between paused
/// pawns. Each rook could block on the first rank if the units below it were gone,
/// but the pawn can leave its square only once the rook above it has moved, and then
/// stays on the file: every order jams. 3, 6 and 9 invigorated units (the search
/// before the order-aware cover took over 60 s and 210 MB for 9).
const JAMMED: [&str; 3] = [
    "k7/8/8/8/8/PRP1P1P1/1P4PP/r6K w - - 0 1 - a3:2,c3:2,e3:2,g3:2,g2:2,h2:2,b3:0,b2:0",
    "k7/8/8/8/8/PRPRPRP1/1P1P1PPP/r6K w - - 0 1 - a3:2,c3:2,e3:2,g3:2,g2:2,h2:2,b3:0,b2:0,d3:0,d2:0,f3:0,f2:0",
    "k7/8/8/8/1R1R1R2/PRPRPRP1/1P1P1PPP/r6K w - - 0 1 - \
     a3:2,c3:2,e3:2,g3:2,g2:2,h2:2,b3:0,b2:0,d3:0,d2:0,f3:0,f2:0,b4:0,d4:0,f4:0",
];

/// The castling jam: a king on e1 with a castling right, checked along the first rank,
/// and on the b- and d-files an invigorated pawn under two invigorated rooks. The
/// cover does not refute it; the search sees the mate after about 75,000 states, within
/// the budget.
const CASTLING_JAM: &str = "k7/8/8/8/PRnR4/PRPRP1n1/1P1PPP2/r3K2R w K - 0 1 - \
                            a4:2,a3:2,c3:2,e3:2,e2:2,f2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:0";

/// Found by a hill climb on the states the search visits: the white king on f2 among
/// black queens, seventeen invigorated white units around it, bubbles of both sides.
/// It once reached the budget: the search wandered through the crowd's harmless
/// reshuffles. A legal turn exists (the king to e3 once a pawn and a knight have made
/// way, three units between it and its attackers), and the goal-directed hunt finds it
/// at once.
const CROWD_AROUND_THE_KING: &str = "1Bqn3R/1k6/2qP3N/1qb2PP1/2P1N1NN/3RP1qQ/qq3K1Q/2R1q1RR w - - 0 1 \
                                     a8w,a7b,e5b,h5w,d4b,f4w,a3b,d2w,b1b \
                                     b8:0,h8:0,d6:0,h6:0,f5:0,g5:1,c4:0,e4:0,g4:0,h4:0,d3:0,e3:0,h3:0,h2:0,c1:0,g1:0,h1:0";

/// Found by a hill climb from the crowd around the king against the search with its
/// hunt and refutation: more invigorated bishops and a queen in the crowd, a paused
/// knight on e4. It once reached the budget, and a thousand times the budget did not
/// decide it. Mate: the black queens on e1 and g3 stand next to every square around
/// the king but e3, and the invigorated pawn there can never leave it (the knight on e4
/// is paused), which the quick refutation now sees in every state. Under `birth=strike`
/// a legal turn exists, found at once.
const CROWD_WITH_A_STUCK_PAWN: &str = "1Bqn3R/1k6/2qP1Q1N/1qb2BB1/2B1N1NN/3RP1qQ/qq3K1Q/2R1q1rR w - - 0 1 \
                                 a8w,a7b,e5b,h5w,d4b,f4w,a3b,d2w,b1b \
                                 b8:0,h8:0,d6:0,h6:0,g4:0,h4:0,d3:0,e3:0,h3:0,h2:0,c1:0,h1:0,g5:0,f6:0,c4:0,f5:0,e4:2";

/// Found by a hill climb against the search with its planner: the king on h1 checked
/// along the first rank, its pawns on g2 and h2 (no extra move), five invigorated
/// knights far away. Mate, but the refutation let the king step to g2 or h2, where
/// nothing threatens it, as if the pawn there could make way: it has no extra move
/// while the king takes the ordinary one. It reached the budget (50,182 states); now
/// mate at once.
const KNIGHTS_FAR_AWAY: &str = "N1NN2r1/8/2N4k/8/N7/8/6PP/4r2K w - - 0 1 - a8:0,c8:0,d8:0,c6:0,a4:0";

/// Found by a hill climb against the search with its planner: the king on h1 checked
/// along the first rank, invigorated knights on the eighth rank and an invigorated
/// rook on g7 whose only way down, by f7, holds a bubble (a unit ending a move on it
/// is paused). Mate; it reached the budget until the refutation stopped letting a
/// route move on from a bubble that nothing takes away first (a knight landing on f6
/// would, but would then stand on the rook's way down).
const KNIGHTS_PAST_BUBBLES: &str = "NNNNN3/6R1/7k/8/p7/8/6PP/2q1r2K w - - 0 1 c7b,f7b a8:0,b8:0,c8:0,d8:0,e8:0,g7:0";

/// Found by the same hill climb: invigorated pawns crowd the king's side, checked
/// along the first rank. Mate under `birth=strike`; it reached the budget while the
/// refutation let the bishop on d7 pass the pawn on f5 as if that pawn could step
/// aside to f6, where a pawn without an extra stands, which could leave only with
/// the ordinary move the bishop's two moves need.
const PAWNS_ON_THE_BISHOPS_WAY: &str = "3N1nq1/3B4/1b3P1k/2NP1P1b/PPP5/4P3/PPPPP2P/r3r2K w - - 0 1 - \
                                        a2:0,b2:0,d2:0,e2:0,a4:0,b4:0,c4:1,d7:0,c5:0,f5:0,d8:0,e3:0";

/// Found by a hill climb at the end of the refutation's six newer conditions: the crowd
/// with a stuck pawn and a black bubble on e2, which would sink onto the queen on e1.
/// Mate under the default `birth`: it reached the budget while the refutation let the
/// king step to e2 as if the queen would still be paused, though the king entering e2
/// takes that bubble away. Under `birth=strike` it has a legal turn.
const CROWD_WITH_A_BUBBLE_ON_E2: &str = "1Bqn3R/1k6/2qP1Q1N/1qb2BB1/2B1N1NN/3RP1qQ/qq3K1Q/2R1q1rR w - - 0 1 \
                                         a8w,a7b,e5b,h5w,d4b,f4w,a3b,d2w,b1b,e2b \
                                         b8:0,h8:0,d6:0,h6:0,g4:0,h4:0,d3:0,e3:0,h3:0,h2:0,c1:0,h1:0,g5:0,f6:0,c4:0,f5:0,e4:2";

/// Found by a hill climb from the stacked rooks (a fuzz seed since): the king on h1
/// checked along the first rank, invigorated pawns under invigorated rooks on three
/// files with a black rook and bishop among them, more invigorated rooks, a knight and
/// a queen above. It once reached the budget under either `birth` option, though a
/// legal turn exists: six moves in which four units make way, in the right order, for
/// the queen to go round by b5 to f1. The planner makes that route, and the position
/// has a legal turn in a few milliseconds.
const STACKS_UNDER_A_CROWD: &str = "k1r5/8/1R2NR2/4R1QR/1R1R1nr1/PRPRbRP1/1PrP1P1P/r6K w - - 0 1 - \
                                    b6:0,e6:0,e5:0,h5:0,b4:0,d4:0,a3:2,b3:0,c3:2,d3:0,f3:0,g3:2,b2:0,d2:0,f2:0,h2:2,g5:0,f6:1";

/// Found by a hill climb from the jam with the queen beside it, against the search
/// with its planner and both refutations: the same jam without the black knight and
/// bishop on the king's side. It reached the budget under either `birth` option while
/// the refutation let the queen on f1, on the king's way to f1, leave along the first
/// rank through the king (it must leave before the king comes, while the king still
/// stands on e1); now mate under either option.
const OPENED_JAM: &str = "k7/8/3R1B2/8/PRpR4/PRqRP3/1P1PPP2/r3KQ1R w - - 0 1 - \
                          a4:2,a3:2,e3:2,f2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:0,f6:0,e2:0,d6:0,f1:0";

/// Found by a hill climb against the search with the refutation that knows who must
/// leave the king's way first: the jam with the queen beside it and an invigorated
/// knight on e4. It reached the budget under either `birth` option while the
/// refutation weighed each unit's route apart, letting the pawn on d2 stay to shut the
/// queen's diagonal while the knight from e4 landed on d2 on its way to b1; now mate
/// under either option.
const KNIGHT_IN_THE_JAM: &str = "k7/8/3R1B2/8/PRpRN2b/PRqRP1n1/1P1PPP2/r3KQ1R w - - 0 1 - \
                                 a4:2,a3:2,e3:2,f2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:0,f6:0,e2:0,d6:0,f1:0,e4:0";

/// Found by a hill climb against the search whose refutation weighs who stays and who
/// makes way together: the castling jam with invigorated rooks and knights above it,
/// black queens on b1 and h2 and bubbles. It reached the budget under either `birth`
/// option while the refutation let the king step to d2, where nothing attacks it, as
/// if the pawn there could leave to d3, where a rook stands that cannot move before the
/// pawn has; now mate under either option.
const CASTLING_JAM_WITH_QUEENS: &str = "k1r3N1/2pR4/1R2N3/4R2R/PRnR4/PRPRP1n1/1P1PP2q/rq2K2R w K - 0 1 c5b,g6b \
                                        a4:2,a3:2,c3:2,e3:2,e2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:3,b6:0,e6:0,e5:0,h5:0,g8:0,h1:0";

/// Found by a hill climb against the search whose refutation knows that a unit cannot
/// make way through one that cannot leave first: stacks of invigorated rooks over
/// pawns, black queens on b1, f3 and h2 among them, more invigorated rooks, knights and
/// bishops above. It reached the budget under either `birth` option while the
/// refutation let the bishop on b8 pass d2 by f4 to c1, the pawn on d2 stepping aside
/// to d3 once the rook there had left, by its one way out, e3, on the bishop's way;
/// now mate under either option.
const QUEENS_AMONG_THE_STACKS: &str = "kBr3NB/3R1r1n/nR2N3/3RR2R/PRnR2p1/PRPR1qn1/1P1PP2q/rq2K3 w - - 0 1 - \
                                       a4:2,a3:2,c3:2,e2:1,b2:0,b3:0,b4:0,d2:0,d3:0,d4:3,b6:0,e6:0,e5:0,h5:0,g8:0,b8:0,d5:0,h8:0";

/// Found by a hill climb against the search whose refutation knows that a unit leaving
/// a way out stays where it lands: the stacks with black queens on b1 and h2, a rook on
/// f5 for the queen on f3. It was beyond the budget under either `birth` option until
/// the planner made a route of two moves leg by leg; under the default `birth` it has
/// a legal turn, found at once: the rook on b4 goes to b5, the rook on e5 to e4, the
/// bishop from b8 to f4, the rook on d3 to f3, the pawn on d2 to d3 and the bishop on
/// to c1, shutting the first rank (an enumerator written apart from the tool plays it
/// and finds the king safe). Under `birth=strike` the pawn's bubble strikes the bishop,
/// and the position is still beyond the budget.
const QUEENS_BESIDE_THE_STACKS: &str = "kBr3NB/3R1r1n/nR2N3/4RR1R/PRnR2p1/PRPR2n1/1P1PP2q/rq2K3 w - - 0 1 - \
                                        a4:2,a3:2,c3:2,e2:1,b2:0,b3:0,b4:0,d2:0,d3:0,d4:3,b6:0,e6:0,e5:0,h5:0,g8:0,b8:0,h8:0,d7:0,f5:0";

/// Found by a hill climb against the search with the memo key of what the rest of the
/// turn can read: the stacks with black queens on b1, f3 and h2, a rook on d8, a
/// bishop on g1. Beyond the budget under either `birth` option: the search stops, and
/// the position is reported undecided.
const STACKS_BEYOND_THE_BUDGET: &str = "kBrR2NB/3R1r1n/nR2N3/3R3R/PRnR2p1/PRPR1qn1/1P1PP2q/rq2K1B1 w - - 0 1 - \
                                        a4:2,a3:2,c3:2,e2:1,b2:0,b3:0,b4:0,d2:0,d3:0,d4:3,b6:0,e6:0,h5:0,g8:0,b8:0,d5:0,h8:0,d8:0,g1:0";

/// Found by a hill climb (one of fourteen positions beyond the budget then): rooks
/// stacked over pawns, a black rook and bishop among them, the king on h1 checked along
/// the first rank. Beyond the budget until the search stopped playing last moves out of sight and its
/// charges followed its faster work; under `birth=strike` it has a legal turn of eleven
/// moves (the queen on g5 goes by b5 to f1 once the rooks on e5, c4 and d3 have left its
/// way and a rook landing on b4 has cancelled the black bubble on b5), which the
/// enumerator written apart from the tool plays out with the king safe.
const STACKS_OVER_THE_KING_ON_H1: &str = "k1r5/p6R/1Rr3N1/4R1QB/NRRR1n2/PRPRbRP1/1PrP1P1P/r6K w - - 0 1 f7b,b5b,g2w \
                                         b6:2,e5:0,d4:0,a3:2,b3:0,c3:2,d3:0,f3:0,g3:2,b2:0,d2:0,f2:0,h2:2,g5:0,c4:0,g6:0,a4:3,h7:0,b4:0";

/// Found by a hill climb from the castling jam: a black queen and bishop among the
/// stacks, an invigorated queen beside the king. It once reached the budget (the
/// refutation let a queen's route along the first rank pass the king on both ends of
/// its one move); now mate in a few states. Under `birth=strike` it reached the budget
/// until the refutation stopped letting the king step onto a square whose unit cannot
/// make way (the pawn on d2 or e2 has no move while the king takes the ordinary one);
/// now mate under either option.
const QUEEN_BESIDE_THE_JAM: &str = "k7/8/3R1B2/8/PRpR3b/PRqRP1n1/1P1PPP2/r3KQ1R w - - 0 1 - \
                                    a4:2,a3:2,e3:2,f2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:0,f6:0,e2:0,d6:0,f1:0";

/// The castling jam with invigorated rooks and knights crowding above it: the
/// refutation once let through every state of it (a rook's route along the first rank
/// through its own king, who never moves), and the search went past the budget.
const CASTLING_JAM_CROWDED: &str = "k1r5/8/1R2N3/4R2R/PRnR4/PRPRP1n1/1P1PPP2/r3K2R w K - 0 1 - \
                                    a4:2,a3:2,c3:2,e3:2,e2:2,f2:2,b2:0,b3:0,b4:0,d2:0,d3:0,d4:0,b6:0,e6:0,e5:0,h5:0";

/// Found by the same climb from the jams: rooks stacked on three files and more
/// invigorated rooks and knights above them, under `birth=strike`. It once reached the
/// budget (every state's refutation weighed each route of each rook); the refutation
/// now weighs only routes that answer a threat, and sees the mate in a few states.
const STACKED_ROOKS_STRIKE: &str = "k1r5/8/1R2N3/4R2R/1R1R1R2/PRPRPRP1/1P1P1PPP/r6K w - - 0 1 - \
                                    b6:0,e6:0,e5:0,h5:0,b4:0,d4:0,f4:0,a3:2,b3:0,c3:2,d3:0,e3:2,f3:0,g3:2,\
                                    b2:0,d2:0,f2:0,g2:2,h2:2";

/// Runs `arbiter validate` on `record` followed by the good game, under the limits.
fn validate_limited(name: &str, record: &str) -> String {
    validate_limited_with_status(name, record).0
}

/// [`validate_limited`], with the exit status and standard error.
fn validate_limited_with_status(name: &str, record: &str) -> (String, Option<i32>, String) {
    let path = common::temp_file("hostile-fizz", name, format!("{record}{GOOD_GAME}").as_bytes());
    let binary = assert_cmd::cargo::cargo_bin("arbiter");
    let script = format!("ulimit -v {MEMORY_LIMIT_KIB} && exec \"$0\" \"$@\"");
    let output = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(binary)
        .arg("validate")
        .arg(&path)
        .timeout(HANG_GUARD)
        .output()
        .expect("arbiter runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.code().is_some(), "{name}: arbiter was killed (memory limit or hang guard)");
    assert!(!stderr.contains("panicked"), "{name}: arbiter panicked:\n{stderr}");
    assert!(
        stdout.lines().any(|l| l.contains("(Good - Game)") && l.contains(": valid")),
        "{name}: the good game after the hostile one was not validated:\n{stdout}"
    );
    (stdout.into_owned(), output.status.code(), stderr.into_owned())
}

/// A record of the position `fen` with `rules`, the turn `moves` and `result`.
fn record(fen: &str, rules: &str, moves: &str, result: &str) -> String {
    let rules = if rules.is_empty() { String::new() } else { format!("[Rules \"{rules}\"]\n") };
    format!("[Variant \"Bubble Fizz\"]\n[FEN \"{fen}\"]\n{rules}\n{moves}{result}\n\n")
}

fn mates_are_found(family: &str, fens: &[&str], rules: &str) {
    for (i, fen) in fens.iter().enumerate() {
        let name = format!("{family}-{i}.pgn");
        let out = validate_limited(&name, &record(fen, rules, "", "0-1"));
        assert!(out.contains("valid, 0 plies, 0-1 (checkmate after ply 0)"), "{name}:\n{out}");
    }
}

/// [`mates_are_found`] under either `birth` option.
fn mates_are_found_under_both(family: &str, fens: &[&str]) {
    mates_are_found(family, fens, "");
    mates_are_found(&format!("{family}-strike"), fens, "birth=strike");
}

#[test]
fn line_checks_with_pinned_queens_and_crowds_are_mate() {
    mates_are_found("fizz-pinned", &PINNED_QUEENS, "");
}

#[test]
fn line_checks_with_pinned_queens_and_crowds_are_mate_under_birth_strike() {
    mates_are_found("fizz-pinned-strike", &PINNED_QUEENS_STRIKE, "birth=strike");
}

#[test]
fn line_checks_with_castling_rights_and_crowds_are_mate() {
    mates_are_found("fizz-castling", &CASTLING_KING, "");
}

#[test]
fn the_one_answer_in_the_right_order_is_found_and_resolved() {
    // A rook on f4 may block on f1 once the queen on f3 has stepped along its
    // diagonal: the queen first, then the rook.
    let fens = [
        "b3k2q/8/8/8/5Rn1/P3nQ1Q/PPP1n3/r6K w - - 0 1 - a2:0,a3:0,b2:0,c2:0,f3:0,f4:0,h3:0",
        "b3k2q/8/8/P3PPP1/5Rn1/PPP1nQ1Q/PPP1n3/r6K w - - 0 1 - \
         a2:0,a3:0,a5:0,b2:0,b3:0,c2:0,c3:0,e5:0,f3:0,f4:0,f5:0,g5:0,h3:0",
    ];
    for (i, fen) in fens.iter().enumerate() {
        let name = format!("fizz-answer-{i}.pgn");
        let out = validate_limited(&name, &record(fen, "", "1. Qe4 & Rf1+ ", "*"));
        assert!(out.contains(": valid, 1 plies, *"), "{name}:\n{out}");
        let out = validate_limited(&name, &record(fen, "", "1. Rf1 & Qe4+ ", "*"));
        assert!(out.contains(": invalid at move 1"), "{name}: the rook cannot pass the queen:\n{out}");
    }
}

#[test]
fn under_birth_strike_a_strike_and_a_long_way_round_are_found() {
    // Without the paused pawns on g6 and g7: the queen on f3 blocks on f1, the one on
    // h3 strikes the queen on h8 from h7 and then the bishop on a8 from a7.
    let fen = "b3k2q/8/8/4PPP1/1P4n1/PPP1nQpQ/PPP1n3/r6K w - - 0 1 - \
               a2:0,a3:0,b2:0,b3:0,b4:0,c2:0,c3:0,e5:0,f3:0,f5:0,g5:0,h3:0";
    let out = validate_limited("fizz-strike-open.pgn", &record(fen, "birth=strike", "", "*"));
    assert!(out.contains(": valid, 0 plies, *"), "{out}");
    let out = validate_limited("fizz-strike-turn.pgn", &record(fen, "birth=strike", "1. Qf1 & Qh7 & Qa7 ", "*"));
    assert!(out.contains(": valid, 1 plies, *"), "{out}");
}

#[test]
fn jams_are_mate() {
    mates_are_found("fizz-jammed", &JAMMED, "");
}

#[test]
fn jams_are_mate_under_birth_strike() {
    mates_are_found("fizz-jammed-strike", &JAMMED, "birth=strike");
}

#[test]
fn the_castling_jam_is_mate_within_the_budget() {
    mates_are_found_under_both("fizz-castling-jam", &[CASTLING_JAM]);
}

#[test]
fn stacked_rooks_are_mate_under_both_birth_options() {
    mates_are_found_under_both("fizz-stacked-rooks", &[STACKED_ROOKS_STRIKE]);
}

#[test]
fn the_castling_jam_with_a_crowd_above_is_mate() {
    mates_are_found_under_both("fizz-castling-jam-crowded", &[CASTLING_JAM_CROWDED, QUEEN_BESIDE_THE_JAM]);
}

#[test]
fn the_crowd_around_the_king_has_a_legal_turn() {
    // The game is not over, whatever the record claims: no ending is reported, and a
    // claimed mate is refused.
    let out = validate_limited("fizz-crowd.pgn", &record(CROWD_AROUND_THE_KING, "", "", "*"));
    assert!(out.contains("valid, 0 plies, *"), "{out}");
    let out = validate_limited("fizz-crowd-claim.pgn", &record(CROWD_AROUND_THE_KING, "", "", "0-1"));
    assert!(!out.contains("checkmate"), "{out}");
}

#[test]
fn a_diagram_of_the_crowd_around_the_king_is_drawn() {
    let output = Command::cargo_bin("arbiter")
        .expect("the arbiter binary is built for tests")
        .args(["diagram", "--variant", "bubble-fizz", "--fen", CROWD_AROUND_THE_KING])
        .timeout(HANG_GUARD)
        .output()
        .expect("arbiter runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains(" 2 | q q . ^ . K . Q |") && stdout.contains("White to move; check\n"), "{stdout}");
}

#[test]
fn the_crowd_with_a_stuck_pawn_is_mate() {
    mates_are_found("fizz-stuck-pawn", &[CROWD_WITH_A_STUCK_PAWN], "");
}

#[test]
fn the_crowd_with_a_stuck_pawn_has_a_legal_turn_under_birth_strike() {
    let out = validate_limited("fizz-stuck-pawn-strike.pgn", &record(CROWD_WITH_A_STUCK_PAWN, "birth=strike", "", "*"));
    assert!(out.contains("valid, 0 plies, *"), "{out}");
}

#[test]
fn knights_far_away_cannot_save_a_king_whose_pawns_hold_its_squares() {
    mates_are_found_under_both("fizz-knights-far-away", &[KNIGHTS_FAR_AWAY]);
}

#[test]
fn knights_past_bubbles_and_pawns_on_a_bishops_way_are_mate() {
    mates_are_found_under_both("fizz-knights-past-bubbles", &[KNIGHTS_PAST_BUBBLES, PAWNS_ON_THE_BISHOPS_WAY]);
}

#[test]
fn the_crowd_with_a_bubble_on_e2_is_mate_and_has_a_legal_turn_under_birth_strike() {
    mates_are_found("fizz-crowd-bubble-e2", &[CROWD_WITH_A_BUBBLE_ON_E2], "");
    let out = validate_limited(
        "fizz-crowd-bubble-e2-strike.pgn",
        &record(CROWD_WITH_A_BUBBLE_ON_E2, "birth=strike", "", "0-1"),
    );
    assert!(out.contains("valid, 0 plies, 0-1 (decided off the board)"), "{out}");
}

#[test]
fn jams_once_beyond_the_budget_are_mate() {
    mates_are_found_under_both(
        "fizz-opened-jam",
        &[OPENED_JAM, KNIGHT_IN_THE_JAM, CASTLING_JAM_WITH_QUEENS, QUEENS_AMONG_THE_STACKS],
    );
}

#[test]
fn the_stacks_under_a_crowd_have_a_legal_turn() {
    // Whatever the record claims, the game is not over, under either option.
    for rules in ["", "birth=strike"] {
        let out = validate_limited("fizz-stacks-crowd.pgn", &record(STACKS_UNDER_A_CROWD, rules, "", "0-1"));
        assert!(out.contains("valid, 0 plies, 0-1 (decided off the board)"), "{rules:?}:\n{out}");
    }
}

#[test]
fn the_queens_beside_the_stacks_have_a_legal_turn_under_the_default_birth() {
    // Not over, whatever the record claims; and the turn written out is accepted.
    let out = validate_limited("fizz-queens-beside.pgn", &record(QUEENS_BESIDE_THE_STACKS, "", "", "0-1"));
    assert!(out.contains("valid, 0 plies, 0-1 (decided off the board)"), "{out}");
    let moves = "1. Rb4-b5 & Re5-e4 & Bb8-f4 & Rd3-f3 & d2-d3 & Bf4-c1 ";
    let out = validate_limited("fizz-queens-beside-turn.pgn", &record(QUEENS_BESIDE_THE_STACKS, "", moves, "*"));
    assert!(out.contains("valid, 1 plies, *"), "{out}");
}

#[test]
fn the_stacks_over_the_king_on_h1_have_a_legal_turn_under_birth_strike() {
    // Not over, whatever the record claims; and the turn written out is accepted.
    let fen = STACKS_OVER_THE_KING_ON_H1;
    let out = validate_limited("fizz-stacks-h1.pgn", &record(fen, "birth=strike", "", "0-1"));
    assert!(out.contains("valid, 0 plies, 0-1 (decided off the board)"), "{out}");
    let moves = "1. Rd4-d7 & Rh7-h8 & Rd3-d6 & Ng6-f8 & Re5-a5 & Rc4-e4 & Rb4-d4 & Rb3-b4 & b2-b3 & Qg5-b5 & Qb5-f1 ";
    let out = validate_limited("fizz-stacks-h1-turn.pgn", &record(fen, "birth=strike", moves, "*"));
    assert!(out.contains("valid, 1 plies, *"), "{out}");
}

#[test]
fn a_position_beyond_the_budget_is_reported_not_guessed() {
    // Whatever the record claims, the game is unreadable at the position, with exit 2,
    // and the good game after it is still validated.
    for (rules, result) in ["", "birth=strike"].into_iter().flat_map(|rules| ["1-0", "0-1", "*"].map(|r| (rules, r))) {
        let fen = STACKS_BEYOND_THE_BUDGET;
        let name = "fizz-beyond.pgn";
        let (out, status, stderr) = validate_limited_with_status(name, &record(fen, rules, "", result));
        assert_eq!(status, Some(2), "{rules:?} {result}:\n{out}\n{stderr}");
        assert!(out.contains(": unreadable at line"), "{rules:?} {result}:\n{out}");
        assert!(
            stderr.contains("cannot decide whether White has a legal turn: the search stopped after")
                && stderr.contains("this position is beyond what arbiter decides"),
            "{rules:?} {result}:\n{stderr}"
        );
        assert!(
            !out.contains("checkmate") && !out.contains("stalemate"),
            "{rules:?} {result}: a guessed ending:\n{out}"
        );
    }
}

#[test]
fn a_turn_left_undecided_is_reported_once() {
    // Resolving the written turn spends the game's steps; the position it stops in is
    // not judged again with none left (that would report the same lack twice, and
    // blame it on other positions).
    let moves = "1. Rb4-b5 & Rd3-e3 & d2-d3 ";
    let (out, status, stderr) =
        validate_limited_with_status("fizz-undecided-turn.pgn", &record(STACKS_BEYOND_THE_BUDGET, "", moves, "*"));
    assert_eq!(status, Some(2), "{out}\n{stderr}");
    assert!(stderr.contains("cannot decide which moves of White's turn can still end it legally"), "{stderr}");
    assert_eq!(stderr.matches("error: ").count(), 1, "{stderr}");
    assert!(out.contains("game 2") && out.contains(": valid"), "{out}");
}

#[test]
fn a_diagram_of_a_position_beyond_the_budget_says_why_it_has_no_caption() {
    let output = Command::cargo_bin("arbiter")
        .expect("the arbiter binary is built for tests")
        .args(["diagram", "--variant", "bubble-fizz", "--fen", STACKS_BEYOND_THE_BUDGET])
        .timeout(HANG_GUARD)
        .output()
        .expect("arbiter runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot decide whether White has a legal turn"), "{stderr}");
}
