//! The tag pair section: `[Name "value"]`, with `\"` and `\\` escapes in values.

use nom::bytes::complete::take_while1;
use nom::character::complete::char;
use nom::combinator::cut;
use nom::error::context;
use nom::{Input as _, Parser};

use super::ast::{Comment, Spanned, Tag, TagText};
use super::error::{Problem, SyntaxError};
use super::fast_tag;
use super::lex::{
    comment, first_byte, inline_space, located_comment, read_token, space, spanned, text_len, Input, PResult,
};
use super::remarks::Remarks;
use crate::text::quote;

// tag_name = name_char , { name_char } ;
// name_char = letter | digit | "_" | "+" | "#" | "=" | ":" | "-" ;
/// The name of a tag, such as `Event` or `WhiteElo`.
fn tag_name(input: Input) -> PResult<Spanned<TagText>> {
    let (rest, name) = take_while1(|c: char| c.is_ascii_alphanumeric() || "_+#=:-".contains(c)).parse(input)?;
    Ok((rest, spanned(TagText::new(name.fragment()), &input, &rest)))
}

// tag_value = '"' , { value_char | "\" , any character } , '"' ;
// value_char = any character but '"', "\" and newline ;
/// A quoted value on one line, unescaped. Its span is the text between the quotes.
/// When the closing quote is missing but the line ends with `]`, the value runs up to
/// that `]` and a remark says so.
fn tag_value<'a>(input: Input<'a>, remarks: &mut Remarks) -> PResult<'a, Spanned<TagText>> {
    let quote = *input.fragment();
    let (input, _) = char('"').parse(input)?;
    let text = *input.fragment();
    let bytes = text.as_bytes();
    let mut escaped = false;
    let mut i = 0;
    loop {
        match bytes.get(i) {
            Some(b'\\') => {
                escaped = true;
                // The escaped character is skipped whole, unless it ends the line.
                i += match bytes.get(i + 1) {
                    Some(b'\n') | None => 1,
                    Some(_) => 1 + text.get(i + 1..).and_then(|s| s.chars().next()).map_or(1, char::len_utf8),
                };
            }
            Some(b'"') => break,
            Some(b'\n') | None => {
                let line = text.get(..i).unwrap_or("").trim_end();
                if let Some(value) = line.strip_suffix(']') {
                    let value = value.trim_end();
                    let after = input.take_from(value.len());
                    let tag = spanned(TagText::from(unescape(value)), &input, &after);
                    let message = "the tag value has no closing `\"`; it was read up to the `]`";
                    remarks.push(tag.span, message.to_owned());
                    return Ok((after, tag));
                }
                let problem = Problem::Message("unclosed tag value: the closing `\"` is missing on this line");
                return SyntaxError::first_bytes(quote, 1, problem).fail();
            }
            Some(_) => i += 1,
        }
    }
    // A quote followed by more text than the `]` is a bare quote inside the value when
    // a later quote on the line closes the pair.
    let bare_quotes_end = if closes_tag(text, i) { None } else { inner_quotes_end(text, i) };
    let end = bare_quotes_end.unwrap_or(i);
    let raw = text.get(..end).unwrap_or("");
    let value = if escaped || bare_quotes_end.is_some() { TagText::from(unescape(raw)) } else { TagText::new(raw) };
    let after = input.take_from(end);
    let (rest, _) = char('"').parse(after)?;
    let tag = spanned(value, &input, &after);
    if bare_quotes_end.is_some() {
        let message = "the tag value holds a `\"` written without its backslash (`\\\"`); it was read up to the `\"` just before the `]`";
        remarks.push(tag.span, message.to_owned());
    }
    Ok((rest, tag))
}

/// Whether the `"` at `text[quote]` may close the tag pair: only spaces or tabs stand
/// between it and a `]` or the end of the line.
fn closes_tag(text: &str, quote: usize) -> bool {
    let after = text.get(quote + 1..).unwrap_or("").trim_start_matches([' ', '\t', '\r']);
    after.is_empty() || after.starts_with([']', '\n'])
}

/// Where a value that holds bare quotes ends (`[Event "The "Big" Open"]`, as hand-typed
/// records write): the first `"` after `quote` on the same line that only spaces or
/// tabs part from a `]`.
fn inner_quotes_end(text: &str, quote: usize) -> Option<usize> {
    let line_end = text.get(quote..)?.find('\n').map_or(text.len(), |at| quote + at);
    let line = text.get(..line_end)?;
    line.get(quote + 1..)?
        .match_indices('"')
        .map(|(at, _)| quote + 1 + at)
        .find(|&at| line.get(at + 1..).is_some_and(|after| after.trim_start_matches([' ', '\t']).starts_with(']')))
}

/// Replaces `\"` by `"` and `\\` by `\`; any other backslash is kept as written.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(next @ ('"' | '\\')) => out.push(next),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

