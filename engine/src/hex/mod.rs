//! 六边一笔 Hex Stroke: the single-player hex path puzzle.
