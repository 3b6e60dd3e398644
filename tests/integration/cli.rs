//! Command-line tests: every command, its output, its errors and its exit code.

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;

fn arbiter() -> Command {
    Command::cargo_bin("arbiter").expect("the arbiter binary is built for tests")
}

/// What a finished command printed on standard output.
fn stdout_text(out: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&out.get_output().stdout).to_string()
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn perft_of_kiwipete_ends_with_the_count() {
    let out = arbiter().args(["perft", "--variant", "chess", "--fen", KIWIPETE, "3"]).assert().success();
    let stdout = stdout_text(&out);
    assert_eq!(stdout.lines().last(), Some("97862"));
}

#[test]
fn perft_divide_lists_each_turn_then_the_total() {
    let out = arbiter().args(["perft", "--variant", "chess", "2", "--divide"]).assert().success();
    let stdout = stdout_text(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e4: 20"));
    assert!(lines.contains(&"Nf3: 20"));
    assert_eq!(lines.last(), Some(&"400"));
}

#[test]
fn perft_gives_the_same_counts_on_one_thread_and_on_four() {
    let run = |jobs: &str, extra: &[&str]| {
        let out = arbiter()
            .args(["perft", "--jobs", jobs, "--variant", "chess", "--fen", KIWIPETE, "3"])
            .args(extra)
            .assert()
            .success();
        stdout_text(&out)
    };
    let divided = run("4", &["--divide"]);
    assert_eq!(divided, run("1", &["--divide"]));
    assert_eq!(divided.lines().count(), 49, "48 turns and the total");
    assert_eq!(divided.lines().last(), Some("97862"));
    assert_eq!(run("4", &[]), "97862\n");
}

#[test]
fn perft_shares_its_budget_among_threads() {
    arbiter()
        .args(["perft", "--jobs", "2", "--variant", "chess", "--fen", KIWIPETE, "3", "--max-turns", "2000"])
        .assert()
        .code(2)
        .stderr(contains("stopped after 2000 turns"));
}

#[test]
fn validate_reports_in_the_input_order_whatever_the_number_of_threads() {
    let records: Vec<String> = std::fs::read_dir("fixtures/records")
        .expect("the fixture records")
        .map(|entry| entry.expect("a directory entry").path().display().to_string())
        .collect();
    let run = |jobs: &str| {
        let out = arbiter().args(["validate", "--jobs", jobs]).args(&records).assert().code(2);
        (stdout_text(&out), String::from_utf8_lossy(&out.get_output().stderr).to_string())
    };
    let one = run("1");
    assert!(one.0.lines().count() > records.len(), "a verdict per game: {}", one.0);
    assert_eq!(one, run("3"));
}

#[test]
fn validate_accepts_a_famous_game() {
    arbiter()
        .args(["validate", "fixtures/records/opera-game.pgn"])
        .assert()
        .success()
        .stdout(contains("valid, 33 plies, 1-0 (checkmate after ply 33)"));
}

#[test]
fn validate_reports_an_illegal_move_with_its_place_and_reason() {
    arbiter()
        .args(["validate", "fixtures/records/illegal-move.pgn"])
        .assert()
        .code(1)
        .stderr(contains("fixtures/records/illegal-move.pgn:7:4"))
        .stderr(contains("illegal turn `Nd5`: no white knight can move to d5"))
        .stderr(contains("move 8, White"))
        .stdout(contains("invalid at move 8, White: `Nd5` (ply 15), 14 plies"));
}

#[test]
fn validate_reports_an_unreadable_record_with_exit_2() {
    arbiter()
        .args(["validate", "fixtures/records/unreadable.pgn"])
        .assert()
        .code(2)
        .stderr(contains("unreadable.pgn:5:"))
        .stdout(contains("unreadable"));
}

#[test]
fn validate_goes_on_after_a_bad_game() {
    let input = "[White \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n[White \"b\"]\n\n1. d4 d5 *\n";
    arbiter()
        .args(["validate", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(contains("game 1 (a - ?): invalid"))
        .stdout(contains("game 2 (b - ?): valid"))
        .stdout(contains("2 game(s): 1 valid, 1 invalid, 0 unreadable"));
}

#[test]
fn validate_lists_candidates_of_an_ambiguous_move() {
    let input = "[FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 1\"]\n\n1. Rd1 *\n";
    arbiter()
        .args(["validate", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(contains("`Rd1` is ambiguous: Rad1, Rhd1"));
}

#[test]
fn validate_warns_about_imprecise_notation_and_strict_makes_it_an_error() {
    let input = "1. e2-e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n";
    arbiter()
        .args(["validate", "-"])
        .write_stdin(input)
        .assert()
        .success()
        .stderr(contains(
            "warning: 1 turn(s) are written in long algebraic notation, not in standard algebraic notation (SAN)",
        ))
        .stderr(contains("`Qxf7` is checkmate; write `Qxf7#`"));
    arbiter().args(["validate", "--strict", "-"]).write_stdin(input).assert().code(1);
}

#[test]
fn validate_rejects_a_result_against_the_board() {
    let input = "[Result \"0-1\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n";
    arbiter()
        .args(["validate", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(contains("the record says 0-1 but the board says white wins by checkmate"));
}

#[test]
fn validate_rejects_a_move_after_mate() {
    let input = "1. f3 e5 2. g4 Qh4# 3. a3 0-1\n";
    arbiter()
        .args(["validate", "-"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(contains("`a3` is played after the game ended: black wins by checkmate"));
}

#[test]
fn validate_json_gives_one_object_per_game() {
    let out = arbiter().args(["validate", "--format", "json", "fixtures/records/illegal-move.pgn"]).assert().code(1);
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("valid JSON");
    let game = &json[0];
    assert_eq!(game["verdict"], "invalid");
    assert_eq!(game["problems"][0]["line"], 7);
    assert_eq!(game["problems"][0]["column"], 4);
}

#[test]
fn export_writes_lenient_notation_canonically() {
    arbiter()
        .args(["export", "fixtures/records/lenient.pgn"])
        .assert()
        .success()
        .stdout(contains("1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. Nf3 e6 5. Bc4 Be7 6. O-O O-O 7. cxb7 Nbd7"))
        .stdout(contains("8. bxa8=Q *"));
}

#[test]
fn export_fills_the_result_decided_on_the_board() {
    let input = "[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4 *\n";
    arbiter()
        .args(["export", "-"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(contains("[Result \"0-1\"]"))
        .stdout(contains("1. f3 e5 2. g4 Qh4# 0-1"));
}

#[test]
fn fen_prints_the_snapshot_after_a_ply() {
    arbiter()
        .args(["fen", "fixtures/records/opera-game.pgn", "--ply", "1"])
        .assert()
        .success()
        .stdout("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
    arbiter()
        .args(["fen", "fixtures/records/opera-game.pgn"])
        .assert()
        .success()
        .stdout("1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\n");
}

#[test]
fn fen_refuses_a_ply_beyond_the_game() {
    arbiter()
        .args(["fen", "fixtures/records/opera-game.pgn", "--ply", "99"])
        .assert()
        .code(2)
        .stderr(contains("there is no ply 99"));
}

#[test]
fn replay_prints_one_row_per_ply() {
    let out = arbiter().args(["replay", "fixtures/records/lenient.pgn"]).assert().success();
    let stdout = stdout_text(&out);
    assert_eq!(stdout.lines().count(), 15);
    let first = stdout.lines().next().unwrap_or_default();
    assert!(first.contains("e2-e4") && first.contains(" e4 "), "{first}");
    assert!(first.ends_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
}

#[test]
fn moves_lists_legal_turns_in_byte_order() {
    let out = arbiter().args(["moves", "--variant", "chess"]).assert().success();
    let stdout = stdout_text(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 20);
    let mut sorted = lines.clone();
    sorted.sort_unstable();
    assert_eq!(lines, sorted);
    assert_eq!(lines[0], "Na3");
}

#[test]
fn moves_marks_checks_and_mates() {
    arbiter()
        .args(["moves", "--variant", "chess", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"])
        .assert()
        .success()
        .stdout(contains("Ra8#\n"));
}

#[test]
fn a_bad_snapshot_is_refused_with_every_problem() {
    arbiter()
        .args(["moves", "--fen", "8/8/8/8/8/8/8/P7 w - - 0 1"])
        .assert()
        .code(2)
        .stderr(contains("White has 0 kings"))
        .stderr(contains("Black has 0 kings"))
        .stderr(contains("stands where no pawn can be"));
}

#[test]
fn an_unknown_variant_lists_the_known_ones() {
    arbiter()
        .args(["moves", "--variant", "crazyhouse"])
        .assert()
        .code(2)
        .stderr(contains("unknown variant `crazyhouse`; the variants and the names they go by: chess (standard,"))
        .stderr(contains("bubble-fizz (refreshing bubble fizz,"));
}

#[test]
fn variants_lists_ids_and_options() {
    arbiter()
        .arg("variants")
        .assert()
        .success()
        .stdout(contains("chess"))
        .stdout(contains("schedule=8-10-12|8-10-12-10"));
}

#[test]
fn diagram_draws_a_board_with_a_caption() {
    arbiter()
        .args(["diagram", "fixtures/records/opera-game.pgn"])
        .assert()
        .success()
        .stdout(contains(" 8 | . n . R k b . r |"))
        .stdout(contains("     a b c d e f g h"))
        .stdout(contains("after 17. Rd8#"))
        .stdout(contains("Black to move; white wins by checkmate (1-0)"));
}

#[test]
fn diagram_of_a_snapshot_can_be_flipped() {
    arbiter()
        .args(["diagram", "--variant", "chess", "--flip"])
        .assert()
        .success()
        .stdout(contains(" 1 | R N B K Q B N R |"))
        .stdout(contains("     h g f e d c b a"));
}

#[test]
fn a_missing_file_is_exit_2_and_the_other_files_are_still_validated() {
    arbiter().args(["validate", "no/such/file.pgn"]).assert().code(2).stderr(contains("cannot read"));
    arbiter()
        .args(["validate", "no/such/file.pgn", "fixtures/records/opera-game.pgn"])
        .assert()
        .code(2)
        .stderr(contains("cannot read no/such/file.pgn"))
        .stdout(contains("opera-game.pgn: game 1 (Paul Morphy - Duke Karl / Count Isouard): valid"));
}

#[test]
fn a_wrong_command_line_is_exit_2() {
    arbiter().args(["perft", "--variant", "chess"]).assert().code(2);
    arbiter().arg("frobnicate").assert().code(2).stderr(predicate::str::is_empty().not());
}

#[test]
fn chess960_games_castle_by_chess960_rules() {
    arbiter()
        .args(["validate", "fixtures/records/chess960.pgn"])
        .assert()
        .success()
        .stdout(contains("3 game(s): 3 valid, 0 invalid, 0 unreadable"));
    // Final positions as python-chess computes them.
    for (game, fen) in [
        ("1", "1q3rn1/1pr2pp1/3kp2p/p2P1P2/b2b2P1/3R3P/P3PN1N/1B2BK1R w - - 0 31"),
        ("2", "1n3k1n/5r2/1N1b2pp/4p3/1p2Q2P/2P1BPNK/B2P2P1/1N3R2 w - - 5 31"),
        ("3", "nnq2rr1/4bk2/pp1ppp2/6pP/2PP4/PP1RP2P/N1N2P1K/3bQR2 w - - 0 31"),
    ] {
        arbiter()
            .args(["fen", "fixtures/records/chess960.pgn", "--game", game])
            .assert()
            .success()
            .stdout(format!("{fen}\n"));
    }
}

#[test]
fn three_thousand_real_games_validate() {
    arbiter()
        .args(["validate", "fixtures/games/lichess-3000.pgn"])
        .assert()
        .success()
        .stdout(contains("3000 game(s): 3000 valid, 0 invalid, 0 unreadable"));
}

#[test]
fn o4_a_result_against_the_board_is_an_error() {
    arbiter()
        .args(["validate", "fixtures/records/result-against-board.pgn"])
        .assert()
        .code(1)
        .stderr(contains("the record says 1-0 but the board says black wins by checkmate"));
}

#[test]
fn o5_play_after_an_automatic_draw_is_a_warning_and_strict_an_error() {
    arbiter()
        .args(["validate", "fixtures/records/played-on-after-draw.pgn"])
        .assert()
        .success()
        .stderr(contains("warning: the game was already drawn by insufficient material after ply 1"));
    arbiter().args(["validate", "--strict", "fixtures/records/played-on-after-draw.pgn"]).assert().code(1);
}

#[test]
fn o4_a_game_not_finished_is_decided_off_the_board() {
    arbiter()
        .args(["validate", "fixtures/records/illegal-move.pgn", "fixtures/records/chess960.pgn"])
        .assert()
        .code(1)
        .stdout(contains("game 1 (Random - Mover): valid, 60 plies, *"));
    let input = "[Result \"0-1\"]\n\n1. e4 e5 0-1\n";
    arbiter()
        .args(["validate", "-"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(contains("0-1 (decided off the board)"));
}

#[test]
fn diagram_all_writes_one_file_per_ply() {
    let scratch = tempfile::Builder::new().prefix("arbiter-diagrams-").tempdir().expect("scratch folder");
    let dir = scratch.path().join("plies");
    arbiter().args(["diagram", "fixtures/records/lenient.pgn", "--all", "-o"]).arg(&dir).assert().success();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder was written")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().to_string()))
        .collect();
    names.sort();
    assert_eq!(names.len(), 16);
    // 15 plies: names padded to two digits sort in play order.
    assert_eq!(names[0], "ply-00.txt");
    assert_eq!(names[15], "ply-15.txt");
    let last = std::fs::read_to_string(dir.join("ply-15.txt")).expect("last diagram");
    assert!(last.contains("after 8. bxa8=Q"), "{last}");
}

#[test]
fn machine_readable_output_of_replay_fen_and_moves() {
    let out = arbiter().args(["replay", "--format", "json", "fixtures/records/opera-game.pgn"]).assert().success();
    let rows: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    assert_eq!(rows.as_array().map(Vec::len), Some(33));
    assert_eq!(rows[32]["canonical"], "Rd8#");
    assert_eq!(rows[32]["side"], "White");
    assert_eq!(rows[32]["move_number"], 17);

    let out =
        arbiter().args(["fen", "--format", "json", "--ply", "0", "-"]).write_stdin("1. e4 *\n").assert().success();
    let fen: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    assert_eq!(fen["snapshot"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");

    let out = arbiter().args(["moves", "--format", "json"]).assert().success();
    let moves: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    assert_eq!(moves.as_array().map(Vec::len), Some(20));
}

#[test]
fn a_game_number_beyond_the_file_is_exit_2() {
    arbiter()
        .args(["fen", "fixtures/records/opera-game.pgn", "--game", "2"])
        .assert()
        .code(2)
        .stderr(contains("holds 1 game(s); there is no game 2"));
}

#[test]
fn a_king_step_is_not_confused_with_castling_to_the_same_square() {
    // Chess960: king f1, rook h1. `Kg1` is the step; `O-O` also puts the king on g1.
    let input = "[FEN \"4k3/8/8/8/8/8/8/5K1R w H - 0 1\"]\n\n1. Kg1 Kd8 *\n";
    arbiter().args(["fen", "-"]).write_stdin(input).assert().success().stdout("3k4/8/8/8/8/8/8/6KR w - - 2 2\n");
    let castle = "[FEN \"4k3/8/8/8/8/8/8/5K1R w H - 0 1\"]\n\n1. O-O Kd8 *\n";
    arbiter().args(["fen", "-"]).write_stdin(castle).assert().success().stdout("3k4/8/8/8/8/8/8/5RK1 w - - 2 2\n");
    // Written as a king move to g1 where only castling gets there, it is read as castling, with a warning.
    let written = "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. Kg1 *\n";
    arbiter()
        .args(["validate", "-"])
        .write_stdin(written)
        .assert()
        .success()
        .stderr(contains("`Kg1` is not standard notation; write `O-O`"));
}

#[test]
fn t8_a_capture_list_in_any_order_or_left_out_is_exact_notation() {
    let record = "[Variant \"Tilting the Balance\"]\n\n1. e4 g5 2. d4 f6 3. Qh5+ (****)g6:h5h7g5f6 *\n\n\
                  [Variant \"Tilting the Balance\"]\n\n1. e4 g5 2. d4 f6 3. Qh5+ (****)g6 *\n";
    arbiter().args(["validate", "--strict", "-"]).write_stdin(record).assert().success();
    let out = arbiter().args(["export", "-"]).write_stdin(record).assert().success();
    assert_eq!(stdout_text(&out).matches("3. Qh5+ (****)g6:h7f6g5h5 *").count(), 2, "{}", stdout_text(&out));
}

#[test]
fn t8_a_capture_list_that_misses_a_unit_is_an_error_naming_it() {
    let record = "[Variant \"Tilting the Balance\"]\n\n1. e4 g5 2. d4 f6 3. Qh5+ (****)g6:h5g5f6 *\n";
    arbiter()
        .args(["validate", "-"])
        .write_stdin(record)
        .assert()
        .code(1)
        .stderr(contains("the blast on g6 destroys h7 f6 g5 h5; the record lists h5 g5 f6 (missing h7)"));
}

#[test]
fn export_never_turns_a_bogus_result_tag_into_a_move() {
    // Found by the `validate` fuzz target: `0-0` in the tag came out as castling.
    let record = "[Result \"0-0\"]\n\n1. f3 e5 2. g4\n";
    let out = arbiter().args(["export", "-"]).write_stdin(record).assert().success();
    let exported = stdout_text(&out);
    assert!(exported.contains("[Result \"*\"]") && exported.contains("2. g4 *"), "{exported}");
    arbiter().args(["validate", "--strict", "-"]).write_stdin(exported).assert().success();
}

#[test]
fn export_keeps_a_line_comment_that_holds_a_closing_brace() {
    // Found by the `validate` fuzz target: `;` comments may hold `}`, brace comments may not.
    let record = "1. e4 ;{a} e5 {b} *\n";
    let out = arbiter().args(["export", "-"]).write_stdin(record).assert().success();
    let exported = stdout_text(&out);
    assert!(exported.contains("1. e4 ; {a} e5 {b} *\n"), "{exported}");
    arbiter().args(["validate", "--strict", "-"]).write_stdin(exported).assert().success();
}
