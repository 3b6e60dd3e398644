//! Attack tables of the 12x12 grid, built at compile time: the squares a knight, a king
//! or a pawn reaches from each square, and the ray in each of the eight directions.
//! Sliding attacks are the ray cut at its first blocker (the classical approach), which
//! works the same on every board size: squares outside a variant's area and craters are
//! simply more blockers. Nothing here knows units or rules.

#![allow(
    clippy::indexing_slicing,
    reason = "tables have SQUARE_SLOTS entries, indexed by Square::index(); directions are below 8"
)]

use super::{Square, SquareSet, MAX_FILES, MAX_RANKS, SQUARE_SLOTS};

/// The eight directions as (files, ranks). The first four go up the square indices
/// (their nearest blocker is the lowest square of the ray), the last four go down.
const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (-1, 1), (0, -1), (-1, -1), (-1, 0), (1, -1)];
/// Rook directions, as indices into [`DIRECTIONS`].
const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
/// Bishop directions, as indices into [`DIRECTIONS`].
const DIAGONAL: [usize; 4] = [1, 3, 5, 7];

const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// The index of the square one step away, if it is on the grid.
const fn step(index: usize, files: i8, ranks: i8) -> Option<usize> {
    let file = (index % 16) as i8 + files;
    let rank = (index / 16) as i8 + ranks;
    if file < 0 || rank < 0 || file >= MAX_FILES as i8 || rank >= MAX_RANKS as i8 {
        return None;
    }
    Some(rank as usize * 16 + file as usize)
}

const fn is_grid_square(index: usize) -> bool {
    index % 16 < MAX_FILES as usize && index / 16 < MAX_RANKS as usize
}

/// For each square, the squares one of `steps` away.
const fn leaper_table(steps: &[(i8, i8)]) -> [SquareSet; SQUARE_SLOTS] {
    let mut table = [SquareSet::EMPTY; SQUARE_SLOTS];
    let mut index = 0;
    while index < SQUARE_SLOTS {
        if is_grid_square(index) {
            let mut i = 0;
            while i < steps.len() {
                if let Some(to) = step(index, steps[i].0, steps[i].1) {
                    table[index] = table[index].with_index(to);
                }
                i += 1;
            }
        }
        index += 1;
    }
    table
}

/// For each square, the ray in direction `dir` (an index into [`DIRECTIONS`]).
const fn ray_table(dir: usize) -> [SquareSet; SQUARE_SLOTS] {
    let mut table = [SquareSet::EMPTY; SQUARE_SLOTS];
    let mut index = 0;
    while index < SQUARE_SLOTS {
        if is_grid_square(index) {
            let mut at = index;
            while let Some(next) = step(at, DIRECTIONS[dir].0, DIRECTIONS[dir].1) {
                table[index] = table[index].with_index(next);
                at = next;
            }
        }
        index += 1;
    }
    table
}

/// The squares of the grid between two ranks (or two files), both included: a
/// rectangle is the meeting of a band of ranks and a band of files.
pub(super) struct Bands {
    pub(super) ranks: [[SquareSet; MAX_RANKS as usize]; MAX_RANKS as usize],
    pub(super) files: [[SquareSet; MAX_FILES as usize]; MAX_FILES as usize],
}

const fn bands() -> Bands {
    let mut bands = Bands {
        ranks: [[SquareSet::EMPTY; MAX_RANKS as usize]; MAX_RANKS as usize],
        files: [[SquareSet::EMPTY; MAX_FILES as usize]; MAX_FILES as usize],
    };
    let mut index = 0;
    while index < SQUARE_SLOTS {
        if is_grid_square(index) {
            let (file, rank) = (index % 16, index / 16);
            let mut low = 0;
            while low < MAX_RANKS as usize {
                let mut high = low;
                while high < MAX_RANKS as usize {
                    if low <= rank && rank <= high {
                        bands.ranks[low][high] = bands.ranks[low][high].with_index(index);
                    }
                    if low <= file && file <= high {
                        bands.files[low][high] = bands.files[low][high].with_index(index);
                    }
                    high += 1;
                }
                low += 1;
            }
        }
        index += 1;
    }
    bands
}

pub(super) static BANDS: Bands = bands();

static KNIGHT: [SquareSet; SQUARE_SLOTS] = leaper_table(&KNIGHT_STEPS);
static KING: [SquareSet; SQUARE_SLOTS] =
    leaper_table(&[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]);
/// The squares a pawn attacks, for a pawn going up the board (White) and down (Black).
static PAWN_UP: [SquareSet; SQUARE_SLOTS] = leaper_table(&[(-1, 1), (1, 1)]);
static PAWN_DOWN: [SquareSet; SQUARE_SLOTS] = leaper_table(&[(-1, -1), (1, -1)]);
static RAYS: [[SquareSet; SQUARE_SLOTS]; 8] =
    [ray_table(0), ray_table(1), ray_table(2), ray_table(3), ray_table(4), ray_table(5), ray_table(6), ray_table(7)];

