//! Replays a parsed game through its variant: resolves every written turn, checks
//! move numbers, check marks, repetitions and the result, and collects problems
//! that point into the text of the record.

use crate::diagnostics::{Kind, Problem, Severity, TurnPlace};
use crate::geometry::Rect;
use crate::record::ast::{Game, GameResult, LineView, PlyView, SanToken, Span, TurnPart, TurnToken};
use crate::record::languages::Language;
use crate::record::notations::WrittenNotation;
use crate::render::{caption, Caption, LastTurn};
use crate::rules::repetition::{self, Occurrences};
use crate::rules::{
    san, Castling, Claim, Claimable, Color, EndReason, Ending, GameStatus, Judged, Limit, Outcome, Position,
    ResolveError, Resolved, Turn, Undecided, Wing,
};
use crate::text::{push_quoted, quote};
use crate::variants::prelude::*;
use crate::variants::{lookup, parse_rule_options, VariantInfo, VARIANTS};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Display;

mod put_off;
use put_off::PutOff;

/// Settings that apply to every game replayed.
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions {
    /// `--rule k=v` from the command line; they win over a `[Rules]` tag.
    pub rules: BTreeMap<String, String>,
    /// Warnings count as errors.
    pub strict: bool,
    /// Keep only what a verdict needs: no position per ply, no replayed variation
    /// (each is replayed from the position it branches from, then dropped), so that
    /// memory stays bounded by the game's text whatever its length.
    pub verdict_only: bool,
    /// `--variant`: the variant of games without a `[Variant]` tag.
    pub variant: Option<String>,
    /// `--lang`: the language of the records' piece letters; detected per game if `None`.
    pub language: Option<&'static crate::record::languages::Language>,
    /// `--allow-null-moves`: a null move in the main line passes the turn, as it does
    /// in a variation.
    pub allow_null_moves: bool,
}

/// Plies of a line a replay that keeps them makes room for at once.
const PLIES_RESERVED: usize = 512;

/// One ply replayed.
#[derive(Clone, Debug)]
pub struct ReplayedPly {
    /// The turn as written, suffixes included.
    pub written: String,
    /// The canonical notation with its check mark.
    pub canonical: String,
    pub turn: Turn,
    /// The position after the turn.
    pub after: Position,
    /// The game's status after the turn (on a variation: check and mate only).
    pub status: GameStatus,
    /// Replayed variations that replace this ply.
    pub variations: Vec<ReplayedLine>,
}

/// What the replay knows of a position before its ply is played, from the ply before.
#[derive(Clone, Copy)]
struct Known {
    /// The side to move stands in check.
    in_check: bool,
    /// The side not to move stands unattacked: the last ply was a legal move (the
    /// start of a line is not vouched for, nor a null move, which may pass in check).
    opponent_unattacked: bool,
}

/// What a turn resolved and played amounts to, before the line's status is noted
/// (the position after it, the turn and its texts are kept apart): the check mark it
/// earns, and whether the mate question of its `+` is put off; the mate itself
/// follows from the mark and the side that played. One byte, copied from ply to ply.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Played {
    /// No check.
    Quiet,
    /// `+`: a check and no mate.
    Check,
    /// `+` is written and right as far as it goes, but whether the check is mate is
    /// put off ([`put_off`]).
    CheckPutOff,
    /// `#`: checkmate.
    Mate,
}

impl Played {
    /// The turn earning the check mark `mark` (`""`, `"+"` or `"#"`).
    fn from_mark(mark: &str) -> Played {
        match mark.as_bytes() {
            [] => Played::Quiet,
            [b'#'] => Played::Mate,
            _ => Played::Check,
        }
    }

    /// The check mark the turn earns: `""`, `"+"` or `"#"`.
    fn mark(self) -> &'static str {
        match self {
            Played::Quiet => "",
            Played::Check | Played::CheckPutOff => "+",
            Played::Mate => "#",
        }
    }

    /// The side to move after the turn stands in check.
    fn check(self) -> bool {
        self != Played::Quiet
    }

    /// The checkmate the turn gives, played by `side` (none while the question is put off).
    fn mate(self, side: Color) -> Option<Outcome> {
        (self == Played::Mate).then(|| Outcome::win(side, EndReason::Checkmate))
    }
}

/// A line replayed as far as its turns are legal.
#[derive(Clone, Debug, Default)]
pub struct ReplayedLine {
    /// Every ply replayed; empty when only a verdict was asked for.
    pub plies: Vec<ReplayedPly>,
    /// The line stopped at an illegal turn.
    pub broken: bool,
    /// The turn the line stopped at, when it is broken.
    pub refused: Option<Refused>,
    /// How many plies were replayed legally, kept or not.
    pub length: usize,
    /// The position after the last ply, when plies are not kept.
    last: Option<Position>,
    /// The checkmate the last ply replayed gives, judged for its check mark: the board
    /// ending of the line's final position, which need not be asked again.
    last_mate: Option<Outcome>,
}

impl ReplayedLine {
    /// The line as it stops at the turn of `context`, refused for `message`; `before`
    /// is the position before that turn (`None`: the line's start).
    fn refused_at(mut self, context: &At, before: Option<&Position>, message: String) -> ReplayedLine {
        let (move_number, side, written) = (context.fullmove, context.side, context.written.to_string());
        self.refused = Some(Refused { ply: context.ply, move_number, side, written, message });
        self.broken = true;
        self.last = before.cloned();
        self
    }
}

/// The turn a line stopped at: where it is, as written, and why it was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The ply the turn would have been, counted from the line's start position.
    pub ply: usize,
    pub move_number: u32,
    pub side: Color,
    /// The turn as written.
    pub written: String,
    /// The reason, as in the problem reported.
    pub message: String,
}

impl Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = At {
            ply: self.ply,
            fullmove: self.move_number,
            side: self.side,
            written: &self.written,
            in_variation: false,
        };
        write!(f, "{at} (ply {})", self.ply)
    }
}

impl ReplayedLine {
    /// The position after the last ply replayed, or `start` when there is none.
    pub fn final_position<'p>(&'p self, start: &'p Position) -> &'p Position {
        self.plies.last().map(|p| &p.after).or(self.last.as_ref()).unwrap_or(start)
    }
}

/// A game replayed: its variant, start, main line, ending and problems.
#[derive(Debug)]
pub struct Replay {
    pub variant: Box<dyn Variant>,
    pub start: Position,
    pub line: ReplayedLine,
    /// The status of the start position.
    pub start_status: GameStatus,
    /// The status after the last legal ply of the main line: its ending, judged on the
    /// whole board, and the draws claimable in the game.
    pub final_status: GameStatus,
    /// How many variations stopped at an illegal turn (nested ones included).
    pub broken_variations: usize,
    pub problems: Vec<Problem>,
}

