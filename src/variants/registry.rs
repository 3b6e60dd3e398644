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
    /// Names accepted in `[Variant]` (compared without case), the id included.
    pub names: &'static [&'static str],
    pub options: &'static [RuleOption],
    /// Builds the variant with checked options; `None` while it is not implemented.
    build: Option<Builder>,
}

impl VariantInfo {
    pub fn is_implemented(&self) -> bool {
        self.build.is_some()
    }
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

/// Every variant of SPEC section 1.
pub static VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        id: "chess",
        names: &["chess", "standard", "chess960", "fischerandom", "fischer random", "from position"],
        options: &[],
        build: Some(build_chess),
    },
    VariantInfo { id: "tilting", names: &["tilting", "tilting the balance"], options: &[], build: Some(build_tilting) },
    VariantInfo {
        id: "bouncing",
        names: &["bouncing", "bouncing pieces", "event chess 95", "event chess #95"],
        options: &[],
        build: Some(build_bouncing),
    },
    VariantInfo { id: "koopa", names: &["koopa", "koopa chess"], options: &[], build: Some(build_koopa) },
    VariantInfo {
        id: "bellows",
        names: &["bellows", "bellows chess"],
        options: &[
            RuleOption { key: "schedule", values: &["8-10-12", "8-10-12-10"] },
            RuleOption { key: "turn", values: &["ply", "move"] },
        ],
        build: Some(build_bellows),
    },
    VariantInfo {
        id: "bubble-fizz",
        names: &["bubble-fizz", "refreshing bubble fizz", "bubble fizz", "refreshing bubble fizz chess"],
        options: &[RuleOption { key: "birth", values: &["fizzle", "strike"] }],
        build: Some(build_bubble_fizz),
    },
];

/// Finds a variant by id or name and builds it with the given rule options.
pub fn lookup(name: &str, options: &BTreeMap<String, String>) -> Result<Box<dyn Variant>, String> {
    let wanted = name.trim().to_lowercase();
    let info = VARIANTS.iter().find(|v| v.names.contains(&wanted.as_str())).ok_or_else(|| {
        let known: Vec<&str> = VARIANTS.iter().map(|v| v.id).collect();
        format!("unknown variant `{}`; known variants: {}", quote(name), known.join(", "))
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
