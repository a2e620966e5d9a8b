//! The playback cursor: play/pause, speed, single steps and a scrubber.
//! Playback only moves `settings.cursor`; it never starts by itself.

use crate::state::AppState;
use dlock_core::Tick;
use leptos::prelude::*;
use std::time::Duration;

/// What a key does to the cursor, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
    TogglePlay,
    Step(i64),
    Home,
    End,
    /// What a presenter's clicker sends: PageDown, PageUp.
    NextEvent,
    PreviousEvent,
}

pub fn key_action(key: &str) -> Option<KeyAction> {
    match key {
        " " | "Spacebar" => Some(KeyAction::TogglePlay),
        "ArrowLeft" => Some(KeyAction::Step(-1)),
        "ArrowRight" => Some(KeyAction::Step(1)),
        "Home" => Some(KeyAction::Home),
        "End" => Some(KeyAction::End),
        "PageDown" => Some(KeyAction::NextEvent),
        "PageUp" => Some(KeyAction::PreviousEvent),
        _ => None,
    }
}

/// Given to the presented figure's descendants: a figure with a cursor
/// listens to the window's keys, not only its own.
#[derive(Clone, Copy, Debug)]
pub struct KeysOnWindow;

/// Whether a key press belongs to the control it was typed into (a text
/// box, a list, a button), not to the presented figure.
pub fn typed_into_a_control(target_tag: &str) -> bool {
    matches!(
        target_tag.to_ascii_uppercase().as_str(),
        "INPUT" | "SELECT" | "TEXTAREA" | "BUTTON" | "SUMMARY"
    )
}

/// The cursor after a step, kept in `[0, last]`.
pub fn stepped(cursor: Option<Tick>, step: i64, last: Tick) -> Tick {
    let from = i64::from(cursor.unwrap_or(0));
    (from + step).clamp(0, i64::from(last)) as Tick
}

/// The cursor a playback bar moves: where it is, how to move it, and the
/// last tick it may reach. The page's run has one (`settings.cursor`), a
/// counterexample another (its tick in the URL).
#[derive(Clone, Copy)]
pub struct Cursor {
    pub get: Signal<Option<Tick>>,
    pub set: Callback<Option<Tick>>,
    pub last: Signal<Tick>,
    /// The ticks where something happens, which PageDown and PageUp
    /// step between (`history::event_ticks`).
    pub events: Signal<Vec<Tick>>,
}

impl Cursor {
    /// The page's main run's cursor.
    pub fn main(state: AppState) -> Cursor {
        Cursor {
            get: Signal::derive(move || state.cursor()),
            set: Callback::new(move |t| state.set_cursor(t)),
            last: Signal::derive(move || state.t_end.get().saturating_sub(1)),
            events: Signal::derive(move || state.run.with(dlock_core::history::event_ticks)),
        }
    }
}

#[derive(Clone, Copy)]
pub struct Playback {
    pub playing: RwSignal<bool>,
    pub ticks_per_second: RwSignal<u32>,
    pub cursor: Cursor,
}

impl Playback {
    pub fn new(cursor: Cursor) -> Playback {
        let playing = RwSignal::new(false);
        let ticks_per_second = RwSignal::new(4u32);
        Effect::new(move |_| {
            if !playing.get() {
                return;
            }
            let period = Duration::from_millis(u64::from(1000 / ticks_per_second.get().max(1)));
            // Read without tracking: this effect must re-run only when
            // playing or speed change, not on every step it makes.
            let last = cursor.last.get_untracked();
            let now = cursor.get.get_untracked();
            if now.is_none_or(|t| t >= last) {
                cursor.set.run(Some(0));
            }
            let advance = move || {
                let last = cursor.last.get_untracked();
                let now = cursor.get.get_untracked().unwrap_or(0);
                if now >= last {
                    playing.set(false);
                } else {
                    cursor.set.run(Some(now + 1));
                }
            };
            if let Ok(handle) = set_interval_with_handle(advance, period) {
                on_cleanup(move || handle.clear());
            }
        });
        Playback {
            playing,
            ticks_per_second,
            cursor,
        }
    }

    pub fn apply(&self, action: KeyAction) {
        let last = self.cursor.last.get_untracked();
        let now = self.cursor.get.get_untracked();
        match action {
            KeyAction::TogglePlay => self.playing.update(|p| *p = !*p),
            KeyAction::Step(step) => {
                self.playing.set(false);
                self.cursor.set.run(Some(stepped(now, step, last)));
            }
            KeyAction::Home => self.cursor.set.run(Some(0)),
            KeyAction::End => self.cursor.set.run(Some(last)),
            KeyAction::NextEvent => {
                self.playing.set(false);
                let next = self
                    .cursor
                    .events
                    .with_untracked(|e| dlock_core::history::next_event(e, now, last));
                self.cursor.set.run(Some(next));
            }
            KeyAction::PreviousEvent => {
                self.playing.set(false);
                let back = self
                    .cursor
                    .events
                    .with_untracked(|e| dlock_core::history::previous_event(e, now));
                self.cursor.set.run(Some(back));
            }
        }
    }
}

