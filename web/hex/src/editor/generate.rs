//! The editor's generator panel: cells, holes, walls, spinners and seed for the
//! engine's seeded generator, which runs in the solver worker.

use engine::hex::generator::GenOptions;
use leptos::prelude::*;

use super::checker::Checker;
use super::toolbar::typed_number;
use crate::strings::Text;
use web_core::i18n::{tr, use_lang};
use web_core::worker_link::MAX_SAFE_SEED;

#[component]
pub fn GeneratePanel(checker: Checker) -> impl IntoView {
    let lang = use_lang();
    let options = RwSignal::new(GenOptions {
        cells: 20,
        holes: 0,
        walls: 2,
        spinners: 0,
        seed: 1,
        ..GenOptions::default()
    });
    let field = move |label: Text,
                      key: &'static str,
                      get: fn(&GenOptions) -> u64,
                      set: fn(&mut GenOptions, u64)| {
        view! {
            <label class="editor-field">
                <span>{tr(label)}</span>
                <input
                    type="number"
                    min="0"
                    data-testid=format!("editor-gen-{key}")
                    prop:value=move || options.with(|o| get(o).to_string())
                    on:change=move |ev| {
                        if let Some(v) = typed_number(&ev) {
                            options.update(|o| set(o, v));
                        }
                    }
                />
            </label>
        }
    };
    let generating = checker.generating;
    view! {
        <details class="editor-panel" open>
            <summary>{tr(Text::HexGenerate)}</summary>
            <div class="editor-gen">
                {field(Text::HexCells, "cells", |o| o.cells as u64, |o, v| o.cells = v as usize)}
                {field(Text::HexHoles, "holes", |o| o.holes as u64, |o, v| o.holes = v as usize)}
                {field(Text::HexWalls, "walls", |o| o.walls as u64, |o, v| o.walls = v as usize)}
                {field(Text::HexSpinners, "spinners", |o| o.spinners as u64, |o, v| o.spinners = v as usize)}
                {field(Text::HexSeed, "seed", |o| o.seed, |o, v| o.seed = v.min(MAX_SAFE_SEED))}
            </div>
            <button class="hex-menu-item" data-testid="editor-generate" disabled=move || generating.get()
                on:click=move |_| checker.generate(options.get_untracked())>
                {move || if generating.get() {
                    format!("{}…", Text::HexComputing.in_lang(lang.get()))
                } else {
                    Text::HexGenerate.in_lang(lang.get()).to_string()
                }}
            </button>
            {move || checker.gen_error.get().map(|e| view! { <p class="editor-verdict is-bad" data-testid="editor-gen-error">{e.text(lang.get())}</p> })}
        </details>
    }
}
