//! Bounded time and memory on any input (SPEC section 8): failed writes, bad files
//! among good ones, control characters, long lines, and inputs built to explode.
//! Each hostile case runs the binary under a time limit and, on Linux, an
//! address-space limit, and the good game placed after it must still be validated.

use crate::common::{self, Outcome, GOOD_GAME};
use std::io::Read;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Address space the process may use. A few hundred MiB covers the threads' stacks
/// and allocator arenas; an input that makes memory grow without bound runs into it.
const ADDRESS_SPACE_BYTES: u64 = 768 << 20;

/// Time after which a run is killed and the test fails: generous, since the point is
/// to catch hangs and explosions, not to time the tool.
const TIME_LIMIT: Duration = Duration::from_mins(2);

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_arbiter"))
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    common::temp_file("robust", name, bytes)
}

/// `arbiter ARGS`, under the address-space limit where `prlimit` exists.
fn limited(args: &[&str]) -> Command {
    limited_to(ADDRESS_SPACE_BYTES, args)
}

/// `arbiter ARGS`, under an address-space limit of `bytes` where `prlimit` exists.
fn limited_to(bytes: u64, args: &[&str]) -> Command {
    let prlimit = std::path::Path::new("/usr/bin/prlimit");
    if cfg!(target_os = "linux") && prlimit.exists() {
        let mut command = Command::new(prlimit);
        command.arg(format!("--as={bytes}")).arg("--").arg(binary()).args(args);
        command
    } else {
        let mut command = Command::new(binary());
        command.args(args);
        command
    }
}

/// Waits for a child, killing it when it outlives the time limit.
fn wait_limited(child: &mut Child) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            panic!("arbiter ran longer than {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs a prepared command, reading its output on threads, under the time limit.
fn finish(mut command: Command) -> Outcome {
    let mut child = command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).expect("read stdout");
        bytes
    });
    let err = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stderr.read_to_end(&mut bytes).expect("read stderr");
        bytes
    });
    let status = wait_limited(&mut child);
    let outcome = Outcome {
        code: status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.join().expect("stdout thread")).into_owned(),
        stderr: String::from_utf8_lossy(&err.join().expect("stderr thread")).into_owned(),
    };
    assert!(!outcome.stderr.contains("panicked"), "arbiter panicked:\n{}", outcome.stderr);
    assert!(status.code().is_some(), "arbiter was killed by a signal (memory limit?): {status:?}");
    outcome
}

fn run(args: &[&str]) -> Outcome {
    finish(limited(args))
}

/// The good game's verdict line is in the output.
fn assert_good_game_validated(outcome: &Outcome) {
    assert!(
        outcome.stdout.lines().any(|l| l.contains("(Good - Game)") && l.contains(": valid")),
        "the good game after the hostile input was not validated:\n{}\n{}",
        outcome.stdout,
        outcome.stderr
    );
}

/// Validates a file made of `hostile` followed by a good game.
fn validate_with_good_game(name: &str, hostile: &[u8]) -> Outcome {
    let mut bytes = hostile.to_vec();
    bytes.extend_from_slice(GOOD_GAME.as_bytes());
    let path = temp_file(name, &bytes);
    let outcome = run(&["validate", path.to_str().expect("utf-8 path")]);
    assert_good_game_validated(&outcome);
    outcome
}

/// A record of many good games: enough output to fill any pipe buffer.
fn many_good_games() -> PathBuf {
    temp_file("many.pgn", GOOD_GAME.repeat(5000).as_bytes())
}

fn path_str(path: &std::path::Path) -> &str {
    path.to_str().expect("utf-8 path")
}

// 1. Write failures never panic.

