//! The one place where text from a record is made safe for a terminal. A control
//! character (C0, DEL, C1) or a bidirectional override is shown as a Rust-style
//! escape: `\0`, `\t`, `\r`, `\n`, and `\u{1b}` for the rest (lower-case hex), so that
//! a record can neither clear the screen nor fake a verdict line. Long tokens quoted in
//! messages are cut to [`MAX_QUOTED_CHARS`] characters followed by `...`.

use std::borrow::Cow;
use std::fmt::Write;

/// Characters of a token quoted in a message; longer ones end in `...`.
pub const MAX_QUOTED_CHARS: usize = 40;

/// Whether `c` could act on a terminal or reorder what it shows.
fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\0' => out.push_str("\\0"),
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        '\n' => out.push_str("\\n"),
        _ => {
            let _infallible = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
    }
}

fn escape_where(text: &str, escaped: impl Fn(char) -> bool) -> Cow<'_, str> {
    // Printable ASCII, the common text, is safe: judged byte by byte without decoding.
    if text.bytes().all(|b| matches!(b, b' '..=b'~')) || !text.chars().any(&escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if escaped(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` with every control character escaped, line breaks included: for one-line
/// messages, verdict lines and source excerpts.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    escape_where(text, is_unsafe)
}

/// `text` with every control character escaped except line breaks: for diagrams,
/// diffs and rendered diagnostics made of several lines.
pub fn escape_controls_keeping_lines(text: &str) -> Cow<'_, str> {
    escape_where(text, |c| c != '\n' && is_unsafe(c))
}

/// A piece of input as it is quoted in messages: at most [`MAX_QUOTED_CHARS`]
/// characters, then `...`; control characters escaped.
pub fn quote(token: &str) -> String {
    let mut out = String::with_capacity(token.len().min(MAX_QUOTED_CHARS * 2));
    push_quoted(&mut out, token);
    out
}

/// [`quote`] appended to `out`.
pub fn push_quoted(out: &mut String, token: &str) {
    // The common token, short printable ASCII, is quoted as it is.
    if token.len() <= MAX_QUOTED_CHARS && token.bytes().all(|b| matches!(b, b' '..=b'~')) {
        out.push_str(token);
        return;
    }
    for (count, c) in token.chars().enumerate() {
        if count == MAX_QUOTED_CHARS {
            out.push_str("...");
            break;
        }
        if is_unsafe(c) {
            push_escaped(out, c);
        } else {
            out.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_plain_text_is_borrowed() {
        assert_eq!(escape_controls("a\u{1b}[2Jb\0\t"), "a\\u{1b}[2Jb\\0\\t");
        assert_eq!(escape_controls("x\u{202e}y\u{9b}"), "x\\u{202e}y\\u{9b}");
        assert!(matches!(escape_controls("plain é"), Cow::Borrowed(_)));
        assert_eq!(escape_controls_keeping_lines("a\nb\u{7}"), "a\nb\\u{7}");
    }

    #[test]
    fn long_tokens_are_cut() {
        assert_eq!(quote(&"e".repeat(100)), format!("{}...", "e".repeat(40)));
        assert_eq!(quote("e4\u{1b}"), "e4\\u{1b}");
        // At the limit, plain ASCII is kept whole; one character more is cut.
        assert_eq!(quote(&"e".repeat(40)), "e".repeat(40));
        assert_eq!(quote(&"e".repeat(41)), format!("{}...", "e".repeat(40)));
        assert_eq!(quote("e4\u{7f}"), "e4\\u{7f}");
        assert_eq!(quote("Réti"), "Réti");
    }
}
