//! Where one game ends and the next begins, found while the bytes stream past.
//!
//! A game is tag pairs and movetext that ends with a result token (PGN 8.1, 8.2.6). A tag
//! line (a line whose first character other than spaces, tabs, e-mail quoting `>` and
//! byte order marks is `[`, outside any `{}` comment) starts a new game when the current
//! game already has movetext or already has a tag of that name. A result outside
//! variations (one token, or with spaces around its sign on one line: `1 - 0`) ends the
//! movetext: the next token that is not a comment, a note in parentheses or a word of
//! text ([`super::text_words`], which keeps the rest of its line) starts a new game,
//! even on the same line. A blank line decides only before a line that starts with
//! White's `1.` in a game that has had one and no result: pasted games without tags or
//! results.

use super::movetext::{result, result_of_scores, result_piece, ResultPiece};
use super::tag_names::TagNames;
use super::text_words::{self, is_text_word};

/// What has been seen so far on the current line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineState {
    /// Nothing yet: a `%` here starts an escape line.
    Fresh,
    /// Only spaces, tabs, carriage returns, quoting `>` and byte order marks, or the end
    /// of a tag pair.
    Indent,
    /// The name of a tag pair, after its `[`.
    TagName,
    /// The rest of a tag pair, up to its `]`.
    TagValue { quoted: bool, escaped: bool },
    /// A `%` escape line.
    Escape,
    /// After a `;` outside braces: a comment up to the end of the line.
    LineComment,
    /// After a `(` that follows the result: a note up to its `)` or the end of the line.
    ResultNote,
    /// Movetext.
    Body,
}

/// The longest token looked at as a possible result (`1/2-1/2`, `0.5-0.5`, `½–½`), and
/// the bytes of a token after the result that tell whether it is a word of text.
const RESULT_TOKEN_BYTES: usize = text_words::WORD_HEAD_BYTES;

/// The scanner's state across chunks of input.
#[derive(Debug)]
pub(crate) struct Splitter {
    state: LineState,
    in_comment: bool,
    /// The current line, 1-based.
    line: usize,
    /// Bytes of the current game scanned so far.
    game_bytes: usize,
    /// `game_bytes` where the current line began.
    line_start: usize,
    movetext_seen: bool,
    has_content: bool,
    /// The lines of the current game before the current one hold content.
    content_before_line: bool,
    /// Names of the tag pairs of the current game.
    tag_names: TagNames,
    /// The name of the tag pair being read.
    tag_name: Vec<u8>,
    /// Open parentheses of variations in the movetext.
    depth: usize,
    /// The movetext token being read, while it is short enough to be a result.
    token: Vec<u8>,
    token_too_long: bool,
    /// A digit stands in the token being read.
    token_digit: bool,
    /// Where the token being read began (bytes of the current game), when it came after
    /// the result and may be a word of text ([`text_words`]): a word keeps the rest of
    /// its line with the game; anything else starts the next game there.
    word_start: Option<usize>,
    /// The next game begins at this many bytes of the current one: at a token after the
    /// result that is no word of text, read whole before that was known.
    split_at: Option<usize>,
    /// A result token has ended the movetext of the current game.
    ended: bool,
    /// The start of a result written with spaces around its sign, at the end of the
    /// tokens read so far on this line (`1`, or `1 -`, of `1 - 0`).
    pending: PendingResult,
    /// The line before the current one was blank (white space only, outside comments).
    after_blank: bool,
    /// The game's movetext has a move number 1 (`1.`, `1...`) outside variations: the
    /// splitter's sign that the moves have begun (a tag pair after a comment on its line
    /// is read as movetext here, but not by the parser).
    numbered: bool,
    /// The first token of the current line is to be asked whether it is White's first
    /// move number, which would start a new game ([`Splitter::end_token`]).
    restart_armed: bool,
    /// The current line starts a new game: its first token is White's first move number
    /// after a blank line, in a game with movetext and no result.
    restart_line: bool,
    /// The current line's first token was `1` without a dot, which starts a game unless
    /// the line's second token is a result's sign (`1 - 0`): that token is to be asked.
    lone_one_restart: bool,
    /// The next game begins in the middle of a line: the bytes of that line before it
    /// belong to the game before, and the next game sees spaces in their place.
    mid_line: bool,
    /// Movetext between tokens is skipped in runs ([`Splitter::plain_run`]); tests turn
    /// this off to compare with reading byte by byte.
    plain_runs: bool,
}

