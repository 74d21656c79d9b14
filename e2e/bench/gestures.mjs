// The pointer gestures both browser benchmarks (frames.spec, trace.spec) replay.
import { point } from "../tests/baifang-helpers.mjs";

/** Picks up the stone on point `fromIndex`, carries it to `toIndex`, back, and there again,
 * then lets go and waits for the formation's ripple and gold flash to run their course. */
export async function shuttleStone(page, fromIndex, toIndex) {
  const from = await point(page, fromIndex).boundingBox();
  const to = await point(page, toIndex).boundingBox();
  const centre = (box) => [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(...centre(from));
  await page.mouse.down();
  await page.mouse.move(...centre(to), { steps: 24 });
  await page.mouse.move(...centre(from), { steps: 24 });
  await page.mouse.move(...centre(to), { steps: 24 });
  await page.mouse.up();
  await page.waitForTimeout(700);
}