impl Replay {
    /// The position after `ply` plies of the main line (0 = start).
    pub fn position(&self, ply: usize) -> Option<&Position> {
        match ply {
            0 => Some(&self.start),
            n => self.line.plies.get(n - 1).map(|p| &p.after),
        }
    }

    /// The turn that led to the position after `ply` plies, and the position it was
    /// played in (none for the start).
    pub fn last_turn(&self, ply: usize) -> Option<LastTurn<'_>> {
        let i = ply.checked_sub(1)?;
        let played = self.line.plies.get(i)?;
        Some(LastTurn { before: self.position(i)?, turn: &played.turn, canonical: &played.canonical })
    }

    /// The status after `ply` plies of the main line (0 = start).
    pub fn status(&self, ply: usize) -> Option<&GameStatus> {
        match ply {
            _ if ply == self.line.length => Some(&self.final_status),
            0 => Some(&self.start_status),
            n => self.line.plies.get(n - 1).map(|p| &p.status),
        }
    }

    /// The caption of the position after `ply` plies of the main line.
    pub fn caption(&self, ply: usize, comments: Vec<String>) -> Caption {
        let pos = self.position(ply).unwrap_or(&self.start);
        let status = self.status(ply).unwrap_or(&self.start_status);
        caption(self.variant.as_ref(), pos, status, self.last_turn(ply), comments)
    }

    pub fn final_position(&self) -> &Position {
        self.line.final_position(&self.start)
    }

    /// How the game ended, on the board or automatically, and after which ply.
    pub fn ending(&self) -> Option<Ending> {
        self.final_status.ending
    }

    /// The result decided by the board, if the game is over.
    pub fn board_result(&self) -> Option<&'static str> {
        self.ending().map(|e| e.outcome.result())
    }
}

/// Problems found before any turn could be replayed.
#[derive(Debug)]
pub struct SetupFailure {
    pub problems: Vec<Problem>,
}

/// Who played a game, for notes: `game 3 (Carlsen - Nepomniachtchi)`; names are
/// quoted as tokens are (escaped, cut when long).
pub fn game_label(game: &Game, number: usize) -> String {
    let mut label = String::with_capacity(48);
    push_game_label(&mut label, game, number);
    label
}

/// Appends [`game_label`] to `text`, piece by piece: a label is written for every game
/// a run reports.
pub fn push_game_label(text: &mut String, game: &Game, number: usize) {
    text.push_str("game ");
    text.push_str(itoa::Buffer::new().format(number));
    text.push_str(" (");
    push_quoted(text, game.tag("White").unwrap_or("?"));
    text.push_str(" - ");
    push_quoted(text, game.tag("Black").unwrap_or("?"));
    text.push(')');
}

/// The span of a tag's value, or an empty span at the start of the game.
fn tag_span(game: &Game, name: &str) -> Span {
    game.tags.iter().find(|t| t.name.value == name).map_or(Span::default(), |t| t.value.span)
}

/// The options given outside the record that the variant `name` has: a run over
/// records of several variants applies each option where it means something.
fn command_line_rules_for<'o>(
    name: &str,
    rules: &'o BTreeMap<String, String>,
) -> impl Iterator<Item = (String, String)> + 'o {
    let info = VariantInfo::by_name(name.trim());
    rules
        .iter()
        .filter(move |(key, _)| {
            let has = |v: &VariantInfo| v.options.iter().any(|o| o.key == key.as_str());
            // A key no variant has is kept, so that the variant refuses it by name.
            info.is_none_or(has) || !VARIANTS.iter().any(has)
        })
        .map(|(k, v)| (k.clone(), v.clone()))
}

/// A game ready to replay: its variant and start position, and warnings about the start
/// (castling rights dropped).
pub type Setup = (Box<dyn Variant>, Position, Vec<Problem>);

/// The variant, rule options and start position a game's tags ask for; `--variant` names
/// the variant of a game without a `[Variant]` tag (chess when neither does).
pub fn setup(game: &Game, options: &ReplayOptions) -> Result<Setup, Vec<Problem>> {
    let unreadable =
        |name: &str, message: String| vec![Problem::new(Severity::Unreadable, tag_span(game, name), message)];
    let mut rules = match game.tag("Rules") {
        Some(text) => parse_rule_options(text).map_err(|m| unreadable("Rules", m))?,
        None => BTreeMap::new(),
    };
    let name = game.tag("Variant").or(options.variant.as_deref()).unwrap_or("chess");
    if !options.rules.is_empty() {
        rules.extend(command_line_rules_for(name, &options.rules));
    }
    let variant = lookup(name, &rules).map_err(|m| unreadable("Variant", m))?;
    let mut warnings = Vec::new();
    let start = match game.tag("FEN") {
        Some(fen) => match variant.read_snapshot(fen) {
            Ok(start) => start,
            Err(error) => {
                let (start, dropped) = without_unusable_castling(variant.as_ref(), fen)
                    .ok_or_else(|| unreadable("FEN", format!("the start position cannot be used: {error}")))?;
                let message = format!(
                    "castling rights `{dropped}` of the start position were dropped: no rook can use them ({error})"
                );
                warnings.push(Problem::reading(tag_span(game, "FEN"), message));
                start
            }
        },
        None => variant.start(),
    };
    Ok((variant, start, warnings))
}

/// The start position of a snapshot that is refused only for castling rights no rook
/// can use: read again with the rights that can be used, and the rights dropped.
fn without_unusable_castling(variant: &dyn Variant, fen: &str) -> Option<(Position, String)> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let rights = fields.get(2).filter(|rights| **rights != "-")?;
    let with_rights = |kept: &str| {
        let mut changed = fields.clone();
        if let Some(field) = changed.get_mut(2) {
            *field = if kept.is_empty() { "-" } else { kept };
        }
        variant.read_snapshot(&changed.join(" ")).ok()
    };
    with_rights("")?;
    let usable: String = rights.chars().filter(|right| with_rights(&right.to_string()).is_some()).collect();
    let dropped: String = rights.chars().filter(|right| !usable.contains(*right)).collect();
    Some((with_rights(&usable)?, dropped))
}

