//! The clipboard, and the two ways round it where it refuses: a prompt
//! with the text selected, and the browser's own copy of a selection.

use wasm_bindgen::JsCast;

/// Hands `text` to the clipboard API and waits for its answer. False where
/// it refused, or where the page has none: it exists only in a secure
/// context (https, or http from localhost), and a page served over plain
/// http from a school's own server is neither.
pub async fn write(text: &str) -> bool {
    let written = web_sys::window()
        .map(|window| window.navigator().clipboard())
        .filter(|clipboard| !clipboard.is_undefined())
        .map(|clipboard| clipboard.write_text(text));
    match written {
        Some(promise) => wasm_bindgen_futures::JsFuture::from(promise).await.is_ok(),
        None => false,
    }
}

/// Offers `text` in a prompt, selected, for the reader to copy by hand. A
/// frame sandboxed without `allow-modals` drops the prompt without a word,
/// so callers say so beside their button as well.
pub fn offer_by_hand(message: &str, text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.prompt_with_message_and_default(message, text);
    }
}

/// Without the clipboard API: selects the text of `element` and has the
/// browser copy the selection, which it still does during a click. For
/// text of many lines, which a prompt would run into one. Returns whether
/// the browser copied; if it did not, the text stays selected for the
/// reader to copy.
pub fn copy_selection_of(element: &web_sys::Element) -> bool {
    let copied = || {
        let window = web_sys::window()?;
        let document = window.document()?;
        window.get_selection().ok()??.select_all_children(element).ok()?;
        document
            .dyn_into::<web_sys::HtmlDocument>()
            .ok()?
            .exec_command("copy")
            .ok()
    };
    copied().unwrap_or(false)
}

/// Puts `text` on the clipboard and says so in `status`. The clipboard API
/// can refuse (it always does in a page framed by another site without
/// `allow="clipboard-write"`), so its answer is awaited; where it refuses,
/// or the page has none ([`write()`]), the text is offered in a prompt,
/// selected, to copy by hand.
pub fn copy(text: &str, status: leptos::prelude::RwSignal<&'static str>, copied: &'static str) {
    use leptos::prelude::Set;
    let text = text.to_owned();
    leptos::task::spawn_local(async move {
        if write(&text).await {
            status.set(copied);
        } else {
            // Said beside the button as well: a frame sandboxed without
            // `allow-modals` drops the prompt without a word.
            status.set("Copying is blocked here.");
            offer_by_hand("Copying is blocked here; copy this by hand:", &text);
        }
    });
}
