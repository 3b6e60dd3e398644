//! The pruned search (`can_complete`, `any_legal_turn`) against the full enumeration
//! of turns, on seeded random positions crowded with invigorated units and checks.

use super::bubbles::Birth;
use super::generate::{
    any_legal_turn, can_complete, may_continue_after, memo_key, next_moves, search, state_key, Memo, STEP_BUDGET,
};
use super::independence::commute;
use super::last_moves::OutOfSight;
use super::relevance::shown_squares;
use super::turn_state::{after_moves, TurnState};
use crate::rules::movegen::MoveFilter;
use crate::rules::{Move, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A random snapshot: both kings, a few units of each side (the mover's mostly
/// invigorated), black line-movers to give checks, some bubbles and pauses.
fn random_snapshot(rng: &mut SmallRng) -> String {
    let mut grid = [[' '; 8]; 8];
    let mut pauses: Vec<String> = Vec::new();
    let place = |grid: &mut [[char; 8]; 8], rng: &mut SmallRng, unit: char| loop {
        let (file, rank) = (rng.gen_range(0..8usize), rng.gen_range(0..8usize));
        let pawn_rank_bad = unit.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7);
        if grid[rank][file] == ' ' && !pawn_rank_bad {
            grid[rank][file] = unit;
            return (file, rank);
        }
    };
    // A third of the positions keep White's castling, with its rooks now and then
    // invigorated.
    let castling = rng.gen_bool(0.35);
    let mut invigorated = 0;
    let king = if castling {
        grid[0][4] = 'K';
        for file in [0, 7] {
            grid[0][file] = 'R';
            if rng.gen_bool(0.5) {
                invigorated += 1;
                pauses.push(format!("{}:0", square_name((file, 0))));
            }
        }
        (4, 0)
    } else {
        place(&mut grid, rng, 'K')
    };
    if rng.gen_bool(0.3) {
        invigorated += 1;
        pauses.push(format!("{}:0", square_name(king)));
    }
    place(&mut grid, rng, 'k');
    for _ in 0..rng.gen_range(2..7) {
        let unit = ['N', 'B', 'R', 'Q', 'P', 'P', 'N'][rng.gen_range(0..7)];
        let at = place(&mut grid, rng, unit);
        match rng.gen_range(0..10) {
            // At most three, so that the full enumeration stays affordable.
            0..=5 if invigorated < 3 => {
                invigorated += 1;
                pauses.push(format!("{}:0", square_name(at)));
            }
            6 => pauses.push(format!("{}:{}", square_name(at), rng.gen_range(1..4))),
            _ => {}
        }
    }
    for _ in 0..rng.gen_range(1..5) {
        let unit = ['r', 'b', 'q', 'n', 'p'][rng.gen_range(0..5)];
        let at = place(&mut grid, rng, unit);
        if rng.gen_bool(0.2) {
            pauses.push(format!("{}:{}", square_name(at), rng.gen_range(0..4)));
        }
    }
    let bubbles = scatter_bubbles(rng, &grid, 0..5);
    let rights = if castling { "KQ" } else { "-" };
    snapshot_text(&grid, rights, &bubbles, &pauses)
}

/// The eight directions of lines from a square.
const DIRS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A random crowded line check: White's king, a black rook, bishop or queen checking
/// it from a distance, more black line units on the king's lines, black knights, and
/// up to four invigorated white units (with some paused or plain ones) packed around
/// the king and along the checking line, where they may block, unpin or get in each
/// other's way.
fn crowded_check_snapshot(rng: &mut SmallRng) -> String {
    let mut grid = [[' '; 8]; 8];
    let mut pauses: Vec<String> = Vec::new();
    let on_board = |file: i32, rank: i32| (0..8).contains(&file) && (0..8).contains(&rank);
    let king = (rng.gen_range(0..8usize), rng.gen_range(0..8usize));
    grid[king.1][king.0] = 'K';
    let mut lines = Vec::new();
    for attackers in 0..rng.gen_range(2..5) {
        let (df, dr) = DIRS[rng.gen_range(0..8)];
        let distance = rng.gen_range(2..8);
        let (file, rank) = (king.0 as i32 + df * distance, king.1 as i32 + dr * distance);
        if !on_board(file, rank) || grid[rank as usize][file as usize] != ' ' {
            continue;
        }
        let diagonal = df != 0 && dr != 0;
        let unit = match (diagonal, rng.gen_bool(0.3)) {
            (_, true) => 'q',
            (true, false) => 'b',
            (false, false) => 'r',
        };
        grid[rank as usize][file as usize] = unit;
        let path: Vec<(usize, usize)> =
            (1..distance).map(|i| ((king.0 as i32 + df * i) as usize, (king.1 as i32 + dr * i) as usize)).collect();
        // The first line checks; the others are pinned shut by a white unit.
        if attackers > 0 {
            if let Some(&(f, r)) = path.get(rng.gen_range(0..path.len())) {
                if grid[r][f] == ' ' {
                    grid[r][f] = '?';
                }
            }
        }
        lines.extend(path);
    }
    let mut invigorated = 0;
    let mut white = |grid: &mut [[char; 8]; 8], rng: &mut SmallRng, at: (usize, usize)| {
        let unit = ['N', 'B', 'R', 'P', 'P', 'N', 'B', 'R'][rng.gen_range(0..8)];
        if unit == 'P' && (at.1 == 0 || at.1 == 7) {
            grid[at.1][at.0] = 'N';
        } else {
            grid[at.1][at.0] = unit;
        }
        match rng.gen_range(0..10) {
            0..=6 if invigorated < 4 => {
                invigorated += 1;
                pauses.push(format!("{}:0", square_name(at)));
            }
            7 => pauses.push(format!("{}:{}", square_name(at), rng.gen_range(1..4))),
            _ => {}
        }
    };
    for rank in 0..8 {
        for file in 0..8 {
            if grid[rank][file] == '?' {
                white(&mut grid, rng, (file, rank));
            }
        }
    }
    for _ in 0..rng.gen_range(2..6) {
        let near = lines.get(rng.gen_range(0..lines.len().max(1))).copied().unwrap_or(king);
        let (file, rank) = (near.0 as i32 + rng.gen_range(-1..2), near.1 as i32 + rng.gen_range(-1..2));
        if on_board(file, rank) && grid[rank as usize][file as usize] == ' ' {
            white(&mut grid, rng, (file as usize, rank as usize));
        }
    }
    for unit in ['n', 'n', 'k'] {
        loop {
            let (file, rank) = (rng.gen_range(0..8usize), rng.gen_range(0..8usize));
            if grid[rank][file] == ' ' {
                grid[rank][file] = unit;
                break;
            }
        }
    }
    let bubbles = scatter_bubbles(rng, &grid, 0..4);
    snapshot_text(&grid, "-", &bubbles, &pauses)
}

/// The name of a square given as 0-based file and rank (`e4`).
fn square_name((file, rank): (usize, usize)) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Up to as many bubbles as a number drawn from `count`, of either side, on empty squares
/// of ranks 2 to 7.
fn scatter_bubbles(rng: &mut SmallRng, grid: &[[char; 8]; 8], count: std::ops::Range<usize>) -> Vec<String> {
    let mut bubbles = Vec::new();
    for _ in 0..rng.gen_range(count) {
        let (file, rank) = (rng.gen_range(0..8usize), rng.gen_range(1..7usize));
        if grid[rank][file] == ' ' {
            let owner = if rng.gen_bool(0.5) { 'w' } else { 'b' };
            bubbles.push(format!("{}{owner}", square_name((file, rank))));
        }
    }
    bubbles
}

/// A snapshot with White to move: the board, castling rights, bubbles and pauses.
fn snapshot_text(grid: &[[char; 8]; 8], rights: &str, bubbles: &[String], pauses: &[String]) -> String {
    let list = |items: &[String]| if items.is_empty() { "-".to_string() } else { items.join(",") };
    format!("{} w {rights} - 0 1 {} {}", board_text(grid), list(bubbles), list(pauses))
}

/// The board part of a snapshot (rank 8 first; a blank is an empty square).
fn board_text(grid: &[[char; 8]; 8]) -> String {
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut gap = 0;
            for unit in grid[rank] {
                if unit == ' ' {
                    gap += 1;
                } else {
                    if gap > 0 {
                        row.push_str(&gap.to_string());
                    }
                    gap = 0;
                    row.push(unit);
                }
            }
            if gap > 0 {
                row.push_str(&gap.to_string());
            }
            row
        })
        .collect();
    rows.join("/")
}

