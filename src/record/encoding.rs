//! The bytes of a game made text: quoting and byte order marks at line starts become
//! spaces (so that columns stay right), and a game that is not valid UTF-8 is read as
//! Windows-1252, the superset of ISO 8859-1 (PGN's own character set).

/// What Windows-1252 puts at 0x80 to 0x9F, where ISO 8859-1 has control characters;
/// the five bytes it leaves undefined keep their ISO 8859-1 meaning.
const WINDOWS_1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}', '\u{90}', '‘', '’',
    '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

const BOM: &[u8] = &[0xef, 0xbb, 0xbf];

/// Replaces, at the start of every line, e-mail quoting (`>`, `> >`) and byte order marks
/// by spaces: a record pasted from a reply or appended to another file reads as written.
pub(crate) fn blank_line_starts(bytes: &mut [u8]) {
    // Most games hold neither: one quick look for both spares a walk over every line.
    if memchr::memchr2(b'>', 0xef, bytes).is_none() {
        return;
    }
    for line in bytes.split_mut(|&b| b == b'\n') {
        blank_quoting(line);
    }
}

/// Blanks the quoting and byte order marks at the start of one line, up to its first
/// other character.
fn blank_quoting(line: &mut [u8]) {
    let mut i = 0;
    while let Some(&byte) = line.get(i) {
        match byte {
            b'>' => {
                if let Some(b) = line.get_mut(i) {
                    *b = b' ';
                }
                i += 1;
            }
            b' ' | b'\t' | b'\r' => i += 1,
            0xef if line.get(i..).is_some_and(|rest| rest.starts_with(BOM)) => {
                line.get_mut(i..i + BOM.len()).into_iter().flatten().for_each(|b| *b = b' ');
                i += BOM.len();
            }
            _ => return,
        }
    }
}

/// Decodes bytes that are not valid UTF-8 as Windows-1252.
pub(crate) fn decode_windows_1252(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0x80..=0x9f => WINDOWS_1252_HIGH.get(usize::from(b - 0x80)).copied().unwrap_or('\u{fffd}'),
            _ => char::from(b),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_and_marks_become_spaces_at_line_starts_only() {
        let mut bytes = b"> [Event \"a\"]\n>> 1. e4 > e5\n\xef\xbb\xbf1-0\n".to_vec();
        blank_line_starts(&mut bytes);
        assert_eq!(bytes, b"  [Event \"a\"]\n   1. e4 > e5\n   1-0\n".to_vec());
    }

    #[test]
    fn latin1_and_windows_1252() {
        assert_eq!(decode_windows_1252(b"M\xfcller \x80 \xe9"), "Müller € é");
    }
}
