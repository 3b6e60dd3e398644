//! Tilting the Balance beyond what a YAML example can say:
//!
//! * seeded random games (bombs played often) in which every position is checked
//!   against an independent statement of the bomb rules T1, T2, T5 and T6, against
//!   king safety after every legal turn, T9 (a blast never gives check), the
//!   snapshot round trip, and the notation round trip (every canonical turn resolves
//!   back to the same turn);
//! * a crater in front of a pawn's double step, which no legal game or snapshot can
//!   reach (T4: a pawn's first two squares always lie in one blast's reach);
//! * snapshots that list every problem, and mangled snapshots and bomb tokens that
//!   must give errors, never panics.

use arbiter::geometry::{Square, SquareSet};
use arbiter::record::parse_game;
use arbiter::rules::check::king_safe;
use arbiter::rules::movegen::{MoveFilter, Terrain};
use arbiter::rules::{Color, Position, Role, Turn};
use arbiter::variants::prelude::*;
use arbiter::variants::tilting::Tilting;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

const GAMES: usize = 60;
const PLIES: usize = 120;

/// Where the random games start: the orthodox array, and positions with kings in
/// reach of a blast or in check, so that T5 and T6 come up often.
const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Bb",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 Bb",
    "rnbqr1n1/pppp1ppp/8/8/3k4/8/PPPP1PPP/RNBQKBNR w KQ - 0 1 Bb",
    "rnbq1bnr/pppppppp/8/8/5k2/8/PPPKPPPP/RNBQ1BNR b - - 0 1 Bb",
];

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square name")
}

/// The 3x3 block around `target`, on the 8x8 board (T3), written out independently.
fn blast(target: Square) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    for df in -1i8..=1 {
        for dr in -1i8..=1 {
            let (f, r) = (target.file() as i8 + df, target.rank() as i8 + dr);
            if (0..8).contains(&f) && (0..8).contains(&r) {
                set.insert(Square::at(f as u8, r as u8));
            }
        }
    }
    set
}

/// The bombs the rules allow in `pos`, decided by brute force: T1 (held, >= 16 units),
/// T2 (ranks), T5 (kings), T6 (the bomber's king safe after the blast).
fn expected_bombs(pos: &Position) -> BTreeSet<Square> {
    let us = pos.turn();
    let mut bombs = BTreeSet::new();
    let kings_stand = Color::ALL.iter().all(|&c| pos.board().king(c).is_some());
    if !kings_stand || !pos.holds_bomb(us) || pos.board().pieces().count() < 16 {
        return bombs;
    }
    let ranks = if us == Color::White { 0..=2 } else { 5..=7 };
    for rank in ranks {
        for file in 0..8 {
            let target = Square::at(file, rank);
            let area = blast(target);
            let mut after = pos.clone();
            for s in &area {
                after.board_mut().take(s);
                after.add_craters(std::iter::once(s).collect());
            }
            let own_gone = after.board().king(us).is_none();
            let enemy_gone = after.board().king(us.other()).is_none();
            let legal = match (own_gone, enemy_gone) {
                (_, true) => true,
                (true, false) => false,
                (false, false) => king_safe(&after, us, &Terrain::orthodox()),
            };
            if legal {
                bombs.insert(target);
            }
        }
    }
    bombs
}

/// Resolves a written turn in `pos` through the record parser and the variant.
fn resolve(pos: &Position, written: &str) -> Result<Turn, String> {
    let text = format!("[Variant \"tilting\"]\n\n{written} *\n");
    let game = parse_game(&text).map_err(|e| format!("`{written}` does not parse: {}", e.message))?;
    let ply = game.line().first().ok_or_else(|| format!("`{written}`: no turn"))?;
    Tilting.resolve(pos, ply.turn()).map(|r| r.turn).map_err(|e| format!("`{written}`: {e:?}"))
}

