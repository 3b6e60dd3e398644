//! Helpers shared by the test binaries: numbers from the environment and perft tables.

#![allow(dead_code, reason = "each test binary uses only some of these helpers")]

/// A number from the environment variable `name`, or `default` when it is unset.
pub fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v.trim().parse().unwrap_or_else(|_| panic!("{name}={v} is not a number")),
        Err(_) => default,
    }
}

/// The `epd` and `perft` lines of `fixtures/perft/<variant>.epd`: each position with
/// its depths and node counts.
pub fn perft_fixture(variant: &str) -> Vec<(String, u32, u64)> {
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