/// The bar: play or pause, a tick back or on, a scrubber, the speed, and
/// the whole run again. `testid_prefix` keeps two bars on one page apart
/// (`play`, `check-play`).
#[component]
pub fn PlaybackBar(
    playback: Playback,
    #[prop(optional)] testid_prefix: &'static str,
    /// Predicting the run: no tick chosen is the start, with nothing shown
    /// yet, not the whole run, and the bar says so.
    #[prop(optional, into)]
    predicting: Signal<bool>,
    /// More buttons at the end of the bar, for the figure it drives.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let cursor = playback.cursor;
    let id = move |name: &str| format!("{testid_prefix}{name}");
    let toggle = move |_| playback.apply(KeyAction::TogglePlay);
    let back = move |_| playback.apply(KeyAction::Step(-1));
    let forward = move |_| playback.apply(KeyAction::Step(1));
    let scrub = move |ev: leptos::ev::Event| {
        if let Ok(t) = event_target_value(&ev).parse::<Tick>() {
            playback.playing.set(false);
            cursor.set.run(Some(t));
        }
    };
    let clear = move |_| {
        playback.playing.set(false);
        cursor.set.run(None);
    };
    let speed = move |ev: leptos::ev::Event| {
        if let Ok(v) = event_target_value(&ev).parse::<u32>() {
            playback.ticks_per_second.set(v.clamp(1, 32));
        }
    };
    view! {
        <div class="playback" data-testid=id("playback")>
            <button type="button" data-testid=id("play") on:click=toggle
                aria-label=move || if playback.playing.get() { "Pause" } else { "Play" }
                prop:textContent=move || if playback.playing.get() { "❚❚ Pause" } else { "▶ Play" }>
            </button>
            <button type="button" data-testid=id("step-back") on:click=back title="One tick back">"◀ 1 tick"</button>
            <button type="button" data-testid=id("step-forward") on:click=forward title="One tick forward">"1 tick ▶"</button>
            <input type="range" data-testid=id("scrubber") aria-label="Cursor tick" min="0" max=move || cursor.last.get()
                prop:value=move || cursor.get.get().unwrap_or(0) on:input=scrub />
            <span class="cursor-readout" prop:textContent=move || readout(cursor.get.get(), predicting.get())></span>
            <label>
                "speed "
                <select on:change=speed aria-label="Ticks per second">
                    <option value="2">"2 ticks/s"</option>
                    <option value="4" selected>"4 ticks/s"</option>
                    <option value="8">"8 ticks/s"</option>
                    <option value="16">"16 ticks/s"</option>
                </select>
            </label>
            <button type="button" data-testid=id("clear-cursor") on:click=clear
                prop:textContent=move || if predicting.get() { "Start again" } else { "Show whole run" }></button>
            {children.map(|c| c())}
        </div>
    }
}

/// What the bar says of the cursor: its tick, or, with none chosen, the
/// whole run, or while predicting, the start.
pub fn readout(cursor: Option<Tick>, predicting: bool) -> String {
    match (cursor, predicting) {
        (Some(t), _) => format!("t={t}"),
        (None, false) => "whole run".to_owned(),
        (None, true) => "before t=0".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predicting_no_tick_is_the_start_not_the_whole_run() {
        assert_eq!(readout(None, false), "whole run");
        assert_eq!(readout(None, true), "before t=0");
        assert_eq!(readout(Some(4), true), readout(Some(4), false));
    }

    #[test]
    fn keys_map_to_actions() {
        assert_eq!(key_action(" "), Some(KeyAction::TogglePlay));
        assert_eq!(key_action("ArrowLeft"), Some(KeyAction::Step(-1)));
        assert_eq!(key_action("End"), Some(KeyAction::End));
        // A presenter's clicker sends these.
        assert_eq!(key_action("PageDown"), Some(KeyAction::NextEvent));
        assert_eq!(key_action("PageUp"), Some(KeyAction::PreviousEvent));
        assert_eq!(key_action("a"), None);
    }

    #[test]
    fn keys_typed_into_a_control_stay_there() {
        assert!(typed_into_a_control("input") && typed_into_a_control("BUTTON"));
        assert!(!typed_into_a_control("DIV") && !typed_into_a_control("svg"));
    }

    #[test]
    fn steps_stay_inside_the_run() {
        assert_eq!(stepped(None, 1, 17), 1);
        assert_eq!(stepped(Some(0), -1, 17), 0);
        assert_eq!(stepped(Some(17), 1, 17), 17);
        assert_eq!(stepped(Some(5), -3, 17), 2);
    }
}
