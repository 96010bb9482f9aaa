//! Whole mahjong games: a round (kyoku) and a match as a deterministic state machine with the
//! legal actions of every seat at every decision, settlement through `mj-score`, the game as
//! mjai events, and replay of real Tenhou logs.

// Log readers.
pub mod mjlog;
pub mod tenhou6;
