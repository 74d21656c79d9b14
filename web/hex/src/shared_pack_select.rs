//! The level select of a pack opened from a link (`#pack=<code>`): its name, its
//! levels in order (all open: a designer's pack has no unlock order to keep) with
//! the ones cleared on this device marked, and a way back to the mode's level
//! select; and the list of such packs on the level select, to come back to one.

use leptos::prelude::*;

use crate::context::use_hex;
use crate::shared_packs::SharedPack;
use crate::strings::Text;
use web_core::chrome::{BackAction, ScreenHeader};
use web_core::i18n::tr;
use web_core::nav::clear_fragment;

/// The pack on screen ([`crate::context::HexCtx::shared_pack`]).
#[component]
pub fn SharedPackSelect() -> impl IntoView {
    let ctx = use_hex();
    let back = BackAction {
        label: Text::HexMenuLevels.into(),
        testid: "hex-shared-pack-back",
        run: Callback::new(move |_| {
            clear_fragment();
            ctx.show_select();
        }),
    };
    let body = move || {
        ctx.shared_pack
            .get()
            .map(|shared| view! { <PackLevels shared=shared/> })
    };
    view! {
        <div class="hex-select" data-testid="hex-shared-pack">
            <ScreenHeader title=Text::HexSharedPack back=back/>
            <div class="hex-select-body">{body}</div>
        </div>
    }
}

/// The pack's name, its progress, a 继续 to the first level not cleared, and its tiles.
#[component]
fn PackLevels(shared: SharedPack) -> impl IntoView {
    let ctx = use_hex();
    let n = shared.pack.levels.len();
    let code = StoredValue::new(shared.code.clone());
    let cleared = move |position: usize| {
        ctx.shared_packs
            .with(|s| code.with_value(|c| s.is_cleared(c, position + 1)))
    };
    let done = move || {
        ctx.shared_packs
            .with(|s| code.with_value(|c| s.cleared_count(c)))
    };
    let first_open = move || (0..n).find(|&i| !cleared(i));
    let tiles = (0..n)
        .map(|i| {
            let title = shared.pack.levels[i].title.clone().unwrap_or_default();
            view! {
                <button
                    class="hex-level"
                    class:is-cleared=move || cleared(i)
                    data-testid=format!("hex-shared-level-{}", i + 1)
                    data-cleared=move || cleared(i).to_string()
                    title=title
                    on:click=move |_| ctx.play_shared(i)
                >
                    <span class="hex-level-shape" aria-hidden="true"></span>
                    <span class="hex-level-num">{i + 1}</span>
                </button>
            }
        })
        .collect_view();
    let count = tr(Text::HexLevelsCount);
    let cleared_word = tr(Text::HexClearedCount);
    view! {
        <section class="hex-pack">
            <header class="hex-pack-head">
                <span class="hex-pack-title" data-testid="hex-shared-pack-title">{shared.pack.title.clone()}</span>
            </header>
            <p class="hex-pack-note" data-testid="hex-shared-pack-progress">
                {move || format!("{n} {} · {} {}/{n}", count(), cleared_word(), done())}
            </p>
            {move || first_open().map(|i| view! {
                <button class="hex-continue" data-testid="hex-shared-continue" on:click=move |_| ctx.play_shared(i)>
                    <span>{tr(Text::HexContinue)}</span>
                    <span class="hex-continue-id">{i + 1}</span>
                </button>
            })}
            <div class="hex-level-grid">{tiles}</div>
        </section>
    }
}

/// The packs opened from links on this device, the last opened first, each with
/// its progress; a pack whose code no longer reads (a newer app's) is left out.
#[component]
pub fn SharedPackList() -> impl IntoView {
    let ctx = use_hex();
    let entries = move || {
        ctx.shared_packs.with(|s| {
            s.recent()
                .into_iter()
                .filter_map(|code| {
                    let pack = engine::hex::pack_code::decode(&code).ok()?;
                    let done = s.cleared_count(&code);
                    Some((code, pack.title, pack.levels.len(), done))
                })
                .collect::<Vec<_>>()
        })
    };
    move || {
        let entries = entries();
        (!entries.is_empty()).then(|| {
            let items = entries
                .into_iter()
                .map(|(code, title, n, done)| {
                    view! {
                        <button class="hex-menu-item hex-shared-pack-entry" data-testid="hex-shared-pack-entry" on:click=move |_| ctx.open_pack_code(&code)>
                            <span>{title}</span>
                            <span class="hex-continue-id">{format!("{done}/{n}")}</span>
                        </button>
                    }
                })
                .collect_view();
            view! {
                <section class="hex-pack" data-testid="hex-shared-packs">
                    <h2 class="hex-section-title">{tr(Text::HexSharedPacks)}</h2>
                    {items}
                </section>
            }
        })
    }
}
