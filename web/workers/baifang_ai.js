// The Baifang AI's Web Worker: the game's own module (already downloaded with the game),
// started again in this worker to serve search jobs, so the AI costs no download of its own.
import init, { serve_worker } from "./baifang.js";

await init();
serve_worker();
