//! The HTML game page in a real headless browser (Debian's chromium): the page's
//! own keyboard handler steps through the game, and the test reads back the ply and
//! snapshot the page shows, and checks the screenshot's pixels on known squares.
//!
//! Not part of the default `cargo test`: `tools/browser-test.sh` runs it (CI does,
//! after installing chromium). It fails when no browser can be started. The browser
//! is `chromium`, or the program named by `ARBITER_CHROMIUM`.

use assert_cmd::Command as Cargo;
use std::path::{Path, PathBuf};
use std::process::Command;

const RECORD: &str = "fixtures/records/opera-game.pgn";

fn browser() -> String {
    std::env::var("ARBITER_CHROMIUM").unwrap_or_else(|_| "chromium".to_string())
}

/// A fresh folder for this run.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Runs the browser headless on `url` with `action` (`--dump-dom` or
/// `--screenshot=...`) and returns its standard output.
fn chromium(dir: &Path, url: &str, action: &str) -> String {
    let profile = tempdir(dir, "profile");
    let output = Command::new(browser())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--window-size=1200,900",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(action)
        .arg(url)
        .output()
        .unwrap_or_else(|e| panic!("the browser `{}` cannot be started: {e}", browser()));
    assert!(output.status.success(), "the browser failed:\n{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn tempdir(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(format!("{name}-{}", std::time::SystemTime::UNIX_EPOCH.elapsed().map_or(0, |d| d.as_nanos())));
    std::fs::create_dir_all(&path).expect("profile folder");
    path
}

/// The value of `name="..."` in the dumped `<body ...>` tag.
fn body_attribute(dom: &str, name: &str) -> String {
    let start = dom.find("<body").expect("a body");
    let tag = &dom[start..start + dom[start..].find('>').expect("the body tag ends")];
    let key = format!("{name}=\"");
    let from = tag.find(&key).unwrap_or_else(|| panic!("no {name} on {tag}")) + key.len();
    tag[from..from + tag[from..].find('"').expect("quoted")].to_string()
}

/// The text of `<output id="snapshot">`.
fn shown_snapshot(dom: &str) -> String {
    let start = dom.find(r#"<output id="snapshot""#).expect("the snapshot output");
    let text = &dom[start..];
    let open = text.find('>').expect("tag ends") + 1;
    text[open..text.find("</output>").expect("output closes")].trim().to_string()
}

fn fen(ply: usize) -> String {
    let out = Cargo::cargo_bin("arbiter")
        .expect("arbiter built")
        .args(["fen", RECORD, "--ply", &ply.to_string()])
        .assert()
        .success();
    String::from_utf8_lossy(&out.get_output().stdout).trim().to_string()
}

/// The RGB colour at a pixel of a PNG screenshot.
fn screenshot_pixel(path: &Path, x: u32, y: u32) -> [u8; 3] {
    let mut decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).expect("screenshot")));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let info = reader.next_frame(&mut pixels).expect("pixels");
    let channels = info.color_type.samples();
    let at = (y as usize * info.width as usize + x as usize) * channels;
    [pixels[at], pixels[at + 1], pixels[at + 2]]
}

/// A point near the top-left corner of a probed square (clear of units and arrows).
fn corner_of(dom: &str, square: &str) -> (u32, u32) {
    let rect: Vec<f64> =
        body_attribute(dom, &format!("data-probe-{square}")).split(',').map(|v| v.parse().expect("a number")).collect();
    ((rect[0] + rect[2] * 0.12) as u32, (rect[1] + rect[3] * 0.12) as u32)
}

fn near(actual: [u8; 3], expected: [f64; 3]) -> bool {
    actual.iter().zip(expected).all(|(&a, e)| (f64::from(a) - e).abs() <= 8.0)
}

/// `colour` at `opacity` over `base`, channel by channel.
fn blend(colour: [u8; 3], opacity: f64, base: [u8; 3]) -> [f64; 3] {
    [0, 1, 2].map(|i| f64::from(colour[i]) * opacity + f64::from(base[i]) * (1.0 - opacity))
}

#[test]
fn the_html_page_steps_through_the_game_by_keyboard_in_a_real_browser() {
    let dir = scratch();
    let page = dir.join("opera.html");
    Cargo::cargo_bin("arbiter").expect("arbiter built").args(["diagram", RECORD, "-o"]).arg(&page).assert().success();
    let url = |hash: &str| format!("file://{}#{hash}", page.display());

    // Three steps forward: after 2. Nf3.
    let steps = "test-keys=ArrowRight,ArrowRight,ArrowRight&probe=g1,f3,e2,a1";
    let dom = chromium(&dir, &url(steps), "--dump-dom");
    assert_eq!(body_attribute(&dom, "data-ply"), "3");
    assert_eq!(shown_snapshot(&dom), fen(3));
    assert!(dom.contains("— ply 3</title>"), "the page's title follows the ply");

    let shot = dir.join("ply-3.png");
    chromium(&dir, &url(steps), &format!("--screenshot={}", shot.display()));
    let (light, dark, last_move) = ([0xf0, 0xd9, 0xb5], [0xb5, 0x88, 0x63], [0xcd, 0xd2, 0x6a]);
    let (x, y) = corner_of(&dom, "g1");
    let g1 = screenshot_pixel(&shot, x, y);
    assert!(near(g1, blend(last_move, 0.75, dark)), "g1, the knight's start, is tinted: {g1:?}");
    let (x, y) = corner_of(&dom, "f3");
    let f3 = screenshot_pixel(&shot, x, y);
    assert!(near(f3, blend(last_move, 0.75, light)), "f3, the knight's end, is tinted: {f3:?}");
    let (x, y) = corner_of(&dom, "e2");
    let e2 = screenshot_pixel(&shot, x, y);
    assert!(near(e2, blend(light, 1.0, light)), "e2 is a plain light square: {e2:?}");
    let (x, y) = corner_of(&dom, "a1");
    let a1 = screenshot_pixel(&shot, x, y);
    assert!(near(a1, blend(dark, 1.0, dark)), "a1 is a plain dark square: {a1:?}");

    // End, then one back: the position before the mate; Home goes back to the start.
    let dom = chromium(&dir, &url("test-keys=End,ArrowLeft"), "--dump-dom");
    assert_eq!(body_attribute(&dom, "data-ply"), "32");
    assert_eq!(shown_snapshot(&dom), fen(32));
    let dom = chromium(&dir, &url("test-keys=End,Home,ArrowRight"), "--dump-dom");
    assert_eq!(body_attribute(&dom, "data-ply"), "1");
    assert_eq!(shown_snapshot(&dom), fen(1));
    let _ = std::fs::remove_dir_all(&dir);
}
