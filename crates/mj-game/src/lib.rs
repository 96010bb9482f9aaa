//! Whole mahjong games: a round (kyoku) and a match as a deterministic state machine with the
//! legal actions of every seat at every decision, settlement through `mj-score`, the game as
//! mjai events, and replay of real Tenhou logs.
//!
//! ```
//! use mj_game::{Action, GameRules, Length, Match};
//! let mut m = Match::seeded(GameRules::tenhou(), Length::Hanchan, 42, false);
//! while !m.is_over() {
//!     let seat = m.to_act().trailing_zeros() as u8; // the first seat that must decide
//!     let legal = m.legal_actions(seat);
//!     // Win when possible, else the first listed action (a discard, or a pass on a claim).
//!     let a = legal
//!         .iter()
//!         .copied()
//!         .find(|a| matches!(a, Action::Tsumo | Action::Ron))
//!         .unwrap_or(legal[0]);
//!     m.play(seat, a)?;
//! }
//! let result = m.result().unwrap();
//! assert_eq!(result.scores.iter().sum::<i32>(), 100_000);
//! # Ok::<(), mj_game::IllegalAction>(())
//! ```
//!
//! # The pieces
//!
//! * [`Round`] (`round`): one kyoku. [`Round::to_act`] (a bit per seat that must decide),
//!   [`Round::legal_actions`], [`Round::play`] (an [`IllegalAction`] names the reason and leaves
//!   the round unchanged), [`Round::result`], [`Round::observation`] (what one seat may see),
//!   [`Round::events`] (mjai events when recording). Plain data: `Clone`, serde at any decision.
//! * [`Match`] (`game`): rounds one after another ([`game::next_round`] is the match rules as
//!   a pure function), [`MatchResult`] with ranks and points.
//! * [`Wall`] (`wall`): Tenhou's layout (deal, live wall, dead wall, dora and ura indicators,
//!   replacement tiles); from a `u64` seed or explicit ids.
//! * [`Action`] (`action`): small `Copy` actions with Tenhou tile ids (0..136).
//! * [`Event`] (`mjai`): the mjai events, [`Event::view`] hides what a seat cannot see.
//! * `settle`: the one place the scorer (`mj_score::riichi`) is called.
//! * [`replay()`] (`replay`): real logs through the engine; [`mjlog`] and [`tenhou6`] read them.
//! * [`play()`] (`play`): built-in players ([`RandomBot`], [`TsumogiriBot`]) and the match driver.
//!
//! # Decisions
//!
//! A seat's turn offers: discard (each distinct tile; the drawn tile itself first, so
//! tsumogiri is visible), riichi with each discard that leaves the hand ready (closed hand,
//! `riichi_min_points`, `riichi_min_tiles` live tiles left), tsumo (a winning hand with a yaku,
//! per `mj-score`), closed kan (in riichi only with the drawn tile and unchanged waits), added
//! kan, nine terminals (first uninterrupted draw). After a chi or pon only a discard (kuikae
//! kinds excluded). A discard is offered to the other seats: ron (in the waits, not furiten,
//! with a yaku), pon, open kan, chi (the next seat, every way and every red-five choice), pass.
//! All answers are collected, then resolved: ron first (several rons all win; three abort under
//! `triple_ron_abort`), then pon or kan, then chi. Passing a winning tile makes the seat
//! temporarily furiten until its next discard, for the rest of the round in riichi. The last
//! discard (houtei), and a discard that would abort the round (four winds, four riichi, four
//! kans), may only be won on. An added kan can be robbed (chankan); a closed kan only for
//! thirteen orphans (`chankan_ankan_kokushi`).
//!
//! Dora: a closed kan turns its indicator at once; an open or added kan after the replacement
//! tile's discard (or at the kanner's next kan), so a replacement-tile win and a robbed kan do
//! not count it. Ura dora for riichi wins, one under each indicator.
//!
//! # Rules ([`GameRules`])
//!
//! | switch | `tenhou` (default) | `mahjong_soul` | meaning |
//! |---|---|---|---|
//! | `red_fives` | true | true | one red five per suit, a han each |
//! | `open_tanyao` | true | true | 喰いタン |
//! | `double_ron` | true | true | several seats may ron one discard |
//! | `triple_ron_abort` | true | false | three rons abort (三家和) |
//! | `nine_terminals` | true | true | 九種九牌 may abort |
//! | `four_winds` | true | true | 四風連打 aborts |
//! | `four_riichi` | true | true | 四家立直 aborts |
//! | `four_kans` | true | true | 四開槓 (kans by two or more seats) aborts |
//! | `nagashi_mangan` | true | true | 流し満貫 at an exhaustive draw, paid as a mangan tsumo |
//! | `chankan_ankan_kokushi` | true | true | thirteen orphans may rob a closed kan |
//! | `riichi_min_points` | 1000 | 1000 | points needed for riichi |
//! | `riichi_min_tiles` | 4 | 4 | live tiles needed for riichi |
//! | `kuikae_forbidden` | true | true | no swap-calling |
//! | `pao` | true | true | liability for big three dragons / big four winds |
//! | `busting` | true | true | the match ends below zero |
//! | `agari_yame` | true | true | the dealer's win as first with `target` ends the last round |
//! | `tenpai_yame` | true | true | the same for the dealer's tenpai (Tenhou logs before about 2011: off) |
//! | `extension` | true | true | nobody at `target` after the last round: the next wind, sudden death |
//! | `start_points` | 25000 | 25000 | |
//! | `target` | 30000 | 30000 | to end the match, and the returned points |
//! | `uma` | 20, 10, -10, -20 | 15, 5, -5, -15 | by rank, in thousands |
//! | `round_final_points` | true | false | scores rounded to thousands (half away from zero) before the uma |
//! | `double_yakuman` | false | true | double yakuman count 2 (as in `mj-score`) |
//! | `kazoe_yakuman` | true | true | 13+ han is a yakuman |
//! | `kiriage` | false | false | 4 han 30 fu / 3 han 60 fu pay a mangan |
//! | `honba_to_first_winner` | true | true | with several rons only the first in turn order gets the honba (sticks always go to the first) |
//!
//! Not modelled (so never offered): open riichi, renhou, local yaku, three-player games, chip
//! rooms' rules. Tenhou rooms other than the ranked ones (lobbies with their own uma) replay
//! with the points left uncompared (see `replay`).
//!
//! # Settlement
//!
//! Wins are scored by `mj-score` (honba 300 per ron / 100 per payer on a tsumo; sticks to the
//! first winner in turn order from the discarder). Pao: on a tsumo the liable seat pays all;
//! on a ron by another seat it pays half of the yakuman's ron value. Exhaustive draw: 3,000
//! split between ready and not-ready seats (a wait on kinds the seat holds all four of is not
//! ready); nagashi mangan instead when some seat's river is all terminals and honors and none
//! was called. The dealer repeats on a win, on tenpai at an exhaustive draw and on an abortive
//! draw; honba go up on a repeat or a draw and back to 0 when a non-dealer wins.
//!
//! # Replay
//!
//! `cargo run --release -p mj-game --example replay -- FILES...` (mjlog XML or tenhou.net/6
//! JSON) prints a line per file and a summary; `tests/replay_real.rs` replays every mjlog in
//! `../shared/logs` and fails on any mismatch.

pub mod action;
pub mod game;
pub mod mjai;
pub mod play;
pub mod replay;
pub mod round;
pub mod rules;
mod settle;
mod tiles;
pub mod wall;

// Log readers.
pub mod mjlog;
pub mod tenhou6;

pub use action::{Action, IllegalAction, Seat};
pub use game::{Match, MatchResult, WallSource};
pub use mjai::{Event, MjaiTile};
pub use play::{Bot, Played, RandomBot, TsumogiriBot, play};
pub use replay::{Replay, replay};
pub use round::{
    ActionList, DrawKind, Observation, Phase, Round, RoundEnd, RoundResult, RoundSetup, WinRecord,
};
pub use rules::{GameRules, Length};
pub use settle::{Payments, WinScore};
pub use tiles::{id_of_mjai, mjai_name};
pub use wall::{Wall, WallError};
