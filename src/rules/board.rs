//! The board: units on squares and their per-unit counters. Board features that are
//! not units (craters, bubbles) live in [`Features`](super::Features).

#![allow(
    clippy::indexing_slicing,
    reason = "indices are Square::index() < SQUARE_SLOTS and Color::index() < 2, bounded by their types"
)]

use super::{zobrist, ByColor, Color, Piece, Role};
use crate::geometry::{Rect, Square, SquareSet, SQUARE_SLOTS};

/// Units on squares. Each unit carries a small counter that variants use for
/// per-unit state: Koopa's stun (K4) and Bubble Fizz's pause (F5). The counter
/// travels with the unit when it moves and vanishes with it.
#[derive(PartialEq, Eq)]
pub struct Board {
    area: Rect,
    /// `0` for an empty square, else `1 + colour * 6 + role`.
    cells: [u8; SQUARE_SLOTS],
    /// `0` for no counter, else `1 + counter`.
    counters: [u8; SQUARE_SLOTS],
    occupied: ByColor<SquareSet>,
    /// Units of each role, both colours, in the order of [`Role::ALL`].
    roles: [SquareSet; 6],
    /// Units whose counter is above 0 (stunned, paused): they neither move nor attack.
    immobile: SquareSet,
    /// Units that hold a counter, 0 included.
    counted: SquareSet,
    kings: ByColor<Option<Square>>,
    /// The Zobrist key of the units and their counters, kept by every change.
    key: u64,
}

impl Board {
    /// An empty board covering `area`.
    pub fn empty(area: Rect) -> Board {
        Board {
            area,
            cells: [0; SQUARE_SLOTS],
            counters: [0; SQUARE_SLOTS],
            occupied: ByColor::both(SquareSet::EMPTY),
            roles: [SquareSet::EMPTY; 6],
            immobile: SquareSet::EMPTY,
            counted: SquareSet::EMPTY,
            kings: ByColor::both(None),
            key: 0,
        }
    }

