//! One game status per ply: the verdict, captions, `fen` and `replay` agree on check,
//! endings with the ply they happened at, O4 and O5, and where a broken game stops.

use crate::test::{run_arbiter, Output};
use std::ffi::OsString;

fn arbiter(args: &[&str], stdin: &str) -> Output {
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    run_arbiter(&args, stdin.as_bytes())
}

/// A king takes the last pawn at ply 1; the kings walk on.
const DEAD_AFTER_PLY_1: &str = "[FEN \"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1\"]\n\n1. Kxd2 Kd7 2. Kd3 Kd6";

const FIVEFOLD: &str = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";

#[test]
fn a_dead_position_is_reported_at_the_ply_it_happened() {
    let out = arbiter(&["validate", "-"], &format!("{DEAD_AFTER_PLY_1} 1/2-1/2\n"));
    assert!(out.stdout.contains("valid, 4 plies, 1/2-1/2 (insufficient material after ply 1)"), "{}", out.stdout);
}

#[test]
fn a_half_point_written_as_a_fraction_sign_equals_the_ascii_one() {
    let out = arbiter(&["validate", "--strict", "-"], "[Result \"½-½\"]\n\n1. e4 e5 ½-½\n");
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert_eq!(out.stderr, "");
    let out = arbiter(&["validate", "-"], "[Result \"1/2-1/2\"]\n\n1. e4 e5 ½-½\n");
    assert_eq!(out.stderr, "");
}

#[test]
fn a_decisive_result_after_an_automatic_draw_is_a_warning_naming_its_ply() {
    let record = format!("{DEAD_AFTER_PLY_1} 1-0\n");
    let out = arbiter(&["validate", "-"], &record);
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "warning: the record says 1-0 but the board says draw by insufficient material (1/2-1/2) after ply 1"
        ),
        "{}",
        out.stderr
    );
    let strict = arbiter(&["validate", "--strict", "-"], &record);
    assert_eq!(strict.status, Some(1), "{}", strict.stderr);
}

#[test]
fn the_caption_after_a_fivefold_repetition_says_the_game_is_drawn() {
    let out = arbiter(&["diagram", "-"], &format!("{FIVEFOLD} *\n"));
    assert!(out.stdout.contains("draw by fivefold repetition (1/2-1/2)"), "{}", out.stdout);
    let verdict = arbiter(&["validate", "-"], &format!("{FIVEFOLD} *\n"));
    assert!(verdict.stdout.contains("1/2-1/2 (fivefold repetition after ply 16)"), "{}", verdict.stdout);
    assert!(verdict.stdout.contains("draw claimable by threefold repetition from ply 8"), "{}", verdict.stdout);
}

#[test]
fn the_caption_of_a_later_ply_names_the_earlier_draw() {
    let out = arbiter(&["diagram", "-"], &format!("{FIVEFOLD} 9. e4 *\n"));
    assert!(out.stdout.contains("draw by fivefold repetition (1/2-1/2) after ply 16"), "{}", out.stdout);
}

#[test]
fn fen_of_a_broken_game_gives_the_last_legal_position_and_exit_1() {
    let out = arbiter(&["fen", "-"], "1. e4 e5 2. Ke3 *\n");
    assert_eq!(out.status, Some(1));
    assert_eq!(out.stdout, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n");
    assert!(out.stderr.contains("illegal turn `Ke3`"), "{}", out.stderr);
    let beyond = arbiter(&["fen", "--ply", "3", "-"], "1. e4 e5 2. Ke3 *\n");
    assert_eq!(beyond.status, Some(2));
    assert!(
        beyond.stderr.contains("the game stops at the illegal turn move 2, White: `Ke3` (ply 3)"),
        "{}",
        beyond.stderr
    );
}

#[test]
fn replay_prints_the_refused_turn_marked_as_refused() {
    let out = arbiter(&["replay", "-"], "1. e4 e5 2. Ke3 *\n");
    assert_eq!(out.status, Some(1));
    let last = out.stdout.lines().last().unwrap_or_default();
    assert_eq!(last, "   3  2.       Ke3          REFUSED      illegal turn `Ke3`: no white king can move to e3");
    let json = arbiter(&["replay", "--format", "json", "-"], "1. e4 e5 2. Ke3 *\n");
    assert!(
        json.stdout.contains("\"refused\": \"illegal turn `Ke3`: no white king can move to e3\""),
        "{}",
        json.stdout
    );
}

#[test]
fn a_broken_variation_is_named_as_such() {
    let out = arbiter(&["validate", "-"], "1. e4 e5 (1... d5 2. Ke3) 2. Nf3 *\n");
    assert_eq!(out.status, Some(1));
    assert!(out.stdout.contains("invalid (main line valid, 1 variation broken), 3 plies"), "{}", out.stdout);
    assert!(out.stderr.contains("move 2, White: `Ke3`, in a variation"), "{}", out.stderr);
}
