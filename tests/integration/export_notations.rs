//! `arbiter export --notation san|lan|uci|iccf --lang L`: the exact text of known games
//! in each notation and language, each variant's own turns, the Seven Tag Roster, and
//! the marks a broken or unreadable game gets.

use crate::test::run_arbiter;
use std::ffi::OsString;

/// `arbiter export FLAGS -` with `record` on standard input: standard output and exit code.
fn export(flags: &str, record: &str) -> (String, Option<i32>) {
    let mut args: Vec<OsString> = vec!["export".into()];
    args.extend(flags.split_whitespace().map(OsString::from));
    args.push("-".into());
    let output = run_arbiter(&args, record.as_bytes());
    (output.stdout, output.status)
}

/// The movetext of the only game exported: the text after the tag section.
fn movetext(flags: &str, record: &str) -> String {
    let (text, status) = export(flags, record);
    assert_eq!(status, Some(0), "export {flags} failed:\n{text}");
    text.split_once("\n\n").map(|(_, moves)| moves.trim_end().to_string()).unwrap_or_default()
}

/// The Seven Tag Roster of a game with only its Event tag written.
fn roster(event: &str, result: &str) -> String {
    format!(
        "[Event \"{event}\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"{result}\"]\n"
    )
}

const RUY_LOPEZ: &str =
    "[Event \"Ruy Lopez\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Qd6 6. d4 exd4 7. e5 Qe6 *\n";

