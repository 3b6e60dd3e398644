//! Castling, once for every variant (O1, O2): the rights (kept as rook squares, so
//! Chess960 and every start position work), where king and rook go, the squares the
//! move needs, and the castling moves themselves. Each variant adds only its own
//! conditions: attacked squares (O1, L6, F6), craters (T4), stuns (K7), pauses (F6)
//! and the active board (L4).

#![allow(
    clippy::indexing_slicing,
    reason = "indices are Color::index() < 2 and Wing as usize < 2, bounded by their types"
)]

use super::movegen::{is_immobile, Terrain};
use super::{zobrist, Color, Move, MoveKind, Position, Role};
use crate::geometry::{file_span, Square};

/// Which wing a castling right belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wing {
    /// Towards the a-file (`O-O-O`).
    Queen,
    /// Towards the h-file (`O-O`).
    King,
}

impl Wing {
    pub const ALL: [Wing; 2] = [Wing::Queen, Wing::King];

    /// `O-O-O` castles on the queen's wing, `O-O` on the king's.
    pub fn of_long(long: bool) -> Wing {
        if long {
            Wing::Queen
        } else {
            Wing::King
        }
    }

    /// The move's notation: `O-O` or `O-O-O`.
    pub fn notation(self) -> &'static str {
        match self {
            Wing::King => "O-O",
            Wing::Queen => "O-O-O",
        }
    }
}

/// Castling rights, kept as the squares of the rooks that may still castle
/// (Chess960-capable, O2): a byte per right, the rook's square index or [`NO_ROOK`],
/// so that asking whether any right is held, and keying the rights, read one word
/// without a branch per right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Castling {
    rooks: [u8; 4],
}

/// A right not held (no square has this index).
const NO_ROOK: u8 = u8::MAX;

/// The byte a right held with the rook on `sq` is kept as: the square's index.
fn rook_byte(sq: Square) -> u8 {
    u8::try_from(sq.index()).unwrap_or(NO_ROOK)
}

impl Default for Castling {
    /// No right held.
    fn default() -> Castling {
        Castling { rooks: [NO_ROOK; 4] }
    }
}

impl Castling {
    fn slot(color: Color, wing: Wing) -> usize {
        color.index() * 2 + wing as usize
    }

    pub fn rook(&self, color: Color, wing: Wing) -> Option<Square> {
        Square::from_index(usize::from(self.rooks[Castling::slot(color, wing)]))
    }

    /// Every right held: side, wing and rook square.
    pub fn rights(&self) -> impl Iterator<Item = (Color, Wing, Square)> + '_ {
        Color::ALL
            .into_iter()
            .flat_map(|c| Wing::ALL.into_iter().map(move |w| (c, w)))
            .filter_map(|(c, w)| Some((c, w, self.rook(c, w)?)))
    }

    /// The Zobrist key of the rights held.
    pub fn key(&self) -> u64 {
        if !self.holds_some() {
            return 0;
        }
        let mut key = 0;
        for (right, &rook) in self.rooks.iter().enumerate() {
            key ^= zobrist::castling_right(right, rook);
        }
        key
    }

    /// Whether any right is held, by either side (most of a game holds none).
    #[inline]
    pub fn holds_some(&self) -> bool {
        u32::from_ne_bytes(self.rooks) != u32::from_ne_bytes([NO_ROOK; 4])
    }

    /// Whether `color` may still castle on either wing.
    #[inline]
    pub fn holds_any(&self, color: Color) -> bool {
        let first = Castling::slot(color, Wing::Queen);
        self.rooks[first] & self.rooks[first + 1] != NO_ROOK
    }

    pub fn set(&mut self, color: Color, wing: Wing, rook: Option<Square>) {
        self.rooks[Castling::slot(color, wing)] = rook.map_or(NO_ROOK, rook_byte);
    }

    /// Drops both rights of a side (its king moved or left the board).
    pub fn discard_side(&mut self, color: Color) {
        for wing in Wing::ALL {
            self.set(color, wing, None);
        }
    }

    /// Drops any right tied to a rook on `sq` (the rook moved or was removed).
    pub fn discard_rook(&mut self, sq: Square) {
        // Written only when a right goes (rarely): a store on every move would make
        // the next read of the rights as one word wait for it.
        let index = rook_byte(sq);
        if self.rooks.contains(&index) {
            for slot in &mut self.rooks {
                if *slot == index {
                    *slot = NO_ROOK;
                }
            }
        }
    }
}

/// Where castling puts king and rook (Chess960 rules, O2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRules {
    /// Per colour, the rank on which it castles.
    pub back_rank: [u8; 2],
    /// The king's destination file for `[queen side, king side]`; the rook lands
    /// beside it, on the inner side.
    pub king_files: [u8; 2],
}

impl CastlingRules {
    /// The rank on which `color` castles.
    pub fn back_rank_of(&self, color: Color) -> u8 {
        self.back_rank[color.index()]
    }

    /// The king's destination file when castling on `wing`.
    pub fn king_file(&self, wing: Wing) -> u8 {
        self.king_files[wing as usize]
    }
}

