// A minimal static file server for the release build, bound to loopback only.
// Used by the browser tests (as a command, and imported by tests that need a server of
// their own); the play command uses the referee server instead.
//
//   node e2e/serve.mjs [root] [port]
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/** Serves the folder `rootDir` on 127.0.0.1:`port` (0: any free port); resolves to the
 * server and the port it listens on. */
export function startStaticServer(rootDir, port) {
  const root = resolve(rootDir);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(path)).isDirectory()) path = join(path, "index.html");
    } catch {
      // Unknown paths fall back to the app, as a single-page app host does.
      path = join(root, "index.html");
    }
    try {
      const body = await readFile(path);
      res.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream", "cache-control": "no-store" });
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  return new Promise((done) => server.listen(port, "127.0.0.1", () => done({ server, port: server.address().port })));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? "dist";
  const { port } = await startStaticServer(root, Number(process.argv[3] ?? 4173));
  console.log(`serving ${resolve(root)} on http://127.0.0.1:${port}`);
}
