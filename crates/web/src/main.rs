//! Entry point Trunk builds: install the panic hook, mount the app, remove
//! index.html's opening drawn ahead and its loading line (before going to
//! a section: removed afterwards, they would pull the section out of
//! place), go to the section the link names, and mark the moment the first
//! render is in the DOM (read by the browser benchmark as navigation start
//! → "dlock:first-render").

fn main() {
    dlock_web::browser::panic_panel::install_panic_hook();
    leptos::mount::mount_to_body(dlock_web::App);
    dlock_web::browser::document::remove_boot_line();
    dlock_web::browser::url::follow_fragment_again();
    dlock_web::browser::timing::mark("dlock:first-render");
}