/// Replays a game whose setup succeeded. The replay is boxed: it holds positions, and
/// is handed on from function to function, once for every game read.
pub fn replay(
    game: &Game,
    text: &str,
    number: usize,
    variant: Box<dyn Variant>,
    start: Position,
    options: &ReplayOptions,
) -> Box<Replay> {
    let mut run = Run {
        variant: variant.as_ref(),
        text,
        game,
        number,
        label: std::cell::OnceCell::new(),
        strict: options.strict,
        verdict_only: options.verdict_only,
        always_decides: variant.always_decides(),
        allow_null_moves: options.allow_null_moves,
        language: options.language,
        problems: Problems::default(),
        broken_variations: 0,
        other_notation: None,
        canonical: String::new(),
        put_off: None,
    };
    let mut history = History::new(run.variant, game.line().len() + 1);
    let start_check = run.variant.is_check(&start);
    let (start_status, line) = match history.record(run.variant, &start, 0, start_check) {
        Ok(status) => {
            let known = Known { in_check: start_check, opponent_unattacked: false };
            (status, run.line(game.line(), &start, known, 0, Some(&mut history)))
        }
        Err(undecided) => {
            run.push(beyond(tag_span(game, "FEN"), &undecided));
            let status = GameStatus { check: start_check, ..GameStatus::default() };
            (status, ReplayedLine { broken: true, ..ReplayedLine::default() })
        }
    };
    run.name_other_notation();
    let (final_status, undecided) =
        history.finish(run.variant, line.final_position(&start), line.length, line.last_mate);
    // A line already stopped claims no ending: its last position left undecided only
    // because the game's steps ran out (most often spent on the very turn that stopped
    // it) would report the same lack twice.
    let undecided = undecided.filter(|u| !(line.broken && u.limit == Limit::Game));
    if let Some(undecided) = undecided {
        // The board's ending after the last turn played: placed at that turn, or at
        // the start position when none was played.
        let span = game.line().plies().nth(line.length.wrapping_sub(1)).map_or(tag_span(game, "FEN"), PlyView::span);
        run.push(beyond(span, &undecided));
    } else if !line.broken {
        run.check_result(game, final_status.ending);
    }
    let problems = run.problems.finish();
    let broken_variations = run.broken_variations;
    Box::new(Replay { variant, start, line, start_status, final_status, broken_variations, problems })
}

/// The position after a null move (`--`): the other side to move, no en passant.
pub fn play_null_move(pos: &Position) -> Position {
    let mut after = pos.clone();
    after.set_ep_square(None);
    after.pass_turn(false);
    after
}

/// Plays a resolved turn: the position after it and the check mark it earns; an
/// error when the variant cannot decide the mark.
pub fn play_resolved(variant: &dyn Variant, pos: &Position, resolved: &Resolved) -> Judged<(Position, &'static str)> {
    let after = variant.play(pos, &resolved.turn);
    let mark = san::check_mark(variant, &after)?;
    Ok((after, mark))
}

/// The problem of a question the variant's search could not settle (exit 2): the
/// game is beyond what arbiter decides from there on.
fn beyond(span: Span, undecided: &Undecided) -> Problem {
    Problem::new(Severity::Unreadable, span, undecided.to_string()).with_label("undecided here")
}

/// The one place where a game's status is computed: repetitions, clocks and
/// endings along the main line, ply by ply.
struct History {
    seen: Occurrences,
    claims: Vec<Claimable>,
    ending: Option<Ending>,
}

impl History {
    /// A history of a line of `variant` that will hold about `positions` positions.
    fn new(variant: &dyn Variant, positions: usize) -> History {
        History { seen: Occurrences::new(variant, positions), claims: Vec::new(), ending: None }
    }

    /// Notes the position after `ply`, whose side to move is in check or not, and
    /// the automatic draw it causes (O3); the status there. A board ending other
    /// than a dead position can only come last (no turn follows it): [`History::finish`]
    /// judges it.
    fn record(&mut self, variant: &dyn Variant, pos: &Position, ply: usize, check: bool) -> Judged<GameStatus> {
        let dead = self.note(variant, pos, ply)?;
        Ok(GameStatus { ply, check, on_board: dead, ending: self.ending, claimable: self.claims.clone() })
    }

    /// [`History::record`] without the status, for a replay that keeps none: the
    /// position's dead-position draw, if any.
    fn note(&mut self, variant: &dyn Variant, pos: &Position, ply: usize) -> Judged<Option<Outcome>> {
        let count = self.seen.note(repetition::key(variant, pos), pos);
        self.note_claim(count == 3, Claim::ThreefoldRepetition, ply);
        self.note_claim(pos.halfmove() >= 100, Claim::FiftyMoveRule, ply);
        let dead = variant.is_dead_position(pos).then(|| Outcome::draw(EndReason::InsufficientMaterial));
        if self.ending.is_none() {
            self.ending =
                Self::automatic_draw(variant, pos, count, dead.is_some())?.map(|outcome| Ending { outcome, ply });
        }
        Ok(dead)
    }

    fn note_claim(&mut self, now: bool, claim: Claim, ply: usize) {
        if now && !self.claims.iter().any(|c| c.claim == claim) {
            self.claims.push(Claimable { claim, ply });
        }
    }

    /// The status of the last position of the main line, judged on the whole board:
    /// its board ending becomes the game's unless an automatic draw came first. When
    /// the variant cannot decide the board's ending, the status has none, and the
    /// reason comes with it. `mate` is the checkmate the last ply's check mark already
    /// found there, so that the board is not searched twice for it.
    fn finish(
        mut self,
        variant: &dyn Variant,
        pos: &Position,
        ply: usize,
        mate: Option<Outcome>,
    ) -> (GameStatus, Option<Undecided>) {
        let judged = match mate {
            Some(mate) => Ok(Some(mate)),
            None => variant.outcome(pos),
        };
        let (on_board, undecided) = match judged {
            Ok(on_board) => (on_board, None),
            Err(undecided) => (None, Some(undecided)),
        };
        if self.ending.is_none() {
            self.ending = on_board.map(|outcome| Ending { outcome, ply });
        }
        let status =
            GameStatus { ply, check: variant.is_check(pos), on_board, ending: self.ending, claimable: self.claims };
        (status, undecided)
    }

    /// The automatic draw (O3) a position causes, seen `count` times so far.
    fn automatic_draw(variant: &dyn Variant, pos: &Position, count: u32, dead: bool) -> Judged<Option<Outcome>> {
        // A win on the board (checkmate, or a variant's decisive ending such as
        // Bellows' loss without a legal move, L7) takes precedence (O3).
        let decided = || variant.outcome(pos).map(|o| o.is_some_and(|o| o.winner.is_some()));
        let automatic = if count >= 5 {
            Some(EndReason::FivefoldRepetition)
        } else if pos.halfmove() >= 150 && !decided()? {
            Some(EndReason::SeventyFiveMoveRule)
        } else if dead {
            Some(EndReason::InsufficientMaterial)
        } else {
            None
        };
        Ok(automatic.map(Outcome::draw))
    }
}

