//! What every variant shares: units, the board, positions, turns, the [`Variant`]
//! trait, orthodox move generation, SAN, outcomes, repetition and perft.

mod board;
pub mod movegen;
mod outcome;
pub mod perft;
mod position;
pub mod repetition;
pub mod san;
mod turn;
mod unit;
mod variant;

pub use board::Board;
pub use outcome::{mate_or_stalemate, Claim, EndReason, Outcome};
pub use position::{Castling, Features, Position, Wing};
pub use turn::{Bounce, Move, MoveKind, Turn, TurnTrace};
pub use unit::{Color, Piece, Role};
pub use variant::{MarkedUnit, ResolveError, Resolved, SquareKind, SquareMarks, UnitMarks, Variant};
