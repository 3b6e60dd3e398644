//! Helpers shared by the test modules: numbers from the environment, perft tables,
//! sorted keys of moves or turns, and the notation round trip of legal turns.

use arbiter::record::parse_game;
use arbiter::rules::{Position, Turn};
use arbiter::variants::prelude::*;
use std::collections::BTreeMap;

/// A number from the environment variable `name`, or `default` when it is unset.
pub(crate) fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v.trim().parse().unwrap_or_else(|_| panic!("{name}={v} is not a number")),
        Err(_) => default,
    }
}

/// The `epd` and `perft` lines of `fixtures/perft/<variant>.epd`: each position with
/// its depths and node counts.
pub(crate) fn perft_fixture(variant: &str) -> Vec<(String, u32, u64)> {
    let path = format!("fixtures/perft/{variant}.epd");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut entries = Vec::new();
    let mut fen = String::new();
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("epd ") {
            fen = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
            entries.push((fen.clone(), depth.parse().expect("depth"), nodes.parse().expect("nodes")));
        }
    }
    entries
}

/// The items' debug texts, sorted: a set of moves or turns to compare with another.
pub(crate) fn sorted<T: std::fmt::Debug>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    let mut keys: Vec<String> = items.into_iter().map(|t| format!("{t:?}")).collect();
    keys.sort();
    keys
}

/// Writes every legal turn canonically and resolves the text back: each text names
/// one turn, parses, and resolves to that turn with the same canonical form.
pub(crate) fn notation_round_trips(variant: &dyn Variant, pos: &Position, turns: &[Turn]) -> Result<(), String> {
    let mut seen = BTreeMap::new();
    for turn in turns {
        let text = variant.write_turn(pos, turn).map_err(|e| e.to_string())?;
        if let Some(other) = seen.insert(text.clone(), turn.clone()) {
            return Err(format!("`{text}` names two turns: {other:?} and {turn:?}"));
        }
        let game = parse_game(&format!("{text}\n")).map_err(|e| format!("`{text}` does not parse: {}", e.message))?;
        let token = game.line().first().ok_or(format!("`{text}` holds no turn"))?.turn();
        let resolved = variant.resolve(pos, token).map_err(|e| format!("`{text}` does not resolve: {e:?}"))?;
        if resolved.turn != *turn || !text.starts_with(&resolved.canonical) {
            return Err(format!("`{text}` resolves to {:?} written `{}`", resolved.turn, resolved.canonical));
        }
    }
    Ok(())
}

/// A short valid game, placed after each hostile input: it must still be validated.
pub(crate) const GOOD_GAME: &str = "[White \"Good\"]\n[Black \"Game\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";

/// What a run of the binary printed, and its exit code.
pub(crate) struct Outcome {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// A scratch folder of this test run inside the build's target folder; `tag` keeps
/// the folders of different test files apart.
pub(crate) fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Writes `bytes` to a file `name` in a scratch folder of this test run (`tag` keeps
/// the folders of different test files apart).
pub(crate) fn temp_file(tag: &str, name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = scratch(tag).join(name);
    std::fs::write(&path, bytes).expect("temp file");
    path
}

/// A file written for one test, removed when the guard is dropped (even when the test
/// fails), so that large generated inputs do not pile up in the target folder.
pub(crate) struct TempFile(std::path::PathBuf);

impl TempFile {
    /// Writes `bytes` to a file `name` in the scratch folder `tag` of this test run.
    pub(crate) fn new(tag: &str, name: &str, bytes: &[u8]) -> TempFile {
        TempFile(temp_file(tag, name, bytes))
    }

    pub(crate) fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        // The folder stays: tests run in parallel and share it, and one removed the
        // moment it was left empty could vanish between another test's making of it
        // and its write (a test failed so, with `NotFound`).
        let _ = std::fs::remove_file(&self.0);
    }
}
