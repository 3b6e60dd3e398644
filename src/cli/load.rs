//! One game from its text to its replay: parsed as far as its syntax allows, its piece
//! letters read in its language (given or detected), its board checked against the
//! notation, and replayed; the warnings of reading go first among its problems.

use super::input::Loaded;
use crate::diagnostics::{Kind, Problem, Severity};
use crate::geometry::Square;
use crate::record::ast::{Game, PlyView, SanToken, Span, TurnPart};
use crate::record::languages::{Language, ENGLISH};
use crate::record::{letters, read_game, RawGame};
use crate::replay::{self, Replay, ReplayOptions};
use crate::variants::VariantInfo;

/// Parses and replays one game. A syntax error stops the reading, not the game: the
/// turns before it are replayed and judged, and the error says how far the reading got.
pub fn load(path: &str, raw: RawGame, options: &ReplayOptions) -> Loaded {
    let (mut game, stopped) = read_game(&raw.text);
    let mut warnings = reading_warnings(&raw, &game);
    let replay = letters_and_replay(&mut game, &raw, options, &mut warnings).map(|mut replay| {
        warnings.append(&mut replay.problems);
        replay.problems = warnings;
        replay
    });
    let replay = match stopped {
        None => replay,
        Some(error) => {
            let read = replay.as_ref().map_or(0, |replay| replay.line.length);
            let stop = Problem::new(Severity::Unreadable, error.span, error.message)
                .of_kind(Kind::Syntax)
                .with_label(format!("the reading stops here, after ply {read}"))
                .with_note(format!("the {read} ply(s) before it were replayed and judged"));
            match replay {
                Ok(mut replay) => {
                    replay.problems.push(stop);
                    Ok(replay)
                }
                Err(mut problems) => {
                    problems.push(stop);
                    Err(problems)
                }
            }
        }
    };
    Loaded { path: path.to_string(), raw, game: Some(game), replay }
}

/// Warnings about how the text was read: its encoding and the remarks of the parser.
fn reading_warnings(raw: &RawGame, game: &Game) -> Vec<Problem> {
    let mut warnings = Vec::new();
    if let Some(offset) = raw.invalid_utf8 {
        let message = "the record is not valid UTF-8; it was read as Windows-1252 (ISO 8859-1)";
        warnings.push(Problem::reading(Span::new(offset, offset), message));
    }
    for remark in game.remarks.iter() {
        warnings.push(Problem::reading(remark.span, remark.value.clone()));
    }
    if let Some((count, first)) = game.remarks.not_kept() {
        warnings.push(Problem::not_shown(Severity::Warning, first, count, "reading warning(s)"));
    }
    warnings
}

/// Reads the game's piece letters in its language (given, or detected) and replays it.
fn letters_and_replay(
    game: &mut Game,
    raw: &RawGame,
    options: &ReplayOptions,
    warnings: &mut Vec<Problem>,
) -> Result<Box<Replay>, Vec<Problem>> {
    let language = match options.language {
        Some(language) => language,
        // Most games: nothing to detect and nothing to rewrite.
        None if letters::all_english(game) => return replay_read(game, raw, options, warnings),
        None => detect_language(game, raw, options, warnings),
    };
    letters::to_english(game, language);
    if options.language.is_some() || language.code == ENGLISH.code {
        replay_read(game, raw, options, warnings)
    } else {
        // The replay judges the written turns in the letters they were written in.
        let options = ReplayOptions { language: Some(language), ..options.clone() };
        replay_read(game, raw, &options, warnings)
    }
}