/// The full enumeration: whether some turn continuing from `st` ends legally (at the
/// start of a turn, only after a move: a turn of no move is none).
fn completes_by_enumeration(st: &TurnState, birth: Birth) -> bool {
    (st.count > 0 && super::safety::safe_at_end(st))
        || (st.may_continue() && search(st, birth, MoveFilter::default(), &mut Vec::new(), &mut |_| true))
}

/// Each first move of the turn in `root` that some move may follow, with the state
/// after it.
fn after_first_moves(root: &TurnState<'static>, birth: Birth) -> Vec<(Move, TurnState<'static>)> {
    let mut firsts = Vec::new();
    next_moves(root, MoveFilter::default(), &mut firsts);
    firsts.retain(|mv| may_continue_after(root, mv));
    firsts
        .into_iter()
        .map(|mv| {
            let mut next = root.clone();
            next.apply(&mv, birth);
            (mv, next)
        })
        .collect()
}

/// How many positions of each kind a comparison draws, and how many of its states
/// must have a legal end and how many none.
#[derive(Clone, Copy)]
struct Sample {
    positions: usize,
    states: usize,
    dead_ends: usize,
    castling: usize,
}

fn compare(birth: Birth, seed: u64) {
    compare_on(birth, seed, random_snapshot, Sample { positions: 600, states: 2000, dead_ends: 200, castling: 100 });
}