/// For each square, the union of the rays in `dirs`: a slider's lines on an empty grid.
const fn lines_table(dirs: [usize; 4]) -> [SquareSet; SQUARE_SLOTS] {
    let mut table = [SquareSet::EMPTY; SQUARE_SLOTS];
    let mut d = 0;
    while d < dirs.len() {
        let rays = ray_table(dirs[d]);
        let mut index = 0;
        while index < SQUARE_SLOTS {
            let mut to = 0;
            while to < SQUARE_SLOTS {
                if rays[index].contains_index(to) {
                    table[index] = table[index].with_index(to);
                }
                to += 1;
            }
            index += 1;
        }
        d += 1;
    }
    table
}

static ROOK_LINES: [SquareSet; SQUARE_SLOTS] = lines_table(ORTHOGONAL);
static BISHOP_LINES: [SquareSet; SQUARE_SLOTS] = lines_table(DIAGONAL);

/// The squares a knight on `sq` jumps to.
#[inline]
pub fn knight_attacks(sq: Square) -> SquareSet {
    KNIGHT[sq.index()]
}

/// The squares a king on `sq` steps to.
#[inline]
pub fn king_attacks(sq: Square) -> SquareSet {
    KING[sq.index()]
}

/// The squares a pawn on `sq` captures on, for a pawn moving up the board (`up`, White)
/// or down it.
#[inline]
pub fn pawn_attacks(sq: Square, up: bool) -> SquareSet {
    if up {
        PAWN_UP[sq.index()]
    } else {
        PAWN_DOWN[sq.index()]
    }
}

/// The squares a slider on `sq` reaches in direction `dir` (below
/// [`DIRECTION_COUNT`]), up to and including the first square of `blockers`.
#[inline]
pub fn ray_attacks(dir: usize, sq: Square, blockers: SquareSet) -> SquareSet {
    let ray = RAYS[dir][sq.index()];
    let hit = ray & blockers;
    let nearest = if dir < 4 { hit.first() } else { hit.last() };
    match nearest {
        Some(blocker) => ray.difference(RAYS[dir][blocker.index()]),
        None => ray,
    }
}

/// The eight directions, as the `dir` of [`ray_attacks`].
pub const DIRECTION_COUNT: usize = DIRECTIONS.len();

/// Every square from `sq` to the grid's edge in direction `dir`, blockers ignored.
#[inline]
pub fn ray(dir: usize, sq: Square) -> SquareSet {
    RAYS[dir][sq.index()]
}

/// The squares a rook on `sq` would reach on an empty grid: a cheap first test of
/// whether a rook could attack a square at all.
#[inline]
pub fn rook_lines(sq: Square) -> SquareSet {
    ROOK_LINES[sq.index()]
}

/// The squares a bishop on `sq` would reach on an empty grid.
#[inline]
pub fn bishop_lines(sq: Square) -> SquareSet {
    BISHOP_LINES[sq.index()]
}

/// Whether direction `dir` is a rook's (else a bishop's).
pub const fn is_orthogonal(dir: usize) -> bool {
    dir.is_multiple_of(2)
}

/// The squares a rook on `sq` reaches, each line ending at its first blocker.
#[inline]
pub fn rook_attacks(sq: Square, blockers: SquareSet) -> SquareSet {
    slider_attacks(ORTHOGONAL, sq, blockers)
}

/// The squares a bishop on `sq` reaches, each line ending at its first blocker.
#[inline]
pub fn bishop_attacks(sq: Square, blockers: SquareSet) -> SquareSet {
    slider_attacks(DIAGONAL, sq, blockers)
}

/// The squares a unit on `sq` reaches along the four directions `dirs`, each line
/// ending at its first blocker.
#[allow(
    clippy::inline_always,
    reason = "inlined, the directions are constants in each caller; a shared copy with directions as data measured twice as dear"
)]
#[inline(always)]
fn slider_attacks(dirs: [usize; 4], sq: Square, blockers: SquareSet) -> SquareSet {
    let [a, b, c, d] = dirs;
    ray_attacks(a, sq, blockers)
        | ray_attacks(b, sq, blockers)
        | ray_attacks(c, sq, blockers)
        | ray_attacks(d, sq, blockers)
}

/// For each pair of squares, the direction from the first to the second when they
/// share a line ([`NO_DIRECTION`] otherwise), built by walking every ray.
static DIRECTION_TABLE: [[u8; SQUARE_SLOTS]; SQUARE_SLOTS] = {
    let mut table = [[NO_DIRECTION; SQUARE_SLOTS]; SQUARE_SLOTS];
    let mut from = 0;
    while from < SQUARE_SLOTS {
        let mut dir = 0;
        while is_grid_square(from) && dir < DIRECTIONS.len() {
            let mut at = from;
            while let Some(next) = step(at, DIRECTIONS[dir].0, DIRECTIONS[dir].1) {
                table[from][next] = dir as u8;
                at = next;
            }
            dir += 1;
        }
        from += 1;
    }
    table
};