impl Splitter {
    pub(super) fn new() -> Splitter {
        Splitter {
            state: LineState::Fresh,
            in_comment: false,
            line: 1,
            game_bytes: 0,
            line_start: 0,
            movetext_seen: false,
            has_content: false,
            content_before_line: false,
            tag_names: TagNames::default(),
            tag_name: Vec::new(),
            depth: 0,
            token: Vec::new(),
            token_too_long: false,
            token_digit: false,
            word_start: None,
            split_at: None,
            ended: false,
            pending: PendingResult::None,
            after_blank: false,
            numbered: false,
            restart_armed: false,
            restart_line: false,
            lone_one_restart: false,
            mid_line: false,
            plain_runs: true,
        }
    }

    /// Turns off the runs of [`Splitter::plain_run`], for tests that compare.
    #[cfg(test)]
    pub(super) fn byte_by_byte(&mut self) {
        self.plain_runs = false;
    }

    /// The current line number (1-based).
    pub(super) fn line(&self) -> usize {
        self.line
    }

    /// True when the current game holds anything but white space and escape lines.
    pub(super) fn has_content(&self) -> bool {
        self.has_content
    }

    /// How many bytes of the current game come before the current line.
    pub(super) fn line_start(&self) -> usize {
        self.line_start
    }

    /// True when the game that starts now begins in the middle of its first line.
    pub(super) fn starts_mid_line(&self) -> bool {
        self.mid_line
    }

    /// Where the game that starts now begins in the current one's bytes, when that is
    /// at a token after the result already taken into it.
    pub(super) fn split_at(&self) -> Option<usize> {
        self.split_at
    }

    /// The input has ended: a token after the result that was being read is judged as
    /// its delimiter would have judged it. The answer is [`Splitter::split_at`].
    pub(super) fn end_of_input(&mut self) -> Option<usize> {
        if self.word_start.is_some() {
            self.end_token();
        }
        self.split_at
    }

    /// Starts the next game, which already holds `carried` bytes of the current line.
    pub(super) fn begin_game(&mut self, carried: usize) {
        self.game_bytes = carried;
        self.line_start = 0;
        self.movetext_seen = false;
        self.has_content = false;
        self.content_before_line = false;
        self.tag_names.clear();
        self.depth = 0;
        self.ended = false;
        self.pending = PendingResult::None;
        self.mid_line = false;
        self.numbered = false;
        self.lone_one_restart = false;
        if self.split_at.take().is_some() {
            // The token carried over, after the game before's result, is this game's first.
            self.movetext_seen = true;
            self.has_content = true;
        }
        if std::mem::take(&mut self.restart_line) {
            // The line carried over, which starts with `1.` (or `1`), is this game's first movetext.
            self.movetext_seen = true;
            self.has_content = true;
            self.numbered = true;
        }
        if self.state == LineState::TagName || matches!(self.state, LineState::TagValue { .. }) {
            // The boundary came at a repeated tag name: that tag line opens this game.
            self.has_content = true;
            if self.state != LineState::TagName {
                self.note_tag_name();
                self.tag_name.clear();
            }
        }
    }

