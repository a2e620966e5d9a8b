//! Architecture invariants of the command line and the lab, as core and
//! the web crate check theirs: no two sibling modules import each other,
//! and every file and function is short enough to read whole.

#[path = "../../core/tests/support/source_tree.rs"]
mod source_tree;

use source_tree::{import_circles, read_tree, too_long, SourceFile};
use std::path::Path;

/// The sources of the CLI (`crates/cli/src`) and of the lab
/// (`crates/lab/src`).
fn crates() -> [(&'static str, Vec<SourceFile>); 2] {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    ["cli", "lab"].map(|name| {
        let files = read_tree(&root.join(name).join("src"));
        assert!(
            files.len() >= 5,
            "{name}: expected every module, read {}",
            files.len()
        );
        (name, files)
    })
}

#[test]
fn no_two_sibling_modules_import_each_other() {
    let cycles: Vec<(&str, Vec<String>)> = crates()
        .into_iter()
        .flat_map(|(name, files)| import_circles(&files).into_iter().map(move |c| (name, c)))
        .collect();
    assert_eq!(cycles, []);
}

#[test]
fn files_and_functions_can_be_read_whole() {
    let long: Vec<String> = crates()
        .into_iter()
        .flat_map(|(_, files)| too_long(&files))
        .collect();
    assert_eq!(long, Vec::<String>::new());
}
