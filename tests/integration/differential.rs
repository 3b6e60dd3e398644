//! Differential test: arbiter's orthodox chess against shakmaty.
//!
//! Seeded random games are played from the standard start and from random
//! Chess960 start positions. Before every ply both libraries must agree on
//!
//! * the set of legal moves (role, from, to, capture, promotion, en passant,
//!   castling with its rook; castling written king-from → king-destination),
//! * the snapshot (arbiter's `write_snapshot` against shakmaty's FEN with
//!   X-FEN castling and `EnPassantMode::Legal`), and that arbiter reads its own
//!   snapshot back to the same text,
//! * whether the side to move is in check,
//! * the outcome on the board (checkmate, stalemate, insufficient material),
//!
//! and for the move played, its SAN with check mark (`write_turn` against
//! `SanPlus::from_move`). Now and then (see `ALL_SAN_EVERY`) the SAN of every
//! legal move is compared, not only the one played.
//!
//! `fixed_positions_agree_with_shakmaty` makes the same comparisons on every
//! node of a full tree walk (2-3 plies, SAN of every move) from hand-written
//! positions aimed at rule corners and from every `epd` of
//! `fixtures/perft/chess.epd`.
//!
//! Knobs (environment): `ARBITER_DIFF_SEED`, `ARBITER_DIFF_STANDARD_GAMES`,
//! `ARBITER_DIFF_960_GAMES`, `ARBITER_DIFF_PLIES`, `ARBITER_DIFF_THREADS`.

use arbiter::rules::{Color as AColor, EndReason, MoveKind, Position as APosition, Turn};
use arbiter::variants::chess::Chess as AChess;
use arbiter::variants::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position, Role, Square};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::common::env_number;

const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const DEFAULT_SEED: u64 = 0x00a1_b17e_5eed;
const DEFAULT_STANDARD_GAMES: usize = 300;
const DEFAULT_960_GAMES: usize = 200;
const DEFAULT_PLIES: usize = 200;
/// Compare the SAN of every legal move at one ply in this many (chosen at random).
const ALL_SAN_EVERY: u32 = 6;
/// Mismatch reports printed in full when the test fails.
const REPORTS_SHOWN: usize = 8;

// ---------------------------------------------------------------------------
// Move keys: one text per legal move, written the same way for both libraries.
// ---------------------------------------------------------------------------

fn role_letter(role: Role) -> char {
    role.upper_char()
}

fn arbiter_role_letter(role: arbiter::rules::Role) -> char {
    role.letter()
}

/// `Ng1-f3`, `Pe7xd8=Q`, `Pe5xd6ep`, `Ke1-g1castle(h1)`.
fn key(
    role: char,
    from: impl std::fmt::Display,
    to: impl std::fmt::Display,
    capture: bool,
    promotion: Option<char>,
    tail: &str,
) -> String {
    let mut s = format!("{role}{from}{}{to}", if capture { 'x' } else { '-' });
    if let Some(p) = promotion {
        s.push('=');
        s.push(p);
    }
    s.push_str(tail);
    s
}

fn shakmaty_key(m: &Move) -> String {
    match *m {
        Move::Normal { role, from, capture, to, promotion } => {
            key(role_letter(role), from, to, capture.is_some(), promotion.map(role_letter), "")
        }
        Move::EnPassant { from, to } => key('P', from, to, true, None, "ep"),
        Move::Castle { king, rook } => {
            let file = if rook > king { shakmaty::File::G } else { shakmaty::File::C };
            let dest = Square::from_coords(file, king.rank());
            key('K', king, dest, false, None, &format!("castle({rook})"))
        }
        Move::Put { .. } => format!("unexpected drop {m:?}"),
    }
}

fn arbiter_key(turn: &Turn) -> String {
    let Turn::Move(m) = turn else {
        return format!("unexpected non-move turn {turn:?}");
    };
    let tail = match m.kind {
        MoveKind::Normal | MoveKind::DoubleStep => String::new(),
        MoveKind::EnPassant => "ep".to_string(),
        MoveKind::Castle { rook, .. } => format!("castle({rook})"),
        MoveKind::PromoteInPlace => "promote-in-place".to_string(),
    };
    key(arbiter_role_letter(m.role), m.from, m.to, m.capture, m.promotion.map(arbiter_role_letter), &tail)
}

