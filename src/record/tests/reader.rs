//! The streaming reader: cutting files into games.

use std::io::{self, BufRead, BufReader, Cursor, Read};

use proptest::prelude::*;

use super::fast_path::{characters, soup, TAGS, TOKENS};
use crate::record::{GameReader, RawGame, ReadError};

/// Every game of `bytes`, read through a buffer of `capacity` bytes.
fn games_with(bytes: &[u8], capacity: usize) -> Vec<RawGame> {
    let reader = BufReader::with_capacity(capacity, Cursor::new(bytes.to_vec()));
    GameReader::new(reader).map(|game| game.unwrap()).collect()
}

/// Every game of `bytes`; the same whatever the size of the read buffer.
fn games(bytes: &[u8]) -> Vec<RawGame> {
    let games = games_with(bytes, 8 << 10);
    for capacity in [1, 2, 3, 7] {
        assert_eq!(games_with(bytes, capacity), games, "buffer of {capacity} bytes");
    }
    games
}

fn texts(games: &[RawGame]) -> Vec<&str> {
    games.iter().map(|g| g.text.as_str()).collect()
}

const TWO_GAMES: &str =
    "[Event \"a\"]\n[Site \"x\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 {a comment\n[not a tag]} d5 0-1\n";

#[test]
fn games_are_numbered_with_their_first_line() {
    let games = games(TWO_GAMES.as_bytes());
    assert_eq!(
        texts(&games),
        vec![
            "[Event \"a\"]\n[Site \"x\"]\n\n1. e4 e5 1-0\n\n",
            "[Event \"b\"]\n\n1. d4 {a comment\n[not a tag]} d5 0-1\n"
        ]
    );
    assert_eq!(games.iter().map(|g| (g.number, g.first_line)).collect::<Vec<_>>(), vec![(1, 1), (2, 6)]);
    assert!(games.iter().all(|g| g.invalid_utf8.is_none()));
}

#[test]
fn white_space_between_games_makes_no_game() {
    let text = "\n\n  \n[Event \"a\"]\n1. e4 *\n\n\n   \n\n[Event \"b\"]\n*\n\n\n";
    let games = games(text.as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].first_line, 10);
    assert!(games_with(b"", 16).is_empty());
    assert!(games_with(b"\n \r\n\t\n", 16).is_empty());
    assert!(games_with(b"%escape only\n\n", 16).is_empty());
}

#[test]
fn a_game_of_tags_only_is_a_game() {
    let text = "[Event \"a\"]\n[Result \"*\"]\n\n[Event \"b\"]\n1. e4 *\n\n[Event \"c\"]\n";
    let games = games(text.as_bytes());
    assert_eq!(
        texts(&games),
        vec!["[Event \"a\"]\n[Result \"*\"]\n\n", "[Event \"b\"]\n1. e4 *\n\n", "[Event \"c\"]\n"]
    );
    assert_eq!(games.iter().map(|g| g.first_line).collect::<Vec<_>>(), vec![1, 4, 7]);
}

#[test]
fn movetext_without_tags_is_a_game() {
    let games = games(b"1. e4 e5 *\n");
    assert_eq!(texts(&games), vec!["1. e4 e5 *\n"]);
}

#[test]
fn a_result_ends_a_game_without_tags() {
    let games = games(b"1. e4 1-0\n\n1. d4 0-1\n1. c4 (1. Nf3 1-0) c5 1/2-1/2 {drawn}\n");
    assert_eq!(texts(&games), vec!["1. e4 1-0\n\n", "1. d4 0-1\n", "1. c4 (1. Nf3 1-0) c5 1/2-1/2 {drawn}\n"]);
    assert_eq!(games.iter().map(|g| g.first_line).collect::<Vec<_>>(), vec![1, 3, 4]);
    assert!(games.iter().all(|g| crate::record::parse_game(&g.text).is_ok()));
}

