//! The Baifang lobby: the games in progress on this device to resume (继续上局),
//! capsule buttons for the three ways to play (online, vs AI, hot-seat) and the
//! recent games to review. Online play is a screen of its own
//! ([`crate::online_screen`]), with the player's online profile.

use leptos::prelude::*;

use engine::baifang::ai::Strength;
use engine::baifang::spec::STEP_TIME_LIMIT_MS;
use engine::baifang::Side;

use web_core::i18n::{use_lang, Lang};
use web_core::nav::{use_nav, Screen};

use crate::local::game::Opponent;
use crate::local::room::RoomSetup;
use crate::local::saved::{self, Kind, Resumable, Saved};
use crate::review::recent_list::RecentGames;
use crate::review::ReviewSource;
use crate::strings::BaifangText;

#[component]
pub fn Lobby(
    on_start: Callback<RoomSetup>,
    /// Resumes a saved game in progress.
    on_resume: Callback<Resumable>,
    /// Opens online play.
    on_online: Callback<()>,
    /// Opens a recent game's review.
    on_review: Callback<ReviewSource>,
    /// A `#room=` link was opened on a page without the server.
    room_link_refused: RwSignal<bool>,
    /// Opens the lesson or the rules page.
    on_learn: Callback<Learn>,
) -> impl IntoView {
    let lang = use_lang();
    let warm = warm_play();
    let ai_sheet = RwSignal::new(false);
    // The sheet's choices outlive the sheet, so reopening it shows them again.
    let level = RwSignal::new(Strength::Medium);
    let human = RwSignal::new(Side::Black);
    let step_clock = RwSignal::new(false);
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    // Read each time the lobby shows: a game left a moment ago is offered at once.
    let mut discarded = false;
    let games: Vec<(Kind, Resumable)> = Kind::ALL
        .into_iter()
        .filter_map(|kind| match saved::load(kind) {
            Saved::Game(game) => Some((kind, game)),
            Saved::Nothing => None,
            Saved::Discarded => {
                discarded = true;
                None
            }
        })
        .collect();

    view! {
        <div class="lobby" data-testid="lobby">
            <Show when=move || room_link_refused.get()>
                <p class="notice" data-testid="room-link-refused">{text(BaifangText::RoomLinkNeedsServer)}</p>
            </Show>
            {discarded.then(|| view! {
                <p class="notice" data-testid="resume-discarded">{text(BaifangText::ResumeDiscarded)}</p>
            })}
            {(!games.is_empty()).then(|| view! {
                <div class="lobby-resume">
                    {games.into_iter().map(|(kind, game)| view! { <ResumeButton kind=kind game=game on_resume=on_resume/> }).collect_view()}
                </div>
            })}
            <div class="lobby-buttons">
                <button class="capsule primary" data-testid="lobby-online" on:click=move |_| on_online.run(())>
                    {text(BaifangText::PlayOnline)}
                </button>
                <button class="capsule" data-testid="lobby-ai" on:pointerdown=move |_| warm() on:focus=move |_| warm() on:click=move |_| ai_sheet.set(true)>
                    {text(BaifangText::VsAi)}
                </button>
                <button
                    class="capsule"
                    data-testid="lobby-hotseat"
                    on:pointerdown=move |_| warm()
                    on:focus=move |_| warm()
                    on:click=move |_| on_start.run(RoomSetup { opponent: Opponent::HotSeat, step_clock: step_clock.get_untracked() })
                >
                    {text(BaifangText::HotSeat)}
                </button>
                <label class="toggle">
                    <input type="checkbox" data-testid="lobby-step-clock"
                        prop:checked=step_clock
                        on:change=move |ev| step_clock.set(event_target_checked(&ev))/>
                    <span data-testid="lobby-step-seconds">{text(BaifangText::StepClock)} {step_seconds_label()}</span>
                </label>
            </div>
            <LearnButtons on_learn=on_learn/>
            <RecentGames on_open=on_review/>
            <Show when=move || ai_sheet.get()>
                <AiSheet open=ai_sheet level=level human=human step_clock=step_clock on_start=on_start/>
            </Show>
        </div>
    }
}

/// What a finger or the focus on a button that opens the play screen does: its module starts
/// loading, so the tap that follows mostly finds it ready (the lobby's own download does not
/// carry the games).
fn warm_play() -> impl Fn() + Copy {
    let nav = use_nav();
    move || nav.warm(Screen::BaifangPlay)
}

/// What the lobby's learning buttons open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Learn {
    Lesson,
    Rules,
    /// The table puzzles ("win in N").
    Puzzles,
}

