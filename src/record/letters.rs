//! Piece letters of a record read in its language: every letter and figurine of a parsed
//! game rewritten as the English letter of the same unit, so that the rules read one
//! alphabet. The tables are those of [`super::languages`].

use std::collections::BTreeSet;

use super::ast::{Game, PieceLetter, SanToken, TurnPart, TurnToken};
use super::languages::{from_figurine, Language, ENGLISH, LANGUAGES};

/// Every piece and promotion letter written in the game (figurines left out: they mean
/// the same in every language). It only reads the game; the walk over its letters is
/// the one [`to_english`] rewrites them with.
pub fn letters_used(game: &mut Game) -> BTreeSet<char> {
    let mut used = BTreeSet::new();
    for_each_letter_mut(game, &mut |letter| {
        if from_figurine(*letter).is_none() {
            used.insert(*letter);
        }
    });
    used
}

/// Whether every piece letter of the game is an English letter (no figurine, no letter
/// of another language), so that reading it in English changes nothing. The reading
/// noted it turn by turn ([`turn_is_english`]), so nothing is walked here.
pub fn all_english(game: &mut Game) -> bool {
    !game.foreign_letters()
}

/// Whether every piece letter of `turn` is an English letter. (It only reads the turn;
/// the walk is the one [`to_english`] rewrites letters with.)
pub(crate) fn turn_is_english(turn: &mut TurnToken) -> bool {
    let mut all = true;
    // An English letter is never a figurine: the letter alone decides.
    for_each_letter_of_turn(turn, &mut |letter| all &= ENGLISH.writes(*letter));
    all
}

/// The languages whose letters include every letter in `used`, English first; languages
/// with the same letters as one before them are left out (German stands for Swedish).
pub fn languages_reading(used: &BTreeSet<char>) -> Vec<&'static Language> {
    let mut found: Vec<&'static Language> = Vec::new();
    for language in LANGUAGES {
        let reads_all = used.iter().all(|&letter| language.role(letter).is_some());
        let repeated = found.iter().any(|earlier| same_letters(earlier, language));
        if reads_all && !repeated {
            found.push(language);
        }
    }
    found
}

fn same_letters(a: &Language, b: &Language) -> bool {
    crate::rules::Role::ALL.into_iter().all(|role| a.spelling(role) == b.spelling(role))
}

/// Rewrites the game's letters from `language` into English, and every figurine too.
/// A letter the language does not have is left as written, for the rules to refuse.
/// No move is in plain form afterwards: its text no longer need be its fields.
pub fn to_english(game: &mut Game, language: &Language) {
    game.for_each_turn_mut(|turn| {
        for part in turn.parts_mut() {
            if let TurnPart::Move { san, .. } = &mut part.value {
                san.forget_plain_form();
            }
        }
    });
    let mut foreign = false;
    for_each_letter_mut(game, &mut |letter| {
        let role = from_figurine(*letter).map(|(role, _)| role).or_else(|| language.role(*letter));
        if let Some(english) = role.and_then(|role| ENGLISH.letter(role)) {
            *letter = english;
        }
        foreign |= !ENGLISH.writes(*letter);
    });
    game.set_foreign_letters(foreign);
}

/// Visits every piece letter of the game, variations included: moved units, promotions
/// and the units named in bounces.
fn for_each_letter_mut(game: &mut Game, visit: &mut impl FnMut(&mut PieceLetter)) {
    game.for_each_turn_mut(|turn| for_each_letter_of_turn(turn, visit));
}

/// Visits every piece letter of one turn.
fn for_each_letter_of_turn(turn: &mut TurnToken, visit: &mut impl FnMut(&mut PieceLetter)) {
    for part in turn.parts_mut() {
        if let TurnPart::Move { san, bounce } = &mut part.value {
            if let SanToken::Normal { piece, promotion, .. } = san {
                piece.iter_mut().chain(promotion.iter_mut()).for_each(&mut *visit);
            }
            if let Some(bounce) = bounce {
                bounce.value.piece.iter_mut().for_each(&mut *visit);
            }
        }
    }
}
