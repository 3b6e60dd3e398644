//! Chess refusals state true facts, checked against shakmaty (an independent
//! implementation). Seeded random games are played with shakmaty; at positions along
//! them every written move of a piece onto a square (with its capture mark where an
//! enemy unit stands there), every pawn push and pawn capture, and castling on both
//! wings that shakmaty refuses is resolved by arbiter, and each fact its typed refusal
//! states is checked on shakmaty's position: that no legal move of the role reaches the
//! square, that the units named stand where they are said to, that a blocker stands in
//! between, that a pinned unit's move would let the named unit attack its king, that a
//! king would be attacked where it goes, that the legal moves listed are the legal ones.
//! A unit the refusal blames must make a move that fits what was written: a push is
//! never explained by what stops a capture.
//!
//! Knobs (environment): `ARBITER_TRUTH_GAMES`, `ARBITER_TRUTH_SEED`.

use crate::common::env_number;
use arbiter::record::parse_game;
use arbiter::rules::refusal::{CastlingCause, Obstacle, Refusal, Source, Target, UnitAt};
use arbiter::rules::ResolveError;
use arbiter::variants::chess::Chess as AChess;
use arbiter::variants::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{attacks, Bitboard, Board, CastlingSide, Chess, EnPassantMode, Piece, Position, Role, Square};
use std::collections::{BTreeMap, BTreeSet};

/// A move as written: its role, source file or rank, capture mark and destination.
struct Written {
    text: String,
    role: Role,
    from_file: Option<char>,
    capture: bool,
    to: Square,
}

impl Written {
    /// Whether a move of the unit on `from` to `to` is what was written.
    fn fits(&self, role: Role, from: Square, to: Square) -> bool {
        let file = from.file().char();
        role == self.role
            && to == self.to
            && self.from_file.is_none_or(|f| f == file)
            && (self.role != Role::Pawn || self.capture || from.file() == to.file())
    }
}

fn square(sq: arbiter::geometry::Square) -> Square {
    sq.to_string().parse().unwrap_or_else(|_| panic!("{sq} is a square of the 8x8 board"))
}

fn role(role: arbiter::rules::Role) -> Role {
    Role::from_char(role.letter().to_ascii_lowercase()).expect("a chess role")
}

/// The written moves to try in `pos`: pieces onto every square, pawn pushes and
/// captures, castling.
fn written_moves(pos: &Chess) -> Vec<Written> {
    let board = pos.board();
    let mut moves = Vec::new();
    for to in Square::ALL {
        let enemy = board.color_at(to) == Some(!pos.turn());
        let mark = if enemy { "x" } else { "" };
        for piece in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King] {
            let text = format!("{}{mark}{to}", piece.upper_char());
            moves.push(Written { text, role: piece, from_file: None, capture: enemy, to });
        }
        let last = to.rank() == shakmaty::Rank::First || to.rank() == shakmaty::Rank::Eighth;
        let promotion = if last { "=Q" } else { "" };
        moves.push(Written { text: format!("{to}{promotion}"), role: Role::Pawn, from_file: None, capture: false, to });
        for side in [to.file().offset(-1), to.file().offset(1)].into_iter().flatten() {
            let text = format!("{}x{to}{promotion}", side.char());
            moves.push(Written { text, role: Role::Pawn, from_file: Some(side.char()), capture: true, to });
        }
    }
    moves
}

/// Whether shakmaty refuses `text` in `pos` as illegal (not merely ambiguous).
fn illegal(pos: &Chess, text: &str) -> bool {
    San::from_ascii(text.as_bytes()).is_ok_and(|san| match san.to_move(pos) {
        Ok(_) => false,
        Err(error) => !error.to_string().contains("ambiguous"),
    })
}

/// The side to move's unit of `unit.role` stands on its square.
fn ours(pos: &Chess, unit: &UnitAt) -> bool {
    pos.board().piece_at(square(unit.on)) == Some(Piece { color: pos.turn(), role: role(unit.role) })
}

/// Any unit of `unit.role` stands on its square.
fn stands(pos: &Chess, unit: &UnitAt) -> bool {
    pos.board().role_at(square(unit.on)) == Some(role(unit.role))
}

/// The board after the unit on `from` moves to `to` (capturing what stands there).
fn moved(board: &Board, from: Square, to: Square) -> Board {
    let mut after = board.clone();
    let piece = after.remove_piece_at(from).expect("a unit to move");
    after.set_piece_at(to, piece);
    after
}

/// Whether `by` attacks `target` on `board`.
fn attacks_on(board: &Board, by: Square, target: Square) -> bool {
    let piece = board.piece_at(by).expect("an attacker");
    attacks::attacks(by, piece, board.occupied()).contains(target)
}

