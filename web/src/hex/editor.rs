//! The level editor (issue 10): paint cells on the hex lattice, toggle walls, set
//! clues, place spinners; undo/redo; zoom to fit. After every edit (debounced) the
//! engine's content checks run in the solver worker ([`super::worker`]); stale
//! answers are dropped, and the status says 计算中 meanwhile. Drawing never waits
//! for the worker. Generate (in the worker), try, copy link, export and import.
//!
//! The document and its history are [`super::draft`]; this module is only view.

use std::time::Duration;

use engine::hex::checks::{CheckReport, Verdict};
use engine::hex::coord::Axial;
use engine::hex::generator::GenOptions;
use engine::hex::level_file::{level_to_string, parse_any};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::board::SIZE;
use super::draft::Draft;
use super::pointer::ViewportMap;
use super::shared::{copy_to_clipboard, link_for};
use super::use_hex;
use super::worker::{HexAnswer, HexClient, HexJob, HexResponse};
use crate::app::LanguageSwitch;
use crate::i18n::{tr, use_lang, Lang, Text};

const SQRT3: f64 = 1.732_050_807_568_877_2;
/// How long the editor waits after an edit before asking the worker.
const DEBOUNCE_MS: u64 = 120;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Cell,
    Wall,
    Clue,
    Spinner,
}

impl Tool {
    const ALL: [Tool; 4] = [Tool::Cell, Tool::Wall, Tool::Clue, Tool::Spinner];
    fn key(self) -> &'static str {
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

/// What the status panel shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Nothing painted yet.
    Empty,
    /// The draft is not a valid level: every problem as a sentence.
    Invalid(Vec<String>),
    /// The worker is checking (or generating).
    Running,
    Report(Box<CheckReport>),
    Failed(String),
}

/// The `data-solutions` value: `0`, `1`, `2+` (or with `?` when cut short).
pub fn solutions_attr(status: &Status) -> String {
    match status {
        Status::Report(r) => r.count.label(),
        Status::Invalid(_) | Status::Empty => "0".into(),
        _ => String::new(),
    }
}

/// The `data-walls-matter` value: `yes`, `no`, `?`, `-`.
pub fn walls_matter_attr(status: &Status) -> String {
    match status {
        Status::Report(r) => r.walls_matter.word().into(),
        _ => String::new(),
    }
}

fn verdict_text(v: Verdict) -> Text {
    match v {
        Verdict::Yes => Text::HexYes,
        Verdict::No => Text::HexNo,
        Verdict::Unknown => Text::HexUnknownVerdict,
        Verdict::NotApplicable => Text::HexNotApplicable,
    }
}

/// The direction (0..6) of the edge of the hex at `centre` nearest to point `p`.
pub fn nearest_direction(centre: (f64, f64), p: (f64, f64)) -> usize {
    let a = (p.1 - centre.1).atan2(p.0 - centre.0).to_degrees();
    ((a / 60.0).round() as i64).rem_euclid(6) as usize
}

/// The corner (0..6) of the hex at `centre` nearest to point `p`.
pub fn nearest_corner(centre: (f64, f64), p: (f64, f64)) -> usize {
    let a = (p.1 - centre.1).atan2(p.0 - centre.0).to_degrees();
    (((a - 30.0) / 60.0).round() as i64).rem_euclid(6) as usize
}

/// Every lattice position within `radius` of the origin.
pub fn lattice(radius: i32) -> Vec<Axial> {
    let mut out = Vec::new();
    for r in -radius..=radius {
        for q in (-radius).max(-r - radius)..=radius.min(-r + radius) {
            out.push(Axial::new(q, r));
        }
    }
    out
}

/// x, y, w, h around the given positions, padded by half a hex.
fn bounds(positions: impl Iterator<Item = Axial>) -> (f64, f64, f64, f64) {
    let half_w = SQRT3 / 2.0 * SIZE;
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in positions {
        let (x, y) = p.to_pixel(SIZE);
        x0 = x0.min(x - half_w);
        x1 = x1.max(x + half_w);
        y0 = y0.min(y - SIZE);
        y1 = y1.max(y + SIZE);
    }
    if x0 > x1 {
        return (-SIZE * 3.0, -SIZE * 3.0, SIZE * 6.0, SIZE * 6.0);
    }
    let pad = 0.5 * SIZE;
    (x0 - pad, y0 - pad, x1 - x0 + 2.0 * pad, y1 - y0 + 2.0 * pad)
}

