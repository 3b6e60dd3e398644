//! The integration tests, as one test binary: linking one binary against the library
//! and the test dependencies is much faster than linking one per file. A new test file
//! is a module here (see `tests/README.md`).

mod common;
mod test;

mod bellows;
mod bouncing;
mod bubble_fizz;
mod cli;
mod diagnostics;
mod diagram_formats;
mod diagram_golden;
mod differential;
mod examples;
mod export_notations;
mod hostile;
mod hostile_fizz;
mod json_schema;
mod koopa;
mod outputs;
mod perft;
mod properties;
mod reading;
mod readme;
mod reference;
mod refusal_truth;
mod refusals;
mod robust;
mod status;
mod svg;
mod tilting;