fn compare_on(birth: Birth, seed: u64, snapshot: fn(&mut SmallRng) -> String, sample: Sample) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut positions, mut states, mut dead_ends, mut castling) = (0, 0, 0, 0);
    while positions < sample.positions {
        let text = snapshot(&mut rng);
        let Ok(pos): Result<Position, _> = super::snapshot::read(&text) else { continue };
        positions += 1;
        castling += usize::from(pos.castling().rights().next().is_some());
        let root = TurnState::begin(&pos);
        let full = completes_by_enumeration(&root, birth);
        assert_eq!(
            any_legal_turn(&root, birth, &mut Memo::new(STEP_BUDGET)),
            Ok(full),
            "{birth:?}: has a legal turn in {text}"
        );
        for (mv, next) in after_first_moves(&root, birth) {
            let expected = completes_by_enumeration(&next, birth);
            let fast = can_complete(&next, birth, &mut Memo::new(STEP_BUDGET)).expect("within the budget");
            assert_eq!(fast, expected, "{birth:?}: after {mv:?} in {text}");
            states += 1;
            dead_ends += usize::from(!expected);
        }
    }
    // The comparison means something only if it met both answers often.
    assert!(
        states > sample.states && dead_ends > sample.dead_ends && states - dead_ends > sample.dead_ends,
        "{states} states, {dead_ends} without a legal end"
    );
    assert!(castling >= sample.castling, "only {castling} positions with a castling right");
}

#[test]
fn the_pruned_search_agrees_with_the_enumeration() {
    compare(Birth::Fizzle, 0x5eed_f122);
}

#[test]
fn the_pruned_search_agrees_with_the_enumeration_under_birth_strike() {
    compare(Birth::Strike, 0x5eed_5717);
}

/// Crowded line checks: how many positions, states and dead ends they must give.
const CROWDED: Sample = Sample { positions: 400, states: 1500, dead_ends: 300, castling: 0 };

#[test]
fn the_pruned_search_agrees_with_the_enumeration_on_crowded_line_checks() {
    compare_on(Birth::Fizzle, 0x5eed_c20d, crowded_check_snapshot, CROWDED);
}

#[test]
fn the_pruned_search_agrees_with_the_enumeration_on_crowded_line_checks_under_birth_strike() {
    compare_on(Birth::Strike, 0x5eed_c25e, crowded_check_snapshot, CROWDED);
}

