//! Turns: everything one side does in one ply.

use super::{Role, Wing};
use crate::geometry::{Square, SquareSet};

/// How a move moves its unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-square advance; leaves an en passant square behind.
    DoubleStep,
    /// A pawn takes the pawn that just passed `to`.
    EnPassant,
    /// The king goes to `to`, the rook from `rook` to its side of the king.
    Castle {
        rook: Square,
        wing: Wing,
    },
    /// Bouncing B5: an unpromoted pawn on its last rank promotes where it stands.
    PromoteInPlace,
}

/// One unit's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub role: Role,
    pub from: Square,
    /// The destination as SAN writes it. In Koopa this is the struck square of a
    /// capture (K10); where the capturer lands follows from the rules.
    pub to: Square,
    /// The move strikes an enemy unit (a capture, a Koopa stun or kick).
    pub capture: bool,
    pub promotion: Option<Role>,
    pub kind: MoveKind,
}

impl Move {
    pub fn is_castle(&self) -> bool {
        matches!(self.kind, MoveKind::Castle { .. })
    }

    /// Whether this move resets the halfmove clock by itself (O6).
    pub fn is_zeroing(&self) -> bool {
        self.capture || self.role == Role::Pawn
    }
}

/// Bouncing B2: the unit on `from` is pushed one square to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounce {
    pub from: Square,
    pub to: Square,
}

/// Everything one side does in one ply.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// One move: every variant.
    Move(Move),
    /// A move followed by a bounce (Bouncing B1).
    Bounced(Move, Bounce),
    /// A bomb on a square (Tilting T2).
    Bomb(Square),
    /// Two moves in one turn (Bubble Fizz F6), in the order played: the usual turn of
    /// several moves, kept inline so that it costs no allocation.
    Two([Move; 2]),
    /// Three moves or more in one turn (Bubble Fizz F6), in the order played; none for
    /// a null move. Turns are built by [`Turn::of_moves`] (or move by move,
    /// [`Turn::then`]), so that a turn of two moves is always [`Turn::Two`] and equal
    /// turns compare equal.
    Multi(Vec<Move>),
}

impl Turn {
    /// The squares the turn's moves, bounce and bomb target touched.
    pub fn trace(&self) -> TurnTrace {
        TurnTrace {
            moves: self.moves().iter().map(|m| (m.from, m.to)).collect(),
            bounce: match self {
                Turn::Bounced(_, b) => Some((b.from, b.to)),
                _ => None,
            },
            struck: match self {
                Turn::Bomb(target) => SquareSet::from_iter([*target]),
                _ => SquareSet::EMPTY,
            },
            landing: None,
        }
    }

    /// The turn made of `moves` in order; `None` for no move.
    pub fn of_moves(moves: &[Move]) -> Option<Turn> {
        match *moves {
            [] => None,
            [mv] => Some(Turn::Move(mv)),
            [first, second] => Some(Turn::Two([first, second])),
            _ => Some(Turn::Multi(moves.to_vec())),
        }
    }

    /// The turn of moves followed by one more move `mv`, in the form
    /// [`Turn::of_moves`] gives it (a turn of one or two moves allocates nothing).
    pub fn then(self, mv: Move) -> Turn {
        match self {
            Turn::Move(first) => Turn::Two([first, mv]),
            Turn::Two([first, second]) => Turn::Multi(vec![first, second, mv]),
            Turn::Multi(mut moves) if moves.len() > 2 => {
                moves.push(mv);
                Turn::Multi(moves)
            }
            // A bounce, a bomb or a null move: their moves, and `mv` after them.
            other => Turn::of_moves(&[other.moves(), &[mv]].concat()).unwrap_or(Turn::Move(mv)),
        }
    }

    /// The moves of the turn in order (none for a bomb).
    pub fn moves(&self) -> &[Move] {
        match self {
            Turn::Move(m) | Turn::Bounced(m, _) => std::slice::from_ref(m),
            Turn::Bomb(_) => &[],
            Turn::Two(moves) => moves,
            Turn::Multi(moves) => moves,
        }
    }
}

/// The squares a played turn touched, for diagrams that highlight the last turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnTrace {
    /// Each move's start and destination, in the order played.
    pub moves: Vec<(Square, Square)>,
    /// Bouncing B2: the bounced unit's start and destination.
    pub bounce: Option<(Square, Square)>,
    /// Squares a blast covered (Tilting T3) or units a kick removed (Koopa K3).
    pub struck: SquareSet,
    /// Koopa K2: where the capturer landed after bouncing over what it stunned.
    pub landing: Option<Square>,
}

#[cfg(test)]
mod tests {
    use super::{Move, MoveKind, Turn};
    use crate::geometry::Square;
    use crate::rules::Role;

    fn knight(from: &str, to: &str) -> Move {
        let sq = |name: &str| Square::parse(name).expect("a square");
        Move { role: Role::Knight, from: sq(from), to: sq(to), capture: false, promotion: None, kind: MoveKind::Normal }
    }

    #[test]
    fn a_turn_of_moves_takes_one_form_for_each_count_and_gives_its_moves_back() {
        let moves = [knight("g1", "f3"), knight("b1", "c3"), knight("f3", "e5")];
        assert_eq!(Turn::of_moves(&[]), None);
        assert_eq!(Turn::of_moves(&moves[..1]), Some(Turn::Move(moves[0])));
        assert_eq!(Turn::of_moves(&moves[..2]), Some(Turn::Two([moves[0], moves[1]])));
        assert_eq!(Turn::of_moves(&moves), Some(Turn::Multi(moves.to_vec())));
        for count in 1..=3 {
            let turn = Turn::of_moves(&moves[..count]).expect("a turn");
            assert_eq!(turn.moves(), &moves[..count]);
        }
        // Built move by move, a turn takes the same forms.
        let mut built = Turn::Move(moves[0]);
        for count in 2..=5 {
            built = built.then(moves[(count - 1) % 3]);
            let expected: Vec<Move> = (0..count).map(|i| moves[i % 3]).collect();
            assert_eq!(Some(built.clone()), Turn::of_moves(&expected), "{count} moves");
        }
        assert_eq!(Turn::Multi(Vec::new()).then(moves[1]), Turn::Move(moves[1]));
    }
}
