//! `arbiter diagram`: draw a position of a record (or every position with `--all`),
//! or a snapshot given with `--variant` and `--fen`; `--format html` makes a page
//! to step through whole games.

mod files;
mod html_view;
mod options;

use super::args::{GameChoice, LangArg, PositionArgs, Reading, ReadingArgs, RuleArgs, ShownArgs};
use super::input::{for_each_game, Loaded};
use super::output::{to_stderr, Output};
use super::replay::load_one;
use super::report::{rendered_problems, verdict};
use super::{CliError, Verdict};
use crate::render::{draw, draw_svg, position_caption, rasterise, Caption, Heading, Style};
use crate::replay::Replay;
use crate::rules::Position;
use crate::text::escape_controls_keeping_lines;
use clap::{Args, ValueEnum};
use options::{Settings, ThemeName};
use std::path::{Path, PathBuf};

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagramFormat {
    Text,
    Unicode,
    /// A self-contained SVG picture.
    Svg,
    /// The SVG picture rasterised.
    Png,
    /// One self-contained page to step through whole games.
    Html,
}

/// Where the file letters and rank numbers of SVG, PNG and HTML diagrams go.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoordinatesArg {
    None,
    Outside,
    Inside,
}

#[derive(Args, Debug)]
pub struct DiagramArgs {
    /// Record file (`-` for standard input); leave out to draw `--fen`.
    pub file: Option<PathBuf>,
    /// The game in the file, 1-based (default: the first; with --all or --format html,
    /// every game).
    #[arg(long)]
    pub game: Option<usize>,
    /// Treat warnings as errors.
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub shown: ShownArgs,
    /// Variant of a position given without a record; with a record, the variant of
    /// its games that have no [Variant] tag.
    #[arg(long)]
    pub variant: Option<String>,
    /// Read null moves (`--`, `Z0`) in a record's main line as passing the turn.
    #[arg(long)]
    pub allow_null_moves: bool,
    #[command(flatten)]
    pub lang: LangArg,
    /// Snapshot to draw (with --variant).
    #[arg(long, requires = "variant")]
    pub fen: Option<String>,
    /// Ply to draw (0 = start; default: the last); with --format html, the ply shown first.
    #[arg(long, conflicts_with = "all")]
    pub ply: Option<usize>,
    /// One diagram per ply (with --format html: one page per game), written into the
    /// folder given by -o.
    #[arg(long, requires = "output")]
    pub all: bool,
    /// Output format (default: from the extension of -o, else text).
    #[arg(long, value_enum)]
    pub format: Option<DiagramFormat>,
    /// Most files `--all` may write (one per position of every game); more is refused.
    #[arg(long, default_value_t = 1000, requires = "all")]
    pub max_files: usize,
    /// Black at the bottom.
    #[arg(long)]
    pub flip: bool,
    /// Width of SVG and PNG pictures in pixels.
    #[arg(long, value_name = "PIXELS", value_parser = clap::value_parser!(u32).range(16..=8192))]
    pub size: Option<u32>,
    /// Colours of SVG, PNG and HTML diagrams.
    #[arg(long, value_enum, default_value_t = ThemeName::Wood)]
    pub theme: ThemeName,
    /// Leave out the title line and the caption (the bare board).
    #[arg(long)]
    pub no_caption: bool,
    /// Where SVG, PNG and HTML diagrams write coordinates.
    #[arg(long, value_enum, default_value_t = CoordinatesArg::Outside)]
    pub coordinates: CoordinatesArg,
    /// Write to this file (or folder, with --all) instead of standard output.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
}

/// Draws one position in a one-position format.
/// Text of a record never reaches the reader as control characters: they are
/// escaped in every format (the lines of a diagram are kept).
fn picture(settings: &Settings, pos: &Position, caption: &Caption) -> Result<Vec<u8>, CliError> {
    let text = |drawn: String| escape_controls_keeping_lines(&drawn).into_owned().into_bytes();
    Ok(match settings.format {
        DiagramFormat::Text => text(draw(pos, Style::Text, settings.svg.flip, caption)),
        DiagramFormat::Unicode => text(draw(pos, Style::Unicode, settings.svg.flip, caption)),
        DiagramFormat::Svg | DiagramFormat::Html => text(draw_svg(pos, &settings.svg, caption)),
        DiagramFormat::Png => {
            let svg = draw_svg(pos, &settings.svg, caption);
            rasterise(&escape_controls_keeping_lines(&svg)).map_err(CliError::Message)?
        }
    })
}

/// Writes a file.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, bytes).map_err(|e| CliError::Message(format!("cannot write {}: {e}", path.display())))
}

/// Writes to the file `-o` names, or to standard output.
fn emit(bytes: &[u8], output: Option<&Path>, out: &mut Output) -> Result<(), CliError> {
    match output {
        Some(path) => write_file(path, bytes),
        None => out.bytes(bytes),
    }
}

