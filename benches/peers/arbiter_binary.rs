//! Finding the release binary of arbiter, building it when it is missing.

use std::path::PathBuf;
use std::process::Command;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `target/release/arbiter`, looked for in the directories above this executable
/// (`target/release/deps/peers-HASH`).
fn next_to_this_executable() -> Option<PathBuf> {
    let exe_name = format!("arbiter{}", std::env::consts::EXE_SUFFIX);
    let me = std::env::current_exe().ok()?;
    me.ancestors().skip(1).take(4).map(|dir| dir.join(&exe_name)).find(|p| p.is_file())
}

/// The release binary and where it was found.
pub(crate) fn find_or_build() -> (PathBuf, &'static str) {
    if let Some(path) = option_env!("CARGO_BIN_EXE_arbiter").map(PathBuf::from).filter(|p| p.is_file()) {
        return (path, "CARGO_BIN_EXE_arbiter");
    }
    if let Some(path) = next_to_this_executable() {
        return (path, "next to the bench executable");
    }
    eprintln!("arbiter binary not found; running `cargo build --release --bin arbiter`");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "--bin", "arbiter"])
        .current_dir(manifest_dir())
        .status()
        .expect("cannot run cargo");
    assert!(status.success(), "cargo build --release --bin arbiter failed");
    let path = next_to_this_executable()
        .or_else(|| Some(manifest_dir().join("target/release/arbiter")).filter(|p| p.is_file()))
        .expect("arbiter binary still missing after cargo build");
    (path, "built by `cargo build --release --bin arbiter`")
}

/// The repository's own files (the default corpus, the python-chess script).
pub(crate) fn repository_file(relative: &str) -> PathBuf {
    manifest_dir().join(relative)
}
