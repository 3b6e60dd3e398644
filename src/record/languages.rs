//! How units are written: the piece letters of each language and the figurines.
//!
//! One table serves both directions: reading a record written in another language and
//! writing one (`export --lang`). Letters are upper case, Latin or Cyrillic; a language
//! may leave the pawn without a letter. Several languages share a table (German,
//! Swedish, Danish and Norwegian; Spanish and Italian), and one letter can mean different
//! units in different languages (`R` is a rook in English and a king in French), which is
//! why a record's language is chosen by `--lang` or detected per game.
//!
//! One unit has two letters: `Кр`, the king of Russian and Ukrainian. No language writes
//! those two letters for anything else, so the reader takes `Кр` for the king's figurine
//! ([`TWO_LETTER_KING`]), which means the king in every language; the table keeps the
//! spelling for writing.

use crate::rules::{Color, Role};
use std::borrow::Cow;

/// A language's piece letters.
#[derive(Debug, PartialEq, Eq)]
pub struct Language {
    /// The code `--lang` takes (ISO 639-1).
    pub code: &'static str,
    /// The language's English name, also accepted by `--lang`.
    pub name: &'static str,
    /// How each unit is written, in the order of [`Role::ALL`]: pawn, knight, bishop,
    /// rook, queen, king. One letter, or [`TWO_LETTER_KING`] for the king.
    letters: [Option<&'static str>; 6],
}

const fn language(code: &'static str, name: &'static str, letters: [Option<&'static str>; 6]) -> Language {
    Language { code, name, letters }
}

/// The king of Russian and Ukrainian records (`Крe2`), the one unit written with two
/// letters. The reader takes it for the king's figurine.
pub const TWO_LETTER_KING: &str = "Кр";

/// Every language arbiter knows, English first.
pub const LANGUAGES: &[Language] = &[
    ENGLISH_LETTERS,
    language("de", "German", [Some("B"), Some("S"), Some("L"), Some("T"), Some("D"), Some("K")]),
    language("fr", "French", [Some("P"), Some("C"), Some("F"), Some("T"), Some("D"), Some("R")]),
    language("es", "Spanish", [Some("P"), Some("C"), Some("A"), Some("T"), Some("D"), Some("R")]),
    language("it", "Italian", [Some("P"), Some("C"), Some("A"), Some("T"), Some("D"), Some("R")]),
    language("nl", "Dutch", [None, Some("P"), Some("L"), Some("T"), Some("D"), Some("K")]),
    language("pt", "Portuguese", [Some("P"), Some("C"), Some("B"), Some("T"), Some("D"), Some("R")]),
    language("sv", "Swedish", [Some("B"), Some("S"), Some("L"), Some("T"), Some("D"), Some("K")]),
    language("da", "Danish", [Some("B"), Some("S"), Some("L"), Some("T"), Some("D"), Some("K")]),
    language("no", "Norwegian", [Some("B"), Some("S"), Some("L"), Some("T"), Some("D"), Some("K")]),
    language("pl", "Polish", [Some("P"), Some("S"), Some("G"), Some("W"), Some("H"), Some("K")]),
    language("cs", "Czech", [Some("P"), Some("J"), Some("S"), Some("V"), Some("D"), Some("K")]),
    language("hu", "Hungarian", [Some("G"), Some("H"), Some("F"), Some("B"), Some("V"), Some("K")]),
    language("ro", "Romanian", [Some("P"), Some("C"), Some("N"), Some("T"), Some("D"), Some("R")]),
    language("fi", "Finnish", [Some("S"), Some("R"), Some("L"), Some("T"), Some("D"), Some("K")]),
    language("ru", "Russian", [None, Some("К"), Some("С"), Some("Л"), Some("Ф"), Some(TWO_LETTER_KING)]),
    language("uk", "Ukrainian", [None, Some("К"), Some("С"), Some("Т"), Some("Ф"), Some(TWO_LETTER_KING)]),
    language("bg", "Bulgarian", [None, Some("К"), Some("О"), Some("Т"), Some("Д"), Some("Ц")]),
];

const ENGLISH_LETTERS: Language =
    language("en", "English", [Some("P"), Some("N"), Some("B"), Some("R"), Some("Q"), Some("K")]);

/// English, the language of canonical output.
pub const ENGLISH: &Language = &ENGLISH_LETTERS;

fn role_index(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

impl Language {
    /// The language `--lang` names, by code or English name, in any case.
    pub fn find(name: &str) -> Option<&'static Language> {
        LANGUAGES.iter().find(|l| l.code.eq_ignore_ascii_case(name) || l.name.eq_ignore_ascii_case(name))
    }

    /// How this language writes `role`, if it writes it: one letter, or `Кр`.
    pub fn spelling(&self, role: Role) -> Option<&'static str> {
        self.letters.get(role_index(role)).copied().flatten()
    }

    /// The one letter this language writes for `role`, as a move's token holds it
    /// (the two-letter king is read as a figurine: `None`).
    pub fn letter(&self, role: Role) -> Option<char> {
        let mut chars = self.spelling(role)?.chars();
        chars.next().filter(|_| chars.next().is_none())
    }

    /// Whether this language writes `letter` for some unit.
    pub fn writes(&self, letter: char) -> bool {
        self.role(letter).is_some()
    }

    /// The role an upper-case letter stands for in this language.
    pub fn role(&self, letter: char) -> Option<Role> {
        Role::ALL.into_iter().find(|&r| self.letter(r) == Some(letter))
    }

    /// The text with this language's piece letters replaced by English ones (other
    /// characters kept): `Sf3` in German is `Nf3`.
    pub fn to_english(&self, text: &str) -> String {
        let text = match self.spelling(Role::King) {
            Some(TWO_LETTER_KING) => Cow::Owned(text.replace(TWO_LETTER_KING, "K")),
            _ => Cow::Borrowed(text),
        };
        text.chars().map(|c| self.role(c).map_or(c, Role::letter)).collect()
    }

    /// Every name `--lang` accepts, for error messages: `en (English), de (German), ...`.
    pub fn accepted_names() -> String {
        LANGUAGES.iter().map(|l| format!("{} ({})", l.code, l.name)).collect::<Vec<_>>().join(", ")
    }
}

const WHITE_FIGURINES: [char; 6] = ['♙', '♘', '♗', '♖', '♕', '♔'];
const BLACK_FIGURINES: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];

