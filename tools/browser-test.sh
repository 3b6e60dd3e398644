#!/usr/bin/env bash
# Runs the HTML game page in a real headless browser (tests/browser.rs).
# Needs Debian's chromium (apt-get install chromium), or ARBITER_CHROMIUM naming
# another Chromium binary; fails when none can be started.
set -euo pipefail
cd "$(dirname "$0")/.."
browser="${ARBITER_CHROMIUM:-chromium}"
if ! command -v "$browser" >/dev/null; then
    echo "browser-test: no browser: install chromium or set ARBITER_CHROMIUM" >&2
    exit 1
fi
cargo test --locked --test browser -- --nocapture "$@"
