//! `arbiter check --bless`: writes the actual values into the one-line expectations
//! (`snapshot`, `status`, `result`) an example leaves empty or gets wrong, editing only
//! those lines, so that the file's comments and layout stay as they are.

use crate::examples::Checked;

/// The keys `--bless` writes.
const BLESSED_KEYS: [&str; 3] = ["snapshot", "status", "result"];

/// `text` with the actual values written in; `lines` are the 1-based lines of each
/// example's `name:`, as [`crate::examples::example_lines`] finds them. Returns the
/// new text and how many values were written.
pub(super) fn bless(text: &str, checked: &[Checked], lines: &[usize]) -> (String, usize) {
    let mut out: Vec<String> = text.lines().map(str::to_string).collect();
    let mut written = 0;
    for (index, (example, &first)) in checked.iter().zip(lines).enumerate() {
        if first == 0 {
            continue;
        }
        let end = lines.get(index + 1).copied().filter(|&l| l > first).map_or(out.len(), |l| l - 1);
        for line in out.iter_mut().take(end).skip(first) {
            if let Some(new) = blessed_line(line, example) {
                *line = new;
                written += 1;
            }
        }
    }
    let mut joined = out.join("\n");
    if text.ends_with('\n') {
        joined.push('\n');
    }
    (joined, written)
}

/// The line with its value replaced, when it is one of [`BLESSED_KEYS`] left empty
/// or found wrong; a comment after an empty value is kept.
fn blessed_line(line: &str, example: &Checked) -> Option<String> {
    let indent = line.get(..line.len() - line.trim_start().len()).unwrap_or("");
    let (key, value) = line.trim_start().split_once(':')?;
    let key = BLESSED_KEYS.into_iter().find(|k| *k == key)?;
    let value = value.trim();
    let comment = value.starts_with('#').then_some(value);
    let empty = value.is_empty() || comment.is_some() || matches!(value, "~" | "null" | "\"\"" | "''");
    let wrong = example.mismatches.iter().any(|m| m.key == key);
    if !empty && !wrong {
        return None;
    }
    let (_, actual) = example.actual.iter().find(|(k, _)| *k == key)?;
    let quoted = format!("\"{}\"", actual.replace('\\', "\\\\").replace('"', "\\\""));
    Some(match comment {
        Some(comment) => format!("{indent}{key}: {quoted} {comment}"),
        None => format!("{indent}{key}: {quoted}"),
    })
}
