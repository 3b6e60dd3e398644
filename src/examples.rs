//! Documented examples (SPEC section 7): YAML files of small games with expected
//! snapshots, diagrams, statuses, results, legal turns and illegal plies, and the
//! checker that replays each example and compares.

use crate::diagnostics::Severity;
use crate::record::parse_game;
use crate::render::{draw, Style};
use crate::replay::{self, ReplayOptions};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One example file.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ExampleFile {
    /// The variant of every example in the file (default `chess`).
    #[serde(default = "default_variant")]
    pub variant: String,
    /// Rule options for every example (`key: value`).
    #[serde(default)]
    pub rules: BTreeMap<String, String>,
    pub examples: Vec<Example>,
}

fn default_variant() -> String {
    "chess".to_string()
}

/// One example: a start, turns, and what must hold after them.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Example {
    pub name: String,
    /// Where the example comes from (free text).
    #[serde(default)]
    pub source: Option<String>,
    /// `startpos` (the default) or a snapshot.
    #[serde(default)]
    pub start: Option<String>,
    /// Movetext in record notation.
    #[serde(default)]
    pub moves: String,
    #[serde(default)]
    pub expect: Expect,
}

/// What must hold after the last turn; every key is optional.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    pub snapshot: Option<String>,
    pub diagram: Option<String>,
    pub status: Option<String>,
    pub result: Option<String>,
    pub legal_moves: Option<Vec<String>>,
    pub illegal: Option<Illegal>,
}

/// The record must fail at this ply, with `reason` inside the message.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct Illegal {
    pub ply: usize,
    pub reason: String,
}

/// One expectation that did not hold.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub key: &'static str,
    pub expected: String,
    pub actual: String,
}

/// The result of checking one example.
#[derive(Serialize, Debug, Default)]
pub struct Checked {
    pub name: String,
    pub mismatches: Vec<Mismatch>,
    /// The actual value of each expectation, for `--bless`; empty when the example
    /// could not be replayed.
    #[serde(skip)]
    pub actual: Vec<(&'static str, Actual)>,
}

/// What an example's last position really shows, in the shape its expectation takes
/// in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actual {
    /// A one-line text (`snapshot`, `status`, `result`).
    Line(String),
    /// A text of several lines (`diagram`).
    Block(String),
    /// A set of texts, sorted (`legal_moves`).
    List(Vec<String>),
    /// The first illegal turn: its ply and the reason given for it.
    Illegal { ply: usize, reason: String },
}

impl Checked {
    pub fn passed(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// Example files larger than this are refused before parsing: the largest real one
/// is a few tens of kilobytes.
pub const MAX_EXAMPLE_FILE_BYTES: u64 = 1 << 20;

/// Example files nested deeper than this are refused before parsing (a real one
/// nests five levels): the YAML parser's time grows with the square of the depth.
pub const MAX_EXAMPLE_NESTING: usize = 64;

/// The text of an example file, read up to [`MAX_EXAMPLE_FILE_BYTES`] and no further,
/// so that an endless input (`/dev/zero`) costs no memory.
pub fn read_limited(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_EXAMPLE_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_EXAMPLE_FILE_BYTES {
        return Err(format!("the file is larger than {} KiB", MAX_EXAMPLE_FILE_BYTES >> 10));
    }
    String::from_utf8(bytes).map_err(|e| format!("the file is not valid UTF-8 (byte {})", e.utf8_error().valid_up_to()))
}

/// An upper bound on how deep the collections of a YAML text nest: open flow
/// brackets (outside quotes and comments), plus, per line, the indentation levels
/// still open and the `- ` and `? ` entries that begin the line. Block scalars
/// (diagrams) can only make the bound larger than the truth, never smaller.
pub fn nesting_bound(text: &str) -> usize {
    let mut deepest = 0;
    let mut flow = 0usize;
    let mut indents: Vec<usize> = Vec::new();
    for line in text.lines() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let rest = line.get(indent..).unwrap_or("");
        if !rest.is_empty() && !rest.starts_with('#') {
            while indents.last().is_some_and(|&top| top > indent) {
                indents.pop();
            }
            if indents.last().is_none_or(|&top| top < indent) {
                indents.push(indent);
            }
        }
        let entries =
            rest.split(' ').take_while(|word| matches!(*word, "-" | "?" | "")).filter(|w| !w.is_empty()).count();
        let mut quote = None;
        let mut previous = ' ';
        for c in rest.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') if flow > 0 => quote = Some(c),
                (None, '#') if previous == ' ' => break,
                (None, '[' | '{') => flow += 1,
                (None, ']' | '}') => flow = flow.saturating_sub(1),
                _ => {}
            }
            previous = c;
            deepest = deepest.max(flow);
        }
        deepest = deepest.max(indents.len() + entries + flow);
    }
    deepest
}