    /// Scans `chunk`. Returns how many of its bytes belong to the current game, and
    /// whether a new game starts right after them: at a `[` or movetext token that is
    /// not yet consumed, or at the current line (after a repeated tag name).
    pub(super) fn scan(&mut self, chunk: &[u8]) -> (usize, bool) {
        let mut i = 0;
        let mut boundary = false;
        while let Some(&byte) = chunk.get(i) {
            if byte == b'\n' {
                self.end_token();
                if self.restart_line || self.split_at.is_some() {
                    boundary = true;
                    break;
                }
                if self.tag_name_ends() {
                    // A tag name cut by the end of the line: it is complete.
                    if self.repeated_tag() {
                        boundary = true;
                        break;
                    }
                }
                self.end_line(i + 1);
                i += 1;
                continue;
            }
            let rest = chunk.get(i..).unwrap_or(&[]);
            if self.in_comment {
                match memchr::memchr2(b'}', b'\n', rest) {
                    Some(at) if rest.get(at) == Some(&b'}') => {
                        self.in_comment = false;
                        self.state = LineState::Body;
                        i += at + 1;
                    }
                    Some(at) => i += at,
                    None => i = chunk.len(),
                }
                continue;
            }
            match self.state {
                LineState::Fresh | LineState::Indent => match byte {
                    // White space as the parser reads it between tag pairs (vertical
                    // tabs and form feeds too), quoting and byte order marks.
                    b' ' | b'\t' | b'\r' | 0x0b | 0x0c | b'>' | 0xef | 0xbb | 0xbf => self.state = LineState::Indent,
                    b'%' if self.state == LineState::Fresh => self.state = LineState::Escape,
                    b'[' if self.movetext_seen => {
                        boundary = true;
                        break;
                    }
                    b'[' => {
                        self.has_content = true;
                        if let Some(len) = self.plain_tag_pair(rest) {
                            i += len;
                            continue;
                        }
                        self.state = LineState::TagName;
                        self.tag_name.clear();
                    }
                    _ => {
                        // Read the same byte again as movetext.
                        self.start_body(byte);
                        continue;
                    }
                },
                LineState::TagName => {
                    if is_tag_name_byte(byte) {
                        i += self.tag_name_run(rest);
                        continue;
                    } else if !self.tag_name.is_empty() || !matches!(byte, b' ' | b'\t') {
                        if self.tag_name_ends() && self.repeated_tag() {
                            boundary = true;
                            self.game_bytes += i;
                            return (i, boundary);
                        }
                        self.state = LineState::TagValue { quoted: false, escaped: false };
                        continue;
                    }
                }
                LineState::TagValue { quoted, escaped: false } if !tag_run_stops(quoted).contains(&byte) => {
                    // A run of bytes that leave the state as it is, at once.
                    let stops = tag_run_stops(quoted);
                    i += rest.iter().position(|b| stops.contains(b)).unwrap_or(rest.len());
                    continue;
                }
                LineState::TagValue { quoted, escaped } => {
                    self.state = match byte {
                        _ if escaped => LineState::TagValue { quoted, escaped: false },
                        b'\\' if quoted => LineState::TagValue { quoted, escaped: true },
                        b'"' => LineState::TagValue { quoted: !quoted, escaped: false },
                        b']' if !quoted => LineState::Indent,
                        _ => self.state,
                    };
                }
                LineState::Escape | LineState::LineComment | LineState::ResultNote => {
                    i += self.skipped_text(rest);
                    continue;
                }
                LineState::Body => {
                    if let Some(used) = self.movetext(rest, byte, self.game_bytes + i) {
                        i += used;
                        continue;
                    }
                    boundary = true;
                    // A line that starts a game goes to it whole.
                    self.mid_line = !self.restart_line;
                    break;
                }
            }
            i += 1;
        }
        self.game_bytes += i;
        (i, boundary)
    }

    /// In an escape line, a `;` comment or a note after the result: how many bytes at the
    /// start of `rest` it still takes (up to the newline, or through a note's `)`).
    fn skipped_text(&mut self, rest: &[u8]) -> usize {
        if self.state != LineState::ResultNote {
            return memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        }
        match memchr::memchr2(b')', b'\n', rest) {
            Some(at) if rest.get(at) == Some(&b')') => {
                self.state = LineState::Body;
                at + 1
            }
            Some(at) => at,
            None => rest.len(),
        }
    }

