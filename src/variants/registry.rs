//! Finds variants by id or by the names a `[Variant]` tag may use, and checks
//! their rule options.

use super::bellows::Bellows;
use super::bouncing::Bouncing;
use super::bubble_fizz::BubbleFizz;
use super::chess::Chess;
use super::koopa::Koopa;
use super::tilting::Tilting;
use crate::record::quote;
use crate::variants::prelude::*;
use std::collections::BTreeMap;

/// Makes a variant from rule options that were already checked.
type Builder = fn(&BTreeMap<String, String>) -> Box<dyn Variant>;

/// A rule option of a variant: its key and the values it takes, the default first.
#[derive(Clone, Copy, Debug)]
pub struct RuleOption {
    pub key: &'static str,
    pub values: &'static [&'static str],
}

/// What the registry knows of one variant.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    pub id: &'static str,
    /// The variant's full titles, as a `[Variant]` tag writes them.
    pub titles: &'static [&'static str],
    /// Names accepted in `[Variant]` and by `--variant`, the id first (compared by
    /// [`same_name`]).
    pub names: &'static [&'static str],
    pub options: &'static [RuleOption],
    /// Files and ranks of the board: 8, or 12 for Bellows' grid.
    pub board_size: u8,
    /// Builds the variant with checked options; `None` while it is not implemented.
    build: Option<Builder>,
}

impl VariantInfo {
    pub fn is_implemented(&self) -> bool {
        self.build.is_some()
    }

    /// The variant with this id.
    pub fn by_id(id: &str) -> Option<&'static VariantInfo> {
        VARIANTS.iter().find(|v| v.id == id)
    }

    /// The variant a `[Variant]` tag or `--variant` names (see [`same_name`]).
    pub fn by_name(name: &str) -> Option<&'static VariantInfo> {
        // A name written as listed (the id `chess` of a game without a tag, most
        // often) is found without folding.
        let listed = VARIANTS.iter().find(|v| v.names.contains(&name));
        listed.or_else(|| VARIANTS.iter().find(|v| v.names.iter().any(|n| same_name(n, name))))
    }

    /// How a record's `[Variant]` tag names this variant: its first full title.
    pub fn title(&self) -> &'static str {
        self.titles.first().copied().unwrap_or(self.id)
    }
}

/// Whether two variant names are the same: case, spaces, hyphens and underscores do not
/// count (`Chess960`, `chess 960` and `chess-960` are one name).
pub(super) fn same_name(a: &str, b: &str) -> bool {
    // Compared as they are read, without building the folded texts.
    folded(a).eq(folded(b))
}

/// A name's characters without spaces, hyphens and underscores, in lower case.
fn folded(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase)
}

fn build_chess(_: &BTreeMap<String, String>) -> Box<dyn Variant> {
    Box::new(Chess)
}

fn build_tilting(_: &BTreeMap<String, String>) -> Box<dyn Variant> {
    Box::new(Tilting)
}

fn build_bouncing(_: &BTreeMap<String, String>) -> Box<dyn Variant> {
    Box::new(Bouncing)
}

fn build_koopa(_: &BTreeMap<String, String>) -> Box<dyn Variant> {
    Box::new(Koopa)
}

fn build_bellows(options: &BTreeMap<String, String>) -> Box<dyn Variant> {
    Box::new(Bellows::from_options(options))
}

fn build_bubble_fizz(options: &BTreeMap<String, String>) -> Box<dyn Variant> {
    Box::new(BubbleFizz::with_options(options))
}

