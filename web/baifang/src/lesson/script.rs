//! The first lesson's five scripted boards and the run through them: each board starts
//! from a log the engine replays, asks for one marked action at a time and answers with
//! the other side's scripted replies. Every tap goes through the room's tap mapping and
//! every action through the engine, so a lesson can only show what the rules do.

use engine::baifang::{Action, ActionOutcome, Game, State};

use crate::board::tap::{tap_intent, TapIntent};

/// A sentence in both languages (Chinese, English).
pub type Say = (&'static str, &'static str);

/// One action the learner is asked for, and what the other side answers.
pub struct Step {
    pub expect: Action,
    pub say: Say,
    pub reply: &'static [Action],
}

/// One scripted board.
pub struct Lesson {
    pub title: Say,
    /// The game so far, replayed by the engine to set the board.
    pub setup: &'static [Action],
    pub steps: &'static [Step],
    /// What the learner has just seen the rules do.
    pub done: Say,
}

const fn place(to: u8) -> Action {
    Action::Place { to }
}
const fn step(from: u8, to: u8) -> Action {
    Action::Move { from, to }
}
const fn take(at: u8) -> Action {
    Action::Capture { at }
}

/// The five lessons: placing, a square captures 1, a line captures 2, the shield, moving
/// and the anti-looping lock (`docs/baifang-rules.md`).
pub const LESSONS: [Lesson; 5] = [
    Lesson {
        title: ("摆子", "Placing"),
        setup: &[],
        steps: &[
            Step {
                expect: place(12),
                say: ("你执蓝方先走。点亮起的点，放下一枚棋子。", "You play Blue and go first. Tap the marked point to place a stone."),
                reply: &[place(6)],
            },
            Step {
                expect: place(13),
                say: ("橙方也放了一枚。双方轮流摆子，每方手中 {stones} 枚。再放一枚。", "Orange placed one too. The sides take turns, {stones} stones in hand each. Place another."),
                reply: &[place(7)],
            },
        ],
        done: ("摆子阶段：双方轮流把手中的棋子放到任意空点上。", "Placing: the sides take turns putting a stone from hand on any empty point."),
    },
    Lesson {
        title: ("成方吃子", "A square captures"),
        setup: &[place(0), place(24), place(1), place(23), place(5), place(22)],
        steps: &[
            Step {
                expect: place(6),
                say: ("同色四子围成一个小方格，叫「方」。放下第四枚，成方。", "Four stones of one colour on the corners of one cell make a square. Place the fourth."),
                reply: &[],
            },
            Step {
                expect: take(22),
                say: ("成方吃 {square} 子：点一枚橙子把它吃掉。", "A square captures {square}: tap an orange stone to take it."),
                reply: &[],
            },
        ],
        done: ("每成一个新的方，吃对方 {square} 子；斜线从不算数。", "Each new square captures {square} enemy stone; diagonals never count."),
    },
    Lesson {
        title: ("成洲吃子", "A line captures"),
        setup: &[place(0), place(20), place(1), place(22), place(2), place(24), place(3), place(11)],
        steps: &[
            Step {
                expect: place(4),
                say: ("一整行或一整列五子同色，叫「洲」。放下第五枚。", "A full row or column of one colour is a line. Place the fifth stone."),
                reply: &[],
            },
            Step {
                expect: take(20),
                say: ("成洲吃 {line} 子。先吃一枚……", "A line captures {line}. Take one…"),
                reply: &[],
            },
            Step {
                expect: take(22),
                say: ("……再吃一枚。", "…and another."),
                reply: &[],
            },
        ],
        done: ("吃子要吃完才换对方：一个方 {square} 子，一条洲 {line} 子，同时成的加在一起。", "A turn ends when every capture is made: {square} per square, {line} per line, added up."),
    },
    Lesson {
        title: ("受保护的棋子", "Protected stones"),
        setup: &[
            place(12), place(18), place(0), place(19), place(1), place(23), place(5), place(24),
            take(12), place(10), place(20),
        ],
        steps: &[
            Step {
                expect: place(6),
                say: ("橙方右下角的四子已经成方。你也成一个方。", "Orange's four stones at the bottom right are a square. Make one of yours."),
                reply: &[],
            },
            Step {
                expect: take(20),
                say: ("在方或洲里的棋子受保护：对方还有散子时，只能吃散子。吃掉那枚散子。", "Stones in a square or line are protected: while the enemy has loose stones, only those can be taken. Take the loose one."),
                reply: &[],
            },
        ],
        done: ("对方的棋子全在方或洲里时，保护解除，哪一枚都可以吃。", "When every enemy stone sits in a formation, the shield lifts and any may be taken."),
    },
    Lesson {
        title: ("走子与退步不吃", "Moving, and no capture for shuttling"),
        setup: &[
            place(12), place(3), place(13), place(15), place(24), place(17), place(20), place(18),
            place(23), place(11), place(16), place(2), place(9), place(22), place(5), place(14),
            place(7), place(6), place(8), take(18), place(1), place(4), place(21), place(19),
            place(10),
        ],
        steps: &[
            Step {
                expect: step(13, 18),
                say: ("棋子摆完后走子：先点自己的一枚棋子，再点相邻的空点，沿线走一步。走这一步成方。", "With every stone placed, the sides move: tap one of your stones, then an empty point next to it along a line. This step makes a square."),
                reply: &[],
            },
            Step {
                expect: take(11),
                say: ("走成方一样吃 {square} 子。", "A square made by moving captures {square} as well."),
                reply: &[step(1, 0)],
            },
            Step {
                expect: step(18, 13),
                say: ("对方走了一步。把刚才那枚棋子走回去，再走过来，会怎样？先走回去。", "Your opponent moved. What if the same stone goes back and forth? Step it back first."),
                reply: &[],
            },
        ],
        done: ("退步不吃：周围不变时，同一枚棋子在两点间来回走成的方不再吃子（显示为拦截）。周围一变，或走到第三个点，限制就解除。", "No capture for shuttling: while nothing around it changes, a stone going back and forth between two points re-forms its square but captures nothing (shown as intercepted). A change around it, or a step to a third point, lifts the lock."),
    },
];

