//! Entry point Trunk builds: install the panic hook, mount the app, go to
//! the section the link names, remove index.html's loading line, and mark
//! the moment the first render is in the DOM (read by the browser benchmark
//! as navigation start → "dlock:first-render").

fn main() {
    dlock_web::browser::panic_panel::install_panic_hook();
    leptos::mount::mount_to_body(dlock_web::App);
    dlock_web::browser::url::follow_fragment_again();
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("[data-boot]").ok().flatten())
    {
        boot.remove();
    }
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark("dlock:first-render");
    }
}
