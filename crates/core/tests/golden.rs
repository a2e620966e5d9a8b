//! The whole study as text, pinned. A change to any number, word or column
//! of the transcripts shows up here as a diff. To accept an intended change:
//! `UPDATE_GOLDEN=1 cargo test -p dlock-core --test golden`.

use dlock_core::transcript;
use std::path::Path;

#[test]
fn the_demo_transcript_is_unchanged() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/demo.txt");
    let actual = transcript::demo();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &actual).expect("write golden file");
    }
    let expected =
        std::fs::read_to_string(&path).expect("golden file exists; run with UPDATE_GOLDEN=1 to create it");
    if actual != expected {
        let first = actual.lines().zip(expected.lines()).position(|(a, e)| a != e);
        panic!(
            "demo transcript differs from tests/golden/demo.txt (first differing line: {:?}); \
             rerun with UPDATE_GOLDEN=1 if the change is intended",
            first.map(|i| i + 1)
        );
    }
}
