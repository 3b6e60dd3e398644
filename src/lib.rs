//! `arbiter` referees chess variants: it reads PGN-like records, replays every turn
//! through the rules of its variant, reports where and why a record breaks them,
//! decides results, and writes snapshots and diagrams.
//!
//! Data flows one way: text → [`record`] (syntax) → [`rules`] and [`variants`]
//! (positions, turns) → outputs ([`snapshot`], [`render`], the commands in `cli`).
//!
//! ```
//! use arbiter::rules::perft::perft;
//! use arbiter::variants::prelude::*;
//! use arbiter::variants::chess::Chess;
//!
//! let start = Chess.start();
//! assert_eq!(perft(&Chess, &start, 2), 400);
//! let mut turns = Vec::new();
//! Chess.legal_turns(&start, &mut turns);
//! let first: Vec<String> = turns.iter().filter_map(|t| Chess.write_turn(&start, t).ok()).filter(|t| t.starts_with('N')).collect();
//! assert_eq!(first.len(), 4);
//! ```

// No panic path reachable from input: indexing, unwrap and panics are linted in
// library code (tests may use them).
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing))]

pub mod cli;
pub mod diagnostics;
pub mod examples;
pub mod geometry;
pub mod record;
pub mod render;
pub mod replay;
pub mod rules;
pub mod snapshot;
pub mod text;
pub mod variants;
