//! A loaded game made into what its HTML page shows: every ply's board, caption,
//! comments, NAGs and snapshot, with the game's verdict and result.

use super::options::Settings;
use super::{game_caption, position_at};
use crate::cli::input::Loaded;
use crate::cli::report::GameReport;
use crate::cli::CliError;
use crate::render::{draw_svg, move_number, variant_name, GameView, Heading, PlyView, SvgOptions};

/// The page view of a game, or `None` when it could not be replayed.
pub(super) fn game_view(
    loaded: &Loaded,
    settings: &Settings,
    start: Option<usize>,
) -> Result<Option<GameView>, CliError> {
    let Ok(replay) = &loaded.replay else { return Ok(None) };
    let report = GameReport::new(loaded);
    let board = SvgOptions { caption: false, size: None, standalone: false, ..settings.svg };
    let written = loaded.game.as_ref().map(|g| g.line());
    let mut plies = Vec::with_capacity(replay.line.plies.len() + 1);
    for ply in 0..=replay.line.plies.len() {
        let pos = position_at(replay, ply)?;
        let caption = game_caption(loaded, replay, ply);
        let played = ply.checked_sub(1).and_then(|i| Some((replay.position(i)?, replay.line.plies.get(i)?)));
        plies.push(PlyView {
            number: played.map(|(before, _)| move_number(before)),
            turn: played.map(|(_, p)| p.canonical.clone()),
            nags: ply
                .checked_sub(1)
                .and_then(|i| written.and_then(|w| w.ply(i)))
                .map_or(Vec::new(), |p| p.nags().iter().map(|n| n.value).collect()),
            board: draw_svg(pos, &board, &caption),
            sentences: caption.sentences(pos),
            legend: caption.legend_lines(),
            comments: caption.comments.clone(),
            snapshot: replay.variant.write_snapshot(pos),
        });
    }
    let last = plies.len().saturating_sub(1);
    let start = start.unwrap_or(0);
    if start > last {
        return Err(CliError::Message(format!("the game has {last} plies; there is no ply {start}")));
    }
    let heading = loaded.game.as_ref().map(Heading::of).unwrap_or_default();
    let result = report.result.map(|r| match &report.ending {
        Some(ending) => format!("{r} ({ending})"),
        None => r.to_string(),
    });
    Ok(Some(GameView {
        title: heading.players().unwrap_or_else(|| format!("game {}", loaded.raw.number)),
        occasion: heading.occasion(),
        variant: variant_name(replay.variant.id()),
        verdict: report.verdict.to_string(),
        result,
        problems: report.problems.iter().map(|p| format!("line {}: {}", p.line, p.message)).collect(),
        plies,
        start,
    }))
}
