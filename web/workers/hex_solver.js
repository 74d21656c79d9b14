// The Hex Stroke editor's solver Web Worker (content checks and the generator): the editor's
// own module (already downloaded with the editor), started again in this worker to serve jobs,
// so the solver costs no download of its own.
import init, { serve_worker } from "./hex_editor.js";

await init();
serve_worker();
