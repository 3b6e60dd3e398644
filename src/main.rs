//! The `arbiter` command: parses the command line and maps the outcome to an exit code.

fn main() -> std::process::ExitCode {
    arbiter::cli::run()
}
