//! Entry point Trunk builds: install the panic hook, mount the app.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(dlock_web::App);
}
