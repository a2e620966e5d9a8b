//! How outcomes look: the class a verdict is shown with. The colours
//! themselves are the stylesheet's (`www/style.css`); the heatmap's
//! canvas colours are its `Scheme`.

use dlock_core::Outcome;

/// The class a verdict is shown with: red for an outcome that damaged the
/// resource or wedged the lock, green otherwise.
pub fn verdict_class(o: Outcome) -> &'static str {
    match o {
        Outcome::Corrupt | Outcome::StaleAccepted | Outcome::LostUpdate | Outcome::Wedged => "verdict bad",
        Outcome::StaleRejected | Outcome::Clean => "verdict good",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_and_a_wedged_lock_are_bad_and_the_rest_good() {
        let bad: Vec<Outcome> = Outcome::ALL
            .into_iter()
            .filter(|&o| verdict_class(o) == "verdict bad")
            .collect();
        assert_eq!(
            bad,
            [
                Outcome::Corrupt,
                Outcome::StaleAccepted,
                Outcome::LostUpdate,
                Outcome::Wedged
            ]
        );
    }
}
