//! Refusals tell the true cause. Every legal move of random positions of each
//! variant with check is rewritten with a wrong source square (one where no unit of
//! that role stands, or one where a unit of that role stands but cannot make the
//! move); the refusal may then blame king safety only when a unit on the written
//! source could make the move but for its own king; the typed refusal must then name
//! that unit. A refused pawn push names no pawn of the mover's on another file (a push
//! is never a capture). In JSON, an illegal turn carries the legal turns that fit what
//! was written better.

use crate::common;
use crate::test::run_arbiter;
use arbiter::geometry::Square;
use arbiter::record::parse_game;
use arbiter::rules::refusal::{BellowsCause, BounceCause, Refusal};
use arbiter::rules::{Move, MoveKind, Position, ResolveError, Role, Turn};
use arbiter::variants::lookup;
use arbiter::variants::prelude::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Words that claim a king-safety cause, in every variant's refusals.
const KING_SAFETY_WORDS: [&str; 6] =
    ["pinned", "in check", "would attack", "expose", "could be captured", "capture the king"];

fn token_of(text: &str) -> arbiter::record::ast::TurnToken {
    let game = parse_game(&format!("{text}\n")).unwrap_or_else(|e| panic!("`{text}`: {}", e.message));
    game.line().first().unwrap().turn().clone()
}

/// A knight, bishop, rook, queen or king move written in long algebraic form from
/// `from`.
fn long_form(mv: &Move, from: arbiter::geometry::Square) -> String {
    let promotion = mv.promotion.map(|r| format!("={}", r.letter())).unwrap_or_default();
    format!("{}{from}{}{promotion}", mv.role.letter(), mv.to)
}

/// Whether a unit of the side to move and of `role` stands on `from`: only then may
/// a refusal of a move from there blame the king's safety.
fn unit_stands(pos: &Position, role: Role, from: arbiter::geometry::Square) -> bool {
    pos.board().get(from).is_some_and(|p| p.color == pos.turn() && p.role == role)
}

fn check_position(id: &str, variant: &dyn Variant, pos: &Position) -> usize {
    let mut turns = Vec::new();
    variant.legal_turns(pos, &mut turns);
    let mut checked = 0;
    for turn in &turns {
        let Turn::Move(mv) = turn else { continue };
        if mv.role == Role::Pawn || matches!(mv.kind, MoveKind::Castle { .. }) {
            continue;
        }
        let legal_sources: Vec<_> = turns
            .iter()
            .filter_map(|t| match t {
                Turn::Move(m) if m.role == mv.role && m.to == mv.to => Some(m.from),
                _ => None,
            })
            .collect();
        for from in pos.board().area().squares().filter(|sq| *sq != mv.to && !legal_sources.contains(sq)) {
            let text = long_form(mv, from);
            let refusal = match variant.resolve(pos, &token_of(&text)) {
                Err(ResolveError::Illegal(refusal)) => refusal,
                Ok(resolved) => {
                    panic!("{id}: `{text}` resolved to {:?} in {}", resolved.turn, variant.write_snapshot(pos))
                }
                Err(ResolveError::Ambiguous(_) | ResolveError::Undecided(_)) => continue,
            };
            checked += 1;
            if let Some(unit) = king_safety_unit(&refusal) {
                assert_eq!(unit, from, "{id}: `{text}` is refused for another unit's king safety: {refusal}");
            }
            let reason = refusal.to_string();
            let blames_king = KING_SAFETY_WORDS.iter().any(|w| reason.contains(w));
            if blames_king {
                assert!(
                    unit_stands(pos, mv.role, from) && reason.contains(&from.to_string()),
                    "{id}: `{text}` is refused with a king-safety reason that is not true: {reason}\nin {}",
                    variant.write_snapshot(pos)
                );
            }
        }
        checked += check_disambiguations(id, variant, pos, mv, &legal_sources);
    }
    checked
}

