//! The editor's toolbar: the four painting tools, the clue number, undo, redo and
//! zoom to fit.

use leptos::prelude::*;

use crate::context::use_hex;
use crate::strings::Text;
use web_core::i18n::tr;

/// What a click on the canvas paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Cell,
    Wall,
    Clue,
    Spinner,
}

impl Tool {
    const ALL: [Tool; 4] = [Tool::Cell, Tool::Wall, Tool::Clue, Tool::Spinner];

    /// The `data-tool` / test id word.
    pub fn key(self) -> &'static str {
        match self {
            Tool::Cell => "cell",
            Tool::Wall => "wall",
            Tool::Clue => "clue",
            Tool::Spinner => "spinner",
        }
    }

    fn label(self) -> Text {
        match self {
            Tool::Cell => Text::HexToolCell,
            Tool::Wall => Text::HexToolWall,
            Tool::Clue => Text::HexToolClue,
            Tool::Spinner => Text::HexToolSpinner,
        }
    }
}

/// The number a value typed into a number field holds, if it is one.
pub fn typed_number(ev: &web_sys::Event) -> Option<u64> {
    event_target_value(ev).trim().parse().ok()
}

#[component]
pub fn Toolbar(tool: RwSignal<Tool>, clue_n: RwSignal<u32>, fit: RwSignal<bool>) -> impl IntoView {
    let ctx = use_hex();
    let tools = Tool::ALL
        .into_iter()
        .map(|t| {
            view! {
                <button
                    class="editor-tool"
                    class:is-active=move || tool.get() == t
                    aria-pressed=move || (tool.get() == t).to_string()
                    data-testid=format!("editor-tool-{}", t.key())
                    on:click=move |_| tool.set(t)
                >
                    {tr(t.label())}
                </button>
            }
        })
        .collect_view();
    let undo = move |_| ctx.editor.maybe_update(|h| h.undo());
    let redo = move |_| ctx.editor.maybe_update(|h| h.redo());
    let can_undo = move || ctx.editor.with(|h| h.can_undo());
    let can_redo = move || ctx.editor.with(|h| h.can_redo());
    view! {
        <div class="editor-toolbar" role="toolbar">
            <div class="editor-segmented">{tools}</div>
            <label class="editor-field editor-clue-field" class:is-hidden=move || tool.get() != Tool::Clue>
                <span>{tr(Text::HexToolClue)}</span>
                <input type="number" min="1" data-testid="editor-clue-number"
                    prop:value=move || clue_n.get().to_string()
                    on:input=move |ev| {
                        if let Some(v) = typed_number(&ev) {
                            clue_n.set(v.clamp(1, 10_000) as u32);
                        }
                    }/>
            </label>
            <button class="editor-tool" data-testid="editor-undo" disabled=move || !can_undo() on:click=undo>{tr(Text::HexUndo)}</button>
            <button class="editor-tool" data-testid="editor-redo" disabled=move || !can_redo() on:click=redo>{tr(Text::HexRedo)}</button>
            <button class="editor-tool" class:is-active=move || fit.get() data-testid="editor-fit"
                aria-pressed=move || fit.get().to_string()
                on:click=move |_| fit.update(|f| *f = !*f)>{tr(Text::HexFit)}</button>
        </div>
    }
}
