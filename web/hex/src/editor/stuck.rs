//! The deduction solver's stuck board drawn over the editor canvas: the steps
//! reasoning fixed before it needed a guess, the sides it knows the path uses or
//! rules out, and the cells that may hold the step it could not place. Everything
//! comes from the last check's report; the drawing decides nothing.

use engine::hex::deduce::{Outcome, Snapshot};
use leptos::prelude::*;

use super::status::Status;
use crate::context::HexCtx;
use crate::draft::Draft;
use crate::svg::{r1, SIZE};

/// The stuck board of the last report and the step reasoning could not place;
/// `None` unless the report says the level needs guessing.
pub fn stuck_of(status: &Status) -> Option<(Snapshot, u32)> {
    let Status::Report(r) = status else {
        return None;
    };
    let x = r.reasoning.as_ref()?;
    if x.outcome != Outcome::Stuck {
        return None;
    }
    Some((x.stuck_board.clone()?, x.stuck_step?))
}

/// Pixel centre and id of cell `i` of the checked level (the draft's cells are the
/// level's cells in the same order).
fn cell_at(d: &Draft, i: usize) -> Option<((f64, f64), String)> {
    let c = d.cells.get(i)?;
    Some((c.pos.to_pixel(SIZE), c.id.clone()))
}

/// The overlay: rings with the fixed steps, dashed rings on the cells that may
/// hold the stuck step, known path sides as lines and ruled-out sides as crosses.
pub fn stuck_overlay(ctx: HexCtx, status: RwSignal<Status>) -> impl IntoView {
    let Some((board, step)) = status.with(stuck_of) else {
        return ().into_any();
    };
    ctx.editor.with(|h| {
        let d = h.present();
        let fixed = (0..board.steps.len()).filter_map(|i| {
            let s = board.fixed_step(i)?;
            let ((x, y), id) = cell_at(d, i)?;
            let has_clue = d.cells[i].clue.is_some();
            Some(view! {
                <g class="editor-stuck-fixed" data-testid=format!("editor-stuck-cell-{id}") data-step=s.to_string()
                    transform=format!("translate({} {})", r1(x), r1(y))>
                    <circle r=r1(SIZE * 0.62)/>
                    {(!has_clue).then(|| view! { <text text-anchor="middle" dominant-baseline="central">{s.to_string()}</text> })}
                </g>
            })
        });
        let open = board.cells_for_step(step).into_iter().filter_map(|i| {
            let ((x, y), id) = cell_at(d, i)?;
            Some(view! {
                <circle class="editor-stuck-choice" data-testid=format!("editor-stuck-choice-{id}")
                    cx=r1(x) cy=r1(y) r=r1(SIZE * 0.72)/>
            })
        });
        let side = |e: &engine::hex::Edge| Some((cell_at(d, e.a)?, cell_at(d, e.b)?));
        let used = board.used.iter().filter_map(|e| {
            let (((ax, ay), a), ((bx, by), b)) = side(e)?;
            Some(view! {
                <line class="editor-stuck-used" data-testid=format!("editor-stuck-used-{a}-{b}")
                    x1=r1(ax) y1=r1(ay) x2=r1(bx) y2=r1(by)/>
            })
        });
        let closed = board.closed.iter().filter_map(|e| {
            let (((ax, ay), a), ((bx, by), b)) = side(e)?;
            let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
            let k = SIZE * 0.16;
            Some(view! {
                <path class="editor-stuck-closed" data-testid=format!("editor-stuck-closed-{a}-{b}")
                    d=format!("M{} {}L{} {}M{} {}L{} {}", r1(mx - k), r1(my - k), r1(mx + k), r1(my + k),
                        r1(mx - k), r1(my + k), r1(mx + k), r1(my - k))/>
            })
        });
        view! {
            <g class="editor-stuck" data-testid="editor-stuck-board" data-step=step.to_string()>
                {used.collect_view()}
                {closed.collect_view()}
                {open.collect_view()}
                {fixed.collect_view()}
            </g>
        }
        .into_any()
    })
}
