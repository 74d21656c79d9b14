//! Getting a game out of the review and in: export the action log as a JSON
//! file in the replay command's format, import such a file (picked or pasted)
//! or a game link, and say in a sentence what is wrong with one that fails.

use leptos::prelude::*;

use engine::baifang::game_file::{self, FileError};
use engine::baifang::game_link::{self, GameRecord, LinkError};

use super::strings::{file_error_words, link_error_words, ReviewText};
use web_core::host::share;
use web_core::i18n::{use_lang, Lang};
use web_core::nav::fragment_value;

/// The name an exported game file gets.
pub const FILE_NAME: &str = "baifang-game.json";

/// Why imported text opened no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    File(FileError),
    Link(LinkError),
}

/// The game in pasted or picked text: a JSON action list (`[` or `{` first),
/// else a game link or its bare code. A JSON file carries no player labels.
pub fn read_import(text: &str) -> Result<GameRecord, ImportError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('[') || text.starts_with('{') {
        let game = game_file::from_json(text).map_err(ImportError::File)?;
        return Ok(GameRecord::new(["", ""], game.log().to_vec()));
    }
    let code = match text.split_once('#') {
        Some((_, fragment)) => fragment_value(fragment, "game").unwrap_or_default(),
        None => text.to_string(),
    };
    game_link::decode(&code)
        .map(|(record, _)| record)
        .map_err(ImportError::Link)
}

/// The sentence for a failed import.
pub fn import_error_words(error: &ImportError, lang: Lang) -> String {
    match error {
        ImportError::File(e) => file_error_words(e, lang),
        ImportError::Link(e) => link_error_words(e, lang),
    }
}

/// 导出 JSON and 导入: the file out, and a file, JSON or link in.
#[component]
pub fn GameTransfer(record: GameRecord, on_open: Callback<GameRecord>) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: ReviewText| move || t.in_lang(lang.get());
    let pasted = RwSignal::new(String::new());
    let error = RwSignal::new(None::<ImportError>);
    let json = game_file::to_json(record.log());
    let panel = NodeRef::<leptos::html::Details>::new();
    let import = move |input: String| match read_import(&input) {
        Ok(record) => {
            error.set(None);
            // The imported game is on the board now: fold the import panel away.
            if let Some(details) = panel.get_untracked() {
                details.set_open(false);
            }
            on_open.run(record);
        }
        Err(e) => error.set(Some(e)),
    };
    let on_file = move |ev: web_sys::Event| share::read_picked_file(&ev, import);
    view! {
        <section class="review-transfer">
            <button class="pill-button" data-testid="review-export"
                on:click=move |_| share::send_file(FILE_NAME, &json)>{text(ReviewText::Export)}</button>
            <details class="review-import" node_ref=panel>
                <summary data-testid="review-import-open">{text(ReviewText::Import)}</summary>
                <textarea data-testid="review-import-text" rows="3"
                    placeholder=text(ReviewText::ImportHint)
                    prop:value=move || pasted.get()
                    on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
                <button class="pill-button" data-testid="review-import"
                    on:click=move |_| import(pasted.get_untracked())>{text(ReviewText::Import)}</button>
                <label class="review-import-file">{text(ReviewText::ImportFile)}
                    <input type="file" accept=".json,application/json,text/plain"
                        data-testid="review-import-file" on:change=on_file/>
                </label>
            </details>
            {move || error.get().map(|e| view! {
                <p class="notice" role="alert" data-testid="review-import-error">
                    {move || import_error_words(&e, lang.get())}
                </p>
            })}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::{Action, Side};

    fn record() -> GameRecord {
        GameRecord::new(
            ["小明", "AI"],
            vec![
                Action::Place { to: 4 },
                Action::Resign { side: Side::Black },
            ],
        )
    }

    #[test]
    fn a_json_file_a_link_and_a_bare_code_all_import() {
        let r = record();
        let from_file = read_import(&game_file::to_json(r.log())).unwrap();
        assert_eq!(from_file.log(), r.log());
        assert_eq!(from_file.label(Side::Black), "");
        let code = game_link::encode(&r);
        assert_eq!(read_import(&code).unwrap(), r);
        let link = format!("https://x.example/index.html#game={code}");
        assert_eq!(read_import(&format!("  {link}\n")).unwrap(), r);
    }

    #[test]
    fn every_failure_is_named() {
        assert_eq!(
            read_import("").unwrap_err(),
            ImportError::File(FileError::Empty)
        );
        assert!(matches!(
            read_import("[{").unwrap_err(),
            ImportError::File(FileError::NotJson { .. })
        ));
        assert_eq!(
            read_import("https://x.example/#play=abc").unwrap_err(),
            ImportError::Link(LinkError::Empty)
        );
        assert!(matches!(
            read_import("AAAA!").unwrap_err(),
            ImportError::Link(LinkError::BadCharacter { .. })
        ));
        let words = import_error_words(&read_import("[1]").unwrap_err(), Lang::En);
        assert!(words.contains("1"), "{words}");
    }
}