#[test]
fn a_result_with_spaces_around_its_sign_ends_its_game_once() {
    use crate::record::ast::GameResult::{BlackWins, Draw, WhiteWins};
    let text = "1. e4 1 - 0 1. d4 0 -1\n1. c4 1/2 - 1/2 1. Nf3 ½ : ½\n1. g3 1- 0\n1. b3 1/2 -\n1/2\n";
    let games = games(text.as_bytes());
    let results: Vec<_> = games
        .iter()
        .map(|game| crate::record::parse_game(&game.text).ok().and_then(|parsed| parsed.result.map(|r| r.value)))
        .collect();
    // A sign and a score on the next line are no result: the half point ends its game,
    // which cannot read the sign; the other score is a game of its own.
    assert_eq!(
        results,
        vec![Some(WhiteWins), Some(BlackWins), Some(Draw), Some(Draw), Some(WhiteWins), None, Some(Draw)]
    );
    assert_eq!(games.len(), 7, "{:?}", texts(&games));
}

#[test]
fn white_move_one_after_a_blank_line_starts_a_game_without_tags_or_result() {
    let text = "1. e4 e5 2. Nf3\n\n1.d4 d5\r\n \r\n  1. c4\n\n1... e5 {a\n\n1. f4} (2. Nc3\n\n1. g3) 2. Nf3\n1. b3\n";
    let games = games(text.as_bytes());
    assert_eq!(
        texts(&games),
        vec![
            "1. e4 e5 2. Nf3\n\n",
            "1.d4 d5\r\n \r\n",
            "  1. c4\n\n1... e5 {a\n\n1. f4} (2. Nc3\n\n1. g3) 2. Nf3\n1. b3\n"
        ]
    );
    assert_eq!(games.iter().map(|g| g.first_line).collect::<Vec<_>>(), vec![1, 3, 5]);
    // Black's first move, a comment, a variation and a line without a blank one before
    // it start nothing; nor does a game whose moves have no `1.` (a tag pair after a
    // comment on its line is no movetext for the parser).
    assert_eq!(super::reader::games(b"[Event \"a\"] {c} [Round \"1\"]\n\n1. e4 *\n").len(), 1);
}

#[test]
fn a_lone_white_move_one_after_a_blank_line_starts_a_game_unless_it_is_a_score() {
    let text = "1 e4 e5 2 Nf3\n\n1 d4 d5\n\n1) c4 e5 2) Nf3 1/2-1/2\n\n1 {c} f4\n\n1 ... e5\n\n1 - 0\n\n1 g3\n";
    for capacity in [1, 3, 8 << 10] {
        for games in [games_with(text.as_bytes(), capacity), games_byte_by_byte(text.as_bytes(), capacity)] {
            assert_eq!(
                texts(&games),
                vec![
                    "1 e4 e5 2 Nf3\n\n",
                    "1 d4 d5\n\n",
                    "1) c4 e5 2) Nf3 1/2-1/2\n\n",
                    "1 {c} f4\n\n1 ... e5\n\n1 - 0\n\n",
                    "1 g3\n"
                ],
                "{capacity}"
            );
        }
    }
}

#[test]
fn text_in_parentheses_after_a_result_stays_with_its_game() {
    let games = games(b"1. e4 1-0 (time) 1. d4 0-1 (resigned\n(after 1. c4) 1. Nf3 * ( 1. g3 )\n");
    assert_eq!(
        texts(&games),
        vec![
            "1. e4 1-0 (time) ",
            "                 1. d4 0-1 (resigned\n(after 1. c4) ",
            "              1. Nf3 * ( 1. g3 )\n"
        ]
    );
    for game in &games {
        let (parsed, error) = crate::record::read_game(&game.text);
        assert!(error.is_none(), "{:?}: {error:?}", game.text);
        assert!(parsed.result.is_some());
        assert_eq!(parsed.remarks.len(), if game.number == 2 { 2 } else { 1 }, "{:?}", game.text);
    }
}

