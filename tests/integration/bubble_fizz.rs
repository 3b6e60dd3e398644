//! Refreshing Bubble Fizz Chess against a naive reference written straight from the
//! rulings.
//!
//! The reference (below) shares only the orthodox move generator with the tool. It
//! plays every move of a turn on its own copy of the position, follows each unit by
//! where it started the turn, and accepts a sequence of moves when the moves per unit
//! fit F6 counted plainly (a unit that is not invigorated moves at most once, an
//! invigorated one at most twice, and at most one move in all goes beyond one per
//! invigorated unit). It ends every turn in full (F5's order, the rise of F4, F10)
//! before it asks whether the mover's king is attacked (F7). Seeded random games from
//! several starts, under both `birth` options, compare before every ply the set of
//! legal turns (and whether there is one), the position after the turn played, the
//! snapshot round trip, and that the canonical notation of every legal turn resolves
//! back to that very turn. The perft counts of `fixtures/perft/bubble-fizz.epd` are
//! recounted with the reference.
//!
//! Knobs (environment): `ARBITER_FIZZ_SEED`, `ARBITER_FIZZ_GAMES`,
//! `ARBITER_FIZZ_PLIES`, `ARBITER_FIZZ_PERFT_MAX_NODES`.

use arbiter::geometry::{Delta, Square, SquareSet};
use arbiter::record::parse_game;
use arbiter::rules::movegen::{self, MoveFilter, Terrain};
use arbiter::rules::{Color, Move, MoveKind, Position, Turn};
use arbiter::variants::lookup;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

use crate::common::{env_number, notation_round_trips, perft_fixture, sorted};

const TERRAIN: Terrain = Terrain::orthodox();

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - -",
    // Invigorated and paused units, bubbles of both sides near units.
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1 a6w,h3b,e6b,g4w c3:0,f3:2,d7:0,f6:1",
    // The study of F12.
    "7k/8/7K/8/8/8/8/8 w - - 0 1 - -",
    // Invigorated pawns (F6, F10) and a black bubble about to sink onto a pawn.
    "4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1 f3b a2:0,b2:0,g7:0",
    // Rooks and a queen with pauses near the kings (F8).
    "r3k3/1p3q2/8/8/8/8/1P6/R3K2R b KQq - 0 1 c5w,d4b a8:0,e1:1,h1:0",
];

fn attacked(pos: &Position, sq: Square, by: Color) -> bool {
    movegen::is_attacked(pos.board(), &SquareSet::EMPTY, &TERRAIN, &TERRAIN.area, sq, by)
}

/// The reference's turn in progress.
#[derive(Clone)]
struct RefTurn {
    pos: Position,
    /// For each unit of the mover that moved: where it stands now and where it stood
    /// when the turn began.
    origin: Vec<(Square, Square)>,
    /// How often each unit (by where it began the turn) has moved.
    moved: Vec<(Square, u32)>,
    /// Units of the mover invigorated when the turn began.
    invigorated: Vec<Square>,
    /// Units (by where they stand) paused during the turn.
    paused_now: Vec<Square>,
    captured: bool,
    last_double: Option<Square>,
    zeroing: bool,
    moves: Vec<Move>,
}

fn bubble_at(pos: &Position, sq: Square) -> Option<usize> {
    (0..2).find(|&i| pos.bubbles(Color::ALL[i]).contains(sq))
}

fn up(sq: Square, color: Color) -> Option<Square> {
    sq.step(Delta::new(0, color.forward())).filter(|s| TERRAIN.area.contains(*s))
}

impl RefTurn {
    fn new(pos: &Position) -> RefTurn {
        let us = pos.turn();
        let invigorated = pos.board().occupied_by(us).iter().filter(|&sq| pos.board().counter(sq) == Some(0)).collect();
        RefTurn {
            pos: pos.clone(),
            origin: Vec::new(),
            moved: Vec::new(),
            invigorated,
            paused_now: Vec::new(),
            captured: false,
            last_double: None,
            zeroing: false,
            moves: Vec::new(),
        }
    }

