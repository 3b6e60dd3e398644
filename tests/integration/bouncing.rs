//! Bouncing Pieces against a naive reference written straight from the rulings.
//!
//! The reference (below) tries every move and every bounce on a fresh copy of the
//! position and asks whether the mover's king is attacked at the end (B1-B7): no
//! shortcuts, no scratch board. Seeded random games from several starts compare,
//! before every ply, the set of legal turns (and whether there is one), the
//! position after the turn played, the snapshot round trip, and that the canonical
//! notation of every legal turn resolves back to that very turn. The perft counts of
//! `fixtures/perft/bouncing.epd` are recounted with the reference.
//!
//! Knobs (environment): `ARBITER_BOUNCE_SEED`, `ARBITER_BOUNCE_GAMES`,
//! `ARBITER_BOUNCE_PLIES`, `ARBITER_BOUNCE_PERFT_MAX_NODES`.

use arbiter::geometry::{Delta, SquareSet};
use arbiter::rules::movegen::{self, MoveFilter, PawnRules, Terrain};
use arbiter::rules::{Board, Bounce, Color, Move, MoveKind, Piece, Position, Role, Turn};
use arbiter::variants::lookup;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

use crate::common::{env_number, notation_round_trips, perft_fixture, sorted};

/// B6: double steps from a pawn's own first and second ranks.
const TERRAIN: Terrain = Terrain {
    pawns: PawnRules { double_step_ranks: [0b0000_0011, 0b1100_0000], last_rank: [7, 0] },
    ..Terrain::orthodox()
};

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    // Chess960-style rooks that are not in the corners can be bounced (B8).
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1",
    // Pawns on first and last ranks (B4-B6).
    "4k3/p1P4p/8/3p4/8/8/1p4P1/P3K2p w - - 0 1",
    "r3k3/1P3p2/4p3/8/2K5/8/6p1/p6R b q - 0 1",
];

fn king_safe(board: &Board, color: Color) -> bool {
    board.king(color).is_none_or(|king| {
        !movegen::is_attacked(board, &SquareSet::EMPTY, &TERRAIN, &TERRAIN.area, king, color.other())
    })
}

/// Every legal turn, found by trying each candidate on its own copy.
fn reference_turns(pos: &Position) -> Vec<Turn> {
    let us = pos.turn();
    let mut moves = Vec::new();
    movegen::pseudo_moves(pos, &TERRAIN, MoveFilter::default(), &mut moves);
    arbiter::rules::castling::castling_moves(pos, &TERRAIN, &mut moves, |sq| {
        !movegen::is_attacked(pos.board(), &SquareSet::EMPTY, &TERRAIN, &TERRAIN.area, sq, us.other())
    });
    let last_rank = if us == Color::White { 7 } else { 0 };
    for (sq, piece) in pos.board().pieces() {
        if piece == Piece::new(us, Role::Pawn) && sq.rank() == last_rank {
            for role in Role::PROMOTIONS {
                moves.push(Move {
                    role: Role::Pawn,
                    from: sq,
                    to: sq,
                    capture: false,
                    promotion: Some(role),
                    kind: MoveKind::PromoteInPlace,
                });
            }
        }
    }
    let mut turns = Vec::new();
    for mv in moves {
        let mut after = pos.clone();
        movegen::apply_move(&mut after, &mv);
        if king_safe(after.board(), us) {
            turns.push(Turn::Move(mv));
        }
        if mv.is_castle() {
            continue;
        }
        for files in -1..=1 {
            for ranks in -1..=1 {
                let step = Delta::new(files, ranks);
                let Some(from) = mv.to.step(step).filter(|s| TERRAIN.area.contains(*s)) else { continue };
                let Some(to) = from.step(step).filter(|s| TERRAIN.area.contains(*s)) else { continue };
                if from == mv.to || after.board().is_empty_at(from) || !after.board().is_empty_at(to) {
                    continue;
                }
                let mut board = after.board().clone();
                board.relocate(from, to);
                if king_safe(&board, us) {
                    turns.push(Turn::Bounced(mv, Bounce { from, to }));
                }
            }
        }
    }
    turns
}

