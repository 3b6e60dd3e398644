//! Bellows Chess against a naive reference written straight from the rulings.
//!
//! The reference (below) takes every orthodox move on the whole 12x12 grid, keeps
//! those whose squares all lie in the active board (L4), and plays each on a fresh
//! copy to ask literally whether the opponent then has a capture of the mover's king
//! among its own moves on the next ply's board (L6): no attack tables, no shortcuts.
//! Castling squares are tested the same way, by standing the king on each of them.
//! Seeded random games under every schedule option compare, before every ply, the
//! legal moves, check, the position after the move played, the snapshot round trip
//! and the notation round trip. The perft counts of `fixtures/perft/bellows.epd` are
//! recounted with the reference.
//!
//! Knobs (environment): `ARBITER_BELLOWS_SEED`, `ARBITER_BELLOWS_GAMES`,
//! `ARBITER_BELLOWS_PLIES`, `ARBITER_BELLOWS_PERFT_MAX_NODES`.

use arbiter::geometry::{Rect, Square};
use arbiter::record::parse_game;
use arbiter::rules::castling::CastlingRules;
use arbiter::rules::movegen::{self, MoveFilter, PawnRules, Terrain};
use arbiter::rules::{Color, Move, MoveKind, Position, Role, Turn};
use arbiter::variants::lookup;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

use crate::common::{env_number, notation_round_trips, perft_fixture, sorted};

/// L1: the three boards on the grid.
const SMALL: Rect = Rect::new(2, 2, 9, 9);
const MIDDLE: Rect = Rect::new(1, 1, 10, 10);
const LARGE: Rect = Rect::new(0, 0, 11, 11);

/// The whole grid, with L5's pawn ranks and L2's castling squares.
const GRID: Terrain = Terrain {
    area: LARGE,
    pawns: PawnRules { double_step_ranks: [1 << 3, 1 << 8], last_rank: [9, 2] },
    castling: CastlingRules { back_rank: [2, 9], king_files: [4, 8] },
};

/// The rule options and the schedule the reference reads from them (L3).
struct Rules {
    options: BTreeMap<String, String>,
    cycle: Vec<Rect>,
    per_move: bool,
}

impl Rules {
    fn new(schedule: &str, turn: &str) -> Rules {
        let options =
            BTreeMap::from([("schedule".to_string(), schedule.to_string()), ("turn".to_string(), turn.to_string())]);
        let cycle = match schedule {
            "8-10-12" => vec![SMALL, MIDDLE, LARGE],
            _ => vec![SMALL, MIDDLE, LARGE, MIDDLE],
        };
        Rules { options, cycle, per_move: turn == "move" }
    }

    fn next_phase(&self, pos: &Position) -> u8 {
        if self.per_move && pos.turn() == Color::White {
            pos.phase()
        } else {
            (pos.phase() + 1) % self.cycle.len() as u8
        }
    }

    fn active(&self, pos: &Position) -> Rect {
        self.cycle[pos.phase() as usize]
    }
}

/// Every square a move's units stand on, pass or reach.
fn squares_of(mv: &Move) -> Vec<Square> {
    let line = |a: Square, b: Square| {
        let d = a.delta_to(b);
        let step = arbiter::geometry::Delta::new(d.files.signum(), d.ranks.signum());
        let mut squares = vec![a];
        let mut sq = a;
        while sq != b {
            sq = sq.step(step).expect("a square between two squares");
            squares.push(sq);
        }
        squares
    };
    match mv.kind {
        MoveKind::Castle { rook, .. } => {
            let mut squares = line(mv.from, mv.to);
            squares.extend(line(rook, arbiter::rules::castling::castle_rook_destination(mv)));
            squares
        }
        _ if mv.role == Role::Knight => vec![mv.from, mv.to],
        _ => line(mv.from, mv.to),
    }
}

/// Moves of the side to move on the board `area` (L4), castling only when asked.
fn moves_in(pos: &Position, area: Rect, castling: bool) -> Vec<Move> {
    let mut moves = Vec::new();
    movegen::pseudo_moves(pos, &GRID, MoveFilter::default(), &mut moves);
    if castling {
        arbiter::rules::castling::castling_moves(pos, &GRID, &mut moves, |_| true);
    }
    moves.retain(|m| squares_of(m).iter().all(|sq| area.contains(*sq)));
    moves
}