/// The lesson offered once on a first visit (taken or declined, it is not offered again),
/// then 新手教程, 规则 and 残局题 (the table puzzles) as plain buttons.
#[component]
fn LearnButtons(on_learn: Callback<Learn>) -> impl IntoView {
    let lang = use_lang();
    let warm = warm_play();
    let pick = move |zh: &'static str, en: &'static str| {
        move || match lang.get() {
            Lang::Zh => zh,
            Lang::En => en,
        }
    };
    let offered = RwSignal::new(crate::lesson::offer_pending());
    let answer = move |take: bool| {
        crate::lesson::offer_answered();
        offered.set(false);
        if take {
            on_learn.run(Learn::Lesson);
        }
    };
    view! {
        <Show when=move || offered.get()>
            <div class="lesson-offer" data-testid="lesson-offer" role="region"
                aria-label=move || BaifangText::Learn.in_lang(lang.get())>
                <p>{pick("第一次玩摆方？五个小练习，一分钟学会规则。", "New to Baifang? Five short lessons teach the rules in a minute.")}</p>
                <div class="lesson-offer-buttons">
                    <button class="pill-button primary" data-testid="lesson-offer-start" on:pointerdown=move |_| warm() on:focus=move |_| warm() on:click=move |_| answer(true)>
                        {pick("开始学习", "Start")}
                    </button>
                    <button class="pill-button" data-testid="lesson-offer-skip" on:click=move |_| answer(false)>
                        {pick("以后再说", "Not now")}
                    </button>
                </div>
            </div>
        </Show>
        <div class="lobby-learn">
            <button class="pill-button" data-testid="lobby-lesson" on:pointerdown=move |_| warm() on:focus=move |_| warm() on:click=move |_| on_learn.run(Learn::Lesson)>
                {move || BaifangText::Learn.in_lang(lang.get())}
            </button>
            <button class="pill-button" data-testid="lobby-rules" on:pointerdown=move |_| warm() on:focus=move |_| warm() on:click=move |_| on_learn.run(Learn::Rules)>
                {move || BaifangText::Rules.in_lang(lang.get())}
            </button>
            <button class="pill-button" data-testid="lobby-puzzles" on:pointerdown=move |_| warm() on:focus=move |_| warm() on:click=move |_| on_learn.run(Learn::Puzzles)>
                {move || BaifangText::Puzzles.in_lang(lang.get())}
            </button>
        </div>
    }
}

/// 继续上局 for one saved game: which kind it is (and the AI's level).
#[component]
fn ResumeButton(kind: Kind, game: Resumable, on_resume: Callback<Resumable>) -> impl IntoView {
    let lang = use_lang();
    let warm = warm_play();
    let opponent = game.opponent;
    let label = move || {
        let lang = lang.get();
        let what = match opponent {
            Opponent::HotSeat => BaifangText::HotSeat.in_lang(lang).to_string(),
            Opponent::Ai { level, .. } => {
                let level = match lang {
                    Lang::Zh => level.name(),
                    Lang::En => level.en(),
                };
                format!("{} · {level}", BaifangText::VsAi.in_lang(lang))
            }
        };
        format!("{} · {what}", BaifangText::ResumeGame.in_lang(lang))
    };
    let game = StoredValue::new(game);
    view! {
        <button class="capsule primary" data-testid=format!("lobby-resume-{}", kind.id())
            on:pointerdown=move |_| warm() on:focus=move |_| warm()
            on:click=move |_| on_resume.run(game.get_value())>
            {label}
        </button>
    }
}

/// The vs-AI sheet: the AI's level and the player's colour, then start.
#[component]
fn AiSheet(
    open: RwSignal<bool>,
    level: RwSignal<Strength>,
    human: RwSignal<Side>,
    step_clock: RwSignal<bool>,
    on_start: Callback<RoomSetup>,
) -> impl IntoView {
    let lang = use_lang();
    let text = move |t: BaifangText| move || t.in_lang(lang.get());
    view! {
        <div class="sheet-veil" on:click=move |_| open.set(false)>
            <div class="sheet" data-testid="ai-sheet" on:click=|ev| ev.stop_propagation()>
                <h3>{text(BaifangText::ChooseLevel)}</h3>
                <div class="segmented">
                    {Strength::ALL.iter().map(|&l| {
                        view! {
                            <button
                                class="segment"
                                class:active=move || level.get() == l
                                data-testid=format!("ai-level-{}", l.id())
                                on:click=move |_| level.set(l)
                            >
                                {move || match lang.get() { Lang::Zh => l.name(), Lang::En => l.en() }}
                            </button>
                        }
                    }).collect_view()}
                </div>
                <h3>{text(BaifangText::ChooseColour)}</h3>
                <div class="segmented">
                    <button class="segment" class:active=move || human.get() == Side::Black
                        data-testid="ai-colour-B" on:click=move |_| human.set(Side::Black)>
                        {text(BaifangText::PlayBlue)}
                    </button>
                    <button class="segment" class:active=move || human.get() == Side::White
                        data-testid="ai-colour-W" on:click=move |_| human.set(Side::White)>
                        {text(BaifangText::PlayOrange)}
                    </button>
                </div>
                <button
                    class="pill-button primary"
                    data-testid="ai-start"
                    on:click=move |_| on_start.run(RoomSetup {
                        opponent: Opponent::Ai { human: human.get_untracked(), level: level.get_untracked() },
                        step_clock: step_clock.get_untracked(),
                    })
                >
                    {text(BaifangText::Start)}
                </button>
            </div>
        </div>
    }
}

/// The step time beside the clock toggle, from the rule spec (the one place the number lives).
fn step_seconds_label() -> String {
    format!(" {} s", STEP_TIME_LIMIT_MS / 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The label shows whole seconds, so a spec step time that is not one would be shown
    /// wrong: this fails first.
    #[test]
    fn the_spec_step_time_is_whole_seconds() {
        assert_eq!(STEP_TIME_LIMIT_MS % 1000, 0);
        assert!(step_seconds_label().ends_with(" s"));
    }
}
