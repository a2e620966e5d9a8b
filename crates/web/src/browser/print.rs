//! Printing one section alone: the section is marked, the page is marked
//! as printing one, and the stylesheet's print rules leave out every other
//! section. The marks come off when the browser says printing is over.

use wasm_bindgen::JsCast;

/// The attribute on the root element while one section prints alone, and
/// on that section.
const MARK: &str = "data-print-one";

/// Prints the section with this `id` and nothing else of the study. A
/// frame sandboxed without `allow-modals` refuses to print; then the marks
/// come off at once, as the browser sends no `afterprint`.
pub fn print_section(id: &str) {
    let Some(window) = web_sys::window() else { return };
    let Some(document) = window.document() else { return };
    let (Some(root), Some(section)) = (document.document_element(), document.get_element_by_id(id)) else {
        return;
    };
    clear_marks();
    let _ = root.set_attribute(MARK, "");
    let _ = section.set_attribute(MARK, "");
    if window.print().is_err() {
        clear_marks();
    }
}

/// Takes the marks of [`print_section`] off: the next print, by the
/// browser's menu or Ctrl+P, is the whole study again.
pub fn clear_marks() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(marked) = document.query_selector_all(&format!("[{MARK}]")) {
        for i in 0..marked.length() {
            if let Some(el) = marked.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) {
                let _ = el.remove_attribute(MARK);
            }
        }
    }
}

/// Prints the page as it is (the deck's handout). A frame sandboxed
/// without `allow-modals` refuses, and nothing happens.
pub fn print_page() {
    if let Some(window) = web_sys::window() {
        let _ = window.print();
    }
}
