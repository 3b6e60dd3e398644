//! The fast path's reader of a bomb (T8) written the canonical way: `(****)`, the target
//! square and, after a colon, the squares of the destroyed units run together
//! (`(****)e3`, `(****)g6:h7f6g5h5`). It builds the part the grammar's `turn::bomb`
//! builds; a bomb without its target, or with a colon and no square after it, is left to
//! the grammar, which names the error.

use super::ast::{BombToken, Span, Spanned, TurnPart};
use super::fast::square;
use crate::geometry::Square;

/// The bomb at the start of `bytes`, a suffix of a text that starts `start` bytes before
/// it, and where it ends, before any check mark (which the part's span takes in).
pub(super) fn bomb(bytes: &[u8], start: usize) -> Option<(TurnPart, usize)> {
    let after_sign = b"(****)".len();
    if !bytes.starts_with(b"(****)") {
        return None;
    }
    let (target, len) = square(bytes, after_sign)?;
    let mut end = after_sign + len;
    let mut destroyed = None;
    if bytes.get(end) == Some(&b':') {
        let first = end + 1;
        // The squares are counted first, so that the list is made at its size.
        let count = squares(bytes, first).count();
        if count == 0 {
            return None;
        }
        let mut list = Vec::with_capacity(count);
        for (square, begin, after) in squares(bytes, first) {
            list.push(Spanned { value: square, span: Span::new(start + begin, start + after) });
            end = after;
        }
        destroyed = Some(list.into_boxed_slice());
    }
    Some((TurnPart::Bomb(Box::new(BombToken { target, destroyed })), end))
}

/// The squares written one after the other from `i` on, each with where it begins and
/// ends, up to the first byte that starts none.
fn squares(bytes: &[u8], i: usize) -> impl Iterator<Item = (Square, usize, usize)> + '_ {
    let mut next = i;
    std::iter::from_fn(move || {
        let (square, len) = square(bytes, next)?;
        let begin = next;
        next += len;
        Some((square, begin, next))
    })
}
