//! A fast path for the tag pairs nearly every record writes: `[Name "value"]` with a value
//! that holds no backslash. It looks at bytes only and builds the tag the grammar's
//! `tags::tag_pair` would build; any other form (escapes, a missing quote or `]`, an
//! error) is left to the grammar ([`super::tags::tag_section`] decides).

use super::ast::{Span, Spanned, Tag, TagText};
use super::boundary::is_tag_name_byte;
use super::lex::space_len;

/// How many spaces and tabs start `bytes` from `i`.
fn inline_space(bytes: &[u8], i: usize) -> usize {
    bytes.get(i..).unwrap_or(&[]).iter().take_while(|&&b| b == b' ' || b == b'\t').count()
}

/// The tag pair at the start of `text`, a suffix of a game's text of `text_len` bytes, and
/// how many bytes it takes; `None` when the grammar must read it.
pub(crate) fn tag_pair(text: &str, text_len: usize) -> Option<(usize, Tag)> {
    let bytes = text.as_bytes();
    let start = text_len.checked_sub(text.len())?;
    if bytes.first() != Some(&b'[') {
        return None;
    }
    let name_start = 1 + inline_space(bytes, 1);
    let name_len = bytes.get(name_start..)?.iter().take_while(|&&b| is_tag_name_byte(b)).count();
    let name_end = name_start + name_len;
    let quote = name_end + inline_space(bytes, name_end);
    if name_len == 0 || bytes.get(quote) != Some(&b'"') {
        return None;
    }
    let value_start = quote + 1;
    let value_len = memchr::memchr3(b'"', b'\\', b'\n', bytes.get(value_start..)?)?;
    let value_end = value_start + value_len;
    if bytes.get(value_end) != Some(&b'"') {
        return None;
    }
    let close = value_end + 1 + inline_space(bytes, value_end + 1);
    if bytes.get(close) != Some(&b']') {
        return None;
    }
    let (name, value) = (TagText::within(text, name_start, name_end)?, TagText::within(text, value_start, value_end)?);
    let tag = Tag {
        name: Spanned { value: name, span: Span::new(start + name_start, start + name_end) },
        value: Spanned { value, span: Span::new(start + value_start, start + value_end) },
    };
    Some((close + 1, tag))
}

/// Reads tag pairs from the start of `text` (a suffix of a game's text of `text_len`
/// bytes), each with the white space after it, into `tags`, for as long
/// as [`tag_pair`] can read them; returns how many bytes were read. What stops it (a
/// comment, a tag pair for the grammar, the movetext) is left to the grammar.
pub(crate) fn tag_pairs(text: &str, text_len: usize, tags: &mut Vec<Tag>) -> usize {
    let mut read = 0;
    while let Some((len, tag)) = text.get(read..).and_then(|rest| tag_pair(rest, text_len)) {
        tags.push(tag);
        read += len;
        read += text.get(read..).map_or(0, |rest| space_len(rest, false));
    }
    read
}