    /// The line's movetext begins with `byte`: White's `1.` after a blank line may start
    /// a game ([`Splitter::end_token`] decides once the token is read).
    fn start_body(&mut self, byte: u8) {
        self.state = LineState::Body;
        self.restart_armed = byte == b'1' && self.after_blank && self.numbered && !self.ended && self.depth == 0;
    }

    /// Movetext at the start of `rest`, whose first byte is `byte` (never a newline) at
    /// `at` bytes of the game: how many bytes it takes, or `None` when the next game
    /// starts at `byte` (or at [`Splitter::split_at`]).
    fn movetext(&mut self, rest: &[u8], byte: u8, at: usize) -> Option<usize> {
        if self.plain_runs
            && !self.ended
            && self.token.is_empty()
            && !self.token_too_long
            && self.pending == PendingResult::None
            && !self.lone_one_restart
        {
            // Between tokens: skip what cannot change the state, all at once.
            let run = self.plain_run(rest);
            if run > 0 {
                return Some(run);
            }
        }
        if !self.ended && !is_body_delimiter(byte) {
            return Some(self.token_run(rest));
        }
        (!self.body_byte(byte, at)).then_some(1)
    }

    /// Takes the run of token bytes that starts `rest` at once (only the first few can
    /// make a result); returns its length.
    fn token_run(&mut self, rest: &[u8]) -> usize {
        let run = rest.iter().position(|&b| is_body_delimiter(b)).unwrap_or(rest.len());
        let room = RESULT_TOKEN_BYTES.saturating_sub(self.token.len());
        self.token.extend_from_slice(rest.get(..run.min(room)).unwrap_or(&[]));
        self.token_too_long |= run > room;
        self.movetext_seen = true;
        self.has_content = true;
        run
    }

    /// In movetext before a result, between tokens: the length of the run at the start of
    /// `rest` made of spaces and of tokens that cannot be results. It stops before a
    /// newline, a comment, a variation, a NAG, and a token that may be a result; a token
    /// cut by the end of `rest` is marked as no result.
    fn plain_run(&mut self, rest: &[u8]) -> usize {
        let mut run = 0;
        loop {
            // The bytes that need no look (spaces, and token bytes that cannot start a
            // result), all at once.
            let tail = rest.get(run..).unwrap_or(&[]);
            run += tail.iter().position(|&b| body_class(b) >= RESULT_START).unwrap_or(tail.len());
            let Some(&byte) = rest.get(run) else { break };
            if body_class(byte) == STOP {
                break;
            }
            // A byte that may start a result does so only at the start of a token.
            let token_start =
                run.checked_sub(1).is_none_or(|before| rest.get(before).is_some_and(|&b| body_class(b) == SPACE));
            if token_start && may_start_result(byte, rest.get(run + 1).copied()) {
                break;
            }
            run += 1;
        }
        let taken = rest.get(..run).unwrap_or(&[]);
        if run > 0 {
            self.has_content = true;
            if taken.iter().any(|&b| body_class(b) != SPACE) {
                self.movetext_seen = true;
                // A token skipped here (`10.`) is the line's first: it starts no game.
                self.restart_armed = false;
                // The token under way, if `rest` ends inside it, is no result.
                self.token_too_long = run == rest.len() && taken.last().is_some_and(|&b| body_class(b) != SPACE);
            }
        }
        run
    }

