//! Turn tokens: standard and lenient SAN, and every variant extension.

use super::{normal, san, sq, turn};
use crate::record::ast::{BombToken, BounceToken, CheckMark, SanToken, TurnPart};

#[test]
fn standard_san() {
    assert_eq!(san("e4"), normal(None, None, None, false, Some("e4"), 'e', None));
    assert_eq!(san("Nf3"), normal(Some('N'), None, None, false, Some("f3"), 'f', None));
    assert_eq!(san("exd5"), normal(None, Some('e'), None, true, Some("d5"), 'd', None));
    assert_eq!(san("Nbd2"), normal(Some('N'), Some('b'), None, false, Some("d2"), 'd', None));
    assert_eq!(san("R1a3"), normal(Some('R'), None, Some(1), false, Some("a3"), 'a', None));
    assert_eq!(san("Qh4e1"), normal(Some('Q'), Some('h'), Some(4), false, Some("e1"), 'e', None));
    assert_eq!(san("Qh4xe1"), normal(Some('Q'), Some('h'), Some(4), true, Some("e1"), 'e', None));
    assert_eq!(san("O-O"), SanToken::Castle { long: false });
    assert_eq!(san("O-O-O"), SanToken::Castle { long: true });
    assert_eq!(san("Pe4"), normal(Some('P'), None, None, false, Some("e4"), 'e', None));
}

#[test]
fn lenient_castling_with_zeros() {
    assert_eq!(san("0-0"), SanToken::Castle { long: false });
    assert_eq!(san("0-0-0"), SanToken::Castle { long: true });
    assert_eq!(san("1. 0-0-0"), SanToken::Castle { long: true });
}

#[test]
fn lenient_pawn_captures() {
    assert_eq!(san("ed5"), normal(None, Some('e'), None, false, Some("d5"), 'd', None));
    assert_eq!(san("e:d5"), normal(None, Some('e'), None, true, Some("d5"), 'd', None));
    // File to file: no destination square, only its file.
    assert_eq!(san("exd"), normal(None, Some('e'), None, true, None, 'd', None));
    assert_eq!(san("ed"), normal(None, Some('e'), None, false, None, 'd', None));
    assert_eq!(san("e:d"), normal(None, Some('e'), None, true, None, 'd', None));
}

#[test]
fn lenient_long_algebraic() {
    assert_eq!(san("e2-e4"), normal(None, Some('e'), Some(2), false, Some("e4"), 'e', None));
    assert_eq!(san("e2e4"), normal(None, Some('e'), Some(2), false, Some("e4"), 'e', None));
    assert_eq!(san("Ng1-f3"), normal(Some('N'), Some('g'), Some(1), false, Some("f3"), 'f', None));
    assert_eq!(san("Ng1xf3"), normal(Some('N'), Some('g'), Some(1), true, Some("f3"), 'f', None));
    assert_eq!(san("Ng1:f3"), normal(Some('N'), Some('g'), Some(1), true, Some("f3"), 'f', None));
    // A superfluous `x` is kept as written; the rules judge it.
    assert_eq!(san("Nxf3"), normal(Some('N'), None, None, true, Some("f3"), 'f', None));
}

#[test]
fn lenient_promotions() {
    let queen = normal(None, None, None, false, Some("e8"), 'e', Some('Q'));
    for text in ["e8=Q", "e8Q", "e8(Q)", "e8/Q"] {
        assert_eq!(san(text), queen, "{text}");
    }
    assert_eq!(san("exd8=N"), normal(None, Some('e'), None, true, Some("d8"), 'd', Some('N')));
    assert_eq!(san("dxe1R"), normal(None, Some('d'), None, true, Some("e1"), 'e', Some('R')));
    assert_eq!(san("b8B"), normal(None, None, None, false, Some("b8"), 'b', Some('B')));
    assert_eq!(san("g8=K"), normal(None, None, None, false, Some("g8"), 'g', Some('K')));
}

#[test]
fn in_place_promotion_is_a_normal_move_to_its_own_square() {
    // B5: a pawn on its last rank promotes where it stands.
    assert_eq!(san("a1=Q"), normal(None, None, None, false, Some("a1"), 'a', Some('Q')));
    assert_eq!(san("h8N"), normal(None, None, None, false, Some("h8"), 'h', Some('N')));
}

