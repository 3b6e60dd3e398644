//! The lines of a parsed game, stored compactly: each ply is one small fixed-size record
//! (its turn, spans, move number and check mark inline), and what only some plies have
//! (NAGs, comments, variations) is kept aside in arenas of the game, found by ranges.
//! Comments are spans of the game's text, not copies. So a game's tree takes a small
//! constant times the size of its text, and a plain ply allocates nothing.
//!
//! Consumers read the tree through [`Game::line`], [`LineView`] and [`PlyView`].

use super::ast::{CheckMark, GameResult, MoveNumber, Span, Spanned, Tag, TurnToken};
use super::remarks::Remarks;

/// A comment as written, `{...}` or `;...`. Its text is not copied: [`Comment::text`]
/// reads it from the game's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The whole comment, its braces or semicolon included.
    pub span: Span,
    /// The text inside, trimmed.
    pub body: Span,
}

impl Comment {
    /// The comment's text, trimmed, out of the text of its game.
    pub fn text(self, game_text: &str) -> &str {
        self.body.of(game_text)
    }
}

/// A range of indices into one of the game's arenas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Range32 {
    start: u32,
    end: u32,
}

impl Range32 {
    /// The range of what was added to `items` since it held `start` of them.
    fn since<T>(start: usize, items: &[T]) -> Range32 {
        Range32 { start: index(start), end: index(items.len()) }
    }

    fn of<T>(self, items: &[T]) -> &[T] {
        items.get(self.start as usize..self.end as usize).unwrap_or(&[])
    }

    fn is_empty(self) -> bool {
        self.start >= self.end
    }
}

/// An arena index in 32 bits: a game of at most 64 MiB holds far fewer items.
fn index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// The [`Ply::notes`] of a ply with nothing attached.
const NO_NOTES: u32 = u32::MAX;

/// One ply as stored (64 bytes for a plain move). It owns heap memory only through its
/// turn ([`TurnToken::owns_heap`]): a dropped tree forgets the plies whose turn owns none,
/// so a field that owns memory must be counted there too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ply {
    pub(crate) turn: TurnToken,
    /// The whole token as written, suffixes included.
    pub(crate) span: Span,
    pub(crate) number: Option<Spanned<MoveNumber>>,
    pub(crate) check: Option<CheckMark>,
    /// Index of its [`Notes`], or [`NO_NOTES`].
    notes: u32,
}

impl Ply {
    /// A ply without a move number (its line gives it the one written before it).
    pub(crate) fn new(turn: TurnToken, span: Span, check: Option<CheckMark>) -> Ply {
        Ply { turn, span, number: None, check, notes: NO_NOTES }
    }
}

/// What is attached to one ply, as ranges of the arenas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Notes {
    nags: Range32,
    comments: Range32,
    /// Indices into [`Tree::variation_ids`].
    variations: Range32,
}

/// A variation: ranges of [`Tree::plies`] and [`Tree::comments`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LineData {
    plies: Range32,
    comments: Range32,
}

/// What a ply collects while it is the last of its line: stored with it once the line
/// moves on ([`Tree::attach`]).
#[derive(Debug, Default)]
pub(crate) struct Attached {
    pub(crate) nags: Vec<Spanned<u8>>,
    pub(crate) comments: Vec<Comment>,
    /// Line ids returned by [`Tree::add_line`].
    pub(crate) variations: Vec<u32>,
}

impl Attached {
    /// True when nothing is attached.
    pub(crate) fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty() && self.variations.is_empty()
    }
}

/// The lines of one game: the main line's plies, and arenas for the rest.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Tree {
    main: Vec<Ply>,
    main_comments: Range32,
    /// The plies of every variation, each variation's plies together.
    plies: Vec<Ply>,
    lines: Vec<LineData>,
    /// Each annotated ply's variations together.
    variation_ids: Vec<u32>,
    nags: Vec<Spanned<u8>>,
    comments: Vec<Comment>,
    notes: Vec<Notes>,
    /// A piece letter that is not English was written (a figurine, or a letter of another
    /// language), as [`super::letters::all_english`] tells.
    foreign_letters: bool,
}

