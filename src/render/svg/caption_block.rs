//! The caption under an SVG diagram: the tool's sentences, the legend of marked
//! units with their badge colours, and the record's comments set apart in italics
//! beside a bar.

use super::super::text::marks_line;
use super::super::Caption;
use super::overlays::BADGE_COLOURS;
use super::theme::Theme;
use super::xml::{columns, escape, wrap};
use crate::rules::Position;
use std::fmt::Write;

/// Font size and line height of the caption.
const SIZE: i32 = 15;
const LINE: i32 = 21;
/// Space between the tool's lines and the comments.
const GAP: i32 = 8;

/// What a caption line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The tool's own sentence.
    Sentence,
    /// A legend line of marked units, with their badge colour.
    Legend(&'static str),
    /// A comment of the record.
    Comment,
}

/// The caption's lines, wrapped to a width.
pub(super) struct CaptionBlock {
    lines: Vec<(Kind, String)>,
}

impl CaptionBlock {
    pub(super) fn new(pos: &Position, caption: &Caption, width: i32) -> CaptionBlock {
        let mut raw: Vec<(Kind, String)> = caption.sentences(pos).into_iter().map(|l| (Kind::Sentence, l)).collect();
        for (group, colour) in caption.marks.iter().zip(BADGE_COLOURS.iter().cycle()) {
            if !group.units.is_empty() {
                raw.push((Kind::Legend(colour), marks_line(group)));
            }
        }
        raw.extend(caption.comments.iter().map(|c| (Kind::Comment, c.clone())));
        let columns = columns(width - 16, SIZE);
        let lines =
            raw.into_iter().flat_map(|(kind, line)| wrap(&line, columns).into_iter().map(move |l| (kind, l))).collect();
        CaptionBlock { lines }
    }

    fn has_comments(&self) -> bool {
        self.lines.iter().any(|(kind, _)| *kind == Kind::Comment)
    }

    pub(super) fn height(&self) -> i32 {
        let count = i32::try_from(self.lines.len()).unwrap_or(0);
        count * LINE + if self.has_comments() { GAP } else { 0 } + 6
    }

    /// Draws the lines from `top` down, starting at `left`.
    pub(super) fn draw(&self, svg: &mut String, theme: &Theme, left: i32, top: i32) {
        let mut y = top + LINE - 4;
        let mut comment_top = None;
        for (kind, text) in &self.lines {
            let text = escape(text);
            match kind {
                Kind::Sentence => {
                    let _ = write!(
                        svg,
                        r#"<text class="caption" x="{left}" y="{y}" font-size="{SIZE}" fill="{}">{text}</text>"#,
                        theme.ink
                    );
                }
                Kind::Legend(colour) => {
                    let _ = write!(
                        svg,
                        r#"<circle cx="{}" cy="{}" r="6" fill="{colour}"/><text class="caption legend" x="{}" y="{y}" font-size="{SIZE}" fill="{}">{text}</text>"#,
                        left + 6,
                        y - 5,
                        left + 16,
                        theme.ink
                    );
                }
                Kind::Comment => {
                    if comment_top.is_none() {
                        y += GAP;
                        comment_top = Some(y - LINE + 5);
                    }
                    let _ = write!(
                        svg,
                        r#"<text class="comment" x="{}" y="{y}" font-size="{SIZE}" font-style="italic" fill="{}">{text}</text>"#,
                        left + 14,
                        theme.comment
                    );
                }
            }
            y += LINE;
        }
        if let Some(from) = comment_top {
            let _ = write!(
                svg,
                r#"<rect class="comment-bar" x="{left}" y="{from}" width="4" height="{}" rx="2" fill="{}"/>"#,
                y - LINE + 6 - from,
                theme.comment
            );
        }
    }
}
