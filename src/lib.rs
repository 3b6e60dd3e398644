//! `arbiter` referees chess variants: it reads PGN-like records, replays every turn
//! through the rules of its variant, reports where and why a record breaks them,
//! decides results, and writes snapshots and diagrams.
//!
//! Data flows one way: text → [`record`] (syntax) → [`rules`] and [`variants`]
//! (positions, turns) → outputs ([`snapshot`], [`render`], the commands in `cli`).

pub mod cli;
pub mod diagnostics;
pub mod examples;
pub mod geometry;
pub mod record;
pub mod render;
pub mod replay;
pub mod rules;
pub mod snapshot;
pub mod variants;