/// The record's comments before the first ply (ply 0) or after ply `ply`.
pub(super) fn comments(loaded: &Loaded, ply: usize) -> Vec<String> {
    let Some(game) = &loaded.game else { return Vec::new() };
    let text = &loaded.raw.text;
    let values = |comments: &[crate::record::ast::Comment]| comments.iter().map(|c| c.text(text).to_string()).collect();
    match ply.checked_sub(1) {
        None => values(game.line().comments()),
        Some(i) => game.line().ply(i).map_or(Vec::new(), |p| values(p.comments())),
    }
}

/// The caption of a ply of a loaded game, with the game's heading.
pub(super) fn game_caption(loaded: &Loaded, replay: &Replay, ply: usize) -> Caption {
    let heading = loaded.game.as_ref().map(Heading::of);
    Caption { heading, ..replay.caption(ply, comments(loaded, ply)) }
}

/// The position after `ply` plies, or an error naming how many there are.
fn position_at(replay: &Replay, ply: usize) -> Result<&Position, CliError> {
    let plies = replay.line.plies.len();
    replay.position(ply).ok_or_else(|| CliError::Message(format!("the game has {plies} plies; there is no ply {ply}")))
}

pub(super) fn run(args: &DiagramArgs, out: &mut Output) -> Result<Verdict, CliError> {
    let settings = Settings::from_args(args)?;
    let Some(file) = &args.file else {
        let variant = args
            .variant
            .clone()
            .ok_or_else(|| CliError::Message("give a record file, or --variant (and --fen)".to_string()))?;
        if settings.format == DiagramFormat::Html {
            return Err(CliError::Message("--format html draws games of a record file".to_string()));
        }
        let position = PositionArgs { variant, fen: args.fen.clone(), rules: args.rules.clone() };
        let (variant, pos) = position.load()?;
        let caption = position_caption(variant.as_ref(), &pos)?;
        emit(&picture(&settings, &pos, &caption)?, args.output.as_deref(), out)?;
        return Ok(Verdict::Valid);
    };
    if args.fen.is_some() {
        return Err(CliError::Message("--fen draws a position without a record; leave out the file".to_string()));
    }
    let every_game = args.game.is_none() && (args.all || settings.format == DiagramFormat::Html);
    let games = if every_game { load_every_game(file, args)? } else { vec![load_chosen_game(file, args)?] };
    let worst = games.iter().map(verdict).max().unwrap_or(Verdict::Valid);
    if settings.format == DiagramFormat::Html {
        files::write_pages(&settings, args, &games, out)?;
    } else if args.all {
        files::write_every_ply(&settings, args, &games)?;
    } else if let Some(loaded) = games.first() {
        let Ok(replay) = &loaded.replay else { return Ok(worst) };
        let ply = args.ply.unwrap_or(replay.line.plies.len());
        let pos = position_at(replay, ply)?;
        emit(&picture(&settings, pos, &game_caption(loaded, replay, ply))?, args.output.as_deref(), out)?;
    }
    Ok(worst)
}

/// The reading flags of a record, checked.
fn rules_with_reading(args: &DiagramArgs) -> Result<RuleArgs, CliError> {
    let reading = ReadingArgs { variant: args.variant.clone(), allow_null_moves: args.allow_null_moves };
    let mut rules = args.rules.clone();
    rules.reading = Reading::checked(&reading, &args.lang)?;
    Ok(rules)
}

fn choice(args: &DiagramArgs) -> Result<GameChoice, CliError> {
    Ok(GameChoice {
        game: args.game.unwrap_or(1),
        strict: args.strict,
        rules: rules_with_reading(args)?,
        reading: ReadingArgs::default(),
        lang: LangArg::default(),
        shown: args.shown,
    })
}

/// The game `--game` names (the first by default), its problems printed.
fn load_chosen_game(file: &Path, args: &DiagramArgs) -> Result<Loaded, CliError> {
    let record = super::args::OneRecord { file: file.to_path_buf(), choice: choice(args)? };
    load_one(&record).map(|(loaded, _)| loaded)
}

/// Every game of the file, in order, their problems printed.
fn load_every_game(file: &Path, args: &DiagramArgs) -> Result<Vec<Loaded>, CliError> {
    let options = rules_with_reading(args)?.replay_options(args.strict, false)?;
    let mut games = Vec::new();
    let skipped = for_each_game(
        &[file.to_path_buf()],
        &options,
        |loaded| loaded,
        |loaded| {
            to_stderr(&rendered_problems(&loaded, args.shown));
            games.push(loaded);
            Ok(())
        },
    )?;
    if skipped {
        return Err(CliError::Message(format!("cannot read {}", file.display())));
    }
    if games.is_empty() {
        return Err(CliError::Message(format!("{} holds no game", file.display())));
    }
    Ok(games)
}
