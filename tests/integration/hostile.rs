//! Hostile input (SPEC section 8): each case is handled or refused with a clear
//! message, in bounded time and memory, without a panic, and the good game that
//! follows it in the same file is still validated.

use crate::common::{Outcome, TempFile, GOOD_GAME};
use assert_cmd::Command;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The most resident memory a run may take, in KiB: the bar of SPEC section 8 (200 MB).
const RESIDENT_LIMIT_KIB: u64 = 200_000;

/// Address space the process may use: a safety net so that a runaway allocation fails
/// inside the child instead of taking the machine; the bar itself is on the resident set.
const ADDRESS_SPACE_KIB: u64 = 3 << 20;

/// Stops a run that hangs, so that the suite cannot wait forever. Not a measure of
/// speed: a debug build on a busy machine stays far below it.
const HANG_GUARD: Duration = Duration::from_mins(15);

/// GNU time, which reports a child's peak resident set (`.ci/run` installs it).
const GNU_TIME: &str = "/usr/bin/time";

/// Runs so far, to name each run's report file.
static RUNS: AtomicUsize = AtomicUsize::new(0);

/// What a run printed, and the peak of its resident set in KiB.
struct Measured {
    outcome: Outcome,
    peak_kib: u64,
}

/// Runs `arbiter ARGS` under the address-space net and the hang guard, through GNU
/// time, which writes the peak resident set of arbiter's process to a file.
fn run_measured(args: &[&str]) -> Measured {
    assert!(std::path::Path::new(GNU_TIME).exists(), "{GNU_TIME} (GNU time) is needed to measure memory");
    let binary = assert_cmd::cargo::cargo_bin("arbiter");
    let peak_file = TempFile::new("hostile", &format!("peak-{}.txt", RUNS.fetch_add(1, Ordering::Relaxed)), b"");
    let peak_path = peak_file.path().to_str().expect("utf-8 path").to_string();
    let script = format!("ulimit -v {ADDRESS_SPACE_KIB} && exec {GNU_TIME} -f %M -o \"$0\" \"$@\"");
    let output = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(&peak_path)
        .arg(binary)
        .args(args)
        .timeout(HANG_GUARD)
        .output()
        .expect("arbiter runs");
    let outcome = Outcome {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    assert!(!outcome.stderr.contains("panicked"), "arbiter panicked:\n{}", outcome.stderr);
    assert!(
        output.status.code().is_some() && !outcome.stderr.contains("Command terminated by signal"),
        "arbiter was killed (address-space net or hang guard)"
    );
    let written = std::fs::read_to_string(peak_file.path()).expect("GNU time's report");
    let peak_kib = written.lines().last().and_then(|line| line.trim().parse().ok()).expect("a peak in KiB");
    Measured { outcome, peak_kib }
}

/// Runs `arbiter ARGS` and checks that its resident set stayed under the bar.
fn run_limited(args: &[&str]) -> Outcome {
    let Measured { outcome, peak_kib } = run_measured(args);
    assert!(
        peak_kib <= RESIDENT_LIMIT_KIB,
        "arbiter {} used {peak_kib} KiB of memory, above the bar of {RESIDENT_LIMIT_KIB} KiB",
        args.first().unwrap_or(&"")
    );
    outcome
}

/// Validates a file made of `hostile` followed by a good game.
fn validate_with_good_game(name: &str, hostile: &[u8]) -> Outcome {
    let mut bytes = hostile.to_vec();
    bytes.extend_from_slice(GOOD_GAME.as_bytes());
    let file = TempFile::new("hostile", name, &bytes);
    drop(bytes);
    let outcome = run_limited(&["validate", file.path().to_str().expect("utf-8 path")]);
    assert!(
        outcome.stdout.lines().any(|l| l.contains("(Good - Game)") && l.contains(": valid")),
        "the good game after the hostile one was not validated:\n{}",
        outcome.stdout
    );
    assert!(outcome.stderr.len() < 64 << 10, "the diagnostics run to {} bytes", outcome.stderr.len());
    outcome
}

#[test]
fn a_hundred_thousand_nested_variations_are_refused() {
    let text = format!("1. e4 {}{} e5 *\n\n", "(1. d4 ".repeat(100_000), ")".repeat(100_000));
    let out = validate_with_good_game("nested.pgn", text.as_bytes());
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("variations are nested more than 200 deep"), "{}", out.stderr);
}