/// Every variant of SPEC section 1. Names are compared by [`same_name`]; the titles are
/// the names records use in full, the first one as tags should write it.
pub static VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        id: "chess",
        titles: &["Standard"],
        names: &[
            "chess",
            "standard",
            "normal",
            "standard chess",
            "orthodox",
            "chess960",
            "chess 960",
            "fischerandom",
            "fischer random",
            "fischer random chess",
            "frc",
            "from position",
        ],
        options: &[],
        board_size: 8,
        build: Some(build_chess),
    },
    VariantInfo {
        id: "tilting",
        titles: &["Tilting the Balance"],
        names: &["tilting", "tilting the balance", "tilting the balance chess", "tilting chess"],
        options: &[],
        board_size: 8,
        build: Some(build_tilting),
    },
    VariantInfo {
        id: "bouncing",
        titles: &["Bouncing Pieces"],
        names: &[
            "bouncing",
            "bouncing pieces",
            "bouncing pieces chess",
            "bouncing chess",
            "event chess 95",
            "event chess #95",
        ],
        options: &[],
        board_size: 8,
        build: Some(build_bouncing),
    },
    VariantInfo {
        id: "koopa",
        titles: &["Koopa Chess"],
        names: &["koopa", "koopa chess"],
        options: &[],
        board_size: 8,
        build: Some(build_koopa),
    },
    VariantInfo {
        id: "bellows",
        titles: &["Bellows Chess"],
        names: &["bellows", "bellows chess"],
        options: &[
            RuleOption { key: "schedule", values: &["8-10-12", "8-10-12-10"] },
            RuleOption { key: "turn", values: &["ply", "move"] },
        ],
        board_size: 12,
        build: Some(build_bellows),
    },
    VariantInfo {
        id: "bubble-fizz",
        titles: &["Refreshing Bubble Fizz Chess"],
        names: &[
            "bubble-fizz",
            "refreshing bubble fizz",
            "refreshing bubble fizz chess",
            "bubble fizz",
            "bubble fizz chess",
        ],
        options: &[RuleOption { key: "birth", values: &["fizzle", "strike"] }],
        board_size: 8,
        build: Some(build_bubble_fizz),
    },
];

/// Every name a `[Variant]` tag or `--variant` may use, for error messages.
pub fn accepted_names() -> String {
    VARIANTS
        .iter()
        .map(|v| format!("{} ({})", v.id, v.names.iter().skip(1).copied().collect::<Vec<_>>().join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Finds a variant by id or name and builds it with the given rule options.
pub fn lookup(name: &str, options: &BTreeMap<String, String>) -> Result<Box<dyn Variant>, String> {
    let info = VariantInfo::by_name(name.trim()).ok_or_else(|| {
        format!("unknown variant `{}`; the variants and the names they go by: {}", quote(name), accepted_names())
    })?;
    for (key, value) in options {
        let Some(option) = info.options.iter().find(|o| o.key == key) else {
            let known: Vec<&str> = info.options.iter().map(|o| o.key).collect();
            return Err(format!(
                "unknown rule option `{}` for {}; {}",
                quote(key),
                info.id,
                if known.is_empty() {
                    "it has no options".to_string()
                } else {
                    format!("known options: {}", known.join(", "))
                }
            ));
        };
        if !option.values.contains(&value.as_str()) {
            return Err(format!(
                "rule option `{key}` of {} takes {}, not `{}`",
                info.id,
                option.values.join(" or "),
                quote(value)
            ));
        }
    }
    let build = info.build.ok_or_else(|| format!("variant `{}` is known but not implemented yet", info.id))?;
    Ok(build(options))
}

/// Reads rule options written `k=v; k=v` (a `[Rules]` tag) into a map.
pub fn parse_rule_options(text: &str) -> Result<BTreeMap<String, String>, String> {
    let mut options = BTreeMap::new();
    for item in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let (key, value) =
            item.split_once('=').ok_or_else(|| format!("rule option `{}` is not written `key=value`", quote(item)))?;
        options.insert(key.trim().to_string(), value.trim().to_string());
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No name of one variant folds to a name of another, so a name found as listed
    /// names the same variant the folded comparison finds.
    #[test]
    fn names_name_one_variant_each() {
        for info in VARIANTS {
            for name in info.names {
                let others = VARIANTS.iter().filter(|v| v.id != info.id);
                let clash = others.flat_map(|v| v.names.iter()).find(|other| same_name(other, name));
                assert_eq!(clash, None, "`{name}` of {} also names another variant", info.id);
                assert_eq!(VariantInfo::by_name(name).map(|v| v.id), Some(info.id));
                assert_eq!(VariantInfo::by_name(&name.to_uppercase()).map(|v| v.id), Some(info.id));
            }
        }
    }
}
