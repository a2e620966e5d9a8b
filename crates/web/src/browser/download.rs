//! Handing a file to the browser as a download, from memory: a Blob URL
//! or a canvas's data URL on a temporary link. No request leaves the page.

use serde::Serialize;
use wasm_bindgen::JsCast;

/// Offers `parts` as a file through a Blob URL, revoked once the link is
/// clicked (the browser has taken the data by then).
fn download(name: &str, mime: &str, parts: &js_sys::Array) -> Result<(), String> {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(parts, &options)
        .map_err(|_| "could not build the file".to_owned())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| "could not offer the file".to_owned())?;
    let clicked = click_download(name, &url);
    let _ = web_sys::Url::revoke_object_url(&url);
    clicked
}

/// Offers `url` as a download named `name` through a temporary link.
fn click_download(name: &str, url: &str) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "no anchor")?
        .unchecked_into();
    a.set_href(url);
    a.set_download(name);
    a.click();
    Ok(())
}

/// Offers `text` as a file named `name`.
pub fn download_text(name: &str, mime: &str, text: &str) -> Result<(), String> {
    download(name, mime, &js_sys::Array::of1(&text.into()))
}

/// Offers the canvas as a PNG file. The data URL is only followed as a
/// download, never loaded as an image, so `img-src` does not apply.
pub fn download_canvas_png(name: &str, canvas: &web_sys::HtmlCanvasElement) -> Result<(), String> {
    let url = canvas
        .to_data_url_with_type("image/png")
        .map_err(|_| "could not encode the PNG".to_owned())?;
    click_download(name, &url)
}

/// `report` as the JSON text the page exports: unset optional fields
/// written as null, and maps (a grid's counts, a run report's flattened
/// audit) as objects, as the CLI's JSON has them. The browser's own
/// `JSON.stringify` writes it.
pub fn json_text<T: Serialize>(report: &T) -> Result<String, String> {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    let value = report.serialize(&serializer).map_err(|e| e.to_string())?;
    let text =
        js_sys::JSON::stringify_with_replacer_and_space(&value, &wasm_bindgen::JsValue::NULL, &2.into())
            .map_err(|_| "could not write JSON".to_owned())?;
    Ok(String::from(text))
}

/// Offers `value` as a JSON file named `name`, written as [`json_text`].
pub fn download_json<T: Serialize>(name: &str, value: &T) -> Result<(), String> {
    download_text(name, "application/json", &json_text(value)?)
}