/// Where in the game a problem is: move number, side and the turn as written.
#[derive(Clone, Copy)]
struct At<'w> {
    /// The ply counted from the game's start.
    ply: usize,
    fullmove: u32,
    side: Color,
    written: &'w str,
    /// The turn stands in a variation, not in the main line.
    in_variation: bool,
}

impl At<'_> {
    fn place(&self) -> TurnPlace {
        TurnPlace {
            ply: self.ply,
            move_number: self.fullmove,
            side: self.side,
            written: self.written.to_string(),
            in_variation: self.in_variation,
        }
    }
}

/// A castling right lost in a line: whose, on which wing, and the turn that lost it
/// (put into words only when a refusal names it).
struct LostRight<'w> {
    color: Color,
    wing: Wing,
    by: At<'w>,
}

impl<'w> LostRight<'w> {
    /// Adds to `lost` the rights held `before` the turn at `at` that `after` has not.
    fn note_between(before: &Castling, after: &Position, at: &At<'w>, lost: &mut Vec<LostRight<'w>>) {
        // Rights are never gained: none before (most of a game), none lost.
        if !before.holds_some() || before == after.castling() {
            return;
        }
        for (color, wing, _) in before.rights() {
            if after.castling().rook(color, wing).is_none() {
                lost.push(LostRight { color, wing, by: *at });
            }
        }
    }

    /// For a castling the side has no right to: `; the right was lost by ...`, or
    /// `; the start position gives none`.
    fn explain(ply: PlyView, pos: &Position, lost: &[LostRight]) -> Option<String> {
        let [part] = ply.turn().parts() else { return None };
        let TurnPart::Move { san: SanToken::Castle { long }, .. } = &part.value else { return None };
        let wing = Wing::of_long(*long);
        let color = pos.turn();
        if pos.castling().rook(color, wing).is_some() {
            return None;
        }
        Some(match lost.iter().find(|l| l.color == color && l.wing == wing) {
            Some(l) => format!("; the right was lost at {} (ply {})", l.by, l.by.ply),
            None => "; the line's start position gives none".to_string(),
        })
    }
}

/// Whether the move number written before `ply`, if any, is the one of `pos`.
#[inline]
fn number_is_right(ply: PlyView, pos: &Position) -> bool {
    ply.number().is_none_or(|number| {
        number.value.number == pos.fullmove() && (!number.value.black || pos.turn() == Color::Black)
    })
}

/// The check mark written after `ply`'s turn (`++` read as `#`), or nothing.
fn written_mark(ply: PlyView) -> &'static str {
    match ply.check() {
        None => "",
        Some(mark) => mark.symbol(),
    }
}

/// The check mark as `written` spells it after `bare` (its text without marks and
/// glyphs): `++` where the ply reads it as `#`; `None` when the mark stands apart from
/// the turn's text (`Qh5 +`).
fn mark_as_written<'a>(written: &'a str, bare: &str) -> Option<&'a str> {
    let marks = written.get(bare.len()..)?.trim_matches(['!', '?']);
    (!marks.is_empty()).then_some(marks)
}

/// A written turn without its check mark and glyphs (`!`, `?`, `+`, `#` at its end),
/// found byte by byte: every one of them is ASCII, so the cut is a character boundary.
fn without_marks(written: &str) -> &str {
    let end = written.bytes().rposition(|b| !matches!(b, b'!' | b'?' | b'+' | b'#')).map_or(0, |last| last + 1);
    written.get(..end).unwrap_or(written)
}

/// A one-move turn `bc4`, `bxc6` or `kd3` that no pawn of the b- or k-file can make,
/// read as a bishop's or king's move written in lower case
/// ([`TurnToken::as_piece_move`]) and played by `play` when that unit can make it: the
/// turn and its canonical text. `play` leaves the position as it was when the unit
/// cannot either; the refusal is then given as the unit's when the letter's file lies
/// beyond `area` (no board of the variant has a k-file but Bellows' grid, so `kd3`
/// can only mean the king there), else as the pawn's (`None`).
#[cold]
#[inline(never)]
fn piece_move(
    ply: PlyView,
    area: Rect,
    play: impl FnOnce(&TurnToken, &mut String) -> Result<Turn, Option<ResolveError>>,
) -> Result<(Turn, String), Option<ResolveError>> {
    let (piece, file) = ply.turn().as_piece_move().ok_or(None)?;
    let mut canonical = String::new();
    match play(&piece, &mut canonical) {
        Ok(turn) => Ok((turn, canonical)),
        Err(refusal) => Err(refusal.filter(|_| file > area.max_file)),
    }
}

/// A problem of a kind, labelled; its severity is set where it is reported.
fn found(kind: Kind, span: Span, message: String) -> Problem {
    Problem::new(Severity::Warning, span, message).of_kind(kind)
}

impl Display for At<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {}, {}: `{}`", self.fullmove, self.side.name(), quote(self.written))?;
        if self.in_variation {
            f.write_str(", in a variation")?;
        }
        Ok(())
    }
}

/// Problems of each severity kept per game; the rest are counted in one last
/// problem, so that a million wrong check marks cost neither memory nor a flood of
/// messages, and an error after many warnings is still shown.
pub const MAX_PROBLEMS_PER_GAME: usize = 100;

/// The problems of one game, at most [`MAX_PROBLEMS_PER_GAME`] of each severity kept.
#[derive(Default)]
struct Problems {
    kept: Vec<Problem>,
    /// Problems kept, by severity (warning, error, unreadable).
    kept_by_severity: [usize; 3],
    /// Problems left out: how many, the worst severity and where the first was.
    dropped: usize,
    dropped_worst: Option<Severity>,
    dropped_at: Span,
}

impl Problems {
    /// Whether a problem of this severity would still be kept.
    fn has_room(&self, severity: Severity) -> bool {
        self.kept_by_severity.get(severity as usize).is_some_and(|&n| n < MAX_PROBLEMS_PER_GAME)
    }

    fn push(&mut self, problem: Problem) {
        if self.has_room(problem.severity) {
            if let Some(n) = self.kept_by_severity.get_mut(problem.severity as usize) {
                *n += 1;
            }
            self.kept.push(problem);
            return;
        }
        if self.dropped == 0 {
            self.dropped_at = problem.span;
        }
        self.dropped += 1;
        self.dropped_worst = self.dropped_worst.max(Some(problem.severity));
    }

