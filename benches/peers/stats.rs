//! Medians of repeated timings, and how numbers are shown.

use std::time::Duration;

/// The median of `samples` (the lower middle one for an even count).
pub(crate) fn median(samples: &[Duration]) -> Duration {
    let mut sorted = samples.to_vec();
    sorted.sort();
    sorted.get(sorted.len().saturating_sub(1) / 2).copied().unwrap_or_default()
}

/// `1.23 M`, `456.7 k` or `89`.
pub(crate) fn human_rate(per_sec: f64) -> String {
    if per_sec >= 1e6 {
        format!("{:.2} M", per_sec / 1e6)
    } else if per_sec >= 1e3 {
        format!("{:.1} k", per_sec / 1e3)
    } else {
        format!("{per_sec:.0}")
    }
}

/// Peak memory in megabytes, or why it is missing.
pub(crate) fn memory(max_rss_kb: Option<u64>, measured: bool) -> String {
    match max_rss_kb {
        Some(kb) => format!("{:.1} MB", kb as f64 / 1024.0),
        None if measured => "-".to_string(),
        None => "n/a".to_string(),
    }
}
