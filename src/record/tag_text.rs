//! The text of a tag's name or value, kept without an allocation when it is short: a
//! tag pair used to cost two `String`s, and most names and values take a few bytes.

use std::fmt;

/// How many bytes are kept inline: as many as fit beside the length in the size of a
/// `String`. Nearly every tag name and most values (dates, ratings, results, rounds,
/// ECO codes, most names of players and events) are this short.
const INLINE: usize = 22;

/// A tag's name or value: read like a `&str` ([`TagText::as_str`], `Deref`), compared
/// with strings, displayed as the text. Short texts are stored inline, longer ones in a
/// box of their own.
#[derive(Clone)]
pub struct TagText(Stored);

#[derive(Clone)]
enum Stored {
    /// The first `len` bytes, always whole UTF-8 text (a copy of a whole `&str`); the
    /// bytes after them mean nothing.
    Inline {
        len: u8,
        bytes: [u8; INLINE],
    },
    Boxed(Box<str>),
}

impl TagText {
    pub fn new(text: &str) -> TagText {
        let mut bytes = [0; INLINE];
        match bytes.get_mut(..text.len()) {
            Some(room) => {
                room.copy_from_slice(text.as_bytes());
                TagText(Stored::Inline { len: text.len() as u8, bytes })
            }
            None => TagText(Stored::Boxed(text.into())),
        }
    }

    /// The text `from..to` of `source`. A short one is copied from a window of a fixed
    /// width when `source` holds that many bytes from `from` on (a copy of a fixed width
    /// takes a few instructions; the bytes past the text are never read as text).
    #[allow(clippy::inline_always, reason = "two for every tag pair: the text is built where it is stored")]
    #[inline(always)]
    pub(crate) fn within(source: &str, from: usize, to: usize) -> Option<TagText> {
        let text = source.get(from..to)?;
        let window = source.as_bytes().get(from..from + INLINE).filter(|_| text.len() <= INLINE);
        let Some(window) = window else { return Some(TagText::new(text)) };
        let mut bytes = [0; INLINE];
        bytes.copy_from_slice(window);
        Some(TagText(Stored::Inline { len: text.len() as u8, bytes }))
    }

    /// The text's bytes, read without checking them again.
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Stored::Inline { len, bytes } => bytes.get(..usize::from(*len)).unwrap_or(&[]),
            Stored::Boxed(text) => text.as_bytes(),
        }
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Inline bytes are a copy of a whole `&str`: the check never fails.
            Stored::Inline { .. } => std::str::from_utf8(self.as_bytes()).unwrap_or(""),
            Stored::Boxed(text) => text,
        }
    }
}

impl From<String> for TagText {
    fn from(text: String) -> TagText {
        if text.len() <= INLINE {
            TagText::new(&text)
        } else {
            TagText(Stored::Boxed(text.into_boxed_str()))
        }
    }
}

impl std::ops::Deref for TagText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for TagText {
    fn eq(&self, other: &TagText) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for TagText {}

impl PartialEq<str> for TagText {
    fn eq(&self, other: &str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<&str> for TagText {
    fn eq(&self, other: &&str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<TagText> for &str {
    fn eq(&self, other: &TagText) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<TagText> for str {
    fn eq(&self, other: &TagText) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl fmt::Debug for TagText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for TagText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::TagText;

    #[test]
    fn short_and_long_texts_read_back_as_written() {
        for text in
            ["", "?", "Event", "1/2-1/2", "Stockholm Chess Olympiad", "Échecs ½", &"x".repeat(22), &"y".repeat(23)]
        {
            let tag = TagText::new(text);
            assert_eq!(tag.as_str(), text);
            assert_eq!(tag, TagText::from(text.to_owned()));
            assert!(tag == text, "a tag text equals its text");
            assert!(text == tag, "a text equals its tag text");
            assert_eq!(format!("{tag} {tag:?}"), format!("{text} {text:?}"));
            let source = format!("[{text}]{}", "-".repeat(30));
            assert_eq!(TagText::within(&source, 1, 1 + text.len()), Some(tag));
        }
    }
}
