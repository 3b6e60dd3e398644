//! The board schedule (L1, L3): which of the three nested boards is active on each
//! ply, how `Position::phase` moves through the cycle, and how the phase is written.

use crate::geometry::Rect;
use crate::rules::{Color, Position};
use std::collections::BTreeMap;

/// One of the three concentric boards of the 12x12 grid (L1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Region {
    /// c3-j10.
    Small,
    /// b2-k11.
    Middle,
    /// a1-l12, the whole grid.
    Large,
}

impl Region {
    /// L1: the squares of the region on the 12x12 grid.
    pub(super) const fn rect(self) -> Rect {
        match self {
            Region::Small => Rect::new(2, 2, 9, 9),
            Region::Middle => Rect::new(1, 1, 10, 10),
            Region::Large => Rect::new(0, 0, 11, 11),
        }
    }

    /// The board's size as the phase field and captions write it: `8`, `10`, `12`.
    pub(super) const fn size(self) -> u8 {
        self.rect().files()
    }

    /// `8x8 (c3-j10)`.
    pub(super) fn describe(self) -> String {
        let rect = self.rect();
        let corner = |file: u8, rank: u8| crate::geometry::Square::at(file, rank).to_string();
        format!(
            "{0}x{0} ({1}-{2})",
            self.size(),
            corner(rect.min_file, rect.min_rank),
            corner(rect.max_file, rect.max_rank)
        )
    }
}

/// L3 `schedule=8-10-12`: 8, 10, 12, 8, ...
const BREATHE: [Region; 3] = [Region::Small, Region::Middle, Region::Large];
/// L3 `schedule=8-10-12-10` (Larry Smith's): 8, 10, 12, 10, 8, ...
const SMITH: [Region; 4] = [Region::Small, Region::Middle, Region::Large, Region::Middle];

/// The rule options of L3 read into one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Schedule {
    /// The boards of one cycle, in order.
    cycle: &'static [Region],
    /// `turn=move`: both plies of a full move share a board, so the place in the
    /// cycle advances only after Black's ply.
    per_move: bool,
}

impl Default for Schedule {
    fn default() -> Schedule {
        Schedule { cycle: &BREATHE, per_move: false }
    }
}

impl Schedule {
    /// Reads the options `schedule` and `turn` (already checked by the registry;
    /// anything else falls back to the default).
    pub(super) fn from_options(options: &BTreeMap<String, String>) -> Schedule {
        let smith = options.get("schedule").is_some_and(|v| v == "8-10-12-10");
        let per_move = options.get("turn").is_some_and(|v| v == "move");
        Schedule { cycle: if smith { &SMITH } else { &BREATHE }, per_move }
    }

    /// The number of places in one cycle.
    pub(super) fn places(&self) -> u8 {
        self.cycle.len().max(1) as u8
    }

    /// The board at a place of the cycle (a place out of range wraps around).
    pub(super) fn region_at(&self, phase: u8) -> Region {
        self.cycle.get((phase % self.places()) as usize).copied().unwrap_or(Region::Large)
    }

    /// L4: the board the side to move uses now.
    pub(super) fn active(&self, pos: &Position) -> Region {
        self.region_at(pos.phase())
    }

    /// The place of the ply after one played by `mover` at `phase` (L3).
    pub(super) fn advance(&self, phase: u8, mover: Color) -> u8 {
        if self.per_move && mover == Color::White {
            phase
        } else {
            (phase % self.places() + 1) % self.places()
        }
    }

    /// L6: the board of the next ply, on which the opponent could capture.
    pub(super) fn next(&self, pos: &Position) -> Region {
        self.region_at(self.advance(pos.phase(), pos.turn()))
    }

    /// The phase field: `8`, `10`, `12`; Larry Smith's schedule tells its two
    /// 10x10 places apart as `10>` (growing) and `10<` (shrinking).
    pub(super) fn phase_text(&self, phase: u8) -> String {
        let region = self.region_at(phase);
        let size = region.size().to_string();
        // A board met twice in the cycle is told apart by the way the cycle goes on.
        if self.cycle.iter().filter(|&&r| r == region).count() < 2 {
            return size;
        }
        let growing = self.region_at(phase % self.places() + 1) == Region::Large;
        size + if growing { ">" } else { "<" }
    }

    /// Reads the phase field: the place in the cycle it names, if this schedule
    /// has such a place.
    pub(super) fn read_phase(&self, text: &str) -> Option<u8> {
        (0..self.places()).find(|&phase| self.phase_text(phase) == text)
    }

    /// Every phase text of this schedule, for messages: `8, 10, 12`.
    pub(super) fn phase_texts(&self) -> String {
        (0..self.places()).map(|p| self.phase_text(p)).collect::<Vec<_>>().join(", ")
    }

    /// The schedule as the option writes it: `8-10-12-10, turn=move`.
    pub(super) fn describe(&self) -> String {
        let sizes: Vec<String> = self.cycle.iter().map(|r| r.size().to_string()).collect();
        format!("{}, turn={}", sizes.join("-"), if self.per_move { "move" } else { "ply" })
    }
}
