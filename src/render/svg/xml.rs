//! Text inside SVG: escaping for XML, and wrapping to the picture's width.

/// Text made safe for XML: markup characters escaped, characters XML forbids replaced.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Splits a line into lines of at most `width` characters, at spaces.
pub(super) fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in line.split_whitespace() {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

/// How many characters of a font of `size` fit in `width` units (sans-serif text
/// averages a little over half an em per character).
pub(super) fn columns(width: i32, size: i32) -> usize {
    usize::try_from(width * 100 / (size * 56).max(1)).unwrap_or(40).max(20)
}

#[cfg(test)]
mod tests {
    use super::{escape, wrap};

    #[test]
    fn escape_makes_markup_and_control_characters_safe() {
        assert_eq!(escape("a<b & \"c\"\u{0}"), "a&lt;b &amp; &quot;c&quot;\u{FFFD}");
    }

    #[test]
    fn wrap_breaks_at_spaces_and_keeps_long_words_whole() {
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcdefghij"]);
        assert_eq!(wrap("", 4), vec![""]);
    }
}
