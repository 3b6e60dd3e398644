//! Perft: counting legal turn sequences, the standard test of move generators.

use super::{Judged, Notation, Position};

/// The number of legal turn sequences of `depth` plies from `pos`; the last ply is
/// counted without being played ([`Rules::count_legal_turns`](super::Rules::count_legal_turns)).
pub fn perft<V: Notation + ?Sized>(variant: &V, pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return variant.count_legal_turns(pos),
        _ => {}
    }
    let mut turns = Vec::new();
    variant.legal_turns(pos, &mut turns);
    turns.iter().map(|t| perft(variant, &variant.play(pos, t), depth - 1)).sum()
}

/// Perft split by first turn: each legal turn with its canonical notation and count,
/// sorted by notation; an error when the variant cannot decide a turn's notation.
pub fn divide<V: Notation + ?Sized>(variant: &V, pos: &Position, depth: u32) -> Judged<Vec<(String, u64)>> {
    let mut turns = Vec::new();
    variant.legal_turns(pos, &mut turns);
    let mut rows: Vec<(String, u64)> = turns
        .iter()
        .map(|t| {
            let count = perft(variant, &variant.play(pos, t), depth.saturating_sub(1));
            Ok((variant.write_turn(pos, t)?, count))
        })
        .collect::<Judged<_>>()?;
    rows.sort();
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::perft;
    use crate::rules::check::king_attacked_after;
    use crate::rules::legal::{legal_moves, Arena};
    use crate::rules::movegen::{pseudo_moves, MoveFilter, Terrain};
    use crate::rules::{castling::castling_moves, Move, Position, Turn};
    use crate::variants::prelude::*;
    use crate::variants::tests::walk_random_games;
    use crate::variants::{lookup, VARIANTS};
    use std::collections::BTreeMap;

    /// The positions of a few seeded random games of `variant`.
    fn walk(variant: &dyn Variant, games: u64, plies: usize) -> Vec<Position> {
        let mut seen = Vec::new();
        walk_random_games(variant, games, plies, |pos, _, _| seen.push(pos.clone()));
        seen
    }

    #[test]
    fn the_last_ply_counts_as_many_turns_as_are_generated() {
        for info in VARIANTS.iter().filter(|v| v.is_implemented()) {
            let variant = lookup(info.id, &BTreeMap::new()).expect("an implemented variant builds");
            for pos in walk(variant.as_ref(), 6, 60) {
                let mut turns: Vec<Turn> = Vec::new();
                variant.legal_turns(&pos, &mut turns);
                assert_eq!(variant.count_legal_turns(&pos), turns.len() as u64, "{}: {pos:?}", info.id);
            }
        }
    }

    /// Orthodox legality the slow way: every pseudo-legal move and castling played on a
    /// board and the king looked at.
    fn legal_by_trial(pos: &Position, arena: &Arena) -> Vec<Move> {
        let mut moves = Vec::new();
        pseudo_moves(pos, &arena.moves, MoveFilter::default(), &mut moves);
        castling_moves(pos, &arena.moves, &mut moves, |sq| !arena.is_threatened(pos, sq));
        let mut scratch = pos.board().clone();
        let (craters, us) = (pos.craters(), pos.turn());
        moves.retain(|mv| !king_attacked_after(&mut scratch, &craters, &arena.threats, mv, us));
        moves
    }

    fn key(mv: &Move) -> String {
        format!("{mv:?}")
    }

    #[test]
    fn cuts_by_check_and_pins_agree_with_trying_every_move() {
        let arena = Arena::same(Terrain::orthodox());
        let chess = lookup("chess", &BTreeMap::new()).expect("chess");
        let kiwipete = chess
            .read_snapshot("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("Kiwipete");
        let mut positions = walk(chess.as_ref(), 20, 80);
        let mut roots = Vec::new();
        chess.legal_turns(&kiwipete, &mut roots);
        for turn in &roots {
            let after = chess.play(&kiwipete, turn);
            let mut replies = Vec::new();
            chess.legal_turns(&after, &mut replies);
            positions.extend(replies.iter().map(|r| chess.play(&after, r)));
        }
        for pos in &positions {
            let mut fast = Vec::new();
            legal_moves(pos, &arena, MoveFilter::default(), &mut fast);
            let mut slow = legal_by_trial(pos, &arena);
            fast.sort_by_key(key);
            slow.sort_by_key(key);
            assert_eq!(fast, slow, "{pos:?}");
        }
        assert_eq!(perft(chess.as_ref(), &kiwipete, 3), 97_862);
    }
}