#[test]
fn a_fifty_megabyte_comment_is_read() {
    let text = format!("1. e4 {{{}}} e5 *\n\n", "a".repeat(50 << 20));
    let out = validate_with_good_game("comment.pgn", text.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("2 game(s): 2 valid"), "{}", out.stdout);
}

#[test]
fn a_ten_megabyte_token_is_refused_with_a_short_message() {
    let text = format!("1. {} *\n\n", "e".repeat(10 << 20));
    let out = validate_with_good_game("token.pgn", text.as_bytes());
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("is not a move"), "{}", out.stderr);
    assert!(out.stderr.contains("token.pgn:1:4"), "{}", out.stderr);
}

#[test]
fn invalid_utf8_is_refused_where_it_is() {
    let out = validate_with_good_game("latin1.pgn", b"[White \"M\xfcller\"]\n\n1. e4 \xff e5 *\n\n");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("not valid UTF-8"), "{}", out.stderr);
}

#[test]
fn nul_bytes_are_refused_and_shown_escaped() {
    let out = validate_with_good_game("nul.pgn", b"1. e4\0 e5 *\n\n");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("`e4\\0` is not a move"), "{}", out.stderr);
}

#[test]
fn two_hundred_thousand_empty_games_stream_through() {
    let text = "[Event \"empty\"]\n\n*\n\n".repeat(200_000);
    let out = validate_with_good_game("empty.pgn", text.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("200001 game(s): 200001 valid"), "{}", out.stdout.lines().last().unwrap_or(""));
}

#[test]
fn absurd_move_numbers_are_refused_or_warned() {
    let text = "99999999999999999999999. e4 e5 *\n\n[Event \"b\"]\n\n4294967295. e4 *\n\n";
    let out = validate_with_good_game("numbers.pgn", text.as_bytes());
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("is too large for a move number"), "{}", out.stderr);
    assert!(out.stderr.contains("move number written as `4294967295.`; this is 1."), "{}", out.stderr);
}

#[test]
fn a_huge_tag_value_is_kept_and_a_huge_variant_name_refused_briefly() {
    let text = format!(
        "[Event \"{}\"]\n\n1. e4 *\n\n[Variant \"{}\"]\n\n1. e4 *\n\n",
        "x".repeat(10 << 20),
        "y".repeat(10 << 20)
    );
    let out = validate_with_good_game("tags.pgn", text.as_bytes());
    assert_eq!(out.code, 2);
    assert!(out.stdout.contains("3 game(s): 2 valid, 0 invalid, 1 unreadable"), "{}", out.stdout);
    assert!(out.stderr.contains("unknown variant"), "{}", out.stderr);
}

#[test]
fn two_hundred_thousand_tag_pairs_are_read() {
    // Each tag name is checked against the game's names so far (a repeated one starts
    // the next game): a look-up in a hash set once there are many, not a walk through
    // the list (which took 28 seconds here).
    let mut text = (0..200_000).fold(String::new(), |mut text, i| {
        let _ = writeln!(text, "[T{i} \"x\"]");
        text
    });
    text.push_str("[T17 \"repeated\"]\n\n1. e4 *\n\n");
    let out = validate_with_good_game("many-tags.pgn", text.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("3 game(s): 3 valid"), "{}", out.stdout);
}

#[test]
fn snapshots_with_ten_thousand_fields_or_endless_digits_are_refused() {
    let many_fields = vec!["8"; 10_000].join(" ");
    let digits = format!("{}/8/8/8/8/8/8/8 w - - 0 1", "9".repeat(100_000));
    for fen in [many_fields.as_str(), digits.as_str()] {
        let out = run_limited(&["moves", "--variant", "chess", "--fen", fen]);
        assert_eq!(out.code, 2, "{}", out.stderr);
        assert!(out.stderr.len() < 4096, "the message runs to {} bytes", out.stderr.len());
    }
    let record = format!("[FEN \"{many_fields}\"]\n\n*\n\n[FEN \"{digits}\"]\n\n*\n\n");
    let out = validate_with_good_game("fen.pgn", record.as_bytes());
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("at most 6 fields; this one has 10000"), "{}", out.stderr);
    assert!(out.stderr.contains("rank 8 has far too many squares"), "{}", out.stderr);
}

