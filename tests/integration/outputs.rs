//! Exact output of the commands: every byte of standard output and standard error, and
//! the exit code, for records given on standard input and for snapshots.

use crate::test::Test;

const MATE_IN_FOUR: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *\n";

#[test]
fn validate_reads_standard_input_and_fills_the_result_of_a_mate() {
    Test::new()
        .args(["validate", "-"])
        .stdin(MATE_IN_FOUR)
        .stdout(
            "<stdin>: game 1 (? - ?): valid, 7 plies, 1-0 (checkmate after ply 7)\n\
             1 game(s): 1 valid, 0 invalid, 0 unreadable\n",
        )
        .run();
}

#[test]
fn validate_shows_an_illegal_turn_on_its_line() {
    Test::new()
        .args(["validate", "-"])
        .stdin("1. e4 e5 2. Ke3 *\n")
        .status(1)
        .stdout(
            "<stdin>: game 1 (? - ?): invalid at move 2, White: `Ke3` (ply 3), 2 plies, *\n\
             1 game(s): 0 valid, 1 invalid, 0 unreadable\n",
        )
        .stderr(
            "error: illegal turn `Ke3`: no white king can move to e3
  ┌─ <stdin>:1:13
  │
1 │ 1. e4 e5 2. Ke3 *
  │             ^^^ illegal
  │
  = game 1 (? - ?), move 2, White: `Ke3`

",
        )
        .run();
}

#[test]
fn validate_as_json_puts_the_problems_in_the_game_object() {
    Test::new()
        .args(["validate", "--format", "json", "-"])
        .stdin("1. 0-0 *\n")
        .status(1)
        .stdout(
            "[\n{\"file\":\"<stdin>\",\"game\":1,\"white\":null,\"black\":null,\"verdict\":\"invalid\",\"plies\":0,\
             \"refused\":{\"ply\":1,\"move_number\":1,\"side\":\"White\",\"written\":\"0-0\"},\"broken_variations\":0,\
             \"result\":\"*\",\"ending\":null,\"claimable\":[],\"problems\":[{\"kind\":\"illegal\",\"severity\":\"error\",\
             \"ply\":1,\"move_number\":1,\"side\":\"White\",\"written\":\"0-0\",\"in_variation\":false,\
             \"suggestion\":null,\"candidates\":[],\"line\":1,\"column\":4,\"end_line\":1,\"end_column\":7,\"message\":\"illegal turn `0-0`: O-O is not legal here: the bishop on f1 stands \
             in the way of king or rook\",\"notes\":[\"game 1 (? - ?), \
             move 1, White: `0-0`\"]}]}\n]\n",
        )
        .run();
}

#[test]
fn export_writes_canonical_turns_and_warns_about_lenient_ones() {
    let warning = |column: usize, written: &str, side: &str, canonical: &str, move_number: usize| {
        let caret = format!("{}{}", " ".repeat(column - 1), "^".repeat(written.len()));
        format!(
            "warning: `{written}` is not standard notation; write `{canonical}`
  ┌─ <stdin>:1:{column}
  │
1 │ 1. e2-e4 e7e5 2. Ngf3 *
  │ {caret} imprecise notation
  │
  = game 1 (? - ?), move {move_number}, {side}: `{written}`

"
        )
    };
    Test::new()
        .args(["export", "-"])
        .stdin("1. e2-e4 e7e5 2. Ngf3 *\n")
        .stdout("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n")
        .stderr(format!(
            "{}warning: 2 turn(s) are written in long algebraic and coordinate (UCI) notation, not in standard \
             algebraic notation (SAN), the first of them here; `arbiter export` writes the game in SAN
  ┌─ <stdin>:1:4
  │
1 │ 1. e2-e4 e7e5 2. Ngf3 *
  │    ^^^^^ imprecise notation
  │
  = game 1 (? - ?), move 1, White: `e2-e4`

",
            warning(18, "Ngf3", "White", "Nf3", 2)
        ))
        .run();
}

#[test]
fn export_fills_the_result_of_a_mate() {
    Test::new()
        .args(["export", "-"])
        .stdin(MATE_IN_FOUR)
        .stdout("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n")
        .run();
}

#[test]
fn fen_prints_one_snapshot_and_refuses_a_ply_beyond_the_game() {
    Test::new()
        .args(["fen", "--ply", "2", "fixtures/records/opera-game.pgn"])
        .stdout("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n")
        .run();
    Test::new()
        .args(["fen", "--ply", "99", "fixtures/records/opera-game.pgn"])
        .status(2)
        .stderr("error: the game has 33 plies; there is no ply 99\n")
        .run();
}

#[test]
fn moves_lists_every_legal_turn_in_byte_order_with_check_marks() {
    Test::new()
        .args(["moves", "--variant", "chess", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"])
        .stdout("Kd1\nKd2\nKe2\nKf1\nKf2\nO-O\nRf1\nRg1\nRh2\nRh3\nRh4\nRh5\nRh6\nRh7\nRh8+\n")
        .run();
}

#[test]
fn perft_prints_the_count_alone() {
    Test::new().args(["perft", "--variant", "koopa", "2"]).stdout("400\n").run();
}

#[test]
fn a_missing_argument_prints_the_usage_and_exits_2() {
    Test::new()
        .arg("validate")
        .status(2)
        .stderr(
            "error: the following required arguments were not provided:
  <FILES>...

Usage: arbiter validate <FILES>...

For more information, try '--help'.
",
        )
        .run();
}

#[test]
fn quiet_shows_errors_and_verdicts_only() {
    Test::new()
        .args(["validate", "--quiet", "-"])
        .stdin("1. e4+ e5 2. Ke3 *\n")
        .status(1)
        .stdout(
            "<stdin>: game 1 (? - ?): invalid at move 2, White: `Ke3` (ply 3), 2 plies, *; 1 warning(s)\n\
             1 game(s): 0 valid, 1 invalid, 0 unreadable\n",
        )
        .stderr(
            "error: illegal turn `Ke3`: no white king can move to e3
  ┌─ <stdin>:1:14
  │
1 │ 1. e4+ e5 2. Ke3 *
  │              ^^^ illegal
  │
  = game 1 (? - ?), move 2, White: `Ke3`

",
        )
        .run();
}

#[test]
fn color_always_colours_the_diagnostics_and_never_does_not() {
    let coloured = crate::test::run_arbiter(
        &["validate".into(), "--color".into(), "always".into(), "-".into()],
        b"1. e4 e5 2. Ke3 *\n",
    );
    assert!(coloured.stderr.contains("\x1b["), "{}", coloured.stderr);
    assert!(!coloured.stdout.contains("\x1b["), "verdicts stay plain: {}", coloured.stdout);
    let plain = crate::test::run_arbiter(
        &["validate".into(), "--color".into(), "never".into(), "-".into()],
        b"1. e4 e5 2. Ke3 *\n",
    );
    assert!(!plain.stderr.contains('\x1b'), "{}", plain.stderr);
}