/// The legal moves of `role` to `to`, in SAN without check marks.
fn legal_to(pos: &Chess, role: Role, to: Square) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .filter(|m| m.role() == role && m.to() == to && !m.is_castle())
        .map(|m| San::from_move(pos, *m).to_string())
        .collect()
}

/// Checks every fact `refusal` states about `written` in `pos`; the kind of refusal
/// checked, for the tally.
fn check(pos: &Chess, written: &Written, refusal: &Refusal) -> &'static str {
    let board = pos.board();
    let context = || format!("`{}` in {}: {refusal}", written.text, Fen::from_position(pos, EnPassantMode::Legal));
    let king = board.king_of(pos.turn()).expect("a king");
    match refusal {
        Refusal::NoSuchUnit { role: r, source, to: Target::Square(to), own_unit_on_target, obstacle, .. } => {
            let fits_source = |from: Square| match source {
                Some(Source::File(f)) => u32::from(*f) == u32::from(from.file()),
                Some(Source::Rank(r)) => u32::from(*r) == u32::from(from.rank()),
                Some(Source::Square(s)) => square(*s) == from,
                None => true,
            };
            let reaching = pos.legal_moves().iter().any(|m| {
                m.role() == role(*r) && m.to() == square(*to) && m.from().is_some_and(fits_source) && !m.is_castle()
            });
            assert!(!reaching, "a legal move reaches the square: {}", context());
            if let Some(held) = own_unit_on_target {
                let on = Piece { color: pos.turn(), role: role(*held) };
                assert_eq!(board.piece_at(square(*to)), Some(on), "{}", context());
            }
            match obstacle {
                Some(Obstacle::PathBlocked { unit, by }) => {
                    assert!(ours(pos, unit) && stands(pos, by), "{}", context());
                    let between = attacks::between(square(unit.on), square(*to));
                    assert!(between.contains(square(by.on)), "the blocker is not in between: {}", context());
                }
                Some(Obstacle::CannotMoveThatWay { unit }) => {
                    assert!(ours(pos, unit), "{}", context());
                    let piece = board.piece_at(square(unit.on)).expect("the unit");
                    let reach = attacks::attacks(square(unit.on), piece, Bitboard::EMPTY);
                    assert!(!reach.contains(square(*to)), "it does move that way: {}", context());
                }
                None => {}
            }
            "no such unit"
        }
        Refusal::WrongSource { role: r, to: Target::Square(to), legal, .. } => {
            let listed: BTreeSet<String> = legal.iter().cloned().collect();
            assert_eq!(listed, legal_to(pos, role(*r), square(*to)), "{}", context());
            "wrong source"
        }
        Refusal::PushNotCapture { captures: legal, .. }
        | Refusal::PromotionMissing { legal, .. }
        | Refusal::NeedlessPromotion { legal, .. } => {
            for text in legal {
                assert!(!illegal(pos, text), "`{text}` is listed as legal: {}", context());
            }
            "better forms"
        }
        Refusal::Pinned { unit, to, king: k, by, .. } => {
            assert!(ours(pos, unit) && square(*k) == king && stands(pos, by), "{}", context());
            let (from, to) = (square(unit.on), square(*to));
            assert!(written.fits(role(unit.role), from, to), "the pinned unit's move was not written: {}", context());
            assert!(attacks_on(&moved(board, from, to), square(by.on), king), "no pin: {}", context());
            "pinned"
        }
        Refusal::KingIntoAttack { to, by, .. } => {
            assert!(written.fits(Role::King, king, square(*to)), "{}", context());
            assert!(attacks_on(&moved(board, king, square(*to)), square(by.on), square(*to)), "{}", context());
            "king into attack"
        }
        Refusal::CheckNotAnswered { checker, unit, to, .. } => {
            assert!(pos.checkers().contains(square(checker.on)), "no such check: {}", context());
            let (from, to) = (square(unit.on), square(*to));
            assert!(ours(pos, unit) && written.fits(role(unit.role), from, to), "{}", context());
            let after = moved(board, from, to);
            assert!(after.attacks_to(king, !pos.turn(), after.occupied()).any(), "it answers the check: {}", context());
            "check not answered"
        }
        Refusal::Castling { wing, cause } => {
            let side = if wing.notation() == "O-O" { CastlingSide::KingSide } else { CastlingSide::QueenSide };
            match cause {
                CastlingCause::NoRight { .. } => assert!(!pos.castles().has(pos.turn(), side), "{}", context()),
                CastlingCause::UnitInTheWay { unit } => {
                    let rook = pos.castles().rook(pos.turn(), side).expect("a rook with the right");
                    let path = attacks::between(king, rook)
                        | Bitboard::from(side.king_to(pos.turn()))
                        | Bitboard::from(side.rook_to(pos.turn()));
                    let on = square(unit.on);
                    assert!(stands(pos, unit) && path.contains(on) && on != king && on != rook, "{}", context());
                }
                CastlingCause::KingInCheck { .. } => assert!(pos.is_check(), "{}", context()),
                CastlingCause::AttackedSquare { on, by, .. } => {
                    assert!(attacks_on(board, square(by.on), square(*on)), "{}", context());
                    let path =
                        attacks::between(king, side.king_to(pos.turn())) | Bitboard::from(side.king_to(pos.turn()));
                    assert!(path.contains(square(*on)), "not a square the king crosses: {}", context());
                }
                _ => return "castling (other)",
            }
            "castling"
        }
        _ => "other",
    }
}

