//! Diagram formats beyond SVG: PNG pictures, the format following `-o`'s extension,
//! HTML game pages, `--all` over every game, and unicode marks on units.

use assert_cmd::Command;
use std::path::Path;

fn arbiter() -> Command {
    Command::cargo_bin("arbiter").expect("the arbiter binary is built for tests")
}

/// A fresh folder under the system's temporary folder for one test, removed when the
/// test ends, whether it passes or fails.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("arbiter-{name}-")).tempdir().expect("scratch folder")
}

/// Width, height and RGBA pixels of a PNG file.
fn decode_png(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).expect("PNG written")));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let info = reader.next_frame(&mut pixels).expect("PNG pixels");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    pixels.truncate(info.buffer_size());
    (info.width, info.height, pixels)
}

fn pixel(png: &(u32, u32, Vec<u8>), x: u32, y: u32) -> [u8; 3] {
    let at = ((y * png.0 + x) * 4) as usize;
    [png.2[at], png.2[at + 1], png.2[at + 2]]
}

#[test]
fn png_follows_the_output_extension_and_the_size_option() {
    let dir = scratch("png");
    let path = dir.path().join("mate.png");
    arbiter().args(["diagram", "fixtures/records/opera-game.pgn", "--size", "400", "-o"]).arg(&path).assert().success();
    let picture = decode_png(&path);
    assert_eq!(picture.0, 400);
    assert!(picture.1 > 400, "the title and caption add height: {}", picture.1);
    // Bare board, no coordinates: the picture is the board with a margin of 10/500.
    let bare = dir.path().join("bare.png");
    arbiter()
        .args(["diagram", "--variant", "chess", "--no-caption", "--coordinates", "none", "--size", "500", "-o"])
        .arg(&bare)
        .assert()
        .success();
    let picture = decode_png(&bare);
    assert_eq!((picture.0, picture.1), (500, 500));
    // a1 is dark wood, b1 and a4 light wood; each square is 60 of the 500 pixels.
    let corner = |file: u32, row: u32| (10 + file * 60 + 4, 10 + row * 60 + 4);
    let (x, y) = corner(0, 7);
    assert_eq!(pixel(&picture, x, y), [0xb5, 0x88, 0x63], "a1's corner");
    let (x, y) = corner(1, 7);
    assert_eq!(pixel(&picture, x, y), [0xf0, 0xd9, 0xb5], "b1's corner");
    let (x, y) = corner(0, 4);
    assert_eq!(pixel(&picture, x, y), [0xf0, 0xd9, 0xb5], "a4's corner");
}

#[test]
fn a_format_contradicting_the_extension_is_refused() {
    let dir = scratch("mismatch");
    let path = dir.path().join("board.png");
    arbiter()
        .args(["diagram", "--variant", "chess", "--format", "svg", "-o"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--format svg does not fit the extension .png"));
    assert!(!path.exists());
    let svg = dir.path().join("board.svg");
    arbiter().args(["diagram", "--variant", "chess", "-o"]).arg(&svg).assert().success();
    let text = std::fs::read_to_string(&svg).expect("SVG written");
    roxmltree::Document::parse(&text).expect("an SVG document, not a text diagram");
}

#[test]
fn every_variant_makes_a_png_and_an_html_page() {
    let dir = scratch("variants");
    for record in [
        "opera-game.pgn",
        "tilting-samples.pgn",
        "bouncing-seed.pgn",
        "koopa-seed.pgn",
        "bellows-queen-raid.pgn",
        "bubble-fizz-invigorated.pgn",
    ] {
        let stem = record.trim_end_matches(".pgn");
        let png = dir.path().join(format!("{stem}.png"));
        arbiter().args(["diagram", &format!("fixtures/records/{record}"), "-o"]).arg(&png).assert().success();
        let (width, height, _) = decode_png(&png);
        assert!(width > 300 && height > 300, "{record}: {width}x{height}");
        let html = dir.path().join(format!("{stem}.html"));
        arbiter().args(["diagram", &format!("fixtures/records/{record}"), "-o"]).arg(&html).assert().success();
        assert!(std::fs::read_to_string(&html).expect("page written").starts_with("<!DOCTYPE html>"));
    }
}

/// The names of the files in `dir`, sorted.
fn file_names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into())
        .collect();
    names.sort();
    names
}

/// The HTML page `args` print.
fn page(args: &[&str]) -> String {
    let out = arbiter().arg("diagram").args(args).args(["--format", "html"]).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8")
}

