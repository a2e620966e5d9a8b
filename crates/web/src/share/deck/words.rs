//! A slide in words, for the handout under its picture: the parameters
//! it was computed with, as `dlock run` says them, and the commands that
//! print the same thing.

use crate::settings::{Figure, Settings};
use dlock_core::command;
use dlock_core::transcript::{describe, describe_grid};

/// What the handout writes under a slide: a line of its parameters, if
/// the figure has any of the reader's, and the commands that compute it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlideText {
    pub line: Option<String>,
    pub commands: Vec<String>,
}

/// `figure` shown with `s`, in words.
pub fn slide_text(figure: Figure, s: &Settings) -> SlideText {
    let p = &s.params;
    let run = || Some(describe(p));
    let (line, commands) = match figure {
        Figure::Timeline | Figure::Audit | Figure::Recheck | Figure::Sweeps => {
            (run(), vec![command::study_command(p)])
        }
        Figure::Heatmap => (
            Some(describe_grid(p)),
            vec![command::grid_command(p, &s.heat_ttls, &s.heat_pauses)],
        ),
        Figure::Acquiring => (run(), vec![command::acquire_grid_command(p)]),
        Figure::Argument => {
            let cell = s.cell.map_or(String::new(), |c| format!(" --cell {}", c.code()));
            (None, vec![format!("dlock argument{cell}")])
        }
        Figure::Check => {
            let (rows, bound) = (s.check.rows(), s.check.bound());
            let shown = s
                .check
                .shown
                .as_ref()
                .and_then(|shown| rows.get(usize::from(shown.row)));
            let commands = match shown {
                Some(row) => vec![command::check_command(row, &bound)],
                None => rows
                    .iter()
                    .map(|row| command::check_command(row, &bound))
                    .collect(),
            };
            (None, commands)
        }
        Figure::Real => (None, vec!["dlock lab".to_owned()]),
        Figure::Debate => (None, Vec::new()),
        Figure::Beyond(scenario) => {
            let values = s.knob_values(scenario);
            let run = scenario.run(&values);
            (
                Some(describe(&run.params)),
                vec![command::scenario_command(scenario, &values)],
            )
        }
    };
    SlideText { line, commands }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::parse;

    #[test]
    fn a_slide_says_its_parameters_in_dlock_run_s_words_and_its_command() {
        let s = parse("?ttl=25&fencing=1").0;
        let text = slide_text(Figure::Timeline, &s);
        assert_eq!(text.line, Some(describe(&s.params)));
        assert_eq!(text.commands, [command::study_command(&s.params)]);
        assert!(text.commands[0].starts_with("dlock run") && text.commands[0].contains("--fencing"));
        let heat = slide_text(Figure::Heatmap, &s);
        assert!(heat.commands[0].starts_with("dlock grid"), "{heat:?}");
        let cell = dlock_core::explore::argument::Cell::all()[2];
        let with_cell = parse(&format!("?cell={}", cell.code())).0;
        assert_eq!(
            slide_text(Figure::Argument, &with_cell).commands,
            [format!("dlock argument --cell {}", cell.code())]
        );
        // The matrix is a check a row.
        let check = slide_text(Figure::Check, &s);
        assert_eq!(check.commands.len(), s.check.rows().len());
        assert!(check.commands.iter().all(|c| c.starts_with("dlock check")));
        // Every figure has words, and every command is dlock's.
        for figure in Figure::ALL {
            let text = slide_text(figure, &Settings::default());
            assert!(
                text.commands.iter().all(|c| c.starts_with("dlock ")),
                "{figure:?}"
            );
        }
    }
}
