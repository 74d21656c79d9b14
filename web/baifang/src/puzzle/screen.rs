//! The puzzle screen: the built-in "win in N" puzzles by difficulty, then one puzzle on the
//! game's own board, each whole turn sent to the AI's Web Worker for the tables' judgement
//! and answered with their words: kept (and the defence played), slower or thrown away
//! (taken back), solved.

use leptos::prelude::*;

use engine::baifang::ai::analysis::Verdict;
use engine::baifang::puzzle::{self, Difficulty, Judged, Puzzle};
use engine::baifang::Action;

use web_core::chrome::{BackAction, ScreenHeader};
use web_core::i18n::{use_lang, Label, Lang};
use web_core::variant_key::variant_key;

use super::run::{PuzzleRun, Stage, Tapped};
use crate::ai::client::AiClient;
use crate::ai::opponent::hint_points;
use crate::ai::protocol::{AiAnswer, AiRequest, Job};
use crate::board::{shake, Board};
use crate::lesson::rules::say;
use crate::review::exact::verdict_key;
use crate::review::strings::{outcome_words, verdict_words};
use crate::strings::{side_name, BaifangText};
use crate::view_model::game_view;

/// The defence is shown this long after the player's turn, so the turn is seen first.
const DEFENCE_DELAY_MS: u32 = 500;

fn difficulty_words(d: Difficulty) -> (&'static str, &'static str) {
    match d {
        Difficulty::Easy => ("入门", "Easy"),
        Difficulty::Medium => ("进阶", "Medium"),
        Difficulty::Hard => ("高手", "Hard"),
    }
}

#[component]
pub fn PuzzleScreen(on_exit: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let list = StoredValue::new(puzzle::built_in());
    let open = RwSignal::new(None::<usize>);
    let solved = RwSignal::new(super::solved());
    let back = BackAction {
        label: Label::of(BaifangText::BackToLobby),
        testid: "puzzles-back",
        run: on_exit,
    };
    view! {
        <section class="puzzles" data-testid="puzzles">
            <ScreenHeader title=Label::of(BaifangText::Puzzles) back=back/>
            {move || match (list.get_value(), open.get()) {
                (Err(message), _) => view! { <p class="notice" data-testid="puzzles-error">{message}</p> }.into_any(),
                (Ok(all), None) => view! { <PuzzleList all=all solved=solved open=open/> }.into_any(),
                (Ok(all), Some(i)) => {
                    let count = all.len();
                    let on_solved = Callback::new(move |id: String| {
                        super::mark_solved(&id);
                        solved.update(|s| {
                            s.insert(id);
                        });
                    });
                    let on_next = (i + 1 < count).then(|| Callback::new(move |_| open.set(Some(i + 1))));
                    view! {
                        <PuzzlePlay puzzle=all[i].clone() number=i + 1 on_solved=on_solved
                            on_list=Callback::new(move |_| open.set(None)) on_next=on_next/>
                    }.into_any()
                }
            }}
            <p class="puzzles-about">{move || say(("每题都由残局库验证：先手方有唯一的必胜第一步。一步指一次走子或一次吃子。", "Every puzzle is checked by the endgame tables: the side to move has exactly one winning first turn. A ply is one move or one capture."), lang.get())}</p>
        </section>
    }
}

/// The puzzles by difficulty, solved ones marked.
#[component]
fn PuzzleList(
    all: Vec<Puzzle>,
    solved: RwSignal<std::collections::BTreeSet<String>>,
    open: RwSignal<Option<usize>>,
) -> impl IntoView {
    let lang = use_lang();
    Difficulty::ALL
        .into_iter()
        .map(|d| {
            let items: Vec<(usize, Puzzle)> = all
                .iter()
                .cloned()
                .enumerate()
                .filter(|(_, p)| p.difficulty() == d)
                .collect();
            view! {
                <h3 class="puzzle-level">{move || say(difficulty_words(d), lang.get())}</h3>
                <div class="puzzle-grid">
                    {items.into_iter().map(|(i, p)| {
                        let id = p.id();
                        let plies = p.plies;
                        let done = Memo::new(move |_| solved.with(|s| s.contains(&id)));
                        view! {
                            <button class="pill-button puzzle-item" class:solved=done
                                data-testid=format!("puzzle-{i}") data-plies=plies
                                data-solved=move || done.get().to_string()
                                on:click=move |_| open.set(Some(i))>
                                {move || format!("{} · {}", i + 1, plies_words(plies, lang.get()))}
                                {move || done.get().then_some(" ✓")}
                            </button>
                        }
                    }).collect_view()}
                </div>
            }
        })
        .collect_view()
}

