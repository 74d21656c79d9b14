//! The level editor screen: the header, the toolbar, the canvas and the side
//! panel (status, title, try / copy link / export, generate, import, the pack
//! being collected). Drawing never
//! waits for the solver worker: checks and generation run there ([`checker`]).
//! The canvas also edits by keyboard ([`keyboard`]).
//! The document and its undo history are `crate::draft`.

pub mod canvas;
pub mod checker;
pub mod files;
pub mod generate;
pub mod keyboard;
pub mod pack;
pub mod status;
pub mod stuck;
pub mod toolbar;

use leptos::prelude::*;

use crate::context::use_hex;
use crate::strings::Text;
use canvas::Canvas;
use checker::Checker;
use files::{ImportPanel, LevelActions};
use generate::GeneratePanel;
use pack::PackPanel;
use status::StatusPanel;
use toolbar::{Tool, Toolbar};
use web_core::chrome::{BackAction, ScreenHeader};
use web_core::i18n::tr;

#[component]
pub fn EditorScreen() -> impl IntoView {
    let ctx = use_hex();
    let tool = RwSignal::new(Tool::Cell);
    let clue_n = RwSignal::new(1u32);
    let fit = RwSignal::new(false);
    let show_two = RwSignal::new(false);
    let show_stuck = RwSignal::new(false);
    let checker = Checker::start(fit, move || {
        show_two.set(false);
        show_stuck.set(false);
    });
    let status = checker.status;

    let back = BackAction {
        label: Text::HexMenuLevels.into(),
        testid: "editor-back",
        run: Callback::new(move |_| ctx.show_select()),
    };
    let title_value = move || ctx.editor.with(|h| h.present().title.clone());
    let on_title = move |ev: web_sys::Event| {
        let title = event_target_value(&ev);
        ctx.editor.maybe_update(|h| h.edit(|d| d.title = title));
    };

    view! {
        <div class="hex-editor" data-testid="hex-editor" data-tool=move || tool.get().key()>
            <ScreenHeader title=Text::HexEditor back=back/>
            <Toolbar tool=tool clue_n=clue_n fit=fit/>
            <div class="editor-main">
                <div class="editor-board-wrap">
                    <Canvas tool=tool clue_n=clue_n fit=fit status=status show_two=show_two show_stuck=show_stuck/>
                </div>
                <aside class="editor-side">
                    <StatusPanel status=status show_two=show_two show_stuck=show_stuck/>
                    <label class="editor-field">
                        <span>{tr(Text::HexTitle)}</span>
                        <input type="text" data-testid="editor-title" prop:value=title_value on:change=on_title/>
                    </label>
                    <LevelActions status=status/>
                    <GeneratePanel checker=checker/>
                    <ImportPanel fit=fit/>
                    <PackPanel/>
                </aside>
            </div>
        </div>
    }
}
