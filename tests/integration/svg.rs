//! SVG diagrams (SPEC section 6): well-formed, self-contained, and showing what each
//! variant adds: craters, blasts, stun badges, Koopa landings, bounces.

use assert_cmd::Command;

fn arbiter() -> Command {
    Command::cargo_bin("arbiter").expect("the arbiter binary is built for tests")
}

/// The SVG `arbiter diagram --format svg` prints for `args`.
fn svg(args: &[&str]) -> String {
    let out = arbiter().arg("diagram").args(args).args(["--format", "svg"]).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).expect("SVG is UTF-8")
}

/// How many elements carry `class` among their classes.
fn count_class(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants().filter(|n| n.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == class))).count()
}

/// The number of units in a snapshot's placement field.
fn units_in(snapshot: &str) -> usize {
    snapshot.split(' ').next().unwrap_or("").chars().filter(|c| c.is_ascii_alphabetic()).count()
}

fn fen(record: &str, ply: &str) -> String {
    let out = arbiter().args(["fen", record, "--ply", ply]).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8").trim().to_string()
}

#[test]
fn a_tilting_diagram_shows_craters_the_blast_and_every_unit() {
    let text = svg(&["fixtures/records/tilting-samples.pgn"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    // T3: the blast on g6 leaves nine craters, f5-h7, all highlighted as struck.
    assert_eq!(count_class(&doc, "crater"), 9);
    assert_eq!(count_class(&doc, "struck"), 9);
    assert_eq!(count_class(&doc, "last-move"), 0, "a bomb moves no unit");
    let snapshot = fen("fixtures/records/tilting-samples.pgn", "6");
    assert_eq!(count_class(&doc, "piece"), units_in(&snapshot));
    assert_eq!(count_class(&doc, "square"), 64);
    assert!(text.contains("the blast on g6 destroyed h7 f6 g5 h5"), "the caption says what the blast did");
}

#[test]
fn svg_diagrams_are_self_contained() {
    let text = svg(&["fixtures/records/opera-game.pgn"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    assert_eq!(doc.descendants().filter(|n| n.has_tag_name("image")).count(), 0);
    for node in doc.descendants() {
        for attr in node.attributes().filter(|a| a.name() == "href") {
            assert!(attr.value().starts_with('#'), "external reference {}", attr.value());
        }
    }
    // Every unit refers to a symbol defined in the document.
    let defined: Vec<&str> =
        doc.descendants().filter(|n| n.has_tag_name("symbol")).filter_map(|n| n.attribute("id")).collect();
    for node in doc.descendants().filter(|n| n.has_tag_name("use")) {
        let target = node.attribute("href").unwrap_or("").trim_start_matches('#');
        assert!(defined.contains(&target), "undefined symbol {target}");
    }
    assert_eq!(count_class(&doc, "last-move"), 2, "the last move's two squares are highlighted");
}

#[test]
fn a_koopa_diagram_shows_stun_badges_and_the_landing_square() {
    // K2: after 2... Qxe5 the queen stunned e5 and landed on d5; four units are stunned.
    let text = svg(&["fixtures/records/koopa-seed.pgn", "--ply", "4"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    assert_eq!(count_class(&doc, "badge"), 4);
    assert_eq!(count_class(&doc, "landing"), 1);
    assert!(text.contains("stunned (plies left): b8 1, c7 1, d6 1, e5 4"));
}

#[test]
fn a_bounce_is_drawn_as_an_arrow() {
    let bounced = svg(&["fixtures/records/bouncing-seed.pgn", "--ply", "2"]);
    let doc = roxmltree::Document::parse(&bounced).expect("well-formed XML");
    assert_eq!(count_class(&doc, "bounce"), 1);
    let plain = svg(&["fixtures/records/bouncing-seed.pgn", "--ply", "3"]);
    let doc = roxmltree::Document::parse(&plain).expect("well-formed XML");
    assert_eq!(count_class(&doc, "bounce"), 0);
}

#[test]
fn comments_show_in_the_caption_with_markup_escaped() {
    let record = "[Event \"t\"]\n\n1. e4 {White <opens> & \"hopes\"} e5 *\n";
    let out = arbiter().args(["diagram", "-", "--ply", "1", "--format", "svg"]).write_stdin(record).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8");
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let caption: Vec<&str> =
        doc.descendants().filter(|n| n.attribute("class") == Some("caption")).filter_map(|n| n.text()).collect();
    assert!(caption.contains(&"White <opens> & \"hopes\""), "caption lines: {caption:?}");
}

#[test]
fn all_plies_are_written_as_svg_files() {
    let dir = std::env::temp_dir().join(format!("arbiter-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    arbiter()
        .args(["diagram", "fixtures/records/lenient.pgn", "--all", "--format", "svg", "-o"])
        .arg(&dir)
        .assert()
        .success();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("folder written")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    names.sort();
    assert_eq!(names.first().map(String::as_str), Some("ply-000.svg"));
    for name in &names {
        let text = std::fs::read_to_string(dir.join(name)).expect("readable");
        roxmltree::Document::parse(&text).expect("every file is well-formed");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn flipping_puts_black_at_the_bottom() {
    let plain = svg(&["--variant", "chess"]);
    let flipped = svg(&["--variant", "chess", "--flip"]);
    // The height at which a rank label is drawn (smaller is higher up the page).
    let label_height = |text: &str, label: &str| -> i32 {
        let doc = roxmltree::Document::parse(text).expect("well-formed XML");
        let node = doc
            .descendants()
            .find(|n| n.attribute("text-anchor") == Some("end") && n.text() == Some(label))
            .expect("rank label drawn");
        node.attribute("y").and_then(|y| y.parse().ok()).expect("numeric y")
    };
    assert!(label_height(&plain, "8") < label_height(&plain, "1"));
    assert!(label_height(&flipped, "8") > label_height(&flipped, "1"));
}

#[test]
fn a_bubble_fizz_diagram_shows_bubbles_by_owner_and_pause_badges() {
    // After 7. a3: white bubbles on h5 and a4, a black one on c4; c7 paused, b2 invigorated.
    let text = svg(&["fixtures/records/bubble-fizz-invigorated.pgn", "--ply", "13"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let bubbles_of = |owner: &str| {
        doc.descendants().filter(|n| n.attribute("class") == Some(&format!("bubble {owner}") as &str)).count()
    };
    assert_eq!(bubbles_of("white"), 2);
    assert_eq!(bubbles_of("black"), 1);
    assert_eq!(count_class(&doc, "badge"), 2);
    assert!(text.contains("invigorated: b2 0"));
}

#[test]
fn a_bellows_diagram_dims_the_squares_off_the_active_board() {
    // After 2... Kg9 White plays on the 10x10 board b2-k11: 44 of the 144 squares are off it.
    let text = svg(&["fixtures/records/bellows-queen-raid.pgn", "--ply", "4"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    assert_eq!(count_class(&doc, "square"), 144);
    assert_eq!(count_class(&doc, "inactive"), 44);
    assert_eq!(count_class(&doc, "active-board"), 1);
}
