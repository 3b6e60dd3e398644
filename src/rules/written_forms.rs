//! Turns written in the notations `export` offers: SAN in any language's letters or with
//! figurines, long algebraic (LAN), UCI coordinates and ICCF numeric.
//!
//! Only each move's own text changes form; the variant parts of a turn keep their SAN
//! syntax: a bounce follows its move after a comma (`Rd1-e8, Kf8-g8`, `d1e8, f8g8`),
//! the moves of a Bubble Fizz turn are joined by ` & `, and a Tilting bomb is written
//! `(****)g6:h5h7` in every form. Check marks are written in SAN and LAN only.
//! Canonical SAN (English letters) is the variant's own canonical text, unchanged.

use super::{Color, Judged, Move, MoveKind, Notation, Position, Role, Turn};
use crate::geometry::{Rect, Square};
use crate::record::iccf;
use crate::record::languages::{figurine, Language, ENGLISH};

/// The notation a turn is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Form {
    /// Standard algebraic notation, as canonical output writes it (`Nf3`).
    #[default]
    San,
    /// Long algebraic: the source square always written (`Ng1-f3`, `e7xd8=Q`).
    Lan,
    /// UCI coordinates: source and target squares, promotion in lower case (`e7e8q`).
    Uci,
    /// ICCF numeric: digits of source and target, a digit for a promotion (`57581`).
    Iccf,
}

impl Form {
    /// The names `--notation` takes, in the order of the help text.
    pub const NAMES: [&'static str; 4] = ["san", "lan", "uci", "iccf"];

    /// The form a name (`san`, `lan`, `uci`, `iccf`, any case) stands for.
    pub fn find(name: &str) -> Option<Form> {
        let forms = [Form::San, Form::Lan, Form::Uci, Form::Iccf];
        Form::NAMES.iter().zip(forms).find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, form)| form)
    }

    /// Whether the form writes `+` and `#` after a turn.
    fn writes_check_marks(self) -> bool {
        matches!(self, Form::San | Form::Lan)
    }
}

/// How units are named in SAN and LAN: a language's letters or figurines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Letters {
    Language(&'static Language),
    /// `♘f3` for White's knight, `♞f6` for Black's: each unit in its own colour.
    Figurine,
}

impl Letters {
    /// The letters `--lang` names: a language's code or English name, or `figurine`.
    pub fn find(name: &str) -> Option<Letters> {
        if name.eq_ignore_ascii_case("figurine") || name.eq_ignore_ascii_case("figurines") {
            return Some(Letters::Figurine);
        }
        Language::find(name).map(Letters::Language)
    }

    /// Writes what a unit is written as into `text` (nothing for a pawn: a pawn has no
    /// letter in SAN or LAN in any language); `?` for a unit the language has no letter for.
    fn push_unit(self, role: Role, color: Color, text: &mut String) {
        match (role, self) {
            (Role::Pawn, _) => {}
            (_, Letters::Language(language)) => text.push_str(language.spelling(role).unwrap_or("?")),
            (_, Letters::Figurine) => text.push(figurine(role, color)),
        }
    }
}

/// A notation with its letters: what `export --notation F --lang L` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenForm {
    pub form: Form,
    pub letters: Letters,
}

impl Default for WrittenForm {
    fn default() -> WrittenForm {
        WrittenForm::CANONICAL
    }
}

impl WrittenForm {
    /// Canonical SAN with English letters.
    pub const CANONICAL: WrittenForm = WrittenForm { form: Form::San, letters: Letters::Language(ENGLISH) };

    /// Whether every square of a board of `area` can be written; ICCF numeric names the
    /// squares of an 8x8 board only.
    pub fn check_board(&self, area: Rect) -> Result<(), String> {
        if self.form == Form::Iccf && (area.files() > 8 || area.ranks() > 8) {
            return Err(format!(
                "ICCF numeric notation names the squares of an 8x8 board only, and this game is played on a {}x{} board; write it with --notation san, lan or uci",
                area.files(),
                area.ranks()
            ));
        }
        Ok(())
    }

