//! The command-line arguments, checked into settings before any work starts.

use super::output::{to_stderr, Output};
use super::{CliError, Verdict};
use crate::record::languages::Language;
use crate::replay::ReplayOptions;
use crate::rules::written_forms::{Form, Letters, WrittenForm};
use crate::text::quote;
use crate::variants::{accepted_names, RuleOption, VariantInfo, VARIANTS};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Referee for chess variants: validate records, replay them, write snapshots and diagrams.
#[derive(Parser, Debug)]
#[command(name = "arbiter", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Threads to work on (default: one per core). Output keeps the input's order.
    #[arg(long, global = true, value_name = "N")]
    pub jobs: Option<std::num::NonZeroUsize>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse and replay every game (every variation too); one verdict per game.
    Validate {
        #[command(flatten)]
        records: Records,
        #[command(flatten)]
        lang: LangArg,
        #[command(flatten)]
        format: FormatArg,
    },
    /// Replay one game: one row per ply with the turn as written, canonical, and the snapshot after it.
    Replay {
        #[command(flatten)]
        record: OneRecord,
        #[command(flatten)]
        format: FormatArg,
    },
    /// The snapshot after ply N (0 = start; default: the last ply).
    Fen {
        #[command(flatten)]
        record: OneRecord,
        /// Ply to stop after (0 = the start position).
        #[arg(long)]
        ply: Option<usize>,
        #[command(flatten)]
        format: FormatArg,
    },
    /// Rewrite records in canonical notation, or in another notation and language.
    Export {
        #[command(flatten)]
        records: Records,
        /// Notation of the turns written: san, lan, uci or iccf (ICCF on 8x8 boards only).
        #[arg(long, default_value = "san", value_parser = parse_form)]
        notation: Form,
        /// Piece letters written in SAN and LAN: a language's code or English name (de,
        /// German) or `figurine`.
        #[arg(long, default_value = "en", value_parser = parse_letters)]
        lang: Letters,
        /// Language of the record's piece letters, as `--lang` is for other commands
        /// (without it, a game whose letters are not English has its language detected).
        #[arg(long, value_name = "LANG")]
        input_lang: Option<String>,
    },
    /// Draw a position of a record, or of a snapshot with --variant.
    Diagram(super::diagram::DiagramArgs),
    /// Every legal turn of a position, one per line, in byte order.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        format: FormatArg,
        /// Most turns to list; a position with more is refused.
        #[arg(long, default_value_t = 1_000_000)]
        max_turns: u64,
    },
    /// Count legal turn sequences of DEPTH plies.
    Perft {
        #[command(flatten)]
        position: PositionArgs,
        /// Plies to look ahead.
        depth: u32,
        /// Show the count below each legal turn.
        #[arg(long)]
        divide: bool,
        /// Most turns to visit in all (the nodes of the count); the count stops there.
        #[arg(long, default_value_t = 1_000_000_000)]
        max_turns: u64,
    },
    /// Check documented examples (YAML files): PASS/FAIL per example, with diffs.
    Check {
        /// Example files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Notation warnings in `moves` (imprecise notation, wrong check marks) fail the example.
        #[arg(long)]
        strict: bool,
        /// Write the actual values (`snapshot`, `status`, `result`, `diagram`,
        /// `legal_moves`, `illegal`) into expectations left empty or found wrong, then
        /// check again.
        #[arg(long)]
        bless: bool,
        #[command(flatten)]
        format: FormatArg,
    },
    /// List variants, the names a [Variant] tag may use, and rule options with defaults.
    Variants,
}