#[test]
fn words_after_a_result_stay_with_their_game_and_a_move_after_it_starts_the_next() {
    // Words on the result's line and on the lines after it (a signature) stay; the
    // first token that is no word of text starts the next game, at its own column.
    let text = "1. e4 1-0 Black resigned after 41 moves\nWhite: A. Player\n\n1. d4 0-1 e5 d5 *\n\
                1. c4 * O-O *\n1. Nf3 1/2 - 1/2 Drawn? {c} 2. e4\n\nBest regards,\njohn@example.com\n";
    for capacity in [1, 2, 7, 8 << 10] {
        for games in [games_with(text.as_bytes(), capacity), games_byte_by_byte(text.as_bytes(), capacity)] {
            assert_eq!(
                texts(&games),
                vec![
                    "1. e4 1-0 Black resigned after 41 moves\nWhite: A. Player\n\n",
                    "1. d4 0-1 ",
                    "          e5 d5 *\n",
                    "1. c4 * ",
                    "        O-O *\n",
                    "1. Nf3 1/2 - 1/2 Drawn? {c} 2. e4\n\nBest regards,\njohn@example.com\n",
                ],
                "{capacity}"
            );
        }
    }
    for game in games(text.as_bytes()) {
        let (_, error) = crate::record::read_game(&game.text);
        assert!(error.is_none(), "{:?}: {error:?}", game.text);
    }
}

#[test]
fn a_move_after_a_result_at_the_end_of_the_input_is_a_game() {
    for capacity in [1, 3, 8 << 10] {
        let games = games_with(b"1. e4 1-0 Nf3", capacity);
        assert_eq!(texts(&games), vec!["1. e4 1-0 ", "          Nf3"], "{capacity}");
        let games = games_with(b"1. e4 1-0 resigns", capacity);
        assert_eq!(texts(&games), vec!["1. e4 1-0 resigns"], "{capacity}");
        let games = games_with(b"1. e4 1-0. 1. d4 0-1.\n", capacity);
        assert_eq!(texts(&games), vec!["1. e4 1-0. ", "           1. d4 0-1.\n"], "{capacity}");
    }
}

#[test]
fn a_half_point_written_once_ends_a_game_as_a_draw() {
    let games = games("1. e4 e5 1/2 1. d4 d5 ½\n1. c4 0.5\n1. Nf3 1/2-1/2\n".as_bytes());
    assert_eq!(texts(&games), vec!["1. e4 e5 1/2 ", "             1. d4 d5 ½\n", "1. c4 0.5\n", "1. Nf3 1/2-1/2\n"]);
}

#[test]
fn two_games_on_one_line_keep_their_columns() {
    let games = games(b"1. e4 e5 1:0 1. d4 d5 0.5-0.5\n");
    assert_eq!(texts(&games), vec!["1. e4 e5 1:0 ", "             1. d4 d5 0.5-0.5\n"]);
    assert_eq!(games[1].first_line, 1);
}

#[test]
fn a_blank_line_inside_the_tags_does_not_split_a_game_a_repeated_tag_does() {
    let text = "[Event \"a\"]\n\n[Site \"b\"]\n[Round \"1\"]\n\n1. e4 *\n[Event \"c\"]\n[Event \"d\"] 1. d4 *\n";
    let games = games(text.as_bytes());
    assert_eq!(
        texts(&games),
        vec!["[Event \"a\"]\n\n[Site \"b\"]\n[Round \"1\"]\n\n1. e4 *\n", "[Event \"c\"]\n", "[Event \"d\"] 1. d4 *\n"]
    );
}

#[test]
fn vertical_tabs_and_form_feeds_separate_tag_pairs_as_spaces_do() {
    // The parser reads them as white space between tag pairs, so the cut must too: a
    // repeated tag after one starts a game, and a tag pair after one is no movetext.
    for space in ["\u{b}", "\u{c}"] {
        let text = format!("[Variant \"chess\"]\n[Event \"a\"]{space}[Variant \"x\"]\n\n*\n");
        let cut = games(text.as_bytes());
        let second = format!("[Event \"a\"]{space}[Variant \"x\"]\n\n*\n");
        assert_eq!(texts(&cut), vec!["[Variant \"chess\"]\n", second.as_str()]);
        let text = format!("{space}[Event \"a\"]{space}[Site \"b\"]\n[Round \"1\"]\n\n1. e4 *\n");
        assert_eq!(games(text.as_bytes()).len(), 1);
    }
}

