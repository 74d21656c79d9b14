//! The endgame tables inside the AI's Web Worker: fetched from beside the build
//! (`tables/4v4.val` and `tables/4v4.dist`, the same names as on disk) the first
//! time a job's position comes near a solved signature, then kept for the
//! worker's life and lent to the searcher for the jobs that use them.
//!
//! A table that cannot be had (a host without the files, a damaged or foreign
//! file) is tried once, named in the console, and the job is searched as it
//! was before the tables existed.

use std::cell::RefCell;
use std::collections::HashSet;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use engine::baifang::ai::Searcher;
use engine::baifang::tables::file::{names, TableFile};
use engine::baifang::tables::{signatures_near, Tables};
use engine::baifang::State;

/// The folder beside the build that holds the table files.
pub const FOLDER: &str = "tables";

thread_local! {
    static TABLES: RefCell<Option<Tables>> = RefCell::new(Some(Tables::in_memory()));
    /// Signatures already fetched or found missing: each is asked for once.
    static TRIED: RefCell<HashSet<(usize, usize)>> = RefCell::new(HashSet::new());
}

/// Fetches every table the search from `state` can use and has not tried yet.
pub async fn fetch_near(state: &State) {
    for (m, o) in signatures_near(state) {
        if !TRIED.with(|t| t.borrow_mut().insert((m, o))) {
            continue;
        }
        match fetch_table(m, o).await {
            Ok(table) => TABLES.with(|t| {
                if let Some(tables) = t.borrow_mut().as_mut() {
                    tables.insert(table);
                }
            }),
            Err(message) => web_sys::console::warn_1(
                &format!("endgame table {m} v {o} not used: {message}").into(),
            ),
        }
    }
}

/// Runs `job` with the worker's tables lent to `searcher`.
pub fn lend<R>(searcher: &mut Searcher, job: impl FnOnce(&mut Searcher) -> R) -> R {
    searcher.set_tables(TABLES.with(|t| t.borrow_mut().take()));
    let result = job(searcher);
    let tables = searcher.take_tables();
    TABLES.with(|t| *t.borrow_mut() = tables);
    result
}

/// Runs `job` on the worker's tables themselves (a puzzle's judge probes them directly).
pub fn with_tables<R>(job: impl FnOnce(&mut Tables) -> R) -> R {
    TABLES.with(|t| {
        let mut t = t.borrow_mut();
        job(t.get_or_insert_with(Tables::in_memory))
    })
}

/// Fetches one signature's two files and checks them. A file refused by its check is asked
/// for once more past every cache (`cache: "reload"`): a copy the service worker kept from an
/// older or damaged build is then replaced by the host's, not served for ever.
async fn fetch_table(m: usize, o: usize) -> Result<TableFile, String> {
    match fetch_checked(m, o, false).await {
        Err(Refused::Check(first)) => fetch_checked(m, o, true)
            .await
            .map_err(|again| format!("{first}; fetched again past the caches: {}", again.words())),
        other => other.map_err(Refused::words),
    }
}

/// Why a table was not had: it could not be fetched, or its bytes failed their check.
enum Refused {
    Fetch(String),
    Check(String),
}

impl Refused {
    fn words(self) -> String {
        match self {
            Refused::Fetch(why) | Refused::Check(why) => why,
        }
    }
}

async fn fetch_checked(m: usize, o: usize, reload: bool) -> Result<TableFile, Refused> {
    let (val, dist) = names(m, o);
    let val = fetch_bytes(&format!("{FOLDER}/{val}"), reload)
        .await
        .map_err(Refused::Fetch)?;
    let dist = fetch_bytes(&format!("{FOLDER}/{dist}"), reload)
        .await
        .map_err(Refused::Fetch)?;
    TableFile::from_bytes(m, o, val, dist).map_err(|e| Refused::Check(e.to_string()))
}

async fn fetch_bytes(path: &str, reload: bool) -> Result<Vec<u8>, String> {
    let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
    let init = web_sys::RequestInit::new();
    if reload {
        init.set_cache(web_sys::RequestCache::Reload);
    }
    let response: web_sys::Response = JsFuture::from(scope.fetch_with_str_and_init(path, &init))
        .await
        .map_err(|e| format!("{path} could not be fetched: {e:?}"))?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("{path} answered HTTP {}", response.status()));
    }
    let buffer = response
        .array_buffer()
        .map_err(|e| format!("{path} could not be read: {e:?}"))?;
    let buffer = JsFuture::from(buffer)
        .await
        .map_err(|e| format!("{path} could not be read: {e:?}"))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}
