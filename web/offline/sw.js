// The service worker: keeps one build's files so the app opens and plays with the network off.
//
// scripts/sw-precache.mjs writes dist/sw.js from this template after every Trunk build, filling
// BUILD with the build's exact file list and each file's SHA-256. Any change to the build
// changes sw.js, so the browser installs the new worker beside the running one. The new worker
// fills its own cache and then waits: it takes over only when a page posts "skip-waiting" (the
// page's "new version — reload" prompt), and every page it then controls reloads, so no page
// ever runs files of two builds.
const BUILD = /* BUILD */ { version: "unbuilt", files: [] };

const SCOPE = self.registration.scope;
// Caches are per origin, not per scope: the scope in the name keeps two copies of the app on
// one origin (say / and /sub/) from deleting each other's files.
const PREFIX = `app-precache:${SCOPE}:`;
const CACHE = PREFIX + BUILD.version;
const INDEX = new URL("index.html", SCOPE).href;
const PRECACHED = new Set(BUILD.files.map((f) => new URL(f.path, SCOPE).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    precache().catch(async (error) => {
      // A half-filled cache must not survive: the next install attempt starts clean.
      await caches.delete(CACHE);
      throw error;
    }),
  );
});

/** Fetches every file of the build past the HTTP cache and keeps it only if it is this
 * build's byte for byte: during a deploy the server may already (or still) hold files of
 * another build, and installing those would mix two builds. */
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    BUILD.files.map(async ({ path, sha256 }) => {
      const url = new URL(path, SCOPE).href;
      const response = await fetch(url, { cache: "no-store" });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
      const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
      if (hex !== sha256) throw new Error(`${path} is not this build's file`);
      await cache.put(url, response);
    }),
  );
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      // Take the pages that opened without a worker (the first visit), so they too keep
      // working if the network goes away.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

// The endgame tables (scripts/stage-tables.sh puts them in tables/ beside the build) are data a
// review or the AI fetches only when a game reaches an ending: kept once fetched, in a cache of
// their own that a new build does not empty (they do not change with the app; a table's file
// checks itself, and the engine refuses a damaged or foreign one). A request made with
// `cache: "reload"` (the AI worker's second try after its copy failed the check) skips the kept
// copy and replaces it with the host's.
const TABLES = new URL("tables/", SCOPE).href;
const TABLE_CACHE = `app-tables:${SCOPE}`;

async function tableFile(request, key) {
  const cache = await caches.open(TABLE_CACHE);
  const hit = request.cache === "reload" ? undefined : await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  // A host without the tables may answer with its index page: that is not kept.
  const type = response.headers.get("content-type") ?? "";
  if (response.ok && !type.startsWith("text/html")) await cache.put(key, response.clone());
  return response;
}

// Cache first for the build's files; a page load (any path in scope, any query or hash) gets
// the build's index.html; a table file comes from the tables' cache. Everything else, such as
// the referee server's /api/ calls, goes to the network untouched.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.href.startsWith(TABLES)) {
    event.respondWith(tableFile(request, url.href));
    return;
  }
  let key = PRECACHED.has(url.href) ? url.href : null;
  if (!key && request.mode === "navigate") key = INDEX;
  if (!key) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key))
      .then((hit) => hit ?? fetch(request)),
  );
});