    /// A legal turn in `pos`, written in this form. `canonical` is the turn's canonical
    /// SAN without check mark and `mark` the check mark it earns (`""`, `+` or `#`),
    /// as `Resolved` and `san::check_mark` give them.
    pub fn write(&self, pos: &Position, turn: &Turn, canonical: &str, mark: &str) -> String {
        let side = pos.turn();
        let body = match (self.form, turn) {
            (Form::San, _) => self.relabel(canonical, pos, turn),
            // T8: a bomb is written as canonical SAN has it, in every form.
            (_, Turn::Bomb(_)) => canonical.to_string(),
            (_, Turn::Move(mv)) => self.one_move(mv, side),
            (_, Turn::Bounced(mv, bounce)) => {
                let bounced = pos.board().get(bounce.from).map_or((Role::Pawn, side), |p| (p.role, p.color));
                format!("{}, {}", self.one_move(mv, side), self.step(bounced, bounce.from, bounce.to, '-'))
            }
            (_, Turn::Two(_) | Turn::Multi(_)) => {
                turn.moves().iter().map(|mv| self.one_move(mv, side)).collect::<Vec<_>>().join(" & ")
            }
        };
        if self.form.writes_check_marks() {
            body + mark
        } else {
            body
        }
    }

    /// A legal turn in `pos` in this form, its canonical text computed here (for callers
    /// that hold a turn rather than a resolved token); an error when the variant cannot
    /// decide the notation.
    pub fn write_turn<V: Notation + ?Sized>(&self, variant: &V, pos: &Position, turn: &Turn) -> Judged<String> {
        let with_mark = variant.write_turn(pos, turn)?;
        let mark = super::san::check_mark(variant, &variant.play(pos, turn))?;
        let canonical = with_mark.strip_suffix(mark).unwrap_or(&with_mark);
        Ok(self.write(pos, turn, canonical, mark))
    }

    /// Canonical SAN with each English piece letter replaced by this form's letter:
    /// the mover's units in the moves and promotions, the bounced unit's own colour
    /// after a bounce's comma. Canonical SAN writes no other capital than piece
    /// letters and the `O` of castling.
    fn relabel(&self, canonical: &str, pos: &Position, turn: &Turn) -> String {
        if self.letters == Letters::Language(ENGLISH) {
            return canonical.to_string();
        }
        let side = pos.turn();
        let letters = self.letters;
        let in_colour = |text: &str, color: Color| -> String {
            let mut written = String::with_capacity(text.len() + 2);
            for c in text.chars() {
                match ENGLISH.role(c).filter(|&role| role != Role::Pawn) {
                    Some(role) => letters.push_unit(role, color, &mut written),
                    None => written.push(c),
                }
            }
            written
        };
        match (turn, canonical.split_once(", ")) {
            (Turn::Bounced(_, bounce), Some((first, second))) => {
                let bounced = pos.board().get(bounce.from).map_or(side, |p| p.color);
                format!("{}, {}", in_colour(first, side), in_colour(second, bounced))
            }
            _ => in_colour(canonical, side),
        }
    }

    /// One move of a turn in LAN, UCI or ICCF.
    fn one_move(&self, mv: &Move, side: Color) -> String {
        let to = match mv.kind {
            MoveKind::Castle { wing, .. } if self.form == Form::Lan => return wing.notation().to_string(),
            MoveKind::Castle { rook, .. } => castling_target(mv.from, mv.to, rook),
            _ => mv.to,
        };
        let separator = if mv.capture { 'x' } else { '-' };
        let mut text = self.step((mv.role, side), mv.from, to, separator);
        if let Some(role) = mv.promotion {
            match self.form {
                Form::San | Form::Lan => {
                    text.push('=');
                    self.letters.push_unit(role, side, &mut text);
                }
                Form::Uci => text.push(role.letter().to_ascii_lowercase()),
                Form::Iccf => text.push(iccf::promotion_digit(role).unwrap_or('?')),
            }
        }
        text
    }