/// Every check of one position; returns its legal turns.
fn check_position(pos: &Position, rng: &mut SmallRng, context: &str) -> Vec<Turn> {
    let mut turns = Vec::new();
    Tilting.legal_turns(pos, &mut turns);
    let snapshot = Tilting.write_snapshot(pos);
    let read = Tilting.read_snapshot(&snapshot).unwrap_or_else(|e| panic!("{context}: {snapshot} rejected: {e}"));
    assert_eq!(Tilting.write_snapshot(&read), snapshot, "{context}: snapshot round trip");
    assert_eq!(Tilting.has_legal_turn(pos), Ok(!turns.is_empty()), "{context}: {snapshot}");
    for s in &pos.craters() {
        assert!(pos.board().get(s).is_none(), "{context}: a unit on the crater {s} in {snapshot}");
    }
    let bombs: BTreeSet<Square> =
        turns.iter().filter_map(|t| if let Turn::Bomb(s) = t { Some(*s) } else { None }).collect();
    assert_eq!(bombs, expected_bombs(pos), "{context}: bombs of {snapshot}");
    for turn in &turns {
        let after = Tilting.play(pos, turn);
        let kings_stand = Color::ALL.iter().all(|&c| after.board().king(c).is_some());
        if kings_stand {
            assert!(
                king_safe(&after, pos.turn(), &Terrain::orthodox()),
                "{context}: {turn:?} leaves the king in check in {snapshot}"
            );
            if matches!(turn, Turn::Bomb(_)) {
                assert!(!Tilting.is_check(&after), "{context}: T9, {turn:?} gives check in {snapshot}");
            }
        }
    }
    // The notation round trip, for every turn now and then, else for one.
    let sample: Vec<&Turn> =
        if rng.gen_ratio(1, 4) { turns.iter().collect() } else { turns.first().into_iter().collect() };
    for turn in sample {
        let written = Tilting.write_turn(pos, turn).expect("a decided notation");
        assert_eq!(resolve(pos, &written).as_ref(), Ok(turn), "{context}: {written} in {snapshot}");
    }
    turns
}

#[test]
fn random_games_agree_with_the_rules_written_out() {
    let mut rng = SmallRng::seed_from_u64(0x7117_1e55);
    let mut bombs_played = 0;
    let mut decided = 0;
    let mut bombs_in_check = 0;
    for game in 0..GAMES {
        let start = STARTS[game % STARTS.len()];
        let mut pos = Tilting.read_snapshot(start).unwrap_or_else(|e| panic!("{start}: {e}"));
        for ply in 0..PLIES {
            let context = format!("game {game}, ply {ply}");
            let turns = check_position(&pos, &mut rng, &context);
            if turns.is_empty() {
                assert!(Tilting.outcome(&pos).is_ok_and(|o| o.is_some()), "{context}: no turn but no outcome");
                decided += 1;
                break;
            }
            let bombs: Vec<&Turn> = turns.iter().filter(|t| matches!(t, Turn::Bomb(_))).collect();
            if Tilting.is_check(&pos) {
                bombs_in_check += bombs.len();
            }
            let turn = if !bombs.is_empty() && rng.gen_ratio(1, 25) {
                bombs[rng.gen_range(0..bombs.len())]
            } else {
                &turns[rng.gen_range(0..turns.len())]
            };
            bombs_played += usize::from(matches!(turn, Turn::Bomb(_)));
            pos = Tilting.play(&pos, turn);
        }
    }
    assert!(bombs_played > GAMES, "only {bombs_played} bombs in {GAMES} games");
    assert!(decided > 0, "no game ended on the board");
    assert!(bombs_in_check > GAMES, "only {bombs_in_check} bombs answered a check");
    eprintln!("{bombs_played} bombs played, {bombs_in_check} bombs answered a check, {decided} games decided");
}