    /// A tag pair written plainly at the start of `rest` (`[Name "value"]`: one space
    /// after the name, a quoted value without backslashes, the `]` right after it) whose
    /// name is new to the game, taken at once: its name is noted, the state is the one
    /// reading it byte by byte leaves (after the `]`), and its length is returned. `None`
    /// changes nothing, and the pair is read byte by byte.
    fn plain_tag_pair(&mut self, rest: &[u8]) -> Option<usize> {
        let after_bracket = rest.get(1..)?;
        let name_len = after_bracket.iter().position(|&b| !is_tag_name_byte(b))?;
        let name = after_bracket.get(..name_len).filter(|name| !name.is_empty())?;
        let value = after_bracket.get(name_len..)?.strip_prefix(b" \"")?;
        let value_len = memchr::memchr3(b'"', b'\\', b'\n', value)?;
        if value.get(value_len..value_len + 2)? != b"\"]" {
            return None;
        }
        if self.is_recorded(name) {
            return None;
        }
        // The name being read is left as it was: after the `]`, nothing reads it.
        self.note_name(name);
        self.state = LineState::Indent;
        Some(1 + name_len + 2 + value_len + 2)
    }

    /// Adds the run of tag name bytes that starts `rest` to the name being read, all at
    /// once; returns its length.
    fn tag_name_run(&mut self, rest: &[u8]) -> usize {
        let run = rest.iter().position(|&b| !is_tag_name_byte(b)).unwrap_or(rest.len());
        self.tag_name.extend_from_slice(rest.get(..run).unwrap_or(&[]));
        run
    }

    /// A byte of movetext (never a newline: [`Splitter::scan`] ends the line first), at
    /// `at` bytes of the game; true when it starts the next game (after a result), or
    /// ends a token that does ([`Splitter::split_at`]).
    fn body_byte(&mut self, byte: u8, at: usize) -> bool {
        match byte {
            _ if is_body_delimiter(byte) => {
                let word_ends = self.word_start.is_some();
                self.end_token();
                if self.split_at.is_some() {
                    return true;
                }
                if word_ends {
                    // A word of text: the rest of its line, this byte on, is its note.
                    return false;
                }
                // A lone `1` starts the game only once the next token is known not to
                // make it a score (`1 - 0`).
                if self.restart_line && !self.lone_one_restart {
                    return true;
                }
                if !matches!(byte, b' ' | b'\t') {
                    // Only spaces and tabs may stand inside a result.
                    self.pending = PendingResult::None;
                }
                match byte {
                    b'{' => self.in_comment = true,
                    b';' => self.state = LineState::LineComment,
                    b'(' if self.ended => self.state = LineState::ResultNote,
                    b'(' => self.depth += 1,
                    b')' => self.depth = self.depth.saturating_sub(1),
                    b'$' if self.ended => return true,
                    _ => {}
                }
                self.has_content = true;
            }
            _ if self.ended && self.token.is_empty() && !self.token_too_long && !self.pending.goes_on_with(byte) => {
                if !text_words::may_start_word(byte) {
                    return true;
                }
                // Maybe a word of text: the token is read whole before the game may end.
                self.word_start = Some(at);
                self.token.push(byte);
            }
            _ => {
                self.token_digit |= byte.is_ascii_digit();
                self.movetext_seen = true;
                self.has_content = true;
                if self.token.len() < RESULT_TOKEN_BYTES {
                    self.token.push(byte);
                } else {
                    self.token_too_long = true;
                }
            }
        }
        false
    }

