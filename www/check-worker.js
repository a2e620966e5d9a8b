// Starts the explorer's Web Worker: the worker's wasm-bindgen glue, then
// its module (both built by Trunk from src/bin/check_worker.rs). If the
// module cannot load, the page is told why, and shows it in the section.
importScripts('./dlock-check-worker.js');
wasm_bindgen({ module_or_path: './dlock-check-worker_bg.wasm' }).catch((e) => postMessage({ failed: String((e && e.message) || e) }));