/// `mv` written with a file or a rank from which no legal move of its role reaches its
/// square (`Nbd2` with no knight on the b-file that can): a refusal that blames one
/// unit's king safety must name a unit of that role on the written file or rank.
fn check_disambiguations(id: &str, variant: &dyn Variant, pos: &Position, mv: &Move, legal: &[Square]) -> usize {
    let area = pos.board().area();
    let files = (area.min_file..=area.max_file).map(|f| (Square::file_char(f).to_string(), Some(f), None));
    let ranks = (area.min_rank..=area.max_rank).map(|r| ((r + 1).to_string(), None, Some(r)));
    let mut checked = 0;
    for (written, file, rank) in files.chain(ranks) {
        let fits = |sq: &Square| file.is_none_or(|f| sq.file() == f) && rank.is_none_or(|r| sq.rank() == r);
        if legal.iter().any(fits) {
            continue;
        }
        let promotion = mv.promotion.map(|r| format!("={}", r.letter())).unwrap_or_default();
        let text = format!("{}{written}{}{promotion}", mv.role.letter(), mv.to);
        let Err(ResolveError::Illegal(refusal)) = variant.resolve(pos, &token_of(&text)) else { continue };
        checked += 1;
        if let Some(unit) = king_safety_unit(&refusal) {
            assert!(
                fits(&unit) && unit_stands(pos, mv.role, unit),
                "{id}: `{text}` blames the king safety of a unit that was not written: {refusal}\nin {}",
                variant.write_snapshot(pos)
            );
        }
    }
    checked
}

/// The square of the unit a refusal says endangers its own king, for the refusals
/// that say so of one unit.
fn king_safety_unit(refusal: &Refusal) -> Option<Square> {
    match refusal {
        Refusal::CheckNotAnswered { unit, .. } | Refusal::Pinned { unit, .. } => Some(unit.on),
        Refusal::Bouncing(BounceCause::CheckNotEnded { unit, .. } | BounceCause::LeavesKingInCheck { unit, .. }) => {
            Some(unit.on)
        }
        Refusal::Bellows(
            BellowsCause::CheckNotEnded { unit, .. } | BellowsCause::LeavesKingCapturable { unit, .. },
        ) => Some(unit.on),
        _ => None,
    }
}

/// The first problem `validate --format json` reports for a record.
fn first_problem(record: &str) -> Value {
    let args = ["validate", "--format", "json", "-"].map(std::ffi::OsString::from);
    let output = run_arbiter(&args, record.as_bytes());
    let games: Value = serde_json::from_str(&output.stdout).unwrap();
    games[0]["problems"][0].clone()
}

#[test]
fn an_illegal_turn_carries_the_legal_turns_that_fit_better() {
    let wrong_source = first_problem("1. d4 d5 2. Nd2 Nf6 3. Nbf3 *\n");
    assert_eq!(wrong_source["kind"], "illegal");
    assert_eq!(wrong_source["suggestion"], Value::Null);
    assert_eq!(wrong_source["candidates"], json!(["Ngf3", "Ndf3"]));
    let one_knight = first_problem("1. Nbf3 *\n");
    assert_eq!(one_knight["suggestion"], "Nf3");
    assert_eq!(one_knight["candidates"], json!(["Nf3"]));
    let push = first_problem("1. e4 d5 2. d5 *\n");
    assert_eq!(push["suggestion"], "exd5");
    let king = first_problem("[FEN \"8/4P3/8/8/8/8/8/k1K5 w - - 0 1\"]\n\n1. e8=K *\n");
    assert_eq!(king["candidates"], json!(["e8=Q", "e8=R", "e8=B", "e8=N"]));
    let bounce = first_problem("[Variant \"Bouncing\"]\n[FEN \"4r1k1/8/8/8/8/3B4/8/1N2K3 w - - 0 1\"]\n\n1. Nc3 *\n");
    assert_eq!(bounce["suggestion"], "Nc3, Be3");
    let pinned = first_problem("1. e4 e5 2. d3 Bb4+ 3. Nc3 Nf6 4. Nd5 *\n");
    assert_eq!((&pinned["suggestion"], &pinned["candidates"]), (&Value::Null, &json!([])));
}

