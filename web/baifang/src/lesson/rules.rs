//! The rules page, in both languages: the rules of `docs/baifang-rules.md` in a player's
//! words, in the order a first game meets them.

use leptos::prelude::*;

use web_core::chrome::{BackAction, ScreenHeader};
use web_core::i18n::{use_lang, Label, Lang};

use engine::baifang::spec::{
    LINE_CAPTURE, MIN_STONES, SQUARE_CAPTURE, STEP_TIME_LIMIT_MS, STONES_PER_SIDE, TIMEOUTS_TO_LOSE,
};

use crate::strings::BaifangText;

/// A sentence in `lang`, its numbers written in ([`fill`]).
pub fn say((zh, en): (&'static str, &'static str), lang: Lang) -> String {
    fill(match lang {
        Lang::Zh => zh,
        Lang::En => en,
    })
}

/// A sentence with the rules' numbers written in from the engine's spec, so the page and
/// the lessons never hold a second copy of them.
pub fn fill(text: &str) -> String {
    text.replace("{stones}", &STONES_PER_SIDE.to_string())
        .replace("{square}", &SQUARE_CAPTURE.to_string())
        .replace("{line}", &LINE_CAPTURE.to_string())
        .replace("{min}", &MIN_STONES.to_string())
        .replace("{timeouts}", &TIMEOUTS_TO_LOSE.to_string())
        .replace("{seconds}", &(STEP_TIME_LIMIT_MS / 1000).to_string())
}

/// One section: a heading and its paragraphs, each in Chinese and English.
struct Section {
    head: (&'static str, &'static str),
    body: &'static [(&'static str, &'static str)],
}

const RULES: &[Section] = &[
    Section {
        head: ("棋盘与棋子", "Board and stones"),
        body: &[
            ("5×5 的棋盘，棋子下在 25 个交叉点上。双方各有 {stones} 枚棋子：蓝方先走，橙方后走。", "A 5×5 board: stones go on its 25 crossing points. Each side has {stones} stones: Blue moves first, Orange second."),
            ("坐标和着法记录一致：列 a–e 从左到右，行 5–1 从上到下（左上角是 a5）。", "Coordinates follow the move list: files a–e left to right, ranks 5–1 top to bottom (a5 is the top-left corner)."),
        ],
    },
    Section {
        head: ("摆子，然后走子", "Placing, then moving"),
        body: &[
            ("摆子：双方轮流把手中的一枚棋子放到任意空点上。", "Placing: the sides take turns putting one stone from hand on any empty point."),
            ("双方手中的棋子都摆完后进入走子：每次把自己的一枚棋子沿线走一步到相邻的空点，不能斜走，不能跳。", "When both hands are empty the sides move: each turn steps one own stone along a line to a neighbouring empty point; no diagonals, no jumps."),
        ],
    },
    Section {
        head: ("成方与成洲", "Squares and lines"),
        body: &[
            ("同色四子占一个小方格的四角叫「方」，吃对方 {square} 子；一整行或一整列五子同色叫「洲」，吃 {line} 子。同时成的加在一起。斜线从不算数。", "Four stones of one colour on the corners of one cell are a square: it captures {square}. A full row or column of one colour is a line: it captures {line}. Formations made at once add up. Diagonals never count."),
            ("只有刚放下或刚走到的那枚棋子新成的方和洲才吃子；吃子要一枚一枚吃完，对方才走。", "Only formations that include the stone just placed or moved capture; the captures are made one stone at a time before the other side plays."),
        ],
    },
    Section {
        head: ("保护", "Protection"),
        body: &[
            ("在方或洲里的棋子受保护：对方还有散子时，只能吃散子。对方全部棋子都在方或洲里时，哪一枚都可以吃。", "Stones in a square or line are protected: while the enemy has loose stones, only those may be taken. When every enemy stone sits in a formation, any may be taken."),
        ],
    },
    Section {
        head: ("退步不吃", "No capture for shuttling"),
        body: &[
            ("一枚棋子走一步成方或成洲吃了子，之后在同样两个点之间来回走，只要周围的棋子没有变化，再成方也不吃子（显示为拦截）。周围一有变化，或它走到第三个点，或它被吃掉，限制就解除。", "When a stone's step captures, stepping it back and forth between the same two points captures nothing while the stones around it stay the same (shown as intercepted). A change around it, a step to a third point, or its capture lifts the lock."),
        ],
    },
    Section {
        head: ("胜负", "Winning"),
        body: &[
            ("没有和棋。对方棋盘上加手中少于 {min} 枚、走子阶段轮到对方却无路可走（憋死）、对方超时满 {timeouts} 次、或对方认输，你就赢了。", "There are no draws. You win when your opponent has fewer than {min} stones on the board and in hand together, has no legal step on their turn in the moving phase, runs out of time {timeouts} times, or resigns."),
            ("开启步时后，每一步（连同它的吃子）限时 {seconds} 秒；超时记一次，这一步和还欠的吃子作废，轮到对方。", "With the step clock on, each turn (with its captures) has {seconds} seconds; a timeout counts against you, forfeits the turn and any captures still owed, and passes the turn."),
        ],
    },
];

#[component]
pub fn RulesPage(on_exit: Callback<()>, on_lesson: Callback<()>) -> impl IntoView {
    let lang = use_lang();
    let pick = move |s: (&'static str, &'static str)| move || say(s, lang.get());
    let sections = RULES
        .iter()
        .map(|s| {
            let body = s
                .body
                .iter()
                .map(|&p| view! { <p>{pick(p)}</p> })
                .collect_view();
            view! { <section class="rules-section"><h3>{pick(s.head)}</h3>{body}</section> }
        })
        .collect_view();
    view! {
        <article class="rules" data-testid="rules">
            <ScreenHeader title=Label::of(BaifangText::Rules) back=BackAction {
                label: Label::of(BaifangText::BackToLobby),
                testid: "rules-back",
                run: on_exit,
            }/>
            {sections}
            <button class="pill-button primary" data-testid="rules-lesson" on:click=move |_| on_lesson.run(())>
                {pick(("边玩边学：五个小练习", "Learn by playing: five short lessons"))}
            </button>
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_is_written_in_from_the_spec() {
        for section in RULES {
            for &(zh, en) in section.body.iter().chain([&section.head]) {
                for text in [zh, en] {
                    let filled = fill(text);
                    assert!(!filled.contains('{'), "{filled}");
                }
            }
        }
        assert!(fill(RULES[0].body[0].1).contains(&format!("{STONES_PER_SIDE} stones")));
    }
}
