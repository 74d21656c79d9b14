//! The editor's pack: levels collected from the draft into a named, ordered pack,
//! shared as one link (`#pack=<code>`), played as players will see it, exported or
//! imported as a `levels/` pack file (or a pack link or code pasted), and kept in
//! local storage under `mode:03-hex-walls:editorPack` (the `levels/` pack format)
//! between visits.

use engine::hex::level_file::{pack_to_string, parse_any, parse_pack, LevelError, Pack};
use engine::hex::pack_code::{self, EncodeError, PackError, MAX_LEVELS, MAX_TITLE_CHARS};
use leptos::prelude::*;

use crate::context::use_hex;
use crate::engine_text;
use crate::progress::{load_or_reset, Unreadable};
use crate::share_link::{send_pack_link, PACK_KEY};
use crate::strings::Text;
use web_core::host::share;
use web_core::i18n::{tr, use_lang, Lang};
use web_core::icon::{icon, Icon};
use web_core::nav::fragment_value;
use web_core::storage;

/// Where the editor's pack is kept.
pub const EDITOR_PACK_KEY: &str = "mode:03-hex-walls:editorPack";

/// Why the pack panel could not do what was asked.
#[derive(Clone, Debug, PartialEq)]
enum PackProblem {
    /// The pack cannot be written as a code.
    Encode(EncodeError),
    /// A pasted or picked pack code cannot be read.
    Code(PackError),
    /// A pasted or picked file is not a pack (or level) file.
    File(Vec<LevelError>),
    /// The pack already holds as many levels as a link carries.
    Full,
}

impl PackProblem {
    fn text(&self, lang: Lang) -> Vec<String> {
        match self {
            PackProblem::Encode(e) => vec![engine_text::pack_encode_error(e, lang)],
            PackProblem::Code(e) => vec![engine_text::pack_error(e, lang)],
            PackProblem::File(es) => es
                .iter()
                .map(|e| engine_text::level_error(e, lang))
                .collect(),
            PackProblem::Full => vec![engine_text::pack_encode_error(
                &EncodeError::TooManyLevels {
                    count: MAX_LEVELS + 1,
                },
                lang,
            )],
        }
    }
}

/// Gives the levels the ids and positions a pack file needs (`level-1`, …), so a
/// level added twice or levels from several files never clash.
fn renumber(pack: &mut Pack) {
    for (k, level) in pack.levels.iter_mut().enumerate() {
        level.id = format!("level-{}", k + 1);
        level.pack = Some(pack.pack);
        level.index = Some(k as u32 + 1);
    }
}

fn load() -> Pack {
    load_or_reset(EDITOR_PACK_KEY, |raw| match raw {
        None => Ok(Pack::default()),
        Some(text) => parse_pack(text).map_err(|e| Unreadable(format!("editorPack: {e:?}"))),
    })
}

fn save(pack: &Pack) {
    storage::write(EDITOR_PACK_KEY, &pack_to_string(pack));
}

/// A pack from pasted or picked text: a pack link or code, a `levels/` pack file,
/// or a single level file (a pack of one).
fn pack_from_text(text: &str) -> Result<Pack, PackProblem> {
    let text = text.trim();
    if text.starts_with('{') {
        let mut pack = parse_any(text).map_err(PackProblem::File)?;
        pack.pack = 0;
        return Ok(pack);
    }
    let code = match text.split_once('#') {
        Some((_, hash)) => fragment_value(hash, PACK_KEY).unwrap_or_default(),
        None => text.to_string(),
    };
    pack_code::decode(&code).map_err(PackProblem::Code)
}

