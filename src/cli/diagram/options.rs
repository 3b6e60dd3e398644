//! The diagram command's options checked into settings: the format (given, or
//! following the extension of `-o`) and how pictures are drawn.

use super::{CoordinatesArg, DiagramArgs, DiagramFormat};
use crate::cli::CliError;
use crate::render::{Coordinates, SvgOptions, Theme};
use clap::ValueEnum;
use std::path::Path;

/// The colour themes, by name.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThemeName {
    /// Brown wood (the default).
    Wood,
    /// Blue-grey.
    Blue,
    /// Green and cream.
    Green,
    /// Greys, for printing.
    Print,
}

impl ThemeName {
    fn theme(self) -> Theme {
        let name = match self {
            ThemeName::Wood => "wood",
            ThemeName::Blue => "blue",
            ThemeName::Green => "green",
            ThemeName::Print => "print",
        };
        Theme::named(name).unwrap_or_default()
    }
}

/// What the command draws and how.
#[derive(Clone, Copy, Debug)]
pub(super) struct Settings {
    pub format: DiagramFormat,
    pub svg: SvgOptions,
}

impl Settings {
    pub(super) fn from_args(args: &DiagramArgs) -> Result<Settings, CliError> {
        let output = if args.all { None } else { args.output.as_deref() };
        let format = format(args.format, output)?;
        let coordinates = match args.coordinates {
            CoordinatesArg::None => Coordinates::None,
            CoordinatesArg::Outside => Coordinates::Outside,
            CoordinatesArg::Inside => Coordinates::Inside,
        };
        let svg = SvgOptions {
            flip: args.flip,
            theme: args.theme.theme(),
            coordinates,
            caption: !args.no_caption,
            size: args.size,
            standalone: true,
        };
        Ok(Settings { format, svg })
    }
}

/// The format an output file's extension names, if it names one.
fn format_of_extension(path: &Path) -> Option<(&'static str, &'static [DiagramFormat])> {
    let extension = path.extension()?.to_str()?.to_ascii_lowercase();
    match extension.as_str() {
        "txt" => Some(("txt", &[DiagramFormat::Text, DiagramFormat::Unicode])),
        "svg" => Some(("svg", &[DiagramFormat::Svg])),
        "png" => Some(("png", &[DiagramFormat::Png])),
        "html" | "htm" => Some(("html", &[DiagramFormat::Html])),
        _ => None,
    }
}

/// The format asked for: `--format`, else the one the output's extension names,
/// else text. A format the extension contradicts is an error.
pub(super) fn format(given: Option<DiagramFormat>, output: Option<&Path>) -> Result<DiagramFormat, CliError> {
    let named = output.and_then(|path| format_of_extension(path).map(|f| (path, f)));
    match (given, named) {
        (Some(format), Some((path, (extension, fits)))) if !fits.contains(&format) => Err(CliError::Message(format!(
            "--format {} does not fit the extension .{extension} of {}",
            format.to_possible_value().map_or_else(String::new, |v| v.get_name().to_string()),
            path.display()
        ))),
        (Some(format), _) => Ok(format),
        (None, Some((_, (_, fits)))) => Ok(fits.first().copied().unwrap_or(DiagramFormat::Text)),
        (None, None) => Ok(DiagramFormat::Text),
    }
}

#[cfg(test)]
mod tests {
    use super::{format, DiagramFormat};
    use std::path::Path;

    #[test]
    fn the_format_follows_the_extension_unless_given() {
        assert_eq!(format(None, Some(Path::new("a/b.PNG"))).unwrap(), DiagramFormat::Png);
        assert_eq!(format(None, Some(Path::new("b.svg"))).unwrap(), DiagramFormat::Svg);
        assert_eq!(format(None, Some(Path::new("b.html"))).unwrap(), DiagramFormat::Html);
        assert_eq!(format(None, Some(Path::new("b.diagram"))).unwrap(), DiagramFormat::Text);
        assert_eq!(format(None, None).unwrap(), DiagramFormat::Text);
        assert_eq!(format(Some(DiagramFormat::Unicode), Some(Path::new("b.txt"))).unwrap(), DiagramFormat::Unicode);
        assert_eq!(format(Some(DiagramFormat::Svg), Some(Path::new("b.out"))).unwrap(), DiagramFormat::Svg);
    }

    #[test]
    fn a_format_the_extension_contradicts_is_refused() {
        let error = format(Some(DiagramFormat::Svg), Some(Path::new("board.png"))).unwrap_err();
        let crate::cli::CliError::Message(message) = error else { panic!("not a message: {error:?}") };
        assert!(message.contains("--format svg") && message.contains(".png"), "{message}");
    }
}
