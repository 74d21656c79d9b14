//! The editor's status panel: what the engine's content checks say about the draft
//! (solutions, whether the walls matter, necessary walls, spinner checks,
//! difficulty, whether reasoning alone solves it and at which tier, with a toggle
//! that draws the board where it needs guessing, problems), or why there is
//! nothing to say yet.

use engine::hex::checks::{CheckReport, Verdict};
use engine::hex::deduce::{Outcome, Reasoning};
use engine::hex::generator::GenError;
use engine::hex::level_file::LevelError;
use engine::hex::LevelProblem;
use leptos::prelude::*;

use crate::engine_text;
use crate::strings::Text;
use web_core::i18n::{use_lang, Lang};

/// Something the editor's worker could not do, worded by the page.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorFault {
    /// The generator made no level.
    Gen(GenError),
    /// A level text the worker could not read.
    Level(Vec<LevelError>),
    /// The worker failed (could not start, or answered unreadably). The
    /// diagnostic goes to the console; the page says the checker stopped.
    Worker(String),
}

impl EditorFault {
    /// The sentence the page shows.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            EditorFault::Gen(e) => engine_text::gen_error(e, lang),
            EditorFault::Level(errors) => errors
                .iter()
                .map(|e| engine_text::level_error(e, lang))
                .collect::<Vec<_>>()
                .join(" · "),
            EditorFault::Worker(_) => Text::HexCheckerStopped.in_lang(lang).to_string(),
        }
    }
}

/// What the status panel shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Nothing painted yet.
    Empty,
    /// The draft is not a valid level: every problem.
    Invalid(Vec<LevelProblem>),
    /// The worker is checking (or generating).
    Running,
    Report(Box<CheckReport>),
    Failed(EditorFault),
}

/// Why a level should not be shared as it is, asked about before its link is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShareWarning {
    /// The checks found two solutions or more.
    Several,
    /// The checks found none.
    NoSolution,
    /// Exactly one is not proven (still checking, cut short, or the checker failed).
    Unproven,
}

impl ShareWarning {
    /// The question shown.
    pub fn text(self) -> Text {
        match self {
            ShareWarning::Several => Text::HexShareSeveral,
            ShareWarning::NoSolution => Text::HexShareNoSolution,
            ShareWarning::Unproven => Text::HexShareUnproven,
        }
    }
}

impl Status {
    /// What to ask before sharing the draft: nothing only once the checks proved exactly
    /// one solution.
    pub fn share_warning(&self) -> Option<ShareWarning> {
        let Status::Report(r) = self else {
            return Some(ShareWarning::Unproven);
        };
        match r.count.breaks_uniqueness() {
            Verdict::No => None,
            Verdict::Yes if r.count.solutions == 0 => Some(ShareWarning::NoSolution),
            Verdict::Yes => Some(ShareWarning::Several),
            Verdict::Unknown | Verdict::NotApplicable => Some(ShareWarning::Unproven),
        }
    }

    /// The `data-state` value.
    pub fn key(&self) -> &'static str {
        match self {
            Status::Empty => "empty",
            Status::Invalid(_) => "invalid",
            Status::Running => "running",
            Status::Report(_) => "done",
            Status::Failed(_) => "failed",
        }
    }

    /// The `data-solutions` value: `0`, `1`, `2+` (or with `?` when cut short).
    pub fn solutions_attr(&self) -> String {
        match self {
            Status::Report(r) => r.count.label(),
            Status::Invalid(_) | Status::Empty => "0".into(),
            _ => String::new(),
        }
    }

    /// The `data-reasoning` value: `tier-N` when reasoning alone solves the level,
    /// `stuck` when it needs guessing, `contradiction`, or empty.
    pub fn reasoning_attr(&self) -> String {
        match self {
            Status::Report(r) => r.reasoning.as_ref().map(reasoning_key).unwrap_or_default(),
            _ => String::new(),
        }
    }

    /// The `data-walls-matter` value: `yes`, `no`, `?`, `-`.
    pub fn walls_matter_attr(&self) -> String {
        match self {
            Status::Report(r) => r.walls_matter.word().into(),
            _ => String::new(),
        }
    }
}

fn reasoning_key(r: &Reasoning) -> String {
    match r.outcome {
        Outcome::Solved => format!("tier-{}", r.grade.tier),
        Outcome::Stuck => "stuck".into(),
        Outcome::Contradiction => "contradiction".into(),
    }
}

