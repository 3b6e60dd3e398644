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
    snapshot.split(' ').next().unwrap_or("").chars().filter(char::is_ascii_alphabetic).count()
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
    let texts_of = |class: &str| -> Vec<&str> {
        doc.descendants().filter(|n| n.attribute("class") == Some(class)).filter_map(|n| n.text()).collect()
    };
    let comments = texts_of("comment");
    assert!(comments.contains(&"White <opens> & \"hopes\""), "comment lines: {comments:?}");
    // The record's comment is set apart from the tool's own sentences.
    assert!(!texts_of("caption").iter().any(|l| l.contains("opens")));
    assert!(texts_of("caption").contains(&"after 1. e4"));
    assert_eq!(count_class(&doc, "comment-bar"), 1);
}

#[test]
fn all_plies_are_written_as_svg_files() {
    let scratch = tempfile::Builder::new().prefix("arbiter-svg-").tempdir().expect("scratch folder");
    let dir = scratch.path().join("plies");
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
    assert_eq!(names.first().map(String::as_str), Some("ply-00.svg"));
    assert_eq!(names.last().map(String::as_str), Some("ply-15.svg"));
    for name in &names {
        let text = std::fs::read_to_string(dir.join(name)).expect("readable");
        roxmltree::Document::parse(&text).expect("every file is well-formed");
    }
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
    // All three boards are outlined; the active one is the 10x10 board.
    assert_eq!(count_class(&doc, "board-outline"), 4);
    let active = element_with_class(&doc, "active-board");
    assert!((number(active, "width") - (10.0 * square_side(&doc) - 4.0)).abs() < 1e-6);
}

#[test]
fn bellows_boards_stay_outlined_when_the_whole_grid_is_in_play() {
    // After 2... Kg9 + 3. Qb7: Black plays on the 12x12 board, nothing is dimmed.
    let text = svg(&["fixtures/records/bellows-queen-raid.pgn", "--ply", "5"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    assert_eq!(count_class(&doc, "inactive"), 0);
    assert_eq!(count_class(&doc, "board-outline"), 4);
    let width = number(element_with_class(&doc, "active-board"), "width");
    assert!((width - (12.0 * square_side(&doc) - 4.0)).abs() < 1e-6);
}

/// The one element carrying `class`.
fn element_with_class<'a>(doc: &'a roxmltree::Document, class: &str) -> roxmltree::Node<'a, 'a> {
    let found: Vec<_> =
        doc.descendants().filter(|n| n.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == class))).collect();
    assert_eq!(found.len(), 1, "one element of class {class}");
    found[0]
}

fn number(node: roxmltree::Node, attribute: &str) -> f64 {
    node.attribute(attribute).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("numeric {attribute}"))
}

/// The side of a square, read from the drawing of a1.
fn square_side(doc: &roxmltree::Document) -> f64 {
    number(square(doc, "a1"), "width")
}

fn square<'a>(doc: &'a roxmltree::Document, name: &str) -> roxmltree::Node<'a, 'a> {
    doc.descendants().find(|n| n.attribute("data-square") == Some(name)).expect("square drawn")
}

/// The points of an arrow's outline: start, neck, wing, tip, ...
fn arrow_points(node: roxmltree::Node) -> Vec<(f64, f64)> {
    let d = node.attribute("d").expect("arrow path");
    d.trim_start_matches('M')
        .trim_end_matches('Z')
        .split('L')
        .map(|p| {
            let xy: Vec<f64> = p.split_whitespace().map(|v| v.parse().expect("number")).collect();
            (xy[0], xy[1])
        })
        .collect()
}

fn centre(node: roxmltree::Node) -> (f64, f64) {
    (number(node, "x") + number(node, "width") / 2.0, number(node, "y") + number(node, "height") / 2.0)
}