    /// A unit's step from `from` to `to` without promotion: `Ng1-f3` (with
    /// `separator`), `g1f3`, `7163`.
    fn step(&self, (role, color): (Role, Color), from: Square, to: Square, separator: char) -> String {
        match self.form {
            Form::San | Form::Lan => {
                let mut text = String::new();
                self.letters.push_unit(role, color, &mut text);
                format!("{text}{from}{separator}{to}")
            }
            Form::Uci => format!("{from}{to}"),
            Form::Iccf => [iccf_digits(from), iccf_digits(to)].concat(),
        }
    }
}

/// Where UCI and ICCF write a castling king to go: its own destination when the turn
/// looks like orthodox castling (the king two files towards a rook in the corner's
/// file beyond), otherwise onto its own rook, as Chess960 records write it.
fn castling_target(king: Square, to: Square, rook: Square) -> Square {
    let two_files = king.rank() == to.rank() && king.file().abs_diff(to.file()) == 2;
    let rook_beyond = (rook.file() > to.file()) == (to.file() > king.file()) && rook.file() != to.file();
    let rook_in_corner = rook.file() == 0 || rook.file() == 7;
    if two_files && rook_beyond && rook_in_corner {
        to
    } else {
        rook
    }
}

/// The ICCF digits of a square; `check_board` keeps squares beyond 8x8 away.
fn iccf_digits(square: Square) -> String {
    iccf::square_digits(square).map_or_else(|| square.to_string(), |digits| digits.iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_in_any_case() {
        assert_eq!(Form::find("LAN"), Some(Form::Lan));
        assert_eq!(Form::find("pgn"), None);
        assert_eq!(Letters::find("Figurine"), Some(Letters::Figurine));
        assert_eq!(Letters::find("de"), Language::find("German").map(Letters::Language));
        assert_eq!(Letters::find("klingon"), None);
    }

    #[test]
    fn orthodox_castling_is_the_kings_move_and_chess960_goes_onto_the_rook() {
        let sq = |name: &str| Square::parse(name).unwrap();
        assert_eq!(castling_target(sq("e1"), sq("g1"), sq("h1")), sq("g1"));
        assert_eq!(castling_target(sq("e8"), sq("c8"), sq("a8")), sq("c8"));
        assert_eq!(castling_target(sq("f1"), sq("g1"), sq("h1")), sq("h1"));
        assert_eq!(castling_target(sq("b1"), sq("c1"), sq("a1")), sq("a1"));
        assert_eq!(castling_target(sq("d1"), sq("c1"), sq("a1")), sq("a1"));
    }

    #[test]
    fn a_knight_move_is_written_in_every_form() {
        use crate::rules::Rules;
        use crate::variants::chess::Chess;
        let pos = Chess.start();
        let mut turns = Vec::new();
        Chess.legal_turns(&pos, &mut turns);
        let knight = turns.iter().find(|t| t.moves().first().is_some_and(|m| m.to == Square::parse("f3").unwrap()));
        let knight = knight.unwrap();
        let german = Letters::find("de").unwrap();
        let written = |form, letters| WrittenForm { form, letters }.write_turn(&Chess, &pos, knight).unwrap();
        assert_eq!(written(Form::San, Letters::Language(ENGLISH)), "Nf3");
        assert_eq!(written(Form::San, german), "Sf3");
        assert_eq!(written(Form::San, Letters::Figurine), "♘f3");
        assert_eq!(written(Form::Lan, german), "Sg1-f3");
        assert_eq!(written(Form::Uci, german), "g1f3");
        assert_eq!(written(Form::Iccf, Letters::Figurine), "7163");
        assert_eq!(turns.len(), 20);
    }

    #[test]
    fn iccf_refuses_boards_beyond_8x8() {
        let iccf = WrittenForm { form: Form::Iccf, letters: Letters::Language(ENGLISH) };
        assert!(iccf.check_board(Rect::board(8, 8)).is_ok());
        assert!(iccf.check_board(Rect::board(12, 12)).is_err());
        assert!(WrittenForm::CANONICAL.check_board(Rect::board(12, 12)).is_ok());
    }
}
