//! The pruned search (`can_complete`, `any_legal_turn`) against the full enumeration
//! of turns, on seeded random positions crowded with invigorated units and checks.

use super::bubbles::Birth;
use super::generate::{any_legal_turn, can_complete, may_continue_after, next_moves, search};
use super::turn_state::TurnState;
use crate::rules::movegen::MoveFilter;
use crate::rules::Position;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// A random snapshot: both kings, a few units of each side (the mover's mostly
/// invigorated), black line-movers to give checks, some bubbles and pauses.
fn random_snapshot(rng: &mut SmallRng) -> String {
    let mut grid = [[' '; 8]; 8];
    let mut pauses: Vec<String> = Vec::new();
    let mut bubbles = Vec::new();
    let place = |grid: &mut [[char; 8]; 8], rng: &mut SmallRng, unit: char| loop {
        let (file, rank) = (rng.gen_range(0..8usize), rng.gen_range(0..8usize));
        let pawn_rank_bad = unit.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7);
        if grid[rank][file] == ' ' && !pawn_rank_bad {
            grid[rank][file] = unit;
            return (file, rank);
        }
    };
    let square = |(file, rank): (usize, usize)| format!("{}{}", (b'a' + file as u8) as char, rank + 1);
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
                pauses.push(format!("{}:0", square((file, 0))));
            }
        }
        (4, 0)
    } else {
        place(&mut grid, rng, 'K')
    };
    if rng.gen_bool(0.3) {
        invigorated += 1;
        pauses.push(format!("{}:0", square(king)));
    }
    place(&mut grid, rng, 'k');
    for _ in 0..rng.gen_range(2..7) {
        let unit = ['N', 'B', 'R', 'Q', 'P', 'P', 'N'][rng.gen_range(0..7)];
        let at = place(&mut grid, rng, unit);
        match rng.gen_range(0..10) {
            // At most three, so that the full enumeration stays affordable.
            0..=5 if invigorated < 3 => {
                invigorated += 1;
                pauses.push(format!("{}:0", square(at)));
            }
            6 => pauses.push(format!("{}:{}", square(at), rng.gen_range(1..4))),
            _ => {}
        }
    }
    for _ in 0..rng.gen_range(1..5) {
        let unit = ['r', 'b', 'q', 'n', 'p'][rng.gen_range(0..5)];
        let at = place(&mut grid, rng, unit);
        if rng.gen_bool(0.2) {
            pauses.push(format!("{}:{}", square(at), rng.gen_range(0..4)));
        }
    }
    for _ in 0..rng.gen_range(0..5) {
        let (file, rank) = (rng.gen_range(0..8usize), rng.gen_range(1..7usize));
        if grid[rank][file] == ' ' {
            let owner = if rng.gen_bool(0.5) { 'w' } else { 'b' };
            bubbles.push(format!("{}{owner}", square((file, rank))));
        }
    }
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
    let list = |items: &[String]| if items.is_empty() { "-".to_string() } else { items.join(",") };
    let rights = if castling { "KQ" } else { "-" };
    format!("{} w {rights} - 0 1 {} {}", rows.join("/"), list(&bubbles), list(&pauses))
}

/// The full enumeration: whether some turn continuing from `st` ends legally.
fn completes_by_enumeration(st: &TurnState, birth: Birth) -> bool {
    super::safety::safe_at_end(st)
        || (st.may_continue() && search(st, birth, MoveFilter::default(), &mut Vec::new(), &mut |_| true))
}

fn compare(birth: Birth, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut positions, mut states, mut dead_ends, mut castling) = (0, 0, 0, 0);
    while positions < 600 {
        let text = random_snapshot(&mut rng);
        let Ok(pos): Result<Position, _> = super::snapshot::read(&text) else { continue };
        positions += 1;
        castling += usize::from(pos.castling().rights().next().is_some());
        let root = TurnState::begin(&pos);
        let full = completes_by_enumeration(&root, birth);
        assert_eq!(any_legal_turn(&root, birth), full, "{birth:?}: has a legal turn in {text}");
        let mut firsts = Vec::new();
        next_moves(&root, MoveFilter::default(), &mut firsts);
        for mv in firsts.iter().filter(|mv| may_continue_after(&root, mv)) {
            let mut next = root.clone();
            next.apply(mv, birth);
            let expected = completes_by_enumeration(&next, birth);
            let fast = can_complete(&next, birth, &mut HashSet::new());
            assert_eq!(fast, expected, "{birth:?}: after {mv:?} in {text}");
            states += 1;
            dead_ends += usize::from(!expected);
        }
    }
    // The comparison means something only if it met both answers often.
    assert!(states > 2000 && dead_ends > 200, "{states} states, {dead_ends} without a legal end");
    assert!(castling > 100, "only {castling} positions with a castling right");
}

#[test]
fn the_pruned_search_agrees_with_the_enumeration() {
    compare(Birth::Fizzle, 0x5eed_f122);
}

#[test]
fn the_pruned_search_agrees_with_the_enumeration_under_birth_strike() {
    compare(Birth::Strike, 0x5eed_5717);
}