/// The 关卡包 panel.
#[component]
pub fn PackPanel() -> impl IntoView {
    let pack = RwSignal::new(load());
    let problem = RwSignal::new(None::<PackProblem>);
    let link = RwSignal::new(String::new());
    let change = Callback::new(move |f: Box<dyn FnOnce(&mut Pack) + Send + Sync>| {
        pack.update(|p| {
            f(p);
            renumber(p);
        });
        pack.with_untracked(save);
        problem.set(None);
        link.set(String::new());
    });
    let lang = use_lang();
    let on_title = move |ev: web_sys::Event| {
        let title: String = event_target_value(&ev)
            .chars()
            .take(MAX_TITLE_CHARS)
            .collect();
        change.run(Box::new(move |p| p.title = title));
    };
    view! {
        <details class="editor-panel editor-pack" data-testid="editor-pack" open>
            <summary>{tr(Text::HexPackCollection)}</summary>
            <label class="editor-field">
                <span>{tr(Text::HexPackName)}</span>
                <input type="text" data-testid="editor-pack-title" maxlength=MAX_TITLE_CHARS
                    prop:value=move || pack.with(|p| p.title.clone()) on:change=on_title/>
            </label>
            <PackLevelList pack=pack change=change/>
            <PackActions pack=pack change=change problem=problem link=link/>
            <Show when=move || link.with(|l| !l.is_empty())>
                <input class="hex-link-field" data-testid="editor-pack-link" readonly prop:value=move || link.get()/>
            </Show>
            <PackImport change=change problem=problem/>
            <ul class="editor-import-errors" data-testid="editor-pack-errors">
                {move || {
                    let l = lang.get();
                    problem.get().map(|p| p.text(l)).unwrap_or_default().into_iter()
                        .map(|t| view! { <li data-testid="editor-pack-error">{t}</li> }).collect_view()
                }}
            </ul>
        </details>
    }
}

type Change = Callback<Box<dyn FnOnce(&mut Pack) + Send + Sync>>;

/// The pack's levels in order, each movable and removable.
#[component]
fn PackLevelList(pack: RwSignal<Pack>, change: Change) -> impl IntoView {
    let rows = move || {
        let titles: Vec<String> = pack.with(|p| {
            p.levels
                .iter()
                .map(|l| l.title.clone().unwrap_or_default())
                .collect()
        });
        let n = titles.len();
        titles
            .into_iter()
            .enumerate()
            .map(|(i, title)| {
                let swap = move |j: usize| change.run(Box::new(move |p| p.levels.swap(i, j)));
                view! {
                    <li class="editor-pack-level" data-testid="editor-pack-level">
                        <span class="editor-pack-pos">{i + 1}</span>
                        <span class="editor-pack-name">{title}</span>
                        <button class="hex-icon-button" data-testid="editor-pack-up" aria-label=tr(Text::HexMoveUp)
                            disabled=i == 0 on:click=move |_| swap(i.saturating_sub(1))>{icon(Icon::Up)}</button>
                        <button class="hex-icon-button" data-testid="editor-pack-down" aria-label=tr(Text::HexMoveDown)
                            disabled=i + 1 == n on:click=move |_| swap(i + 1)>{icon(Icon::Down)}</button>
                        <button class="hex-icon-button" data-testid="editor-pack-remove" aria-label=tr(Text::HexRemove)
                            on:click=move |_| change.run(Box::new(move |p| { p.levels.remove(i); }))>{icon(Icon::Close)}</button>
                    </li>
                }
            })
            .collect_view()
    };
    let empty = move || pack.with(|p| p.levels.is_empty());
    view! {
        <Show when=empty>
            <p class="hex-pack-note" data-testid="editor-pack-empty">{tr(Text::HexPackEmpty)}</p>
        </Show>
        <ol class="editor-pack-levels" data-testid="editor-pack-levels">{rows}</ol>
    }
}

