//! The explorer's Web Worker, a wasm module of its own (Trunk builds it
//! with `data-type="worker"`): the page sends it the configurations and
//! the bound, and it searches them off the page's thread
//! (`dlock_web::browser::worker::serve`). Native builds have nothing to
//! serve.

fn main() {
    #[cfg(target_arch = "wasm32")]
    if let Err(e) = dlock_web::browser::worker::serve::serve() {
        web_sys::console::error_1(&e);
    }
}
