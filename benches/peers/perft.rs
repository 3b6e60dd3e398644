//! The perft round: arbiter's `perft` command against shakmaty's `perft` on the same
//! position and depth, in turns, median of several runs.

use crate::child::{self, Invocation};
use crate::stats::{human_rate, median};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::path::Path;
use std::time::Instant;

/// The position most perft comparisons use: many castlings, pins, en passant, promotions.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Runs the round and prints its lines.
pub(crate) fn run(arbiter: &Path, depth: u32, runs: usize) {
    let pos: Chess = KIWIPETE
        .parse::<Fen>()
        .ok()
        .and_then(|fen| fen.into_position(CastlingMode::Standard).ok())
        .expect("Kiwipete is a legal position");
    let invocation = Invocation::new(
        arbiter,
        &[&"--jobs", &"1", &"perft", &"--variant", &"chess", &"--fen", &KIWIPETE, &depth.to_string()],
    );
    let mut theirs = Vec::new();
    let mut ours = Vec::new();
    let mut nodes = 0;
    let mut our_nodes = String::new();
    for _ in 0..runs {
        let started = Instant::now();
        nodes = shakmaty::perft(&pos, depth);
        theirs.push(started.elapsed());
        let r = child::run(&invocation, None);
        ours.push(r.wall);
        our_nodes = r.last_line;
    }
    let (theirs, ours) = (median(&theirs).as_secs_f64(), median(&ours).as_secs_f64());
    println!("perft: Kiwipete depth {depth}, median of {runs} runs, 1 thread");
    println!("{:<36} {:>9} {:>10} {:>13}", "tool", "time (s)", "nodes/s", "vs shakmaty");
    println!("{:<36} {:>9.3} {:>10} {:>12.3}x", "shakmaty perft", theirs, human_rate(nodes as f64 / theirs), 1.0);
    println!("{:<36} {:>9.3} {:>10} {:>12.3}x", "arbiter perft", ours, human_rate(nodes as f64 / ours), theirs / ours);
    if our_nodes.trim() != nodes.to_string() {
        println!("  warning: arbiter counted {our_nodes:?}, shakmaty {nodes}");
    }
}
