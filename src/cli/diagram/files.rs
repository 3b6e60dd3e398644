//! Writing many diagrams: one file per ply (`--all`), named so that names sort in
//! play order, and HTML pages of whole games.

use super::html_view::game_view;
use super::options::Settings;
use super::{emit, game_caption, picture, position_at, write_file, DiagramArgs, DiagramFormat};
use crate::cli::input::Loaded;
use crate::cli::output::Output;
use crate::cli::CliError;
use crate::render::html_page;
use crate::text::escape_controls_keeping_lines;
use std::path::{Path, PathBuf};

/// How many digits `n` has: names are zero-padded to this so they sort.
fn digits(n: usize) -> usize {
    n.to_string().len()
}

/// The file name ending of a format's diagrams.
fn extension(format: DiagramFormat) -> &'static str {
    match format {
        DiagramFormat::Text | DiagramFormat::Unicode => "txt",
        DiagramFormat::Svg => "svg",
        DiagramFormat::Png => "png",
        DiagramFormat::Html => "html",
    }
}

/// The folder given by `-o`, made if missing.
fn folder(args: &DiagramArgs) -> Result<&Path, CliError> {
    let dir = args.output.as_deref().ok_or_else(|| CliError::Message("--all needs -o DIR".to_string()))?;
    std::fs::create_dir_all(dir).map_err(|e| CliError::Message(format!("cannot create {}: {e}", dir.display())))?;
    Ok(dir)
}

/// The name of game `number`'s file among games numbered up to `last`: `game-07`.
fn game_name(number: usize, last: usize) -> String {
    format!("game-{number:0width$}", width = digits(last))
}

/// One file per ply of every game: `ply-07.svg` for one game, `game-2-ply-07.svg`
/// for several.
pub(super) fn write_every_ply(settings: &Settings, args: &DiagramArgs, games: &[Loaded]) -> Result<(), CliError> {
    let files: usize = games.iter().filter_map(|g| g.replay.as_ref().ok()).map(|r| r.line.plies.len() + 1).sum();
    if files > args.max_files {
        return Err(CliError::Message(format!(
            "--all would write {files} files (one per position) and at most {} are allowed; raise --max-files",
            args.max_files
        )));
    }
    let dir = folder(args)?;
    let last = games.iter().map(|g| g.raw.number).max().unwrap_or(1);
    for loaded in games {
        let Ok(replay) = &loaded.replay else { continue };
        let plies = replay.line.plies.len();
        let prefix = if games.len() > 1 { format!("{}-", game_name(loaded.raw.number, last)) } else { String::new() };
        for ply in 0..=plies {
            let name = format!("{prefix}ply-{ply:0width$}.{}", extension(settings.format), width = digits(plies));
            let bytes = picture(settings, position_at(replay, ply)?, &game_caption(loaded, replay, ply))?;
            write_file(&dir.join(name), &bytes)?;
        }
    }
    Ok(())
}

/// HTML pages: every game in one page (to `-o` or standard output), or with `--all`
/// one page per game in the folder `-o`.
pub(super) fn write_pages(
    settings: &Settings,
    args: &DiagramArgs,
    games: &[Loaded],
    out: &mut Output,
) -> Result<(), CliError> {
    let views = |games: &[&Loaded]| -> Result<Vec<_>, CliError> {
        games.iter().filter_map(|loaded| game_view(loaded, settings, args.ply).transpose()).collect()
    };
    if !args.all {
        let all: Vec<&Loaded> = games.iter().collect();
        let views = views(&all)?;
        if views.is_empty() {
            return Err(CliError::Message("no game of the record could be replayed".to_string()));
        }
        let page = escape_controls_keeping_lines(&html_page(&views, &settings.svg.theme)).into_owned();
        return emit(page.as_bytes(), args.output.as_deref(), out);
    }
    let dir = folder(args)?;
    let last = games.iter().map(|g| g.raw.number).max().unwrap_or(1);
    for loaded in games {
        let views = views(&[loaded])?;
        if views.is_empty() {
            continue;
        }
        let path: PathBuf = dir.join(format!("{}.html", game_name(loaded.raw.number, last)));
        write_file(&path, escape_controls_keeping_lines(&html_page(&views, &settings.svg.theme)).as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{digits, game_name};

    #[test]
    fn names_are_padded_to_sort_in_play_order() {
        assert_eq!(digits(9), 1);
        assert_eq!(digits(10), 2);
        assert_eq!(digits(0), 1);
        assert_eq!(game_name(7, 12), "game-07");
        assert_eq!(game_name(7, 7), "game-7");
    }
}