/// The entry of [`DIRECTION_TABLE`] for squares not on one line.
const NO_DIRECTION: u8 = u8::MAX;

/// The direction (the `dir` of [`ray`]) that leads from `from` to `to`, when the two
/// share a rank, file or diagonal and differ.
#[inline]
pub fn direction_towards(from: Square, to: Square) -> Option<usize> {
    let dir = DIRECTION_TABLE[from.index()][to.index()];
    (dir != NO_DIRECTION).then_some(usize::from(dir))
}

/// The squares strictly between two squares on one line (none for squares not aligned):
/// where the ray from one towards the other meets the ray coming back.
#[inline]
pub fn between(a: Square, b: Square) -> SquareSet {
    direction_towards(a, b).map_or(SquareSet::EMPTY, |dir| ray(dir, a) & RAYS[opposite(dir)][b.index()])
}

/// The direction opposite `dir`: the table lists four directions, then their opposites.
#[inline]
const fn opposite(dir: usize) -> usize {
    (dir + 4) % DIRECTION_COUNT
}

/// The line from `from` through `to` on to the grid's edge, when the two are aligned.
#[inline]
pub fn line_beyond(from: Square, to: Square) -> Option<SquareSet> {
    direction_towards(from, to).map(|dir| ray(dir, from))
}

/// Every square of the 12x12 grid, built at compile time.
const GRID: SquareSet = {
    let mut set = SquareSet::EMPTY;
    let mut index = 0;
    while index < SQUARE_SLOTS {
        if is_grid_square(index) {
            set = set.with_index(index);
        }
        index += 1;
    }
    set
};

/// Every square of the 12x12 grid.
#[inline]
pub fn grid() -> SquareSet {
    GRID
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Rect;

    use crate::geometry::square_set::tests::set;

    #[test]
    fn leapers_stay_on_the_grid() {
        assert_eq!(knight_attacks(Square::parse("a1").expect("a1")), set("b3 c2"));
        assert_eq!(king_attacks(Square::parse("l12").expect("l12")), set("k12 k11 l11"));
        assert_eq!(pawn_attacks(Square::parse("a2").expect("a2"), true), set("b3"));
        assert_eq!(pawn_attacks(Square::parse("e5").expect("e5"), false), set("d4 f4"));
    }

    #[test]
    fn sliders_stop_at_their_first_blocker_in_every_direction() {
        let d4 = Square::parse("d4").expect("d4");
        let blockers = set("d6 f4 b2 f6 a4");
        assert_eq!(rook_attacks(d4, blockers), set("d5 d6 e4 f4 c4 b4 a4 d3 d2 d1"));
        assert_eq!(bishop_attacks(d4, blockers), set("e5 f6 c3 b2 c5 b6 a7 e3 f2 g1"));
        // Squares beyond an 8x8 board are blockers like any other.
        let beyond = grid().difference(SquareSet::of_rect(Rect::board(8, 8)));
        let h1 = Square::parse("h1").expect("h1");
        assert_eq!(rook_attacks(h1, beyond).len(), 7 + 1 + 7 + 1);
    }

    #[test]
    fn directions_and_lines_between_squares() {
        let sq = |n: &str| Square::parse(n).expect("a square");
        assert_eq!(between(sq("a1"), sq("d4")), set("b2 c3"));
        assert_eq!(between(sq("h8"), sq("h5")), set("h7 h6"));
        assert_eq!(between(sq("e1"), sq("f3")), SquareSet::EMPTY);
        assert_eq!(between(sq("e1"), sq("f1")), SquareSet::EMPTY);
        assert_eq!(direction_towards(sq("e4"), sq("e4")), None);
        assert_eq!(line_beyond(sq("c1"), sq("a3")), Some(set("b2 a3")));
        for dir in 0..DIRECTION_COUNT {
            let from = sq("f6");
            for to in &ray(dir, from) {
                assert_eq!(direction_towards(from, to), Some(dir));
            }
        }
    }

    #[test]
    fn every_pair_of_aligned_squares_has_its_direction_and_the_squares_between() {
        let squares: Vec<Square> = grid().iter().collect();
        for &a in &squares {
            for &b in &squares {
                let dir = direction_towards(a, b);
                assert_eq!(dir.is_some(), a != b && a.is_aligned_with(b), "{a} {b}");
                if let Some(dir) = dir {
                    assert!(ray(dir, a).contains(b));
                    assert_eq!(between(a, b), between(b, a));
                    assert_eq!(
                        between(a, b).len(),
                        usize::from(a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))) - 1
                    );
                }
            }
        }
    }

    #[test]
    fn rects_become_sets() {
        let bellows_middle = SquareSet::of_rect(Rect::new(2, 2, 9, 9));
        assert_eq!(bellows_middle.len(), 64);
        assert_eq!(bellows_middle.first(), Square::parse("c3"));
        assert_eq!(bellows_middle.last(), Square::parse("j10"));
        assert_eq!(grid().len(), 144);
    }
}
