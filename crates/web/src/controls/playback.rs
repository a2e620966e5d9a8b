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
}

pub fn key_action(key: &str) -> Option<KeyAction> {
    match key {
        " " | "Spacebar" => Some(KeyAction::TogglePlay),
        "ArrowLeft" => Some(KeyAction::Step(-1)),
        "ArrowRight" => Some(KeyAction::Step(1)),
        "Home" => Some(KeyAction::Home),
        "End" => Some(KeyAction::End),
        _ => None,
    }
}

/// The cursor after a step, kept in `[0, last]`.
pub fn stepped(cursor: Option<Tick>, step: i64, last: Tick) -> Tick {
    let from = i64::from(cursor.unwrap_or(0));
    (from + step).clamp(0, i64::from(last)) as Tick
}

#[derive(Clone, Copy)]
pub struct Playback {
    pub playing: RwSignal<bool>,
    pub ticks_per_second: RwSignal<u32>,
}

impl Playback {
    pub fn new(state: AppState) -> Playback {
        let playing = RwSignal::new(false);
        let ticks_per_second = RwSignal::new(4u32);
        Effect::new(move |_| {
            if !playing.get() {
                return;
            }
            let period = Duration::from_millis(u64::from(1000 / ticks_per_second.get().max(1)));
            // Read without tracking: this effect must re-run only when
            // playing or speed change, not on every step it makes.
            let last = state.t_end.get_untracked().saturating_sub(1);
            let now = state.settings.with_untracked(|s| s.cursor);
            if now.is_none_or(|t| t >= last) {
                state.set_cursor(Some(0));
            }
            let advance = move || {
                let last = state.t_end.get_untracked().saturating_sub(1);
                let now = state.settings.with_untracked(|s| s.cursor).unwrap_or(0);
                if now >= last {
                    playing.set(false);
                } else {
                    state.set_cursor(Some(now + 1));
                }
            };
            if let Ok(handle) = set_interval_with_handle(advance, period) {
                on_cleanup(move || handle.clear());
            }
        });
        Playback {
            playing,
            ticks_per_second,
        }
    }

    pub fn apply(&self, state: AppState, action: KeyAction) {
        let last = state.t_end.get_untracked().saturating_sub(1);
        let cursor = state.settings.with_untracked(|s| s.cursor);
        match action {
            KeyAction::TogglePlay => self.playing.update(|p| *p = !*p),
            KeyAction::Step(step) => {
                self.playing.set(false);
                state.set_cursor(Some(stepped(cursor, step, last)));
            }
            KeyAction::Home => state.set_cursor(Some(0)),
            KeyAction::End => state.set_cursor(Some(last)),
        }
    }
}

#[component]
pub fn PlaybackBar(state: AppState, playback: Playback) -> impl IntoView {
    let last = move || state.t_end.get().saturating_sub(1);
    let toggle = move |_| playback.apply(state, KeyAction::TogglePlay);
    let back = move |_| playback.apply(state, KeyAction::Step(-1));
    let forward = move |_| playback.apply(state, KeyAction::Step(1));
    let scrub = move |ev: leptos::ev::Event| {
        if let Ok(t) = event_target_value(&ev).parse::<Tick>() {
            playback.playing.set(false);
            state.set_cursor(Some(t));
        }
    };
    let clear = move |_| {
        playback.playing.set(false);
        state.set_cursor(None);
    };
    let speed = move |ev: leptos::ev::Event| {
        if let Ok(v) = event_target_value(&ev).parse::<u32>() {
            playback.ticks_per_second.set(v.clamp(1, 32));
        }
    };
    view! {
        <div class="playback" data-testid="playback">
            <button type="button" data-testid="play" on:click=toggle
                aria-label=move || if playback.playing.get() { "Pause" } else { "Play" }
                prop:textContent=move || if playback.playing.get() { "❚❚ Pause" } else { "▶ Play" }>
            </button>
            <button type="button" data-testid="step-back" on:click=back title="One tick back">"◀ 1 tick"</button>
            <button type="button" data-testid="step-forward" on:click=forward title="One tick forward">"1 tick ▶"</button>
            <input type="range" data-testid="scrubber" aria-label="Cursor tick" min="0" max=last
                prop:value=move || state.cursor().unwrap_or(0) on:input=scrub />
            <span class="cursor-readout" prop:textContent=move || state.cursor().map_or("whole run".to_owned(), |t| format!("t={t}"))></span>
            <label>
                "speed "
                <select on:change=speed aria-label="Ticks per second">
                    <option value="2">"2 ticks/s"</option>
                    <option value="4" selected>"4 ticks/s"</option>
                    <option value="8">"8 ticks/s"</option>
                    <option value="16">"16 ticks/s"</option>
                </select>
            </label>
            <button type="button" data-testid="clear-cursor" on:click=clear>"Show whole run"</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_to_actions() {
        assert_eq!(key_action(" "), Some(KeyAction::TogglePlay));
        assert_eq!(key_action("ArrowLeft"), Some(KeyAction::Step(-1)));
        assert_eq!(key_action("End"), Some(KeyAction::End));
        assert_eq!(key_action("a"), None);
    }

    #[test]
    fn steps_stay_inside_the_run() {
        assert_eq!(stepped(None, 1, 17), 1);
        assert_eq!(stepped(Some(0), -1, 17), 0);
        assert_eq!(stepped(Some(17), 1, 17), 17);
        assert_eq!(stepped(Some(5), -3, 17), 2);
    }
}
