//! The words around an SVG diagram: the title line above the board and the
//! document's `<title>` for screen readers.

use super::super::Caption;
use crate::rules::Position;

/// `Bubble fizz` for `bubble-fizz`.
pub fn variant_name(id: &str) -> String {
    let spaced = id.replace('-', " ");
    let mut chars = spaced.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The title line: players, occasion and the turn just played; a bare snapshot
/// names its variant and the side to move.
pub fn title_line(pos: &Position, caption: &Caption) -> String {
    let heading = caption.heading.as_ref();
    let mut parts: Vec<String> = [
        heading.and_then(super::super::caption::Heading::players),
        heading.and_then(super::super::caption::Heading::occasion),
    ]
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        parts.push(variant_name(caption.variant));
    }
    parts.push(match &caption.last_turn {
        Some(turn) => turn.clone(),
        None if caption.heading.is_some() => "start".to_string(),
        None => format!("{} to move", pos.turn().name()),
    });
    parts.join(" · ")
}

/// One sentence saying what the picture shows, for the SVG's `<title>`.
pub(super) fn accessible_title(pos: &Position, caption: &Caption) -> String {
    let heading = caption.heading.as_ref();
    let mut text = format!("{} diagram", variant_name(caption.variant));
    if let Some(players) = heading.and_then(super::super::caption::Heading::players) {
        text.push_str(&format!(": {players}"));
    }
    if let Some(occasion) = heading.and_then(super::super::caption::Heading::occasion) {
        text.push_str(&format!(" ({occasion})"));
    }
    let sentences = caption.sentences(pos);
    let said: Vec<&str> = sentences.iter().take(2).map(String::as_str).collect();
    text.push_str(&format!(", {}", said.join(", ")));
    text
}

#[cfg(test)]
mod tests {
    use super::variant_name;

    #[test]
    fn variant_names_read_as_words() {
        assert_eq!(variant_name("bubble-fizz"), "Bubble fizz");
        assert_eq!(variant_name("chess"), "Chess");
        assert_eq!(variant_name(""), "");
    }
}
