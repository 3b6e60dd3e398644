//! Colour themes of SVG (and PNG, HTML) diagrams.

/// The colours a diagram is drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub name: &'static str,
    pub light: &'static str,
    pub dark: &'static str,
    /// Behind the board, the title and the caption.
    pub background: &'static str,
    /// Title, caption sentences and outside coordinates.
    pub ink: &'static str,
    /// The squares of the last move.
    pub last_move: &'static str,
    /// The last move's arrow.
    pub arrow: &'static str,
    /// Bouncing's second arrow.
    pub bounce: &'static str,
    /// Comments of the record: their text and the bar beside them.
    pub comment: &'static str,
    /// Bellows' outlines of the boards not in play, and the one in play.
    pub outline: &'static str,
    pub active: &'static str,
}

/// Brown wood, as most chess books and servers draw it.
pub(super) const WOOD: Theme = Theme {
    name: "wood",
    light: "#f0d9b5",
    dark: "#b58863",
    background: "#ffffff",
    ink: "#262421",
    last_move: "#cdd26a",
    arrow: "#15781b",
    bounce: "#1565c0",
    comment: "#5d4037",
    outline: "#6d4c41",
    active: "#c62828",
};

/// Cool blue-grey squares.
pub(super) const BLUE: Theme = Theme {
    name: "blue",
    light: "#dee3e6",
    dark: "#8ca2ad",
    background: "#ffffff",
    ink: "#1c2833",
    last_move: "#9bc7e0",
    arrow: "#c2571a",
    bounce: "#6a1b9a",
    comment: "#1f4e79",
    outline: "#37474f",
    active: "#d84315",
};

/// Green and cream, as club sets are.
pub(super) const GREEN: Theme = Theme {
    name: "green",
    light: "#eeeed2",
    dark: "#769656",
    background: "#ffffff",
    ink: "#1b2a12",
    last_move: "#f6f669",
    arrow: "#c62828",
    bounce: "#1565c0",
    comment: "#33691e",
    outline: "#2e3b1f",
    active: "#b71c1c",
};

/// Greys only, for printing.
pub(super) const PRINT: Theme = Theme {
    name: "print",
    light: "#ffffff",
    dark: "#c4c4c4",
    background: "#ffffff",
    ink: "#000000",
    last_move: "#9e9e9e",
    arrow: "#212121",
    bounce: "#616161",
    comment: "#424242",
    outline: "#616161",
    active: "#000000",
};

/// Every theme, the default first.
pub const THEMES: [Theme; 4] = [WOOD, BLUE, GREEN, PRINT];

impl Default for Theme {
    fn default() -> Theme {
        WOOD
    }
}

impl Theme {
    /// The theme of this name, if there is one.
    pub fn named(name: &str) -> Option<Theme> {
        THEMES.into_iter().find(|t| t.name == name)
    }
}
