// The Baifang review's analysis Web Worker: the analysis module (the search and the endgame
// tables, kept out of the review's page module), downloaded when an analysis starts.
import init, { serve_worker } from "./baifang_analysis.js";

await init();
serve_worker();