/// Where the invigorated units of the Bubble Fizz mate positions stand, in order.
const BOXED_SQUARES: [(usize, usize); 10] =
    [(0, 7), (1, 7), (2, 7), (3, 7), (4, 7), (0, 6), (1, 6), (2, 6), (3, 6), (4, 6)];

/// A Bubble Fizz record whose position is mate for White (king h1, rook e1) with
/// `count` invigorated units of `role` that cannot help, on `squares`; `board` holds
/// the rest (rank 8 first, a blank for an empty square).
fn fizz_mate(role: char, squares: &[(usize, usize)], board: [&str; 8]) -> Vec<u8> {
    let mut grid: Vec<Vec<char>> = board.iter().rev().map(|rank| rank.chars().collect()).collect();
    let mut pauses = Vec::new();
    for &(file, rank) in squares {
        grid[rank][file] = role;
        pauses.push(format!("{}{}:0", (b'a' + file as u8) as char, rank + 1));
    }
    let ranks: Vec<String> = grid
        .iter()
        .rev()
        .map(|rank| {
            let mut text = String::new();
            for chunk in rank.chunk_by(|a, b| (*a == ' ') == (*b == ' ')) {
                if chunk[0] == ' ' {
                    text.push_str(&chunk.len().to_string());
                } else {
                    text.extend(chunk);
                }
            }
            text
        })
        .collect();
    let fen = format!("{} w - - 0 1 - {}", ranks.join("/"), pauses.join(","));
    format!("[Variant \"Bubble Fizz\"]\n[FEN \"{fen}\"]\n\n0-1\n\n").into_bytes()
}

/// Checks that `validate` finds the mate (no legal turn) and goes on.
fn fizz_mate_is_found(name: &str, record: &[u8]) {
    let outcome = validate_with_good_game(name, record);
    assert!(outcome.stdout.contains("checkmate after ply 0"), "{name}:\n{}\n{}", outcome.stdout, outcome.stderr);
}

#[test]
fn bubble_fizz_mates_with_invigorated_knights_are_decided() {
    let board = ["        ", "        ", "       k", "        ", "        ", "        ", "      PP", "    r  K"];
    for count in [4, 6, 8, 10] {
        fizz_mate_is_found(&format!("fizz-knights-{count}.pgn"), &fizz_mate('N', &BOXED_SQUARES[..count], board));
    }
}

#[test]
fn bubble_fizz_mates_with_invigorated_pawns_are_decided() {
    // Rank 2 first, then rank 4: pawns of files a-e, far from f1 and g1.
    let squares: Vec<(usize, usize)> =
        BOXED_SQUARES.iter().map(|&(file, rank)| (file, if rank == 7 { 1 } else { 3 })).collect();
    let board = ["        ", "        ", "       k", "        ", "        ", "        ", "      PP", "    r  K"];
    for count in [4, 6, 8, 10] {
        fizz_mate_is_found(&format!("fizz-pawns-{count}.pgn"), &fizz_mate('P', &squares[..count], board));
    }
}

#[test]
fn bubble_fizz_mates_with_boxed_invigorated_queens_are_decided() {
    let board = ["     r  ", "     p  ", "pppppp k", "        ", "        ", "        ", "      PP", "    r  K"];
    for count in [4, 6, 8, 10] {
        fizz_mate_is_found(&format!("fizz-queens-{count}.pgn"), &fizz_mate('Q', &BOXED_SQUARES[..count], board));
    }
}

#[test]
fn bubble_fizz_written_turns_are_resolved_part_by_part() {
    // Ten invigorated knights that cannot help; the king escapes to g2 only with the
    // ordinary move, so after `h3` no order of the knights' extras ends legally.
    let fen = "NNNNN3/NNNNN3/7k/8/8/8/7P/4r2K w - - 0 1 - a8:0,b8:0,c8:0,d8:0,e8:0,a7:0,b7:0,c7:0,d7:0,e7:0";
    let game = |turn: &str| format!("[Variant \"Bubble Fizz\"]\n[FEN \"{fen}\"]\n\n1. {turn} *\n\n");
    let record = game("h3") + &game("Nba6 & Kg2");
    let outcome = validate_with_good_game("fizz-resolve.pgn", record.as_bytes());
    assert!(outcome.stdout.contains("game 1 (? - ?): invalid"), "{}", outcome.stdout);
    assert!(outcome.stdout.contains("game 2 (? - ?): valid"), "{}", outcome.stdout);
    assert!(outcome.stderr.contains("illegal turn `h3`: after this turn the white king on h1"), "{}", outcome.stderr);
}

