// The Baifang review's analysis Web Worker: the review's own module (already downloaded with
// the review), started again in this worker to serve search jobs.
import init, { serve_worker } from "./baifang_review.js";

await init();
serve_worker();
