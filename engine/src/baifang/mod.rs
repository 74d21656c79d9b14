//! 摆方 Baifang: the 5×5 two-player stone game.