#[test]
fn bubble_fizz_smothered_mates_with_free_invigorated_queens_are_decided() {
    // The queens roam near the king but nothing stops the knight's check.
    for (name, fen) in [
        ("fizz-smothered-3.pgn", "Q7/8/7k/1Q6/2Q5/8/5nPP/6RK w - - 0 1 - a8:0,b5:0,c4:0"),
        ("fizz-smothered-4.pgn", "Q7/8/7k/1Q6/2Q5/3Q4/5nPP/6RK w - - 0 1 - a8:0,b5:0,c4:0,d3:0"),
        ("fizz-smothered-5.pgn", "NN6/8/7k/1Q6/2Q5/3Q4/5nPP/6RK w - - 0 1 - a8:0,b8:0,b5:0,c4:0,d3:0"),
    ] {
        let record = format!("[Variant \"Bubble Fizz\"]\n[FEN \"{fen}\"]\n\n0-1\n\n");
        fizz_mate_is_found(name, record.as_bytes());
    }
}

/// A game of `cycles` times `Nf3 Nf6 Ng1 Ng8` (four plies each, numbered), with `mark`
/// written after every turn: legal all through, though it repeats its position.
fn shuffling_knights(cycles: usize, mark: &str) -> String {
    let mut text = String::from("[White \"Long\"]\n[Black \"Shuffle\"]\n\n");
    for cycle in 0..cycles {
        let n = 2 * cycle + 1;
        text += &format!("{n}. Nf3{mark} Nf6{mark} {}. Ng1{mark} Ng8{mark}\n", n + 1);
    }
    text + "*\n\n"
}

#[test]
fn a_million_plies_are_replayed_in_bounded_memory() {
    let text = shuffling_knights(250_000, "");
    assert!(text.len() > 7_800_000, "{} bytes", text.len());
    let out = validate_with_good_game("million-plies.pgn", text.as_bytes());
    assert!(out.stdout.contains("game 1 (Long - Shuffle)"), "{}", out.stdout);
}

#[test]
fn a_million_wrong_check_marks_are_counted_not_listed() {
    let text = shuffling_knights(250_000, "+");
    let out = validate_with_good_game("million-checks.pgn", text.as_bytes());
    assert!(out.stderr.contains("`Nf3+`"), "{}", out.stderr);
}

#[test]
fn a_million_reading_warnings_are_counted_not_listed() {
    // Each line earns a remark of the parser (words after the result, a `;` comment
    // that holds moves); the game's own turns earn no warning.
    let words = format!("1. e4 e5 1-0\n{}\n", "Black resigned\n".repeat(400_000));
    let semicolons = format!("1. e4 e5{}\n*\n\n", "; 2. Nf3 Nc6\n".repeat(400_000));
    for (name, text) in [("words.pgn", words), ("semicolons.pgn", semicolons)] {
        assert!(text.len() > 5_000_000, "{name}: {} bytes", text.len());
        let out = validate_with_good_game(name, text.as_bytes());
        assert!(out.stderr.contains("more reading warning(s) in this game are not shown"), "{name}: {}", out.stderr);
    }
}

#[test]
fn a_million_sibling_variations_are_replayed_in_bounded_memory() {
    let text = format!("1. e4 {}e5 *\n\n", "(1. d4) ".repeat(1_000_000));
    assert!(text.len() > 8_000_000, "{} bytes", text.len());
    let out = validate_with_good_game("siblings.pgn", text.as_bytes());
    assert!(out.stdout.contains("2 game(s): 2 valid"), "{}", out.stdout);
}

#[test]
fn a_six_megabyte_koopa_stuns_field_is_refused_briefly() {
    let stuns = vec!["e2:1"; 1_200_000].join(",");
    let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPSPPP/RNBQKBNR w KQkq {stuns} 0 1");
    let text = format!("[Variant \"Koopa Chess\"]\n[FEN \"{fen}\"]\n\n1. e4 *\n\n");
    let out = validate_with_good_game("koopa-stuns.pgn", text.as_bytes());
    assert_eq!(out.code, 2, "{}", out.stderr);
}