/// The language of a game's piece letters when `--lang` does not say: English when it
/// reads every letter, otherwise the first language whose reading replays the game
/// without an error (a warning names it), or else the first that reads every letter.
fn detect_language(
    game: &mut Game,
    raw: &RawGame,
    options: &ReplayOptions,
    warnings: &mut Vec<Problem>,
) -> &'static Language {
    let used = letters::letters_used(game);
    let readers = letters::languages_reading(&used);
    if readers.first().is_none_or(|first| first.code == ENGLISH.code) {
        return ENGLISH;
    }
    let trial = ReplayOptions { verdict_only: true, ..options.clone() };
    let replays = |language: &Language| {
        let mut probe = game.clone();
        letters::to_english(&mut probe, language);
        replay_read(&probe, raw, &trial, &mut Vec::new())
            .is_ok_and(|replay| replay.problems.iter().all(|p| p.severity == Severity::Warning))
    };
    let chosen = readers.iter().copied().find(|language| replays(language));
    let span = game.line().first().map_or(Span::default(), PlyView::span);
    let letters: String = used.iter().collect();
    let message = match chosen {
        Some(language) => format!(
            "the piece letters `{letters}` were read as {} (detected: the game replays with them); \
             pass --lang {} to say so",
            language.name, language.code
        ),
        None => format!(
            "the piece letters `{letters}` are not English; no language's reading replays the game, \
             so they were read as {}; pass --lang to choose another",
            readers.first().map_or("English", |l| l.name)
        ),
    };
    warnings.push(Problem::reading(span, message));
    chosen.or_else(|| readers.first().copied()).unwrap_or(ENGLISH)
}

/// Sets up and replays a game whose letters are English.
fn replay_read(
    game: &Game,
    raw: &RawGame,
    options: &ReplayOptions,
    warnings: &mut Vec<Problem>,
) -> Result<Box<Replay>, Vec<Problem>> {
    let (variant, start, mut start_warnings) = replay::setup(game, options)?;
    let board_size = VariantInfo::by_id(variant.id()).map_or(8, |info| info.board_size);
    if let Some(problem) = foreign_board(game, &raw.text, board_size, variant.id()) {
        return Err(vec![problem]);
    }
    warnings.append(&mut start_warnings);
    Ok(replay::replay(game, &raw.text, raw.number, variant, start, options))
}

/// A turn the variant's board cannot hold: ICCF numeric notation beyond an 8x8 board,
/// or a square of Bellows' 12x12 grid in an 8x8 variant (with the tag that would say so).
fn foreign_board(game: &Game, text: &str, board_size: u8, id: &str) -> Option<Problem> {
    if board_size != 8 {
        let numeric = |ply: PlyView| {
            let span = ply.span();
            text.get(span.start()..span.end()).is_some_and(|turn| turn.starts_with(|c: char| matches!(c, '1'..='9')))
        };
        let span = first_ply(game, numeric)?;
        let message = format!(
            "ICCF numeric notation names the squares of an 8x8 board only; {id} is not played on one: \
             write its moves in algebraic notation"
        );
        return Some(Problem::new(Severity::Unreadable, span, message));
    }
    let beyond = |square: &Square| square.file() >= board_size || square.rank() >= board_size;
    let off_board = |ply: PlyView| {
        ply.turn().parts().iter().any(|part| match &part.value {
            TurnPart::Move { san: SanToken::Normal { to, .. }, .. } => to.square().as_ref().is_some_and(beyond),
            TurnPart::Move { .. } => false,
            TurnPart::Bomb(bomb) => beyond(&bomb.target),
        })
    };
    let span = first_ply(game, off_board)?;
    let bellows = VariantInfo::by_id("bellows").map_or("Bellows Chess", VariantInfo::title);
    let message = format!(
        "a square beyond the 8x8 board exists only in {bellows}: if this is a game of {bellows}, \
         add [Variant \"{bellows}\"] or pass --variant bellows"
    );
    Some(Problem::new(Severity::Error, span, message))
}

/// The span of the first ply of the game, variations included, that `wanted` picks.
fn first_ply(game: &Game, wanted: impl Fn(PlyView) -> bool) -> Option<Span> {
    let mut lines = vec![game.line()];
    while let Some(line) = lines.pop() {
        for ply in line.plies() {
            if wanted(ply) {
                return Some(ply.span());
            }
            lines.extend(ply.variations());
        }
    }
    None
}