/// Reads an example file; the error names line and column of the YAML problem.
/// A text nested deeper than [`MAX_EXAMPLE_NESTING`] is refused before parsing.
pub fn read(text: &str) -> Result<ExampleFile, String> {
    let depth = nesting_bound(text);
    if depth > MAX_EXAMPLE_NESTING {
        return Err(format!(" the file nests about {depth} levels deep; example files may nest {MAX_EXAMPLE_NESTING}"));
    }
    serde_yaml::from_str(text).map_err(|e| match e.location() {
        Some(at) => format!("{}:{}: {e}", at.line(), at.column()),
        None => e.to_string(),
    })
}

/// Checks every example of a file; with `strict`, notation warnings in `moves` fail.
pub fn check_file(file: &ExampleFile, strict: bool) -> Vec<Checked> {
    file.examples.iter().map(|example| check(file, example, strict)).collect()
}

/// [`check_file`], keeping every actual value for `--bless` (the diagram and the
/// legal turns are worked out even where no expectation asks for them).
pub fn check_file_for_bless(file: &ExampleFile, strict: bool) -> Vec<Checked> {
    file.examples.iter().map(|example| check_with(file, example, strict, true)).collect()
}

/// Why a file's settings cannot be used (an unknown variant or rule option), before
/// any example runs; or why it has nothing to check.
pub fn configuration_error(file: &ExampleFile) -> Option<String> {
    if file.examples.is_empty() {
        return Some("the file holds no example".to_string());
    }
    crate::variants::lookup(&file.variant, &file.rules).err()
}

/// The 1-based line of each example's `name:` in the file's text, in order (0 when
/// not found): FAIL lines point there.
pub fn example_lines(text: &str, file: &ExampleFile) -> Vec<usize> {
    let mut lines = text.lines().enumerate().filter(|(_, line)| {
        let line = line.trim_start().trim_start_matches("- ").trim_start();
        line.starts_with("name:")
    });
    file.examples
        .iter()
        .map(|example| lines.find(|(_, line)| line.contains(example.name.as_str())).map_or(0, |(i, _)| i + 1))
        .collect()
}

fn failed(name: &str, key: &'static str, expected: String, actual: String) -> Checked {
    Checked { name: name.to_string(), mismatches: vec![Mismatch { key, expected, actual }], actual: Vec::new() }
}

/// Replays one example and compares every expectation it states.
pub fn check(file: &ExampleFile, example: &Example, strict: bool) -> Checked {
    check_with(file, example, strict, false)
}

