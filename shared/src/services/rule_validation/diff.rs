//! The difference download: a unified diff (as `diff -u` writes it) of the text of an
//! institute's previous validation document against the text of this one, by lines, with
//! [`similar`]'s Myers diff under a time limit (past it, the diff is coarser but still right).

use std::time::Duration;

use similar::TextDiff;

/// The name of the download (docs/domain.md#constants).
pub const FILE_NAME: &str = "diff.txt";

/// Longest time spent looking for the smallest diff of two long texts.
const DIFF_TIMEOUT: Duration = Duration::from_secs(5);

/// Lines of context around each change.
const CONTEXT_LINES: usize = 3;

/// The unified diff of `old` (from file `old_name`) against `new` (from `new_name`); empty
/// when the texts are the same.
pub fn unified(old_name: &str, old: &str, new_name: &str, new: &str) -> String {
    TextDiff::configure()
        .timeout(DIFF_TIMEOUT)
        .diff_lines(old, new)
        .unified_diff()
        .context_radius(CONTEXT_LINES)
        .header(old_name, new_name)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diff_names_both_files_and_the_changed_lines() {
        let old = "CONTRATTO\nTAN 5%\nTAEG 6%\nFirma\n";
        let new = "CONTRATTO\nTAN 5,5%\nTAEG 6%\nFirma\nAllegato A\n";
        let diff = unified("v1.pdf", old, "v2.pdf", new);
        assert!(diff.starts_with("--- v1.pdf\n+++ v2.pdf\n"), "{diff}");
        assert!(diff.contains("\n-TAN 5%\n+TAN 5,5%\n"), "{diff}");
        assert!(diff.contains("\n+Allegato A\n"), "{diff}");
        assert!(diff.contains("\n TAEG 6%\n"), "{diff}");
        assert_eq!(unified("a", old, "b", old), "");
    }
}
