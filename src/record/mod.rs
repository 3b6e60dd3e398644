//! Records: cutting a file into games, and reading one game's text into a syntax tree.
//!
//! [`GameReader`] streams a file game by game; [`parse_game`] turns the text of one game
//! into an [`ast::Game`]. Nothing here knows the rules of any variant: a turn token is
//! syntax only. The grammar is written down in `notation/grammar.md`.

pub mod ast;

mod boundary;
mod closing_words;
mod comment_moves;
mod encoding;
mod error;
mod fast;
mod fast_bomb;
mod fast_tag;
pub mod iccf;
pub mod languages;
pub mod letters;
mod lex;
pub(crate) mod lines;
mod movetext;
pub mod notations;
mod parser;
mod reader;
mod remarks;
mod san;
mod tag_names;
mod tag_text;
mod tags;
mod text_words;
mod tree;
mod turn;
mod unread_forms;

#[cfg(test)]
mod tests;

pub use error::{quote, ParseError};
pub use movetext::result_of_text;
pub use parser::{parse_game, read_game};
pub use reader::{GameReader, RawGame, ReadError, MAX_GAME_BYTES};
pub use remarks::Remarks;