fn plies_words(plies: u16, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{plies} 步胜"),
        Lang::En => format!("win in {plies}"),
    }
}

/// The sentence for a hint the tables could not give.
fn no_hint_words(why: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("残局库无法给出提示：{why}"),
        Lang::En => format!("The endgame tables could not give a hint: {why}"),
    }
}

/// The sentence for the tables' last judgement.
fn judged_words(said: &Result<Judged, String>, plies: u16, lang: Lang) -> String {
    let judged = match said {
        Ok(j) => j,
        Err(why) => {
            return match lang {
                Lang::Zh => format!("残局库无法判断这一步，已退回：{why}"),
                Lang::En => format!(
                    "The endgame tables could not judge this turn; it was taken back: {why}"
                ),
            }
        }
    };
    if judged.solved {
        return match lang {
            Lang::Zh => format!("解开了！{plies} 步取胜。"),
            Lang::En => format!("Solved: won in {plies} plies."),
        };
    }
    match (judged.exact.verdict, verdict_words(judged.exact, lang)) {
        (Verdict::Kept, _) | (_, None) => {
            let before = outcome_words(judged.exact.before, lang);
            match lang {
                Lang::Zh => format!("对！这一步保持最快取胜（走前{before}）。"),
                Lang::En => format!("Right: this keeps the quickest win ({before} before it)."),
            }
        }
        (_, Some(words)) => {
            let again = match lang {
                Lang::Zh => "已退回，再试一次。",
                Lang::En => "Taken back: try again.",
            };
            format!("{words} {again}")
        }
    }
}

/// One puzzle on the board.
#[component]
fn PuzzlePlay(
    puzzle: Puzzle,
    number: usize,
    on_solved: Callback<String>,
    on_list: Callback<()>,
    on_next: Option<Callback<()>>,
) -> impl IntoView {
    let lang = use_lang();
    let Some(start) = PuzzleRun::start(puzzle.clone()) else {
        return view! { <p class="notice" data-testid="puzzles-error">{puzzle::PuzzleError::BadPosition(puzzle.board.clone()).to_string()}</p> }.into_any();
    };
    let plies = puzzle.plies;
    let player = start.state().to_move();
    let run = RwSignal::new(start);
    let refused = RwSignal::new(None::<(u8, u32)>);
    let worker = PuzzleWorker::new(run, on_solved);
    let hint = worker.hint;
    let on_tap = Callback::new(move |p: u8| match run.try_update(|r| r.tap(p)) {
        Some(Tapped::Judge { log, turn }) => worker.judge(log, turn),
        Some(Tapped::Refused) => shake(refused, p),
        _ => {}
    });
    let view = Memo::new(move |_| {
        run.with(|r| game_view(&r.game, r.selection, r.stage == Stage::Playing))
    });
    let stage = move || run.with(|r| r.stage.clone());
    let verdict = move || {
        run.with(|r| match &r.said {
            _ if r.no_hint.is_some() => "error",
            Some(Ok(j)) if j.solved => "solved",
            Some(Ok(j)) => verdict_key(j.exact.verdict),
            Some(Err(_)) => "error",
            None => "",
        })
    };
    let goal = move || {
        let lang = lang.get();
        let side = side_name(player, lang);
        match lang {
            Lang::Zh => format!("第 {number} 题：{side}先走，{plies} 步内取胜。"),
            Lang::En => format!("Puzzle {number}: {side} to move and win in {plies} plies."),
        }
    };
    let progress = move || {
        let played = run.with(|r| r.plies_played());
        match lang.get() {
            Lang::Zh => format!("已走 {played} / {plies} 步"),
            Lang::En => format!("{played} of {plies} plies played"),
        }
    };
    view! {
        <div class="puzzle-play" data-testid="puzzle-play" data-stage=move || variant_key(&stage())
            data-plies-played=move || run.with(|r| r.plies_played())>
            <h2 class="puzzle-goal" data-testid="puzzle-goal">{goal}</h2>
            <p class="puzzle-progress" data-testid="puzzle-progress">{progress}</p>
            <div class="board-wrap puzzle-board">
                <Board view=view mover=Signal::derive(move || view.with(|v| v.to_move))
                    waiting=Signal::derive(move || stage() != Stage::Playing && stage() != Stage::Solved) refused=refused
                    formation_key=Signal::derive(move || run.with(|r| r.game.log().len()))
                    hint=hint on_tap=on_tap/>
            </div>
            <p class="puzzle-note" data-testid="puzzle-note" role="status" aria-live="polite" data-verdict=verdict>
                {move || run.with(|r| match (&r.no_hint, &r.said) {
                    (Some(why), _) => Some(no_hint_words(why, lang.get())),
                    (None, said) => said.as_ref().map(|s| judged_words(s, plies, lang.get())),
                })}
            </p>
            <div class="puzzle-buttons">
                <button class="pill-button" data-testid="puzzle-hint" disabled=move || run.with(|r| r.hint_log().is_none())
                    on:click=move |_| worker.ask_hint()>
                    {move || BaifangText::Hint.in_lang(lang.get())}
                </button>
                <button class="pill-button" data-testid="puzzle-restart" on:click=move |_| {
                    hint.set(Vec::new());
                    run.update(PuzzleRun::restart);
                }>
                    {move || say(("重来", "Start again"), lang.get())}
                </button>
                <button class="pill-button" data-testid="puzzle-list" on:click=move |_| on_list.run(())>
                    {move || say(("题目列表", "All puzzles"), lang.get())}
                </button>
                {on_next.map(|next| view! {
                    <Show when=move || stage() == Stage::Solved>
                        <button class="pill-button primary" data-testid="puzzle-next" on:click=move |_| next.run(())>
                            {move || say(("下一题", "Next puzzle"), lang.get())}
                        </button>
                    </Show>
                })}
            </div>
        </div>
    }
    .into_any()
}

