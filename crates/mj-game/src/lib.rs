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
//! * [`SeatView`] (`view`): what one seat sees, borrowed; the input of a [`Bot`].
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
//! | switch | `tenhou` (default) | `mahjong_soul` | `sanma` | `sanma_mahjong_soul` | meaning |
//! |---|---|---|---|---|---|
//! | `players` | 4 | 4 | 3 | 3 | seats; three: 108 tiles (2m-8m removed), seat 3 absent |
//! | `chi` | true | true | false | false | chi (吃) may be called |
//! | `kita` | false | false | true | true | a north may be set aside (抜きドラ) |
//! | `tsumo_loss` | - | - | true | true | three players: the absent seat's tsumo share is not paid (off: split between the payers) |
//! | `red_fives` | true | true | true | true | one red five per suit, a han each (three players: 5p and 5s only, no 5m exists) |
//! | `open_tanyao` | true | true | true | true | 喰いタン |
//! | `double_ron` | true | true | true | true | several seats may ron one discard |
//! | `triple_ron_abort` | true | false | false | false | three rons abort (三家和; cannot happen with three players) |
//! | `nine_terminals` | true | true | true | true | 九種九牌 may abort |
//! | `four_winds` | true | true | false | false | 四風連打 aborts (four players only) |
//! | `four_riichi` | true | true | false | false | 四家立直 aborts (four players only) |
//! | `four_kans` | true | true | true | true | 四開槓 (kans by two or more seats) aborts |
//! | `nagashi_mangan` | true | true | true | true | 流し満貫 at an exhaustive draw, paid as a mangan tsumo |
//! | `chankan_ankan_kokushi` | true | true | true | true | thirteen orphans may rob a closed kan |
//! | `riichi_min_points` | 1000 | 1000 | 1000 | 1000 | points needed for riichi |
//! | `riichi_min_tiles` | 4 | 4 | 3 | 3 | live tiles needed for riichi (Tenhou's three-player logs riichi with 3 left) |
//! | `kuikae_forbidden` | true | true | true | true | no swap-calling |
//! | `pao` | true | true | true | true | liability for big three dragons / big four winds |
//! | `busting` | true | true | true | true | the match ends below zero |
//! | `agari_yame` | true | true | true | true | the dealer's win as first with `target` ends the last round |
//! | `tenpai_yame` | true | true | true | true | the same for the dealer's tenpai at an exhaustive draw (Tenhou logs before about 2011: off) |
//! | `extension` | true | true | true | true | nobody at `target` after the last round: the next wind, sudden death |
//! | `start_points` | 25000 | 25000 | 35000 | 35000 | |
//! | `target` | 30000 | 30000 | 40000 | 40000 | to end the match, and the returned points |
//! | `uma` | 20, 10, -10, -20 | 15, 5, -5, -15 | 20, 0, -20 | 15, 0, -15 | by rank, in thousands |
//! | `round_final_points` | true | false | true | false | scores rounded to thousands (half away from zero) before the uma |
//! | `double_yakuman` | false | true | false | true | double yakuman count 2 (as in `mj-score`) |
//! | `kazoe_yakuman` | true | true | true | true | 13+ han is a yakuman |
//! | `kiriage` | false | false | false | false | 4 han 30 fu / 3 han 60 fu pay a mangan |
//! | `honba_to_first_winner` | true | true | true | true | with several rons only the first in turn order gets the honba (sticks always go to the first) |
//!
//! `GameRules::preset` knows `tenhou`, `mahjong_soul`, `sanma`, `sanma_mahjong_soul`. The
//! `sanma_mahjong_soul` preset is Tenhou's three-player rules with Mahjong Soul's uma, point
//! rounding and double yakuman; Mahjong Soul's other three-player differences are not modelled
//! and no Mahjong Soul log proves it. The same holds for `mahjong_soul`: it is built from the
//! published rules and has not been replayed against Mahjong Soul records; in particular its
//! final points return `target` with an oka to the first place as Tenhou does, which Mahjong
//! Soul's own end-of-match points may not (they may count from the starting points).
//!
//! Derived from `players` (not switches): honba are worth 100 per payer (300 on a ron with
//! four players, 200 with three); the exhaustive-draw pot is 3,000 with four players and 2,000
//! with three; a hanchan has 8 regular rounds with four players and 6 with three.
//!
//! # Three players (三麻)
//!
//! Walls: [`Wall::sanma_from_seed`] / [`Wall::sanma_from_ids`] (Tenhou's three-player layout:
//! the first dora indicator at `wall[9]`, 55 live draws). Kita ([`Action::Kita`], mjai
//! `nukidora`): in one's turn (not right after a call, not on the last tile; in riichi only a
//! drawn north) a north is set aside; the other seats may ron on it (not chankan; a ron on it
//! keeps ippatsu); then every ippatsu ends, the first go-around counts as interrupted, a
//! pending kan dora turns, and a replacement tile is drawn from the dead wall (a win on it is
//! rinshan kaihou, as on Tenhou). A north may also be kept in hand as a pair or a set. Each
//! kita is one han of dora for its owner's win, plus one per dora (and, in riichi, ura)
//! indicator that shows a west (the kita is a north). A 1m indicator makes 9m the dora.
//! Tsumo loss: a dealer tsumo is paid twice the basic points by each of the two others, a
//! non-dealer tsumo by the dealer twice and by the other once, the absent seat's share unpaid.
//!
//! Not modelled (so never offered): open riichi, renhou, local yaku, chip rooms' rules.
//! Tenhou rooms other than the ranked ones (lobbies with their own uma) replay with the points
//! left uncompared (see `replay`).
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
//! With three players `mj-score` (which has no kita and four-player payments) gives the yaku,
//! han and fu; `settle` adds the kita han and computes the basic points and the two payers'
//! payments itself (the one place to change once `mj-score` scores three-player hands).
//!
//! # Replay
//!
//! `cargo run --release -p mj-game --example replay -- FILES...` (mjlog XML or tenhou.net/6
//! JSON) prints a line per file and a summary; `tests/replay_real.rs` replays every mjlog in
//! `../shared/logs`, four- and three-player, and fails on any mismatch.

pub mod action;
pub mod game;
pub mod mjai;
pub mod play;
pub mod replay;
pub mod round;
pub mod rules;
mod settle;
mod tiles;
pub mod view;
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
pub use view::{Offer, SeatView};
pub use wall::{Wall, WallError};