#[test]
fn en_passant_remarks_are_ignored() {
    let capture = normal(None, Some('e'), None, true, Some("d6"), 'd', None);
    for text in ["exd6e.p.", "exd6 e.p.", "exd6 ep", "exd6ep"] {
        assert_eq!(san(text), capture, "{text}");
    }
    let checked = turn("exd6 e.p.+");
    assert_eq!(checked.check, Some(CheckMark::Check));
    assert_eq!(turn("exd6+ e.p.").check, Some(CheckMark::Check));
}

#[test]
fn check_marks() {
    assert_eq!(turn("Qh5").check, None);
    assert_eq!(turn("Qh5+").check, Some(CheckMark::Check));
    assert_eq!(turn("Qh5#").check, Some(CheckMark::Mate));
    assert_eq!(turn("Qh5++").check, Some(CheckMark::Mate));
    assert_eq!(turn("O-O+").check, Some(CheckMark::Check));
    assert_eq!(turn("O-O-O#").check, Some(CheckMark::Mate));
    assert_eq!(turn("0-0+").check, Some(CheckMark::Check));
    assert_eq!(turn("e8=Q+").check, Some(CheckMark::Check));
}

#[test]
fn twelve_by_twelve_squares() {
    // L9: files up to `l`, ranks up to 12.
    assert_eq!(san("Rb10xb12"), normal(Some('R'), Some('b'), Some(10), true, Some("b12"), 'b', None));
    assert_eq!(san("g10=Q"), normal(None, None, None, false, Some("g10"), 'g', Some('Q')));
    assert_eq!(san("k11"), normal(None, None, None, false, Some("k11"), 'k', None));
    assert_eq!(san("Nl12"), normal(Some('N'), None, None, false, Some("l12"), 'l', None));
    assert_eq!(san("R10a3"), normal(Some('R'), None, Some(10), false, Some("a3"), 'a', None));
    assert_eq!(san("Ra12"), normal(Some('R'), None, None, false, Some("a12"), 'a', None));
    assert_eq!(san("kxl11"), normal(None, Some('k'), None, true, Some("l11"), 'l', None));
}

/// The move and bounce of a single-part turn.
fn bounced(text: &str) -> (SanToken, BounceToken) {
    let turn = turn(text);
    match &turn.parts[0].value {
        TurnPart::Move { san, bounce: Some(bounce) } => {
            let mut san = san.clone();
            san.forget_plain_form();
            (san, bounce.value.clone())
        }
        other => panic!("{text:?} has no bounce: {other:?}"),
    }
}

#[test]
fn bounce_suffixes() {
    // B9: a bounce follows the move after a comma.
    let rook = normal(Some('R'), None, None, false, Some("e8"), 'e', None);
    let king = BounceToken { piece: Some('K'), from: None, to: sq("g8") };
    assert_eq!(bounced("Re8, Kg8"), (rook.clone(), king.clone()));
    assert_eq!(bounced("Re8,Kg8"), (rook.clone(), king.clone()));
    assert_eq!(bounced("Re8 , Kg8"), (rook, king));
    let bishop = normal(Some('B'), None, None, false, Some("h6"), 'h', None);
    let pawn = BounceToken { piece: None, from: Some(sq("g7")), to: sq("f8") };
    assert_eq!(bounced("Bh6, g7-f8"), (bishop.clone(), pawn.clone()));
    assert_eq!(bounced("Bh6,g7f8"), (bishop, pawn));
    let (_, down) = bounced("Ra3, a2-a1");
    assert_eq!(down, BounceToken { piece: None, from: Some(sq("a2")), to: sq("a1") });
    let (_, king_move) = bounced("Nf3, Kf8-g8");
    assert_eq!(king_move, BounceToken { piece: Some('K'), from: Some(sq("f8")), to: sq("g8") });
    let (_, knight) = bounced("Qd5, Nc6-b6");
    assert_eq!(knight, BounceToken { piece: Some('N'), from: Some(sq("c6")), to: sq("b6") });
    let (promotion, _) = bounced("a1=Q, Kb2");
    assert_eq!(promotion, normal(None, None, None, false, Some("a1"), 'a', Some('Q')));
}