/// L6: whether the side to move in `pos` could capture the king of `color` on the
/// board `area`.
fn could_capture_king(pos: &Position, color: Color, area: Rect) -> bool {
    let Some(king) = pos.board().king(color) else { return false };
    moves_in(pos, area, false).iter().any(|m| m.capture && m.to == king)
}

/// Every legal move, each tried on its own copy.
fn reference_moves(rules: &Rules, pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let next_area = rules.cycle[rules.next_phase(pos) as usize];
    let mut opponent_to_move = pos.clone();
    opponent_to_move.set_turn(us.other());
    opponent_to_move.set_ep_square(None);
    let mut legal = Vec::new();
    for mv in moves_in(pos, rules.active(pos), true) {
        if let MoveKind::Castle { .. } = mv.kind {
            // L6: no square the king starts from, crosses or reaches may be capturable.
            let crossed = squares_of(&Move { kind: MoveKind::Normal, ..mv });
            let threatened = crossed.iter().any(|&sq| {
                let mut there = opponent_to_move.clone();
                there.board_mut().relocate(mv.from, sq);
                could_capture_king(&there, us, next_area)
            });
            if threatened {
                continue;
            }
        }
        let mut after = pos.clone();
        movegen::apply_move(&mut after, &mv);
        after.set_turn(us.other());
        if !could_capture_king(&after, us, next_area) {
            legal.push(mv);
        }
    }
    legal
}

fn reference_in_check(rules: &Rules, pos: &Position) -> bool {
    let mut them = pos.clone();
    them.set_turn(pos.turn().other());
    could_capture_king(&them, pos.turn(), rules.cycle[rules.next_phase(pos) as usize])
}

fn reference_play(rules: &Rules, pos: &Position, mv: &Move) -> Position {
    let mut after = pos.clone();
    movegen::apply_move(&mut after, mv);
    after.set_phase(rules.next_phase(pos));
    after.pass_turn(mv.capture || mv.role == Role::Pawn);
    after
}

fn reference_perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    let moves = reference_moves(rules, pos);
    if depth <= 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| reference_perft(rules, &reference_play(rules, pos, m), depth - 1)).sum()
}

const STARTS: &[&str] = &[
    "12/12/2rnbqkbnr2/2pppppppp2/12/12/12/12/2PPPPPPPP2/2RNBQKBNR2/12/12 w KQkq - 0 1 8",
    // Castling on both wings, rooks and queens that reach the outer rings.
    "12/12/2r3k2r2/2pppqpppp2/12/12/12/12/2PPPQPPPP2/2R3K2R2/12/12 w KQkq - 0 1 8",
    // Units already on the outer rings, a rook outside c-j that may castle (L2).
    "r11/1n5k4/12/3p4p3/1p10/12/10P1/5P6/12/6K4R/1B10/Q6N4 w L - 0 1 12",
];

