// What the browser benchmarks share to measure: CPU throttling and quantiles.

/** Sets Chromium's CPU throttle (DevTools' "4x slowdown") on `page`; returns the CDP session. */
export async function throttle(page, rate) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  return cdp;
}

/** The `q` quantile of `xs` (nearest rank, no interpolation). */
export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}
