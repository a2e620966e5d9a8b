//! What a reader sees if the page ever panics: a panel naming the address
//! to report, instead of a page that silently stops responding.

use wasm_bindgen::JsCast;

/// Shows the panel (text only: nothing is parsed as markup).
pub fn show_panic_panel(details: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else { return };
    let address = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let Ok(panel) = document.create_element("div") else {
        return;
    };
    panel.set_class_name("panic-panel");
    let _ = panel.set_attribute("role", "alert");
    let _ = panel.set_attribute("tabindex", "-1");
    let _ = panel.set_attribute("data-testid", "panic-panel");
    if let Ok(h) = document.create_element("h2") {
        h.set_text_content(Some("dlock stopped working on this page"));
        let _ = panel.append_child(&h);
    }
    if let Ok(p) = document.create_element("p") {
        p.set_text_content(Some(&format!(
            "Please report this address, and what you did last, so the problem can be reproduced: {address}. Reloading the page starts again. Details: {details}"
        )));
        let _ = panel.append_child(&p);
    }
    let _ = body.insert_before(&panel, body.first_child().as_ref());
    if let Ok(el) = panel.dyn_into::<web_sys::HtmlElement>() {
        let _ = el.focus();
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console)]
    fn error(message: &str);
}

/// Logs panics to the console and shows the panel. The message names the
/// file and line; a JS stack would add only unnamed wasm frames, as the
/// release build keeps no function names.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let details = info.to_string();
        error(&details);
        show_panic_panel(&details);
    }));
}