#[test]
fn a_push_is_never_refused_for_what_stops_a_capture() {
    // `f4` is a push (never `gxf4`): the pin of the g5 pawn, or its pause, is no reason
    // for refusing it, since no black pawn could push to f4 anyway.
    let pinned = "[FEN \"6k1/8/8/6p1/5P2/8/8/1K4R1 b - - 0 1\"]\n\n1... f4 *\n";
    for variant in ["Chess", "Tilting the Balance", "Bouncing", "Refreshing Bubble Fizz"] {
        let problem = first_problem(&format!("[Variant \"{variant}\"]\n{pinned}"));
        assert_eq!(problem["message"], "illegal turn `f4`: no black pawn can move to f4", "{variant}");
    }
    let paused = "[Variant \"Refreshing Bubble Fizz\"]\n\
                  [FEN \"rn1k3r/3p4/2pbp2n/pp1bPPpp/P4PB1/NNP1BR2/4P2P/R4K2 b - - 0 20 - d7:0,e6:1,g5:3,c3:2\"]\n\n\
                  20... f4 *\n";
    assert_eq!(first_problem(paused)["message"], "illegal turn `f4`: no black pawn can move to f4");
    // Without the pin, the capture that fits better is named.
    let free = first_problem("[FEN \"6k1/8/8/6p1/5P2/8/8/1K5R b - - 0 1\"]\n\n1... f4 *\n");
    assert_eq!(free["candidates"], json!(["gxf4"]));
}

/// Every pawn push written to a square of the board (`f4`) that is refused: the
/// refusal may name only the mover's pawns of that file, since a push is never a
/// capture (a pinned or paused pawn of another file that could take there is no reason).
fn pushes_blame_only_their_file(id: &str, variant: &dyn Variant, pos: &Position) {
    for to in pos.board().area().squares() {
        let text = to.to_string();
        let Err(ResolveError::Illegal(refusal)) = variant.resolve(pos, &token_of(&text)) else { continue };
        let reason = refusal.to_string();
        for named in reason.split("the pawn on ").skip(1) {
            let square: String = named.chars().take_while(char::is_ascii_alphanumeric).collect();
            let Some(on) = pos.board().area().squares().find(|sq| sq.to_string() == square) else { continue };
            let ours = pos.board().get(on).is_some_and(|p| p.color == pos.turn() && p.role == Role::Pawn);
            assert!(
                !ours || on.file() == to.file(),
                "{id}: the push `{text}` is refused for the pawn on {on}: {reason}\nin {}",
                variant.write_snapshot(pos)
            );
        }
    }
}

#[test]
fn wrong_sources_are_never_blamed_on_king_safety() {
    let games = common::env_number("ARBITER_REFUSAL_GAMES", 4u64);
    for id in ["chess", "tilting", "bouncing", "bellows", "bubble-fizz"] {
        let variant = lookup(id, &BTreeMap::new()).unwrap();
        let mut checked = 0;
        for game in 0..games {
            let mut pos = variant.start();
            let mut seed = (game + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            for ply in 0..40 {
                if ply % 4 == 3 {
                    checked += check_position(id, variant.as_ref(), &pos);
                    pushes_blame_only_their_file(id, variant.as_ref(), &pos);
                }
                let mut turns = Vec::new();
                variant.legal_turns(&pos, &mut turns);
                if turns.is_empty() || !matches!(variant.outcome(&pos), Ok(None)) {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = variant.play(&pos, &turns[(seed % turns.len() as u64) as usize]);
            }
        }
        assert!(checked > 100, "{id}: only {checked} refusals checked");
    }
}