    /// The movetext token being read has ended: a result outside variations ends the game,
    /// whether written as one token or with spaces around its sign (`1 - 0`).
    fn end_token(&mut self) {
        let restart_armed = std::mem::take(&mut self.restart_armed);
        if self.token.is_empty() && !self.token_too_long {
            // No token: the spaces between tokens, which a result may hold.
            return;
        }
        if let Some(start) = self.word_start.take() {
            if is_text_word(&self.token, !self.token_too_long, self.token_digit) {
                // The rest of the line is the word's note (read as a comment).
                self.state = LineState::LineComment;
            } else {
                self.split_at = Some(start);
            }
            self.pending = PendingResult::None;
            self.clear_token();
            return;
        }
        let second_after_lone_one = std::mem::take(&mut self.lone_one_restart);
        let may_be_result =
            self.token.first().is_some_and(|&first| may_start_result(first, self.token.get(1).copied()));
        let may_be_piece = may_be_result || self.pending != PendingResult::None;
        if may_be_piece && !self.token_too_long && self.depth == 0 {
            // Tokens that start with `1.` are always read whole here, however the
            // movetext is skipped ([`Splitter::plain_run`] stops before them); a token
            // too long is one whose start was skipped, or no move number.
            if self.token.starts_with(b"1.") {
                self.numbered = true;
                self.restart_line = restart_armed && is_white_move_one(&self.token);
            } else if self.token == b"1" {
                // White's first move number without a dot (`1 e4`), or a score (`1 - 0`).
                self.numbered = true;
                self.restart_line = restart_armed;
                self.lone_one_restart = restart_armed;
            }
            let text = std::str::from_utf8(&self.token).unwrap_or("");
            self.ended |= may_be_result && result(text).is_ok_and(|(rest, _)| rest.is_empty());
            self.pending = match (self.pending, result_piece(text)) {
                (PendingResult::Score(white), ResultPiece::Sign) => PendingResult::Signed(white),
                (PendingResult::Score(white), ResultPiece::SignAndScore(black))
                | (PendingResult::Signed(white), ResultPiece::Score(black)) => {
                    self.ended |= result_of_scores(white, black).is_some();
                    PendingResult::None
                }
                (_, ResultPiece::Score(white)) => PendingResult::Score(white),
                (_, ResultPiece::ScoreAndSign(white)) => PendingResult::Signed(white),
                _ => PendingResult::None,
            };
        } else {
            self.pending = PendingResult::None;
        }
        let blacks = self.token.starts_with(b"..") || self.token.starts_with("…".as_bytes());
        if second_after_lone_one && (self.pending != PendingResult::None || self.ended || blacks) {
            // `1 - 0`: the line's `1` was a score; `1 ...`: Black's number.
            self.restart_line = false;
        }
        self.clear_token();
    }

    /// Forgets the token just read.
    fn clear_token(&mut self) {
        self.token.clear();
        self.token_too_long = false;
        self.token_digit = false;
    }

    /// Ends the tag name being read, if one is; true when there was one.
    fn tag_name_ends(&mut self) -> bool {
        if self.state != LineState::TagName {
            return false;
        }
        self.state = LineState::TagValue { quoted: false, escaped: false };
        true
    }

    /// True when the tag just named is already in the current game (which then ends
    /// before its line); otherwise the name is recorded.
    fn repeated_tag(&mut self) -> bool {
        if !self.is_recorded(&self.tag_name) {
            self.note_tag_name();
            return false;
        }
        // A name repeated on the game's first line of content has no line before it to
        // make a game of: the game goes on, and the parser warns about the name.
        self.content_before_line
    }

    /// True when the current game already has a tag of this name.
    fn is_recorded(&self, name: &[u8]) -> bool {
        self.tag_names.contains(name)
    }

    /// Adds the tag name being read to the names of the current game.
    fn note_tag_name(&mut self) {
        self.tag_names.insert(&self.tag_name);
    }

    /// Adds `name` to the names of the current game.
    fn note_name(&mut self, name: &[u8]) {
        self.tag_names.insert(name);
    }

    /// A newline at `chunk[next - 1]` ends the current line.
    fn end_line(&mut self, next: usize) {
        self.pending = PendingResult::None;
        self.after_blank = matches!(self.state, LineState::Fresh | LineState::Indent) && !self.in_comment;
        self.restart_armed = false;
        self.lone_one_restart = false;
        self.content_before_line = self.has_content;
        self.line += 1;
        self.state = LineState::Fresh;
        self.line_start = self.game_bytes + next;
    }
}

/// Whether a token (its first bytes) is White's first move number: `1.`, alone or
/// glued to its move (`1.e4`), not Black's (`1...`, `1.…`).
fn is_white_move_one(token: &[u8]) -> bool {
    match token {
        [b'1', b'.'] => true,
        [b'1', b'.', third, ..] => *third != b'.' && *third != 0xe2,
        _ => false,
    }
}

