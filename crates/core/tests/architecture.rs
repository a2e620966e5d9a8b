//! Architecture invariants of dlock-core, checked rather than hoped for:
//! it depends on no browser crate, touches no clock, file or socket, its
//! modules import each other in no circle, and every file and function is
//! short enough to read whole.

#[path = "support/source_tree.rs"]
mod source_tree;

use source_tree::{function_lengths, import_circles, read_tree, too_long, SourceFile};
use std::path::Path;

const FORBIDDEN_DEPENDENCIES: [&str; 6] = ["web-sys", "js-sys", "wasm-bindgen", "leptos", "gloo", "plotters"];
const FORBIDDEN_APIS: [&str; 6] = [
    "std::time",
    "Instant::now",
    "SystemTime",
    "std::fs",
    "std::net",
    "HashMap",
];

fn sources() -> Vec<SourceFile> {
    let files = read_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(files.len() >= 15, "expected every module, read {}", files.len());
    files
}

#[test]
fn core_depends_on_no_browser_crate() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).expect("manifest");
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .expect("a [dependencies] table");
    let deps = deps.split("\n[").next().unwrap_or(deps);
    for name in FORBIDDEN_DEPENDENCIES {
        assert!(!deps.contains(name), "dlock-core must not depend on {name}");
    }
}

#[test]
fn core_source_reads_no_clock_and_does_no_io() {
    for file in sources() {
        for api in FORBIDDEN_APIS {
            assert!(!file.code.contains(api), "{} uses {api}", file.path.display());
        }
    }
}

#[test]
fn no_two_sibling_modules_import_each_other() {
    assert_eq!(import_circles(&sources()), Vec::<Vec<String>>::new());
}

/// ARCHITECTURE.md stays a map a newcomer reads in one sitting, and it
/// names every module core makes public: a new `pub mod` without its line
/// there fails here.
#[test]
fn the_architecture_map_is_short_and_names_every_public_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    assert!(
        map.lines().count() <= 250,
        "ARCHITECTURE.md has {} lines",
        map.lines().count()
    );
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).expect("lib.rs");
    let modules: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';'))
        .collect();
    assert!(modules.len() >= 20, "read {} modules", modules.len());
    let unnamed: Vec<&&str> = modules
        .iter()
        .filter(|m| !map.contains(&format!("`{m}`")) && !map.contains(&format!("`{m}/`")))
        .collect();
    assert!(unnamed.is_empty(), "ARCHITECTURE.md does not name {unnamed:?}");
}

#[test]
fn files_and_functions_can_be_read_whole() {
    assert_eq!(too_long(&sources()), Vec::<String>::new());
}

/// Writes `files` as a crate's `src/` in a directory of its own, reads it
/// back, and removes it.
fn read_fixture(name: &str, files: &[(&str, String)]) -> Vec<SourceFile> {
    let dir = std::env::temp_dir().join(format!("dlock-arch-{name}-{}", std::process::id()));
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("temp tree");
        std::fs::write(path, text).expect("write");
    }
    let read = read_tree(&dir);
    std::fs::remove_dir_all(&dir).expect("clean up");
    read
}

/// A circle through a parent and its child is a circle: `tools` names
/// `export`, whose `mod.rs` names its child `slide` by a bare path, and
/// `slide` names `tools`. Its twin: a parent and its children naming each
/// other, and nothing else, is no circle.
#[test]
fn the_source_reader_sees_a_circle_through_a_parent_and_its_child() {
    let circle = read_fixture(
        "circle",
        &[
            ("lib.rs", "mod export;\nmod tools;\n".to_owned()),
            ("tools.rs", "use crate::export::ExportButtons;\n".to_owned()),
            (
                "export/mod.rs",
                "mod slide;\nuse slide::png;\npub struct Format;\n".to_owned(),
            ),
            (
                "export/slide.rs",
                "use super::Format;\nfn title() -> &'static str { crate::tools::title() }\n".to_owned(),
            ),
        ],
    );
    assert_eq!(
        import_circles(&circle),
        [vec![
            "export".to_owned(),
            "export::slide".to_owned(),
            "tools".to_owned()
        ]]
    );
    let family = read_fixture(
        "family",
        &[
            ("lib.rs", "mod export;\n".to_owned()),
            (
                "export/mod.rs",
                "mod slide;\nmod svg;\npub use slide::png;\npub use svg::svg;\npub struct Format;\n"
                    .to_owned(),
            ),
            ("export/slide.rs", "use super::Format;\n".to_owned()),
            ("export/svg.rs", "use super::Format;\n".to_owned()),
        ],
    );
    assert_eq!(import_circles(&family), Vec::<Vec<String>>::new());
}

/// The reader of source trees finds what it is meant to: a cycle, and a
/// long function, in a tree made for the purpose.
#[test]
fn the_source_reader_sees_a_cycle_and_a_long_function() {
    let dir = std::env::temp_dir().join(format!("dlock-arch-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("room")).expect("temp tree");
    let long_body = "    let x = 1;\n".repeat(90);
    for (name, text) in [
        ("lib.rs", "mod a;\nmod room;\n".to_owned()),
        ("a.rs", "use crate::room::{b::{self, Thing}};\n".to_owned()),
        ("room/mod.rs", "pub mod b;\n".to_owned()),
        (
            "room/b.rs",
            format!("use crate::a;\npub fn long() {{\n{long_body}}}\n"),
        ),
    ] {
        std::fs::write(dir.join(name), text).expect("write");
    }
    let files = read_tree(&dir);
    let cycles = import_circles(&files);
    let lengths: Vec<(String, usize)> = files.iter().flat_map(function_lengths).collect();
    std::fs::remove_dir_all(&dir).expect("clean up");
    assert_eq!(cycles, [vec!["a".to_owned(), "room::b".to_owned()]]);
    assert_eq!(lengths, [("long".to_owned(), 92)]);
}