// ---------------------------------------------------------------------------
// Outcomes, compared as plain words.
// ---------------------------------------------------------------------------

fn shakmaty_outcome(pos: &Chess, legal_empty: bool) -> String {
    if legal_empty {
        if pos.is_check() {
            let winner = match pos.turn() {
                Color::White => "black",
                Color::Black => "white",
            };
            format!("{winner} wins by checkmate")
        } else {
            "draw by stalemate".to_string()
        }
    } else if pos.is_insufficient_material() {
        "draw by insufficient material".to_string()
    } else {
        "none".to_string()
    }
}

fn arbiter_outcome(variant: &AChess, pos: &APosition) -> String {
    match variant.outcome(pos).ok().flatten() {
        None => "none".to_string(),
        Some(o) => {
            let reason = match o.reason {
                EndReason::Checkmate => "checkmate",
                EndReason::Stalemate => "stalemate",
                EndReason::InsufficientMaterial => "insufficient material",
                other => return format!("unexpected {other:?} ({o})"),
            };
            match o.winner {
                Some(AColor::White) => format!("white wins by {reason}"),
                Some(AColor::Black) => format!("black wins by {reason}"),
                None => format!("draw by {reason}"),
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Start positions.
// ---------------------------------------------------------------------------

/// A random Chess960 start position, written with X-FEN (`KQkq`) or
/// Shredder-FEN (`HAha`-style) castling, chosen at random.
fn random_960_fen(rng: &mut SmallRng) -> String {
    let mut rank: [Option<char>; 8] = [None; 8];
    // Bishops on squares of both colours: even files are dark on rank 1.
    let dark = 2 * rng.gen_range(0..4);
    let light = 2 * rng.gen_range(0..4) + 1;
    rank[dark] = Some('B');
    rank[light] = Some('B');
    let place_on_free = |rank: &mut [Option<char>; 8], piece: char, rng: &mut SmallRng| {
        let free: Vec<usize> = (0..8).filter(|&f| rank[f].is_none()).collect();
        let f = free[rng.gen_range(0..free.len())];
        rank[f] = Some(piece);
    };
    place_on_free(&mut rank, 'Q', rng);
    place_on_free(&mut rank, 'N', rng);
    place_on_free(&mut rank, 'N', rng);
    // The three files left take rook, king, rook in order.
    let rest: Vec<usize> = (0..8).filter(|&f| rank[f].is_none()).collect();
    rank[rest[0]] = Some('R');
    rank[rest[1]] = Some('K');
    rank[rest[2]] = Some('R');
    let white: String = rank.iter().map(|c| c.unwrap()).collect();
    let black = white.to_ascii_lowercase();
    let castling = if rng.gen_bool(0.5) {
        "KQkq".to_string()
    } else {
        let outer = (b'a' + rest[2] as u8) as char;
        let inner = (b'a' + rest[0] as u8) as char;
        format!("{}{}{outer}{inner}", outer.to_ascii_uppercase(), inner.to_ascii_uppercase())
    };
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1")
}

// ---------------------------------------------------------------------------
// One game.
// ---------------------------------------------------------------------------

struct Game {
    label: String,
    start: String,
    mode: CastlingMode,
    seed: u64,
    /// Chance to prefer a capture, promotion or castling when there is one; high
    /// values thin the board out and reach endgames, promotions and dead positions.
    greed: f64,
}

struct Mismatch {
    what: &'static str,
    game: String,
    start: String,
    moves: Vec<String>,
    fen: String,
    detail: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "[{}] {}", self.what, self.game)?;
        writeln!(f, "  start: {}", self.start)?;
        writeln!(f, "  moves: {}", if self.moves.is_empty() { "(none)".to_string() } else { self.moves.join(" ") })?;
        writeln!(f, "  position (shakmaty FEN): {}", self.fen)?;
        write!(f, "  {}", self.detail.replace('\n', "\n  "))
    }
}

#[derive(Default)]
struct Stats {
    plies: usize,
    checks: usize,
    castles: usize,
    en_passants: usize,
    promotions: usize,
    all_san_positions: usize,
    endings: BTreeMap<String, usize>,
}

/// What both libraries agree on at one position.
struct Node {
    shakmaty: BTreeMap<String, Move>,
    arbiter: BTreeMap<String, Turn>,
    check: bool,
    outcome: String,
}

type Diff = (&'static str, String);

/// Compares snapshot (and its round trip), legal moves, check and outcome.
fn compare_node(variant: &AChess, spos: &Chess, apos: &APosition) -> Result<Node, Diff> {
    let fen = Fen::from_position(spos, EnPassantMode::Legal).to_string();
    let afen = variant.write_snapshot(apos);
    if afen != fen {
        return Err(("snapshot", format!("arbiter:  {afen}\nshakmaty: {fen}")));
    }
    match variant.read_snapshot(&afen) {
        Ok(back) => {
            let again = variant.write_snapshot(&back);
            if again != afen {
                return Err(("snapshot round trip", format!("wrote {afen}\nread back and wrote {again}")));
            }
        }
        Err(e) => return Err(("snapshot round trip", format!("arbiter rejects its own {afen}: {e}"))),
    }

    let smoves = spos.legal_moves();
    let mut aturns = Vec::new();
    variant.legal_turns(apos, &mut aturns);
    let shakmaty: BTreeMap<String, Move> = smoves.iter().map(|m| (shakmaty_key(m), *m)).collect();
    let arbiter: BTreeMap<String, Turn> = aturns.iter().map(|t| (arbiter_key(t), t.clone())).collect();
    if arbiter.len() != aturns.len() {
        let mut seen = BTreeSet::new();
        let dups: Vec<String> = aturns.iter().map(arbiter_key).filter(|k| !seen.insert(k.clone())).collect();
        return Err(("legal moves", format!("arbiter lists some moves twice: {}", dups.join(" "))));
    }
    if arbiter.keys().ne(shakmaty.keys()) {
        let list = |v: Vec<&String>| {
            if v.is_empty() {
                "-".to_string()
            } else {
                v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
            }
        };
        let only_a = list(arbiter.keys().filter(|k| !shakmaty.contains_key(*k)).collect());
        let only_s = list(shakmaty.keys().filter(|k| !arbiter.contains_key(*k)).collect());
        return Err((
            "legal moves",
            format!(
                "only arbiter: {only_a}\nonly shakmaty: {only_s}\n({} arbiter, {} shakmaty)",
                arbiter.len(),
                shakmaty.len()
            ),
        ));
    }
    if variant.has_legal_turn(apos) == Ok(aturns.is_empty()) {
        return Err((
            "legal moves",
            format!("has_legal_turn says {} but legal_turns lists {}", !aturns.is_empty(), aturns.len()),
        ));
    }

    let check = spos.is_check();
    let a_check = variant.is_check(apos);
    if check != a_check {
        return Err(("check", format!("arbiter says in check: {a_check}, shakmaty: {check}")));
    }
    let outcome = shakmaty_outcome(spos, smoves.is_empty());
    let a_out = arbiter_outcome(variant, apos);
    if outcome != a_out {
        return Err(("outcome", format!("arbiter: {a_out}\nshakmaty: {outcome}")));
    }
    Ok(Node { shakmaty, arbiter, check, outcome })
}

/// Compares the SAN (with check mark) of one legal move; returns shakmaty's.
fn compare_san(
    variant: &AChess,
    spos: &Chess,
    apos: &APosition,
    key: &str,
    smove: Move,
    aturn: &Turn,
) -> Result<String, Diff> {
    let s_san = SanPlus::from_move(spos.clone(), smove).to_string();
    let a_san = variant.write_turn(apos, aturn).map_err(|e| ("SAN", e.to_string()))?;
    if s_san != a_san {
        return Err(("SAN", format!("move {key}: arbiter writes {a_san}, shakmaty {s_san}")));
    }
    Ok(s_san)
}

fn play_game(game: &Game, max_plies: usize, stats: &mut Stats) -> Result<(), Box<Mismatch>> {
    let variant = AChess;
    let mut rng = SmallRng::seed_from_u64(game.seed);
    let mut spos: Chess = game
        .start
        .parse::<Fen>()
        .unwrap_or_else(|e| panic!("{}: shakmaty cannot parse {}: {e}", game.label, game.start))
        .into_position(game.mode)
        .unwrap_or_else(|e| panic!("{}: shakmaty rejects {}: {e}", game.label, game.start));
    let mut moves: Vec<String> = Vec::new();

    let mut apos = match variant.read_snapshot(&game.start) {
        Ok(p) => p,
        Err(e) => {
            return Err(Box::new(Mismatch {
                what: "snapshot rejected",
                game: game.label.clone(),
                start: game.start.clone(),
                moves,
                fen: game.start.clone(),
                detail: format!("arbiter rejects the start position: {e}"),
            }))
        }
    };

    for _ply in 0..=max_plies {
        let fen = Fen::from_position(&spos, EnPassantMode::Legal).to_string();
        let fail = |what: &'static str, detail: String, moves: &Vec<String>| {
            Box::new(Mismatch {
                what,
                game: game.label.clone(),
                start: game.start.clone(),
                moves: moves.clone(),
                fen: fen.clone(),
                detail,
            })
        };

        let node = compare_node(&variant, &spos, &apos).map_err(|(what, detail)| fail(what, detail, &moves))?;
        if node.check {
            stats.checks += 1;
        }
        let s_out = node.outcome;
        let (skeys, akeys) = (node.shakmaty, node.arbiter);
        if s_out != "none" {
            *stats.endings.entry(s_out).or_default() += 1;
            return Ok(());
        }
        if moves.len() >= max_plies {
            *stats.endings.entry("ply limit".to_string()).or_default() += 1;
            return Ok(());
        }

        // SAN of every legal move, now and then.
        if rng.gen_ratio(1, ALL_SAN_EVERY) {
            stats.all_san_positions += 1;
            for (k, m) in &skeys {
                compare_san(&variant, &spos, &apos, k, *m, &akeys[k])
                    .map_err(|(what, detail)| fail(what, detail, &moves))?;
            }
        }

        // Pick a move: by key order, so the choice does not depend on either
        // library's generation order.
        let keys: Vec<&String> = skeys.keys().collect();
        let greedy: Vec<&String> = keys
            .iter()
            .copied()
            .filter(|k| {
                let m = &skeys[*k];
                m.is_capture() || m.is_promotion() || m.is_castle()
            })
            .collect();
        let chosen = if !greedy.is_empty() && rng.gen_bool(game.greed) {
            greedy[rng.gen_range(0..greedy.len())]
        } else {
            keys[rng.gen_range(0..keys.len())]
        };
        let smove = skeys[chosen];
        let aturn = &akeys[chosen];

        let s_san = compare_san(&variant, &spos, &apos, chosen, smove, aturn)
            .map_err(|(what, detail)| fail(what, detail, &moves))?;

        match smove {
            Move::Castle { .. } => stats.castles += 1,
            Move::EnPassant { .. } => stats.en_passants += 1,
            Move::Normal { promotion: Some(_), .. } => stats.promotions += 1,
            _ => {}
        }
        stats.plies += 1;
        moves.push(format!("{s_san}({chosen})"));
        spos.play_unchecked(smove);
        apos = variant.play(&apos, aturn);
    }
    Ok(())
}

fn games() -> Vec<Game> {
    let seed = env_number("ARBITER_DIFF_SEED", DEFAULT_SEED);
    let standard = env_number("ARBITER_DIFF_STANDARD_GAMES", DEFAULT_STANDARD_GAMES);
    let chess960 = env_number("ARBITER_DIFF_960_GAMES", DEFAULT_960_GAMES);
    let greed_levels = [0.0, 0.5, 0.9];
    let mut out = Vec::new();
    for i in 0..standard {
        let game_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(i as u64);
        out.push(Game {
            label: format!("standard game {i} (seed {game_seed})"),
            start: STANDARD_START.to_string(),
            mode: CastlingMode::Standard,
            seed: game_seed,
            greed: greed_levels[i % greed_levels.len()],
        });
    }
    for i in 0..chess960 {
        let game_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(1_000_000 + i as u64);
        let mut start_rng = SmallRng::seed_from_u64(game_seed ^ 0x960);
        out.push(Game {
            label: format!("chess960 game {i} (seed {game_seed})"),
            start: random_960_fen(&mut start_rng),
            mode: CastlingMode::Chess960,
            seed: game_seed,
            greed: greed_levels[i % greed_levels.len()],
        });
    }
    out
}

#[test]
fn random_games_agree_with_shakmaty() {
    let started = Instant::now();
    let games = games();
    let max_plies = env_number("ARBITER_DIFF_PLIES", DEFAULT_PLIES);
    let threads =
        env_number("ARBITER_DIFF_THREADS", std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
            .clamp(1, games.len().max(1));

    let next = AtomicUsize::new(0);
    let mismatches: Mutex<Vec<(usize, Mismatch)>> = Mutex::new(Vec::new());
    let total = Mutex::new(Stats::default());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut stats = Stats::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(game) = games.get(i) else { break };
                    if let Err(m) = play_game(game, max_plies, &mut stats) {
                        mismatches.lock().unwrap().push((i, *m));
                    }
                }
                let mut t = total.lock().unwrap();
                t.plies += stats.plies;
                t.checks += stats.checks;
                t.castles += stats.castles;
                t.en_passants += stats.en_passants;
                t.promotions += stats.promotions;
                t.all_san_positions += stats.all_san_positions;
                for (k, v) in stats.endings {
                    *t.endings.entry(k).or_default() += v;
                }
            });
        }
    });

    let t = total.into_inner().unwrap();
    eprintln!(
        "{} games, {} plies ({} checks, {} castles, {} en passant, {} promotions, all-move SAN at {} positions), endings {:?}, {threads} threads, {:.2?}",
        games.len(),
        t.plies,
        t.checks,
        t.castles,
        t.en_passants,
        t.promotions,
        t.all_san_positions,
        t.endings,
        started.elapsed()
    );

    let mut mismatches = mismatches.into_inner().unwrap();
    mismatches.sort_by_key(|(i, _)| *i);
    if !mismatches.is_empty() {
        let mut by_kind: BTreeMap<&str, usize> = BTreeMap::new();
        for (_, m) in &mismatches {
            *by_kind.entry(m.what).or_default() += 1;
        }
        let mut msg = format!(
            "{} of {} games disagree with shakmaty {by_kind:?}; first mismatch per game:\n",
            mismatches.len(),
            games.len()
        );
        // Show the first game of each kind of mismatch, then fill up to REPORTS_SHOWN.
        let mut shown = BTreeSet::new();
        let mut kinds = BTreeSet::new();
        for (i, m) in &mismatches {
            if kinds.insert(m.what) {
                shown.insert(*i);
            }
        }
        for (i, _) in &mismatches {
            if shown.len() >= REPORTS_SHOWN {
                break;
            }
            shown.insert(*i);
        }
        for (i, m) in &mismatches {
            if shown.contains(i) {
                let _ = writeln!(msg, "\n{m}");
            }
        }
        panic!("{msg}");
    }
}