/// A random jam: White's king on h1 checked along the first rank from a1, stacks of
/// white units on the files above it (a pawn under rooks, bishops or knights, often
/// invigorated) between paused pawns, so that a blocker's way down is held by units
/// that can leave it only in the right order, or not at all.
fn jammed_snapshot(rng: &mut SmallRng) -> String {
    let mut grid = [[' '; 8]; 8];
    let mut pauses: Vec<String> = Vec::new();
    grid[0][7] = 'K';
    grid[0][0] = if rng.gen_bool(0.8) { 'r' } else { 'q' };
    grid[7][0] = 'k';
    let mut invigorated = 0;
    for (file, rank) in (1..5usize).flat_map(|rank| (0..8usize).map(move |file| (file, rank))) {
        if grid[rank][file] != ' ' || rng.gen_bool(if rank == 4 { 0.7 } else { 0.25 }) {
            continue;
        }
        let unit = match rank {
            1 => ['P', 'P', 'P', 'n'][rng.gen_range(0..4)],
            _ => ['P', 'R', 'R', 'B', 'N', 'P'][rng.gen_range(0..6)],
        };
        grid[rank][file] = unit;
        if unit == 'n' {
            continue;
        }
        match rng.gen_range(0..10) {
            // At most four, so that the full enumeration stays affordable.
            0..=4 if invigorated < 4 => {
                invigorated += 1;
                pauses.push(format!("{}:0", square_name((file, rank))));
            }
            5..=7 => pauses.push(format!("{}:{}", square_name((file, rank)), rng.gen_range(1..4))),
            _ => {}
        }
    }
    let bubbles = scatter_bubbles(rng, &grid, 0..3);
    snapshot_text(&grid, "-", &bubbles, &pauses)
}

/// Jams: how many positions, states and dead ends they must give.
const JAMMED: Sample = Sample { positions: 400, states: 1000, dead_ends: 200, castling: 0 };

#[test]
fn the_pruned_search_agrees_with_the_enumeration_on_jams() {
    compare_on(Birth::Fizzle, 0x5eed_1a33, jammed_snapshot, JAMMED);
}

#[test]
fn the_pruned_search_agrees_with_the_enumeration_on_jams_under_birth_strike() {
    compare_on(Birth::Strike, 0x5eed_1a35, jammed_snapshot, JAMMED);
}

/// A random hemmed king: White's king with black queens and rooks close by, so that
/// most squares around it are attacked by a unit standing next to them, and white
/// units (often invigorated) on some of the squares around it, each with its way out
/// held by a paused unit, an enemy, an invigorated unit that may step aside, or
/// nothing. The king's one way out may then lie through a square whose unit can
/// leave it, or through one whose unit never can.
fn hemmed_king_snapshot(rng: &mut SmallRng) -> String {
    let mut grid = [[' '; 8]; 8];
    let mut pauses: Vec<String> = Vec::new();
    let on_board = |file: i32, rank: i32| (0..8).contains(&file) && (0..8).contains(&rank);
    let king = (rng.gen_range(1..7i32), rng.gen_range(1..7i32));
    grid[king.1 as usize][king.0 as usize] = 'K';
    let mut invigorated = 0;
    let mut white = |grid: &mut [[char; 8]; 8], rng: &mut SmallRng, (file, rank): (i32, i32), units: &[char]| {
        let unit = units[rng.gen_range(0..units.len())];
        let unit = if unit == 'P' && (rank == 0 || rank == 7) { 'N' } else { unit };
        grid[rank as usize][file as usize] = unit;
        let name = square_name((file as usize, rank as usize));
        match rng.gen_range(0..10) {
            // At most four, so that the full enumeration stays affordable.
            0..=5 if invigorated < 4 => {
                invigorated += 1;
                pauses.push(format!("{name}:0"));
            }
            6..=8 => pauses.push(format!("{name}:{}", rng.gen_range(1..4))),
            _ => {}
        }
    };
    for (df, dr) in DIRS {
        let (file, rank) = (king.0 + df, king.1 + dr);
        if !on_board(file, rank) || rng.gen_bool(0.6) {
            continue;
        }
        white(&mut grid, rng, (file, rank), &['P', 'P', 'N', 'B', 'R']);
        // Its way out: the square in front (a pawn's) or beside it, held or not.
        let (wf, wr) =
            if grid[rank as usize][file as usize] == 'P' { (file, rank + 1) } else { (file + df, rank + dr) };
        if on_board(wf, wr) && grid[wr as usize][wf as usize] == ' ' {
            match rng.gen_range(0..4) {
                0 => grid[wr as usize][wf as usize] = 'n',
                1 | 2 => white(&mut grid, rng, (wf, wr), &['N', 'B', 'R', 'P']),
                _ => {}
            }
        }
    }
    for unit in ['q', 'q', 'r', 'k'] {
        for _ in 0..20 {
            let (file, rank) = if unit == 'k' {
                (rng.gen_range(0..8), rng.gen_range(0..8))
            } else {
                (king.0 + rng.gen_range(-2..3), king.1 + rng.gen_range(-2..3))
            };
            if on_board(file, rank) && grid[rank as usize][file as usize] == ' ' {
                grid[rank as usize][file as usize] = unit;
                break;
            }
        }
    }
    let bubbles = scatter_bubbles(rng, &grid, 0..3);
    snapshot_text(&grid, "-", &bubbles, &pauses)
}