    fn origin_of(&self, sq: Square) -> Square {
        self.origin.iter().find(|(now, _)| *now == sq).map_or(sq, |(_, o)| *o)
    }

    fn relocate_origin(&mut self, from: Square, to: Square) {
        let origin = self.origin_of(from);
        self.origin.retain(|(now, _)| *now != from && *now != to);
        self.origin.push((to, origin));
    }

    /// F6 counted plainly: may the unit on `from` make one more move?
    fn may_move(&self, from: Square) -> bool {
        let unit = self.origin_of(from);
        let mut moved = self.moved.clone();
        match moved.iter_mut().find(|(u, _)| *u == unit) {
            Some((_, n)) => *n += 1,
            None => moved.push((unit, 1)),
        }
        let mut beyond = 0;
        for (u, n) in moved {
            let allowed = if self.invigorated.contains(&u) { 2 } else { 1 };
            if n > allowed {
                return false;
            }
            beyond += if self.invigorated.contains(&u) { n.saturating_sub(1) } else { n };
        }
        beyond <= 1
    }

    fn candidates(&self) -> Vec<Move> {
        if self.captured {
            return Vec::new();
        }
        let pos = &self.pos;
        let mut moves = Vec::new();
        movegen::pseudo_moves(pos, &TERRAIN, MoveFilter::default(), &mut moves);
        arbiter::rules::castling::castling_moves(pos, &TERRAIN, &mut moves, |sq| {
            !attacked(pos, sq, pos.turn().other())
        });
        moves.retain(|m| self.may_move(m.from) && (self.moves.is_empty() || !m.capture));
        moves
    }

    fn pause(&mut self, sq: Square) {
        self.pos.board_mut().set_counter(sq, Some(3));
        if !self.paused_now.contains(&sq) {
            self.paused_now.push(sq);
        }
    }

    fn play(&mut self, mv: &Move, strike: bool) {
        let us = self.pos.turn();
        let unit = self.origin_of(mv.from);
        match self.moved.iter_mut().find(|(u, _)| *u == unit) {
            Some((_, n)) => *n += 1,
            None => self.moved.push((unit, 1)),
        }
        let mover_counter = self.pos.board().counter(mv.from);
        let rook = if let MoveKind::Castle { rook, .. } = mv.kind {
            Some((rook, arbiter::rules::castling::castle_rook_destination(mv), self.pos.board().counter(rook)))
        } else {
            None
        };
        movegen::apply_move(&mut self.pos, mv);
        self.pos.board_mut().set_counter(mv.to, mover_counter);
        let mut landed = vec![mv.to];
        if let Some((from, to, counter)) = rook {
            self.pos.board_mut().set_counter(to, counter);
            let rook_origin = self.origin_of(from);
            self.origin.retain(|(now, _)| *now != from && *now != to);
            self.relocate_origin(mv.from, mv.to);
            self.origin.push((to, rook_origin));
            landed.push(to);
        } else {
            self.relocate_origin(mv.from, mv.to);
        }
        for sq in landed {
            if let Some(owner) = bubble_at(&self.pos, sq) {
                self.pos.remove_bubble(Color::ALL[owner], sq);
                self.pause(sq);
            }
            if let Some(above) = up(sq, us) {
                if let Some(owner) = bubble_at(&self.pos, above) {
                    self.pos.remove_bubble(Color::ALL[owner], above);
                } else if !self.pos.board().is_empty_at(above) {
                    if strike {
                        self.pause(above);
                    }
                } else {
                    self.pos.add_bubble(Color::ALL[us as usize], above);
                }
            }
        }
        if mv.kind == MoveKind::DoubleStep {
            self.last_double = mv.from.step(Delta::new(0, us.forward()));
        }
        self.zeroing |= mv.capture || mv.role == arbiter::rules::Role::Pawn;
        self.captured |= mv.capture;
        self.moves.push(*mv);
    }