#[test]
fn check_mark_of_a_bounced_turn_is_the_last_written() {
    assert_eq!(turn("Re8, Kg8+").check, Some(CheckMark::Check));
    assert_eq!(turn("Re8+, Kg8").check, Some(CheckMark::Check));
    assert_eq!(turn("Re8+, Kg8#").check, Some(CheckMark::Mate));
    assert_eq!(turn("Re8, Kg8").check, None);
}

#[test]
fn multi_move_turns() {
    // F11: the moves of one turn are joined by `&`.
    for text in ["Nf3 & Bd3+", "Nf3&Bd3+", "Nf3 &Bd3+", "Nf3& Bd3+"] {
        let turn = turn(text);
        assert_eq!(turn.parts.len(), 2, "{text}");
        assert_eq!(turn.check, Some(CheckMark::Check), "{text}");
        assert!(matches!(&turn.parts[1].value, TurnPart::Move { san: SanToken::Normal { piece: Some('B'), .. }, .. }));
    }
    let three = turn("e4 & d4 & Nf3");
    assert_eq!(three.parts.len(), 3);
    assert_eq!(turn("e4+ & d4").check, Some(CheckMark::Check));
    let with_number = super::plies("14. Nf3 & Bd3+ Kg8");
    assert_eq!(with_number.len(), 2);
    assert_eq!(with_number[0].number.as_ref().map(|n| n.value.number), Some(14));
}

/// The bomb of a single-part turn.
fn bomb(text: &str) -> BombToken {
    match &turn(text).parts[0].value {
        TurnPart::Bomb(bomb) => (**bomb).clone(),
        other @ TurnPart::Move { .. } => panic!("{text:?} is not a bomb: {other:?}"),
    }
}

#[test]
fn bombs() {
    // T8: `(****)` and the target, optionally the destroyed units' squares.
    let plain = bomb("(****)g6");
    assert_eq!(plain.target, sq("g6"));
    assert_eq!(plain.destroyed, None);
    let listed = bomb("(****)g6:h5h7g5f6");
    let squares: Vec<_> = listed.destroyed.unwrap().iter().map(|s| s.value).collect();
    assert_eq!(squares, vec![sq("h5"), sq("h7"), sq("g5"), sq("f6")]);
    let wide = bomb("(****)b11:a10a12c12");
    let squares: Vec<_> = wide.destroyed.unwrap().iter().map(|s| s.value).collect();
    assert_eq!(squares, vec![sq("a10"), sq("a12"), sq("c12")]);
}

#[test]
fn bombs_take_check_marks_and_glyphs() {
    let game = super::parse("3. Qh5+ (****)g6:h5h7g5f6!");
    let ply = &game.line.plies[1];
    assert!(matches!(ply.turn.value.parts[0].value, TurnPart::Bomb(_)));
    assert_eq!(ply.nags.iter().map(|n| n.value).collect::<Vec<_>>(), vec![1]);
    assert_eq!(turn("(****)e3+").check, Some(CheckMark::Check));
    assert_eq!(turn("(****)g6:h7f6g5h5#?!").check, Some(CheckMark::Mate));
    // The bomb's parenthesis does not open a variation.
    assert!(ply.variations.is_empty());
    assert_eq!(game.line.plies.len(), 2);
}

#[test]
fn lower_case_b_is_always_a_file() {
    assert_eq!(san("bc4"), normal(None, Some('b'), None, false, Some("c4"), 'c', None));
    assert_eq!(san("Bc4"), normal(Some('B'), None, None, false, Some("c4"), 'c', None));
    assert_eq!(san("b8"), normal(None, None, None, false, Some("b8"), 'b', None));
    assert_eq!(san("bxc8=B"), normal(None, Some('b'), None, true, Some("c8"), 'c', Some('B')));
}

#[test]
fn a_comma_in_a_comment_is_not_a_bounce() {
    let plies = super::plies("1. e4 {good, solid} e5 ; fine, too\n2. Nf3");
    assert_eq!(plies.len(), 3);
    assert!(plies.iter().all(|p| matches!(p.turn.value.parts[0].value, TurnPart::Move { bounce: None, .. })));
    assert_eq!(plies[0].comments[0].value, "good, solid");
    assert_eq!(plies[1].comments[0].value, "fine, too");
}