/// The helpers above must themselves agree on a few fixed positions, so a bug
/// in the key mapping cannot hide a bug in either library.
#[test]
fn castling_keys_match_on_fixed_positions() {
    let cases = [
        // Standard castling both ways.
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CastlingMode::Standard, "Ke1-g1castle(h1)"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CastlingMode::Standard, "Ke1-c1castle(a1)"),
        // Chess960: king on g1 castles short without moving (rook h1 to f1).
        ("4k3/8/8/8/8/8/8/6KR w H - 0 1", CastlingMode::Chess960, "Kg1-g1castle(h1)"),
        // Chess960: king b1, rook a1, castles long onto c1.
        ("4k3/8/8/8/8/8/8/RK6 w A - 0 1", CastlingMode::Chess960, "Kb1-c1castle(a1)"),
    ];
    let variant = AChess;
    for (fen, mode, wanted) in cases {
        let spos: Chess = fen.parse::<Fen>().unwrap().into_position(mode).unwrap();
        let skeys: BTreeSet<String> = spos.legal_moves().iter().map(shakmaty_key).collect();
        assert!(skeys.contains(wanted), "shakmaty lacks {wanted} in {fen}: {skeys:?}");
        let apos = variant.read_snapshot(fen).unwrap_or_else(|e| panic!("arbiter rejects {fen}: {e}"));
        let mut turns = Vec::new();
        variant.legal_turns(&apos, &mut turns);
        let akeys: BTreeSet<String> = turns.iter().map(arbiter_key).collect();
        assert!(akeys.contains(wanted), "arbiter lacks {wanted} in {fen}: {akeys:?}");
        assert_eq!(akeys, skeys, "legal moves differ in {fen}");
    }
}