fn is_castling(turn: &arbiter::rules::Turn) -> bool {
    matches!(turn, arbiter::rules::Turn::Move(m) if matches!(m.kind, arbiter::rules::MoveKind::Castle { .. }))
}

/// Checks every written move shakmaty refuses in `pos`, adding to `tally`.
fn check_position(pos: &Chess, tally: &mut BTreeMap<&'static str, usize>) {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let apos = AChess.read_snapshot(&fen).expect("arbiter reads shakmaty's snapshot");
    let king = pos.board().king_of(pos.turn()).expect("a king");
    let mut written = written_moves(pos);
    written.extend(["O-O", "O-O-O"].map(|text| Written {
        text: text.to_owned(),
        role: Role::King,
        from_file: None,
        capture: false,
        to: king,
    }));
    for w in written.iter().filter(|w| illegal(pos, &w.text)) {
        let game = parse_game(&format!("{}\n", w.text)).expect("a written move");
        let token = game.line().first().expect("one ply").turn().clone();
        match AChess.resolve(&apos, &token) {
            Err(ResolveError::Illegal(refusal)) => *tally.entry(check(pos, w, &refusal)).or_default() += 1,
            Err(ResolveError::Ambiguous(_) | ResolveError::Undecided(_)) => {}
            // A king's two-square step written as its move (`Kg1`) is read as castling,
            // with a warning; shakmaty reads SAN strictly.
            Ok(resolved) if is_castling(&resolved.turn) && w.role == Role::King => {}
            Ok(resolved) => panic!("`{}` is illegal but resolved to {:?} in {fen}", w.text, resolved.turn),
        }
    }
}

/// Positions aimed at refusals random games seldom reach: a pawn that could capture
/// onto a square only a push was written to, pinned or not; pinned pieces on files,
/// ranks and diagonals; castling through, into and out of check, and blocked.
const CORNERS: [&str; 7] = [
    "6k1/8/8/6p1/5P2/8/8/1K4R1 b - - 0 1",
    "6k1/8/8/6p1/5P2/8/8/1K5R b - - 0 1",
    "4k3/4r3/8/8/2b5/8/3N4/R3K2R w KQ - 0 1",
    "r3k2r/8/8/1B6/8/8/8/4K3 b kq - 0 1",
    "r3k2r/8/8/8/8/8/8/4KR2 b kq - 0 1",
    "r3k2r/pppq1ppp/8/8/8/8/PPP2PPP/R3K1NR w KQkq - 0 1",
    "k7/8/8/2KPp2r/8/8/8/8 w - e6 0 1",
];

#[test]
fn chess_refusals_state_true_facts() {
    let games = env_number("ARBITER_TRUTH_GAMES", 60u64);
    let mut rng = SmallRng::seed_from_u64(env_number("ARBITER_TRUTH_SEED", 0x7e57_7e11u64));
    let mut tally: BTreeMap<&'static str, usize> = BTreeMap::new();
    for fen in CORNERS {
        let setup: Fen = fen.parse().expect("a FEN");
        let pos: Chess = setup.into_position(shakmaty::CastlingMode::Standard).expect("a legal position");
        check_position(&pos, &mut tally);
    }
    for _ in 0..games {
        let mut pos = Chess::default();
        for ply in 0..rng.gen_range(10..120) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            if ply % 5 == 4 {
                check_position(&pos, &mut tally);
            }
            let m = legal[rng.gen_range(0..legal.len())];
            pos.play_unchecked(m);
        }
    }
    // The test must have checked each main kind of refusal, not passed for want of any.
    for kind in
        ["no such unit", "wrong source", "better forms", "pinned", "king into attack", "check not answered", "castling"]
    {
        assert!(tally.get(kind).is_some_and(|&n| n > 0), "no refusal of the kind `{kind}` was checked: {tally:?}");
    }
}
