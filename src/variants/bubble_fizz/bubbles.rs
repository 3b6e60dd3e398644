//! What bubbles do to the board: a unit that lands on one is paused (F3), every
//! move makes one above its destination (F1, F2), and at the end of a turn the other
//! side's bubbles rise (F4). Each step reports what happened to a [`Log`].

use super::TERRAIN;
use crate::geometry::{Delta, Square, SquareSet};
use crate::rules::{Color, Position};

/// The pause counter a struck unit or one that entered a bubble gets (F5).
pub(super) const PAUSE_TURNS: u8 = 3;

/// What happens when a bubble is born on a unit (F2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Birth {
    /// The bubble vanishes; the unit is not touched (the default, F2 and F12).
    #[default]
    Fizzle,
    /// The unit is struck and paused.
    Strike,
}

/// Caption lines about bubbles, collected only when someone will read them.
#[derive(Clone, Debug, Default)]
pub(super) struct Log(Option<Vec<String>>);

impl Log {
    /// A log that keeps its lines.
    pub(super) fn kept() -> Log {
        Log(Some(Vec::new()))
    }

    /// Adds a line; `line` is not even built when nobody reads the log.
    #[inline]
    pub(super) fn note(&mut self, line: impl FnOnce() -> String) {
        if let Some(lines) = &mut self.0 {
            Log::push(lines, line);
        }
    }

    /// Builds a line and keeps it: out of the way of the moves that note nothing,
    /// which is every move of a replay.
    #[cold]
    #[inline(never)]
    fn push(lines: &mut Vec<String>, line: impl FnOnce() -> String) {
        lines.push(line());
    }

    /// Whether the log keeps its lines (someone will read them).
    pub(super) fn is_kept(&self) -> bool {
        self.0.is_some()
    }

    pub(super) fn lines(self) -> Vec<String> {
        self.0.unwrap_or_default()
    }
}

/// F1: one step up for `color` from `sq`, if that square is on the board.
#[inline]
pub(super) fn above(sq: Square, color: Color) -> Option<Square> {
    sq.step(Delta::new(0, color.forward())).filter(|s| TERRAIN.area.contains(*s))
}

/// The squares [`above`] the squares of `set`, each one on the board.
pub(super) fn above_each(set: SquareSet, color: Color) -> SquareSet {
    set.shifted(Delta::new(0, color.forward()).slots()) & SquareSet::of_rect(TERRAIN.area)
}

/// The square from which a landing of `color`'s makes a bubble on `sq` (one step
/// down from it in `color`'s up direction), if it is on the board.
pub(super) fn below(sq: Square, color: Color) -> Option<Square> {
    sq.step(Delta::new(0, -color.forward())).filter(|s| TERRAIN.area.contains(*s) && above(*s, color) == Some(sq))
}

/// The bubbles of `color`.
pub(super) fn of(pos: &Position, color: Color) -> SquareSet {
    pos.bubbles(color)
}

/// The owner of a bubble on `sq`, if there is one.
#[inline]
pub(super) fn owner_at(pos: &Position, sq: Square) -> Option<Color> {
    Color::ALL.into_iter().find(|&owner| pos.has_bubble(owner, sq))
}

/// Pauses the unit on `sq` (F5: back to 3 whatever its counter was).
fn strike(pos: &mut Position, sq: Square) {
    pos.board_mut().set_counter(sq, Some(PAUSE_TURNS));
}

/// [`strike`], noting the unit among those `paused` during the turn.
fn pause(pos: &mut Position, sq: Square, paused: &mut SquareSet) {
    strike(pos, sq);
    paused.insert(sq);
}

/// A unit of `us` that landed on `landed` enters the bubble there, if any (F3), then
/// makes its own bubble above it (F2) under the option `birth`; the units paused are
/// noted among `paused`. The usual landing, on a free square below a free one, is
/// decided here; bubbles met go to [`enter`] and [`burst`].
#[allow(clippy::inline_always, reason = "on every move of a replay; left to itself the compiler keeps it a call")]
#[inline(always)]
pub(super) fn land(
    pos: &mut Position,
    landed: Square,
    (us, birth): (Color, Birth),
    paused: &mut SquareSet,
    log: &mut Log,
) {
    // The bubbles before the landing: entering one takes only the one on `landed`,
    // never the one above it.
    let bubbles = of(pos, Color::White) | of(pos, Color::Black);
    if bubbles.contains(landed) {
        enter(pos, landed, paused, log);
    }
    // F2: off the board nothing is born; on a bubble both vanish; on a unit the
    // bubble fizzles, or strikes the unit under `Birth::Strike`.
    let Some(sq) = above(landed, us) else { return };
    if bubbles.contains(sq) {
        burst(pos, sq, us, log);
    } else if !pos.board().is_empty_at(sq) {
        // The unit is named only in a log that is kept.
        let unit = |pos: &Position| pos.board().get(sq).map_or_else(|| "unit".to_string(), |p| p.to_string());
        match birth {
            Birth::Fizzle => log.note(|| format!("a new bubble on {sq} fizzled against the {}", unit(pos))),
            Birth::Strike => {
                pause(pos, sq, paused);
                log.note(|| format!("a new bubble on {sq} struck the {}, which is paused", unit(pos)));
            }
        }
    } else {
        pos.add_bubble(us, sq);
        log.note(|| format!("a {} bubble was born on {sq}", us.name().to_lowercase()));
    }
}

