//! Reading every record an arbiter receives: game boundaries, every notation of the
//! record format (long algebraic, UCI, ICCF numeric, other languages, figurines), the
//! lenient forms of numbers, results and castling, encodings, and recovery after a
//! syntax error. Each fixture under `fixtures/records/reading/` holds games of
//! `reference-san.pgn` written another way, and must reach the same final positions.

use crate::common::temp_file;
use assert_cmd::Command;

const DIR: &str = "fixtures/records/reading";

/// The games of `reference-san.pgn`, in its order.
const OPERA: usize = 1;
const IMMORTAL: usize = 2;
const ALBIN_TRAP: usize = 3;
const RUY_LOPEZ: usize = 4;

fn arbiter() -> Command {
    Command::cargo_bin("arbiter").expect("the arbiter binary is built for tests")
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Run {
    let out = arbiter().args(args).output().expect("arbiter runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The final snapshot of game `game` of `path`.
fn final_fen(path: &str, game: usize, extra: &[&str]) -> String {
    let number = game.to_string();
    let mut args = vec!["fen", path, "--game", &number];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert_eq!(out.code, 0, "fen {path} --game {game}: {}", out.stderr);
    out.stdout.trim().to_string()
}

fn reference_fen(game: usize) -> String {
    final_fen(&format!("{DIR}/reference-san.pgn"), game, &[])
}

/// `validate` of the fixture `name` exits 0 with one valid verdict per game, and each
/// game `i` ends where reference game `games[i]` does.
fn reads_like_the_reference(name: &str, games: &[usize], extra: &[&str]) -> String {
    let path = format!("{DIR}/{name}");
    let mut args = vec!["validate", path.as_str()];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert_eq!(out.code, 0, "validate {name}:\n{}\n{}", out.stdout, out.stderr);
    let summary = format!("{n} game(s): {n} valid, 0 invalid, 0 unreadable", n = games.len());
    assert!(out.stdout.contains(&summary), "{name}: {}", out.stdout);
    for (index, &reference) in games.iter().enumerate() {
        assert_eq!(final_fen(&path, index + 1, extra), reference_fen(reference), "{name}, game {}", index + 1);
    }
    out.stderr
}

#[test]
fn the_reference_games_are_valid() {
    reads_like_the_reference("reference-san.pgn", &[OPERA, IMMORTAL, ALBIN_TRAP, RUY_LOPEZ], &[]);
}

#[test]
fn games_without_tags_one_per_line_are_separate_games() {
    reads_like_the_reference("tagless-one-line.pgn", &[OPERA, IMMORTAL, ALBIN_TRAP, RUY_LOPEZ], &[]);
}

#[test]
fn a_chessbase_blank_line_after_the_event_tag_keeps_the_game_whole() {
    reads_like_the_reference("chessbase-blank-line.pgn", &[OPERA, RUY_LOPEZ], &[]);
    let out = run(&["validate", &format!("{DIR}/chessbase-blank-line.pgn")]);
    assert!(out.stdout.contains("game 1 (Paul Morphy - Duke Karl / Count Isouard)"), "{}", out.stdout);
}

#[test]
fn a_ccrl_game_in_uci_moves() {
    reads_like_the_reference("ccrl-uci.pgn", &[IMMORTAL, ALBIN_TRAP], &[]);
}

#[test]
fn pgn_extract_long_algebraic_with_castling_as_the_kings_move() {
    reads_like_the_reference("pgn-extract-xlalg.pgn", &[RUY_LOPEZ, OPERA], &[]);
}

#[test]
fn german_letters_are_detected_with_a_warning_or_named_with_lang() {
    let warnings = reads_like_the_reference("german.pgn", &[OPERA, IMMORTAL], &[]);
    assert!(warnings.contains("were read as German (detected"), "{warnings}");
    let named = reads_like_the_reference("german.pgn", &[OPERA, IMMORTAL], &["--lang", "de"]);
    assert!(!named.contains("detected"), "{named}");
    let out = run(&["validate", &format!("{DIR}/german.pgn"), "--lang", "klingon"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("de (German)"), "{}", out.stderr);
}

#[test]
fn figurines_of_both_sets_need_no_flag() {
    let warnings = reads_like_the_reference("figurine.pgn", &[IMMORTAL, OPERA], &[]);
    assert!(!warnings.contains("detected"), "{warnings}");
}

#[test]
fn iccf_numeric_notation_with_castling_and_promotion_digits() {
    reads_like_the_reference("iccf-numeric.pgn", &[RUY_LOPEZ, ALBIN_TRAP, OPERA], &[]);
}

#[test]
fn a_quoted_email_with_black_move_numbers_and_a_colon_result() {
    reads_like_the_reference("quoted-email.pgn", &[OPERA], &[]);
}

#[test]
fn a_latin1_file_is_decoded_with_a_warning() {
    let warnings = reads_like_the_reference("latin1.pgn", &[RUY_LOPEZ], &[]);
    assert!(warnings.contains("read as Windows-1252"), "{warnings}");
    let out = run(&["validate", &format!("{DIR}/latin1.pgn")]);
    assert!(out.stdout.contains("Müller, Jörg - Ångström, Åsa"), "{}", out.stdout);
}

/// Writes `text` as a record and returns its path.
fn record(name: &str, text: &str) -> String {
    temp_file("reading", name, text.as_bytes()).display().to_string()
}

/// The final snapshot of a record written in SAN, for comparison.
fn fen_of(name: &str, text: &str) -> String {
    final_fen(&record(name, text), 1, &[])
}

#[test]
fn results_move_numbers_and_castling_in_their_lenient_forms() {
    let plain = fen_of("plain.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 1-0\n");
    for (name, text) in [
        ("colon.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 1:0\n"),
        ("dash.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O\u{2011}O Nf6 1\u{2013}0\n"),
        ("dots.pgn", "1. e4 1. ... e5 2. Nf3 2...Nc6 3. Bc4 3. ... Bc5 4. 0\u{2013}0 4. ...\nNf6 1-0\n"),
        ("half.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 ½:½\n"),
        ("decimal.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 0.5-0.5\n"),
        ("minus.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O\u{2212}O Nf6 0:1\n"),
        ("once.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 1/2\n"),
    ] {
        let path = record(name, text);
        let out = run(&["validate", &path]);
        assert_eq!(out.code, 0, "{name}: {}{}", out.stdout, out.stderr);
        assert!(out.stdout.contains("1 game(s)"), "{name}: {}", out.stdout);
        assert_eq!(final_fen(&path, 1, &[]), plain, "{name}");
    }
}

#[test]
fn a_result_tag_in_a_lenient_form_agrees_with_the_same_result_in_the_movetext() {
    for (tag, movetext) in [("1/2", "1/2-1/2"), ("½-½", "1/2"), ("1:0", "1-0"), ("0.5-0.5", "½"), ("0:1", "0-1")] {
        let path = record("tag-form.pgn", &format!("[Result \"{tag}\"]\n\n1. e4 e5 {movetext}\n"));
        let out = run(&["validate", &path]);
        assert_eq!(out.code, 0, "{tag}: {}{}", out.stdout, out.stderr);
        assert!(!out.stderr.contains("Result tag says"), "{tag} against {movetext}: {}", out.stderr);
    }
    let path = record("tag-differs.pgn", "[Result \"1:0\"]\n\n1. e4 e5 1/2\n");
    let out = run(&["validate", &path]);
    assert!(out.stderr.contains("the movetext ends with 1/2-1/2 but the Result tag says 1:0"), "{}", out.stderr);
}

#[test]
fn uci_promotion_in_lower_case_and_chess960_castling_onto_the_rook() {
    let promotion = "[FEN \"8/3P4/8/8/8/k7/8/K7 w - - 0 1\"]\n\n1. d7d8q Kb3 *\n";
    assert_eq!(fen_of("uci-promotion.pgn", promotion), "3Q4/8/8/8/8/1k6/8/K7 w - - 1 2");
    let start = "[Variant \"Chess960\"]\n[FEN \"qbnrbknr/pppppppp/8/8/8/8/PPPPPPPP/QBNRBKNR w KQkq - 0 1\"]\n\n";
    let san = fen_of("960-san.pgn", &format!("{start}1. b3 h6 2. f3 Nf6 3. Bh4 O-O *\n"));
    let uci = fen_of("960-uci.pgn", &format!("{start}1. b2b3 h7h6 2. f2f3 g8f6 3. e1h4 f8h8 *\n"));
    assert_eq!(uci, san);
}

#[test]
fn an_unclosed_tag_quote_is_read_up_to_its_bracket_with_a_warning() {
    let path = record("unclosed.pgn", "[Event \"Club game]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("game 1 (Ann - Bob): valid, 2 plies"), "{}", out.stdout);
    assert!(out.stderr.contains("no closing `\"`"), "{}", out.stderr);
}

#[test]
fn bare_quotes_in_a_tag_value_are_kept_with_a_warning_and_exported_escaped() {
    let path =
        record("bare-quotes.pgn", "[Event \"The \"Big\" Open\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("game 1 (Ann - Bob): valid, 2 plies"), "{}", out.stdout);
    assert!(out.stderr.contains("written without its backslash"), "{}", out.stderr);
    let out = run(&["export", &path]);
    assert!(out.stdout.contains("[Event \"The \\\"Big\\\" Open\"]"), "{}", out.stdout);
}

#[test]
fn a_check_mark_apart_from_its_move_is_read_as_its_mark_and_judged() {
    let path = record("apart.pgn", "1. f3 e5 2. g4 Qh4 # 0-1\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("valid, 4 plies, 0-1 (checkmate after ply 4); 1 warning(s)"), "{}", out.stdout);
    assert!(out.stderr.contains("the check mark stands apart from its move"), "{}", out.stderr);
    // A detached mark that is wrong is judged as a written one.
    let path = record("apart-wrong.pgn", "1. e4 + e5 *\n");
    let out = run(&["validate", &path]);
    assert!(out.stderr.contains("`e4` gives no check; the mark `+` is wrong"), "{}", out.stderr);
    // A wrong mark is quoted as it is written.
    let path = record("double-plus.pgn", "1. e4 e5 2. Qh5++ Nc6 *\n");
    let out = run(&["validate", &path]);
    assert!(out.stderr.contains("`Qh5++` gives no check; the mark `++` is wrong"), "{}", out.stderr);
}

#[test]
fn russian_and_bulgarian_piece_letters_are_detected_and_written() {
    let text = "[White \"Ivanov\"]\n[Black \"Petrov\"]\n\n1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. O-O Сe7 \
                6. Лe1 b5 7. Сb3 d6 8. c3 O-O 9. h3 Кa5 10. Сc2 c5 11. d4 Фc7 12. Кbd2 Кc6 13. d5 Кd8 \
                14. Крh1 Кe8 *\n";
    let path = record("russian.pgn", text);
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("valid, 28 plies, *; 1 warning(s)"), "{}", out.stdout);
    assert!(out.stderr.contains("were read as Russian (detected: the game replays with them); pass --lang ru"));
    let out = run(&["validate", "--lang", "ru", &path]);
    assert!(out.stdout.contains("valid, 28 plies, *\n"), "{}{}", out.stdout, out.stderr);
    let out = run(&["export", &path]);
    assert!(out.stdout.contains("14. Kh1 Ne8 *"), "{}", out.stdout);
    let out = run(&["export", "--lang", "ru", &path]);
    assert!(out.stdout.contains("12. Кbd2 Кc6 13. d5 Кd8 14. Крh1 Кe8 *"), "{}", out.stdout);
    // The Cyrillic letters that look like `a`, `c` and `e`, typed for those files.
    let path = record("cyrillic-files.pgn", "1. е4 е5 2. Кf3 Кс6 3. Сb5 а6 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("valid, 6 plies, *; 5 warning(s)"), "{}", out.stdout);
    assert!(out.stderr.contains("`Кс6` is not standard notation; write `Nc6`"), "{}", out.stderr);
    // Bulgarian writes the king `Ц`, the queen `Д`, the rook `Т`, the bishop `О`.
    let path = record("bulgarian.pgn", "1. e4 e5 2. Кf3 Кc6 3. Оc4 Оc5 4. O-O Дe7 5. Тe1 d6 6. Цh1 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("were read as Bulgarian"), "{}", out.stderr);
    // Castling typed with the Cyrillic `О`, beside Bulgarian's bishop `О`.
    let path = record("cyrillic-castling.pgn", "1. e4 e5 2. Кf3 Кc6 3. Оc4 Оc5 4. О-О Кf6 5. d3 о-о *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("valid, 10 plies, *"), "{}", out.stdout);
    assert!(out.stderr.contains("`О-О` is not standard notation; write `O-O`"), "{}", out.stderr);
    let out = run(&["export", &path]);
    assert!(out.stdout.contains("4. O-O Nf6 5. d3 O-O *"), "{}", out.stdout);
}

#[test]
fn a_check_mark_in_words_is_read_as_its_mark_and_judged() {
    let path = record("words.pgn", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7ch 1-0\n1. f3 e5 2. g4 Qh4 mate 0-1\n");
    for variant in ["chess", "koopa", "bouncing", "bubble-fizz"] {
        let out = run(&["validate", "--variant", variant, &path]);
        assert_eq!(out.code, 0, "{variant}: {}{}", out.stdout, out.stderr);
        assert!(out.stdout.contains("2 game(s): 2 valid"), "{variant}: {}", out.stdout);
    }
    let out = run(&["validate", &path]);
    assert!(out.stderr.contains("`ch` is a check mark in words; write `+` right after the move"), "{}", out.stderr);
    assert!(out.stderr.contains("`mate` is a check mark in words; write `#` right after the move"), "{}", out.stderr);
    // `ch` where the move is mate is judged like a written `+`.
    assert!(out.stderr.contains("`Qxf7` is checkmate; write `Qxf7#`"), "{}", out.stderr);
    let out = run(&["export", &path]);
    assert!(out.stdout.contains("4. Qxf7# 1-0"), "{}", out.stdout);
    assert!(out.stdout.contains("2. g4 Qh4# 0-1"), "{}", out.stdout);
}

#[test]
fn results_with_spaces_around_the_sign_end_their_games() {
    let path = record("spaced-results.pgn", "1. e4 e5 1/2 - 1/2\n1. d4 d5 1 - 0 1. c4 0 : 1\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    for line in [
        "game 1 (? - ?): valid, 2 plies, 1/2-1/2",
        "game 2 (? - ?): valid, 2 plies, 1-0",
        "game 3 (? - ?): valid, 1 plies, 0-1",
    ] {
        assert!(out.stdout.contains(line), "{line}: {}", out.stdout);
    }
    assert!(out.stdout.contains("3 game(s): 3 valid"), "{}", out.stdout);
}

#[test]
fn games_pasted_without_tags_or_results_are_cut_at_a_blank_line_before_move_one() {
    let path = record("pasted.pgn", "1. e4 e5 2. Nf3\n\n1. d4 d5 2. c4\n\n1. f4\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    for line in ["game 1 (? - ?): valid, 3 plies", "game 2 (? - ?): valid, 3 plies", "game 3 (? - ?): valid, 1 plies"] {
        assert!(out.stdout.contains(line), "{line}: {}", out.stdout);
    }
    assert!(!out.stderr.contains("move number"), "{}", out.stderr);
}

#[test]
fn move_numbers_without_dots_and_castling_without_hyphens_are_read_with_warnings() {
    let path = record("dotless.pgn", "1 e4 e5 2 Nf3 Nc6 3 Bb5 a6 4 OO Nf6\n\n1) d4 d5 2) c4 e6 3) Nc3 Nf6 1/2-1/2\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("game 1 (? - ?): valid, 8 plies; 2 warning(s)"), "{}", out.stdout);
    assert!(
        out.stdout.contains("game 2 (? - ?): valid, 6 plies, 1/2-1/2 (decided off the board); 1 warning(s)"),
        "{}",
        out.stdout
    );
    assert!(out.stderr.contains("move numbers are written without a dot, as `1`; PGN writes `1.`"), "{}", out.stderr);
    assert!(out.stderr.contains("move numbers are written without a dot, as `1)`; PGN writes `1.`"), "{}", out.stderr);
    assert!(out.stderr.contains("`OO` is not standard notation; write `O-O`"), "{}", out.stderr);
    let out = run(&["export", &path]);
    assert!(out.stdout.contains("4. O-O Nf6 *"), "{}", out.stdout);
}

#[test]
fn text_in_parentheses_after_the_result_is_a_comment_not_a_game() {
    let path = record("result-note.pgn", "[White \"Ann\"]\n\n1. e4 e5 1-0 (time)\n\n[White \"Bob\"]\n\n1. d4 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("2 game(s): 2 valid"), "{}", out.stdout);
    assert!(out.stderr.contains("text in parentheses after the result is read as a comment"), "{}", out.stderr);
    let out = run(&["export", &path]);
    assert!(out.stdout.contains("1. e4 e5 {time} 1-0"), "{}", out.stdout);
}

#[test]
fn words_after_the_result_are_a_comment_of_the_game_not_another_game() {
    // An e-mailed record: the reason after the result, a signature under the last game.
    let text = "[White \"Ann\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 Black resigned\n\n\
                [White \"Bob\"]\n\n1. d4 d5 1/2-1/2\nDraw agreed.\n\nBest regards,\nA. Arbiter\n";
    let path = record("words-after-result.pgn", text);
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("2 game(s): 2 valid, 0 invalid, 0 unreadable"), "{}", out.stdout);
    assert!(
        out.stderr.contains(
            "words after the result are read as a comment; PGN writes comments in braces: `{Black resigned}`"
        ),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("`{A. Arbiter}`"), "{}", out.stderr);
    let out = run(&["export", &path]);
    assert!(out.stdout.contains("4. Qxf7# {Black resigned} 1-0"), "{}", out.stdout);
    assert!(out.stdout.contains("{Draw agreed.} {Best regards,} {A. Arbiter} 1/2-1/2"), "{}", out.stdout);
    // A move after the result on its line is the next game's, where it stands.
    let path = record("move-after-result.pgn", "1. e4 e5 1-0 e4 e5 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("2 game(s): 2 valid"), "{}", out.stdout);
}

#[test]
fn words_about_how_a_game_ended_before_its_result_are_a_comment_and_a_mistyped_move_is_not() {
    // A record typed by hand: the reason before the result, or instead of it.
    let text = "[White \"Ann\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Black resigns 1-0\n\n\
                [White \"Bob\"]\n\n1. d4 d5 2. c4 resigns\n\n\
                [White \"Cy\"]\n\n1. d4 d5 2. Nf resigns 1-0\n";
    let path = record("words-before-result.pgn", text);
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 2, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("3 game(s): 2 valid, 0 invalid, 1 unreadable"), "{}", out.stdout);
    assert!(out.stdout.contains("game 1 (Ann - ?): valid, 7 plies, 1-0"), "{}", out.stdout);
    assert!(
        out.stderr.contains(
            "words about how the game ended are read as a comment; PGN writes comments in braces: `{Black resigns}`"
        ),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("`{resigns}`"), "{}", out.stderr);
    assert!(out.stderr.contains("`Nf` is not a move"), "{}", out.stderr);
    let path = record("resigns.pgn", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# Black resigns 1-0\n");
    let out = run(&["export", &path]);
    assert!(out.stdout.contains("4. Qxf7# {Black resigns} 1-0"), "{}", out.stdout);
}

#[test]
fn moves_after_a_semicolon_are_a_comment_with_a_warning_that_says_they_are_not_played() {
    let path = record("semicolons.pgn", "1. e4 e5; 2. Nf3 Nc6; 1-0\n");
    let out = run(&["validate", "--format", "json", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    let report: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    let game = &report[0];
    assert_eq!(game["plies"], 2, "{game}");
    let problems = game["problems"].as_array().expect("problems");
    assert_eq!(problems.len(), 1, "{game}");
    assert_eq!(problems[0]["kind"], "reading", "{game}");
    let message = problems[0]["message"].as_str().expect("a message");
    assert!(message.contains("`2. Nf3 Nc6; 1-0` is read as that comment, not as moves"), "{message}");
}

#[test]
fn piece_letters_in_lower_case_are_read_with_a_warning_and_b_is_a_bishop_only_where_no_pawn_can() {
    let path = record("lower.pgn", "1. e4 e5 2. qh5 nc6 3. bc4 nf6 4. qxf7# 1-0\n");
    for variant in ["chess", "koopa", "bubble-fizz"] {
        let out = run(&["validate", "--variant", variant, &path]);
        assert_eq!(out.code, 0, "{variant}: {}{}", out.stdout, out.stderr);
        assert!(out.stdout.contains("valid, 7 plies"), "{variant}: {}", out.stdout);
        assert!(out.stderr.contains("`bc4` is not standard notation; write `Bc4`"), "{variant}: {}", out.stderr);
    }
    let out = run(&["validate", &path]);
    assert!(out.stdout.contains("valid, 7 plies, 1-0 (checkmate after ply 7); 5 warning(s)"), "{}", out.stdout);
    assert!(out.stderr.contains("`qxf7#` is not standard notation; write `Qxf7#`"), "{}", out.stderr);
    // A pawn of the b-file that can make the move makes it; where neither can, the
    // pawn's reason is given.
    let pawn = record("lower-pawn.pgn", "1. b4 e5 2. b5 a6 3. bxa6 *\n");
    let out = run(&["validate", &pawn]);
    assert!(out.stdout.contains("valid, 5 plies, *\n"), "{}", out.stdout);
    assert!(!out.stderr.contains("warning"), "{}", out.stderr);
    let neither = record("lower-neither.pgn", "1. d4 d5 2. bc4 *\n");
    let out = run(&["validate", &neither]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(out.stderr.contains("illegal turn `bc4`: no white pawn on the b-file can move to c4"), "{}", out.stderr);
}

#[test]
fn a_lower_case_k_is_a_king_where_no_pawn_of_the_k_file_can_move() {
    let path = record(
        "lower-king.pgn",
        "1. d4 e5 2. kd2 exd4 3. kd3 *
",
    );
    for variant in ["chess", "tilting", "koopa", "bouncing", "bubble-fizz"] {
        let out = run(&["validate", "--variant", variant, &path]);
        assert_eq!(out.code, 0, "{variant}: {}{}", out.stdout, out.stderr);
        assert!(out.stdout.contains("valid, 5 plies"), "{variant}: {}", out.stdout);
        assert!(out.stderr.contains("`kd3` is not standard notation; write `Kd3`"), "{variant}: {}", out.stderr);
    }
    // No 8x8 board has a k-file: where the king cannot move either, its reason is given.
    let neither = record("lower-king-neither.pgn", "1. e4 e5 2. kd3 *\n");
    let out = run(&["validate", &neither]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(out.stderr.contains("illegal turn `kd3`: no white king can move to d3"), "{}", out.stderr);
    assert!(!out.stderr.contains("k-file"), "{}", out.stderr);
}

#[test]
fn a_syntax_error_stops_the_reading_but_the_turns_before_it_are_judged() {
    let path = record("broken.pgn", "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 ) 3... a6 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 2, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("game 1 (Ann - Bob): unreadable at line 4 (unbalanced `)`"), "{}", out.stdout);
    assert!(out.stdout.contains("), 5 plies"), "{}", out.stdout);
    assert!(out.stderr.contains("after ply 5"), "{}", out.stderr);
    let illegal = record("broken-illegal.pgn", "1. e4 e5 2. Ke3 Nc6 3. Zz9 *\n");
    let out = run(&["validate", &illegal]);
    assert!(out.stderr.contains("illegal turn `Ke3`"), "{}", out.stderr);
}

#[test]
fn castling_rights_no_rook_can_use_are_dropped_with_a_warning() {
    let text = "[FEN \"4k3/8/8/8/8/8/8/4K2R w KQ - 0 1\"]\n\n1. O-O Kd7 *\n";
    let path = record("rights.pgn", text);
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("castling rights `Q`"), "{}", out.stderr);
    let impossible = record("two-kings.pgn", "[FEN \"4k3/8/8/8/8/8/8/3KK2R w K - 0 1\"]\n\n1. O-O *\n");
    assert_eq!(run(&["validate", &impossible]).code, 2);
}

#[test]
fn variant_tags_take_every_alias() {
    for name in [
        "normal",
        "chess 960",
        "Chess960",
        "FRC",
        "Fischerandom",
        "From Position",
        "Tilting the Balance Chess",
        "Tilting the Balance",
        "Bouncing Pieces",
        "Koopa Chess",
        "Koopa",
        "Bellows Chess",
        "Refreshing Bubble Fizz Chess",
        "Bubble Fizz",
    ] {
        let path = record("alias.pgn", &format!("[Variant \"{name}\"]\n\n*\n"));
        let out = run(&["validate", &path]);
        assert_eq!(out.code, 0, "{name}: {}{}", out.stdout, out.stderr);
    }
    let path = record("unknown.pgn", "[Variant \"Atomic\"]\n\n1. e4 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("tilting the balance chess") && out.stderr.contains("fischerandom"), "{}", out.stderr);
}

#[test]
fn variant_flag_names_the_variant_of_untagged_games() {
    let path = record("koopa-untagged.pgn", "1. e4 d5 2. exd5 *\n");
    assert_eq!(run(&["validate", &path, "--variant", "koopa"]).code, 0);
    let out = run(&["validate", &path, "--variant", "atomic"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("bubble-fizz"), "{}", out.stderr);
}

#[test]
fn iccf_numeric_is_refused_in_bellows_with_a_reason() {
    let path = record("bellows-iccf.pgn", "[Variant \"Bellows\"]\n\n1. 5254 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("ICCF numeric notation names the squares of an 8x8 board"), "{}", out.stderr);
}

#[test]
fn game_numbers_are_the_same_in_every_command() {
    let path = format!("{DIR}/tagless-one-line.pgn");
    let out = run(&["replay", &path, "--game", "3"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().count(), 16, "{}", out.stdout);
    assert!(run(&["fen", &path, "--game", "5"]).stderr.contains("holds 4 game(s)"));
}

#[test]
fn a_bounce_reads_in_long_algebraic_uci_and_iccf() {
    let start = "[Variant \"Bouncing Pieces\"]\n[FEN \"5k2/5pp1/8/8/5b2/3b4/5PPP/4R1K1 w - - 0 1\"]\n\n";
    let san = fen_of("bounce-san.pgn", &format!("{start}1. Re8, Kg8+ Bh6, g7-f8 *\n"));
    for (name, moves) in [
        ("bounce-lan.pgn", "1. Re1-e8, Kf8-g8+ Bf4-h6, g7-f8 *\n"),
        ("bounce-uci.pgn", "1. e1e8, f8g8 f4h6, g7f8 *\n"),
        ("bounce-iccf.pgn", "1. 5158, 6878 6486, 7768 *\n"),
    ] {
        assert_eq!(fen_of(name, &format!("{start}{moves}")), san, "{name}");
    }
}

#[test]
fn a_token_of_another_variant_names_it_and_the_tag() {
    let path = record("untagged-bomb.pgn", "1. e4 e5 2. Nf3 (****)g6 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("a bomb exists only in Tilting the Balance: if this is a game of Tilting the Balance, add [Variant \"Tilting the Balance\"] or pass --variant tilting"),
        "{}",
        out.stderr
    );
    let bounce = record("untagged-bounce.pgn", "1. e4 e5 2. Qh5, e5-e6 *\n");
    assert!(run(&["validate", &bounce]).stderr.contains("--variant bouncing"));
    // Moves separated by commas are read as bounces, and the message says what one is.
    let commas = record("commas.pgn", "1. e4, e5 2. Nf3, Nc6 *\n");
    for variant in ["chess", "bubble-fizz"] {
        let out = run(&["validate", "--variant", variant, &commas]);
        let words = "illegal turn `e4, e5`: a bounce (a move written after a comma) exists only in Bouncing Pieces";
        assert!(out.stderr.contains(words), "{variant}: {}", out.stderr);
    }
    let multi = record("untagged-multi.pgn", "1. e4 & d4 *\n");
    assert!(run(&["validate", &multi]).stderr.contains("--variant bubble-fizz"));
}

#[test]
fn a_square_of_the_12x12_grid_in_an_8x8_variant_names_bellows() {
    let path = record("untagged-bellows.pgn", "1. e4 e5 2. Qk11 *\n");
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("add [Variant \"Bellows Chess\"] or pass --variant bellows"), "{}", out.stderr);
    // A source file or rank of the grid is named as such.
    for (turn, named) in [("id3", "the i-file"), ("N9f3", "rank 9"), ("Ni3f4", "i3")] {
        let path = record("untagged-bellows-source.pgn", &format!("1. e4 e5 2. {turn} *\n"));
        for variant in ["chess", "koopa", "bubble-fizz"] {
            let out = run(&["validate", "--variant", variant, &path]);
            assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
            let words = format!("illegal turn `{turn}`: {named}, beyond the 8x8 board, exists only in Bellows Chess");
            assert!(out.stderr.contains(&words), "{variant}: {}", out.stderr);
        }
    }
}

#[test]
fn null_moves_pass_the_turn_in_variations_and_in_the_main_line_only_when_allowed() {
    let text = "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Nf3 (2. -- Nc6 3. Nf3 Nf6) Nc6 3. Z0 Nf6 *\n";
    let path = record("null.pgn", text);
    let out = run(&["validate", &path]);
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("`Z0` is a null move"), "{}", out.stderr);
    assert!(out.stdout.contains("invalid at move 3, White: `Z0` (ply 5), 4 plies"), "{}", out.stdout);
    assert_eq!(run(&["validate", &path, "--allow-null-moves"]).code, 0);
    let fen = final_fen(&path, 1, &["--allow-null-moves"]);
    assert_eq!(fen, "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 4 4");
    let exported = run(&["export", &path, "--allow-null-moves"]);
    assert!(exported.stdout.contains("(2. -- Nc6 3. Nf3 Nf6) 2... Nc6 3. -- Nf6 *"), "{}", exported.stdout);
}

/// A game written wholly in another notation or language earns one warning for the
/// game, not one per turn; coordinates and ICCF numeric are not blamed for writing no
/// check marks.
#[test]
fn other_notations_and_languages_are_named_once_per_game() {
    for (fixture, games, first_warning) in [
        ("ccrl-uci", 2, "turn(s) are written in coordinate (UCI) notation"),
        ("iccf-numeric", 3, "turn(s) are written in ICCF numeric notation"),
        ("figurine", 2, "turn(s) are written in figurine notation"),
        ("german", 2, "were read as German"),
    ] {
        let path = format!("fixtures/records/reading/{fixture}.pgn");
        let out = run(&["validate", &path]);
        assert_eq!(out.code, 0, "{fixture}: {}{}", out.stdout, out.stderr);
        assert_eq!(out.stderr.matches("warning:").count(), games, "{fixture}: {}", out.stderr);
        assert_eq!(out.stderr.matches(first_warning).count(), games, "{fixture}: {}", out.stderr);
    }
    let german = run(&["validate", "--lang", "de", "fixtures/records/reading/german.pgn"]);
    assert_eq!((german.code, german.stderr.as_str()), (0, ""));
}

/// `diagram` reads records with the same flags as the other commands: the variant of a
/// tagless game, the record's language, null moves in the main line.
#[test]
fn diagram_takes_the_reading_flags() {
    let tilting = record("tagless-tilting.pgn", "1. e4 g5 2. d4 f6 3. Qh5+ (****)g6:h5h7g5f6 *\n");
    let out = run(&["diagram", &tilting, "--variant", "tilting"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("the blast on g6 destroyed h7 f6 g5 h5"), "{}", out.stdout);
    assert_eq!(run(&["diagram", &tilting]).code, 1, "without --variant the bomb belongs to another variant");
    let german = record("german-diagram.pgn", "1. e4 e5 2. Sf3 Sc6 *\n");
    let out = run(&["diagram", &german, "--lang", "de"]);
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    assert!(out.stdout.contains("after 2... Nc6"), "{}", out.stdout);
    let null = record("null-diagram.pgn", "1. e4 -- 2. d4 *\n");
    assert_eq!(run(&["diagram", &null]).code, 1);
    assert_eq!(run(&["diagram", &null, "--allow-null-moves"]).code, 0);
}

/// A tag name written twice within one game's tag section (on one line, or after a
/// comment) stays in the game with a warning that names the tag read; a repeated name
/// on a later line starts the next game; no empty game comes of either. The export
/// keeps the repeated tag in a comment, so that it reads back as the same one game.
#[test]
fn a_tag_written_twice_is_warned_about_and_exported_so_that_it_reads_back() {
    for (name, text) in [
        ("same-line.pgn", "[Variant \"chess\"] [Variant \"x\"]\n\n1. e4 *\n"),
        ("after-comment.pgn", "[Variant \"chess\"] {c} [Variant \"x\"]\n\n1. e4 *\n"),
        ("form-feed.pgn", "\n[Variant \"chess\"]\u{c}[Variant \"x\"]\n\n1. e4 *\n"),
    ] {
        let path = record(name, text);
        let out = run(&["validate", &path]);
        assert_eq!(out.code, 0, "{name}: {}", out.stderr);
        assert!(out.stdout.contains("1 game(s): 1 valid"), "{name}: {}", out.stdout);
        assert!(
            out.stderr
                .contains("the tag `Variant` is written twice in this game; the first, \"chess\", is the one read"),
            "{name}: {}",
            out.stderr
        );
        let exported = run(&["export", &path]);
        assert!(exported.stdout.contains("{arbiter: tags that repeat a name, not read: [Variant \"x\"]}"), "{name}");
        let again = record(&format!("exported-{name}"), &exported.stdout);
        let reread = run(&["validate", &again]);
        assert_eq!((reread.code, reread.stderr.as_str()), (0, ""), "{name}: {}", exported.stdout);
        assert!(reread.stdout.contains("1 game(s): 1 valid"), "{name}: {}", reread.stdout);
        assert_eq!(run(&["export", &again]).stdout, exported.stdout, "{name}: the export is stable");
    }
    // On a later line (with a vertical tab before it, as a space), the name starts a game.
    let path = record("later-line.pgn", "[Variant \"chess\"]\n[Event \"a\"]\u{b}[Variant \"x\"]\n\n*\n");
    let out = run(&["validate", &path]);
    assert!(out.stdout.contains("game 2 (? - ?): unreadable at line 2 (unknown variant `x`"), "{}", out.stdout);
    assert!(out.stdout.contains("2 game(s): 1 valid"), "{}", out.stdout);
}