fn reference_play(pos: &Position, turn: &Turn) -> Position {
    let mut after = pos.clone();
    let mv = turn.moves()[0];
    movegen::apply_move(&mut after, &mv);
    let mut zeroing = mv.capture || mv.role == Role::Pawn;
    if let Turn::Bounced(_, bounce) = turn {
        let unit = after.board().get(bounce.from).expect("a unit to bounce");
        after.board_mut().relocate(bounce.from, bounce.to);
        match unit.role {
            Role::King => after.castling_mut().discard_side(unit.color),
            Role::Rook => after.castling_mut().discard_rook(bounce.from),
            Role::Pawn => zeroing = true,
            _ => {}
        }
    }
    after.pass_turn(zeroing);
    after
}

fn reference_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let turns = reference_turns(pos);
    if depth == 1 {
        return turns.len() as u64;
    }
    turns.iter().map(|t| reference_perft(&reference_play(pos, t), depth - 1)).sum()
}

#[test]
fn random_games_agree_with_the_reference() {
    let variant = lookup("bouncing", &BTreeMap::new()).expect("bouncing is implemented");
    let seed = env_number("ARBITER_BOUNCE_SEED", 0xb0_0c_e5u64);
    let games = env_number("ARBITER_BOUNCE_GAMES", 40usize);
    let plies = env_number("ARBITER_BOUNCE_PLIES", 80usize);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut compared = 0;
    for game in 0..games {
        let start = STARTS[game % STARTS.len()];
        let mut pos = variant.read_snapshot(start).expect("start position");
        for ply in 0..plies {
            let here = format!("seed {seed:#x}, game {game}, ply {ply}, {}", variant.write_snapshot(&pos));
            let mut turns = Vec::new();
            variant.legal_turns(&pos, &mut turns);
            assert_eq!(sorted(turns.iter()), sorted(reference_turns(&pos)), "legal turns differ at {here}");
            assert_eq!(variant.has_legal_turn(&pos), Ok(!turns.is_empty()), "has_legal_turn at {here}");
            let snapshot = variant.write_snapshot(&pos);
            let reread = variant.read_snapshot(&snapshot).unwrap_or_else(|e| panic!("{here}: snapshot rejected: {e}"));
            assert_eq!(variant.write_snapshot(&reread), snapshot, "snapshot round trip at {here}");
            if ply % 4 == 0 {
                notation_round_trips(variant.as_ref(), &pos, &turns).unwrap_or_else(|e| panic!("{here}: {e}"));
            }
            compared += 1;
            if turns.is_empty() {
                assert!(variant.outcome(&pos).is_ok_and(|o| o.is_some()), "no turn but no outcome at {here}");
                break;
            }
            let turn = &turns[rng.gen_range(0..turns.len())];
            let after = variant.play(&pos, turn);
            assert_eq!(after, reference_play(&pos, turn), "play of {turn:?} differs at {here}");
            pos = after;
        }
    }
    assert!(compared > games * 10, "only {compared} positions compared");
}

#[test]
fn perft_fixture_counts_agree_with_the_reference() {
    let variant = lookup("bouncing", &BTreeMap::new()).expect("bouncing is implemented");
    let entries = perft_fixture("bouncing");
    assert!(!entries.is_empty());
    let max_nodes = env_number("ARBITER_BOUNCE_PERFT_MAX_NODES", 300_000u64);
    for (fen, depth, nodes) in entries.into_iter().filter(|e| e.2 <= max_nodes) {
        let pos = variant.read_snapshot(&fen).expect("perft position");
        assert_eq!(reference_perft(&pos, depth), nodes, "{fen} depth {depth}");
    }
}