fn r1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn hex_points(r: f64) -> String {
    (0..6)
        .map(|k| {
            let a = (30.0 + 60.0 * k as f64).to_radians();
            format!("{},{}", r1(r * a.cos()), r1(r * a.sin()))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Downloads `text` as a file through a Blob and a temporary anchor.
fn download(name: &str, text: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = document
        .create_element("a")
        .map(|e| e.unchecked_into::<web_sys::HtmlAnchorElement>())
    {
        a.set_href(&url);
        a.set_download(name);
        if let Some(body) = document.body() {
            let _ = body.append_child(&a);
            a.click();
            let _ = body.remove_child(&a);
        }
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

fn input_number(ev: &web_sys::Event) -> Option<u64> {
    ev.target()?
        .dyn_into::<web_sys::HtmlInputElement>()
        .ok()?
        .value()
        .trim()
        .parse()
        .ok()
}

fn input_text(ev: &web_sys::Event) -> String {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

#[component]
pub fn EditorScreen() -> impl IntoView {
    let ctx = use_hex();
    let lang = use_lang();
    let tool = RwSignal::new(Tool::Cell);
    let clue_n = RwSignal::new(1u32);
    let fit = RwSignal::new(false);
    let status = RwSignal::new(Status::Empty);
    let show_two = RwSignal::new(false);
    let generating = RwSignal::new(false);
    let gen_error = RwSignal::new(None::<String>);
    let link = RwSignal::new(String::new());
    let import_text = RwSignal::new(String::new());
    let import_errors = RwSignal::new(Vec::<String>::new());
    let gen_opts = RwSignal::new(GenOptions {
        cells: 20,
        holes: 0,
        walls: 2,
        spinners: 0,
        seed: 1,
        ..GenOptions::default()
    });

    // ids of the newest check and generate requests; other answers are stale
    let latest_check = StoredValue::new(0u32);
    let latest_gen = StoredValue::new(0u32);
    let client = StoredValue::new_local(None::<HexClient>);
    // the check the worker is busy with (answered or not), if any
    let check_in_flight = StoredValue::new(None::<u32>);
    let next_id = StoredValue::new(1u32);
    let handler = move |response: HexResponse| {
        if check_in_flight.get_value() == Some(response.id) {
            check_in_flight.set_value(None);
        }
        match response.answer {
            HexAnswer::Checked(report) if response.id == latest_check.get_value() => {
                status.set(Status::Report(report))
            }
            HexAnswer::Generated(text) if response.id == latest_gen.get_value() => {
                generating.set(false);
                match parse_any(&text) {
                    Ok(pack) if !pack.levels.is_empty() => {
                        let d = Draft::from_level(&pack.levels[0]);
                        ctx.editor.maybe_update(|h| h.edit(|x| *x = d));
                        fit.set(true);
                    }
                    _ => gen_error.set(Some("the generator returned an unreadable level".into())),
                }
            }
            HexAnswer::Error(message) => {
                if response.id == latest_gen.get_value() {
                    generating.set(false);
                    gen_error.set(Some(message));
                } else if response.id == latest_check.get_value() {
                    status.set(Status::Failed(message));
                }
            }
            _ => {}
        }
    };
    // (re)starts the worker; dropping the old client terminates it
    let start = move || match HexClient::spawn(handler) {
        Ok(c) => {
            client.set_value(Some(c));
            check_in_flight.set_value(None);
        }
        Err(e) => status.set(Status::Failed(e)),
    };
    start();
    let send = move |job: HexJob| -> u32 {
        let id = next_id.get_value();
        next_id.set_value(id.wrapping_add(1));
        client.with_value(|c| {
            if let Some(c) = c {
                c.send(id, job)
            }
        });
        id
    };

    // the debounced check after every edit
    let pending = StoredValue::new_local(None::<TimeoutHandle>);
    let cancel_pending = move || {
        if let Some(Some(h)) = pending.try_get_value() {
            h.clear();
        }
        let _ = pending.try_set_value(None);
    };
    on_cleanup(cancel_pending);
    Effect::new(move |_| {
        let level = ctx.editor.with(|h| h.present().to_level());
        cancel_pending();
        // any answer to an earlier draft is stale from now on (job ids start at 1)
        latest_check.set_value(0);
        show_two.set(false);
        match level {
            Err(problems) => {
                let empty = ctx.editor.with_untracked(|h| h.present().cells.is_empty());
                status.set(if empty {
                    Status::Empty
                } else {
                    Status::Invalid(problems)
                });
            }
            Ok(level) => {
                status.set(Status::Running);
                let text = level_to_string(&level);
                let h = set_timeout_with_handle(
                    move || {
                        // a worker still busy with an outdated check is replaced (a busy
                        // worker cannot read a "stop"), unless it is generating
                        if check_in_flight.get_value().is_some() && !generating.get_untracked() {
                            start();
                        }
                        let id = send(HexJob::Check { level: text });
                        latest_check.set_value(id);
                        check_in_flight.set_value(Some(id));
                    },
                    Duration::from_millis(DEBOUNCE_MS),
                );
                pending.set_value(h.ok());
            }
        }
    });

    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let view_box = Memo::new(move |_| {
        ctx.editor.with(|h| {
            let d = h.present();
            if fit.get() && !d.cells.is_empty() {
                bounds(d.cells.iter().map(|c| c.pos))
            } else {
                bounds(lattice(d.lattice_radius()).into_iter())
            }
        })
    });

    let on_board_click = move |ev: web_sys::MouseEvent| {
        let Some(el) = svg_ref.get_untracked() else {
            return;
        };
        let el: &web_sys::Element = el.as_ref();
        let r = el.get_bounding_client_rect();
        let map = ViewportMap {
            rect: (r.left(), r.top(), r.width(), r.height()),
            view_box: view_box.get_untracked(),
        };
        let p = map.to_board(ev.client_x() as f64, ev.client_y() as f64);
        let pos = Axial::from_pixel(p.0, p.1, SIZE);
        let centre = pos.to_pixel(SIZE);
        let radius = ctx.editor.with_untracked(|h| h.present().lattice_radius());
        if pos.distance(Axial::new(0, 0)) > radius {
            return;
        }
        let n = clue_n.get_untracked();
        let t = tool.get_untracked();
        // a no-op edit (e.g. a wall click off the board) notifies nobody
        ctx.editor.maybe_update(|h| {
            h.edit(|d| match t {
                Tool::Cell => d.toggle_cell(pos),
                Tool::Wall => {
                    let dir = nearest_direction(centre, p);
                    d.toggle_wall(pos, pos.neighbor(dir));
                }
                Tool::Clue => d.toggle_clue(pos, n),
                Tool::Spinner => d.cycle_spinner(pos, nearest_corner(centre, p) as u8),
            })
        });
    };

    // keyed by everything drawn, so an edit re-renders only the hexes it changed
    let hex_items = move || {
        ctx.editor.with(|h| {
            let d = h.present();
            lattice(d.lattice_radius())
                .into_iter()
                .map(|pos| {
                    let cell = d.cell(pos);
                    (pos, cell.map(|c| c.id.clone()), cell.and_then(|c| c.clue))
                })
                .collect::<Vec<_>>()
        })
    };
    let face = hex_points(SIZE * 0.93);
    let hex_view = move |(pos, id, clue): (Axial, Option<String>, Option<u32>)| {
        let (x, y) = pos.to_pixel(SIZE);
        view! {
            <g
                class="editor-hex"
                class:is-painted=id.is_some()
                class:has-clue=clue.is_some()
                data-testid=format!("editor-cell-{}-{}", pos.q, pos.r)
                data-id=id.unwrap_or_default()
                data-clue=clue.map(|c| c.to_string()).unwrap_or_default()
                transform=format!("translate({} {})", r1(x), r1(y))
            >
                <polygon points=face.clone()/>
                <text text-anchor="middle" dominant-baseline="central">
                    {clue.map(|c| c.to_string()).unwrap_or_default()}
                </text>
            </g>
        }
    };

    let edges = move || {
        let necessary: Vec<(String, String)> = status.with(|s| match s {
            Status::Report(r) => r
                .necessary_walls
                .iter()
                .filter(|w| w.necessary == Verdict::Yes)
                .map(|w| {
                    if w.a <= w.b {
                        (w.a.clone(), w.b.clone())
                    } else {
                        (w.b.clone(), w.a.clone())
                    }
                })
                .collect(),
            _ => Vec::new(),
        });
        ctx.editor.with(|h| {
            let d = h.present();
            d.edges()
                .into_iter()
                .filter_map(|(a, b)| {
                    let (ia, ib) = d.edge_ids(a, b)?;
                    let wall = d.has_wall(a, b);
                    let dir = a.direction_to(b)?;
                    let (mx, my) = a.edge_midpoint_pixel(dir, SIZE);
                    let angle = 60.0 * dir as f64 + 90.0;
                    let is_necessary = wall && necessary.contains(&(ia.clone(), ib.clone()));
                    Some(view! {
                        <g
                            class="editor-edge"
                            class:is-wall=wall
                            class:is-necessary=is_necessary
                            data-testid=format!("editor-edge-{ia}-{ib}")
                            data-wall=wall.to_string()
                            transform=format!("translate({} {}) rotate({})", r1(mx), r1(my), angle)
                        >
                            <rect x=r1(-SIZE * 0.42) y=r1(-SIZE * 0.1) width=r1(SIZE * 0.84) height=r1(SIZE * 0.2) rx="3"/>
                        </g>
                    })
                })
                .collect_view()
        })
    };

    let spinners = move || {
        ctx.editor.with(|h| {
            let d = h.present();
            d.spinners
                .iter()
                .filter_map(|s| {
                    let id = d.cell(s.pos)?.id.clone();
                    let (px, py) = s.pos.corner_pixel(s.corner as usize, SIZE);
                    let angle = 30.0 + 60.0 * s.corner as f64 + 120.0 * s.phase as f64;
                    Some(view! {
                        <g
                            class="editor-spinner"
                            data-testid=format!("editor-spinner-{id}-{}", s.corner)
                            data-phase=s.phase.to_string()
                            transform=format!("translate({} {})", r1(px), r1(py))
                        >
                            <rect x="0" y=r1(-SIZE * 0.1) width=r1(SIZE * 0.9) height=r1(SIZE * 0.2) rx="3"
                                transform=format!("rotate({angle})")/>
                            <circle r=r1(SIZE * 0.15)/>
                        </g>
                    })
                })
                .collect_view()
        })
    };

    // two differing solutions drawn as lines through the cell centres
    let overlay = move || {
        if !show_two.get() {
            return None;
        }
        let (a, b) = status.with(|s| match s {
            Status::Report(r) => (r.solution.clone(), r.other_solution.clone()),
            _ => (None, None),
        });
        let points = |ids: Option<Vec<String>>| {
            ctx.editor.with_untracked(|h| {
                let d = h.present();
                ids.unwrap_or_default()
                    .iter()
                    .filter_map(|id| d.cells.iter().find(|c| &c.id == id))
                    .map(|c| {
                        let (x, y) = c.pos.to_pixel(SIZE);
                        format!("{},{}", r1(x), r1(y))
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        };
        let (pa, pb) = (points(a), points(b));
        Some(view! {
            <polyline class="editor-solution sol-a" data-testid="editor-solution-a" points=pa/>
            <polyline class="editor-solution sol-b" data-testid="editor-solution-b" points=pb/>
        })
    };

    let undo = move |_| ctx.editor.maybe_update(|h| h.undo());
    let redo = move |_| ctx.editor.maybe_update(|h| h.redo());
    let can_undo = move || ctx.editor.with(|h| h.can_undo());
    let can_redo = move || ctx.editor.with(|h| h.can_redo());
    let valid = move || ctx.editor.with(|h| h.present().to_level().is_ok());

    let on_generate = move |_| {
        gen_error.set(None);
        generating.set(true);
        // the status waits for the new level (answers about the old draft are stale)
        cancel_pending();
        latest_check.set_value(0);
        status.set(Status::Running);
        let options = gen_opts.get_untracked();
        let id = send(HexJob::Generate { options });
        latest_gen.set_value(id);
    };
    let on_try = move |_| {
        if let Ok(level) = ctx.editor.with_untracked(|h| h.present().to_level()) {
            ctx.play_custom(level, true);
        }
    };
    let on_copy = move |_| {
        if let Ok(level) = ctx.editor.with_untracked(|h| h.present().to_level()) {
            let text = link_for(&level);
            copy_to_clipboard(&text);
            link.set(text);
        }
    };
    let on_export = move |_| {
        if let Ok(level) = ctx.editor.with_untracked(|h| h.present().to_level()) {
            download(&format!("{}.json", level.id), &level_to_string(&level));
        }
    };
    let do_import = move |text: String| match parse_any(&text) {
        Ok(pack) if !pack.levels.is_empty() => {
            import_errors.set(Vec::new());
            let d = Draft::from_level(&pack.levels[0]);
            ctx.editor.maybe_update(|h| h.edit(|x| *x = d));
            fit.set(true);
        }
        Ok(_) => import_errors.set(vec!["the pack has no levels".into()]),
        Err(errors) => import_errors.set(errors.iter().map(|e| e.to_string()).collect()),
    };
    let on_import = move |_| do_import(import_text.get_untracked());
    let on_file = move |ev: web_sys::Event| {
        let Some(file) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|i| i.files())
            .and_then(|f| f.get(0))
        else {
            return;
        };
        let on_text =
            wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(move |v: JsValue| {
                let text = v.as_string().unwrap_or_default();
                import_text.set(text.clone());
                do_import(text);
            });
        let _ = file.text().then(&on_text);
        on_text.forget();
    };

    let status_state = move || {
        status.with(|s| match s {
            Status::Empty => "empty",
            Status::Invalid(_) => "invalid",
            Status::Running => "running",
            Status::Report(_) => "done",
            Status::Failed(_) => "failed",
        })
    };
    // while the worker runs, the last report stays (dimmed) so the panel does not jump
    let last_report = RwSignal::new(None::<Box<CheckReport>>);
    Effect::new(move |_| {
        status.with(|s| match s {
            Status::Report(r) => last_report.set(Some(r.clone())),
            Status::Empty | Status::Invalid(_) | Status::Failed(_) => last_report.set(None),
            Status::Running => {}
        })
    });
    let report_view = move |r: &CheckReport, l: Lang| {
        let verdict_class = if r.ok {
            "editor-verdict is-good"
        } else {
            "editor-verdict is-bad"
        };
        let necessary = r
            .necessary_walls
            .iter()
            .map(|w| format!("{}–{}: {}", w.a, w.b, verdict_text(w.necessary).in_lang(l)))
            .collect::<Vec<_>>()
            .join(", ");
        let spinners = r
            .spinner_checks
            .iter()
            .map(|c| format!("{}#{}: {}", c.cell, c.corner, verdict_text(c.ok).in_lang(l)))
            .collect::<Vec<_>>()
            .join(", ");
        let problems = r
            .problems
            .iter()
            .map(|p| view! { <li>{p.to_string()}</li> })
            .collect_view();
        let two = (r.count.solutions >= 2 && r.other_solution.is_some()).then(|| {
            view! {
                <button class="hex-menu-item" data-testid="editor-show-two"
                    on:click=move |_| show_two.update(|v| *v = !*v)>
                    {Text::HexShowTwo.in_lang(l)}
                </button>
            }
        });
        view! {
            <dl class="editor-facts">
                <dt>{Text::HexSolutions.in_lang(l)}</dt>
                <dd class=verdict_class data-testid="editor-solutions">{r.count.label()}</dd>
                <dt>{Text::HexWallsMatter.in_lang(l)}</dt>
                <dd data-testid="editor-walls-matter">{verdict_text(r.walls_matter).in_lang(l)}</dd>
                <dt>{Text::HexNecessaryWalls.in_lang(l)}</dt>
                <dd>{if necessary.is_empty() { "—".to_string() } else { necessary }}</dd>
                <dt>{Text::HexSpinnerChecks.in_lang(l)}</dt>
                <dd>{if spinners.is_empty() { "—".to_string() } else { spinners }}</dd>
                <dt>{Text::HexDifficulty.in_lang(l)}</dt>
                <dd data-testid="editor-difficulty">{format!("{:.1} ({} nodes)", r.difficulty.score, r.difficulty.nodes)}</dd>
            </dl>
            <ul class="editor-problems" data-testid="editor-problems">{problems}</ul>
            {two}
        }
        .into_any()
    };
    let status_body = move || {
        let l = lang.get();
        status.with(|s| match s {
            Status::Empty => view! { <p class="editor-verdict">{Text::HexInvalidLevel.in_lang(l)}</p> }.into_any(),
            Status::Running => {
                let stale = last_report.with(|r| r.as_ref().map(|r| report_view(r, l)));
                let badge = view! {
                    <p class="editor-computing" data-testid="editor-computing">{Text::HexComputing.in_lang(l)}"…"</p>
                };
                match stale {
                    Some(v) => view! { {badge}<div class="editor-stale">{v}</div> }.into_any(),
                    None => view! { {badge}<p class="editor-verdict">" "</p> }.into_any(),
                }
            }
            Status::Failed(m) => view! { <p class="editor-verdict is-bad">{m.clone()}</p> }.into_any(),
            Status::Invalid(problems) => {
                let items = problems.iter().map(|p| view! { <li>{p.to_string()}</li> }).collect_view();
                view! {
                    <p class="editor-verdict is-bad">{Text::HexInvalidLevel.in_lang(l)}</p>
                    <ul class="editor-problems" data-testid="editor-problems">{items}</ul>
                }.into_any()
            }
            Status::Report(r) => report_view(r, l),
        })
    };

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

    let gen_field = move |label: Text,
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
                    prop:value=move || gen_opts.with(|o| get(o).to_string())
                    on:change=move |ev| {
                        if let Some(v) = input_number(&ev) {
                            gen_opts.update(|o| set(o, v));
                        }
                    }
                />
            </label>
        }
    };

    let title_value = move || ctx.editor.with(|h| h.present().title.clone());
    let lang_is_zh = move || lang.get() == Lang::Zh;

    view! {
        <div class="hex-editor" data-testid="hex-editor" data-tool=move || tool.get().key()>
            <header class="screen-header">
                <button class="icon-button" data-testid="editor-back" on:click=move |_| ctx.show_select()>
                    "‹ " {tr(Text::HexMenuLevels)}
                </button>
                <h1 class="screen-title">{tr(Text::HexEditor)}</h1>
                <LanguageSwitch/>
            </header>
            <div class="editor-toolbar" role="toolbar">
                <div class="editor-segmented">{tools}</div>
                <label class="editor-field editor-clue-field" class:is-hidden=move || tool.get() != Tool::Clue>
                    <span>{tr(Text::HexToolClue)}</span>
                    <input type="number" min="1" data-testid="editor-clue-number"
                        prop:value=move || clue_n.get().to_string()
                        on:input=move |ev| {
                            if let Some(v) = input_number(&ev) {
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
            <div class="editor-main">
                <div class="editor-board-wrap">
                    <svg
                        class="editor-board"
                        data-testid="editor-board"
                        node_ref=svg_ref
                        viewBox=move || { let (x, y, w, h) = view_box.get(); format!("{} {} {} {}", r1(x), r1(y), r1(w), r1(h)) }
                        preserveAspectRatio="xMidYMid meet"
                        on:click=on_board_click
                    >
                        <g class="editor-hexes">
                            <For each=hex_items key=|item| item.clone() children=hex_view/>
                        </g>
                        <g class="editor-edges">{edges}</g>
                        <g class="editor-spinners">{spinners}</g>
                        <g class="editor-overlay">{overlay}</g>
                    </svg>
                </div>
                <aside class="editor-side">
                    <section
                        class="editor-status"
                        data-testid="editor-status"
                        data-state=status_state
                        data-solutions=move || status.with(solutions_attr)
                        data-walls-matter=move || status.with(walls_matter_attr)
                        aria-live="polite"
                    >
                        {status_body}
                    </section>
                    <label class="editor-field">
                        <span>{tr(Text::HexTitle)}</span>
                        <input type="text" data-testid="editor-title" prop:value=title_value
                            on:change=move |ev| {
                                let t = input_text(&ev);
                                ctx.editor.maybe_update(|h| h.edit(|d| d.title = t));
                            }/>
                    </label>
                    <div class="editor-actions">
                        <button class="hex-menu-item is-primary" data-testid="editor-try" disabled=move || !valid() on:click=on_try>{tr(Text::HexTry)}</button>
                        <button class="hex-menu-item" data-testid="editor-copy-link" disabled=move || !valid() on:click=on_copy>{tr(Text::HexCopyLink)}</button>
                        <button class="hex-menu-item" data-testid="editor-export" disabled=move || !valid() on:click=on_export>{tr(Text::HexExport)}</button>
                    </div>
                    <Show when=move || link.with(|l| !l.is_empty())>
                        <input class="hex-link-field" data-testid="editor-link" readonly prop:value=move || link.get()/>
                    </Show>
                    <details class="editor-panel" open>
                        <summary>{tr(Text::HexGenerate)}</summary>
                        <div class="editor-gen">
                            {gen_field(Text::HexCells, "cells", |o| o.cells as u64, |o, v| o.cells = v as usize)}
                            {gen_field(Text::HexHoles, "holes", |o| o.holes as u64, |o, v| o.holes = v as usize)}
                            {gen_field(Text::HexWalls, "walls", |o| o.walls as u64, |o, v| o.walls = v as usize)}
                            {gen_field(Text::HexSpinners, "spinners", |o| o.spinners as u64, |o, v| o.spinners = v as usize)}
                            {gen_field(Text::HexSeed, "seed", |o| o.seed, |o, v| o.seed = v.min(1 << 52))}
                        </div>
                        <button class="hex-menu-item" data-testid="editor-generate" disabled=move || generating.get() on:click=on_generate>
                            {move || if generating.get() {
                                format!("{}…", Text::HexComputing.in_lang(lang.get()))
                            } else {
                                Text::HexGenerate.in_lang(lang.get()).to_string()
                            }}
                        </button>
                        {move || gen_error.get().map(|e| view! { <p class="editor-verdict is-bad" data-testid="editor-gen-error">{e}</p> })}
                    </details>
                    <details class="editor-panel" open>
                        <summary>{tr(Text::HexImport)}</summary>
                        <textarea class="editor-import-text" data-testid="editor-import-text" rows="4"
                            placeholder=move || if lang_is_zh() { "粘贴关卡 JSON" } else { "Paste a level JSON" }
                            prop:value=move || import_text.get()
                            on:input=move |ev| {
                                let v = ev.target()
                                    .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
                                    .map(|t| t.value())
                                    .unwrap_or_default();
                                import_text.set(v);
                            }></textarea>
                        <input type="file" accept=".json,application/json" data-testid="editor-import-file" on:change=on_file/>
                        <button class="hex-menu-item" data-testid="editor-import" on:click=on_import>{tr(Text::HexImport)}</button>
                        <ul class="editor-import-errors" data-testid="editor-import-errors">
                            {move || import_errors.get().into_iter().map(|e| view! { <li data-testid="editor-import-error">{e}</li> }).collect_view()}
                        </ul>
                    </details>
                </aside>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lattice_has_the_hexagonal_number_of_positions() {
        assert_eq!(lattice(0).len(), 1);
        assert_eq!(lattice(1).len(), 7);
        assert_eq!(lattice(6).len(), 127);
        assert!(lattice(6).iter().all(|p| p.distance(Axial::new(0, 0)) <= 6));
    }

    #[test]
    fn clicks_near_an_edge_or_corner_pick_it() {
        let c = Axial::new(0, 0).to_pixel(SIZE);
        for d in 0..6 {
            let m = Axial::new(0, 0).edge_midpoint_pixel(d, SIZE);
            assert_eq!(nearest_direction(c, m), d);
            let k = Axial::new(0, 0).corner_pixel(d, SIZE);
            assert_eq!(nearest_corner(c, k), d);
        }
    }

    #[test]
    fn status_attributes() {
        assert_eq!(solutions_attr(&Status::Running), "");
        assert_eq!(solutions_attr(&Status::Invalid(vec![])), "0");
        assert_eq!(walls_matter_attr(&Status::Empty), "");
    }
}