thread_local! {
    /// The main line's buffer of the last tree this thread dropped, emptied, for the
    /// next game it reads ([`Tree::spare_main`]).
    static SPARE_MAIN: std::cell::Cell<Vec<Ply>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The most plies a buffer kept for the next game may hold room for (64 KiB): a longer
/// game's buffer goes back to the allocator, so what each thread keeps stays small
/// however many threads there are.
const SPARE_MAIN_PLIES: usize = 1 << 10;

impl Drop for Tree {
    /// Keeps the main line's buffer for the next game read on this thread: a batch of
    /// games is read and dropped game after game on each worker, and a buffer handed
    /// from one to the next costs neither allocation nor freeing.
    fn drop(&mut self) {
        let mut main = std::mem::take(&mut self.main);
        if main.capacity() <= SPARE_MAIN_PLIES {
            // Most plies own nothing on the heap: forgotten rather than dropped, they
            // cost no call each (a game's plies were dropped one call apiece).
            for ply in main.drain(..) {
                if ply.turn.owns_heap() {
                    drop(ply);
                } else {
                    std::mem::forget(ply);
                }
            }
            // During the thread's own teardown there is nothing to keep it for.
            let _ = SPARE_MAIN.try_with(|spare| spare.set(main));
        }
    }
}

impl Tree {
    /// An empty buffer for a main line's plies: the one the last tree dropped on this
    /// thread left, if any.
    pub(crate) fn spare_main() -> Vec<Ply> {
        SPARE_MAIN.try_with(std::cell::Cell::take).unwrap_or_default()
    }

    /// Stores what was attached to `ply` (and empties `attached`). The first time, room is
    /// made for the notes (comments, NAGs) of `room` plies, so that a game annotated ply
    /// by ply (clock comments) grows no buffer on the way, and a game without notes
    /// allocates none.
    pub(crate) fn attach(&mut self, ply: &mut Ply, attached: &mut Attached, room: usize) {
        if attached.is_empty() {
            return;
        }
        if self.notes.capacity() == 0 {
            self.comments.reserve(room);
            self.notes.reserve(room);
        }
        let (nags, comments, variations) = (self.nags.len(), self.comments.len(), self.variation_ids.len());
        // Most plies with notes have one comment (a clock, an evaluation) and nothing
        // else: what is empty is passed over, and one comment is pushed, not copied
        // over as a slice (a call to copy memory for a few bytes).
        if !attached.nags.is_empty() {
            self.nags.append(&mut attached.nags);
        }
        match attached.comments.as_slice() {
            [] => {}
            &[comment] => {
                self.comments.push(comment);
                attached.comments.clear();
            }
            _ => self.comments.append(&mut attached.comments),
        }
        if !attached.variations.is_empty() {
            self.variation_ids.append(&mut attached.variations);
        }
        ply.notes = index(self.notes.len());
        self.notes.push(Notes {
            nags: Range32::since(nags, &self.nags),
            comments: Range32::since(comments, &self.comments),
            variations: Range32::since(variations, &self.variation_ids),
        });
    }

    /// Stores a finished variation (and empties `plies` and `comments`); its line id.
    pub(crate) fn add_line(&mut self, plies: &mut Vec<Ply>, comments: &mut Vec<Comment>) -> u32 {
        let (first_ply, first_comment) = (self.plies.len(), self.comments.len());
        self.plies.append(plies);
        self.comments.append(comments);
        self.lines.push(LineData {
            plies: Range32::since(first_ply, &self.plies),
            comments: Range32::since(first_comment, &self.comments),
        });
        index(self.lines.len() - 1)
    }

    /// Stores the main line (its plies taken as they are, without a copy).
    pub(crate) fn set_main(&mut self, plies: Vec<Ply>, comments: &mut Vec<Comment>) {
        let first_comment = self.comments.len();
        self.comments.append(comments);
        self.main_comments = Range32::since(first_comment, &self.comments);
        self.main = plies;
    }

    /// Notes whether the piece letters of a turn just stored are all English.
    pub(crate) fn note_letters(&mut self, english: bool) {
        self.foreign_letters |= !english;
    }

    fn view<'a>(&'a self, plies: &'a [Ply], comments: Range32) -> LineView<'a> {
        LineView { tree: self, plies, comments: comments.of(&self.comments) }
    }

    fn notes(&self, ply: &Ply) -> Option<&Notes> {
        self.notes.get(ply.notes as usize)
    }
}

/// One game of a record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Game {
    /// Tag pairs in the order written.
    pub tags: Vec<Tag>,
    /// The result token at the end of the movetext, if written.
    pub result: Option<Spanned<GameResult>>,
    /// What the reader accepted although the record should not have written it so
    /// (an unclosed tag quote): warnings, each on the text concerned, the first
    /// hundred kept and the rest counted.
    pub remarks: Remarks,
    pub(crate) tree: Tree,
}

impl Game {
    /// The tags whose name an earlier tag has: the index of each in [`Game::tags`], with
    /// the index of the first tag of that name (the one [`Game::tag`] reads).
    pub fn repeated_tags(&self) -> Vec<(usize, usize)> {
        super::tags::repeated_names(&self.tags)
    }

