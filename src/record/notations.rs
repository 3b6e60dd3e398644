//! Which notation a written turn uses, judged from its text alone: the replay names a
//! game written in another notation once, instead of calling every turn imprecise.

/// The notations a record may be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrittenNotation {
    /// Standard algebraic notation, or one of its lenient spellings (`0-0`, `ed5`).
    San,
    /// Long algebraic: the source square and a hyphen or capture sign, or a piece letter
    /// before the source square (`Ng1-f3`, `e2-e4`, `Ng1f3`).
    Long,
    /// Coordinates as engines write them (UCI): two squares and nothing else (`g1f3`, `e7e8q`).
    Coordinates,
    /// ICCF numeric: four or five digits (`5254`, `57581`).
    Iccf,
    /// SAN with figurines for the piece letters (`♘f3`).
    Figurines,
}

impl WrittenNotation {
    /// The notation of a written turn (its first move decides; check marks and
    /// annotation glyphs ignored).
    pub fn of(turn: &str) -> WrittenNotation {
        let first = turn.split([',', '&', ' ']).next().unwrap_or("").trim_end_matches(['!', '?', '+', '#']);
        if first.chars().any(|c| ('\u{2654}'..='\u{265F}').contains(&c)) {
            return WrittenNotation::Figurines;
        }
        if (4..=5).contains(&first.len()) && first.bytes().all(|b| b.is_ascii_digit()) {
            return WrittenNotation::Iccf;
        }
        let (letter, rest) = match first.strip_prefix(|c: char| c.is_ascii_uppercase() && c != 'O') {
            Some(rest) => (true, rest),
            None => (false, first),
        };
        let Some(after_source) = strip_square(rest) else { return WrittenNotation::San };
        let (separator, after_separator) = match after_source.strip_prefix(['-', 'x', ':']) {
            Some(tail) => (true, tail),
            None => (false, after_source),
        };
        if strip_square(after_separator).is_none() {
            return WrittenNotation::San;
        }
        if letter || separator {
            WrittenNotation::Long
        } else {
            WrittenNotation::Coordinates
        }
    }

    /// How the notation is called in messages.
    pub fn name(self) -> &'static str {
        match self {
            WrittenNotation::San => "standard algebraic",
            WrittenNotation::Long => "long algebraic",
            WrittenNotation::Coordinates => "coordinate (UCI)",
            WrittenNotation::Iccf => "ICCF numeric",
            WrittenNotation::Figurines => "figurine",
        }
    }

    /// Whether the notation writes `+` and `#` (coordinates and ICCF numeric do not, so
    /// a missing mark there is no mistake).
    pub fn writes_check_marks(self) -> bool {
        !matches!(self, WrittenNotation::Coordinates | WrittenNotation::Iccf)
    }
}

/// The text after a square at its start (a file `a`-`l`, a rank of one or two digits).
fn strip_square(text: &str) -> Option<&str> {
    let rest = text.strip_prefix(|c: char| ('a'..='l').contains(&c))?;
    let digits = rest.bytes().take(2).take_while(u8::is_ascii_digit).count();
    rest.get(digits..).filter(|_| digits > 0)
}

#[cfg(test)]
mod tests {
    use super::WrittenNotation::{self, *};

    #[test]
    fn notations_are_told_apart_by_their_text() {
        let cases: [(&str, WrittenNotation); 14] = [
            ("Nf3", San),
            ("exd5", San),
            ("O-O", San),
            ("Nbd2", San),
            ("Ng1-f3", Long),
            ("e2-e4", Long),
            ("Nf3xe5+", Long),
            ("Ng1f3", Long),
            ("g1f3", Coordinates),
            ("e7e8q", Coordinates),
            ("b10b12", Coordinates),
            ("5254", Iccf),
            ("57581", Iccf),
            ("♘f3", Figurines),
        ];
        for (text, notation) in cases {
            assert_eq!(WrittenNotation::of(text), notation, "{text}");
        }
        assert_eq!(WrittenNotation::of("Rd1-e8, Kf8-g8"), Long);
        assert!(!Iccf.writes_check_marks() && Long.writes_check_marks());
    }
}