#[test]
fn a_crater_stops_a_pawns_double_step() {
    // No legal position has this (T2, T3), so it is built by hand.
    let mut pos = Tilting.start();
    pos.add_craters(std::iter::once(sq("e4")).collect());
    let mut turns = Vec::new();
    Tilting.legal_turns_to(&pos, MoveFilter { role: Some(Role::Pawn), to: None }, &mut turns);
    let from_e2: Vec<Square> =
        turns.iter().flat_map(arbiter::rules::Turn::moves).filter(|m| m.from == sq("e2")).map(|m| m.to).collect();
    assert_eq!(from_e2, vec![sq("e3")], "the double step may not land on a crater");

    let mut pos = Tilting.start();
    pos.add_craters(std::iter::once(sq("e3")).collect());
    turns.clear();
    Tilting.legal_turns_to(&pos, MoveFilter { role: Some(Role::Pawn), to: None }, &mut turns);
    assert!(
        !turns.iter().flat_map(arbiter::rules::Turn::moves).any(|m| m.from == sq("e2")),
        "a pawn may not pass a crater with its double step"
    );
}

#[test]
fn impossible_snapshots_list_every_problem() {
    let err = Tilting
        .read_snapshot("rnbqkbnr/ppppp***/5***/5***/3PP3/8/PPP2PPP/RNB1KBNR w KQkq - 0 4 Bbb")
        .expect_err("a bomb named twice");
    assert_eq!(err.problems, vec!["the bombs field names Black's bomb twice".to_string()]);
    let err = Tilting
        .read_snapshot("4k3/8/8/8/8/8/8/3KK2P w - - 0 1 -")
        .expect_err("two kings, a pawn on rank 1, bombs used without craters");
    assert_eq!(err.problems.len(), 4, "{:?}", err.problems);
    for garbage in ["", "*", "********/8/8/8/8/8/8/8 w - - 0 1 Bb", "8/8/8/8/8/8/8/8 w - - 0 1 Bb x", "k7/8 w"] {
        assert!(Tilting.read_snapshot(garbage).is_err(), "`{garbage}` accepted");
    }
}

#[test]
fn mangled_snapshots_and_bombs_never_panic() {
    let mut rng = SmallRng::seed_from_u64(0xb0_4b);
    let alphabet: Vec<char> = "pnbrqkPNBRQK*12345678/ -wbBKQkq0".chars().collect();
    let sources = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Bb",
        "r1b1kbnr/pppp***p/2n1***1/4***1/5***/2N2***/PPPPP***/R1BQKBNR w KQkq - 0 5 -",
        "rnbq1bnr/pppppppp/8/8/3***2/3***2/PPP***PP/RNBQ1BNR b - - 0 1 b",
    ];
    for round in 0..3000 {
        let mut text: Vec<char> = sources[round % sources.len()].chars().collect();
        for _ in 0..rng.gen_range(1..4) {
            let at = rng.gen_range(0..text.len());
            let c = alphabet[rng.gen_range(0..alphabet.len())];
            match rng.gen_range(0..3) {
                0 => text[at] = c,
                1 => text.insert(at, c),
                _ => {
                    text.remove(at);
                }
            }
        }
        let text: String = text.into_iter().collect();
        if let Ok(pos) = Tilting.read_snapshot(&text) {
            let written = Tilting.write_snapshot(&pos);
            let again = Tilting.read_snapshot(&written).unwrap_or_else(|e| panic!("{text} -> {written}: {e}"));
            assert_eq!(Tilting.write_snapshot(&again), written);
            let mut turns = Vec::new();
            Tilting.legal_turns(&pos, &mut turns);
            let _ = Tilting.outcome(&pos);
            // Bombs on any square of the 12x12 grid, with lists of any squares.
            let square = |rng: &mut SmallRng| Square::at(rng.gen_range(0..12), rng.gen_range(0..12));
            let mut written = format!("(****){}", square(&mut rng));
            if rng.gen_bool(0.5) {
                written.push(':');
                for _ in 0..rng.gen_range(1..5) {
                    written.push_str(&square(&mut rng).to_string());
                }
            }
            let _ = resolve(&pos, &written);
        }
    }
}