/// Hemmed kings: how many positions, states and dead ends they must give.
const HEMMED: Sample = Sample { positions: 400, states: 800, dead_ends: 200, castling: 0 };

#[test]
fn the_pruned_search_agrees_with_the_enumeration_around_hemmed_kings() {
    compare_on(Birth::Fizzle, 0x5eed_4e33, hemmed_king_snapshot, HEMMED);
}

#[test]
fn the_pruned_search_agrees_with_the_enumeration_around_hemmed_kings_under_birth_strike() {
    compare_on(Birth::Strike, 0x5eed_4e35, hemmed_king_snapshot, HEMMED);
}

/// A random check to be shut by a unit that must move twice, past bubbles: White's king
/// on h1 behind its pawns, checked along the first rank, a few white units (often
/// invigorated) above, a bubble on the way of each (a unit ending its first move on one
/// is paused), and often an invigorated knight a jump away from the square below that
/// bubble, which may land there first and so take the bubble away, then stands there.
fn bubbled_ways_snapshot(rng: &mut SmallRng) -> String {
    let mut grid = [[' '; 8]; 8];
    let mut pauses: Vec<String> = Vec::new();
    grid[0][7] = 'K';
    grid[1][6] = 'P';
    grid[1][7] = 'P';
    grid[0][rng.gen_range(0..3usize)] = if rng.gen_bool(0.8) { 'r' } else { 'q' };
    grid[7][rng.gen_range(0..8usize)] = 'k';
    let free = |grid: &[[char; 8]; 8], (file, rank): (i32, i32)| {
        (0..8).contains(&file) && (0..8).contains(&rank) && grid[rank as usize][file as usize] == ' '
    };
    let mut invigorated = 0;
    let mut invigorate = |pauses: &mut Vec<String>, (file, rank): (i32, i32)| {
        // At most four, so that the full enumeration stays affordable.
        if invigorated < 4 {
            invigorated += 1;
            pauses.push(format!("{}:0", square_name((file as usize, rank as usize))));
        }
    };
    let mut bubbles = Vec::new();
    for _ in 0..rng.gen_range(1..4) {
        let at = (rng.gen_range(0..8i32), rng.gen_range(2..7i32));
        if !free(&grid, at) {
            continue;
        }
        grid[at.1 as usize][at.0 as usize] = ['B', 'Q', 'R', 'B', 'N'][rng.gen_range(0..5)];
        if rng.gen_bool(0.8) {
            invigorate(&mut pauses, at);
        }
        // A bubble one or two steps away, then perhaps a knight that can land below it.
        let (df, dr) = DIRS[rng.gen_range(0..DIRS.len())];
        let reach = rng.gen_range(1..3);
        let bubble = (at.0 + df * reach, at.1 + dr * reach);
        if !free(&grid, bubble) || !(1..7).contains(&bubble.1) {
            continue;
        }
        let owner = if rng.gen_bool(0.5) { 'w' } else { 'b' };
        bubbles.push(format!("{}{owner}", square_name((bubble.0 as usize, bubble.1 as usize))));
        let (jf, jr) = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)][rng.gen_range(0..8)];
        let knight = (bubble.0 + jf, bubble.1 - 1 + jr);
        if rng.gen_bool(0.6) && free(&grid, knight) && knight != bubble {
            grid[knight.1 as usize][knight.0 as usize] = 'N';
            invigorate(&mut pauses, knight);
        }
    }
    for sq in scatter_bubbles(rng, &grid, 0..2) {
        if !bubbles.iter().any(|b| b[..2] == sq[..2]) {
            bubbles.push(sq);
        }
    }
    snapshot_text(&grid, "-", &bubbles, &pauses)
}