#[test]
fn quoting_and_byte_order_marks_at_line_starts_are_blanked() {
    let text = "> [Event \"a\"]\n>\n> 1. e4 e5 *\n\u{feff}[Event \"b\"]\n1. d4 *\n";
    let games = games(text.as_bytes());
    assert_eq!(texts(&games), vec!["  [Event \"a\"]\n \n  1. e4 e5 *\n", "   [Event \"b\"]\n1. d4 *\n"]);
    assert_eq!(games[1].first_line, 4);
}

#[test]
fn indented_tag_lines_start_games_and_keep_their_indent() {
    let games = games(b"[Event \"a\"]\n1. e4 *\n  [Event \"b\"]\n1. d4 *\n");
    assert_eq!(texts(&games), vec!["[Event \"a\"]\n1. e4 *\n", "  [Event \"b\"]\n1. d4 *\n"]);
    assert_eq!(games[1].first_line, 3);
}

#[test]
fn brackets_in_comments_and_escape_lines_do_not_start_games() {
    let text = "[Event \"a\"]\n1. e4 {\n[Event \"no\"]\n} e5 ; {\n[Event \"b\"]\n1. d4\n%[not a game\n{\n[still a comment]\n}\n";
    let games = games(text.as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].text, "[Event \"a\"]\n1. e4 {\n[Event \"no\"]\n} e5 ; {\n");
    assert_eq!(games[1].first_line, 5);
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let mut bytes = vec![0xef, 0xbb, 0xbf];
    bytes.extend_from_slice(TWO_GAMES.as_bytes());
    let games = games(&bytes);
    assert_eq!(games.len(), 2);
    assert!(games[0].text.starts_with("[Event"));
    assert_eq!(games[1].first_line, 6);
}

#[test]
fn a_partial_byte_order_mark_is_kept_as_text() {
    let games = games(&[0xef, 0xbb, b'1', b'.', b' ', b'e', b'4']);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].invalid_utf8, Some(0));
}

#[test]
fn crlf_files() {
    let text = TWO_GAMES.replace('\n', "\r\n");
    let games = games(text.as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].first_line, 6);
    assert!(games[0].text.ends_with("1-0\r\n\r\n"));
    for game in &games {
        assert!(crate::record::parse_game(&game.text).is_ok());
    }
}

#[test]
fn invalid_utf8_is_reported_by_offset() {
    let mut bytes = b"[Event \"a\"]\n1. e4 *\n\n[Event \"b\xff\xfe\"]\n1. d4 *\n".to_vec();
    bytes.extend_from_slice(b"\n[Event \"c\"]\n*\n");
    let games = games(&bytes);
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].invalid_utf8, None);
    assert_eq!(games[1].invalid_utf8, Some(9));
    assert!(games[1].text.starts_with("[Event \"bÿþ"));
    assert_eq!(games[2].invalid_utf8, None);
}

#[test]
fn nul_bytes_are_text() {
    let games = games(b"[Event \"a\"]\n1. e4 \0 *\n");
    assert_eq!(games.len(), 1);
    assert!(crate::record::parse_game(&games[0].text).is_err());
}

#[test]
fn an_oversized_game_is_skipped_with_an_error() {
    let big = format!("[Event \"big\"]\n1. {}\n", "e4 e5 ".repeat(100));
    let text = format!("[Event \"a\"]\n*\n{big}[Event \"c\"]\n*\n");
    let reader = BufReader::with_capacity(16, Cursor::new(text.into_bytes()));
    let items: Vec<_> = GameReader::with_limit(reader, 100).collect();
    assert_eq!(items.len(), 3);
    assert!(matches!(&items[0], Ok(game) if game.number == 1));
    assert!(matches!(items[1], Err(ReadError::GameTooLarge { number: 2, first_line: 3, limit: 100 })));
    assert!(
        matches!(&items[2], Ok(game) if game.number == 3 && game.first_line == 5 && game.text == "[Event \"c\"]\n*\n")
    );
}

