//! Writes what index.html inlines from the build into the directory named
//! by its one argument: the page's opening (`study::opening::prerendered`),
//! so the first screen is drawn before the wasm has arrived, and the fault
//! × remedy table's searches (`figures::argument::shipped`), so the table
//! is whole at once. Trunk runs it before every build (Trunk.toml).

use std::path::Path;
use std::process::ExitCode;

fn write(dir: &Path, name: &str, text: &str) -> Result<(), String> {
    let path = dir.join(name);
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn main() -> ExitCode {
    let Some(dir) = std::env::args_os().nth(1) else {
        eprintln!("usage: prerender OUTPUT-DIRECTORY");
        return ExitCode::from(2);
    };
    let dir = std::path::PathBuf::from(dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("prerender: cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    use dlock_web::figures::argument::shipped;
    let written = write(&dir, "opening.html", &dlock_web::study::opening::prerendered()).and_then(|()| {
        write(
            &dir,
            "argument.html",
            &shipped::markup(&shipped::search_every_cell()),
        )
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("prerender: {e}");
            ExitCode::FAILURE
        }
    }
}