/// The squares of one castling: where king and rook stand and where they go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingPath {
    pub wing: Wing,
    pub king: Square,
    pub king_to: Square,
    pub rook: Square,
    pub rook_to: Square,
}

impl CastlingPath {
    /// The castling of the side to move on `wing`, when it still holds that right and
    /// its king stands on the rook's rank. Whether the units are really there and
    /// free to move is not judged here.
    pub fn of(pos: &Position, rules: &CastlingRules, wing: Wing) -> Option<CastlingPath> {
        let us = pos.turn();
        let rook = pos.castling().rook(us, wing)?;
        let king = pos.board().king(us).filter(|k| k.rank() == rook.rank())?;
        let king_to = Square::at(rules.king_file(wing), king.rank());
        Some(CastlingPath { wing, king, king_to, rook, rook_to: rook_beside(king_to, wing) })
    }

    /// The squares the king stands on, crosses or reaches.
    pub fn king_squares(&self) -> impl Iterator<Item = Square> {
        span(self.king, self.king_to)
    }

    /// The files of [`CastlingPath::king_squares`], a bit per file of the path's rank
    /// (as [`SquareSet::rank_bits`] reads a rank).
    #[inline]
    pub fn king_files(&self) -> u16 {
        file_span(self.king.file(), self.king_to.file())
    }

    /// Every square the king or the rook stands on, crosses or reaches.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        self.king_squares().chain(span(self.rook, self.rook_to))
    }

    /// A square of the path that holds a unit other than the castling king and rook.
    pub fn occupied_square(&self, pos: &Position) -> Option<Square> {
        self.squares().find(|&sq| sq != self.king && sq != self.rook && !pos.board().is_empty_at(sq))
    }

    /// The castling move.
    pub fn to_move(&self) -> Move {
        Move {
            role: Role::King,
            from: self.king,
            to: self.king_to,
            capture: false,
            promotion: None,
            kind: MoveKind::Castle { rook: self.rook, wing: self.wing },
        }
    }
}

/// Castling moves whose squares are free (see [`free_castlings`]) and whose king
/// squares all pass `king_may_pass`, which decides each square the king stands on,
/// crosses or reaches (check conditions; always `true` in Koopa, K7).
pub fn castling_moves(pos: &Position, t: &Terrain, out: &mut Vec<Move>, king_may_pass: impl Fn(Square) -> bool) {
    for path in free_castlings(pos, t).into_iter().flatten() {
        if path.king_squares().all(&king_may_pass) {
            out.push(path.to_move());
        }
    }
}

/// The castlings of the side to move whose squares are free, judged by the Chess960
/// rule: every square the king or the rook crosses or lands on is empty (but for the
/// two of them), open and inside the area, and neither unit is immobile. Whether the
/// king's squares are threatened is left to the caller.
pub fn free_castlings(pos: &Position, t: &Terrain) -> [Option<CastlingPath>; 2] {
    let mut free = [None; 2];
    let us = pos.turn();
    let board = pos.board();
    if !pos.castling().holds_any(us) {
        return free;
    }
    let Some(king) = board.king(us) else { return free };
    if king.rank() != t.castling.back_rank_of(us) || is_immobile(board, king) {
        return free;
    }
    // Everything happens on the king's rank (a path's rook stands there too): its
    // squares are read as bits by file, one small word each.
    let rank = king.rank();
    let rooks = board.pieces_of(us, Role::Rook).difference(board.immobile()).rank_bits(rank);
    // Squares a castling may not use: units but its king and rook, craters, and every
    // square outside the area (the king's and the rook's own squares included).
    let area = t.area;
    let inside =
        if (area.min_rank..=area.max_rank).contains(&rank) { file_span(area.min_file, area.max_file) } else { 0 };
    let walls = pos.craters().rank_bits(rank) | !inside;
    let units = board.occupied().rank_bits(rank) & !(1 << king.file());
    for (slot, wing) in free.iter_mut().zip(Wing::ALL) {
        let Some(path) = CastlingPath::of(pos, &t.castling, wing) else { continue };
        let rook: u16 = 1 << path.rook.file();
        if rooks & rook == 0 {
            continue;
        }
        let squares = path.king_files() | file_span(path.rook.file(), path.rook_to.file());
        if squares & ((units & !rook) | walls) == 0 {
            *slot = Some(path);
        }
    }
    free
}

/// The squares from `a` to `b` on one rank, both included.
pub fn span(a: Square, b: Square) -> impl Iterator<Item = Square> {
    let (lo, hi) = if a.file() <= b.file() { (a.file(), b.file()) } else { (b.file(), a.file()) };
    (lo..=hi).map(move |f| Square::at(f, a.rank()))
}

/// Where the rook of a castling move ends.
pub fn castle_rook_destination(mv: &Move) -> Square {
    match mv.kind {
        MoveKind::Castle { wing, .. } => rook_beside(mv.to, wing),
        _ => mv.to,
    }
}

/// The rook lands next to the king's destination, towards the board's centre.
pub fn rook_beside(king_to: Square, wing: Wing) -> Square {
    let file = match wing {
        Wing::Queen => king_to.file() + 1,
        Wing::King => king_to.file().saturating_sub(1),
    };
    Square::at(file, king_to.rank())
}
