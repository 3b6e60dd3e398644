//! Where one game ends and the next begins, found while the bytes stream past.
//!
//! A tag line (a line whose first character other than spaces and tabs is `[`, outside
//! any `{}` comment) starts a new game when the current game already has movetext, or
//! when a blank line has followed its tag pairs. Everything else stays in the current game.

/// What has been seen so far on the current line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineState {
    /// Nothing yet: a `%` here starts an escape line.
    Fresh,
    /// Only spaces, tabs and carriage returns.
    Indent,
    /// A tag line: the rest of it is not looked at.
    Tag,
    /// A `%` escape line.
    Escape,
    /// After a `;` outside braces: a comment up to the end of the line.
    LineComment,
    /// Movetext.
    Body,
}

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
    tag_seen: bool,
    blank_after_tags: bool,
    movetext_seen: bool,
    has_content: bool,
}

impl Splitter {
    pub(super) fn new() -> Splitter {
        Splitter {
            state: LineState::Fresh,
            in_comment: false,
            line: 1,
            game_bytes: 0,
            line_start: 0,
            tag_seen: false,
            blank_after_tags: false,
            movetext_seen: false,
            has_content: false,
        }
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

    /// Starts the next game, which already holds `carried` bytes of the current line.
    pub(super) fn begin_game(&mut self, carried: usize) {
        self.game_bytes = carried;
        self.line_start = 0;
        self.tag_seen = false;
        self.blank_after_tags = false;
        self.movetext_seen = false;
        self.has_content = false;
    }

    /// Scans `chunk`. Returns how many of its bytes belong to the current game, and
    /// whether a new game starts right after them (at a `[` that is not yet consumed).
    pub(super) fn scan(&mut self, chunk: &[u8]) -> (usize, bool) {
        let mut i = 0;
        let mut boundary = false;
        while let Some(&byte) = chunk.get(i) {
            if byte == b'\n' {
                self.end_line(i + 1);
                i += 1;
                continue;
            }
            let rest = chunk.get(i..).unwrap_or(&[]);
            if self.in_comment {
                match rest.iter().position(|&b| b == b'}' || b == b'\n') {
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
                    b' ' | b'\t' | b'\r' => self.state = LineState::Indent,
                    b'%' if self.state == LineState::Fresh => self.state = LineState::Escape,
                    b'[' if self.movetext_seen || self.blank_after_tags => {
                        boundary = true;
                        break;
                    }
                    b'[' => {
                        self.state = LineState::Tag;
                        self.tag_seen = true;
                        self.has_content = true;
                    }
                    _ => {
                        // Read the same byte again as movetext.
                        self.state = LineState::Body;
                        continue;
                    }
                },
                LineState::Tag | LineState::Escape | LineState::LineComment => {
                    i += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
                    continue;
                }
                LineState::Body => match byte {
                    b'{' => {
                        self.in_comment = true;
                        self.has_content = true;
                    }
                    b';' => {
                        self.state = LineState::LineComment;
                        self.has_content = true;
                    }
                    b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {}
                    _ if self.movetext_seen => {
                        // Only braces, semicolons and newlines matter from here on.
                        let skip = rest.iter().position(|&b| matches!(b, b'{' | b';' | b'\n'));
                        i += skip.unwrap_or(rest.len());
                        continue;
                    }
                    _ => {
                        self.movetext_seen = true;
                        self.has_content = true;
                    }
                },
            }
            i += 1;
        }
        self.game_bytes += i;
        (i, boundary)
    }

    /// A newline at `chunk[next - 1]` ends the current line.
    fn end_line(&mut self, next: usize) {
        let blank = matches!(self.state, LineState::Fresh | LineState::Indent);
        if blank && !self.in_comment && self.tag_seen {
            self.blank_after_tags = true;
        }
        self.line += 1;
        self.state = LineState::Fresh;
        self.line_start = self.game_bytes + next;
    }
}