/// Bubbled ways: how many positions, states and dead ends they must give.
const BUBBLED: Sample = Sample { positions: 400, states: 800, dead_ends: 200, castling: 0 };

#[test]
fn the_pruned_search_agrees_with_the_enumeration_on_ways_past_bubbles() {
    compare_on(Birth::Fizzle, 0x5eed_b0b1, bubbled_ways_snapshot, BUBBLED);
}

#[test]
fn the_pruned_search_agrees_with_the_enumeration_on_ways_past_bubbles_under_birth_strike() {
    compare_on(Birth::Strike, 0x5eed_b0b3, bubbled_ways_snapshot, BUBBLED);
}

/// The king on b1 (or c1), an invigorated rook on a2, a knight on h8 to make the
/// ordinary move: after it only the rook may move, along the a-file and the second
/// rank, and the knight stands where nothing left can meet it.
const ROOK_AND_FAR_KNIGHT: &str = "4k2N/8/8/8/8/8/R7/1K6 w - - 0 1 - a2:0";
const ROOK_AND_FAR_KNIGHT_KING_ON_C1: &str = "4k2N/8/8/8/8/8/R7/2K5 w - - 0 1 - a2:0";

#[test]
fn the_memo_key_forgets_only_what_the_rest_of_the_turn_cannot_read() {
    let after = |fen: &str, to: &str| after_moves(fen, &[("h8", to)], Birth::Fizzle);
    let (g6, f7) = (after(ROOK_AND_FAR_KNIGHT, "g6"), after(ROOK_AND_FAR_KNIGHT, "f7"));
    // Where the knight went is read by nothing that is left: one state.
    assert_ne!(state_key(&g6), state_key(&f7));
    assert_eq!(memo_key(&g6), memo_key(&f7));
    // The king's square is always read, though the king may not move any more and no
    // move of the rook meets it.
    assert_ne!(memo_key(&g6), memo_key(&after(ROOK_AND_FAR_KNIGHT_KING_ON_C1, "g6")));
}

/// The hunt ([`super::witness`], its planner's routes made at once and leg by leg
/// included) only ever finds real legal ends: on jams and crowded line checks, under
/// both options, every state after a first move where it finds one has one by the full
/// enumeration, and it finds many.
#[test]
fn every_end_the_hunt_finds_is_one_the_enumeration_finds() {
    type Kind = (Birth, u64, fn(&mut SmallRng) -> String);
    let kinds: [Kind; 4] = [
        (Birth::Fizzle, 0x5eed_1e95, jammed_snapshot),
        (Birth::Strike, 0x5eed_1e96, jammed_snapshot),
        (Birth::Fizzle, 0x5eed_1e97, crowded_check_snapshot),
        (Birth::Strike, 0x5eed_1e98, crowded_check_snapshot),
    ];
    for (birth, seed, snapshot) in kinds {
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut positions, mut finds, mut ends) = (0, 0, 0);
        while positions < 120 {
            let text = snapshot(&mut rng);
            let Ok(pos): Result<Position, _> = super::snapshot::read(&text) else { continue };
            positions += 1;
            let root = TurnState::begin(&pos);
            for (mv, next) in after_first_moves(&root, birth) {
                let expected = completes_by_enumeration(&next, birth);
                let steps = super::steps::Steps::new(STEP_BUDGET / 10 / 32);
                let found = super::witness::finds_end(&next, birth, &steps);
                assert!(!found || expected, "{birth:?}: the hunt found an end after {mv:?} in {text}");
                finds += usize::from(found);
                ends += usize::from(expected);
            }
        }
        assert!(finds > 100, "{birth:?}: {finds} finds, {ends} states with a legal end");
    }
}

