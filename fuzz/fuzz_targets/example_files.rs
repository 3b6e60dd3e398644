//! The example-file reader (YAML) and checker on arbitrary text: reading never
//! panics, a text nested too deep is refused before the YAML parser, and every
//! example of a file that reads is checked without a panic.

#![no_main]

use arbiter::examples::{check_file, nesting_bound, read, MAX_EXAMPLE_NESTING};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(file) = read(text) else { return };
    assert!(nesting_bound(text) <= MAX_EXAMPLE_NESTING, "a text nested too deep was parsed");
    for checked in check_file(&file, false) {
        let _ = checked.passed();
    }
});
