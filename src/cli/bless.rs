//! `arbiter check --bless`: writes the actual values into the expectations an example
//! leaves empty or gets wrong (`snapshot`, `status`, `result` on one line; `diagram` as
//! a block; `legal_moves` as a list; `illegal` as `{ ply, reason }`), editing only
//! those keys' lines, so that the file's comments and layout stay as they are.

use crate::examples::{Actual, Checked};

/// The keys `--bless` writes.
const BLESSED_KEYS: [&str; 6] = ["snapshot", "status", "result", "diagram", "legal_moves", "illegal"];

/// `text` with the actual values written in; `lines` are the 1-based lines of each
/// example's `name:`, as [`crate::examples::example_lines`] finds them. Returns the
/// new text and how many values were written.
pub(super) fn bless(text: &str, checked: &[Checked], lines: &[usize]) -> (String, usize) {
    let source: Vec<&str> = text.lines().collect();
    let mut out: Vec<String> = Vec::with_capacity(source.len());
    let mut written = 0;
    let mut index = 0;
    while let Some(line) = source.get(index) {
        let example = example_at(index + 1, checked, lines);
        let value = example.and_then(|_| value_at(&source, index));
        let Some((key, value_lines)) = value.and_then(|(key, extent)| Some((key, source.get(index..index + extent)?)))
        else {
            out.push((*line).to_string());
            index += 1;
            continue;
        };
        match example.and_then(|e| blessed(value_lines, key, e)) {
            Some(new) => {
                out.extend(new);
                written += 1;
            }
            None => out.extend(value_lines.iter().map(ToString::to_string)),
        }
        index += value_lines.len();
    }
    let mut joined = out.join("\n");
    if text.ends_with('\n') {
        joined.push('\n');
    }
    (joined, written)
}

/// The example whose lines hold 1-based `line`: after its `name:`, before the next.
fn example_at<'a>(line: usize, checked: &'a [Checked], lines: &[usize]) -> Option<&'a Checked> {
    let index = lines.iter().rposition(|&first| first != 0 && first < line)?;
    checked.get(index)
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The blessed key that starts on `source[index]`, and how many lines its value
/// takes: the key's line, then every line indented deeper (blank lines inside
/// included, trailing ones not).
fn value_at(source: &[&str], index: usize) -> Option<(&'static str, usize)> {
    let line = source.get(index)?;
    let (key, _) = line.trim_start().split_once(':')?;
    let key = BLESSED_KEYS.into_iter().find(|k| *k == key)?;
    let indent = indent_of(line);
    let mut extent = 1;
    let mut seen = 1;
    for next in source.iter().skip(index + 1) {
        if next.trim().is_empty() {
            seen += 1;
        } else if indent_of(next) > indent {
            seen += 1;
            extent = seen;
        } else {
            break;
        }
    }
    Some((key, extent))
}

/// The new lines of a key's value, when it is empty or found wrong and the actual
/// value is known.
fn blessed(value_lines: &[&str], key: &str, example: &Checked) -> Option<Vec<String>> {
    let line = value_lines.first()?;
    let indent = line.get(..indent_of(line)).unwrap_or("");
    let value = line.trim_start().split_once(':').map_or("", |(_, v)| v.trim());
    // A comment starts the value, or follows a space.
    let comment_start = if value.starts_with('#') { Some(0) } else { value.find(" #").map(|at| at + 1) };
    let (value, comment) = match comment_start.and_then(|at| value.split_at_checked(at)) {
        Some((before, comment)) => (before.trim(), Some(comment.trim())),
        None => (value, None),
    };
    let empty = value_lines.len() == 1 && matches!(value, "" | "~" | "null" | "\"\"" | "''" | "|" | "|2" | "[]" | "{}");
    let empty = empty && !(key == "legal_moves" && value == "[]");
    let wrong = example.mismatches.iter().any(|m| m.key == key || m.key.split('.').next() == Some(key));
    if !empty && !wrong {
        return None;
    }
    let (_, actual) = example.actual.iter().find(|(k, _)| *k == key)?;
    let comment = comment.map(|c| format!(" {c}")).unwrap_or_default();
    Some(match actual {
        Actual::Line(text) => vec![format!("{indent}{key}: {}{comment}", quoted(text))],
        Actual::List(items) => {
            let items: Vec<String> = items.iter().map(|i| plain_or_quoted(i)).collect();
            vec![format!("{indent}{key}: [{}]{comment}", items.join(", "))]
        }
        Actual::Illegal { ply, reason } => {
            vec![format!("{indent}{key}: {{ ply: {ply}, reason: {} }}{comment}", quoted(reason))]
        }
        Actual::Block(text) => {
            let mut block = vec![format!("{indent}{key}: |2{comment}")];
            block.extend(text.lines().map(|l| if l.is_empty() { String::new() } else { format!("{indent}  {l}") }));
            block
        }
    })
}

/// A YAML double-quoted string.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A turn as a plain YAML scalar when it is safe to leave it bare (`Nf3`, `O-O`,
/// `e8=Q+`), else quoted (`Ra8#`, `Re8, Kg8`, `(****)g6:h7`).
fn plain_or_quoted(text: &str) -> String {
    let plain =
        !text.starts_with('-') && text.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '=' | '+' | '-'));
    if plain && !text.is_empty() {
        text.to_string()
    } else {
        quoted(text)
    }
}
