//! Replays a parsed game through its variant: resolves every written turn, checks
//! move numbers, check marks, repetitions and the result, and collects problems
//! that point into the text of the record.

use crate::diagnostics::{Problem, Severity};
use crate::record::ast::{CheckMark, Game, GameResult, Line, Ply, Span};
use crate::render::{caption, Caption, LastTurn};
use crate::rules::repetition::{self, Occurrences};
use crate::rules::{san, Claim, Color, EndReason, Outcome, Position, ResolveError, Resolved, Turn};
use crate::text::quote;
use crate::variants::prelude::*;
use crate::variants::{lookup, parse_rule_options, VariantInfo, VARIANTS};
use std::collections::BTreeMap;
use std::fmt::Display;

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
    /// Replayed variations that replace this ply.
    pub variations: Vec<ReplayedLine>,
}

/// A line replayed as far as its turns are legal.
#[derive(Clone, Debug, Default)]
pub struct ReplayedLine {
    /// Every ply replayed; empty when only a verdict was asked for.
    pub plies: Vec<ReplayedPly>,
    /// The line stopped at an illegal turn.
    pub broken: bool,
    /// How many plies were replayed legally, kept or not.
    pub length: usize,
    /// The position after the last ply, when plies are not kept.
    last: Option<Position>,
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
    /// How the game ended on the board or automatically, and after which ply (0 = start).
    pub ending: Option<(Outcome, usize)>,
    /// Draws that could be claimed, with the ply where the claim first became possible.
    pub claims: Vec<(Claim, usize)>,
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

    /// The caption of the position after `ply` plies of the main line.
    pub fn caption(&self, ply: usize, comments: Vec<String>) -> Caption {
        let pos = self.position(ply).unwrap_or(&self.start);
        caption(self.variant.as_ref(), pos, self.last_turn(ply), comments)
    }

    pub fn final_position(&self) -> &Position {
        self.line.final_position(&self.start)
    }

    /// The result decided by the board, if the game is over.
    pub fn board_result(&self) -> Option<&'static str> {
        self.ending.map(|(o, _)| o.result())
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
    let white = quote(game.tag("White").unwrap_or("?"));
    let black = quote(game.tag("Black").unwrap_or("?"));
    format!("game {number} ({white} - {black})")
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
    rules.extend(command_line_rules_for(name, &options.rules));
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
                warnings.push(Problem::new(Severity::Warning, tag_span(game, "FEN"), message));
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

/// Replays a game whose setup succeeded.
pub fn replay(
    game: &Game,
    text: &str,
    number: usize,
    variant: Box<dyn Variant>,
    start: Position,
    options: &ReplayOptions,
) -> Replay {
    let mut run = Run {
        variant: variant.as_ref(),
        text,
        label: game_label(game, number),
        strict: options.strict,
        verdict_only: options.verdict_only,
        allow_null_moves: options.allow_null_moves,
        problems: Problems::default(),
    };
    let mut history = History::new(run.variant, &start);
    let line = run.line(&game.line, &start, Some(&mut history));
    let mut ending = history.ending;
    if ending.is_none_or(|(o, at)| o.reason.allows_play_on() && at < line.length) {
        if let Some(outcome) = run.variant.outcome(line.final_position(&start)) {
            ending = Some((outcome, line.length));
        }
    }
    if !line.broken {
        run.check_result(game, ending);
    }
    let problems = run.problems.finish();
    Replay { variant, start, line, ending, claims: history.claims, problems }
}

/// The position after a null move (`--`): the other side to move, no en passant.
pub fn play_null_move(pos: &Position) -> Position {
    let mut after = pos.clone();
    after.set_ep_square(None);
    after.pass_turn(false);
    after
}

/// Plays a resolved turn: the position after it and the check mark it earns.
pub fn play_resolved(variant: &dyn Variant, pos: &Position, resolved: &Resolved) -> (Position, &'static str) {
    let after = variant.play(pos, &resolved.turn);
    let mark = san::check_mark(variant, &after);
    (after, mark)
}

/// Repetition and clock bookkeeping along the main line.
struct History {
    seen: Occurrences,
    claims: Vec<(Claim, usize)>,
    ending: Option<(Outcome, usize)>,
}

impl History {
    fn new(variant: &dyn Variant, start: &Position) -> History {
        let mut history = History { seen: Occurrences::default(), claims: Vec::new(), ending: None };
        history.record(variant, start, 0);
        history
    }