    /// The problems kept, and one that counts the rest (with their worst severity,
    /// so that the verdict stays the same).
    fn finish(mut self) -> Vec<Problem> {
        if let Some(severity) = self.dropped_worst {
            self.kept.push(Problem::not_shown(severity, self.dropped_at, self.dropped, "problem(s)"));
        }
        self.kept
    }
}

struct Run<'a> {
    variant: &'a dyn Variant,
    text: &'a str,
    game: &'a Game,
    /// The game's number in its file, for [`game_label`].
    number: usize,
    /// The game's label, made when a first problem names it.
    label: std::cell::OnceCell<String>,
    strict: bool,
    verdict_only: bool,
    /// [`Rules::always_decides`] of the variant, asked once: where it holds, no
    /// position needs to be asked whether its questions search.
    always_decides: bool,
    allow_null_moves: bool,
    problems: Problems,
    broken_variations: usize,
    /// Turns written in another notation than SAN: the first one's notation and the
    /// problem placed at it, and how many; named once for the game rather than at
    /// every turn.
    other_notation: Option<(Vec<WrittenNotation>, Problem, usize)>,
    /// The language of the record's piece letters (`None`: English).
    language: Option<&'static Language>,
    /// The canonical notation of the turn being replayed, a buffer reused from ply to ply.
    canonical: String,
    /// The `+` of the line being replayed whose mate question is put off (plies not
    /// kept): the last ply's. Settled before a variation is replayed, so that a line
    /// meets only its own.
    put_off: Option<PutOff<'a, 'a>>,
}

impl<'a> Run<'a> {
    /// Reports a problem as a warning (an error under `--strict`); `context` is the
    /// turn it is about, none for the result.
    fn warn(&mut self, problem: Problem, context: Option<&At>) {
        let severity = if self.strict { Severity::Error } else { Severity::Warning };
        self.report(Problem { severity, ..problem }, context);
    }

    fn error(&mut self, problem: Problem, context: Option<&At>) {
        self.report(Problem { severity: Severity::Error, ..problem }, context);
    }

    /// Reports why a turn is refused: an error, or a question beyond the variant's
    /// search, which keeps its severity (the game cannot be judged).
    fn report_refusal(&mut self, problem: Problem, context: &At) {
        if problem.severity == Severity::Unreadable {
            self.report(problem, Some(context));
        } else {
            self.error(problem, Some(context));
        }
    }

    /// Reports a question the variant's search could not settle at the turn `context`;
    /// the message, for the line that stops there.
    fn undecided(&mut self, span: Span, undecided: &Undecided, context: &At) -> String {
        let problem = beyond(span, undecided);
        let message = problem.message.clone();
        self.report(problem, Some(context));
        message
    }

    fn report(&mut self, problem: Problem, context: Option<&At>) {
        if !self.problems.has_room(problem.severity) {
            // Counted only: the note would not be shown either.
            return self.push(problem);
        }
        let problem = self.placed(problem, context);
        self.push(problem);
    }

    /// A warning whose text is built only when it will be shown: past the cap only a
    /// count is kept, so a game of a million faults costs no messages.
    fn warn_lazily(&mut self, span: Span, context: &At, build: impl FnOnce() -> Problem) {
        let severity = if self.strict { Severity::Error } else { Severity::Warning };
        if self.problems.has_room(severity) {
            self.warn(build(), Some(context));
        } else {
            self.problems.push(Problem::new(severity, span, String::new()));
        }
    }

    /// The problem with the note that names the game and the turn (or the result).
    fn placed(&self, problem: Problem, context: Option<&At>) -> Problem {
        match context {
            Some(at) => problem.with_note(format!("{}, {at}", self.label())).at_turn(at.place()),
            None => problem.with_note(format!("{}, result", self.label())),
        }
    }

    fn push(&mut self, problem: Problem) {
        if !self.problems.has_room(problem.severity) {
            // Counted only: the problem will not be shown.
            self.problems.push(Problem::new(problem.severity, problem.span, String::new()));
            return;
        }
        self.problems.push(problem);
    }

    /// The label that names the game in notes: `game 3 (Carlsen - Nepomniachtchi)`.
    fn label(&self) -> &str {
        self.label.get_or_init(|| game_label(self.game, self.number))
    }

