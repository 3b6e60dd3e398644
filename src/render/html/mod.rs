//! HTML game pages: one self-contained page (no network, no other files) to step
//! through whole games: the board of every ply drawn in advance, the move list
//! with comments and NAGs, the caption of every ply, the verdict and result, and
//! navigation by click and keyboard.

mod moves;

use super::svg::{definitions, escape, Theme};
use std::fmt::Write;

/// One ply of a game as the page shows it (ply 0 is the start).
#[derive(Clone, Debug, Default)]
pub struct PlyView {
    /// The move number before the turn: `12.` or `12...` (none for the start).
    pub number: Option<String>,
    /// The turn in canonical notation (none for the start).
    pub turn: Option<String>,
    /// Annotation glyphs of the turn ($1-$6 as `!` `?` ..., others as `$n`).
    pub nags: Vec<u8>,
    /// The board after the ply, as an SVG without caption.
    pub board: String,
    /// The tool's caption sentences, then the legend of marked units.
    pub sentences: Vec<String>,
    pub legend: Vec<String>,
    /// The record's comments after the ply.
    pub comments: Vec<String>,
    /// The snapshot after the ply.
    pub snapshot: String,
}

/// One game as the page shows it.
#[derive(Clone, Debug, Default)]
pub struct GameView {
    /// `White – Black`, or the game's number.
    pub title: String,
    /// Event, site, date.
    pub occasion: Option<String>,
    pub variant: String,
    /// `valid`, `invalid`, `unreadable`.
    pub verdict: String,
    /// `1-0 (checkmate after ply 33)`.
    pub result: Option<String>,
    /// Problems found, one line each.
    pub problems: Vec<String>,
    pub plies: Vec<PlyView>,
    /// The ply shown first.
    pub start: usize,
}

const STYLE: &str = include_str!("viewer.css");
const SCRIPT: &str = include_str!("viewer.js");

/// The page showing `games` (a list to choose from when there are several).
pub fn html_page(games: &[GameView], theme: &Theme) -> String {
    let title = match games {
        [one] => one.title.clone(),
        _ => format!("{} games", games.len()),
    };
    let mut page = String::with_capacity(games.iter().map(|g| g.plies.len() * 12_000).sum::<usize>() + 20_000);
    let _ = write!(
        page,
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{}</title><style>:root{{--light:{};--dark:{};--ink:{};--accent:{};--comment:{}}}{STYLE}</style></head><body data-ply="0" data-game="0">"#,
        escape(&title),
        theme.light,
        theme.dark,
        theme.ink,
        theme.arrow,
        theme.comment
    );
    let _ = write!(
        page,
        r#"<svg width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false"><defs>{}</defs></svg>"#,
        definitions()
    );
    if games.len() > 1 {
        page.push_str(r#"<nav id="games" aria-label="games"><ol>"#);
        for (i, game) in games.iter().enumerate() {
            let about: Vec<&str> = [game.occasion.as_deref(), Some(game.result.as_deref().unwrap_or(&game.verdict))]
                .into_iter()
                .flatten()
                .collect();
            let _ = write!(
                page,
                r##"<li><a href="#game={i}" data-game="{i}">{}</a> <span class="muted">{}</span></li>"##,
                escape(&game.title),
                escape(&about.join(" · "))
            );
        }
        page.push_str("</ol></nav>");
    }
    for (i, game) in games.iter().enumerate() {
        section(&mut page, i, game);
    }
    let _ =
        write!(page, r#"<output id="snapshot" aria-live="polite"></output><script>{SCRIPT}</script></body></html>"#);
    page.push('\n');
    page
}

/// One game: header, board column with the controls, and the side panel.
fn section(page: &mut String, index: usize, game: &GameView) {
    let _ = write!(
        page,
        r#"<section class="game" data-game="{index}" data-start="{}" data-title="{}"{}><header><h1>{}</h1>"#,
        game.start,
        escape(&game.title),
        if index == 0 { "" } else { " hidden" },
        escape(&game.title)
    );
    if let Some(occasion) = &game.occasion {
        let _ = write!(page, r#"<p class="occasion">{}</p>"#, escape(occasion));
    }
    let _ =
        write!(page, r#"<p class="verdict">{} · <strong>{}</strong>"#, escape(&game.variant), escape(&game.verdict));
    if let Some(result) = &game.result {
        let _ = write!(page, " · {}", escape(result));
    }
    page.push_str("</p></header><div class=\"viewer\"><div class=\"board-column\"><div class=\"boards\">");
    for (ply, view) in game.plies.iter().enumerate() {
        let hidden = if ply == game.start { "" } else { " hidden" };
        let _ = write!(page, r#"<div class="board" data-ply="{ply}"{hidden}>{}</div>"#, view.board);
    }
    page.push_str(concat!(
        r#"</div><div class="controls">"#,
        r#"<button type="button" data-go="first" title="start (Home)" aria-label="start">|◀</button>"#,
        r#"<button type="button" data-go="previous" title="back (←)" aria-label="back">◀</button>"#,
        r#"<span class="counter"></span>"#,
        r#"<button type="button" data-go="next" title="forward (→)" aria-label="forward">▶</button>"#,
        r#"<button type="button" data-go="last" title="end (End)" aria-label="end">▶|</button></div></div><aside>"#
    ));
    for (ply, view) in game.plies.iter().enumerate() {
        ply_state(page, ply, view, ply == game.start);
    }
    moves::move_list(page, &game.plies);
    if !game.problems.is_empty() {
        page.push_str(r#"<details class="problems" open><summary>problems</summary><ul>"#);
        for problem in &game.problems {
            let _ = write!(page, "<li>{}</li>", escape(problem));
        }
        page.push_str("</ul></details>");
    }
    page.push_str("</aside></div></section>");
}

/// The caption of one ply: sentences, legend, comments, snapshot.
fn ply_state(page: &mut String, ply: usize, view: &PlyView, shown: bool) {
    let _ = write!(page, r#"<div class="ply-state" data-ply="{ply}"{}>"#, if shown { "" } else { " hidden" });
    for line in &view.sentences {
        let _ = write!(page, r#"<p class="sentence">{}</p>"#, escape(line));
    }
    for line in &view.legend {
        let _ = write!(page, r#"<p class="legend">{}</p>"#, escape(line));
    }
    for comment in &view.comments {
        let _ = write!(page, r#"<blockquote class="comment">{}</blockquote>"#, escape(comment));
    }
    let _ = write!(page, r#"<code class="snapshot">{}</code></div>"#, escape(&view.snapshot));
}