#[test]
fn random_games_agree_with_the_reference() {
    let seed = env_number("ARBITER_BELLOWS_SEED", 0xbe_11_05u64);
    let games = env_number("ARBITER_BELLOWS_GAMES", 24usize);
    let plies = env_number("ARBITER_BELLOWS_PLIES", 100usize);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut compared = 0;
    let configurations = [("8-10-12", "ply"), ("8-10-12-10", "ply"), ("8-10-12", "move"), ("8-10-12-10", "move")];
    for game in 0..games {
        let (schedule, turn) = configurations[game % configurations.len()];
        let rules = Rules::new(schedule, turn);
        let variant = lookup("bellows", &rules.options).expect("bellows is implemented");
        let start = STARTS[game % STARTS.len()];
        let mut pos = variant.read_snapshot(start).expect("start position");
        for ply in 0..plies {
            let here = format!(
                "seed {seed:#x}, game {game} ({schedule}, {turn}), ply {ply}, {}",
                variant.write_snapshot(&pos)
            );
            let mut turns = Vec::new();
            variant.legal_turns(&pos, &mut turns);
            let moves: Vec<Move> = turns.iter().map(|t| t.moves()[0]).collect();
            assert_eq!(sorted(moves.iter()), sorted(reference_moves(&rules, &pos)), "legal moves differ at {here}");
            assert_eq!(variant.has_legal_turn(&pos), Ok(!turns.is_empty()), "has_legal_turn at {here}");
            assert_eq!(variant.is_check(&pos), reference_in_check(&rules, &pos), "check at {here}");
            let snapshot = variant.write_snapshot(&pos);
            let reread = variant.read_snapshot(&snapshot).unwrap_or_else(|e| panic!("{here}: snapshot rejected: {e}"));
            assert_eq!(variant.write_snapshot(&reread), snapshot, "snapshot round trip at {here}");
            if ply % 3 == 0 {
                notation_round_trips(variant.as_ref(), &pos, &turns).unwrap_or_else(|e| panic!("{here}: {e}"));
            }
            compared += 1;
            if turns.is_empty() {
                // L7: no legal move loses.
                let outcome = variant.outcome(&pos).ok().flatten().expect("an outcome without moves");
                assert_eq!(outcome.winner, Some(pos.turn().other()), "L7 at {here}");
                break;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            let after = variant.play(&pos, &Turn::Move(mv));
            assert_eq!(after, reference_play(&rules, &pos, &mv), "play of {mv:?} differs at {here}");
            pos = after;
        }
    }
    assert!(compared > games * 10, "only {compared} positions compared");
}

#[test]
fn perft_fixture_counts_agree_with_the_reference() {
    let rules = Rules::new("8-10-12", "ply");
    let variant = lookup("bellows", &BTreeMap::new()).expect("bellows is implemented");
    let entries = perft_fixture("bellows");
    assert!(!entries.is_empty());
    let max_nodes = env_number("ARBITER_BELLOWS_PERFT_MAX_NODES", 300_000u64);
    for (fen, depth, nodes) in entries.into_iter().filter(|e| e.2 <= max_nodes) {
        let pos = variant.read_snapshot(&fen).expect("perft position");
        assert_eq!(reference_perft(&rules, &pos, depth), nodes, "{fen} depth {depth}");
    }
}

/// Mutated and truncated snapshots are refused or read, never a panic; whatever is
/// read writes back to a snapshot that reads again to the same position.
#[test]
fn hostile_snapshots_never_panic() {
    let pieces = b"PNBRQKpnbrqk0123456789/ -wbKQkqLlAa<>";
    let mut rng = SmallRng::seed_from_u64(env_number("ARBITER_BELLOWS_SEED", 0xbe_11_05u64));
    for options in [Rules::new("8-10-12", "ply"), Rules::new("8-10-12-10", "move")] {
        let variant = lookup("bellows", &options.options).expect("bellows is implemented");
        for start in STARTS {
            for _ in 0..400 {
                let mut bytes = start.as_bytes().to_vec();
                for _ in 0..rng.gen_range(1..4) {
                    let at = rng.gen_range(0..bytes.len());
                    match rng.gen_range(0..3) {
                        0 => bytes[at] = pieces[rng.gen_range(0..pieces.len())],
                        1 => {
                            bytes.remove(at);
                        }
                        _ => bytes.insert(at, pieces[rng.gen_range(0..pieces.len())]),
                    }
                }
                let text = String::from_utf8_lossy(&bytes).to_string();
                if let Ok(pos) = variant.read_snapshot(&text) {
                    let written = variant.write_snapshot(&pos);
                    let again =
                        variant.read_snapshot(&written).unwrap_or_else(|e| panic!("`{written}` from `{text}`: {e}"));
                    assert_eq!(variant.write_snapshot(&again), written, "round trip of `{text}`");
                }
            }
        }
    }
}

/// Written turns of every shape, legal or not, resolve or are refused with a reason.
#[test]
fn odd_written_turns_are_refused_with_reasons() {
    let variant = lookup("bellows", &BTreeMap::new()).expect("bellows is implemented");
    let pos = variant.read_snapshot(STARTS[2]).expect("start position");
    for text in [
        "Rl13", "R12l3", "Ra0", "Nl12", "Qa12", "Qxa12", "Q1a12", "Qa1a12", "R3h3", "O-O-O", "e10=Q", "ed", "fg", "k8",
        "Bxi9", "a13",
    ] {
        if let Ok(game) = parse_game(&format!("{text}\n")) {
            if let Some(ply) = game.line().first() {
                if let Err(arbiter::rules::ResolveError::Illegal(reason)) = variant.resolve(&pos, ply.turn()) {
                    assert!(!reason.to_string().is_empty(), "`{text}`: an empty reason");
                }
            }
        }
    }
}