    fn written(&self, span: Span) -> &'a str {
        span.of(self.text)
    }

    /// Replays a line from `start`, the position after ply `first_ply` of the game,
    /// with what is `known` of it; `history` is given
    /// for the main line only.
    fn line(
        &mut self,
        line: LineView<'a>,
        start: &Position,
        known: Known,
        first_ply: usize,
        mut history: Option<&mut History>,
    ) -> ReplayedLine {
        let mut out = ReplayedLine::default();
        if !self.verdict_only {
            // Room for the plies of an ordinary line at once; a longer one grows (a
            // line refused early must not hold room for all it wrote).
            out.plies.reserve(line.len().min(PLIES_RESERVED));
        }
        let mut lost_rights: Vec<LostRight<'a>> = Vec::new();
        let mut drawn_warned = false;
        // When plies are not kept, the position before the ply (`None`: the start) and
        // the one the ply is played into; they trade places instead of being copied.
        // A variant that plays in place needs only the first, from the second ply on.
        let mut slots: [Option<Position>; 2] = [None, None];
        let mut before_slot = 0;
        // What is known of the position before the ply: from the last ply played.
        let mut known = known;
        for (index, ply) in line.plies().enumerate() {
            let [first, second] = &mut slots;
            let (before, next) = if before_slot == 0 { (first, second) } else { (second, first) };
            // A draw the game reached before this turn, not yet warned about.
            let drawn = history
                .as_deref()
                .and_then(|h| h.ending)
                .filter(|e| e.outcome.reason.allows_play_on() && !drawn_warned);
            if self.put_off.is_some() {
                self.settle_before_turn(ply, before.as_ref().unwrap_or(start), drawn.is_some());
            }
            let pos = out.plies.last().map(|p| &p.after).or(before.as_ref()).unwrap_or(start);
            let variations = self.variations(ply, pos, known, first_ply + index);
            let written = self.written(ply.span());
            let context = At {
                ply: first_ply + index + 1,
                fullmove: pos.fullmove(),
                side: pos.turn(),
                written,
                in_variation: history.is_none(),
            };
            self.check_number(ply, pos, &context);
            drawn_warned |= drawn.inspect(|&ending| self.warn_played_on(ending, ply, &context)).is_some();
            let castling = *pos.castling();
            let in_place = match before.as_mut() {
                Some(current) if self.verdict_only && !ply.turn().is_null() => {
                    self.ply_in_place(ply, current, known, &context, &lost_rights)
                }
                _ => None,
            };
            let played_in_place = in_place.is_some();
            // The turn comes back only when it is kept (never in place).
            let (played, turn) = if let Some(played) = in_place {
                match played {
                    Ok(played) => (played, None),
                    Err(message) => return out.refused_at(&context, before.as_ref(), message),
                }
            } else {
                let pos = out.plies.last().map(|p| &p.after).or(before.as_ref()).unwrap_or(start);
                let played = if ply.turn().is_null() {
                    self.null_move(ply, pos, written, &context, history.is_some(), next)
                } else {
                    self.ply(ply, (pos, known), &context, &lost_rights, next)
                };
                match played {
                    Ok(played) => played,
                    Err(message) => return out.refused_at(&context, before.as_ref(), message),
                }
            };
            // The turn was legal: the side that played it had a legal turn, so the
            // check before it was no mate, and its `+` was right.
            self.put_off = None;
            // A ply played has put its position into `next`, or into `before` in place.
            let Some(after) = (if played_in_place { before.as_ref() } else { next.as_ref() }) else { continue };
            // After a null move the side that passed may still stand attacked.
            known = Known { in_check: played.check(), opponent_unattacked: !ply.turn().is_null() };
            let ply_number = index + 1;
            if played == Played::CheckPutOff {
                self.put_off = Some(PutOff::new(ply, context));
            }
            let noted = match history.as_deref_mut() {
                Some(h) if self.verdict_only => h.note(self.variant, after, ply_number).map(|_| None),
                Some(h) => h.record(self.variant, after, ply_number, played.check()).map(Some),
                None => Ok(None),
            };
            let status = match noted {
                Ok(status) => status,
                Err(undecided) => {
                    self.settle_before_stop(after);
                    let message = self.undecided(ply.span(), &undecided, &context);
                    return out.refused_at(&context, before.as_ref(), message);
                }
            };
            LostRight::note_between(&castling, after, &context, &mut lost_rights);
            out.length += 1;
            out.last_mate = played.mate(context.side);
            if self.verdict_only {
                if !played_in_place {
                    before_slot = 1 - before_slot;
                }
                continue;
            }
            let status = status.unwrap_or_else(|| GameStatus {
                ply: ply_number,
                check: played.check(),
                on_board: played.mate(context.side),
                ..GameStatus::default()
            });
            let (Some(after), Some(turn)) = (next.take(), turn) else { continue };
            // A null move is written `--` without a mark; a turn, as the variant
            // wrote it into the reused buffer, with its mark.
            let canonical = self.kept_canonical(ply, played.mark());
            out.plies.push(ReplayedPly { written: written.to_string(), canonical, turn, after, status, variations });
        }
        let [first, second] = &mut slots;
        let last = if before_slot == 0 { first.take() } else { second.take() };
        self.end_line(out, last, start)
    }

    /// Warns that `ply` is played after the game was drawn (`ending`, a draw that
    /// allows play to go on).
    fn warn_played_on(&mut self, Ending { outcome, ply: at }: Ending, ply: PlyView, context: &At) {
        let message =
            format!("the game was already drawn by {} after ply {at}; play went on", outcome.reason.describe());
        self.warn(found(Kind::PlayedOn, ply.span(), message), Some(context));
    }

    /// Replays the variations of `ply`, played from `pos` (the position after ply
    /// `first_ply` of the game); kept only when plies are.
    fn variations(&mut self, ply: PlyView<'a>, pos: &Position, known: Known, first_ply: usize) -> Vec<ReplayedLine> {
        let mut variations = Vec::new();
        for variation in ply.variations() {
            let replayed = self.line(variation, pos, known, first_ply, None);
            // A question a variation put off is its own, asked or answered within it:
            // none is left, and none would be the main line's.
            self.put_off = None;
            self.broken_variations += usize::from(replayed.broken);
            if !self.verdict_only {
                variations.push(replayed);
            }
        }
        variations
    }

    /// The canonical text a kept ply holds: a null move's `--` (no mark), or the turn
    /// as the variant wrote it into the reused buffer, with its check mark.
    fn kept_canonical(&self, ply: PlyView, mark: &str) -> String {
        if ply.turn().is_null() {
            return "--".to_string();
        }
        // Room for a move's text when it is written out from the token below.
        let mut text = String::with_capacity(self.canonical.len().max(8) + mark.len());
        text.push_str(&self.canonical);
        san::write_if_as_written(ply.turn(), &mut text);
        text.push_str(mark);
        text
    }

    /// Resolves one ply and plays it into `after`, reporting problems; the reason
    /// when it is illegal.
    fn ply(
        &mut self,
        ply: PlyView,
        (pos, known): (&Position, Known),
        context: &At,
        lost_rights: &[LostRight],
        after: &mut Option<Position>,
    ) -> Result<(Played, Option<Turn>), String> {
        let mut canonical = std::mem::take(&mut self.canonical);
        let after = after.get_or_insert_with(|| pos.clone());
        let resolved =
            self.variant.resolve_and_play_knowing(pos, Some(known.in_check), ply.turn(), &mut canonical, after);
        // Judged by reference, as in `ply_in_place`; moved out only when it is kept.
        let played = match resolved {
            Ok(ref turn) => self.played(ply, turn, after, known, canonical, context)?,
            Err(e) => return self.refused(e, ply, (pos, known), context, lost_rights, after),
        };
        Ok((played, resolved.ok().filter(|_| !self.verdict_only)))
    }

    /// [`Run::ply`] played on `pos` itself, for a variant that plays in place
    /// ([`Notation::resolve_and_play_in_place`]); `None` when it does not, and `pos`
    /// is left as it was.
    fn ply_in_place(
        &mut self,
        ply: PlyView,
        pos: &mut Position,
        known: Known,
        context: &At,
        lost_rights: &[LostRight],
    ) -> Option<Result<Played, String>> {
        let mut canonical = std::mem::take(&mut self.canonical);
        let resolved = self.variant.resolve_and_play_in_place(pos, Some(known.in_check), ply.turn(), &mut canonical);
        Some(match resolved {
            None => {
                self.canonical = canonical;
                return None;
            }
            // By reference: moved, the turn would be copied through memory right
            // after the resolution wrote it.
            Some(Ok(ref turn)) => self.played(ply, turn, pos, known, canonical, context),
            // A refused turn left `pos` as it was.
            Some(Err(e)) => self.refused_in_place(e, ply, pos, known, context, lost_rights),
        })
    }

    /// [`Run::ply`] for a refused turn: played into `after` as a bishop's or king's move
    /// in lower case when it is one ([`piece_move`]), else reported.
    #[cold]
    #[inline(never)]
    fn refused(
        &mut self,
        e: ResolveError,
        ply: PlyView,
        (pos, known): (&Position, Known),
        context: &At,
        lost_rights: &[LostRight],
        after: &mut Position,
    ) -> Result<(Played, Option<Turn>), String> {
        let piece = piece_move(ply, pos.board().area(), |piece, canonical| {
            after.clone_from(pos);
            let played = self.variant.resolve_and_play_knowing(pos, Some(known.in_check), piece, canonical, after);
            if played.is_err() {
                after.clone_from(pos);
            }
            played.map_err(Some)
        });
        let (turn, canonical) = match piece {
            Ok(played) => played,
            Err(refusal) => return Err(self.refuse(refusal.unwrap_or(e), ply, pos, context, lost_rights)),
        };
        let played = self.played(ply, &turn, after, known, canonical, context)?;
        Ok((played, Some(turn).filter(|_| !self.verdict_only)))
    }

    /// [`Run::ply_in_place`] for a refused turn: played as a bishop's or king's move in
    /// lower case when it is one ([`piece_move`]), else reported. Out of line, as
    /// refusals are rare.
    #[cold]
    #[inline(never)]
    fn refused_in_place(
        &mut self,
        e: ResolveError,
        ply: PlyView,
        pos: &mut Position,
        known: Known,
        context: &At,
        lost_rights: &[LostRight],
    ) -> Result<Played, String> {
        let area = pos.board().area();
        let piece = piece_move(ply, area, |piece, canonical| {
            self.variant
                .resolve_and_play_in_place(pos, Some(known.in_check), piece, canonical)
                .ok_or(None)?
                .map_err(Some)
        });
        match piece {
            Ok((turn, canonical)) => self.played(ply, &turn, pos, known, canonical, context),
            Err(refusal) => Err(self.refuse(refusal.unwrap_or(e), ply, pos, context, lost_rights)),
        }
    }

    /// Reports why the turn of `ply` is refused in `pos`; the message.
    fn refuse(
        &mut self,
        e: ResolveError,
        ply: PlyView,
        pos: &Position,
        context: &At,
        lost_rights: &[LostRight],
    ) -> String {
        // The check before this turn may have been mate: asked first, as at once.
        self.settle_before_stop(pos);
        let span = ply.span();
        let shown = quote(context.written);
        // A game that ended before this turn says so; if the variant cannot
        // tell, the refusal stands on its own (the turn is refused either way).
        let ended = || self.variant.outcome(pos).ok().flatten().filter(|o| !o.reason.allows_play_on());
        let problem = match (e, ended()) {
            (ResolveError::Undecided(undecided), _) => beyond(span, &undecided),
            (_, Some(outcome)) => {
                found(Kind::Illegal, span, format!("`{shown}` is played after the game ended: {outcome}"))
            }
            (ResolveError::Illegal(reason), _) => {
                let history = LostRight::explain(ply, pos, lost_rights).unwrap_or_default();
                found(Kind::Illegal, span, format!("illegal turn `{shown}`: {reason}{history}"))
                    .with_suggestion(reason.suggestion(), reason.candidates().to_vec())
            }
            (ResolveError::Ambiguous(options), _) => {
                found(Kind::Ambiguous, span, format!("`{shown}` is ambiguous: {}", options.join(", ")))
                    .with_suggestion(None, options)
            }
        };
        let message = problem.message.clone();
        self.report_refusal(problem, context);
        message
    }

    /// What a turn resolved and played into `after` amounts to: its check mark
    /// (checked against the written one) and the mate it gives; `canonical` is the
    /// turn's notation, in the buffer the replay reuses, given back to it. Inlined
    /// in its two callers, which read its verdict at once.
    #[allow(clippy::inline_always, reason = "once per ply: out of line, its verdict went through memory")]
    #[inline(always)]
    fn played(
        &mut self,
        ply: PlyView,
        turn: &Turn,
        after: &Position,
        known: Known,
        mut canonical: String,
        context: &At,
    ) -> Result<Played, String> {
        let span = ply.span();
        let written = context.written;
        let by_move = match turn {
            Turn::Move(mv) if known.opponent_unattacked => self.variant.check_by_move(after, mv),
            _ => None,
        };
        let check = by_move.unwrap_or_else(|| self.variant.is_check(after));
        // An empty `canonical`: the turn is written exactly as its canonical notation
        // (`Notation::resolve_into_knowing`), which is then the text written.
        if check
            && self.verdict_only
            && self.language.is_none()
            && (self.always_decides || self.variant.answers_without_search(after))
            && PutOff::applies(ply, written, &canonical)
        {
            self.canonical = canonical;
            return Ok(Played::CheckPutOff);
        }
        let mark = match san::check_mark_knowing(self.variant, after, Some(check)) {
            Ok(mark) => mark,
            Err(undecided) => return Err(self.undecided(span, &undecided, context)),
        };
        if canonical.is_empty() && !(self.language.is_none() && san::same_text(written_mark(ply), mark)) {
            // A warning may quote the canonical text: written out.
            san::write_if_as_written(ply.turn(), &mut canonical);
        }
        self.check_notation(ply, written, &canonical, mark, context);
        self.canonical = canonical;
        Ok(Played::from_mark(mark))
    }

    /// A null move (`--`, `Z0`): in a variation (analysis) the other side moves next; in
    /// the main line it is an error, unless `--allow-null-moves` reads it as in a variation.
    fn null_move(
        &mut self,
        ply: PlyView,
        pos: &Position,
        written: &str,
        context: &At,
        main: bool,
        after: &mut Option<Position>,
    ) -> Result<(Played, Option<Turn>), String> {
        if main && !self.allow_null_moves {
            let message = format!(
                "`{}` is a null move: the main line cannot pass a turn (null moves belong in variations; \
                 pass --allow-null-moves to read them in the main line)",
                quote(written)
            );
            self.error(found(Kind::Illegal, ply.span(), message.clone()), Some(context));
            return Err(message);
        }
        let after = after.insert(play_null_move(pos));
        let played = if self.variant.is_check(after) { Played::Check } else { Played::Quiet };
        Ok((played, Some(Turn::Multi(Vec::new()))))
    }

    #[inline]
    fn check_number(&mut self, ply: PlyView, pos: &Position, context: &At) {
        let Some(number) = ply.number() else { return };
        if !number_is_right(ply, pos) {
            let expected_black = pos.turn() == Color::Black;
            let written = self.written(number.span);
            self.warn_lazily(number.span, context, || {
                let fullmove = pos.fullmove();
                let right = if expected_black { format!("{fullmove}...") } else { format!("{fullmove}.") };
                let message = format!("move number written as `{}`; this is {right}", quote(written));
                found(Kind::MoveNumber, number.span, message).with_suggestion(Some(right), Vec::new())
            });
        }
    }

    /// Warns about imprecise notation and wrong check marks. Inlined: most turns are
    /// written exactly as the canonical notation, and only the others call on.
    /// `canonical` is empty for a turn the resolution found written exactly as its
    /// canonical notation (only when no language is read and the marks agree).
    #[inline]
    fn check_notation(&mut self, ply: PlyView, written: &str, canonical: &str, mark: &str, context: &At) {
        let bare = without_marks(written);
        let written_mark = written_mark(ply);
        if self.language.is_none()
            && (canonical.is_empty() || san::same_text(bare, canonical))
            && san::same_text(written_mark, mark)
        {
            // Written exactly as the canonical notation, check mark included.
            return;
        }
        self.warn_notation(ply, (written, bare, written_mark), canonical, mark, context);
    }

    /// [`Run::check_notation`] for a turn written otherwise than the canonical notation:
    /// `written` as a whole, without its marks, and its mark.
    #[inline(never)]
    fn warn_notation(
        &mut self,
        ply: PlyView,
        (written, bare, written_mark): (&str, &str, &str),
        canonical: &str,
        mark: &str,
        context: &At,
    ) {
        let english = match self.language {
            Some(language) => Cow::Owned(language.to_english(bare)),
            None => Cow::Borrowed(bare),
        };
        let notation = WrittenNotation::of(&english);
        let canonical_spelling = self.variant.is_canonical_spelling(&english, canonical);
        if !canonical_spelling && notation != WrittenNotation::San {
            if self.other_notation.is_none() {
                let first = self.placed(found(Kind::Imprecise, ply.span(), String::new()), Some(context));
                self.other_notation = Some((Vec::new(), first, 0));
            }
            if let Some((notations, _, turns)) = &mut self.other_notation {
                if !notations.contains(&notation) {
                    notations.push(notation);
                }
                *turns += 1;
            }
        } else if !canonical_spelling {
            self.warn_lazily(ply.span(), context, || {
                let message = format!("`{}` is not standard notation; write `{canonical}{mark}`", quote(written));
                let suggestion = Some(format!("{canonical}{mark}"));
                found(Kind::Imprecise, ply.span(), message).with_suggestion(suggestion, Vec::new())
            });
        }
        let unmarked_notation = written_mark.is_empty() && !notation.writes_check_marks();
        if !san::same_text(written_mark, mark) && !unmarked_notation {
            self.warn_lazily(ply.span(), context, || {
                let shown = quote(written);
                let message = match mark {
                    "" => {
                        let mark_text = mark_as_written(written, bare).unwrap_or(written_mark);
                        format!("`{shown}` gives no check; the mark `{mark_text}` is wrong")
                    }
                    "#" => format!("`{shown}` is checkmate; write `{canonical}#`"),
                    _ => format!("`{shown}` gives check; write `{canonical}+`"),
                };
                let suggestion = Some(format!("{canonical}{mark}"));
                found(Kind::CheckMark, ply.span(), message).with_suggestion(suggestion, Vec::new())
            });
        }
    }

    /// One warning for a game written (in part) in another notation than SAN.
    fn name_other_notation(&mut self) {
        let Some((notations, first, turns)) = self.other_notation.take() else { return };
        let names: Vec<&str> = notations.iter().map(|n| n.name()).collect();
        let message = format!(
            "{turns} turn(s) are written in {} notation, not in standard algebraic notation (SAN), \
             the first of them here; `arbiter export` writes the game in SAN",
            names.join(" and ")
        );
        let severity = if self.strict { Severity::Error } else { Severity::Warning };
        self.push(Problem { severity, message, ..first });
    }

    /// O4: a declared result must agree with a game finished on the board; after an
    /// automatic draw a decisive result is a warning naming the ply of the draw.
    fn check_result(&mut self, game: &Game, ending: Option<Ending>) {
        let token = game.result.as_ref();
        let tag = game.tag("Result");
        if let (Some(token), Some(tag)) = (token, tag) {
            if result_of_tag(tag) != Some(token.value) {
                let message = format!("the movetext ends with {} but the Result tag says {tag}", token.value.as_str());
                self.warn(found(Kind::ResultTag, token.span, message), None);
            }
        }
        let declared = token
            .map(|t| (t.value, t.span))
            .or_else(|| Some((result_of_tag(tag?).unwrap_or(GameResult::Unknown), tag_span(game, "Result"))));
        let (Some(Ending { outcome, ply }), Some((declared, span))) = (ending, declared) else { return };
        if declared == GameResult::Unknown || declared.as_str() == outcome.result() {
            return;
        }
        let message = format!("the record says {} but the board says {outcome}", declared.as_str());
        let suggestion = Some(outcome.result().to_string());
        if outcome.reason.allows_play_on() {
            let problem = found(Kind::Result, span, format!("{message} after ply {ply}"));
            self.warn(problem.with_suggestion(suggestion, Vec::new()), None);
        } else {
            self.error(found(Kind::Result, span, message).with_suggestion(suggestion, Vec::new()), None);
        }
    }
}

/// The result a `Result` tag states, in any form the movetext reads (`½-½` and `1/2`
/// are `1/2-1/2`, `1:0` is `1-0`), or `None` for text that is no result. The four
/// standard forms, which nearly every game writes, are told at once.
fn result_of_tag(tag: &str) -> Option<GameResult> {
    match tag.trim() {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" => Some(GameResult::Draw),
        "*" => Some(GameResult::Unknown),
        other => crate::record::result_of_text(other),
    }
}

#[cfg(test)]
mod put_off_tests;

#[cfg(test)]
mod tests {
    use super::without_marks;

    #[test]
    fn marks_are_cut_as_trimming_the_characters_would() {
        for written in ["e4", "e4+", "Qxf7#", "Nf3!?", "e8=Q+!!", "+", "", "♘f3+", "Kg8#?", "a+b"] {
            assert_eq!(without_marks(written), written.trim_end_matches(['!', '?', '+', '#']), "{written}");
        }
    }
}
