// The layout check the screen walks share (layout-walk.spec.mjs, the server's screens in
// baifang-server.spec.mjs).

/**
 * Every layout problem on the screen now, as sentences naming the element: a visible box
 * past the viewport's width, a text wider than its own box, a sideways scroll. The board's
 * insides and anything inside a frame that scrolls are left to their frame.
 */
export async function layoutProblems(page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const name = (el) => {
      const id = el.getAttribute("data-testid");
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ""}${cls} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    };
    const scrolls = (el) => {
      for (; el && el !== document.body; el = el.parentElement) {
        const x = getComputedStyle(el).overflowX;
        if (x === "auto" || x === "scroll") return true;
      }
      return false;
    };
    const out = [];
    for (const el of document.querySelectorAll("body *")) {
      // The board's insides are drawn in its own units; its moving marks may reach past
      // it by design (a shake). The board itself is checked as one box.
      if (el.closest(".board-fx") || (el.closest("svg") && el.tagName.toLowerCase() !== "svg")) continue;
      if (el.closest("#splash")) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "contents") continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Inside a frame that scrolls (the editor's board on a phone) the frame is what is
      // checked: its content is larger by design.
      if (scrolls(el.parentElement)) continue;
      // A box clipped away by an ancestor (a visually hidden label) is not seen.
      if (style.position === "absolute" && style.clip === "rect(0px, 0px, 0px, 0px)") continue;
      if (r.left < -1 || r.right > vw + 1) {
        out.push(`${name(el)} spills sideways: ${Math.round(r.left)}..${Math.round(r.right)} of ${vw}`);
        continue;
      }
      const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (ownText && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && style.overflowX !== "auto" && style.overflowX !== "scroll") {
        out.push(`${name(el)} clips its text: ${el.scrollWidth} wide in ${el.clientWidth}`);
      }
    }
    if (document.documentElement.scrollWidth > vw + 1) out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    return out;
  });
}

/** The small and sideways phones every screen must fit. */
export const SMALL_SCREENS = [
  { name: "320x568", width: 320, height: 568 },
  { name: "844x390", width: 844, height: 390 },
];

/** The screen now at each of SMALL_SCREENS (the viewport restored after), its problems named. */
export async function smallScreenProblems(page, where) {
  const before = page.viewportSize();
  const found = [];
  for (const size of SMALL_SCREENS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(200);
    for (const p of await layoutProblems(page)) found.push(`${where} at ${size.name}: ${p}`);
  }
  await page.setViewportSize(before);
  return found;
}
