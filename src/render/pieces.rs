//! The project's own drawings of the six units, as SVG symbols on a 100x100 grid:
//! plain silhouettes that read well at any size and need no font.

use crate::rules::{Color, Piece, Role};

/// The pedestal every unit stands on.
const BASE: &str = r#"<rect x="24" y="80" width="52" height="10" rx="3"/>"#;

/// The body of a unit, drawn in its colour; `detail` marks are drawn in the other
/// colour, so that the black set keeps its shapes readable.
fn body(role: Role) -> (&'static str, &'static str) {
    match role {
        Role::Pawn => (r#"<circle cx="50" cy="32" r="13"/><path d="M36 80 Q38 58 46 46 H54 Q62 58 64 80 Z"/>"#, ""),
        Role::Knight => (
            r#"<path d="M30 80 H72 Q74 52 64 34 Q56 20 46 16 L44 8 L38 20 Q28 28 22 46 Q20 54 26 58 Q32 58 36 52 L44 50 Q40 62 30 80 Z"/>"#,
            r#"<circle cx="41" cy="30" r="3.5"/>"#,
        ),
        Role::Bishop => (
            r#"<circle cx="50" cy="16" r="6"/><path d="M36 80 Q28 56 42 38 Q48 30 50 24 Q52 30 58 38 Q72 56 64 80 Z"/>"#,
            r#"<path d="M44 52 L58 40" stroke-width="4" fill="none"/>"#,
        ),
        Role::Rook => (
            r#"<path d="M26 18 H36 V26 H45 V18 H55 V26 H64 V18 H74 V38 H66 V80 H34 V38 H26 Z"/>"#,
            r#"<path d="M34 40 H66" stroke-width="3" fill="none"/>"#,
        ),
        Role::Queen => (
            r#"<path d="M30 80 L20 34 L36 54 L42 26 L50 50 L58 26 L64 54 L80 34 L70 80 Z"/><circle cx="20" cy="30" r="5"/><circle cx="42" cy="22" r="5"/><circle cx="58" cy="22" r="5"/><circle cx="80" cy="30" r="5"/>"#,
            r#"<path d="M32 70 H68" stroke-width="3" fill="none"/>"#,
        ),
        Role::King => (
            r#"<rect x="46" y="8" width="8" height="30"/><rect x="37" y="15" width="26" height="8"/><path d="M30 80 Q20 48 50 42 Q80 48 70 80 Z"/>"#,
            r#"<path d="M32 70 H68" stroke-width="3" fill="none"/>"#,
        ),
    }
}

/// The symbol id of a unit, e.g. `wN`, `bp`.
pub fn symbol_id(piece: Piece) -> String {
    let side = match piece.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("{side}{}", piece.fen_char())
}

/// `<symbol>` definitions for every unit, to be placed in the SVG's `<defs>`.
pub fn definitions() -> String {
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        let (fill, ink) = match color {
            Color::White => ("#fafafa", "#1a1a1a"),
            Color::Black => ("#262626", "#f0f0f0"),
        };
        for role in Role::ALL {
            let (shape, detail) = body(role);
            out.push_str(&format!(
                r##"<symbol id="{}" viewBox="0 0 100 100"><g fill="{fill}" stroke="#1a1a1a" stroke-width="3" stroke-linejoin="round">{shape}{BASE}</g><g stroke="{ink}" fill="{ink}">{detail}</g></symbol>"##,
                symbol_id(Piece::new(color, role)),
            ));
        }
    }
    out
}
