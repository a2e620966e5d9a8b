//! Files a reader chooses: the text of the one picked in a file input, and
//! that text read as JSON by the browser's own parser.

use dlock_core::report::ImportProblem;
use leptos::prelude::*;

/// Reads the text of the file chosen in the input `ev` came from, then
/// hands it (or why it could not be read) to `then`. Nothing happens if no
/// file was chosen.
pub fn read_chosen_file(ev: &leptos::ev::Event, then: impl FnOnce(Result<String, String>) + 'static) {
    let input: web_sys::HtmlInputElement = event_target(ev);
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    let promise = file.text();
    leptos::task::spawn_local(async move {
        then(match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(text) => Ok(text.as_string().unwrap_or_default()),
            Err(_) => Err("the file could not be read".to_owned()),
        });
    });
}

/// `text` parsed by the browser's JSON parser, for serde-wasm-bindgen to
/// read with core's derived readers.
pub fn parse_json(text: &str) -> Result<wasm_bindgen::JsValue, String> {
    js_sys::JSON::parse(text).map_err(|_| "that file is not JSON".to_owned())
}

/// A reader's complaint as a reader sees it: serde-wasm-bindgen's errors
/// are JavaScript errors, written with their "Error: " prefix.
pub fn without_error_prefix(mut problem: ImportProblem) -> ImportProblem {
    if let Some(why) = problem.why.strip_prefix("Error: ") {
        problem.why = why.to_owned();
    }
    problem
}
