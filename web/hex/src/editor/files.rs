//! Getting a level out of the editor and in: try it, copy its share link, export
//! it as `levels/` JSON (through the host share sheet where there is one), and import JSON pasted or picked as a file.

use engine::hex::level_file::{level_to_string, parse_any, LevelError};
use leptos::prelude::*;

use web_core::host::share;

use super::status::{ShareWarning, Status};
use crate::context::{use_hex, LevelSource};
use crate::draft::Draft;
use crate::share_link::{links_available, send_link_for};
use crate::strings::Text;
use web_core::chrome::CopyNote;
use web_core::i18n::{tr, use_lang, Lang};

/// 试玩, 复制链接 and 导出 JSON, enabled while the draft is a valid level. A level not
/// proven unique asks before its link is made (`status`: the checks' answer).
#[component]
pub fn LevelActions(status: RwSignal<Status>) -> impl IntoView {
    let ctx = use_hex();
    let lang = use_lang();
    let link = RwSignal::new(String::new());
    let copied = RwSignal::new(None);
    let asking = RwSignal::new(None::<ShareWarning>);
    let valid = move || ctx.editor.with(|h| h.present().to_level().is_ok());
    let level = move || ctx.editor.with_untracked(|h| h.present().to_level()).ok();
    let on_try = move |_| {
        if let Some(level) = level() {
            ctx.play_custom(level, LevelSource::EditorTry);
        }
    };
    let share = move || {
        asking.set(None);
        if let Some(level) = level() {
            if let Some(text) = send_link_for(&level, copied) {
                link.set(text);
            }
        }
    };
    let on_copy = move |_| match status.with_untracked(Status::share_warning) {
        Some(w) => {
            copied.set(None);
            asking.set(Some(w));
        }
        None => share(),
    };
    // An edit answers the question differently: ask again on the next copy.
    Effect::new(move |_| {
        status.track();
        asking.set(None);
    });
    let on_export = move |_| {
        if let Some(level) = level() {
            share::send_file(&format!("{}.json", level.id), &level_to_string(&level));
        }
    };
    view! {
        <div class="editor-actions">
            <button class="hex-menu-item is-primary" data-testid="editor-try" disabled=move || !valid() on:click=on_try>{tr(Text::HexTry)}</button>
            {links_available().then(|| view! {
                <button class="hex-menu-item" data-testid="editor-copy-link" disabled=move || !valid() on:click=on_copy>{tr(Text::HexCopyLink)}</button>
            })}
            <button class="hex-menu-item" data-testid="editor-export" disabled=move || !valid() on:click=on_export>{tr(Text::HexExport)}</button>
        </div>
        {move || asking.get().map(|w| view! {
            <div class="editor-share-warning" role="alertdialog" data-testid="editor-share-warning" data-warning=format!("{w:?}")>
                <p>{move || w.text().in_lang(lang.get())}</p>
                <button class="hex-menu-item" data-testid="editor-share-anyway" on:click=move |_| share()>{tr(Text::HexShareAnyway)}</button>
                <button class="hex-menu-item" data-testid="editor-share-cancel" on:click=move |_| asking.set(None)>{tr(Text::HexShareCancel)}</button>
            </div>
        })}
        <CopyNote sent=copied of="level"/>
        <Show when=move || link.with(|l| !l.is_empty())>
            <input class="hex-link-field" data-testid="editor-link" readonly prop:value=move || link.get()/>
        </Show>
    }
}

/// Why pasted or picked JSON gave no level.
#[derive(Clone, Debug, PartialEq)]
enum ImportError {
    /// A pack without levels.
    NoLevels,
    /// One of the engine's loading problems.
    Level(LevelError),
}

impl ImportError {
    fn text(&self, lang: Lang) -> String {
        match self {
            ImportError::NoLevels => Text::HexPackHasNoLevels.in_lang(lang).to_string(),
            ImportError::Level(e) => crate::engine_text::level_error(e, lang),
        }
    }
}

/// 导入 JSON: the first level of pasted or picked JSON replaces the draft (as one
/// undoable edit); the engine's problems show, worded by the page, when it is not a level.
#[component]
pub fn ImportPanel(fit: RwSignal<bool>) -> impl IntoView {
    let ctx = use_hex();
    let lang = use_lang();
    let import_text = RwSignal::new(String::new());
    let import_errors = RwSignal::new(Vec::<ImportError>::new());
    let do_import = move |text: String| match parse_any(&text) {
        Ok(pack) if !pack.levels.is_empty() => {
            import_errors.set(Vec::new());
            let d = Draft::from_level(&pack.levels[0]);
            ctx.editor.maybe_update(|h| h.edit(|x| *x = d));
            fit.set(true);
        }
        Ok(_) => import_errors.set(vec![ImportError::NoLevels]),
        Err(errors) => import_errors.set(errors.into_iter().map(ImportError::Level).collect()),
    };
    let on_import = move |_| do_import(import_text.get_untracked());
    let on_file = move |ev: web_sys::Event| {
        share::read_picked_file(&ev, move |text| {
            import_text.set(text.clone());
            do_import(text);
        })
    };
    view! {
        <details class="editor-panel" open>
            <summary>{tr(Text::HexImport)}</summary>
            <textarea class="editor-import-text" data-testid="editor-import-text" rows="4"
                placeholder=move || if lang.get() == Lang::Zh { "粘贴关卡 JSON" } else { "Paste a level JSON" }
                prop:value=move || import_text.get()
                on:input=move |ev| import_text.set(event_target_value(&ev))></textarea>
            <input type="file" accept=".json,application/json" data-testid="editor-import-file" aria-label=tr(Text::HexImport) on:change=on_file/>
            <button class="hex-menu-item" data-testid="editor-import" on:click=on_import>{tr(Text::HexImport)}</button>
            <ul class="editor-import-errors" data-testid="editor-import-errors">
                {move || {
                    let l = lang.get();
                    import_errors.get().into_iter().map(|e| view! { <li data-testid="editor-import-error">{e.text(l)}</li> }).collect_view()
                }}
            </ul>
        </details>
    }
}
