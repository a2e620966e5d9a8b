//! Entry point Trunk builds: install the panic hook, mount the app.

fn main() {
    dlock_web::panic_panel::install_panic_hook();
    leptos::mount::mount_to_body(dlock_web::App);
}
