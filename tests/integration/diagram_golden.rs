//! Golden SVG diagrams: one position of each variant drawn and compared with the
//! file kept in `fixtures/diagrams/`. `ARBITER_BLESS=1 cargo test --test
//! diagram_golden` rewrites the files after a deliberate change of the drawing.

use assert_cmd::Command;
use similar::TextDiff;

/// Variant, record, ply: a position that shows what the variant adds.
const CASES: [(&str, &str, &str); 6] = [
    ("chess", "opera-game.pgn", "33"),
    ("tilting", "tilting-samples.pgn", "6"),
    ("bouncing", "bouncing-seed.pgn", "2"),
    ("koopa", "koopa-seed.pgn", "4"),
    ("bellows", "bellows-queen-raid.pgn", "4"),
    ("bubble-fizz", "bubble-fizz-invigorated.pgn", "13"),
];

fn drawn(record: &str, ply: &str) -> String {
    let out = Command::cargo_bin("arbiter")
        .expect("the arbiter binary is built for tests")
        .args(["diagram", &format!("fixtures/records/{record}"), "--ply", ply, "--format", "svg"])
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone()).expect("SVG is UTF-8")
}

/// One element a line, so that a diff shows what changed.
fn lines(svg: &str) -> String {
    svg.replace("><", ">\n<")
}

#[test]
fn every_variant_draws_its_golden_svg() {
    let bless = std::env::var("ARBITER_BLESS").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    for (variant, record, ply) in CASES {
        let path = format!("fixtures/diagrams/{variant}.svg");
        let actual = drawn(record, ply);
        roxmltree::Document::parse(&actual).expect("well-formed XML");
        if bless {
            std::fs::write(&path, &actual).expect("golden file written");
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if expected != actual {
            let (old, new) = (lines(&expected), lines(&actual));
            let diff =
                TextDiff::from_lines(&old, &new).unified_diff().context_radius(2).header(&path, "drawn").to_string();
            failures.push(diff);
        }
    }
    assert!(
        failures.is_empty(),
        "diagrams differ from their golden files (ARBITER_BLESS=1 rewrites them):\n{}",
        failures.join("\n")
    );
}