/// 加入关卡包 (the draft, while it is a valid level), 复制关卡包链接, 试玩关卡包 and 导出.
#[component]
fn PackActions(
    pack: RwSignal<Pack>,
    change: Change,
    problem: RwSignal<Option<PackProblem>>,
    link: RwSignal<String>,
) -> impl IntoView {
    let ctx = use_hex();
    let copied = RwSignal::new(None);
    let valid = move || ctx.editor.with(|h| h.present().to_level().is_ok());
    let has_levels = move || pack.with(|p| !p.levels.is_empty());
    let on_add = move |_| {
        let Ok(level) = ctx.editor.with_untracked(|h| h.present().to_level()) else {
            return;
        };
        if pack.with_untracked(|p| p.levels.len()) >= MAX_LEVELS {
            problem.set(Some(PackProblem::Full));
            return;
        }
        change.run(Box::new(move |p| p.levels.push(level)));
    };
    let on_link = move |_| match pack.with_untracked(|p| send_pack_link(p, copied)) {
        Ok(Some(text)) => link.set(text),
        Ok(None) => {}
        Err(e) => problem.set(Some(PackProblem::Encode(e))),
    };
    let on_try = move |_| match pack.with_untracked(pack_code::encode) {
        Ok(code) => ctx.open_pack_code(&code),
        Err(e) => problem.set(Some(PackProblem::Encode(e))),
    };
    let on_export = move |_| {
        pack.with_untracked(|p| {
            let name = if p.title.trim().is_empty() {
                "pack"
            } else {
                p.title.trim()
            };
            share::send_file(&format!("{name}.json"), &pack_to_string(p));
        })
    };
    view! {
        <div class="editor-actions">
            <button class="hex-menu-item is-primary" data-testid="editor-pack-add" disabled=move || !valid() on:click=on_add>{tr(Text::HexPackAdd)}</button>
            {crate::share_link::links_available().then(|| view! {
                <button class="hex-menu-item" data-testid="editor-pack-copy-link" disabled=move || !has_levels() on:click=on_link>{tr(Text::HexPackCopyLink)}</button>
            })}
            <web_core::chrome::CopyNote sent=copied of="pack"/>
            <button class="hex-menu-item" data-testid="editor-pack-try" disabled=move || !has_levels() on:click=on_try>{tr(Text::HexPackTry)}</button>
            <button class="hex-menu-item" data-testid="editor-pack-export" disabled=move || !has_levels() on:click=on_export>{tr(Text::HexPackExport)}</button>
        </div>
    }
}

/// 导入关卡包: pasted or picked text replaces the pack, or its problems show.
#[component]
fn PackImport(change: Change, problem: RwSignal<Option<PackProblem>>) -> impl IntoView {
    let lang = use_lang();
    let text = RwSignal::new(String::new());
    let import = move |t: String| match pack_from_text(&t) {
        Ok(new) => change.run(Box::new(move |p| *p = new)),
        Err(e) => problem.set(Some(e)),
    };
    let on_file = move |ev: web_sys::Event| share::read_picked_file(&ev, import);
    view! {
        <textarea class="editor-import-text" data-testid="editor-pack-import-text" rows="2"
            placeholder=move || Text::HexPackImportHint.in_lang(lang.get())
            prop:value=move || text.get()
            on:input=move |ev| text.set(event_target_value(&ev))></textarea>
        <input type="file" accept=".json,.txt,application/json,text/plain" data-testid="editor-pack-import-file"
            aria-label=tr(Text::HexPackImport) on:change=on_file/>
        <button class="hex-menu-item" data-testid="editor-pack-import" on:click=move |_| import(text.get_untracked())>{tr(Text::HexPackImport)}</button>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::hex::level_file::parse_level;

    const LEVEL: &str = r#"{"id":"x","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0},{"id":"c","q":2,"r":0,"clue":3}]}"#;

    fn pack_of(n: usize) -> Pack {
        let mut p = Pack {
            title: "小包".into(),
            levels: (0..n).map(|_| parse_level(LEVEL).unwrap()).collect(),
            ..Pack::default()
        };
        renumber(&mut p);
        p
    }

    #[test]
    fn the_same_level_twice_still_makes_a_pack_file() {
        let p = pack_of(2);
        assert_eq!(parse_pack(&pack_to_string(&p)), Ok(p));
    }

    #[test]
    fn pasted_links_codes_and_files_give_the_pack() {
        let p = pack_of(3);
        let code = pack_code::encode(&p).unwrap();
        for text in [
            format!("https://example.org/app/#{PACK_KEY}={code}"),
            format!("  {code}\n"),
            pack_to_string(&p),
        ] {
            let got = pack_from_text(&text).unwrap();
            assert_eq!(got.title, "小包");
            assert_eq!(got.levels.len(), 3);
        }
        let cut = &code[..code.len() / 2];
        assert_eq!(
            pack_from_text(cut),
            Err(PackProblem::Code(pack_code::decode(cut).unwrap_err()))
        );
        assert!(matches!(
            pack_from_text("{\"levels\": 3}"),
            Err(PackProblem::File(_))
        ));
    }
}