/// Replays one example and compares; with `every_actual`, [`Checked::actual`] holds
/// every value `--bless` may write, else only the one-line ones.
fn check_with(file: &ExampleFile, example: &Example, strict: bool, every_actual: bool) -> Checked {
    let mut text = format!("[Variant \"{}\"]\n", file.variant.replace('"', "\\\""));
    if let Some(start) = example.start.as_deref().filter(|s| *s != "startpos") {
        text.push_str(&format!("[FEN \"{}\"]\n", start.replace('"', "\\\"")));
    }
    text.push('\n');
    text.push_str(&example.moves);
    text.push('\n');
    let game = match parse_game(&text) {
        Ok(game) => game,
        Err(e) => return failed(&example.name, "moves", "a readable record".into(), e.message),
    };
    let options = ReplayOptions { rules: file.rules.clone(), strict, verdict_only: false, ..ReplayOptions::default() };
    let (variant, start) = match replay::setup(&game, &options) {
        Ok((variant, start, _)) => (variant, start),
        Err(problems) => {
            let message = problems.into_iter().map(|p| p.message).collect::<Vec<_>>().join("; ");
            // `illegal: { ply: 0 }` expects the start itself to be refused.
            return match &example.expect.illegal {
                Some(illegal) if illegal.ply == 0 && message.contains(&illegal.reason) => {
                    Checked { name: example.name.clone(), ..Checked::default() }
                }
                _ => failed(&example.name, "start", "a usable variant and start".into(), message),
            };
        }
    };
    let replay = replay::replay(&game, &text, 1, variant, start, &options);
    let mut mismatches = Vec::new();
    let mut compare = |key: &'static str, expected: Option<String>, actual: &dyn Fn() -> String| {
        if let Some(expected) = expected {
            let actual = actual();
            if expected.trim_end() != actual.trim_end() {
                mismatches.push(Mismatch { key, expected, actual });
            }
        }
    };
    let first_error = replay.problems.iter().find(|p| p.severity >= Severity::Error);
    let reached = replay.line.plies.len();
    match (&example.expect.illegal, first_error) {
        (Some(illegal), Some(error)) if replay.line.broken => {
            compare("illegal.ply", Some(illegal.ply.to_string()), &|| (reached + 1).to_string());
            if !error.message.contains(&illegal.reason) {
                compare("illegal.reason", Some(illegal.reason.clone()), &|| error.message.clone());
            }
        }
        (Some(illegal), error) => compare("illegal", Some(format!("ply {} is illegal", illegal.ply)), &|| {
            error.map_or("every turn is legal".to_string(), |e| e.message.clone())
        }),
        (None, Some(error)) => compare("legality", Some("every turn is legal".into()), &|| error.message.clone()),
        (None, None) => {}
    }
    let expect = &example.expect;
    let last = replay.final_position();
    let diagram = || {
        let last_ply = reached.checked_sub(1).and_then(|i| game.line().ply(i));
        let comments =
            last_ply.map_or(Vec::new(), |p| p.comments().iter().map(|c| c.text(&text).to_string()).collect());
        draw(last, Style::Text, false, &replay.caption(reached, comments))
    };
    compare("snapshot", expect.snapshot.clone(), &|| replay.variant.write_snapshot(last));
    compare("status", expect.status.clone(), &|| replay.final_status.word().to_string());
    compare("result", expect.result.clone(), &|| replay.board_result().unwrap_or("*").to_string());
    compare("diagram", expect.diagram.clone(), &diagram);
    let sorted_lines = |mut list: Vec<String>| {
        list.sort();
        list.join("\n")
    };
    let legal_moves = || {
        let mut turns = Vec::new();
        replay.variant.legal_turns(last, &mut turns);
        // A turn whose notation the variant cannot decide shows why, and mismatches.
        let written = |t| replay.variant.write_turn(last, t).unwrap_or_else(|undecided| undecided.to_string());
        let mut list: Vec<String> = turns.iter().map(written).collect();
        list.sort();
        list
    };
    compare("legal_moves", expect.legal_moves.clone().map(sorted_lines), &|| legal_moves().join("\n"));
    let mut actual = vec![
        ("snapshot", Actual::Line(replay.variant.write_snapshot(last))),
        ("status", Actual::Line(replay.final_status.word().to_string())),
        ("result", Actual::Line(replay.board_result().unwrap_or("*").to_string())),
    ];
    if every_actual {
        actual.push(("diagram", Actual::Block(diagram())));
        actual.push(("legal_moves", Actual::List(legal_moves())));
    }
    if let (Some(error), true) = (first_error, replay.line.broken) {
        actual.push(("illegal", Actual::Illegal { ply: reached + 1, reason: reason_of(&error.message) }));
    }
    Checked { name: example.name.clone(), mismatches, actual }
}

/// The reason of an illegal turn's message, without the `illegal turn `Nd5`: ` that
/// names the turn (the expectation already gives the ply).
fn reason_of(message: &str) -> String {
    match message.strip_prefix("illegal turn `").and_then(|rest| rest.split_once("`: ")) {
        Some((_, reason)) => reason.to_string(),
        None => message.to_string(),
    }
}