/// What a tap did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heard {
    /// The marked stone is picked up.
    Picked,
    /// The picked-up stone is put down again.
    PutDown,
    /// The marked action was played (and the replies after it); more steps follow.
    Played,
    /// The marked action was the lesson's last.
    Finished,
    /// A legal action, but not the one this step teaches.
    NotThis,
    /// A protected stone: the engine refuses to take it while loose ones stand.
    Protected,
    /// Nothing the rules allow here.
    Refused,
}

/// One lesson in progress.
#[derive(Clone, Debug)]
pub struct LessonRun {
    pub index: usize,
    pub game: Game,
    pub step: usize,
    pub selection: Option<u8>,
}

impl LessonRun {
    /// Lesson `index` at its first step.
    pub fn start(index: usize) -> LessonRun {
        let game = Game::from_log(LESSONS[index].setup).unwrap_or_default();
        LessonRun {
            index,
            game,
            step: 0,
            selection: None,
        }
    }

    pub fn lesson(&self) -> &'static Lesson {
        &LESSONS[self.index]
    }

    /// The step asked for now (none once the lesson is done).
    pub fn current(&self) -> Option<&'static Step> {
        self.lesson().steps.get(self.step)
    }

    pub fn finished(&self) -> bool {
        self.current().is_none()
    }

    pub fn state(&self) -> &State {
        self.game.state()
    }

    pub fn last_outcome(&self) -> Option<&ActionOutcome> {
        self.game.last_outcome()
    }

    /// The points the board marks: where the asked-for action taps next.
    pub fn marked(&self) -> Vec<u8> {
        match self.current().map(|s| s.expect) {
            Some(Action::Place { to }) => vec![to],
            Some(Action::Capture { at }) => vec![at],
            Some(Action::Move { from, to }) => vec![if self.selection == Some(from) {
                to
            } else {
                from
            }],
            _ => Vec::new(),
        }
    }

    /// A tap on point `p`.
    pub fn tap(&mut self, p: u8) -> Heard {
        let Some(expect) = self.current().map(|s| s.expect) else {
            return Heard::Refused;
        };
        match tap_intent(self.state(), self.selection, p) {
            TapIntent::Select(q) if matches!(expect, Action::Move { from, .. } if from == q) => {
                self.selection = Some(q);
                Heard::Picked
            }
            TapIntent::Select(_) => Heard::NotThis,
            TapIntent::Deselect => {
                self.selection = None;
                Heard::PutDown
            }
            TapIntent::Play(a) if a == expect => self.play(a),
            TapIntent::Play(a) => {
                if self.state().clone().apply(a).is_ok() {
                    Heard::NotThis
                } else if matches!(a, Action::Capture { at } if self.state().shielded() >> at & 1 == 1)
                {
                    Heard::Protected
                } else {
                    Heard::Refused
                }
            }
            TapIntent::Refuse => Heard::Refused,
        }
    }

    /// Plays the asked-for action and the replies after it, through the engine.
    fn play(&mut self, a: Action) -> Heard {
        if self.game.play(a).is_err() {
            return Heard::Refused;
        }
        self.selection = None;
        let replies = self.lesson().steps[self.step].reply;
        for &r in replies {
            // A script the engine refuses is a bug the tests below catch.
            let _ = self.game.play(r);
        }
        self.step += 1;
        if self.finished() {
            Heard::Finished
        } else {
            Heard::Played
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Taps a step's marked points until the step is played.
    fn tap_through(run: &mut LessonRun) -> Heard {
        loop {
            let p = run.marked()[0];
            match run.tap(p) {
                Heard::Picked => continue,
                heard => return heard,
            }
        }
    }

    #[test]
    fn every_lesson_is_legal_and_completes_by_tapping_its_marks() {
        for (index, lesson) in LESSONS.iter().enumerate() {
            assert!(
                Game::from_log(lesson.setup).is_ok(),
                "lesson {index}'s setup"
            );
            let mut run = LessonRun::start(index);
            for (i, _) in lesson.steps.iter().enumerate() {
                let heard = tap_through(&mut run);
                let want = if i + 1 == lesson.steps.len() {
                    Heard::Finished
                } else {
                    Heard::Played
                };
                assert_eq!(heard, want, "lesson {index} step {i}");
                // Every scripted reply was accepted: the log holds setup, steps and replies.
                let expected: usize = lesson.setup.len()
                    + lesson.steps[..=i]
                        .iter()
                        .map(|s| 1 + s.reply.len())
                        .sum::<usize>();
                assert_eq!(
                    run.game.log().len(),
                    expected,
                    "lesson {index} step {i}'s replies"
                );
            }
            assert!(
                run.finished() && !run.state().is_finished(),
                "lesson {index} leaves a game running"
            );
        }
    }

    #[test]
    fn each_lesson_shows_the_rule_it_names() {
        let after = |index: usize, steps: usize| {
            let mut run = LessonRun::start(index);
            let mut outcomes = Vec::new();
            for _ in 0..steps {
                tap_through(&mut run);
                outcomes.push(*run.last_outcome().unwrap());
            }
            (run, outcomes)
        };
        // A square owes 1, a line 2.
        let mut square = LessonRun::start(1);
        square.tap(6);
        assert_eq!(square.state().pending_captures(), 1);
        let mut line = LessonRun::start(2);
        line.tap(4);
        assert_eq!(line.state().pending_captures(), 2);
        // The shield: only the loose stone may be taken.
        let mut shield = LessonRun::start(3);
        shield.tap(6);
        assert_eq!(shield.state().capturable(), 1 << 20);
        assert_eq!(shield.tap(24), Heard::Protected);
        // Shuttling back re-forms the square and is intercepted by the lock.
        let (_, outcomes) = after(4, 3);
        assert!(
            outcomes[2].intercepted_by_loop,
            "the step back captures nothing"
        );
        assert_eq!(outcomes[2].owed, 0);
    }

    #[test]
    fn a_legal_tap_off_the_mark_is_not_played() {
        let mut run = LessonRun::start(0);
        assert_eq!(run.tap(3), Heard::NotThis);
        assert_eq!(run.game.log().len(), 0);
        let mut run = LessonRun::start(4);
        assert_eq!(run.tap(13), Heard::Picked);
        assert_eq!(run.marked(), vec![18]);
        assert_eq!(run.tap(13), Heard::PutDown);
    }
}