    fn end(&self, start: &Position) -> Position {
        let mut pos = self.pos.clone();
        let us = pos.turn();
        let them = us.other();
        for sq in &pos.board().occupied_by(us) {
            let before = start.board().counter(self.origin_of(sq));
            if self.paused_now.contains(&sq) {
                // F5: a unit paused when the turn began sat it out, so it counts down
                // from its new 3 even when struck again during the turn.
                if before.is_some_and(|c| c > 0) {
                    pos.board_mut().set_counter(sq, Some(2));
                }
                continue;
            }
            pos.board_mut().set_counter(sq, before.and_then(|c| c.checked_sub(1)).filter(|_| before != Some(0)));
            if before == Some(0) {
                pos.board_mut().set_counter(sq, None);
            }
        }
        let rising: Vec<Square> = pos.bubbles(Color::ALL[them as usize]).iter().collect();
        for &from in &rising {
            pos.remove_bubble(Color::ALL[them as usize], from);
        }
        for from in rising {
            let Some(to) = up(from, them) else { continue };
            if !pos.board().is_empty_at(to) {
                pos.board_mut().set_counter(to, Some(3));
            } else if pos.bubbles(Color::ALL[us as usize]).contains(to) {
                pos.remove_bubble(Color::ALL[us as usize], to);
            } else {
                pos.add_bubble(Color::ALL[them as usize], to);
            }
        }
        pos.set_ep_square(self.last_double);
        pos.pass_turn(self.zeroing);
        pos
    }
}

fn turn_of(moves: &[Move]) -> Turn {
    Turn::of_moves(moves).expect("a turn of at least one move")
}

fn collect(start: &Position, state: &RefTurn, strike: bool, out: &mut Vec<Turn>) {
    for mv in state.candidates() {
        let mut next = state.clone();
        next.play(&mv, strike);
        let after = next.end(start);
        let us = start.turn();
        if after.board().king(us).is_none_or(|k| !attacked(&after, k, us.other())) {
            out.push(turn_of(&next.moves));
        }
        collect(start, &next, strike, out);
    }
}

fn reference_turns(pos: &Position, strike: bool) -> Vec<Turn> {
    let mut out = Vec::new();
    collect(pos, &RefTurn::new(pos), strike, &mut out);
    out
}

fn reference_play(pos: &Position, turn: &Turn, strike: bool) -> Position {
    let mut state = RefTurn::new(pos);
    for mv in turn.moves() {
        state.play(mv, strike);
    }
    state.end(pos)
}

fn reference_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let turns = reference_turns(pos, false);
    if depth == 1 {
        return turns.len() as u64;
    }
    turns.iter().map(|t| reference_perft(&reference_play(pos, t, false), depth - 1)).sum()
}

fn play_random_games(birth: &str) {
    let strike = birth == "strike";
    let options = BTreeMap::from([("birth".to_string(), birth.to_string())]);
    let variant = lookup("bubble-fizz", &options).expect("bubble-fizz is implemented");
    let seed = env_number("ARBITER_FIZZ_SEED", 0xf1_22u64);
    let games = env_number("ARBITER_FIZZ_GAMES", 20usize);
    let plies = env_number("ARBITER_FIZZ_PLIES", 60usize);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut compared = 0;
    let mut multi = 0;
    for game in 0..games {
        let start = STARTS[game % STARTS.len()];
        let mut pos = variant.read_snapshot(start).expect("start position");
        for ply in 0..plies {
            let here = format!("{birth}, seed {seed:#x}, game {game}, ply {ply}, {}", variant.write_snapshot(&pos));
            let mut turns = Vec::new();
            variant.legal_turns(&pos, &mut turns);
            assert_eq!(sorted(turns.iter()), sorted(reference_turns(&pos, strike)), "legal turns differ at {here}");
            assert_eq!(variant.has_legal_turn(&pos), Ok(!turns.is_empty()), "has_legal_turn at {here}");
            let snapshot = variant.write_snapshot(&pos);
            let reread = variant.read_snapshot(&snapshot).unwrap_or_else(|e| panic!("{here}: snapshot rejected: {e}"));
            assert_eq!(variant.write_snapshot(&reread), snapshot, "snapshot round trip at {here}");
            if ply % 5 == 0 && turns.len() < 3000 {
                notation_round_trips(variant.as_ref(), &pos, &turns).unwrap_or_else(|e| panic!("{here}: {e}"));
            }
            compared += 1;
            if turns.is_empty() {
                assert!(variant.outcome(&pos).is_ok_and(|o| o.is_some()), "no turn but no outcome at {here}");
                break;
            }
            // Prefer one-move turns now and then, so that games move on.
            let turn = if rng.gen_bool(0.5) {
                turns.iter().find(|t| t.moves().len() == 1).unwrap_or(&turns[0])
            } else {
                &turns[rng.gen_range(0..turns.len())]
            };
            let turn = if rng.gen_bool(0.5) { &turns[rng.gen_range(0..turns.len())] } else { turn };
            multi += usize::from(turn.moves().len() > 1);
            let after = variant.play(&pos, turn);
            assert_eq!(after, reference_play(&pos, turn, strike), "play of {turn:?} differs at {here}");
            pos = after;
        }
    }
    eprintln!("{birth}: {compared} positions, {multi} turns of several moves");
    assert!(compared > games * 10, "only {compared} positions compared");
    assert!(multi > games, "only {multi} turns of several moves were played");
}

