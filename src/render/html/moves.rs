//! The move list of a game page: move numbers, turns as buttons, NAGs as glyphs,
//! and the record's comments in between.

use super::super::svg::escape;
use super::PlyView;
use std::fmt::Write;

/// The glyph of a NAG: `!` `?` `!!` `??` `!?` `?!` for $1-$6, a few common position
/// signs, `$n` for the others.
pub(super) fn nag_glyph(nag: u8) -> String {
    let glyph = match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        10 => "=",
        13 => "∞",
        14 => "⩲",
        15 => "⩱",
        16 => "±",
        17 => "∓",
        18 => "+−",
        19 => "−+",
        _ => return format!("${nag}"),
    };
    glyph.to_string()
}

/// The move list: `1. e4 e5 2. Nf3 {a comment} Nc6 ...`, each turn a button.
pub(super) fn move_list(page: &mut String, plies: &[PlyView]) {
    page.push_str(r#"<div class="moves" role="list"><button type="button" class="move" data-ply="0">start</button>"#);
    for view in plies.iter().take(1) {
        comments(page, &view.comments);
    }
    for (ply, view) in plies.iter().enumerate().skip(1) {
        let number = view.number.as_deref().unwrap_or("");
        // A Black turn right after White's goes without its number, as in print.
        let follows_white = ply > 1 && plies.get(ply - 1).is_some_and(|p| p.comments.is_empty());
        let left_out = number.is_empty() || (number.ends_with("...") && follows_white);
        if !left_out {
            let _ = write!(page, r#"<span class="number">{}</span>"#, escape(number));
        }
        let nags: String = view.nags.iter().map(|&n| nag_glyph(n)).collect::<Vec<_>>().join(" ");
        let _ = write!(
            page,
            r#"<button type="button" class="move" data-ply="{ply}" role="listitem">{}{}</button>"#,
            escape(view.turn.as_deref().unwrap_or("?")),
            if nags.is_empty() { String::new() } else { format!(r#"<span class="nag">{}</span>"#, escape(&nags)) }
        );
        comments(page, &view.comments);
    }
    page.push_str("</div>");
}

fn comments(page: &mut String, comments: &[String]) {
    for comment in comments {
        let _ = write!(page, r#"<span class="comment">{}</span>"#, escape(comment));
    }
}

#[cfg(test)]
mod tests {
    use super::nag_glyph;

    #[test]
    fn nags_read_as_glyphs() {
        assert_eq!(nag_glyph(1), "!");
        assert_eq!(nag_glyph(4), "??");
        assert_eq!(nag_glyph(16), "±");
        assert_eq!(nag_glyph(146), "$146");
    }
}