/// F3: the unit that just landed on `sq`, where a bubble stands, enters it: it is
/// paused (noted among `paused`) and the bubble vanishes.
#[inline(never)]
fn enter(pos: &mut Position, sq: Square, paused: &mut SquareSet, log: &mut Log) {
    let Some(owner) = owner_at(pos, sq) else { return };
    pos.remove_bubble(owner, sq);
    pause(pos, sq, paused);
    let unit = pos.board().get(sq);
    log.note(|| {
        let unit = unit.map_or_else(|| "unit".to_string(), |p| p.to_string());
        format!("the {unit} entered the {} bubble on {sq} and is paused", owner.name().to_lowercase())
    });
}

/// F2: a bubble of `color` born on `sq`, where a bubble stands: both vanish.
#[inline(never)]
fn burst(pos: &mut Position, sq: Square, color: Color, log: &mut Log) {
    let Some(owner) = owner_at(pos, sq) else { return };
    pos.remove_bubble(owner, sq);
    log.note(|| {
        format!(
            "a new {} bubble on {sq} met a {} bubble there: both vanished",
            color.name().to_lowercase(),
            owner.name().to_lowercase()
        )
    });
}

/// F4: at the end of `mover`'s turn every bubble of the other side rises one square,
/// all at once. A bubble leaving the board vanishes; one reaching a unit strikes it
/// (pause 3) and vanishes; one reaching a bubble of `mover` vanishes with it. The
/// bubbles move as sets, one shift for all, so no bubble costs a guess at a branch.
pub(super) fn rise(pos: &mut Position, mover: Color, log: &mut Log) {
    let riser = mover.other();
    let rising = of(pos, riser);
    if rising.is_empty() {
        return;
    }
    let still = of(pos, mover);
    // F1: White's bubbles rise north, Black's sink south; what leaves the board is gone.
    // Both shifts are made and one is picked, which needs no branch on the side.
    let (north, south) = (rising.shifted(Delta::new(0, 1).slots()), rising.shifted(Delta::new(0, -1).slots()));
    let arrived = if riser == Color::White { north } else { south } & SquareSet::of_rect(TERRAIN.area);
    let units = pos.board().occupied();
    let (struck, free) = (arrived & units, arrived.difference(units));
    let met = free & still;
    let risen = free.difference(met);
    if log.is_kept() {
        note_rise(pos, riser, (struck, met, risen), log);
    }
    for to in &struck {
        strike(pos, to);
    }
    pos.replace_bubbles(riser, risen);
    pos.replace_bubbles(mover, still.difference(met));
}

/// The caption lines of [`rise`], bubble by bubble from a1 upwards, read before the
/// rise changes the board: `struck`, `met` and `risen` are where the bubbles arrive.
fn note_rise(pos: &Position, riser: Color, (struck, met, risen): (SquareSet, SquareSet, SquareSet), log: &mut Log) {
    let (owner, verb) = match riser {
        Color::White => ("white", "rose"),
        Color::Black => ("black", "sank"),
    };
    for from in &of(pos, riser) {
        match above(from, riser) {
            None => log.note(|| format!("the {owner} bubble on {from} left the board")),
            Some(to) if struck.contains(to) => {
                let piece = pos.board().get(to).map_or_else(|| "unit".to_string(), |p| p.to_string());
                log.note(|| format!("the {owner} bubble on {from} {verb} onto the {piece} on {to}, which is paused"));
            }
            Some(to) if met.contains(to) => {
                log.note(|| format!("the {owner} bubble on {from} {verb} into the bubble on {to}: both vanished"));
            }
            Some(_) => {}
        }
    }
    if !risen.is_empty() {
        log.note(|| {
            let squares: Vec<String> =
                super::snapshot::reading_order().filter(|s| risen.contains(*s)).map(|s| s.to_string()).collect();
            format!("the {owner} bubbles {verb} to {}", squares.join(" "))
        });
    }
}

/// The rise of F4 on a copy of the board's counters only: which units the other
/// side's bubbles strike at the end of `mover`'s turn. King safety (F7) needs no more.
pub(super) fn struck_by_rise(pos: &Position, mover: Color) -> SquareSet {
    struck_by_rise_without(pos, mover, SquareSet::EMPTY)
}

/// [`struck_by_rise`] when the bubbles on `gone` will have vanished by then.
pub(super) fn struck_by_rise_without(pos: &Position, mover: Color, gone: SquareSet) -> SquareSet {
    let riser = mover.other();
    let rising = of(pos, riser).difference(gone);
    rising.iter().filter_map(|from| above(from, riser)).filter(|to| !pos.board().is_empty_at(*to)).collect()
}

#[cfg(test)]
mod tests {
    use super::{above, below};
    use crate::geometry::Square;
    use crate::rules::Color;

    #[test]
    fn below_is_the_square_whose_bubble_lands_on_a_square_and_stays_on_the_board() {
        let sq = |name: &str| Square::parse(name).expect("a square");
        assert_eq!(below(sq("e5"), Color::White), Some(sq("e4")));
        assert_eq!(below(sq("e5"), Color::Black), Some(sq("e6")));
        assert_eq!(above(sq("e4"), Color::White), Some(sq("e5")));
        // Nothing lands below the edge of the 8x8 board, though the grid goes on.
        assert_eq!(below(sq("e8"), Color::Black), None);
        assert_eq!(below(sq("e1"), Color::White), None);
    }
}