/// The figurine of a unit: `♘` for a white knight, `♞` for a black one.
pub fn figurine(role: Role, color: Color) -> char {
    let set = match color {
        Color::White => &WHITE_FIGURINES,
        Color::Black => &BLACK_FIGURINES,
    };
    set.get(role_index(role)).copied().unwrap_or('?')
}

/// The role and colour a figurine draws. Records often use the white set for both sides,
/// so a reader should trust the role and take the colour from the side to move.
pub fn from_figurine(glyph: char) -> Option<(Role, Color)> {
    Role::ALL.into_iter().find_map(|role| {
        Color::ALL.into_iter().find(|&color| figurine(role, color) == glyph).map(|color| (role, color))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_gives_each_letter_one_role() {
        for language in LANGUAGES {
            for role in Role::ALL {
                if let Some(letter) = language.letter(role) {
                    assert_eq!(language.role(letter), Some(role), "{} {letter}", language.name);
                }
            }
        }
    }

    #[test]
    fn languages_are_found_by_code_and_name() {
        assert_eq!(Language::find("DE").map(|l| l.name), Some("German"));
        assert_eq!(Language::find("french").map(|l| l.code), Some("fr"));
        assert_eq!(Language::find("xx"), None);
        assert_eq!(ENGLISH.letter(Role::Knight), Some('N'));
        assert_eq!(Language::find("nl").and_then(|l| l.letter(Role::Pawn)), None);
    }

    #[test]
    fn the_two_letter_king_is_spelled_for_writing_and_read_back_as_k() {
        let russian = Language::find("Russian").expect("Russian");
        assert_eq!(russian.spelling(Role::King), Some("Кр"));
        assert_eq!(russian.letter(Role::King), None);
        assert_eq!(russian.role('К'), Some(Role::Knight));
        assert_eq!(russian.to_english("Крe2 Фd1 Лa1 Сc4 Кf3"), "Ke2 Qd1 Ra1 Bc4 Nf3");
        let bulgarian = Language::find("bg").expect("Bulgarian");
        assert_eq!(bulgarian.to_english("Цe2 Дd1 Тa1 Оc4 Кf3"), "Ke2 Qd1 Ra1 Bc4 Nf3");
        // Only a language that writes `Кр` reads it so.
        assert_eq!(ENGLISH.to_english("Крe2"), "Крe2");
    }

    #[test]
    fn figurines_read_back() {
        for role in Role::ALL {
            for color in Color::ALL {
                assert_eq!(from_figurine(figurine(role, color)), Some((role, color)));
            }
        }
        assert_eq!(from_figurine('N'), None);
    }
}