#[test]
fn the_last_move_is_an_arrow_from_its_start_to_its_end() {
    let text = svg(&["fixtures/records/opera-game.pgn", "--ply", "3"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let arrow = arrow_points(element_with_class(&doc, "move-arrow"));
    let (g1, f3) = (centre(square(&doc, "g1")), centre(square(&doc, "f3")));
    let distance = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1);
    let side = square_side(&doc);
    // The shaft starts on g1; the tip points into f3.
    let start = (f64::midpoint(arrow[0].0, arrow[6].0), f64::midpoint(arrow[0].1, arrow[6].1));
    assert!(distance(start, g1) < 1.0);
    assert!(distance(arrow[3], f3) < side * 0.3);
}

#[test]
fn the_bounce_arrow_stops_short_of_the_bounced_unit() {
    // 1... Bh6, g7-f8: the pawn on g7 was pushed to f8.
    let text = svg(&["fixtures/records/bouncing-seed.pgn", "--ply", "2"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let bounce = arrow_points(element_with_class(&doc, "bounce"));
    let f8 = centre(square(&doc, "f8"));
    let tip = bounce[3];
    assert!((tip.0 - f8.0).hypot(tip.1 - f8.1) > square_side(&doc) * 0.35, "the head is drawn over the unit");
    assert_eq!(count_class(&doc, "move-arrow"), 1);
}

#[test]
fn a_checked_king_glows_and_a_mated_king_is_framed() {
    // 11. Bxb5+: the black king on e8 stands in check.
    let text = svg(&["fixtures/records/opera-game.pgn", "--ply", "21"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let alert = element_with_class(&doc, "king-alert");
    assert!(alert.attribute("class").is_some_and(|c| c.contains("check")));
    let glow = alert.first_element_child().expect("glow");
    assert_eq!(centre(glow), centre(square(&doc, "e8")));
    // 17. Rd8#: mate.
    let text = svg(&["fixtures/records/opera-game.pgn"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    assert_eq!(count_class(&doc, "mate"), 1);
    // No alert where nobody stands in check.
    let quiet = svg(&["fixtures/records/opera-game.pgn", "--ply", "3"]);
    let doc = roxmltree::Document::parse(&quiet).expect("well-formed XML");
    assert_eq!(count_class(&doc, "king-alert"), 0);
}

#[test]
fn the_title_names_players_event_and_move_and_the_document_has_a_title_element() {
    let text = svg(&["fixtures/records/opera-game.pgn"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let title = doc.root_element().first_element_child().expect("a first child");
    assert!(title.has_tag_name("title"), "<title> comes first");
    let said = title.text().unwrap_or("");
    assert!(said.contains("Paul Morphy") && said.contains("after 17. Rd8#"), "{said}");
    let line: String = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("title"))
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(line.contains("Paul Morphy – Duke Karl") && line.contains("Paris") && line.contains("17. Rd8#"), "{line}");
}

#[test]
fn no_caption_leaves_the_bare_board() {
    let text = svg(&["fixtures/records/koopa-seed.pgn", "--ply", "4", "--no-caption"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    for class in ["title", "caption", "comment", "legend"] {
        assert_eq!(count_class(&doc, class), 0, "{class}");
    }
    assert_eq!(count_class(&doc, "badge"), 4, "the board keeps its overlays");
    assert_eq!(doc.descendants().filter(|n| n.has_tag_name("title")).count(), 1);
}

#[test]
fn size_theme_and_coordinates_options() {
    let text = svg(&["--variant", "chess", "--size", "250", "--theme", "blue", "--coordinates", "inside"]);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    assert_eq!(doc.root_element().attribute("width"), Some("250"));
    assert_eq!(square(&doc, "a1").attribute("fill"), Some("#8ca2ad"));
    assert_eq!(count_class(&doc, "coordinate"), 16);
    let outside = svg(&["--variant", "chess"]);
    let doc = roxmltree::Document::parse(&outside).expect("well-formed XML");
    assert_eq!(count_class(&doc, "coordinate"), 32, "letters and numbers on all four sides");
    assert_eq!(square(&doc, "a1").attribute("fill"), Some("#b58863"));
    let none = svg(&["--variant", "chess", "--coordinates", "none"]);
    let doc = roxmltree::Document::parse(&none).expect("well-formed XML");
    assert_eq!(count_class(&doc, "coordinate"), 0);
}