#[test]
fn orthodox_chess_in_every_notation() {
    let cases = [
        ("", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Qd6 6. d4 exd4 7. e5 Qe6 *"),
        (
            "--notation lan",
            "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 4. Bb5xc6 d7xc6 5. O-O Qd8-d6\n6. d2-d4 e5xd4 7. e4-e5 Qd6-e6 *",
        ),
        (
            "--notation uci",
            "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. b5c6 d7c6 5. e1g1 d8d6 6. d2d4 e5d4\n7. e4e5 d6e6 *",
        ),
        (
            "--notation iccf",
            "1. 5254 5755 2. 7163 2836 3. 6125 1716 4. 2536 4736 5. 5171 4846 6. 4244 5544\n7. 5455 4656 *",
        ),
    ];
    for (flags, expected) in cases {
        assert_eq!(movetext(flags, RUY_LOPEZ), expected, "export {flags}");
    }
}

#[test]
fn san_and_lan_in_other_languages_and_figurines() {
    let cases = [
        ("--lang de", "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. Lxc6 dxc6 5. O-O Dd6 6. d4 exd4 7. e5 De6 *"),
        ("--lang French", "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fxc6 dxc6 5. O-O Dd6 6. d4 exd4 7. e5 De6 *"),
        ("--lang figurine", "1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 4. ♗xc6 dxc6 5. O-O ♛d6 6. d4 exd4 7. e5 ♛e6 *"),
        (
            "--notation lan --lang pl",
            "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Gf1-b5 a7-a6 4. Gb5xc6 d7xc6 5. O-O Hd8-d6\n6. d2-d4 e5xd4 7. e4-e5 Hd6-e6 *",
        ),
        // UCI and ICCF write no letters: --lang changes nothing there.
        (
            "--notation uci --lang de",
            "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. b5c6 d7c6 5. e1g1 d8d6 6. d2d4 e5d4\n7. e4e5 d6e6 *",
        ),
    ];
    for (flags, expected) in cases {
        assert_eq!(movetext(flags, RUY_LOPEZ), expected, "export {flags}");
    }
}

#[test]
fn promotions_checks_and_castling_in_every_notation() {
    let record = "[FEN \"8/4P1k1/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. e8=N+ Kf8 2. O-O+ Kxe8 *\n";
    let cases = [
        ("", "1. e8=N+ Kf8 2. O-O+ Kxe8 *"),
        ("--notation lan", "1. e7-e8=N+ Kg7-f8 2. O-O+ Kf8xe8 *"),
        ("--notation uci", "1. e7e8n g7f8 2. e1g1 f8e8 *"),
        ("--notation iccf", "1. 57584 7768 2. 5171 6858 *"),
        ("--lang nl", "1. e8=P+ Kf8 2. O-O+ Kxe8 *"),
        ("--notation lan --lang figurine", "1. e7-e8=♘+ ♚g7-f8 2. O-O+ ♚f8xe8 *"),
    ];
    for (flags, expected) in cases {
        assert_eq!(movetext(flags, record), expected, "export {flags}");
    }
}

#[test]
fn chess960_castling_in_uci_and_iccf_goes_onto_the_rook() {
    // King on f1, rook on h1: O-O takes the king one file, to g1; UCI writes f1h1.
    let record = "[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/5K1R w K - 0 1\"]\n\n1. O-O Kd7 *\n";
    assert_eq!(movetext("--notation uci", record), "1. f1h1 e8d7 *");
    assert_eq!(movetext("--notation iccf", record), "1. 6181 5847 *");
    assert_eq!(movetext("--notation lan", record), "1. O-O Ke8-d7 *");
}

#[test]
fn bouncing_turns_keep_their_comma_in_every_notation() {
    let bounce = "[Variant \"Bouncing Pieces\"]\n[FEN \"5k2/5pp1/8/8/5b2/3b4/5PPP/4R1K1 w - - 0 1\"]\n\n1. Re8, Kg8+ Bh6, g7-f8 2. Re1 f5 *\n";
    let in_place = "[Variant \"Bouncing Pieces\"]\n[FEN \"6k1/5ppp/8/8/8/7R/p4PPP/6K1 w - - 0 1\"]\n\n1. Ra3, a2-a1 a1=Q+ 2. Rxa1 *\n";
    let cases = [
        ("", "1. Re8, Kg8+ Bh6, g7-f8 2. Re1 f5 *", "1. Ra3, a2-a1 a1=Q+ 2. Rxa1 *"),
        (
            "--notation lan",
            "1. Re1-e8, Kf8-g8+ Bf4-h6, g7-f8 2. Re8-e1 f7-f5 *",
            "1. Rh3-a3, a2-a1 a1-a1=Q+ 2. Ra3xa1 *",
        ),
        ("--notation uci", "1. e1e8, f8g8 f4h6, g7f8 2. e8e1 f7f5 *", "1. h3a3, a2a1 a1a1q 2. a3a1 *"),
        ("--notation iccf", "1. 5158, 6878 6486, 7768 2. 5851 6765 *", "1. 8313, 1211 11111 2. 1311 *"),
        ("--lang de", "1. Te8, Kg8+ Lh6, g7-f8 2. Te1 f5 *", "1. Ta3, a2-a1 a1=D+ 2. Txa1 *"),
        (
            "--notation lan --lang figurine",
            "1. ♖e1-e8, ♚f8-g8+ ♝f4-h6, g7-f8 2. ♖e8-e1 f7-f5 *",
            "1. ♖h3-a3, a2-a1 a1-a1=♛+ 2. ♖a3xa1 *",
        ),
    ];
    for (flags, expected_bounce, expected_in_place) in cases {
        assert_eq!(movetext(flags, bounce), expected_bounce, "export {flags}");
        assert_eq!(movetext(flags, in_place), expected_in_place, "export {flags}");
    }
}

#[test]
fn tilting_bombs_stay_bombs_in_every_notation() {
    let record = "[Variant \"Tilting the Balance\"]\n\n1. e4 g5 2. d4 f6 3. Qh5+ (****)g6:h5h7g5f6 4. (****)c3 *\n";
    let cases = [
        ("", "1. e4 g5 2. d4 f6 3. Qh5+ (****)g6:h7f6g5h5 4. (****)c3:d4b2c2 *"),
        ("--notation lan", "1. e2-e4 g7-g5 2. d2-d4 f7-f6 3. Qd1-h5+ (****)g6:h7f6g5h5 4. (****)c3:d4b2c2 *"),
        ("--notation uci", "1. e2e4 g7g5 2. d2d4 f7f6 3. d1h5 (****)g6:h7f6g5h5 4. (****)c3:d4b2c2 *"),
        ("--notation iccf", "1. 5254 7775 2. 4244 6766 3. 4185 (****)g6:h7f6g5h5 4. (****)c3:d4b2c2 *"),
    ];
    for (flags, expected) in cases {
        assert_eq!(movetext(flags, record), expected, "export {flags}");
    }
}

#[test]
fn bubble_fizz_turns_of_several_moves_keep_their_ampersand() {
    let record = "[Variant \"Refreshing Bubble Fizz\"]\n\n1. e4 Nf6 2. Nc3 e6 3. Nf3 Bb4 4. Bd3 O-O 5. O-O d6 6. h3 e5 & Nc6 7. a3 Ba5 8. b4 & Bb2 *\n";
    let cases = [
        (
            "--lang figurine",
            "1. e4 ♞f6 2. ♘c3 e6 3. ♘f3 ♝b4 4. ♗d3 O-O 5. O-O d6 6. h3 e5 & ♞c6 7. a3 ♝a5\n8. b4 & ♗b2 *",
        ),
        (
            "--notation lan",
            "1. e2-e4 Ng8-f6 2. Nb1-c3 e7-e6 3. Ng1-f3 Bf8-b4 4. Bf1-d3 O-O 5. O-O d7-d6\n6. h2-h3 e6-e5 & Nb8-c6 7. a2-a3 Bb4-a5 8. b2-b4 & Bc1-b2 *",
        ),
        (
            "--notation uci",
            "1. e2e4 g8f6 2. b1c3 e7e6 3. g1f3 f8b4 4. f1d3 e8g8 5. e1g1 d7d6 6. h2h3\ne6e5 & b8c6 7. a2a3 b4a5 8. b2b4 & c1b2 *",
        ),
        (
            "--notation iccf",
            "1. 5254 7866 2. 2133 5756 3. 7163 6824 4. 6143 5878 5. 5171 4746 6. 8283\n5655 & 2836 7. 1213 2415 8. 2224 & 3122 *",
        ),
    ];
    for (flags, expected) in cases {
        assert_eq!(movetext(flags, record), expected, "export {flags}");
    }
}

#[test]
fn koopa_strikes_name_the_struck_square() {
    let record = "[Variant \"Koopa\"]\n[FEN \"nrkqnrbb/ppp2ppp/3p4/4p3/1P3P2/8/P1PPP1PP/BNQRNBKR w - - 0 1\"]\n\n1. fxe5 Qg5 2. Bxe5 Qxe5 *\n";
    let cases = [
        ("", "1. fxe5 Qg5 2. Bxe5 Qxe5 *"),
        ("--notation lan", "1. f4xe5 Qd8-g5 2. Ba1xe5 Qg5xe5 *"),
        ("--notation uci", "1. f4e5 d8g5 2. a1e5 g5e5 *"),
        ("--notation iccf", "1. 6455 4875 2. 1155 7555 *"),
        ("--notation lan --lang de", "1. f4xe5 Dd8-g5 2. La1xe5 Dg5xe5 *"),
    ];
    for (flags, expected) in cases {
        assert_eq!(movetext(flags, record), expected, "export {flags}");
    }
}

const BELLOWS: &str = "[Variant \"Bellows Chess\"]\n\n1. e5 g7 2. Qb7 Kg9 3. Qxg7# 1-0\n";

#[test]
fn bellows_in_lan_and_uci_with_two_digit_ranks() {
    assert_eq!(movetext("--notation lan", BELLOWS), "1. e4-e5 g9-g7 2. Qf3-b7 Kg10-g9 3. Qb7xg7# 1-0");
    assert_eq!(movetext("--notation uci", BELLOWS), "1. e4e5 g9g7 2. f3b7 g10g9 3. b7g7 1-0");
}

#[test]
fn iccf_of_a_bellows_game_is_a_clear_error() {
    let output = run_arbiter(&["export".into(), "--notation".into(), "iccf".into(), "-".into()], BELLOWS.as_bytes());
    assert_eq!(output.status, Some(2));
    assert_eq!(output.stdout, "");
    assert_eq!(
        output.stderr,
        "error: game 1 (? - ?): ICCF numeric notation names the squares of an 8x8 board only, and this game is played on a 12x12 board; write it with --notation san, lan or uci\n"
    );
}

#[test]
fn unknown_notations_and_languages_are_refused() {
    for flags in ["--notation pgn", "--lang klingon"] {
        let (text, status) = export(flags, RUY_LOPEZ);
        assert_eq!((text.as_str(), status), ("", Some(2)), "export {flags}");
    }
}

#[test]
fn the_seven_tag_roster_comes_first_in_order_with_defaults() {
    let record = "[Black \"B\"]\n[Opening \"Italian\"]\n[White \"W\"]\n[Result \"1-0\"]\n[Date \"2026.11.25\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    let expected = "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.11.25\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Opening \"Italian\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";
    assert_eq!(export("", record), (expected.to_string(), Some(0)));
}

#[test]
fn strict_changes_the_exit_code_not_the_text() {
    let record = "1. e2-e4 e5 2. Ngf3 *\n";
    let (lenient, lenient_status) = export("--notation lan", record);
    let (strict, strict_status) = export("--notation lan --strict", record);
    assert_eq!(lenient, format!("{}\n1. e2-e4 e7-e5 2. Ng1-f3 *\n\n", roster("?", "*")));
    assert_eq!(strict, lenient);
    assert_eq!((lenient_status, strict_status), (Some(0), Some(1)));
}

#[test]
fn a_broken_game_is_marked_where_it_breaks_and_keeps_the_rest_as_written() {
    let record =
        "[Event \"Broken\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Nbd2 {a comment} d6 (3... Nf6 4. Ke3 Bc5) 4. d4 ; rest\n*\n";
    let expected = format!(
        "{}\n1. e2e4 e7e5 2. g1f3 b8c6\n{{arbiter: illegal turn 3. Nbd2: no white knight on the b-file can move to d2, which a white pawn holds}} 3. Nbd2 {{a comment}} d6 (3... Nf6 4. Ke3 Bc5) 4. d4 ; rest\n*\n\n",
        roster("Broken", "*")
    );
    assert_eq!(export("--notation uci", record), (expected, Some(1)));
}

#[test]
fn an_ambiguous_turn_is_marked_with_its_readings() {
    let record = "1. Nf3 d5 2. d3 d4 3. Nd2 *\n";
    assert_eq!(
        export("--notation iccf", record).0,
        format!(
            "{}\n1. 7163 4745 2. 4243 4544\n{{arbiter: ambiguous turn 3. Nd2: it may be Nbd2 or Nfd2}} 3. Nd2 *\n\n",
            roster("?", "*")
        )
    );
}

#[test]
fn a_broken_variation_is_marked_inside_its_parentheses() {
    let record = "[Event \"Var\"]\n\n1. e4 (1. d4 d5 2. Bh7 Nf6 (2... Nc6) 3. c4) 1... e5 2. Qh5 Ke7 3. Qxe5# 1-0\n";
    let expected = format!(
        "{}\n1. e4\n(1. d4 d5 {{arbiter: illegal turn 2. Bh7: no white bishop can move to h7}} 2. Bh7 Nf6 (2... Nc6) 3. c4)\n1... e5 2. Dh5 Ke7 3. Dxe5# 1-0\n\n",
        roster("Var", "1-0")
    );
    assert_eq!(export("--lang de", record), (expected, Some(1)));
}

#[test]
fn an_unreadable_game_is_copied_after_a_comment_and_keeps_its_place() {
    let record = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"Bad\"]\n\n1. e4 {unclosed *\n";
    let (text, status) = export("", record);
    assert_eq!(status, Some(2));
    assert_eq!(
        text,
        format!(
            "{}\n1. e4 *\n\n{{arbiter: unreadable game, copied as written: unclosed comment, opened here}}\n[Event \"Bad\"]\n\n1. e4 {{unclosed *\n\n",
            roster("A", "*")
        )
    );
}

/// The final snapshot `arbiter fen` gives for game `number` of `record`.
fn final_snapshot(record: &[u8], number: usize) -> String {
    let args: Vec<OsString> = vec!["fen".into(), "--game".into(), number.to_string().into(), "-".into()];
    run_arbiter(&args, record).stdout
}

/// Every notation and language `export` writes reads back (the language detected) to the
/// same final positions, in every variant; ICCF numeric only on 8x8 boards.
#[test]
fn exports_in_every_notation_and_language_replay_to_the_same_final_positions() {
    let records = [
        "opera-game",
        "chess960",
        "bouncing-seed",
        "koopa-seed",
        "tilting-samples",
        "bubble-fizz-invigorated",
        "bellows-queen-raid",
    ];
    for name in records {
        let original = std::fs::read(format!("fixtures/records/{name}.pgn")).unwrap();
        let games = export("", &String::from_utf8_lossy(&original)).0.matches("[Event ").count();
        assert!(games > 0, "{name}");
        let mut forms =
            vec!["", "--notation lan", "--notation uci", "--lang de", "--lang figurine", "--notation lan --lang fr"];
        if name != "bellows-queen-raid" {
            forms.push("--notation iccf");
        }
        for flags in forms {
            let exported = export(flags, &String::from_utf8_lossy(&original)).0;
            for number in 1..=games {
                let expected = final_snapshot(&original, number);
                assert!(!expected.is_empty(), "{name} game {number}");
                assert_eq!(
                    final_snapshot(exported.as_bytes(), number),
                    expected,
                    "{name} game {number}, export {flags}"
                );
            }
        }
    }
}

#[test]
fn a_turn_after_the_end_is_marked_as_such() {
    let record = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Ke7 1-0\n";
    assert_eq!(
        export("--notation lan", record),
        (
            format!(
                "{}\n1. e2-e4 e7-e5 2. Qd1-h5 Nb8-c6 3. Bf1-c4 Ng8-f6 4. Qh5xf7#\n{{arbiter: illegal turn 4... Ke7: played after the game ended: white wins by checkmate (1-0)}} Ke7\n1-0\n\n",
                roster("?", "1-0")
            ),
            Some(1)
        )
    );
}