#[test]
fn random_games_agree_with_the_reference() {
    play_random_games("fizzle");
}

#[test]
fn random_games_agree_with_the_reference_under_birth_strike() {
    play_random_games("strike");
}

#[test]
fn perft_fixture_counts_agree_with_the_reference() {
    let variant = lookup("bubble-fizz", &BTreeMap::new()).expect("bubble-fizz is implemented");
    let entries = perft_fixture("bubble-fizz");
    assert!(!entries.is_empty());
    let max_nodes = env_number("ARBITER_FIZZ_PERFT_MAX_NODES", 30_000u64);
    for (fen, depth, nodes) in entries.into_iter().filter(|e| e.2 <= max_nodes) {
        let pos = variant.read_snapshot(&fen).expect("perft position");
        assert_eq!(reference_perft(&pos, depth), nodes, "{fen} depth {depth}");
    }
}

/// F11: the canonical text of a turn as `replay` and `export` write it.
fn canonical(fen: &str, moves: &str) -> Vec<String> {
    let text = format!("[Variant \"bubble-fizz\"]\n[FEN \"{fen}\"]\n\n{moves} *\n");
    let game = parse_game(&text).expect("record");
    let options = arbiter::replay::ReplayOptions::default();
    let (variant, start, _) = arbiter::replay::setup(&game, &options).unwrap_or_else(|_| panic!("setup of {fen}"));
    let replay = arbiter::replay::replay(&game, &text, 1, variant, start, &options);
    assert!(!replay.line.broken, "{moves} from {fen} is refused");
    replay.line.plies.iter().map(|p| p.canonical.clone()).collect()
}

#[test]
fn the_check_mark_is_written_once_after_the_last_part() {
    // F11: O-O, then the rook's own extra move gives check.
    assert_eq!(canonical("4k3/8/8/8/8/8/8/4K2R w K - 0 1 - h1:0", "1. O-O+ & Re1"), ["O-O & Re1+"]);
}

#[test]
fn each_part_is_disambiguated_in_the_position_before_it() {
    let fen = "7k/8/8/8/8/6N1/8/1N5K w - - 0 1 - b1:0";
    // After Nc3 the knight on c3 may still move, so the g-knight is named; after Na3
    // only the g-knight can reach e4.
    assert_eq!(canonical(fen, "1. Nb1-c3 & Ng3-e4"), ["Nc3 & Nge4"]);
    assert_eq!(canonical(fen, "1. Na3 & Nge4"), ["Na3 & Ne4"]);
    // After Ne4 by the g-knight, the ordinary move is spent: only the b1 knight moves.
    assert_eq!(canonical(fen, "1. Ne4 & Nc3"), ["Ne4 & Nc3"]);
}
