//! `validate --format json` follows its documented schema (`notation/validate.schema.json`)
//! for every record of the fixtures and for records made to show each kind of problem.

use crate::test::run_arbiter;
use serde_json::Value;
use std::collections::BTreeSet;
use std::ffi::OsString;

/// Records that between them give every kind of problem a replay can find.
const EVERY_KIND: &str = "\
[Event \"illegal, in a variation, wrong move number, check mark, imprecise\"]\n\n\
1. e4 e5 (1... Nf3) 3. Nf3+ Nc6 2. Bb5 Ng8e7 *\n\n\
[Event \"ambiguous\"]\n\n\
1. d4 d5 2. Nf3 e6 3. Nd2 *\n\n\
[Event \"result\"]\n\n\
1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n\n\
[Event \"result tag\"]\n[Result \"1-0\"]\n\n\
1. e4 *\n\n\
[Event \"played on after a draw\"]\n[FEN \"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1\"]\n\n\
1. Kxd2 Kd7 2. Kd3 1-0\n\n\
[Event \"syntax\"]\n\n\
1. e4 ) *\n\n\
[Event \"unreadable\"]\n[Variant \"no such variant\"]\n\n\
1. e4 *\n\n\
[Event \"reading\"]\n\n\
1 e4 e5 1-0 Black resigned\n";

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string("notation/validate.schema.json").expect("the schema is in notation/");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

fn validate_json(args: &[&str], stdin: &str) -> Value {
    let mut all: Vec<OsString> = ["validate", "--format", "json"].iter().map(OsString::from).collect();
    all.extend(args.iter().map(OsString::from));
    let out = run_arbiter(&all, stdin.as_bytes());
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", out.stdout))
}

fn assert_follows_schema(validator: &jsonschema::Validator, output: &Value, what: &str) {
    let errors: Vec<String> =
        validator.iter_errors(output).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}");
}

#[test]
fn every_kind_of_problem_follows_the_schema() {
    let validator = validator();
    let output = validate_json(&["-"], EVERY_KIND);
    assert_follows_schema(&validator, &output, "made records");
    let kinds: BTreeSet<&str> = output
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|game| game["problems"].as_array().into_iter().flatten())
        .filter_map(|p| p["kind"].as_str())
        .collect();
    let expected = [
        "ambiguous",
        "check-mark",
        "illegal",
        "imprecise",
        "move-number",
        "played-on",
        "result",
        "reading",
        "result-tag",
        "syntax",
        "unreadable",
    ];
    assert_eq!(kinds, expected.into_iter().collect(), "{output:#}");
}

#[test]
fn every_fixture_record_follows_the_schema() {
    let validator = validator();
    let mut files: Vec<String> = ["fixtures/records", "fixtures/diagnostics"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).expect("the folder exists"))
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn")))
        .map(|path| path.display().to_string())
        .collect();
    files.sort();
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let output = validate_json(&args, "");
    assert!(output.as_array().is_some_and(|games| games.len() >= files.len()), "one object per game");
    assert_follows_schema(&validator, &output, "fixtures");
}

#[test]
fn the_schema_refuses_a_problem_of_an_unknown_kind() {
    let mut output = validate_json(&["-"], "1. e4 e5 2. Ke3 *\n");
    output[0]["problems"][0]["kind"] = Value::from("bad-luck");
    assert!(!validator().is_valid(&output));
}

#[test]
fn a_problem_names_its_turn_its_place_and_a_suggestion() {
    let output = validate_json(&["-"], "1. e4 e5\n2. Nf3 Nc6 3. Bb5+ *\n");
    let problem = &output[0]["problems"][0];
    assert_eq!(problem["kind"], "check-mark");
    assert_eq!(problem["ply"], 5);
    assert_eq!(problem["move_number"], 3);
    assert_eq!(problem["side"], "White");
    assert_eq!(problem["written"], "Bb5+");
    assert_eq!(problem["suggestion"], "Bb5");
    assert_eq!((&problem["line"], &problem["column"]), (&Value::from(2), &Value::from(15)));
    assert_eq!((&problem["end_line"], &problem["end_column"]), (&Value::from(2), &Value::from(19)));
}
