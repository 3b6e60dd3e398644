//! The project's own drawings of the six units, as SVG symbols on a 100x100 grid:
//! outlined silhouettes with a shaded body and contrasting detail lines, filling
//! about nine tenths of a square, readable small and large, needing no font.

use crate::rules::{Color, Piece, Role};

/// The plinth every unit stands on.
const BASE: &str = r#"<path d="M19 94 H81 Q86 94 86 89 V87 Q86 82 81 82 H19 Q14 82 14 87 V89 Q14 94 19 94 Z"/>"#;

/// The body of a unit, drawn in its colour; `detail` lines are drawn in the other
/// colour, so that the black set keeps its shapes readable.
fn body(role: Role) -> (&'static str, &'static str) {
    match role {
        Role::Pawn => (
            r#"<path d="M29 82 Q32 62 43 50 Q35 47 35 43 Q35 39 41 38 Q35 33 35 25 A15 15 0 0 1 65 25 Q65 33 59 38 Q65 39 65 43 Q65 47 57 50 Q68 62 71 82 Z"/>"#,
            r#"<path d="M39 43 H61"/>"#,
        ),
        Role::Knight => (
            r#"<path d="M27 82 Q26 66 38 56 Q46 49 45 41 Q39 47 31 49 Q26 55 18 53 Q10 50 12 42 Q14 36 22 31 Q30 26 34 18 L33 5 Q40 8 44 14 L48 6 Q53 11 54 16 Q74 22 81 44 Q87 64 82 82 Z"/>"#,
            r#"<circle cx="37" cy="27" r="3.5"/><path d="M18 44 L22 42 M56 21 Q72 34 75 60" fill="none"/>"#,
        ),
        Role::Bishop => (
            r#"<circle cx="50" cy="11" r="7"/><path d="M50 18 Q73 33 68 53 Q66 61 60 64 L63 71 Q66 77 79 82 H21 Q34 77 37 71 L40 64 Q34 61 32 53 Q27 33 50 18 Z"/>"#,
            r#"<path d="M50 31 V51 M41 41 H59 M39 67 H61" fill="none"/>"#,
        ),
        Role::Rook => (
            r#"<path d="M21 82 L27 72 L31 40 L23 33 V8 H35 V17 H44 V8 H56 V17 H65 V8 H77 V33 L69 40 L73 72 L79 82 Z"/>"#,
            r#"<path d="M25 33 H75 M31 40 H69 M28 72 H72" fill="none"/>"#,
        ),
        Role::Queen => (
            r#"<path d="M23 82 L27 66 L11 30 L31 51 L29 19 L43 47 L50 12 L57 47 L71 19 L69 51 L89 30 L73 66 L77 82 Z"/><circle cx="11" cy="28" r="6"/><circle cx="29" cy="17" r="6"/><circle cx="50" cy="10" r="6"/><circle cx="71" cy="17" r="6"/><circle cx="89" cy="28" r="6"/>"#,
            r#"<path d="M28 66 H72 M26 74 H74" fill="none"/>"#,
        ),
        Role::King => (
            r#"<path d="M46 3 H54 V10 H61 V18 H54 V29 H46 V18 H39 V10 H46 Z"/><path d="M23 82 L27 66 Q8 52 16 38 Q25 25 42 33 Q47 35 50 41 Q53 35 58 33 Q75 25 84 38 Q92 52 73 66 L77 82 Z"/>"#,
            r#"<path d="M50 41 V64 M28 66 H72 M26 74 H74" fill="none"/>"#,
        ),
    }
}

/// The symbol id of a unit, e.g. `wN`, `bp`.
pub(super) fn symbol_id(piece: Piece) -> String {
    let side = match piece.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("{side}{}", piece.fen_char())
}

/// The shading of each side's bodies: light from the top left.
const GRADIENTS: &str = concat!(
    r##"<linearGradient id="shade-w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="#f2f2ee"/><stop offset="1" stop-color="#c9c6bd"/></linearGradient>"##,
    r##"<linearGradient id="shade-b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6b6b6b"/><stop offset="0.45" stop-color="#2e2e2e"/><stop offset="1" stop-color="#0d0d0d"/></linearGradient>"##,
);

/// `<symbol>` definitions for every unit and their shading, for the SVG's `<defs>`.
pub(super) fn definitions() -> String {
    let mut out = String::from(GRADIENTS);
    for color in [Color::White, Color::Black] {
        let (fill, ink) = match color {
            Color::White => ("url(#shade-w)", "#1a1a1a"),
            Color::Black => ("url(#shade-b)", "#e8e8e8"),
        };
        for role in Role::ALL {
            let (shape, detail) = body(role);
            out.push_str(&format!(
                r##"<symbol id="{}" viewBox="0 0 100 100"><g fill="{fill}" stroke="#111" stroke-width="3.5" stroke-linejoin="round">{shape}{BASE}</g><g stroke="{ink}" fill="{ink}" stroke-width="2.5" stroke-linecap="round">{detail}</g></symbol>"##,
                symbol_id(Piece::new(color, role)),
            ));
        }
    }
    out
}