/// Output format for commands that serve machines too.
#[derive(Args, Debug, Clone, Copy)]
pub struct FormatArg {
    /// `text` for people, `json` for machines.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// Rule options given on the command line.
#[derive(Args, Debug, Clone, Default)]
pub struct RuleArgs {
    /// A rule option `key=value` (repeatable); wins over a [Rules] tag.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// How records are read, checked from [`ReadingArgs`] and [`LangArg`] before any work.
    #[arg(skip)]
    pub reading: Reading,
}

/// How records are read: settings checked from the command line.
#[derive(Debug, Clone, Default)]
pub struct Reading {
    pub variant: Option<String>,
    pub language: Option<&'static Language>,
    pub allow_null_moves: bool,
}

/// How to read records that leave something unsaid.
#[derive(Args, Debug, Clone, Default)]
pub struct ReadingArgs {
    /// The variant of games without a [Variant] tag (an id or any name a tag may use).
    #[arg(long)]
    pub variant: Option<String>,
    /// Read null moves (`--`, `Z0`) in the main line as passing the turn (in variations
    /// they always are).
    #[arg(long)]
    pub allow_null_moves: bool,
}

/// The language of the records' piece letters.
#[derive(Args, Debug, Clone, Default)]
pub struct LangArg {
    /// Language of the piece letters, by code or English name (`de`, `German`); without
    /// it, a game whose letters are not English has its language detected, with a warning.
    #[arg(long)]
    pub lang: Option<String>,
}

impl Reading {
    /// Checks the reading flags: the variant must exist, the language be known.
    pub fn checked(args: &ReadingArgs, lang: &LangArg) -> Result<Reading, CliError> {
        if let Some(name) = &args.variant {
            if VariantInfo::by_name(name.trim()).is_none() {
                return Err(CliError::Message(format!(
                    "--variant `{}` is no variant; the variants and the names they go by: {}",
                    quote(name),
                    accepted_names()
                )));
            }
        }
        let language = match &lang.lang {
            None => None,
            Some(name) => Some(Language::find(name.trim()).ok_or_else(|| {
                CliError::Message(format!(
                    "--lang `{}` is no language arbiter knows; it takes {}",
                    quote(name),
                    Language::accepted_names()
                ))
            })?),
        };
        Ok(Reading { variant: args.variant.clone(), language, allow_null_moves: args.allow_null_moves })
    }
}

impl RuleArgs {
    /// The options as a map, each checked once before any game: its key must be a
    /// rule option of some variant, and its value one that variant takes.
    pub fn parse(&self) -> Result<BTreeMap<String, String>, CliError> {
        let mut map = BTreeMap::new();
        for item in &self.rules {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| CliError::Message(format!("--rule takes key=value, not `{}`", quote(item))))?;
            let (key, value) = (k.trim(), v.trim());
            let takers: Vec<&RuleOption> = VARIANTS.iter().flat_map(|v| v.options).filter(|o| o.key == key).collect();
            if takers.is_empty() {
                let known: Vec<&str> = VARIANTS.iter().flat_map(|v| v.options).map(|o| o.key).collect();
                return Err(CliError::Message(format!(
                    "--rule `{}` is no variant's rule option; the options are {} (see `arbiter variants`)",
                    quote(key),
                    known.join(", ")
                )));
            }
            if !takers.iter().any(|o| o.values.contains(&value)) {
                let values: Vec<&str> = takers.iter().flat_map(|o| o.values.iter().copied()).collect();
                return Err(CliError::Message(format!(
                    "--rule {key} takes {}, not `{}`",
                    values.join(" or "),
                    quote(value)
                )));
            }
            map.insert(key.to_string(), value.to_string());
        }
        Ok(map)
    }

    /// Replay settings for records, which may mix variants: an option applies to the
    /// variants that have it, and a warning says which games ignore it. With
    /// `verdict_only`, no position per ply is kept.
    pub fn replay_options(&self, strict: bool, verdict_only: bool) -> Result<ReplayOptions, CliError> {
        let rules = self.parse()?;
        for (key, value) in &rules {
            let owners: Vec<&str> =
                VARIANTS.iter().filter(|v| v.options.iter().any(|o| o.key == *key)).map(|v| v.id).collect();
            if owners.len() < VARIANTS.len() {
                to_stderr(&format!(
                    "warning: --rule {key}={value} applies to {} only; games of other variants ignore it\n",
                    owners.join(", ")
                ));
            }
        }
        let reading = self.reading.clone();
        Ok(ReplayOptions {
            rules,
            strict,
            verdict_only,
            variant: reading.variant,
            language: reading.language,
            allow_null_moves: reading.allow_null_moves,
        })
    }
}

