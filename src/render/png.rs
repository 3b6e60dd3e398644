//! PNG diagrams: the SVG rasterised in-process by resvg. Text (title, caption,
//! coordinates, badge counters) is set in a sans-serif font found among the
//! system's fonts; the units are drawn by the project and need none.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{fontdb, Options, Tree};
use std::sync::{Arc, OnceLock};

/// The system's fonts, looked up once per run.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            Arc::new(db)
        })
        .clone()
}

/// The PNG picture of an SVG document, at the pixel size its `width` and `height` say.
pub fn rasterise(svg: &str) -> Result<Vec<u8>, String> {
    let options = Options { fontdb: fonts(), font_family: "DejaVu Sans".to_string(), ..Options::default() };
    let tree = Tree::from_str(svg, &options).map_err(|e| format!("cannot read the SVG drawn: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot make a {}x{} picture", size.width(), size.height()))?;
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("cannot encode the PNG: {e}"))
}
