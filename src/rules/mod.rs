//! What every variant shares: units, the board, positions, turns, the [`Rules`] and
//! [`Notation`] traits, orthodox move generation, check and pins, castling, the impossible-position
//! checks (O9), SAN, outcomes, game status, repetition and perft. Each rule concept has one home
//! here, and every variant calls it.

mod board;
mod by_color;
pub mod castling;
pub mod check;
pub mod check_by_move;
pub mod impossible;
pub mod legal;
pub mod movegen;
mod notation;
mod outcome;
pub mod perft;
mod position;
pub mod refusal;
pub mod repetition;
pub mod san;
pub(crate) mod san_from_attacks;
pub mod setup;
mod status;
mod turn;
mod unit;
mod variant;
pub mod written_forms;
pub mod zobrist;

pub use board::Board;
pub use by_color::ByColor;
pub use castling::{Castling, Wing};
pub use notation::{Notation, ResolveError, Resolved};
pub use outcome::{mate_or_stalemate, Claim, EndReason, Judged, Limit, Outcome, Question, Undecided};
pub use position::{Position, VariantState};
pub use status::{Claimable, Ending, GameStatus};
pub use turn::{Bounce, Move, MoveKind, Turn, TurnTrace};
pub use unit::{Color, Piece, Role};
pub use variant::{moves_as_turns, push_single_moves, Rules};