/// Several record files (`-` for standard input).
#[derive(Args, Debug)]
pub struct Records {
    /// Record files; `-` reads standard input.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Treat warnings (imprecise notation, wrong check marks) as errors.
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub reading: ReadingArgs,
    #[command(flatten)]
    pub shown: ShownArgs,
}

/// How much of the diagnostics to show, and whether in colour.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct ShownArgs {
    /// Show errors and verdicts only (no warnings).
    #[arg(long, short)]
    pub quiet: bool,
    /// Colour the diagnostics: `auto` on a terminal (unless `NO_COLOR` is set), `always`, `never`.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

impl ShownArgs {
    /// Whether diagnostics (on standard error) are coloured.
    pub fn colour(&self) -> bool {
        use std::io::IsTerminal;
        match self.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        }
    }
}

/// One record file and the game meant in it.
#[derive(Args, Debug)]
pub struct OneRecord {
    /// Record file; `-` reads standard input.
    pub file: PathBuf,
    #[command(flatten)]
    pub choice: GameChoice,
}

/// Which game of a record, and how strictly to read it.
#[derive(Args, Debug, Clone)]
pub struct GameChoice {
    /// The game in the file, 1-based.
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Treat warnings as errors.
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub shown: ShownArgs,
    #[command(flatten)]
    pub reading: ReadingArgs,
    #[command(flatten)]
    pub lang: LangArg,
}

impl GameChoice {
    /// Checks the reading flags into the rule arguments, where the replay finds them.
    fn check_reading(&mut self) -> Result<(), CliError> {
        self.rules.reading = Reading::checked(&self.reading, &self.lang)?;
        Ok(())
    }
}

/// A position given by variant and snapshot.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// Variant id or name (see `arbiter variants`).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Snapshot of the position (default: the variant's start).
    #[arg(long)]
    pub fen: Option<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

impl PositionArgs {
    /// The variant and the position these arguments name.
    pub fn load(&self) -> Result<(Box<dyn crate::variants::Variant>, crate::rules::Position), CliError> {
        let variant = crate::variants::lookup(&self.variant, &self.rules.parse()?)?;
        let pos = match &self.fen {
            Some(text) => variant.read_snapshot(text).map_err(|e| CliError::Message(format!("bad snapshot: {e}")))?,
            None => variant.start(),
        };
        Ok((variant, pos))
    }
}

/// `--notation`: one of the forms `export` writes.
fn parse_form(name: &str) -> Result<Form, String> {
    Form::find(name).ok_or_else(|| format!("the notations are {}", Form::NAMES.join(", ")))
}

/// `--lang`: a language's letters, or figurines.
fn parse_letters(name: &str) -> Result<Letters, String> {
    Letters::find(name).ok_or_else(|| {
        format!("the languages are {}, and `figurine`", crate::record::languages::Language::accepted_names())
    })
}

/// Runs the chosen command.
pub(super) fn dispatch(cli: Cli, out: &mut Output) -> Result<Verdict, CliError> {
    match cli.command {
        Command::Validate { mut records, lang, format } => {
            records.rules.reading = Reading::checked(&records.reading, &lang)?;
            super::validate::run(&records, format.format, out)
        }
        Command::Replay { mut record, format } => {
            record.choice.check_reading()?;
            super::replay::run(&record, format.format, out)
        }
        Command::Fen { mut record, ply, format } => {
            record.choice.check_reading()?;
            super::fen::run(&record, ply, format.format, out)
        }
        Command::Export { mut records, notation, lang, input_lang } => {
            let input_lang = LangArg { lang: input_lang };
            records.rules.reading = Reading::checked(&records.reading, &input_lang)?;
            super::export::run(&records, &WrittenForm { form: notation, letters: lang }, out)
        }
        Command::Diagram(args) => super::diagram::run(&args, out),
        Command::Moves { position, format, max_turns } => super::moves::run(&position, format.format, max_turns, out),
        Command::Perft { position, depth, divide, max_turns } => {
            super::perft::run(&position, depth, divide, max_turns, out)
        }
        Command::Check { files, strict, bless, format } => {
            super::check::run(&files, super::check::Mode { strict, bless }, format.format, out)
        }
        Command::Variants => super::variants::run(out),
    }
}
