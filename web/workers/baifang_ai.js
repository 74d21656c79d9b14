// The Baifang AI's Web Worker, for the lobby's games, the puzzles and the review: the
// analysis module (the search and the endgame tables, kept out of the page modules),
// downloaded when the first game against the AI, puzzle or analysis starts.
import init, { serve_worker } from "./baifang_analysis.js";

await init();
serve_worker();
