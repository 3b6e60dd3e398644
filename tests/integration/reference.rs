//! Differential test against the independent Python implementations of Bellows, Bubble
//! Fizz, Bouncing, Koopa and Tilting in `tools/reference/`, written from RULINGS.md
//! alone. Their outputs are kept in `fixtures/reference/` (how to make them again:
//! `tools/reference/README.md`), so this test needs no Python: for every option set it
//! compares perft counts, the sorted legal turns of each position, and the snapshot
//! after every ply of seeded random games, which `arbiter replay` must reproduce from
//! the games' notation.

use arbiter::rules::perft::perft;
use arbiter::variants::prelude::*;
use arbiter::variants::{lookup, parse_rule_options};
use assert_cmd::Command;
use std::path::Path;

/// Perft counts above this are left to release runs (`cargo test --release`).
const MAX_NODES: u64 = 60_000;

/// One reference output set: the variant, its rule options, and the file prefix.
struct Set {
    variant: &'static str,
    rules: &'static str,
    prefix: &'static str,
}

const SETS: &[Set] = &[
    Set { variant: "bellows", rules: "", prefix: "bellows" },
    Set { variant: "bellows", rules: "schedule=8-10-12-10", prefix: "bellows-schedule-8-10-12-10" },
    Set { variant: "bellows", rules: "turn=move", prefix: "bellows-turn-move" },
    Set {
        variant: "bellows",
        rules: "schedule=8-10-12-10; turn=move",
        prefix: "bellows-schedule-8-10-12-10-turn-move",
    },
    Set { variant: "bubble-fizz", rules: "", prefix: "bubble-fizz" },
    Set { variant: "bubble-fizz", rules: "birth=strike", prefix: "bubble-fizz-strike" },
    Set { variant: "bouncing", rules: "", prefix: "bouncing" },
    Set { variant: "koopa", rules: "", prefix: "koopa" },
    Set { variant: "tilting", rules: "", prefix: "tilting" },
];

fn read(prefix: &str, kind: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("fixtures/reference/{prefix}-{kind}.txt"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn variant(set: &Set) -> Box<dyn Variant> {
    let options = parse_rule_options(set.rules).expect("reference options parse");
    lookup(set.variant, &options).expect("reference variant exists")
}

#[test]
fn perft_counts_agree_with_the_reference() {
    let mut compared = 0;
    for set in SETS {
        let v = variant(set);
        for line in read(set.prefix, "perft").lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            let [snapshot, depth, count] = fields.as_slice() else { panic!("bad perft line {line}") };
            let depth: u32 = depth.trim_start_matches("depth").trim().parse().expect("depth");
            let count: u64 = count.parse().expect("count");
            if count > MAX_NODES {
                continue;
            }
            let pos = v.read_snapshot(snapshot).unwrap_or_else(|e| panic!("{}: {snapshot}: {e:?}", set.prefix));
            assert_eq!(perft(v.as_ref(), &pos, depth), count, "{} {snapshot} depth {depth}", set.prefix);
            compared += 1;
        }
    }
    assert!(compared > 50, "only {compared} counts compared");
}

#[test]
fn legal_turns_agree_with_the_reference() {
    for set in SETS {
        let v = variant(set);
        let text = read(set.prefix, "moves");
        for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
            let mut lines = block.lines();
            let snapshot = lines.next().expect("snapshot line");
            let expected: Vec<&str> = lines.collect();
            let pos = v.read_snapshot(snapshot).unwrap_or_else(|e| panic!("{}: {snapshot}: {e:?}", set.prefix));
            let mut turns = Vec::new();
            v.legal_turns(&pos, &mut turns);
            let mut written: Vec<String> =
                turns.iter().map(|t| v.write_turn(&pos, t).expect("a decided notation")).collect();
            written.sort();
            assert_eq!(written, expected, "{} {snapshot}", set.prefix);
        }
    }
}

#[test]
fn random_games_replay_to_the_reference_snapshots() {
    let mut plies = 0;
    for set in SETS {
        let text = read(set.prefix, "games");
        for game in text.split("GAME ").skip(1) {
            let rows: Vec<(&str, &str)> = game.lines().filter_map(|l| l.split_once('\t')).collect();
            let mut movetext = String::new();
            for (i, (san, _)) in rows.iter().enumerate() {
                if i % 2 == 0 {
                    movetext.push_str(&format!("{}. ", i / 2 + 1));
                }
                movetext.push_str(san);
                movetext.push(' ');
            }
            let record = format!("[Variant \"{}\"]\n[Rules \"{}\"]\n\n{movetext}*\n", set.variant, set.rules);
            let out = Command::cargo_bin("arbiter").expect("binary").args(["replay", "-"]).write_stdin(record).output();
            let out = out.expect("replay runs");
            let stdout = String::from_utf8_lossy(&out.stdout);
            let replayed: Vec<&str> = stdout.lines().filter(|l| !l.trim().is_empty()).collect();
            for (i, (san, snapshot)) in rows.iter().enumerate() {
                let row = replayed.get(i).copied().unwrap_or("");
                assert!(
                    row.trim_end().ends_with(snapshot),
                    "{} game {} ply {} `{san}`: expected {snapshot}\ngot {row}\n{}",
                    set.prefix,
                    game.lines().next().unwrap_or(""),
                    i + 1,
                    String::from_utf8_lossy(&out.stderr)
                );
                plies += 1;
            }
        }
    }
    assert!(plies > 1000, "only {plies} plies compared");
}
