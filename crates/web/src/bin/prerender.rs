//! Writes the page's opening (`study::opening::prerendered`) to the file
//! named by its one argument. Trunk runs it before every build (Trunk.toml)
//! and inlines the file into index.html, so the first screen is drawn
//! before the wasm has arrived.

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: prerender OUTPUT.html");
        return ExitCode::from(2);
    };
    let path = std::path::PathBuf::from(path);
    if let Some(dir) = path.parent() {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("prerender: cannot create {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    }
    match std::fs::write(&path, dlock_web::study::opening::prerendered()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("prerender: cannot write {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}