/// Hand-written positions aimed at the corners of the rules, each walked to the
/// given number of plies.
const TRICKY: &[(&str, CastlingMode, u32)] = &[
    // En passant would uncover a rook on the king's rank: the square is not written.
    ("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", CastlingMode::Standard, 3),
    // En passant is the capture that ends a check by the pawn that just moved.
    ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", CastlingMode::Standard, 3),
    // En passant by two pawns; one of them pinned along the diagonal.
    ("7k/8/8/8/3pPp2/8/8/B3K3 b - e3 0 1", CastlingMode::Standard, 3),
    // Chess960: the castling rook on g1 hides a rook on h1 from the king's goal.
    ("4k3/8/8/8/8/8/8/5KRr w G - 0 1", CastlingMode::Chess960, 3),
    // Chess960: king c1 castles short with the rook beside it.
    ("4k3/8/8/8/8/8/8/2KR4 w D - 0 1", CastlingMode::Chess960, 3),
    // Chess960: king b1 castles long onto c1, the rook jumps to d1.
    ("4k3/8/8/8/8/8/8/RK6 w A - 0 1", CastlingMode::Chess960, 3),
    // Chess960: the king lands on its rook's square.
    ("4k3/8/8/8/8/8/8/3K2R1 w G - 0 1", CastlingMode::Chess960, 3),
    // Chess960: the king already stands on g1; only the rook moves.
    ("r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1", CastlingMode::Chess960, 2),
    // The right belongs to the inner rook: written as a file letter.
    ("r1r1k3/8/8/8/8/8/8/R1R1K3 w Cc - 0 1", CastlingMode::Chess960, 2),
    // Castling rights with an attacked rook (allowed) and an attacked path (not).
    ("r3k2r/8/8/8/8/8/b7/R3K2R w KQkq - 0 1", CastlingMode::Standard, 2),
    ("r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1", CastlingMode::Standard, 2),
    ("r3k2r/8/8/8/8/8/1q6/R3K2R w KQkq - 0 1", CastlingMode::Standard, 2),
    // Promotions with capture, check and mate.
    ("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", CastlingMode::Standard, 3),
    ("1r5k/P5pp/8/8/8/8/8/K7 w - - 0 1", CastlingMode::Standard, 3),
    // Four knights and two rooks: SAN disambiguation by file, rank and square.
    ("4k3/8/8/1N3N2/8/1N3N2/8/R3K2R w - - 0 1", CastlingMode::Standard, 3),
    // Three queens on one target.
    ("6k1/8/8/8/Q3Q3/8/8/Q3K3 w - - 0 1", CastlingMode::Standard, 3),
    // Insufficient material and its near misses.
    ("8/8/4k3/8/8/3BK3/8/8 w - - 0 1", CastlingMode::Standard, 3),
    ("8/8/4k3/8/8/3NK3/8/8 b - - 0 1", CastlingMode::Standard, 3),
    ("8/8/4kb2/8/8/4KB2/8/8 w - - 0 1", CastlingMode::Standard, 3),
    ("8/8/3bk3/8/8/4KB2/8/8 w - - 0 1", CastlingMode::Standard, 3),
    ("8/8/4kb2/8/8/3NK3/8/8 w - - 0 1", CastlingMode::Standard, 3),
    ("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1", CastlingMode::Standard, 3),
    ("8/8/4k3/8/8/4K3/8/8 w - - 0 1", CastlingMode::Standard, 3),
    // Stalemate and checkmate on the board.
    ("7k/5Q2/8/8/8/8/8/K7 b - - 0 1", CastlingMode::Standard, 3),
    ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", CastlingMode::Standard, 3),
    // Double check: only the king may move.
    ("4k3/4r3/8/8/8/5n2/8/4K3 w - - 0 1", CastlingMode::Standard, 3),
];
/// Plies walked from every position of `fixtures/perft/chess.epd`.
const FIXTURE_DEPTH: u32 = 2;

