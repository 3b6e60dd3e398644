use crate::record::lex::{space, Input};
use crate::record::movetext::{element, move_number};
use crate::record::san::san;
use crate::record::turn::turn;
use std::hint::black_box;

fn time<F: FnMut()>(label: &str, n: usize, mut f: F) {
    let t = std::time::Instant::now();
    for _ in 0..n { f(); }
    println!("{label}: {:.1} ns", t.elapsed().as_nanos() as f64 / n as f64);
}

#[test]
fn bench_pieces() {
    let n = 2_000_000;
    let text = "Nf3 e5";
    time("san Nf3", n, || { black_box(san(black_box(Input::new(text))).is_ok()); });
    time("turn Nf3", n, || { black_box(turn(black_box(Input::new(text))).is_ok()); });
    time("element Nf3", n, || { black_box(element(black_box(Input::new(text))).is_ok()); });
    time("move_number 12.", n, || { black_box(move_number(black_box(Input::new("12. e4"))).is_ok()); });
    time("space", n, || { black_box(space(black_box(Input::new(" e4"))).is_ok()); });
    time("element comment", n, || { black_box(element(black_box(Input::new("{ [%clk 0:05:00] } e4"))).is_ok()); });
    time("Input::new", n, || { black_box(Input::new(black_box(text))); });
}

#[test]
fn bench_alloc() {
    use crate::record::ast::*;
    let n = 2_000_000;
    time("vec1 alloc+free", n, || { black_box(vec![black_box(Span::default()); 1]); });
    time("string alloc+free", n, || { black_box(black_box("[%clk 0:05:00]").to_owned()); });
    let _ = Ply { number: None, turn: Spanned { value: TurnToken { parts: vec![], check: None }, span: Span::default() }, nags: vec![], comments: vec![], variations: vec![] };
}

#[test]
fn bench_turn_parts() {
    use crate::record::turn::{move_part, turn_part, check_mark};
    let n = 2_000_000;
    let text = "Nf3 e5";
    time("move_part Nf3", n, || { black_box(move_part(black_box(Input::new(text))).is_ok()); });
    time("turn_part Nf3", n, || { black_box(turn_part(black_box(Input::new(text))).is_ok()); });
    time("check_mark", n, || { black_box(check_mark(black_box(Input::new(text))).is_ok()); });
    time("peek_after_blank", n, || { black_box(crate::record::lex::peek_after_blank(black_box(&Input::new(" e5")))); });
}