/// The reasoning verdict as a line: "solvable by reasoning: tier N" or "needs
/// guessing at step S".
fn reasoning_line(r: &Reasoning, l: Lang) -> String {
    match r.outcome {
        Outcome::Solved => format!(
            "{} {}",
            Text::HexSolvableByReasoning.in_lang(l),
            r.grade.tier
        ),
        Outcome::Stuck => format!(
            "{} {}",
            Text::HexNeedsGuessing.in_lang(l),
            r.stuck_step.unwrap_or(0)
        ),
        Outcome::Contradiction => Text::HexReasoningContradiction.in_lang(l).to_string(),
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

/// The overlays the panel's buttons toggle on the canvas.
#[derive(Clone, Copy)]
struct Toggles {
    show_two: RwSignal<bool>,
    show_stuck: RwSignal<bool>,
}

/// The panel. While the worker runs, the last report stays (dimmed) so the panel
/// does not jump; `show_two` is toggled by its "two solutions" button, `show_stuck`
/// by its "where reasoning gets stuck" button.
#[component]
pub fn StatusPanel(
    status: RwSignal<Status>,
    show_two: RwSignal<bool>,
    show_stuck: RwSignal<bool>,
) -> impl IntoView {
    let toggles = Toggles {
        show_two,
        show_stuck,
    };
    let lang = use_lang();
    let last_report = RwSignal::new(None::<Box<CheckReport>>);
    Effect::new(move |_| {
        status.with(|s| match s {
            Status::Report(r) => last_report.set(Some(r.clone())),
            Status::Empty | Status::Invalid(_) | Status::Failed(_) => last_report.set(None),
            Status::Running => {}
        })
    });
    let body = move || {
        let l = lang.get();
        status.with(|s| match s {
            Status::Empty => view! { <p class="editor-verdict">{Text::HexInvalidLevel.in_lang(l)}</p> }.into_any(),
            Status::Running => {
                let stale = last_report.with(|r| r.as_ref().map(|r| report_view(r, l, toggles)));
                let badge = view! {
                    <p class="editor-computing" data-testid="editor-computing">{Text::HexComputing.in_lang(l)}"…"</p>
                };
                match stale {
                    Some(v) => view! { {badge}<div class="editor-stale">{v}</div> }.into_any(),
                    None => view! { {badge}<p class="editor-verdict">" "</p> }.into_any(),
                }
            }
            Status::Failed(f) => view! { <p class="editor-verdict is-bad">{f.text(l)}</p> }.into_any(),
            Status::Invalid(problems) => {
                let items = problems
                    .iter()
                    .map(|p| view! { <li>{engine_text::level_problem(p, l)}</li> })
                    .collect_view();
                view! {
                    <p class="editor-verdict is-bad">{Text::HexInvalidLevel.in_lang(l)}</p>
                    <ul class="editor-problems" data-testid="editor-problems">{items}</ul>
                }.into_any()
            }
            Status::Report(r) => report_view(r, l, toggles),
        })
    };
    view! {
        <section
            class="editor-status"
            data-testid="editor-status"
            data-state=move || status.with(Status::key)
            data-solutions=move || status.with(Status::solutions_attr)
            data-walls-matter=move || status.with(Status::walls_matter_attr)
            data-reasoning=move || status.with(Status::reasoning_attr)
            aria-live="polite"
        >
            {body}
        </section>
    }
}

/// One report as facts and problems.
fn report_view(r: &CheckReport, l: Lang, toggles: Toggles) -> AnyView {
    let Toggles {
        show_two,
        show_stuck,
    } = toggles;
    let verdict_class = if r.ok {
        "editor-verdict is-good"
    } else {
        "editor-verdict is-bad"
    };
    let listed = |items: Vec<String>| {
        if items.is_empty() {
            "—".to_string()
        } else {
            items.join(", ")
        }
    };
    let necessary = listed(
        r.necessary_walls
            .iter()
            .map(|w| format!("{}–{}: {}", w.a, w.b, verdict_text(w.necessary).in_lang(l)))
            .collect(),
    );
    let spinners = listed(
        r.spinner_checks
            .iter()
            .map(|c| format!("{}#{}: {}", c.cell, c.corner, verdict_text(c.ok).in_lang(l)))
            .collect(),
    );
    let problems = r
        .problems
        .iter()
        .map(|p| view! { <li>{engine_text::check_problem(p, l)}</li> })
        .collect_view();
    let two = (r.count.solutions >= 2 && r.other_solution.is_some()).then(|| {
        view! {
            <button class="hex-menu-item" data-testid="editor-show-two"
                on:click=move |_| show_two.update(|v| *v = !*v)>
                {Text::HexShowTwo.in_lang(l)}
            </button>
        }
    });
    let stuck = r
        .reasoning
        .as_ref()
        .is_some_and(|x| x.outcome == Outcome::Stuck && x.stuck_board.is_some())
        .then(|| {
            view! {
                <button class="hex-menu-item" data-testid="editor-show-stuck"
                    aria-pressed=move || show_stuck.get().to_string()
                    on:click=move |_| show_stuck.update(|v| *v = !*v)>
                    {Text::HexShowStuck.in_lang(l)}
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
            <dd>{necessary}</dd>
            <dt>{Text::HexSpinnerChecks.in_lang(l)}</dt>
            <dd>{spinners}</dd>
            <dt>{Text::HexDifficulty.in_lang(l)}</dt>
            <dd data-testid="editor-difficulty">{format!("{:.1} ({} {})", r.difficulty.score, r.difficulty.nodes, Text::HexSearchNodes.in_lang(l))}</dd>
            <dt>{Text::HexReasoning.in_lang(l)}</dt>
            <dd data-testid="editor-reasoning">{r.reasoning.as_ref().map(|x| reasoning_line(x, l)).unwrap_or_else(|| "—".into())}</dd>
        </dl>
        <ul class="editor-problems" data-testid="editor-problems">{problems}</ul>
        {stuck}
        {two}
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_attributes() {
        assert_eq!(Status::Running.solutions_attr(), "");
        assert_eq!(Status::Invalid(vec![]).solutions_attr(), "0");
        assert_eq!(Status::Empty.walls_matter_attr(), "");
        assert_eq!(
            Status::Failed(EditorFault::Worker("x".into())).key(),
            "failed"
        );
    }
}
