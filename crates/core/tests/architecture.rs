//! Architecture invariants of dlock-core, checked rather than hoped for:
//! it depends on no browser crate and touches no clock, file or socket.

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
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut checked = 0;
    for entry in std::fs::read_dir(&src).expect("src dir") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("source file");
        for api in FORBIDDEN_APIS {
            assert!(!text.contains(api), "{} uses {api}", path.display());
        }
        checked += 1;
    }
    assert!(checked >= 10, "expected to check every module, checked {checked}");
}