/// The page side of the puzzle's worker jobs: sends a whole turn for the tables' judgement
/// or asks for a hint (the worker is spawned on the first), and feeds the answers to the run
/// and the board's hint marks, playing the defence after a pause.
#[derive(Clone, Copy)]
struct PuzzleWorker {
    run: RwSignal<PuzzleRun>,
    /// The points the hint marks (empty: none).
    hint: RwSignal<Vec<u8>>,
    on_solved: Callback<String>,
    awaited: StoredValue<Option<u32>>,
    /// Dropped with the puzzle: leaving it terminates the worker.
    client: StoredValue<Option<AiClient>, LocalStorage>,
}

impl PuzzleWorker {
    fn new(run: RwSignal<PuzzleRun>, on_solved: Callback<String>) -> PuzzleWorker {
        PuzzleWorker {
            run,
            hint: RwSignal::new(Vec::new()),
            on_solved,
            awaited: StoredValue::new(None),
            client: StoredValue::new_local(None),
        }
    }

    /// Asks the tables about the player's whole `turn` after `log`.
    fn judge(self, log: Vec<Action>, turn: Vec<Action>) {
        self.hint.set(Vec::new());
        let puzzle = self.run.with_untracked(|r| r.puzzle.clone());
        self.send(log, Job::Puzzle { puzzle, turn });
    }

    /// Asks the tables for the quickest winning turn, at the start of the player's turn.
    fn ask_hint(self) {
        let Some(log) = self.run.with_untracked(PuzzleRun::hint_log) else {
            return;
        };
        let puzzle = self.run.with_untracked(|r| r.puzzle.clone());
        self.send(log, Job::PuzzleHint { puzzle });
    }

    fn send(self, log: Vec<Action>, job: Job) {
        if self.client.with_value(Option::is_none) {
            match AiClient::spawn(move |response| self.on_answer(response.id, response.answer)) {
                Ok(c) => self.client.set_value(Some(c)),
                Err(message) => return self.refused(message),
            }
        }
        let request = AiRequest { log, job };
        let id = self
            .client
            .with_value(|c| c.as_ref().map(|c| c.send(&request)));
        self.awaited.set_value(id);
    }

    /// Why the worker could not answer: a turn being judged is taken back with it.
    fn refused(self, why: String) {
        self.run.update(|r| {
            if r.stage == Stage::Judging {
                r.judged(Err(why));
            } else {
                r.hint_refused(why);
            }
        });
    }

    fn on_answer(self, id: u32, answer: Result<AiAnswer, String>) {
        if self.awaited.get_value() != Some(id) {
            return;
        }
        self.awaited.set_value(None);
        let judged = match answer {
            Ok(AiAnswer::Turn(reply)) => return self.hint.set(hint_points(&reply.turn)),
            Ok(AiAnswer::Puzzle(j)) => j,
            Ok(_) => return self.refused("the worker answered another question".into()),
            Err(message) => return self.refused(message),
        };
        let run = self.run;
        run.update(|r| r.judged(Ok(judged)));
        match run.with_untracked(|r| r.stage.clone()) {
            Stage::Solved => self.on_solved.run(run.with_untracked(|r| r.puzzle.id())),
            Stage::Defending => {
                gloo_timers::callback::Timeout::new(DEFENCE_DELAY_MS, move || {
                    let _ = run.try_update(PuzzleRun::defend);
                })
                .forget();
            }
            _ => {}
        }
    }
}
