//! The run as text: the same lines the page shows and the CLI prints.
//!
//! [`events`] writes a run's events and grants, [`mod@describe`] its
//! parameters, [`story`] who held the lock and what the audits found, and
//! [`mod@demo`] puts them together into whole texts. The items are re-exported
//! here, so a caller says `transcript::event_lines` whichever file holds it.

pub mod demo;
pub mod describe;
pub mod events;
pub mod story;

pub use demo::{demo, grid_text, run_text};
pub use describe::{describe, describe_fault, describe_grid};
pub use events::{
    differing_lines, entry_line, entry_parts, event_lines, event_sentence, grant_rows, grant_table, lines_at,
    table, GRANT_COLUMNS,
};
pub use story::{
    audit_details, audit_lines, holder_line, holder_ticks, key_instants, overlapping_grants_meaning,
    AuditDetails, Instant,
};