#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let many = many_good_games();
    let commands: Vec<Vec<&str>> = vec![
        vec!["validate", path_str(&many)],
        vec!["export", path_str(&many)],
        vec!["replay", "fixtures/records/opera-game.pgn"],
        vec!["perft", "3", "--divide"],
        vec!["moves"],
        vec!["variants"],
        vec!["check", "fixtures/examples/chess.yaml"],
    ];
    for args in commands {
        let mut child =
            limited(&args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn");
        drop(child.stdout.take());
        let mut stderr = String::new();
        child.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("stderr");
        let status = wait_limited(&mut child);
        assert!(!stderr.contains("panicked"), "{args:?} panicked:\n{stderr}");
        assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?} should end quietly: {stderr}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_message() {
    let many = many_good_games();
    for args in [vec!["validate", path_str(&many)], vec!["variants"], vec!["perft", "2"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let mut command = limited(&args);
        command.stdout(full);
        let output = command.stdin(Stdio::null()).stderr(Stdio::piped()).output().expect("run");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?} panicked:\n{stderr}");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("cannot write to standard output"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_closed_stderr_is_survived() {
    let bad = temp_file("bad-many.pgn", "[Event \"x\"]\n\n1. e5 *\n\n".repeat(5000).as_bytes());
    let mut child = limited(&["validate", path_str(&bad)])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stderr.take());
    let mut stdout = String::new();
    child.stdout.take().expect("stdout").read_to_string(&mut stdout).expect("stdout");
    let status = wait_limited(&mut child);
    assert_eq!(status.code(), Some(1));
    assert!(stdout.contains("5000 game(s): 0 valid, 5000 invalid"), "{stdout}");
}

// 2. One bad input never stops the others.

#[test]
fn a_directory_a_missing_file_and_a_device_are_skipped() {
    let good = temp_file("good.pgn", GOOD_GAME.as_bytes());
    let dir = common::scratch("robust").join("a-folder");
    std::fs::create_dir_all(&dir).expect("folder");
    let mut args = vec!["validate", path_str(&dir), "no-such-file.pgn"];
    if cfg!(unix) {
        args.push("/dev/zero");
    }
    args.push(path_str(&good));
    let out = run(&args);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_good_game_validated(&out);
    assert!(out.stderr.contains("is a directory"), "{}", out.stderr);
    assert!(out.stderr.contains("no-such-file.pgn"), "{}", out.stderr);
    if cfg!(unix) {
        assert!(out.stderr.contains("/dev/zero: it is a device"), "{}", out.stderr);
    }
    let exported = run(&["export", path_str(&dir), path_str(&good)]);
    assert_eq!(exported.code, 2);
    assert!(exported.stdout.contains("[White \"Good\"]"), "{}", exported.stdout);
}

#[test]
fn check_goes_on_past_an_unreadable_file() {
    let dir = common::scratch("robust").join("another-folder");
    std::fs::create_dir_all(&dir).expect("folder");
    let out = run(&["check", path_str(&dir), "no-such.yaml", "fixtures/examples/chess.yaml"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stdout.contains("PASS fixtures/examples/chess.yaml"), "{}", out.stdout);
    assert!(out.stderr.contains("no-such.yaml"), "{}", out.stderr);
}

#[test]
fn an_oversized_game_is_skipped_and_still_counts_as_a_game() {
    let huge = format!("[Event \"huge\"]\n\n1. e4 {{{}}} *\n\n", "a".repeat(65 << 20));
    let out = validate_with_good_game("oversized.pgn", huge.as_bytes());
    assert_eq!(out.code, 2);
    assert!(out.stdout.contains("2 game(s): 1 valid, 0 invalid, 1 unreadable"), "{}", out.stdout);
    let path = common::scratch("robust").join("oversized.pgn");
    let second = run(&["fen", path_str(&path), "--game", "2"]);
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert!(second.stdout.starts_with("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2"), "{}", second.stdout);
    let first = run(&["fen", path_str(&path), "--game", "1"]);
    assert_eq!(first.code, 2);
    assert!(first.stderr.contains("larger than 64 MiB"), "{}", first.stderr);
}

// 3. No control characters from record text reach the terminal.

fn assert_no_escape_byte(outcome: &Outcome) {
    for (name, text) in [("stdout", &outcome.stdout), ("stderr", &outcome.stderr)] {
        assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'), "a control character reached {name}:\n{text}");
    }
}

#[test]
fn control_characters_in_a_record_are_escaped_everywhere() {
    let spoof = "[White \"\u{1b}[2JAll games valid\u{1b}[0m\"]\n[Black \"b\u{7}\"]\n\n\
                 1. e4 {\u{1b}[31mred} e5 2. Nf3 *\n\n[Event \"bad\"]\n\n1. e4 {\u{1b}[2J} e5\u{1b} *\n\n\
                 [Variant \"koopa\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1 \u{1b}[2J\"]\n\n*\n\n";
    let out = validate_with_good_game("spoof.pgn", spoof.as_bytes());
    assert_eq!(out.code, 2);
    assert_no_escape_byte(&out);
    assert!(out.stdout.contains("game 1 (\\u{1b}[2JAll games valid\\u{1b}[0m - b\\u{7}): valid"), "{}", out.stdout);
    assert!(out.stderr.contains("1. e4 {\\u{1b}[2J} e5\\u{1b} *"), "{}", out.stderr);
    assert!(out.stderr.contains("spoof.pgn:8:14"), "the column is the file's:\n{}", out.stderr);
    let path = common::scratch("robust").join("spoof.pgn");
    for command in ["replay", "fen", "diagram"] {
        let shown = run(&[command, path_str(&path)]);
        assert_eq!(shown.code, 0, "{command}: {}", shown.stderr);
        assert_no_escape_byte(&shown);
    }
    let diagram = run(&["diagram", path_str(&path), "--ply", "1"]);
    assert!(diagram.stdout.contains("\\u{1b}[31mred"), "{}", diagram.stdout);
    let snapshot = run(&["moves", "--variant", "koopa", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1 \u{1b}[2J"]);
    assert_eq!(snapshot.code, 2);
    assert_no_escape_byte(&snapshot);
}

#[test]
fn long_tokens_are_quoted_short() {
    let name = "W".repeat(1 << 20);
    let record = format!("[White \"{name}\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    let out = validate_with_good_game("long-name.pgn", record.as_bytes());
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains(&format!("({}... - ?)", "W".repeat(40))), "{}", out.stderr);
    assert!(out.stdout.len() + out.stderr.len() < 16 << 10, "{} bytes of output", out.stdout.len() + out.stderr.len());
}

// 4. Linear time on long lines; limits before the YAML parser.

#[test]
fn a_hundred_thousand_wrong_check_marks_on_one_line_are_capped() {
    let moves = "Nf3+ Nf6+ Ng1+ Ng8+ ".repeat(25_000);
    let record = format!("[Event \"marks\"]\n\n{moves}*\n\n");
    let out = validate_with_good_game("marks.pgn", record.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stderr.contains("more problem(s) in this game are not shown"), "{}", out.stderr);
    assert!(out.stderr.len() < 256 << 10, "the diagnostics run to {} bytes", out.stderr.len());
    assert!(out.stdout.contains("valid, 100000 plies"), "{}", out.stdout);
}

#[test]
fn check_refuses_deep_nesting_and_endless_files_before_parsing() {
    let brackets = temp_file("deep.yaml", format!("examples: {}", "[".repeat(400_000)).as_bytes());
    let dashes = temp_file("dashes.yaml", format!("examples:\n{}x\n", "- ".repeat(200_000)).as_bytes());
    let big = temp_file("big.yaml", format!("examples: []\n#{}\n", "x".repeat(2 << 20)).as_bytes());
    let mut args = vec!["check", path_str(&brackets), path_str(&dashes), path_str(&big)];
    if cfg!(unix) {
        args.push("/dev/zero");
    }
    args.push("fixtures/examples/koopa.yaml");
    let out = run(&args);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_eq!(out.stderr.matches("levels deep; example files may nest 64").count(), 2, "{}", out.stderr);
    assert_eq!(
        out.stderr.matches("the file is larger than 1024 KiB").count(),
        1 + usize::from(cfg!(unix)),
        "{}",
        out.stderr
    );
    assert!(out.stdout.contains("PASS fixtures/examples/koopa.yaml"), "{}", out.stdout);
}

// 6. The smaller items.

#[test]
fn diagram_all_refuses_too_many_files_and_pads_names_to_sort() {
    let moves: String = (0..300).map(|_| "Nf3 Nf6 Ng1 Ng8 ").collect();
    let record = temp_file("long.pgn", format!("{moves}*\n\n").as_bytes());
    let dir = common::scratch("robust").join("diagrams");
    let refused = run(&["diagram", path_str(&record), "--all", "-o", path_str(&dir)]);
    assert_eq!(refused.code, 2);
    assert!(refused.stderr.contains("--all would write 1201 files"), "{}", refused.stderr);
    assert!(!dir.exists(), "nothing is written when refused");
    let out = run(&["diagram", path_str(&record), "--all", "--max-files", "2000", "-o", path_str(&dir)]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().into_string().expect("name"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 1201);
    assert_eq!(names.first().map(String::as_str), Some("ply-0000.txt"));
    assert_eq!(names.last().map(String::as_str), Some("ply-1200.txt"));
}

#[test]
fn a_rule_is_checked_once_and_applied_where_it_means_something() {
    let bad = run(&["validate", "--rule", "birth=boom", "fixtures/records/opera-game.pgn"]);
    assert_eq!(bad.code, 2);
    assert_eq!(bad.stderr.lines().count(), 1, "one message, before any game:\n{}", bad.stderr);
    assert!(bad.stderr.contains("--rule birth takes fizzle or strike, not `boom`"), "{}", bad.stderr);
    let unknown = run(&["validate", "--rule", "bogus=1", "fixtures/records/opera-game.pgn"]);
    assert_eq!(unknown.code, 2);
    assert!(unknown.stdout.is_empty(), "{}", unknown.stdout);
    let mixed = run(&[
        "validate",
        "--rule",
        "birth=strike",
        "fixtures/records/opera-game.pgn",
        "fixtures/records/bubble-fizz-invigorated.pgn",
    ]);
    assert_eq!(mixed.code, 0, "{}", mixed.stderr);
    assert!(mixed.stderr.contains("warning: --rule birth=strike applies to bubble-fizz only"), "{}", mixed.stderr);
    assert!(mixed.stdout.contains("2 game(s): 2 valid"), "{}", mixed.stdout);
}

#[test]
fn a_long_koopa_stuns_list_is_refused_briefly() {
    let stuns = vec!["e5:4"; 100_000].join(",");
    let record = format!("[Variant \"koopa\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - {stuns} 0 1\"]\n\n*\n\n");
    let out = validate_with_good_game("stuns.pgn", record.as_bytes());
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("lists more stuns than the board has squares"), "{}", out.stderr);
    assert!(out.stderr.len() < 16 << 10, "{} bytes of messages", out.stderr.len());
}

#[test]
fn impossible_en_passant_squares_are_refused_in_every_variant() {
    let cases = [
        ("chess", "3k4/8/8/8/8/8/8/4K3 w - e8 0 1"),
        ("tilting", "3k4/8/8/8/8/8/8/4K3 w - e8 0 1 Bb"),
        ("bouncing", "3k4/8/8/8/8/8/8/4K3 w - e8 0 1"),
        ("bubble-fizz", "3k4/8/8/8/8/8/8/4K3 b - e1 0 1 - -"),
        ("bellows", "5k6/12/12/12/12/12/12/12/12/12/12/6K5 w - e12 0 1 12"),
        ("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1"),
    ];
    for (variant, fen) in cases {
        let out = run(&["moves", "--variant", variant, "--fen", fen]);
        assert_eq!(out.code, 2, "{variant} {fen}: {}", out.stdout);
        assert!(out.stderr.contains("en passant square"), "{variant}: {}", out.stderr);
    }
    let fine = run(&["moves", "--variant", "chess", "--fen", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"]);
    assert!(fine.stdout.lines().any(|l| l == "exd6"), "{}", fine.stdout);
}

// 7. Memory per game: validate keeps no position per ply and no variation.

#[test]
fn validate_replays_long_games_and_many_variations_without_keeping_them() {
    let long = format!("[Event \"long\"]\n\n{}*\n\n", "Nf3 Nf6 Ng1 Ng8 ".repeat(50_000));
    let siblings = format!("[Event \"siblings\"]\n\n1. e4 {}(1. d4 d5 2. Qxd5) e5 *\n\n", "(1. d4) ".repeat(100_000));
    let out = validate_with_good_game("long-and-wide.pgn", format!("{long}{siblings}").as_bytes());
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stdout.contains("game 1 (? - ?): valid, 200000 plies"), "{}", out.stdout);
    assert!(
        out.stdout.contains("game 2 (? - ?): invalid (main line valid, 1 variation broken), 2 plies"),
        "{}",
        out.stdout
    );
    assert!(out.stderr.contains("illegal turn `Qxd5`"), "{}", out.stderr);
    let wide = temp_file(
        "wide.pgn",
        format!("[Event \"w\"]\n\n1. e4 {}e5 2. Nf3 *\n\n", "(1. d4 d5) ".repeat(50_000)).as_bytes(),
    );
    let exported = run(&["export", path_str(&wide)]);
    assert_eq!(exported.code, 0, "{}", exported.stderr);
    assert_eq!(exported.stdout.matches("(1. d4 d5)").count(), 50_000);
    assert!(
        exported.stdout.contains("e5 2. Nf3 *"),
        "{}",
        &exported.stdout[exported.stdout.len().saturating_sub(200)..]
    );
}

// 8. Bubble Fizz: perft and moves walk turns one at a time and stop at a budget.

const EIGHT_INVIGORATED_PAWNS: &str = "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 - a2:0,b2:0,c2:0,d2:0,e2:0,f2:0,g2:0,h2:0";

#[test]
fn perft_and_moves_of_an_exploding_position_stop_at_their_budget() {
    let perft =
        run(&["perft", "--variant", "bubble-fizz", "--fen", EIGHT_INVIGORATED_PAWNS, "1", "--max-turns", "100000"]);
    assert_eq!(perft.code, 2);
    assert!(perft.stderr.contains("stopped after 100000 turns"), "{}", perft.stderr);
    assert!(perft.stderr.contains("--max-turns 1000000"), "{}", perft.stderr);
    let moves = run(&["moves", "--variant", "bubble-fizz", "--fen", EIGHT_INVIGORATED_PAWNS, "--max-turns", "10000"]);
    assert_eq!(moves.code, 2);
    assert!(moves.stdout.is_empty(), "{}", moves.stdout);
    assert!(moves.stderr.contains("budget of --max-turns"), "{}", moves.stderr);
    let counted = run(&["perft", "--variant", "bubble-fizz", "3"]);
    assert_eq!(counted.stdout.trim(), "8902", "{}", counted.stderr);
}

// 5. The reader batches by bytes: 160 MB of 4 MiB games fit in 192 MiB of address space.

#[test]
fn large_games_are_read_a_few_at_a_time() {
    let game = format!("[Event \"big\"]\n\n1. e4 {{{}}} e5 *\n\n", "a".repeat(4 << 20));
    let mut bytes = game.repeat(40).into_bytes();
    bytes.extend_from_slice(GOOD_GAME.as_bytes());
    let path = temp_file("big-games.pgn", &bytes);
    drop(bytes);
    let out = finish(limited_to(192 << 20, &["validate", path_str(&path)]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_good_game_validated(&out);
    assert!(out.stdout.contains("41 game(s): 41 valid"), "{}", out.stdout);
    std::fs::remove_file(&path).expect("remove the big file");
}

#[test]
fn an_error_after_many_warnings_is_still_shown() {
    let record = format!("[Event \"late error\"]\n\n{}Ke2 *\n\n", "Nf3+ Nf6+ Ng1+ Ng8+ ".repeat(100));
    let out = validate_with_good_game("late-error.pgn", record.as_bytes());
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("illegal turn `Ke2`"), "{}", out.stderr);
    assert!(out.stderr.contains("more problem(s) in this game are not shown"), "{}", out.stderr);
}
