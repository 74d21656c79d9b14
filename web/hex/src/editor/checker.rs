//! The editor's link to the solver worker: after every edit (debounced) the draft
//! is checked by the engine's content checks off the main thread, and the generator
//! runs there too. Stale answers are dropped; a worker still busy with an outdated
//! check is replaced, since a busy worker cannot read a "stop".

use std::time::Duration;

use engine::hex::generator::GenOptions;
use engine::hex::level_file::{level_to_string, parse_any};
use engine::hex::{Level, LevelProblem};
use leptos::prelude::*;

use super::status::{EditorFault, Status};
use crate::context::{use_hex, HexCtx};
use crate::draft::Draft;
use crate::worker::{spawn_solver, HexAnswer, HexJob, HexResponse, SolverClient};

/// How long the editor waits after an edit before asking the worker.
const DEBOUNCE_MS: u64 = 120;

/// The checker's handles (all `Copy`).
#[derive(Clone, Copy)]
pub struct Checker {
    ctx: HexCtx,
    pub status: RwSignal<Status>,
    pub generating: RwSignal<bool>,
    pub gen_error: RwSignal<Option<EditorFault>>,
    /// Ids of the newest check and generate requests; other answers are stale.
    latest_check: StoredValue<u32>,
    latest_gen: StoredValue<u32>,
    /// The check the worker is busy with (answered or not), if any.
    check_in_flight: StoredValue<Option<u32>>,
    next_id: StoredValue<u32>,
    client: StoredValue<Option<SolverClient>, LocalStorage>,
    pending: StoredValue<Option<TimeoutHandle>, LocalStorage>,
    /// Set when a generated level replaces the draft (the canvas zooms to fit it).
    fit: RwSignal<bool>,
}

impl Checker {
    /// Starts the worker and checks the editor's draft after every change;
    /// `on_change` runs first on each change (the draft's overlays reset).
    pub fn start(fit: RwSignal<bool>, on_change: impl Fn() + 'static) -> Checker {
        let ctx = use_hex();
        let checker = Checker {
            ctx,
            status: RwSignal::new(Status::Empty),
            generating: RwSignal::new(false),
            gen_error: RwSignal::new(None),
            latest_check: StoredValue::new(0),
            latest_gen: StoredValue::new(0),
            check_in_flight: StoredValue::new(None),
            next_id: StoredValue::new(1),
            client: StoredValue::new_local(None),
            pending: StoredValue::new_local(None),
            fit,
        };
        checker.spawn();
        on_cleanup(move || checker.cancel_pending());
        Effect::new(move |_| {
            let level = ctx.editor.with(|h| h.present().to_level());
            on_change();
            checker.draft_changed(level);
        });
        checker
    }

    /// (Re)starts the worker; dropping the old client terminates it.
    fn spawn(self) {
        match spawn_solver(move |response| self.on_response(response)) {
            Ok(c) => {
                self.client.set_value(Some(c));
                self.check_in_flight.set_value(None);
            }
            Err(e) => {
                leptos::logging::error!("{e}");
                self.status.set(Status::Failed(EditorFault::Worker(e)))
            }
        }
    }

    fn send(self, job: HexJob) -> u32 {
        let id = self.next_id.get_value();
        self.next_id.set_value(id.wrapping_add(1));
        self.client.with_value(|c| {
            if let Some(c) = c {
                c.post(id, &job)
            }
        });
        id
    }

    fn cancel_pending(self) {
        if let Some(Some(h)) = self.pending.try_get_value() {
            h.clear();
        }
        let _ = self.pending.try_set_value(None);
    }

    fn draft_changed(self, level: Result<Level, Vec<LevelProblem>>) {
        self.cancel_pending();
        // any answer to an earlier draft is stale from now on (job ids start at 1)
        self.latest_check.set_value(0);
        match level {
            Err(problems) => {
                let empty = self
                    .ctx
                    .editor
                    .with_untracked(|h| h.present().cells.is_empty());
                self.status.set(if empty {
                    Status::Empty
                } else {
                    Status::Invalid(problems)
                });
            }
            Ok(level) => {
                self.status.set(Status::Running);
                let text = level_to_string(&level);
                let h = set_timeout_with_handle(
                    move || {
                        // a worker still busy with an outdated check is replaced,
                        // unless it is generating
                        if self.check_in_flight.get_value().is_some()
                            && !self.generating.get_untracked()
                        {
                            self.spawn();
                        }
                        let id = self.send(HexJob::Check { level: text });
                        self.latest_check.set_value(id);
                        self.check_in_flight.set_value(Some(id));
                    },
                    Duration::from_millis(DEBOUNCE_MS),
                );
                self.pending.set_value(h.ok());
            }
        }
    }

    /// Asks the worker for a level; it replaces the draft when it arrives.
    pub fn generate(self, options: GenOptions) {
        self.gen_error.set(None);
        self.generating.set(true);
        // the status waits for the new level (answers about the old draft are stale)
        self.cancel_pending();
        self.latest_check.set_value(0);
        self.status.set(Status::Running);
        let id = self.send(HexJob::Generate { options });
        self.latest_gen.set_value(id);
    }

    fn on_response(self, response: HexResponse) {
        if self.check_in_flight.get_value() == Some(response.id) {
            self.check_in_flight.set_value(None);
        }
        match response.answer {
            Ok(HexAnswer::Checked(report)) if response.id == self.latest_check.get_value() => {
                self.status.set(Status::Report(report))
            }
            Ok(HexAnswer::Generated(text)) if response.id == self.latest_gen.get_value() => {
                self.generating.set(false);
                match parse_any(&text) {
                    Ok(pack) if !pack.levels.is_empty() => {
                        let d = Draft::from_level(&pack.levels[0]);
                        self.ctx.editor.maybe_update(|h| h.edit(|x| *x = d));
                        self.fit.set(true);
                    }
                    _ => self.gen_error.set(Some(EditorFault::Worker(
                        "the generator returned an unreadable level".into(),
                    ))),
                }
            }
            Ok(HexAnswer::NotGenerated(e)) if response.id == self.latest_gen.get_value() => {
                self.generating.set(false);
                self.gen_error.set(Some(EditorFault::Gen(e)));
            }
            Ok(HexAnswer::Unreadable(errors)) if response.id == self.latest_check.get_value() => {
                self.status.set(Status::Failed(EditorFault::Level(errors)))
            }
            Err(message) => {
                leptos::logging::error!("{message}");
                if response.id == self.latest_gen.get_value() {
                    self.generating.set(false);
                    self.gen_error.set(Some(EditorFault::Worker(message)));
                } else if response.id == self.latest_check.get_value() {
                    self.status
                        .set(Status::Failed(EditorFault::Worker(message)));
                }
            }
            _ => {}
        }
    }
}