/// How far the tokens at the end of the current line have written a result with
/// spaces around its sign (scores in half points).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PendingResult {
    None,
    /// White's score (`1`, `1/2`).
    Score(u8),
    /// White's score and the sign (`1 -`, `1-`).
    Signed(u8),
}

impl PendingResult {
    /// Whether a token starting with `byte` may go on with the result, after a result
    /// has ended the game: a half point for a draw may be the first score of `½ - ½`.
    fn goes_on_with(self, byte: u8) -> bool {
        match self {
            PendingResult::None => false,
            // `-`, `:`, and the first byte of the dashes U+2010 to U+2014 and U+2212.
            PendingResult::Score(_) => matches!(byte, b'-' | b':' | 0xe2),
            // `0`, `1`, and the first byte of `½`.
            PendingResult::Signed(_) => matches!(byte, b'0' | b'1' | 0xc2),
        }
    }
}

/// Classes of movetext bytes for [`Splitter::plain_run`], the ones it must look at last.
const SPACE: u8 = 0;
const TOKEN: u8 = 1;
const RESULT_START: u8 = 2;
const STOP: u8 = 3;

/// [`SPACE`] (white space other than a newline), [`TOKEN`], [`RESULT_START`] (a token
/// byte that may start a result: `* 0 1` and the first byte of `½`, see
/// [`may_start_result`]) or [`STOP`] (a newline, and the starts and ends of comments,
/// variations and NAGs) for each byte. (Indexing in a constant: a mistake fails the
/// build, never a run.)
#[allow(clippy::indexing_slicing)]
const BODY_CLASS: [u8; 256] = {
    let mut class = [TOKEN; 256];
    let mut byte = 0;
    while byte < 256 {
        class[byte] = match byte as u8 {
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => SPACE,
            b'\n' | b'{' | b';' | b'(' | b')' | b'$' => STOP,
            b'*' | b'0' | b'1' | 0xc2 => RESULT_START,
            _ => TOKEN,
        };
        byte += 1;
    }
    class
};

/// The class of a byte of movetext, by [`BODY_CLASS`].
fn body_class(byte: u8) -> u8 {
    BODY_CLASS.get(usize::from(byte)).copied().unwrap_or(TOKEN)
}

/// Whether a token starting with `first`, then `second`, may be a result: `*`, or a
/// score (`1`, `0`, `1/2`, `0.5`, `½`) followed by a dash, a colon, a slash or a dot.
/// Move numbers such as `10.` and `1...` are told apart here or by the parse.
fn may_start_result(first: u8, second: Option<u8>) -> bool {
    match first {
        b'*' | 0xc2 => true,
        b'0' | b'1' => !second.is_some_and(|b| b.is_ascii_digit()),
        _ => false,
    }
}

/// A byte of a tag name, by [`TAG_NAME_BYTES`].
pub(super) fn is_tag_name_byte(byte: u8) -> bool {
    TAG_NAME_BYTES.get(usize::from(byte)).copied().unwrap_or(false)
}

/// For each byte, whether it may stand in a tag name: ASCII letters and digits and
/// `_ + # = : -`. (Indexing in a constant: a mistake fails the build, never a run.)
#[allow(clippy::indexing_slicing)]
const TAG_NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        byte += 1;
    }
    table
};

/// The bytes that may change the state of a tag pair's rest: quotes, the end of the
/// line, and a backslash inside quotes or a `]` outside them.
fn tag_run_stops(quoted: bool) -> [u8; 3] {
    [b'"', b'\n', if quoted { b'\\' } else { b']' }]
}

/// Bytes that end a movetext token: white space, the end of a line, and the starts and
/// ends of comments, variations and NAGs.
fn is_body_delimiter(byte: u8) -> bool {
    matches!(byte, b'{' | b';' | b'(' | b')' | b'$' | b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}