/// Positions near the stacks cut down to a bishop's way to the first rank (by f4 to
/// c1, by c2 to d1), where a unit making way for the bishop may land just below its
/// first landing or below the bishop: one to three random changes (a white unit moved
/// or taken off, a counter set, bubbles added), so that the cover's conditions on such
/// landings meet both answers.
fn near_the_bishop_ways(rng: &mut SmallRng) -> String {
    const TWINS: [(&str, &str, &str); 2] = [
        ("kBr5/5r1n/n7/8/2nR2p1/PRPR2nP/1P1PP2q/rq2K3", "-", "a3:2,c3:2,e2:1,b2:0,b3:0,d2:0,d3:0,d4:1,b8:0,h3:0"),
        (
            "k1r5/5r1n/n7/3R4/PRnRB1p1/PRPR1qn1/1P1PP2q/rq2K3",
            "e3w",
            "a4:2,a3:2,c3:2,e2:1,b2:0,b3:0,b4:0,d2:0,d3:0,d4:3,e4:0,d5:2",
        ),
    ];
    let (board, bubbles, pauses) = TWINS[rng.gen_range(0..TWINS.len())];
    let mut grid = [[' '; 8]; 8];
    for (row, text) in board.split('/').enumerate() {
        let mut file = 0;
        for unit in text.chars() {
            if let Some(gap) = unit.to_digit(10) {
                file += gap as usize;
            } else {
                grid[7 - row][file] = unit;
                file += 1;
            }
        }
    }
    let mut counters: std::collections::BTreeMap<String, String> =
        pauses.split(',').filter_map(|p| p.split_once(':')).map(|(s, n)| (s.to_string(), n.to_string())).collect();
    let mut bubbles: Vec<String> = bubbles.split(',').filter(|b| *b != "-").map(str::to_string).collect();
    for _ in 0..rng.gen_range(1..4) {
        let ours: Vec<(usize, usize)> = (0..8)
            .flat_map(|rank| (0..8).map(move |file| (file, rank)))
            .filter(|&(file, rank)| grid[rank][file].is_ascii_uppercase() && grid[rank][file] != 'K')
            .collect();
        let Some(&(file, rank)) = ours.get(rng.gen_range(0..ours.len().max(1))) else { continue };
        let name = square_name((file, rank));
        match rng.gen_range(0..4) {
            0 => {
                let (to_file, to_rank) = (rng.gen_range(0..8usize), rng.gen_range(0..8usize));
                let unit = grid[rank][file];
                if grid[to_rank][to_file] != ' ' || (unit == 'P' && (to_rank == 0 || to_rank == 7)) {
                    continue;
                }
                grid[to_rank][to_file] = unit;
                grid[rank][file] = ' ';
                if let Some(counter) = counters.remove(&name) {
                    counters.insert(square_name((to_file, to_rank)), counter);
                }
            }
            1 => {
                grid[rank][file] = ' ';
                counters.remove(&name);
            }
            2 => {
                let counter = ["0", "0", "-", "1", "2"][rng.gen_range(0..5)];
                if counter == "-" {
                    counters.remove(&name);
                } else {
                    counters.insert(name, counter.to_string());
                }
            }
            _ => bubbles.extend(scatter_bubbles(rng, &grid, 1..3)),
        }
    }
    bubbles.retain(|b| {
        let sq = b.as_bytes();
        grid[usize::from(sq[1] - b'1')][usize::from(sq[0] - b'a')] == ' '
    });
    bubbles.sort();
    bubbles.dedup_by(|a, b| a[..2] == b[..2]);
    let pauses: Vec<String> = counters.iter().map(|(sq, n)| format!("{sq}:{n}")).collect();
    snapshot_text(&grid, "-", &bubbles, &pauses)
}

/// Near the bishop's ways: how many positions, states and dead ends they must give.
const BISHOP_WAYS: Sample = Sample { positions: 24, states: 150, dead_ends: 30, castling: 0 };

#[test]
fn the_pruned_search_agrees_with_the_enumeration_near_the_bishop_ways() {
    compare_on(Birth::Fizzle, 0x5eed_b150, near_the_bishop_ways, BISHOP_WAYS);
}

#[test]
fn the_pruned_search_agrees_with_the_enumeration_near_the_bishop_ways_under_birth_strike() {
    compare_on(Birth::Strike, 0x5eed_b15e, near_the_bishop_ways, BISHOP_WAYS);
}