#[test]
fn an_oversized_last_game_is_reported() {
    let reader = Cursor::new(format!("1. {}", "e4 ".repeat(100)).into_bytes());
    let items: Vec<_> = GameReader::with_limit(reader, 50).collect();
    assert!(matches!(items.as_slice(), [Err(ReadError::GameTooLarge { number: 1, first_line: 1, .. })]));
}

#[test]
fn a_ten_megabyte_line_streams_through() {
    let token = "e".repeat(10 << 20);
    let text = format!("[Event \"a\"]\n1. {token}\n[Event \"b\"]\n1. e4 *\n");
    let games = games_with(text.as_bytes(), 8 << 10);
    assert_eq!(games.len(), 2);
    let error = crate::record::parse_game(&games[0].text).unwrap_err();
    assert!(error.message.ends_with("is not a move"));
}

/// A reader that fails after its first bytes.
struct Failing {
    sent: bool,
}

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.sent {
            return Err(io::Error::other("disk on fire"));
        }
        self.sent = true;
        let text = b"[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n";
        let len = text.len().min(buf.len());
        buf[..len].copy_from_slice(&text[..len]);
        Ok(len)
    }
}

#[test]
fn io_errors_end_the_iteration() {
    let mut games = GameReader::new(BufReader::new(Failing { sent: false }));
    assert!(matches!(games.next(), Some(Ok(game)) if game.text == "[Event \"a\"]\n1. e4 *\n"));
    assert!(matches!(games.next(), Some(Err(ReadError::Io(_)))));
    assert!(games.next().is_none());
}

#[test]
fn the_reader_holds_one_game_at_a_time() {
    // An endless source of games: the reader must hand them out one by one.
    let game = b"[Event \"x\"]\n1. e4 e5 *\n\n";
    let endless = io::repeat(0).take(0).chain(EndlessGames { game, at: 0 });
    let mut reader = GameReader::new(BufReader::new(endless));
    for number in 1..=1000 {
        let game = reader.next().unwrap().unwrap();
        assert_eq!(game.number, number);
        assert_eq!(game.first_line, 3 * number - 2);
    }
}

struct EndlessGames {
    game: &'static [u8],
    at: usize,
}

impl Read for EndlessGames {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut written = 0;
        while written < buf.len() {
            buf[written] = self.game[self.at];
            self.at = (self.at + 1) % self.game.len();
            written += 1;
        }
        Ok(written)
    }
}

#[test]
fn readers_are_iterators_over_any_buf_read() {
    fn count(reader: impl BufRead) -> usize {
        GameReader::new(reader).count()
    }
    assert_eq!(count(TWO_GAMES.as_bytes()), 2);
}

/// Every game of `bytes` read with the scanner looking at movetext byte by byte.
fn games_byte_by_byte(bytes: &[u8], capacity: usize) -> Vec<RawGame> {
    let reader = BufReader::with_capacity(capacity, Cursor::new(bytes.to_vec()));
    GameReader::new(reader).byte_by_byte().map(|game| game.unwrap()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Skipping runs of movetext cuts files into games exactly as reading byte by byte
    /// does: several games of random tags, tokens (results and near misses included)
    /// and characters, through buffers large and small.
    #[test]
    fn runs_of_movetext_cut_games_as_bytes_do(
        parts in prop::collection::vec((soup(TAGS), soup(TOKENS), characters()), 1..4),
        capacity in prop::sample::select(vec![1usize, 2, 5, 64, 8 << 10]),
    ) {
        let text = parts.iter().fold(String::new(), |text, (tags, moves, chars)| text + &format!("{tags}\n{moves} {chars}\n"));
        let runs = games_with(text.as_bytes(), capacity);
        prop_assert_eq!(&runs, &games_byte_by_byte(text.as_bytes(), capacity), "{:?}", text);
        prop_assert_eq!(runs, games_byte_by_byte(text.as_bytes(), 8 << 10), "{:?}", text);
    }
}