/// Walks every line of `depth` plies, comparing every node and the SAN of every
/// move; returns the number of nodes compared.
fn walk(variant: &AChess, spos: &Chess, apos: &APosition, depth: u32, path: &mut Vec<String>) -> Result<u64, String> {
    let report = |(what, detail): Diff, path: &Vec<String>| {
        format!(
            "[{what}] after {}\n  position (shakmaty FEN): {}\n  {}",
            if path.is_empty() { "(start)".to_string() } else { path.join(" ") },
            Fen::from_position(spos, EnPassantMode::Legal),
            detail.replace('\n', "\n  ")
        )
    };
    let node = compare_node(variant, spos, apos).map_err(|d| report(d, path))?;
    if depth == 0 {
        return Ok(1);
    }
    let mut nodes = 1;
    for (k, m) in &node.shakmaty {
        let aturn = &node.arbiter[k];
        let san = compare_san(variant, spos, apos, k, *m, aturn).map_err(|d| report(d, path))?;
        let mut s_next = spos.clone();
        s_next.play_unchecked(*m);
        let a_next = variant.play(apos, aturn);
        path.push(san);
        nodes += walk(variant, &s_next, &a_next, depth - 1, path)?;
        path.pop();
    }
    Ok(nodes)
}

#[test]
fn fixed_positions_agree_with_shakmaty() {
    let started = Instant::now();
    let mut cases: Vec<(String, CastlingMode, u32)> =
        TRICKY.iter().map(|(fen, mode, depth)| (fen.to_string(), *mode, *depth)).collect();
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/perft/chess.epd");
    let text = std::fs::read_to_string(&fixture).unwrap_or_else(|e| panic!("cannot read {}: {e}", fixture.display()));
    for line in text.lines() {
        if let Some(fen) = line.trim().strip_prefix("epd ") {
            cases.push((fen.trim().to_string(), CastlingMode::Chess960, FIXTURE_DEPTH));
        }
    }
    let variant = AChess;
    let mut failures = Vec::new();
    let mut nodes = 0;
    for (fen, mode, depth) in &cases {
        let spos: Chess = fen
            .parse::<Fen>()
            .unwrap_or_else(|e| panic!("shakmaty cannot parse {fen}: {e}"))
            .into_position(*mode)
            .unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"));
        let apos = match variant.read_snapshot(fen) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{fen}: arbiter rejects it: {e}"));
                continue;
            }
        };
        let t = Instant::now();
        match walk(&variant, &spos, &apos, *depth, &mut Vec::new()) {
            Ok(n) => {
                nodes += n;
                eprintln!("{n:>8} nodes {:>8.2?}  {fen}", t.elapsed());
            }
            Err(msg) => failures.push(format!("from {fen}:\n{msg}")),
        }
    }
    eprintln!("{} positions, {nodes} nodes compared, {:.2?}", cases.len(), started.elapsed());
    assert!(failures.is_empty(), "{} position(s) disagree with shakmaty:\n\n{}", failures.len(), failures.join("\n\n"));
}
