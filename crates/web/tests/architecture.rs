//! Architecture invariants of dlock-web, checked rather than hoped for (see
//! ARCHITECTURE.md): each room imports only the rooms in the layers below
//! it, so a figure never imports `share` or `study`; no two sibling modules
//! import each other in a circle; only `browser` touches the browser's
//! globals; no listener is forgotten instead of removed; production code
//! never finds an element by its test id; and every file and function can
//! be read whole.

#[path = "../../core/tests/support/source_tree.rs"]
mod source_tree;

use source_tree::{import_circles, imports, read_tree, too_long, SourceFile};
use std::path::Path;

/// What only `browser/` may call: the window, the document, the address,
/// the history, and listeners on the window.
const BROWSER_GLOBALS: [&str; 6] = [
    "web_sys::window",
    "window()",
    "document()",
    "window_event_listener",
    ".location()",
    ".history()",
];

fn sources() -> Vec<SourceFile> {
    let files = read_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(files.len() >= 30, "expected every module, read {}", files.len());
    files
}

fn in_room(file: &SourceFile, room: &str) -> bool {
    file.module.first().is_some_and(|m| m == room)
}

#[test]
fn no_two_sibling_modules_import_each_other() {
    assert_eq!(import_circles(&sources()), Vec::<Vec<String>>::new());
}

/// The rooms in layers: each imports only the rooms before it (and its
/// own). A figure therefore never imports `share` or `study`, which sit
/// above the figures and place them on the page.
const ROOMS: [&str; 9] = [
    "settings", "browser", "draw", "state", "controls", "figures", "share", "study", "app",
];

fn layer(module: &[String]) -> Option<usize> {
    ROOMS
        .iter()
        .position(|room| module.first().is_some_and(|m| m == room))
}

#[test]
fn every_room_imports_only_the_rooms_below_it() {
    let files = sources();
    let mut found = Vec::new();
    for (module, targets) in imports(&files) {
        let Some(from) = layer(&module) else { continue };
        for target in targets {
            if layer(&target).is_some_and(|to| to > from) {
                found.push(format!("{} imports {}", module.join("::"), target.join("::")));
            }
        }
    }
    assert_eq!(found, Vec::<String>::new());
    // Every module of the crate is in a room (the crate root, the binaries
    // — the app's and the build's prerender — and the test-only generators
    // aside), so none escapes the rule.
    let binary = |f: &SourceFile| f.module.first().is_some_and(|m| m == "bin");
    let loose: Vec<String> = files
        .iter()
        .filter(|f| {
            !f.module.is_empty() && layer(&f.module).is_none() && f.module != ["arbitrary"] && !binary(f)
        })
        .map(|f| f.module.join("::"))
        .collect();
    assert_eq!(loose, Vec::<String>::new());
}

#[test]
fn only_the_browser_room_touches_the_browser_s_globals() {
    let mut found = Vec::new();
    for file in sources().iter().filter(|f| !in_room(f, "browser")) {
        for global in BROWSER_GLOBALS {
            if file.code.contains(global) {
                found.push(format!("{} uses {global}", file.path.display()));
            }
        }
    }
    assert_eq!(found, Vec::<String>::new());
}

/// A listener or a closure handed to the browser is removed when its
/// component is cleaned up (`browser::events`), never leaked for the life
/// of the page with `forget`.
#[test]
fn nothing_is_forgotten_instead_of_cleaned_up() {
    let found: Vec<String> = sources()
        .iter()
        .filter(|f| f.code.contains(".forget()") || f.code.contains("mem::forget"))
        .map(|f| f.path.display().to_string())
        .collect();
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn production_code_never_finds_an_element_by_its_test_id() {
    let mut found = Vec::new();
    for file in sources() {
        for (i, line) in file.code.lines().enumerate() {
            let selects = line.contains("[data-testid") || line.contains("get_attribute(\"data-testid\")");
            if selects {
                found.push(format!("{}:{}: {}", file.path.display(), i + 1, line.trim()));
            }
        }
    }
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn files_and_functions_can_be_read_whole() {
    assert_eq!(too_long(&sources()), Vec::<String>::new());
}
