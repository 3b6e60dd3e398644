//! `arbiter diagram`: draw a position of a record (or every position with `--all`),
//! or a snapshot given with `--variant` and `--fen`.

use super::args::{GameChoice, OneRecord, PositionArgs};
use super::output::Output;
use super::replay::load_one;
use super::{CliError, Verdict};
use crate::render::{caption, draw, draw_svg, position_caption, Caption, Style};
use crate::rules::Position;
use crate::text::escape_controls_keeping_lines;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagramFormat {
    Text,
    Unicode,
    /// A self-contained SVG picture.
    Svg,
}

#[derive(Args, Debug)]
pub struct DiagramArgs {
    /// Record file (`-` for standard input); leave out to draw `--fen`.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub record: GameChoice,
    /// Variant of a position given without a record.
    #[arg(long, conflicts_with = "file")]
    pub variant: Option<String>,
    /// Snapshot to draw (with --variant).
    #[arg(long, requires = "variant")]
    pub fen: Option<String>,
    /// Ply to draw (0 = start; default: the last).
    #[arg(long, conflicts_with = "all")]
    pub ply: Option<usize>,
    /// One diagram per ply, written into the folder given by -o.
    #[arg(long, requires = "output")]
    pub all: bool,
    /// Most files `--all` may write (one per position); a longer game is refused.
    #[arg(long, default_value_t = 1000, requires = "all")]
    pub max_files: usize,
    #[arg(long, value_enum, default_value_t = DiagramFormat::Text)]
    pub format: DiagramFormat,
    /// Black at the bottom.
    #[arg(long)]
    pub flip: bool,
    /// Write to this file (or folder, with --all) instead of standard output.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
}

/// Draws one position in the chosen format.
fn picture(format: DiagramFormat, pos: &Position, flip: bool, caption: &Caption) -> String {
    match format {
        DiagramFormat::Text => draw(pos, Style::Text, flip, caption),
        DiagramFormat::Unicode => draw(pos, Style::Unicode, flip, caption),
        DiagramFormat::Svg => draw_svg(pos, flip, caption),
    }
}

/// The file name ending of a format's diagrams, for `--all`.
fn extension(format: DiagramFormat) -> &'static str {
    match format {
        DiagramFormat::Text | DiagramFormat::Unicode => "txt",
        DiagramFormat::Svg => "svg",
    }
}

fn emit(text: &str, output: Option<&PathBuf>, out: &mut Output) -> Result<(), CliError> {
    let text = escape_controls_keeping_lines(text);
    match output {
        Some(path) => std::fs::write(path, text.as_bytes())
            .map_err(|e| CliError::Message(format!("cannot write {}: {e}", path.display()))),
        None => out.text(&text),
    }
}

pub fn run(args: &DiagramArgs, out: &mut Output) -> Result<Verdict, CliError> {
    let Some(file) = &args.file else {
        let variant = args
            .variant
            .clone()
            .ok_or_else(|| CliError::Message("give a record file, or --variant (and --fen)".to_string()))?;
        let position = PositionArgs { variant, fen: args.fen.clone(), rules: args.record.rules.clone() };
        let (variant, pos) = position.load()?;
        let caption = position_caption(variant.as_ref(), &pos);
        emit(&picture(args.format, &pos, args.flip, &caption), args.output.as_ref(), out)?;
        return Ok(Verdict::Valid);
    };
    let (loaded, verdict) = load_one(&OneRecord { file: file.clone(), choice: args.record.clone() })?;
    let Ok(replay) = &loaded.replay else { return Ok(verdict) };
    let plies = replay.line.plies.len();
    let comments = |ply: usize| -> Vec<String> {
        let Some(game) = &loaded.game else { return Vec::new() };
        match ply.checked_sub(1) {
            None => game.line.comments.iter().map(|c| c.value.clone()).collect(),
            Some(i) => {
                game.line.plies.get(i).map_or(Vec::new(), |p| p.comments.iter().map(|c| c.value.clone()).collect())
            }
        }
    };
    let diagram = |ply: usize| -> Result<String, CliError> {
        let pos = replay
            .position(ply)
            .ok_or_else(|| CliError::Message(format!("the game has {plies} plies; there is no ply {ply}")))?;
        Ok(picture(args.format, pos, args.flip, &caption(replay, ply, comments(ply))))
    };
    if args.all {
        let dir = args.output.as_ref().ok_or_else(|| CliError::Message("--all needs -o DIR".to_string()))?;
        if plies >= args.max_files {
            return Err(CliError::Message(format!(
                "--all would write {} files (one per position) and at most {} are allowed; raise --max-files",
                plies.saturating_add(1),
                args.max_files
            )));
        }
        std::fs::create_dir_all(dir).map_err(|e| CliError::Message(format!("cannot create {}: {e}", dir.display())))?;
        // Numbers padded to the game's last ply (three digits at least), so that names sort.
        let width = plies.to_string().len().max(3);
        for ply in 0..=plies {
            let name = format!("ply-{ply:0width$}.{}", extension(args.format));
            emit(&diagram(ply)?, Some(&dir.join(name)), out)?;
        }
    } else {
        emit(&diagram(args.ply.unwrap_or(plies))?, args.output.as_ref(), out)?;
    }
    Ok(verdict)
}