/// The state after `first` then `second` from `st`, when both may come next in turn.
fn after_both(st: &TurnState<'static>, first: &Move, second: &Move, birth: Birth) -> Option<TurnState<'static>> {
    let mut next = st.clone();
    next.apply(first, birth);
    let mut moves = Vec::new();
    next_moves(&next, MoveFilter::default(), &mut moves);
    moves.contains(second).then(|| {
        next.apply(second, birth);
        next
    })
}

/// Calls `each` with every state after a first move, and the moves that may come next
/// there, in 300 positions (crowded line checks and jams in turn) drawn from `seed`,
/// under `birth`.
fn each_state_after_a_first_move(
    birth: Birth,
    seed: u64,
    mut each: impl FnMut(&str, &Move, &TurnState<'static>, &[Move]),
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for draw in 0..300 {
        let text = if draw % 2 == 0 { crowded_check_snapshot(&mut rng) } else { jammed_snapshot(&mut rng) };
        let Ok(pos): Result<Position, _> = super::snapshot::read(&text) else { continue };
        let root = TurnState::begin(&pos);
        for (first, st) in after_first_moves(&root, birth) {
            let mut moves = Vec::new();
            next_moves(&st, MoveFilter::default(), &mut moves);
            each(&text, &first, &st, &moves);
        }
    }
}

/// Two moves that commute (see `independence`), each possible after the other, reach
/// the same state in either order, pauses given during the turn included; and when one
/// order is possible so is the other. Checked on every pair of moves that may come
/// after each first move, in crowded positions and jams, under both `birth` options.
#[test]
fn moves_that_commute_reach_one_state_in_either_order() {
    let mut pairs = 0;
    for (birth, seed) in [(Birth::Fizzle, 0x5eed_5131), (Birth::Strike, 0x5eed_5132)] {
        each_state_after_a_first_move(birth, seed, |text, first, st, moves| {
            let us = st.pos.turn();
            for (i, a) in moves.iter().enumerate() {
                for b in moves.iter().skip(i + 1).filter(|b| commute(a, b, us)) {
                    let (ab, ba) = (after_both(st, a, b, birth), after_both(st, b, a, birth));
                    assert_eq!(ab.is_some(), ba.is_some(), "{birth:?}: {a:?} and {b:?} after {first:?} in {text}");
                    if let (Some(ab), Some(ba)) = (ab, ba) {
                        assert_eq!(state_key(&ab), state_key(&ba), "{birth:?}: {a:?}, {b:?} in {text}");
                        assert_eq!(ab.fresh, ba.fresh, "{birth:?}: {a:?}, {b:?} in {text}");
                        pairs += 1;
                    }
                }
            }
        });
    }
    assert!(pairs > 10_000, "only {pairs} pairs of commuting moves");
}

/// Last moves of one unit that land out of sight (see `last_moves`) lead to states
/// with one memo key: once one of them is noted, every later move of the same unit the
/// search would skip gives the same key as the noted one. Checked on every pair of
/// moves of one unit after each first move, in crowded positions and jams, under both
/// `birth` options.
#[test]
fn last_moves_out_of_sight_reach_one_key() {
    let mut pairs = 0;
    for (birth, seed) in [(Birth::Fizzle, 0x5eed_0a51), (Birth::Strike, 0x5eed_0a52)] {
        each_state_after_a_first_move(birth, seed, |text, first, st, moves| {
            for (i, noted) in moves.iter().enumerate() {
                let later = moves.get(i + 1..).unwrap_or_default();
                let mut after_noted = st.clone();
                after_noted.apply(noted, birth);
                let mut out_of_sight = OutOfSight::default();
                out_of_sight.note(st, noted, shown_squares(&after_noted).1, birth);
                for mv in later.iter().filter(|mv| out_of_sight.known_dead(st, mv, birth)) {
                    let mut next = st.clone();
                    next.apply(mv, birth);
                    let keys = (memo_key(&after_noted), memo_key(&next));
                    assert_eq!(keys.0, keys.1, "{birth:?}: {noted:?}, {mv:?} after {first:?} in {text}");
                    pairs += 1;
                }
            }
        });
    }
    assert!(pairs > 10_000, "only {pairs} pairs of moves out of sight");
}