    /// Notes the position after `ply`, and the automatic draw it causes (O3).
    fn record(&mut self, variant: &dyn Variant, pos: &Position, ply: usize) {
        let count = self.seen.entry(repetition::key(variant, pos)).or_insert(0);
        *count += 1;
        let count = *count;
        if count == 3 && !self.claims.iter().any(|(c, _)| *c == Claim::ThreefoldRepetition) {
            self.claims.push((Claim::ThreefoldRepetition, ply));
        }
        if pos.halfmove() >= 100 && !self.claims.iter().any(|(c, _)| *c == Claim::FiftyMoveRule) {
            self.claims.push((Claim::FiftyMoveRule, ply));
        }
        if self.ending.is_some() {
            return;
        }
        // A win on the board (checkmate, or a variant's decisive ending such as
        // Bellows' loss without a legal move, L7) takes precedence (O3).
        let decided = || variant.outcome(pos).is_some_and(|o| o.winner.is_some());
        let automatic = if count >= 5 {
            Some(EndReason::FivefoldRepetition)
        } else if pos.halfmove() >= 150 && !decided() {
            Some(EndReason::SeventyFiveMoveRule)
        } else if variant.is_dead_position(pos) {
            Some(EndReason::InsufficientMaterial)
        } else {
            None
        };
        self.ending = automatic.map(|reason| (Outcome::draw(reason), ply));
    }
}

/// Where in the game a problem is: move number, side and the turn as written.
struct At<'w> {
    fullmove: u32,
    side: Color,
    written: &'w str,
}

impl Display for At<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {}, {}: `{}`", self.fullmove, self.side.name(), quote(self.written))
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
            let message = format!("{} more problem(s) in this game are not shown", self.dropped);
            let label = format!("the first of the {} not shown", self.dropped);
            self.kept.push(Problem::new(severity, self.dropped_at, message).with_label(label));
        }
        self.kept
    }
}

struct Run<'a> {
    variant: &'a dyn Variant,
    text: &'a str,
    label: String,
    strict: bool,
    verdict_only: bool,
    allow_null_moves: bool,
    problems: Problems,
}

impl<'a> Run<'a> {
    fn warn(&mut self, span: Span, message: String, label: &str, context: &dyn Display) {
        let severity = if self.strict { Severity::Error } else { Severity::Warning };
        self.report(severity, span, message, label, context);
    }

    fn error(&mut self, span: Span, message: String, label: &str, context: &dyn Display) {
        self.report(Severity::Error, span, message, label, context);
    }

    fn report(&mut self, severity: Severity, span: Span, message: String, label: &str, context: &dyn Display) {
        if !self.problems.has_room(severity) {
            // Counted only: no message is built for a problem that will not be shown.
            self.problems.push(Problem::new(severity, span, String::new()));
            return;
        }
        self.problems.push(
            Problem::new(severity, span, message).with_label(label).with_note(format!("{}, {context}", self.label)),
        );
    }