    /// The value of the first tag with this name (names compare case-sensitively, as PGN).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name.value == name).map(|t| t.value.value.as_str())
    }

    /// The main line.
    pub fn line(&self) -> LineView<'_> {
        self.tree.view(&self.tree.main, self.tree.main_comments)
    }

    /// True when a piece letter that is not English was written (or is left after
    /// [`super::letters::to_english`]).
    pub(crate) fn foreign_letters(&self) -> bool {
        self.tree.foreign_letters
    }

    pub(crate) fn set_foreign_letters(&mut self, foreign: bool) {
        self.tree.foreign_letters = foreign;
    }

    /// Visits every turn of the game, variations included, in no particular order (the
    /// main line's, then the variations', each in a loop of its own).
    pub(crate) fn for_each_turn_mut(&mut self, mut visit: impl FnMut(&mut TurnToken)) {
        for ply in &mut self.tree.main {
            visit(&mut ply.turn);
        }
        for ply in &mut self.tree.plies {
            visit(&mut ply.turn);
        }
    }
}

/// A sequence of plies: the main line or a variation.
#[derive(Clone, Copy)]
pub struct LineView<'a> {
    tree: &'a Tree,
    plies: &'a [Ply],
    comments: &'a [Comment],
}

impl<'a> LineView<'a> {
    /// How many plies the line holds.
    pub fn len(self) -> usize {
        self.plies.len()
    }

    pub fn is_empty(self) -> bool {
        self.plies.is_empty()
    }

    /// The plies in order.
    pub fn plies(self) -> impl DoubleEndedIterator<Item = PlyView<'a>> + ExactSizeIterator {
        self.plies.iter().map(move |ply| PlyView { tree: self.tree, ply })
    }

    /// The ply at `index` (0 for the first).
    pub fn ply(self, index: usize) -> Option<PlyView<'a>> {
        self.plies.get(index).map(|ply| PlyView { tree: self.tree, ply })
    }

    pub fn first(self) -> Option<PlyView<'a>> {
        self.ply(0)
    }

    /// Comments written before the first ply of the line.
    pub fn comments(self) -> &'a [Comment] {
        self.comments
    }
}

impl std::fmt::Debug for LineView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.plies()).finish()
    }
}

/// One ply as written, with what is attached to it.
#[derive(Clone, Copy)]
pub struct PlyView<'a> {
    tree: &'a Tree,
    ply: &'a Ply,
}

impl<'a> PlyView<'a> {
    /// The turn as written.
    pub fn turn(self) -> &'a TurnToken {
        &self.ply.turn
    }

    /// The span of the whole turn token as written, suffixes included.
    pub fn span(self) -> Span {
        self.ply.span
    }

    /// The move number written right before the turn (`12.` or `12...`), if any.
    pub fn number(self) -> Option<&'a Spanned<MoveNumber>> {
        self.ply.number.as_ref()
    }

    /// The last check mark written anywhere in the token (`Re8+, Kg8` and `Re8, Kg8+`
    /// both give `Check`), or `None`.
    pub fn check(self) -> Option<CheckMark> {
        self.ply.check
    }

    /// NAGs in the order written; suffix glyphs become NAGs 1-6 (`!` `?` `!!` `??` `!?` `?!`).
    pub fn nags(self) -> &'a [Spanned<u8>] {
        self.tree.notes(self.ply).map_or(&[], |notes| notes.nags.of(&self.tree.nags))
    }

    /// Comments after the turn (`{...}` and `;...` to the end of the line).
    pub fn comments(self) -> &'a [Comment] {
        self.tree.notes(self.ply).map_or(&[], |notes| notes.comments.of(&self.tree.comments))
    }

    /// Variations that replace this ply: each starts in the position before it.
    pub fn variations(self) -> impl DoubleEndedIterator<Item = LineView<'a>> + ExactSizeIterator {
        let tree = self.tree;
        let ids = tree.notes(self.ply).map_or(&[][..], |notes| notes.variations.of(&tree.variation_ids));
        ids.iter().map(move |&id| match tree.lines.get(id as usize) {
            Some(line) => tree.view(line.plies.of(&tree.plies), line.comments),
            None => tree.view(&[], Range32::default()),
        })
    }

    /// True when the ply has variations.
    pub fn has_variations(self) -> bool {
        self.tree.notes(self.ply).is_some_and(|notes| !notes.variations.is_empty())
    }
}

impl std::fmt::Debug for PlyView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ply")
            .field("turn", self.turn())
            .field("span", &self.span())
            .field("number", &self.number())
            .field("nags", &self.nags())
            .field("comments", &self.comments())
            .field("variations", &self.variations().collect::<Vec<_>>())
            .finish()
    }
}

#[cfg(test)]
impl Game {
    /// Bytes the game's lines hold in their arrays (capacities, not lengths; the boxes of
    /// multi-move turns, bounces and bombs left out), for the tests of the tree's size.
    pub(crate) fn tree_bytes(&self) -> usize {
        let t = &self.tree;
        (t.main.capacity() + t.plies.capacity()) * size_of::<Ply>()
            + t.lines.capacity() * size_of::<LineData>()
            + t.variation_ids.capacity() * size_of::<u32>()
            + t.nags.capacity() * size_of::<Spanned<u8>>()
            + t.comments.capacity() * size_of::<Comment>()
            + t.notes.capacity() * size_of::<Notes>()
    }
}