    /// The squares of the board (for Bellows the whole 12x12 grid).
    #[inline]
    pub fn area(&self) -> Rect {
        self.area
    }

    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        decode(self.cells[sq.index()])
    }

    #[inline]
    pub fn is_empty_at(&self, sq: Square) -> bool {
        self.cells[sq.index()] == 0
    }

    /// The unit's counter (stun or pause), if it has one.
    #[inline]
    pub fn counter(&self, sq: Square) -> Option<u8> {
        self.counters[sq.index()].checked_sub(1)
    }

    pub fn set_counter(&mut self, sq: Square, counter: Option<u8>) {
        self.store_counter(sq, counter.map_or(0, |c| c.saturating_add(1)));
    }

    /// Counts the counters on `squares` down by one, as [`Board::set_counter`] would on
    /// each: a counter 0 goes, any other one becomes one less. A square without a
    /// counter is left alone. Whether a counter frees its unit is gathered without a
    /// branch (a turn counts down several counters of mixed values); the counters that
    /// go are the 0s, the counted units that are not immobile.
    #[inline]
    pub fn count_down(&mut self, squares: SquareSet) {
        let counting = squares & self.counted;
        let gone = counting.difference(self.immobile);
        // Units that may move again: counter now 0, or gone.
        let freed = counting.filtered(|sq| {
            // The stored value is the counter plus one, so it simply drops by one.
            let stored = self.counters[sq.index()];
            let lower = stored.saturating_sub(1);
            self.counters[sq.index()] = lower;
            self.key ^= zobrist::counted_down(sq, stored);
            lower <= 1
        });
        self.immobile = self.immobile.difference(freed);
        self.counted = self.counted.difference(gone);
    }

    /// Stores the counter of `sq` as `stored` (its value plus one; 0 for none), keeping
    /// the key and the sets of immobile (counter above 0) and counted units.
    #[allow(
        clippy::inline_always,
        reason = "on every move of a unit with a counter and every pause; left to itself the compiler keeps it a call"
    )]
    #[inline(always)]
    fn store_counter(&mut self, sq: Square, stored: u8) {
        let old = self.counters[sq.index()];
        self.key ^= zobrist::stored_counter(sq, old) ^ zobrist::stored_counter(sq, stored);
        self.counters[sq.index()] = stored;
        let unit = !self.is_empty_at(sq);
        self.immobile.remove(sq);
        self.immobile.insert_if(sq, stored > 1 && unit);
        self.counted.remove(sq);
        self.counted.insert_if(sq, stored > 0 && unit);
    }

    /// The Zobrist key of the units and their counters.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Puts a unit on a square (replacing whatever stood there), without a counter.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.take(sq);
        self.cells[sq.index()] = encode(piece);
        self.occupied[piece.color].insert(sq);
        self.roles[piece.role as usize].insert(sq);
        self.key ^= zobrist::unit(piece, sq);
        if piece.role == Role::King {
            self.kings[piece.color] = Some(sq);
        }
    }

    /// Removes and returns the unit on a square, with its counter.
    pub fn take(&mut self, sq: Square) -> Option<(Piece, Option<u8>)> {
        let piece = decode(std::mem::take(&mut self.cells[sq.index()]))?;
        let stored = std::mem::take(&mut self.counters[sq.index()]);
        self.occupied[piece.color].remove(sq);
        self.roles[piece.role as usize].remove(sq);
        self.immobile.remove(sq);
        self.counted.remove(sq);
        self.key ^= zobrist::unit(piece, sq) ^ zobrist::stored_counter(sq, stored);
        if piece.role == Role::King && self.kings[piece.color] == Some(sq) {
            self.kings[piece.color] = self.find_king(piece.color);
        }
        Some((piece, stored.checked_sub(1)))
    }

    /// Moves a unit and its counter; whatever stood on `to` is removed.
    ///
    /// The common move, of a unit without a counter onto a square holding no counter,
    /// changes the sets and the key in one pass; the others go by
    /// [`Board::relocate_with_counters`].
    pub fn relocate(&mut self, from: Square, to: Square) {
        let (cell, counters) = (self.cells[from.index()], self.counters[from.index()] | self.counters[to.index()]);
        if from == to || counters != 0 {
            return self.relocate_with_counters(from, to);
        }
        let Some(piece) = decode(cell) else { return };
        if !self.is_empty_at(to) {
            self.take(to);
        }
        self.shift_unit(piece, from, to);
    }

    /// [`Board::relocate`] where `from` or `to` holds a counter (or the unit stays):
    /// whatever stood on `to` is taken with its counter, and the unit's own counter
    /// is taken off `from` and stored again on `to` ([`Board::store_counter`]).
    fn relocate_with_counters(&mut self, from: Square, to: Square) {
        if from == to {
            if let Some((piece, counter)) = self.take(from) {
                self.put(to, piece);
                // `put` leaves `to` without a counter, as a unit without one needs.
                if counter.is_some() {
                    self.set_counter(to, counter);
                }
            }
            return;
        }
        let Some(piece) = decode(self.cells[from.index()]) else { return };
        if !self.is_empty_at(to) {
            self.take(to);
        }
        let counter = self.counters[from.index()];
        if counter != 0 {
            self.store_counter(from, 0);
        }
        self.shift_unit(piece, from, to);
        if counter != 0 {
            self.store_counter(to, counter);
        }
    }

    /// Moves `piece` from `from` to the empty square `to` (cells, sets, key, king),
    /// leaving counters alone.
    #[inline]
    fn shift_unit(&mut self, piece: Piece, from: Square, to: Square) {
        self.cells[to.index()] = std::mem::take(&mut self.cells[from.index()]);
        let occupied = &mut self.occupied[piece.color];
        occupied.remove(from);
        occupied.insert(to);
        let units = &mut self.roles[piece.role as usize];
        units.remove(from);
        units.insert(to);
        self.key ^= zobrist::unit(piece, from) ^ zobrist::unit(piece, to);
        if piece.role == Role::King {
            // As `put` does: the king just moved is the one the board names.
            self.kings[piece.color] = Some(to);
        }
    }

    /// Squares holding units of one colour.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        self.occupied[color]
    }

    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.occupied.white.union(self.occupied.black)
    }

    /// Squares holding units of one role, of both colours.
    #[inline]
    pub fn role_set(&self, role: Role) -> SquareSet {
        self.roles[role as usize]
    }

    /// Squares holding units of one colour and role.
    #[inline]
    pub fn pieces_of(&self, color: Color, role: Role) -> SquareSet {
        self.roles[role as usize] & self.occupied[color]
    }

    /// Units whose counter is above 0 (stunned or paused): they neither move nor attack.
    #[inline]
    pub fn immobile(&self) -> SquareSet {
        self.immobile
    }

    /// Units that hold a counter, 0 included (Bubble Fizz's invigorated units).
    #[inline]
    pub fn counted(&self) -> SquareSet {
        self.counted
    }

    /// Number of units of both colours.
    pub fn unit_count(&self) -> usize {
        self.occupied.white.len() + self.occupied.black.len()
    }

    /// The square of a side's king (the first found, when a setup has several).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color]
    }

    fn find_king(&self, color: Color) -> Option<Square> {
        self.pieces_of(color, Role::King).first()
    }

    /// Units of one colour and role.
    pub fn units(&self, color: Color, role: Role) -> impl Iterator<Item = Square> + '_ {
        self.pieces_of(color, role).iter()
    }

    /// Every unit with its square, from a1 upwards.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().iter().filter_map(move |sq| Some((sq, self.get(sq)?)))
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        let Board { area, cells, counters, occupied, roles, immobile, counted, kings, key } = *self;
        Board { area, cells, counters, occupied, roles, immobile, counted, kings, key }
    }

    /// Copies `source` field by field into `self`: the replay copies a position per
    /// ply, and the derived `clone_from` builds a temporary board and copies it twice.
    fn clone_from(&mut self, source: &Board) {
        let Board { area, cells, counters, occupied, roles, immobile, counted, kings, key } = source;
        self.area = *area;
        self.cells = *cells;
        self.counters = *counters;
        self.occupied = *occupied;
        self.roles = *roles;
        self.immobile = *immobile;
        self.counted = *counted;
        self.kings = *kings;
        self.key = *key;
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for rank in (self.area.min_rank..=self.area.max_rank).rev() {
            for file in self.area.min_file..=self.area.max_file {
                let c = self.get(Square::at(file, rank)).map_or('.', Piece::fen_char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

fn encode(piece: Piece) -> u8 {
    1 + piece.color as u8 * 6 + piece.role as u8
}

#[inline]
fn decode(cell: u8) -> Option<Piece> {
    let index = cell.checked_sub(1)? as usize;
    let color = if index < 6 { Color::White } else { Color::Black };
    Some(Piece::new(color, *Role::ALL.get(index % 6)?))
}