    fn written(&self, span: Span) -> &'a str {
        self.text.get(span.start..span.end).unwrap_or("")
    }

    /// Replays a line from `start`; `history` is given for the main line only.
    fn line(&mut self, line: &Line, start: &Position, mut history: Option<&mut History>) -> ReplayedLine {
        let mut out = ReplayedLine::default();
        let mut drawn_warned = false;
        // The position before the ply, when plies are not kept.
        let mut current: Option<Position> = None;
        for (index, ply) in line.plies.iter().enumerate() {
            let pos = out.plies.last().map(|p| &p.after).or(current.as_ref()).unwrap_or(start);
            let mut variations = Vec::new();
            for variation in &ply.variations {
                let replayed = self.line(variation, pos, None);
                if !self.verdict_only {
                    variations.push(replayed);
                }
            }
            let written = self.written(ply.turn.span);
            let context = At { fullmove: pos.fullmove(), side: pos.turn(), written };
            self.check_number(ply, pos, &context);
            let drawn = history.as_deref().and_then(|h| h.ending).filter(|(o, _)| o.reason.allows_play_on());
            if let (Some((outcome, at)), false) = (drawn, drawn_warned) {
                drawn_warned = true;
                let message =
                    format!("the game was already drawn by {} after ply {at}; play went on", outcome.reason.describe());
                self.warn(ply.turn.span, message, "played after an automatic draw", &context);
            }
            let played = if ply.turn.value.parts.is_empty() {
                self.null_move(ply, pos, written, &context, history.is_some())
            } else {
                self.ply(ply, pos, written, &context)
            };
            let Some(replayed) = played else {
                out.broken = true;
                out.last = current;
                return out;
            };
            if let Some(h) = history.as_deref_mut() {
                h.record(self.variant, &replayed.after, index + 1);
            }
            out.length += 1;
            if self.verdict_only {
                current = Some(replayed.after);
            } else {
                out.plies.push(ReplayedPly { variations, ..replayed });
            }
        }
        out.last = current;
        out
    }

    /// Resolves and plays one ply, reporting problems; `None` when it is illegal.
    fn ply(&mut self, ply: &Ply, pos: &Position, written: &str, context: &At) -> Option<ReplayedPly> {
        let span = ply.turn.span;
        let shown = quote(written);
        let resolved = match self.variant.resolve(pos, &ply.turn.value) {
            Ok(r) => r,
            Err(e) => {
                let message = match (&e, self.variant.outcome(pos)) {
                    (_, Some(outcome)) if !outcome.reason.allows_play_on() => {
                        format!("`{shown}` is played after the game ended: {outcome}")
                    }
                    (ResolveError::Illegal(reason), _) => format!("illegal turn `{shown}`: {reason}"),
                    (ResolveError::Ambiguous(options), _) => {
                        format!("`{shown}` is ambiguous: {}", options.join(", "))
                    }
                };
                let label = if matches!(e, ResolveError::Ambiguous(_)) { "ambiguous" } else { "illegal" };
                self.error(span, message, label, context);
                return None;
            }
        };
        let (after, mark) = play_resolved(self.variant, pos, &resolved);
        let canonical = format!("{}{mark}", resolved.canonical);
        self.check_notation(ply, written, &resolved.canonical, mark, context);
        Some(ReplayedPly {
            written: written.to_string(),
            canonical,
            turn: resolved.turn,
            after,
            variations: Vec::new(),
        })
    }

    /// A null move (`--`, `Z0`): in a variation (analysis) the other side moves next; in
    /// the main line it is an error, unless `--allow-null-moves` reads it as in a variation.
    fn null_move(&mut self, ply: &Ply, pos: &Position, written: &str, context: &At, main: bool) -> Option<ReplayedPly> {
        if main && !self.allow_null_moves {
            let message = format!(
                "`{}` is a null move: the main line cannot pass a turn (null moves belong in variations; \
                 pass --allow-null-moves to read them in the main line)",
                quote(written)
            );
            self.error(ply.turn.span, message, "null move", context);
            return None;
        }
        let (after, turn) = (play_null_move(pos), Turn::Multi(Vec::new()));
        Some(ReplayedPly { written: written.to_string(), canonical: "--".into(), turn, after, variations: Vec::new() })
    }

    fn check_number(&mut self, ply: &Ply, pos: &Position, context: &At) {
        let Some(number) = &ply.number else { return };
        let expected_black = pos.turn() == Color::Black;
        if number.value.number != pos.fullmove() || (number.value.black && !expected_black) {
            let right = if expected_black { format!("{}...", pos.fullmove()) } else { format!("{}.", pos.fullmove()) };
            self.warn(
                number.span,
                format!("move number written as `{}`; this is {right}", quote(self.written(number.span))),
                "wrong move number",
                context,
            );
        }
    }

    /// Warns about imprecise notation and wrong check marks.
    fn check_notation(&mut self, ply: &Ply, written: &str, canonical: &str, mark: &str, context: &At) {
        let bare = written.trim_end_matches(['!', '?', '+', '#']);
        let shown = quote(written);
        if !self.variant.is_canonical_spelling(bare, canonical) {
            self.warn(
                ply.turn.span,
                format!("`{shown}` is not standard notation; write `{canonical}{mark}`"),
                "imprecise notation",
                context,
            );
        }
        let written_mark = match ply.turn.value.check {
            None => "",
            Some(CheckMark::Check) => "+",
            Some(CheckMark::Mate) => "#",
        };
        if !san::same_text(written_mark, mark) {
            let message = match mark {
                "" => format!("`{shown}` gives no check; the mark `{written_mark}` is wrong"),
                "#" => format!("`{shown}` is checkmate; write `{canonical}#`"),
                _ => format!("`{shown}` gives check; write `{canonical}+`"),
            };
            self.warn(ply.turn.span, message, "wrong check mark", context);
        }
    }

    /// O4: a declared result must agree with a game finished on the board.
    fn check_result(&mut self, game: &Game, ending: Option<(Outcome, usize)>) {
        let token = game.result.as_ref();
        let tag = game.tag("Result");
        if let (Some(token), Some(tag)) = (token, tag) {
            if token.value.as_str() != tag {
                self.warn(
                    token.span,
                    format!("the movetext ends with {} but the Result tag says {tag}", token.value.as_str()),
                    "result differs from the tag",
                    &"result",
                );
            }
        }
        let declared = token.map(|t| (t.value, t.span)).or_else(|| {
            let value = match tag? {
                "1-0" => GameResult::WhiteWins,
                "0-1" => GameResult::BlackWins,
                "1/2-1/2" => GameResult::Draw,
                _ => GameResult::Unknown,
            };
            Some((value, tag_span(game, "Result")))
        });
        let (Some((outcome, _)), Some((declared, span))) = (ending, declared) else { return };
        if declared == GameResult::Unknown || declared.as_str() == outcome.result() {
            return;
        }
        let message = format!("the record says {} but the board says {outcome}", declared.as_str());
        if outcome.reason.allows_play_on() {
            self.warn(span, message, "result contradicts the board", &"result");
        } else {
            self.error(span, message, "result contradicts the board", &"result");
        }
    }
}