#[test]
fn an_html_page_holds_every_ply_the_moves_comments_nags_and_verdict() {
    let record = "[Event \"t\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n{Before the start} 1. e4! {White opens} e5 2. Qh5?! $146 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0\n";
    let out = arbiter().args(["diagram", "-", "--format", "html"]).write_stdin(record).assert().success();
    let html = String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8");
    assert_eq!(html.matches(r#"<div class="board""#).count(), 8, "the start and seven plies");
    assert_eq!(html.matches(r#"class="move""#).count(), 8);
    assert!(html.contains("<title>Ann – Bob</title>"));
    assert!(html.contains(r#"e4<span class="nag">!</span>"#));
    assert!(html.contains(r#"Qh5<span class="nag">?! $146</span>"#));
    assert!(html.contains(r#"Nf6<span class="nag">??</span>"#));
    assert!(html.contains("White opens") && html.contains("Before the start"));
    assert!(html.contains("valid") && html.contains("1-0 (checkmate after ply 7)"));
    assert!(html.contains("Black to move; white wins by checkmate (1-0)"), "the caption of the last ply");
    // Self-contained: no scripts, styles or pictures from elsewhere.
    for outside in ["src=", "<link", "url(http", "@import"] {
        assert!(!html.contains(outside), "{outside}");
    }
}

#[test]
fn an_html_page_of_a_variant_shows_its_state_per_ply() {
    let html = page(&["fixtures/records/koopa-seed.pgn", "--flip"]);
    assert!(html.contains("stunned (plies left): b8 1, c7 1, d6 1, e5 4"));
    assert!(html.contains("the queen stunned e5 and landed on d5"));
    let html = page(&["fixtures/records/bellows-queen-raid.pgn"]);
    assert!(html.contains("active board: 10x10 (b2-k11); next ply: 12x12 (a1-l12)"));
}

#[test]
fn several_games_make_one_page_with_a_list_or_one_page_each() {
    let html = page(&["fixtures/records/bouncing-seed.pgn"]);
    assert_eq!(html.matches(r#"<section class="game""#).count(), 3);
    assert!(html.contains(r#"<nav id="games""#));
    let html = page(&["fixtures/records/bouncing-seed.pgn", "--game", "2"]);
    assert_eq!(html.matches(r#"<section class="game""#).count(), 1);
    let dir = scratch("pages");
    arbiter()
        .args(["diagram", "fixtures/records/bouncing-seed.pgn", "--format", "html", "--all", "-o"])
        .arg(dir.path())
        .assert()
        .success();
    let names = file_names(dir.path());
    assert_eq!(names, ["game-1.html", "game-2.html", "game-3.html"]);
}

#[test]
fn all_without_a_game_draws_every_game_in_play_order() {
    let dir = scratch("every-game");
    arbiter()
        .args(["diagram", "fixtures/records/bouncing-seed.pgn", "--all", "--format", "svg", "-o"])
        .arg(dir.path())
        .assert()
        .success();
    let names = file_names(dir.path());
    let games: std::collections::BTreeSet<&str> = names.iter().map(|n| &n[..6]).collect();
    assert_eq!(games.into_iter().collect::<Vec<_>>(), ["game-1", "game-2", "game-3"]);
    assert_eq!(names.first().map(String::as_str), Some("game-1-ply-0.svg"));
    // The sorted names follow the plies of each game.
    let plies: Vec<usize> = names
        .iter()
        .filter(|n| n.starts_with("game-1-"))
        .map(|n| n.trim_start_matches("game-1-ply-").trim_end_matches(".svg").parse().expect("a ply number"))
        .collect();
    assert!(plies.windows(2).all(|w| w[1] == w[0] + 1), "{plies:?}");
    // With --game, the plies of that game only.
    let one = scratch("one-game");
    arbiter()
        .args(["diagram", "fixtures/records/bouncing-seed.pgn", "--game", "2", "--all", "-o"])
        .arg(one.path())
        .assert()
        .success();
    assert!(std::fs::read_dir(one.path()).expect("folder").all(|e| e
        .expect("entry")
        .file_name()
        .to_string_lossy()
        .starts_with("ply-")));
}

#[test]
fn unicode_diagrams_mark_stunned_and_paused_units() {
    let out = arbiter()
        .args(["diagram", "fixtures/records/koopa-seed.pgn", "--ply", "4", "--format", "unicode"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8");
    assert!(text.contains(" 8 | ♞*♜ ♚"), "the stunned rook on b8 is marked:\n{text}");
    assert!(text.contains("* stunned (plies left): b8 1, c7 1, d6 1, e5 4"));
    let out = arbiter()
        .args(["diagram", "fixtures/records/bubble-fizz-invigorated.pgn", "--ply", "13", "--format", "unicode"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8");
    assert!(text.contains("*♟"), "the paused pawn on c7 is marked:\n{text}");
    assert!(text.contains("* paused (turns left): c7 1") && text.contains("+ invigorated: b2 0"), "{text}");
}
