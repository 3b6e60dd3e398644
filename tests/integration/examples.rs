//! `arbiter check` over the project's own example files, and its failure modes.

use assert_cmd::Command;
use predicates::str::contains;

fn arbiter() -> Command {
    Command::cargo_bin("arbiter").expect("the arbiter binary is built for tests")
}

fn example_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir("fixtures/examples")
        .expect("fixtures/examples exists")
        .filter_map(std::result::Result::ok)
        .map(|e| e.path().display().to_string())
        .filter(|p| std::path::Path::new(p).extension().is_some_and(|e| e.eq_ignore_ascii_case("yaml")))
        .collect();
    files.sort();
    files
}

#[test]
fn every_example_file_passes() {
    let files = example_files();
    assert!(!files.is_empty());
    let out = arbiter().arg("check").args(&files).assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(stdout.lines().last().is_some_and(|l| l.ends_with(" passed, 0 failed")), "{stdout}");
    assert!(!stdout.contains("FAIL"), "{stdout}");
}

/// An example file written into a fresh temporary folder, which is removed with it when
/// the test ends, whether it passes or fails.
struct TempCopy {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
}

impl AsRef<std::path::Path> for TempCopy {
    fn as_ref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for TempCopy {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

fn temp_copy(name: &str, text: &str) -> TempCopy {
    let dir = tempfile::Builder::new().prefix("arbiter-examples-").tempdir().expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("temp file");
    TempCopy { _dir: dir, path }
}

#[test]
fn a_changed_snapshot_fails_with_a_readable_diff() {
    let original = std::fs::read_to_string("fixtures/examples/chess.yaml").expect("chess examples");
    let good = "rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3";
    assert!(original.contains(good));
    let broken = original.replacen(good, "rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4", 1);
    let path = temp_copy("changed.yaml", &broken);
    arbiter()
        .arg("check")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(contains("FAIL"))
        .stdout(contains("--- expected"))
        .stdout(contains("+++ actual"))
        .stdout(contains("-rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4"))
        .stdout(contains("+rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"))
        .stdout(contains(" passed, 1 failed"));
}

#[test]
fn a_misspelled_key_is_an_error() {
    let path = temp_copy(
        "typo.yaml",
        "variant: chess\nexamples:\n  - name: typo\n    moves: \"1. e4\"\n    expect:\n      snapshoot: \"x\"\n",
    );
    arbiter()
        .arg("check")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(contains("unknown field `snapshoot`"))
        .stderr(contains(":6:"));
}

#[test]
fn malformed_yaml_names_line_and_column() {
    let path = temp_copy("bad.yaml", "variant: chess\nexamples:\n  - name: [unclosed\n");
    arbiter().arg("check").arg(&path).assert().code(2).stderr(contains("bad.yaml:"));
}

#[test]
fn json_output_counts_passes_and_failures() {
    let out = arbiter().args(["check", "--format", "json", "fixtures/examples/chess.yaml"]).assert().success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    assert_eq!(json["failed"], 0);
    assert!(json["passed"].as_u64().is_some_and(|n| n > 10));
}

#[test]
fn an_unknown_variant_is_a_configuration_error_said_once() {
    let text =
        "variant: no-such\nexamples:\n  - name: one\n    moves: \"1. e4\"\n  - name: two\n    moves: \"1. d4\"\n";
    let path = temp_copy("unknown-variant.yaml", text);
    let out = arbiter().arg("check").arg(&path).assert().code(2);
    let output = out.get_output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().filter(|l| l.starts_with("error:")).count(), 1, "{stderr}");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("FAIL"));
}

#[test]
fn a_file_without_examples_is_an_error() {
    let path = temp_copy("empty.yaml", "variant: chess\nexamples: []\n");
    arbiter().arg("check").arg(&path).assert().code(2).stderr(contains("the file holds no example"));
}

#[test]
fn a_fail_line_names_the_line_of_the_example() {
    let text = "examples:\n  - name: fine\n    moves: \"1. e4\"\n\n  - name: wrong\n    moves: \"1. e4\"\n    expect:\n      status: check\n";
    let path = temp_copy("fail-line.yaml", text);
    arbiter().arg("check").arg(&path).assert().code(1).stdout(contains("fail-line.yaml:5: wrong"));
}

#[test]
fn strict_fails_an_example_with_a_notation_warning() {
    let path = temp_copy("strict.yaml", "examples:\n  - name: mark\n    moves: \"1. e4+\"\n");
    arbiter().arg("check").arg(&path).assert().success();
    arbiter().args(["check", "--strict"]).arg(&path).assert().code(1).stdout(contains("gives no check"));
}

#[test]
fn bless_writes_the_actual_values_and_keeps_comments() {
    let text = "# my examples\nexamples:\n  - name: fool's mate   # the shortest\n    moves: \"1. f3 e5 2. g4 Qh4#\"\n    \
                expect:\n      snapshot:   # fill me\n      status: \"wrong\"\n\n  - name: quiet\n    moves: \"1. e4\"\n    \
                expect:\n      result:\n";
    let path = temp_copy("bless.yaml", text);
    arbiter().arg("check").arg(&path).assert().code(1);
    arbiter().args(["check", "--bless"]).arg(&path).assert().success().stderr(contains("3 value(s) written"));
    let blessed = std::fs::read_to_string(&path).expect("the blessed file");
    let expected = "# my examples\nexamples:\n  - name: fool's mate   # the shortest\n    moves: \"1. f3 e5 2. g4 Qh4#\"\n    \
                    expect:\n      snapshot: \"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\" # fill me\n      \
                    status: \"checkmate\"\n\n  - name: quiet\n    moves: \"1. e4\"\n    expect:\n      result: \"*\"\n";
    assert_eq!(blessed, expected);
    arbiter().arg("check").arg(&path).assert().success();
}

#[test]
fn bless_writes_diagrams_legal_moves_and_illegal_plies() {
    let text = "examples:\n  - name: mate   # keep\n    moves: \"1. f3 e5 2. g4 Qh4#\"\n    expect:\n      \
                legal_moves:   # none left\n      diagram:\n\n  - name: broken\n    moves: \"1. d4 d5 2. Nbf3\"\n    \
                expect:\n      illegal:\n\n  - name: bare kings\n    start: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n    \
                expect:\n      legal_moves: [Kd1]\n      status: \"\"\n";
    let path = temp_copy("bless-blocks.yaml", text);
    arbiter().arg("check").arg(&path).assert().code(1);
    arbiter().args(["check", "--bless"]).arg(&path).assert().success().stderr(contains("5 value(s) written"));
    let blessed = std::fs::read_to_string(&path).expect("the blessed file");
    let lines: Vec<&str> = blessed.lines().collect();
    assert_eq!(lines[1], "  - name: mate   # keep");
    assert_eq!(lines[4], "      legal_moves: [] # none left");
    assert_eq!(lines[5], "      diagram: |2");
    assert!(lines[6].starts_with("        ") && lines[6].contains("+---"), "{blessed}");
    assert!(
        blessed.contains(
            "      illegal: { ply: 3, reason: \"no white knight on the b-file can move to f3; Nf3 is legal\" }\n"
        ),
        "{blessed}"
    );
    assert!(blessed.contains("      legal_moves: [Kd1, Kd2, Ke2, Kf1, Kf2]\n      status: \""), "{blessed}");
    assert!(!blessed.contains("status: \"\""), "{blessed}");
    arbiter().arg("check").arg(&path).assert().success();
    arbiter().args(["check", "--bless"]).arg(&path).assert().success().stderr("");
}
