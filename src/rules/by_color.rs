//! A value for each side: the per-colour pairs of the core (units by colour, kings,
//! bubbles by owner, bombs held, pawn and castling ranks), read by [`Color`].

use super::Color;
use std::ops::{Index, IndexMut};

/// One value for White and one for Black.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor { white, black }
    }

    /// The same value for both sides.
    pub fn both(value: T) -> ByColor<T>
    where
        T: Clone,
    {
        ByColor { white: value.clone(), black: value }
    }

    /// Applies `f` to each side's value.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor { white: f(self.white), black: f(self.black) }
    }

    /// The side's value.
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The side's value, to change.
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}