// tag_pair = "[" , inline_space , tag_name , inline_space , tag_value , inline_space , "]" ;
/// One tag pair. Once `[` is read, the rest must follow.
pub(crate) fn tag_pair<'a>(input: Input<'a>, remarks: &mut Remarks) -> PResult<'a, Tag> {
    let (input, _) = (char('['), inline_space).parse(input)?;
    let (input, name) = context("a tag name after `[`", cut(tag_name)).parse(input)?;
    let (input, ()) = inline_space(input)?;
    let (input, value) =
        context("a tag value in double quotes", cut(|input| tag_value(input, remarks))).parse(input)?;
    let (input, ()) = inline_space(input)?;
    let (rest, _) = context("`]` to close the tag pair", cut(char(']'))).parse(input)?;
    Ok((rest, Tag { name, value }))
}

/// Room for this many tag pairs is made before any is read: the seven of the roster and
/// a few more, as most records write.
const RESERVED_TAGS: usize = 16;

/// The tag pairs of a game and the comments written among them.
pub(crate) type TagSection = (Vec<Tag>, Vec<Comment>);

// tag_section = space , { ( tag_pair | comment ) , space } ;
/// Tag pairs up to the first token of movetext; comments among them are kept.
/// When `fast` is set, the fast path of [`fast_tag`] tries each tag pair first.
pub(crate) fn tag_section<'a>(input: Input<'a>, remarks: &mut Remarks, fast: bool) -> PResult<'a, TagSection> {
    let mut tags = Vec::with_capacity(RESERVED_TAGS);
    let mut comments = Vec::new();
    let (mut input, ()) = space(input)?;
    loop {
        if fast {
            // The run of tag pairs the fast path reads is cut from the located input at
            // once, which then counts its lines once.
            let len = fast_tag::tag_pairs(input.fragment(), text_len(&input), &mut tags);
            input = input.take_from(len);
        }
        input = match first_byte(input.fragment()) {
            Some(b'[') => {
                let found = if fast { fast_tag::tag_pair(input.fragment(), text_len(&input)) } else { None };
                let (rest, tag) = match found {
                    Some((len, tag)) => (input.take_from(len), tag),
                    None => tag_pair(input, remarks)?,
                };
                tags.push(tag);
                rest
            }
            Some(b'{' | b';') => {
                let (rest, comment) = read_token(input, comment)?;
                comments.push(located_comment(comment.span, comment.value));
                rest
            }
            _ => {
                note_repeated_names(&tags, remarks);
                return Ok((input, (tags, comments)));
            }
        };
        (input, ()) = space(input)?;
    }
}

/// Remarks on each tag whose name an earlier tag of the game has: the first one is the
/// one every command reads, and the record should not say two things. (The cut between
/// games starts a new game at a tag line whose name the game has; a name repeated on
/// the game's first line, or after a comment, stays in the game and is remarked here.)
fn note_repeated_names(tags: &[Tag], remarks: &mut Remarks) {
    for (repeat, first) in repeated_names(tags) {
        let (Some(tag), Some(first)) = (tags.get(repeat), tags.get(first)) else { continue };
        remarks.push_with(tag.name.span, || {
            format!(
                "the tag `{}` is written twice in this game; the first, \"{}\", is the one read",
                quote(tag.name.value.as_str()),
                quote(first.value.value.as_str()),
            )
        });
    }
}

/// The tags whose name an earlier tag has, in order: the index of each, with the index
/// of the first tag of its name (the one every command reads). Empty for nearly every
/// game, and found in time linear in the number of tags.
pub(crate) fn repeated_names(tags: &[Tag]) -> Vec<(usize, usize)> {
    let mut repeats = Vec::new();
    if tags.len() > FEW_TAGS {
        // Many tags (hostile input): each name looked up once.
        let mut firsts: std::collections::HashMap<&[u8], usize> = std::collections::HashMap::new();
        for (i, tag) in tags.iter().enumerate() {
            let first = *firsts.entry(tag.name.value.as_bytes()).or_insert(i);
            if first != i {
                repeats.push((i, first));
            }
        }
        return repeats;
    }
    // A bit per value of a cheap mark of each name (its length and end bytes): a clear
    // bit proves a name new, and only a set one asks for the names before it.
    let mut marks = 0u64;
    for (i, tag) in tags.iter().enumerate() {
        let name = tag.name.value.as_bytes();
        let (first_byte, last_byte) = (name.first().copied().unwrap_or(0), name.last().copied().unwrap_or(0));
        let bit = 1u64 << ((name.len() + 7 * usize::from(first_byte) + 3 * usize::from(last_byte)) % 64);
        if marks & bit != 0 {
            let earlier = tags.get(..i).unwrap_or_default();
            if let Some(first) = earlier.iter().position(|t| t.name.value.as_bytes() == name) {
                repeats.push((i, first));
            }
        }
        marks |= bit;
    }
    repeats
}

/// Up to this many tags, a name is compared with the names before it only when a cheap
/// mark says it may be one of them; beyond, names go in a hash map.
const FEW_TAGS: usize = 32;
