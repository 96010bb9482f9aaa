//! Whole mahjong games: a round (kyoku) and a match as a deterministic state machine with the
//! legal actions of every seat at every decision, settlement through `mj-score`, and the game
//! as mjai events. Riichi (four and three players), Sichuan 血战到底, 红中麻将 and MCR 国标 are
//! presets of the one engine. Logs (Tenhou, mjai, Botzone, our own) are read and replayed by
//! the `mj-log` crate, into these events.
//!
//! ```
//! use mj_game::{Action, GameRules, Length, Match};
//! let mut m = Match::seeded(GameRules::tenhou(), Length::Hanchan, 42, false);
//! while !m.is_over() {
//!     let Some(seat) = m.to_act().first() else { break }; // the first seat that must decide
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
//! * [`Round`] (`round`): one kyoku of any flow. [`Round::to_act`] (a [`SeatSet`]: the seats
//!   that must decide), [`Round::legal_actions`], [`Round::play`] (an [`IllegalAction`] names
//!   the reason and leaves the round unchanged), [`Round::result`], [`Round::events`] (mjai
//!   events when recording). Plain data: `Clone`, serde at any decision. Inside, a table every flow shares
//!   and the flow's own state, a type per flow with the hooks where the games differ (see the
//!   `round` module's map).
//! * [`Match`] (`game`): rounds one after another ([`game::next_round`] is the match rules as
//!   a pure function), [`MatchResult`] with ranks and points.
//! * [`Wall`] (`wall`): Tenhou's layout (deal, live wall, dead wall, dora and ura indicators,
//!   replacement tiles); from a `u64` seed or explicit ids.
//! * [`Action`] (`action`): small `Copy` actions naming tiles by [`mj_tiles::TileId`] (Tenhou's
//!   ids, 0..136); [`SeatSet`] the seats to decide.
//! * [`Event`] (`mjai`): the mjai events, [`Event::view`] hides what a seat cannot see.
//! * `round::settle`: the one place the scorer (`mj_score::riichi`) is called; `round::ledger`
//!   the Chinese flows' payments.
//! * [`SeatView`] (`view`): what one seat sees, borrowed; the input of a [`Bot`].
//!   [`Observation`] ([`Round::observation`]) is its owned snapshot.
//! * [`Position`] (`position`): one trait over [`Round`] and [`Match`] (`to_act`,
//!   `legal_actions`, `play`, `outcome`, `view`), so drivers, searches and tests are written once.
//! * [`drive()`] (`drive`): the one decision loop (who decides, ask the player, play), with an
//!   [`Observer`] of every decision and a step-wise form that yields a seat with no player.
//! * [`SeatRound`] (`seat_round`): a round rebuilt from one seat's mjai events (others'
//!   tiles hidden), placeholders swapped for each tile an event shows; what `mj bot` keeps.
//! * [`play()`] (`play`): the [`Bot`] trait, the built-in players ([`RandomBot`],
//!   [`TsumogiriBot`], as [`BUILTIN_BOTS`] registry entries) and a seeded match to its end.
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
//! Dora: a closed kan turns its indicator at once; an open or added kan with the replacement
//! tile's discard (or at the kanner's next kan or kita), so a replacement-tile win and a robbed
//! kan do not count it, and a ron on that discard does. The event order is libriichi's:
//! an open or added kan's `dora` comes right before the kanner's `dahai`, before
//! the `ankan` or `nukidora` of a further closed kan or kita, or, when a further added kan is
//! not robbed, before its replacement `tsumo`; a closed kan's comes right after its `ankan`.
//! Ura dora for riichi wins, one under each indicator.
//!
//! # Rules ([`GameRules`])
//!
//! [`GameRules`] is a common part (`flow`, `players`, `chi`, `red_fives`, `double_ron`,
//! `start_points`) and a part per flow (`rules.riichi`, `rules.sichuan`, `rules.hongzhong`,
//! `rules.mcr`), each read by its flow only. Every switch, its type and its value under each
//! preset are one entry of the registry (`mj_hu::registry::SWITCHES`); the presets are built
//! from it, [`GameRules::set`] takes a switch by name, and docs/rules.md's tables are printed
//! from it. The riichi switches are the `riichi` part there.
//!
//! `GameRules::preset` knows `tenhou`, `mahjong_soul`, `sanma`, `sanma_mahjong_soul`,
//! `sichuan`, `sichuan_hongzhong`, `hongzhong`, `mcr` and `mcr_botzone` (the Chinese ones in
//! their sections below) and their aliases. The `sanma_mahjong_soul` preset is Tenhou's three-player rules with Mahjong Soul's uma, point
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
//! A Tenhou log plays under its room's rules, read from the log (`mj_log::tenhou::room`: the
//! 2009 east-only rooms' uma 5-10, a private lobby's `csrule`, 雀荘 rooms); a chip room, or a
//! room whose rules are not modelled, is refused by name (`unsupported: lobby rules of GO
//! type 0x229 (...)`), never replayed under other rules.
//!
//! # Sichuan 血战到底 (`GameRules::sichuan`, `flow: sichuan`)
//!
//! The same [`Round`] plays Sichuan: the wall, draws, discards, the collection of claims by
//! priority, pon and kong, the events and serde are shared; the flow's own type holds where the
//! game differs (`round/sichuan.rs`). A round: the deal of 13 tiles each from a 108-tile wall
//! ([`Wall::sichuan_from_seed`]: three suits, no honors, no dead wall, no dora; kong
//! replacement tiles from the far end), then 换三张 ([`Phase::Exchange`], [`Action::Exchange`]:
//! three tiles of one suit, every seat at once, then passed on), then 定缺
//! ([`Phase::DeclareLack`], [`Action::DeclareLack`]: every seat gives up a suit), then the
//! dealer draws. In a turn: self-draw win, concealed or added kong, a discard (only tiles of the
//! suit given up while any are held, under `lack_first`). On a discard: win (several seats may
//! win on one discard, 一炮多响), pon, open kong; no chi; no pon or kong of the suit given up.
//! A hand holding the suit given up cannot win; nor can one holding three suits (缺一门). A
//! winner's hand is frozen and the seat leaves ([`Round::has_won`]); play goes on from the
//! seat after the (last) winner until one seat is left or the wall is empty. An added kong can
//! be robbed (抢杠胡: the kong falls back to a pon, and is not paid); a concealed kong cannot.
//! A seat that passes a win may not win on a discard until its own next discard (过水不胡,
//! `pass_skips_ron`); there is no furiten on one's own discards.
//!
//! Scores: `mj_score::sichuan` (its table and cap; 根, 自摸, 杠上花, 杠上炮, 抢杠胡, 海底, 天胡
//! and 地胡 from the round's situation). A win of `f` fan is paid `base_stake * 2^f` by the
//! discarder (each discarder's payment separate in 一炮多响) or, on a self-draw, by every
//! other seat still playing. Kongs (刮风下雨) are paid when they stand (an added kong once
//! nobody robbed it). The ledger ([`SettleItem`], in [`RoundResult::sichuan`] and as `settle`
//! events) holds every payment; each sums to zero.
//!
//! Its switches: the `sichuan` part in docs/rules.md (and the common part).
//!
//! The values follow the commonly published Chengdu 血战到底 rules (for instance the text
//! 成都血战到底麻将算分规则 that public Sichuan implementations cite; not re-checked line by
//! line here); tables on the apps vary, which is why each is a switch. One published app rule
//! page states the same table (the 血流成河 rules screen of the open-source client
//! `QuiQiJingFeng/M2_CLIENT`, `cocosstudio/games/scmj/scmjRuleListLayer.csd`): 直杠 2 from the
//! discarder, 补杠 1 and 暗杠 2 from every other seat, 退税 by seats not ready, 查花猪 paying
//! the cap, 查大叫 paying the best possible hand, 呼叫转移 of the kong income on 杠上炮,
//! 一炮多响 settled per winner. Not modelled: 点杠花 paid by the kong's discarder
//! alone (a win on an open kong's replacement tile is a self-draw paid by all), 查大叫 counting
//! 自摸, rules where a seat that passed on 补杠 loses its kong payment, 换三张 of any suit,
//! three-player Sichuan. Wildcards: the `sichuan_hongzhong` preset below.
//!
//! A match ([`Match`]) of Sichuan rounds plays `length.rounds()` rounds (1, 4 or 8); the
//! first winner of a round deals the next (the discarder when that first win had several
//! winners; the dealer again when nobody won). [`MatchResult`]'s points are the scores.
//!
//! Events (mjai extensions, all in [`Event`]): `huansanzhang` (one per seat once all chose;
//! the tiles hidden from the other two seats), `dingque` (one per seat once all declared),
//! `hora` that does not end the round (`fu` 0, `fan` the capped fan, `yakus` the fans with
//! their value times count), `settle` (kong payments `gang_open` / `gang_added` /
//! `gang_concealed`, `call_transfer`, and at the draw `flower_pig`, `not_ready`, `refund`),
//! `ryukyoku` with `tenpais` the ready seats when the wall is empty, `end_kyoku` at the end.
//! `start_kyoku` has no dora marker (`"?"`). `mj-log` replays a Sichuan game from these
//! events (`mj replay FILE.jsonl`): the wall rebuilt from the log, every decision played,
//! every round's events compared with the log's.
//!
//! # 红中血战 (`GameRules::sichuan_hongzhong`, `flow: sichuan`, `wildcards: 4`)
//!
//! Sichuan 血战到底 with the four 红中 (7z) added to the wall as wildcards (癞子): the
//! hongzhong flow's 112-tile wall ([`Wall::hongzhong_from_seed`]), every Sichuan switch above
//! unchanged (换三张, 定缺, winners leave, 刮风下雨, 呼叫转移, 查大叫 / 查花猪 / 退税). Wins and
//! waits come from `mj_hu` with 7z wild ([`sichuan_hu_rules`]`(true)`: the Sichuan shapes,
//! 缺一门), the fan from `mj_score::sichuan` with the wildcards ([`mj_score::Win::wild`]; a
//! wildcard never becomes the suit given up, and may be a fifth copy, so 根 can count one).
//! How the wildcards meet the Sichuan rules (this engine's reading; every public 血战 text we
//! found has no wildcards, and the 红中麻将 text cited below is the model for what a 红中 may
//! do):
//!
//! | question | here | why |
//! |---|---|---|
//! | 定缺 | a 红中 belongs to no suit: never the suit given up, never discarded first, never makes a flower pig (查花猪 counts the numbered suits only) | a wildcard has no suit of its own |
//! | 换三张 | only three numbered tiles of one suit; 红中 are not exchanged (refused) | the exchange is "three tiles of one suit" |
//! | pon / kong of 红中 | none; a discarded 红中 is dead (no pon, kong or win on it) | "红中牌可打出，但不能辅助其他牌来碰、杠" in the 红中麻将 text |
//! | concealed kong of four 红中 | none (they stay wildcards; four 红中 are not an instant win here) | as above; the instant win is a 红中麻将 rule |
//! | wins on a discard | allowed as in Sichuan, wildcards or not (一炮多响 too) | no Sichuan rule forbids it; `hz_ron_without_wild` is the hongzhong flow's |
//! | waits ([`Round::waits`]) | the numbered kinds of the suits kept, plus 7z whenever the hand is ready (even when every real wait is held four times: a wildcard is a fifth copy) | a drawn 红中 completes any ready hand |
//! | 查大叫 | the best fan over the numbered waits (a 红中 cannot be discarded into a win) | |
//!
//! `tests/sichuan_hongzhong_props.rs` plays 2,000 random one-round games and matches with
//! every check of the Sichuan property tests (tiles, zero-sum, `mj-hu` and `mj-score` slow
//! references with 7z wild, a self-draw offered exactly when the reference wins, determinism,
//! restore, replay of the log).
//!
//! # 红中麻将 (`GameRules::hongzhong`, `flow: hongzhong`)
//!
//! The Sichuan machinery again (`round/hongzhong.rs` holds what differs; [`Round::settlement`]
//! is its ledger, [`RoundResult::sichuan`] its result): a 112-tile wall
//! ([`Wall::hongzhong_from_seed`]: the three suits and the four 红中, 7z; the other honors
//! parked below position 24; no dead wall, no dora; kong replacement tiles from the far end).
//! No exchange, no 定缺. The four 红中 are wildcards: a win is checked by `mj_hu` with 7z wild
//! ([`hongzhong_hu_rules`], [`HONGZHONG_WILD`]: four sets and a pair of any suits, or seven
//! pairs; a wildcard stands for any tile) and the waits likewise (a drawn 红中 completes any
//! waiting hand). Four 红中 in hand win at once: [`Action::Tsumo`] is offered in the turn the
//! fourth arrives (dealt or drawn). 红中 may be discarded but not claimed, and no kong is made
//! of them. Pon and kong of suited tiles, no chi. One win ends the round (红中麻将 is not a
//! 血战 game: the hand is over when somebody wins); the winner deals next.
//!
//! Payments: a win is paid `hz_win * base_stake` by each other seat on a self-draw (or by the
//! discarder alone when `hz_ron_without_wild` allows a win on a discard); no fan table (the
//! hand's name, `hu`, `qi_dui` or `si_hong_zhong`, is the `hora`'s only `yakus` entry, 0).
//! Then 抓鸟: the next `hz_birds` live tiles are turned over (not drawn; fewer when fewer are
//! left); counting the winner as 1 and going on in turn order, a bird of rank `r` points at the
//! seat `(r - 1) mod 4` after the winner, so 1, 5 and 9 point at the winner (the "159 中鸟"
//! rule; [`bird_offset`]); a 红中 bird counts for the winner under `hz_bird_wild_hits`. Each
//! bird pointing at the winner adds `hz_bird_stake * base_stake` from each payer of the win. Kong
//! payments as in Sichuan (`kong_open` from the discarder, `kong_added` and `kong_concealed`
//! from each other seat), booked when the kong stands. An exhaustive draw pays nothing
//! (no 查大叫 / 查花猪 / 退税; kong income stays).
//!
//! Its switches: the `hongzhong` part in docs/rules.md, and the `sichuan` part's stakes, kongs
//! and `pass_skips_ron` (the machinery it plays on).
//!
//! Where the values come from: the 红中麻将 rules screen of the open-source app client
//! `QuiQiJingFeng/M2_CLIENT` (`cocosstudio/games/hzmj/hzmjRuleListLayer.csd`) states them:
//! 112 tiles, 红中 the wildcard (万能牌); 红中 may be discarded but never help a pon or kong
//! (出牌 2); four 红中 win at once (胡牌规则 2); wins by self-draw and 抢杠胡 only (3), 抢杠胡
//! only without a 红中 in hand, the first seat in turn order, the robbed seat paying for all,
//! birds included, kongs before it standing (4-6); 七对 as a room option (7); birds 红中, 1, 5,
//! 9 hit (奖码 2); 自摸 2 from each, four 红中 2 from each, 暗杠 2 from each, 放杠 3 from the
//! discarder, 公杠 1 from each, each bird 2 from each (计分规则 1-6). Where this engine differs
//! from that text, by a switch or by design: wins on a discard when the hand holds no 红中
//! (`hz_ron_without_wild`, off as in the text; 可接炮 is a room option elsewhere); in 七对 a
//! 红中 pairs with anything (the text: 红中 are not wild in 七对); the number of birds is
//! `hz_birds` whatever the hand (the text: two more when the winner holds no 红中); the text's
//! optional extras (四红中 5 more from each, 不中当全中) and its 七对 paying 2 more are not
//! modelled; it has no 杠上花 bonus (`hz_kong_bloom` 1). Not modelled either: 一码全中 (one bird
//! worth its rank), birds for the seat that pays, 飘分, 无红中加倍.
//!
//! Events: as in Sichuan, plus `zhuaniao` after the win's `hora` (the birds, the hits and
//! the payment; mjai writes 红中 as `C`), then `end_kyoku`.
//!
//! # MCR 国标 (`GameRules::mcr`, `flow: mcr`)
//!
//! The Chinese Official rules (中国麻将竞赛规则, 2006; "Mahjong Competition Rules") as the
//! Chinese Standard Mahjong competitions (Botzone, the IJCAI Mahjong AI competitions) play a
//! hand, on the same machinery (`round/mcr.rs` holds what differs; the ledger and
//! [`RoundResult::sichuan`] are the Chinese flows'). The wall: 144 tiles, the 136 of
//! [`Wall::from_seed`] with the eight flowers 春夏秋冬梅兰竹菊 (ids 136..144, mjai `H1`..`H8`)
//! inserted at positions drawn from the wall ([`McrWall`]; an explicit 144-tile sequence
//! through [`Round::try_new_mcr`]); the deal from the top, live draws on from there,
//! replacement tiles (for a flower or a kong) from the other end; no dead wall, no dora. 补花:
//! a flower dealt or drawn is set aside at once ([`Round::flowers`], public like kita) and
//! replaced from the far end, dealt flowers seat by seat from the dealer before the dealer's
//! first draw. Chi (the next seat only: from the left), pon, kong (concealed, added, on a
//! discard); after a chi or pon only a discard; no kong on the last tile, no call on the last
//! discard. A win needs 8 fan without flowers (`mj_score::mcr::score`; below that it is not
//! offered and refused); each flower is 1 fan (花牌) on top. The scorer gets 自摸, the seat
//! wind (dealer East) and the prevailing wind, 和绝张 (the three other copies on the table),
//! 杠上开花 (a win on a kong's replacement), 抢杠和 (a win on an added kong's tile; the kong
//! falls back to a pung) and 妙手回春 / 海底捞月 (the last tile). A concealed kong cannot be
//! robbed. No furiten: a seat may win on any discard worth 8 fan, also after passing a win
//! (the 2006 rules have no 过水 / 振听 rule; neither has Botzone's judge). One winner per tile:
//! the first seat in turn order after the discarder that declares the win takes it (截和); a
//! second declaration is void. One win ends the hand; an exhaustive draw (荒庄) pays nothing.
//!
//! Its switches: the `mcr` part in docs/rules.md (and the common part).
//!
//! The 8-fan minimum and the fan table are `mj_score::mcr`'s (its docs cite the 2006 text and
//! the reference implementation it matches). A match ([`Match`]) of MCR hands: the dealer
//! moves on after every hand, win or draw (no 连庄 in the competition rules), the prevailing
//! wind is East for hands 1-4, then South, West, North; `Length::Hanchan` plays the full
//! 16 hands (four prevailing winds), `EastOnly` 4, `OneRound` 1 ([`mcr_hands`],
//! [`mcr_next_setup`]); scores carry over, nobody busts. The seat changes between wind
//! rounds of a live competition (换位) are not modelled: seat `s` stays seat `s`, its wind is
//! its place after the dealer.
//!
//! ## Botzone's walls (`GameRules::mcr_botzone`, `mcr_own_walls`)
//!
//! Botzone's Chinese Standard Mahjong, where the IJCAI Mahjong AI competitions are played,
//! does not deal from one wall. Its judge cuts the shuffled `walltiles` into four walls of a
//! quarter each (34 tiles; 36 with flowers), player `p` owning the `p`-th (player 0 is the
//! dealer, East); each player is dealt from the back of its own wall until it holds 13 tiles
//! that are no flowers, and every later draw, the replacement for a flower and the
//! replacement for a kong alike, is the next tile from the back of the drawer's own wall.
//! Here the seat `k` places after the dealer owns the `k`-th wall (`round::mcr` gives the
//! positions). What follows from it, each as the judge has it:
//!
//! - The hand is drawn (荒庄, `HUANG`) when the seat due to draw finds its own wall empty,
//!   whatever the other walls still hold; with calls skipping turns it comes after fewer than
//!   84 draws.
//! - The discard of the seat whose next seat has an empty wall is the last: no chi, pon or
//!   kong on it, only a win, which is 海底捞月; a self-drawn win of that seat is 妙手回春.
//! - A concealed or added kong needs a tile left in the kong's own wall and in the next
//!   seat's. A kong on a discard needs the discarder's next seat to have a tile (as every call
//!   on a discard); if the caller's own wall is then empty, the hand is drawn when the
//!   replacement is due (the published judge allows that kong; the Python environment of
//!   ailab-pku/botzone-local, `botzone/envs/botzone/chinesestandardmahjong.py`, refuses it).
//! - With flowers (a wall of 144, which Botzone's duplicate competitions no longer use), a
//!   kong's replacement that is a flower ends the kong's 杠上开花: the tile that replaces the
//!   flower is an ordinary draw, as in the judge.
//!
//! Everything else is the `mcr` preset's: the judge scores with the same fan calculator
//! (8 fan without flowers, the flowers on top), pays 8 + the fan as above, gives one winner
//! per discard (the first from the discarder), has no furiten, and lets chi come only from the
//! left. Botzone plays one hand per match with a random prevailing wind; `mj game` plays a
//! match of them, the dealer moving on each hand. A Botzone log that ends on a bot's fault
//! (`WA`, `TLE`: -30 for the culprit, +10 for the others) is no hand's result and is refused.
//!
//! Sources: the judge, ailab-pku/Chinese-Standard-Mahjong `judge/main.cpp`
//! (<https://github.com/ailab-pku/Chinese-Standard-Mahjong>: `playerData[i].pTileWall`,
//! `roundOutput`, `checkInputDRAW`, `checkHu`); the Botzone wiki page Chinese-Standard-Mahjong
//! (<https://wiki.botzone.org.cn/index.php?title=Chinese-Standard-Mahjong>), section 复式赛制介绍,
//! 与传统国标的不同: 用牌 (136 tiles), 牌墙及初始手牌 (four walls of 34, one per seat), 摸牌
//! (own wall, kongs too), 荒牌, 海底捞月, 妙手回春. Checked on public Botzone matches: the 56
//! match logs in SuuTTT/IJCAI-mahjong `others/rank1-chunjiandu/botzone_logs54/*_lite.json`
//! (52 wins, 4 draws with tiles left in other walls) replay to their recorded fans, scores
//! and final `tileCnt`, and at each of 10,977 chances to win (the judge's `canHu` after every
//! draw and discard) the engine offers the win exactly when the judge would grant it
//! (`mj-log`'s `tests/mcr_botzone_walls.rs`, with `MJ_BOTZONE_LOGS`; the logs carry no licence
//! and are not in this repository). docs/rules-mcr-botzone.md has the summary.
//!
//! Events: as in Sichuan, plus `hua` (a flower set aside: `{"type":"hua","actor":1,"pai":"H3"}`;
//! a flower drawn shows first as a `tsumo` of it, the replacement as the next `tsumo`; dealt
//! flowers are in `start_kyoku`'s `tehais` after the other tiles), `chi`, and a `hora` whose
//! `fan` is the total with flowers and whose `yakus` are the fans with their value times count
//! (`hua_pai` for the flowers). `mj-log` replays our own MCR logs (`mj replay FILE.jsonl`,
//! `mcr` or `mcr_botzone` as the log shows), reads and writes the Botzone / IJCAI line form
//! (`Match`, `Wind`, `Player p Deal/Draw/Play/Chi/Peng/Gang/AnGang/BuGang/BuHua/Hu`, `Huang`,
//! `Fan`, `Score`; tiles `W`/`B`/`T`/`F`/`J`/`H`) and reads Botzone's own JSON match log,
//! replaying them through the engine on the wall the log shows (own walls for Botzone) and
//! checking where the hand ends, the fan, the fans and the score.
//!
//! # Settlement
//!
//! Wins are scored by `mj-score` (honba 300 per ron / 100 per payer on a tsumo; sticks to the
//! first winner in turn order from the discarder). Pao answers for the whole hand (a
//! compound yakuman included): on a tsumo the liable seat pays all; on a ron by another seat it
//! pays half the hand and every honba (Tenhou: 積み棒は包), the discarder the other half.
//! Sticks still on the table when the match ends go to the first place (Tenhou, and Mahjong
//! Soul by default: every preset; rules that drop them, as the EMA's, are not modelled).
//! Exhaustive draw: 3,000
//! split between ready and not-ready seats (a wait on kinds the seat holds all four of is not
//! ready); nagashi mangan instead when some seat's river is all terminals and honors and none
//! was called. The dealer repeats on a win, on tenpai at an exhaustive draw and on an abortive
//! draw; honba go up on a repeat or a draw and back to 0 when a non-dealer wins.
//!
//! With three players `mj-score` (which has no kita and four-player payments) gives the yaku,
//! han and fu; `round::settle` adds the kita han and computes the basic points and the two payers'
//! payments itself (the one place to change once `mj-score` scores three-player hands).
//!
//! # Logs
//!
//! Every log format (Tenhou's mjlog XML and tenhou.net/6 JSON, mjai JSON Lines, Botzone, our
//! own Sichuan, 红中 and MCR logs) is read into these [`Event`]s and replayed through the
//! engine by the `mj-log` crate (`mj replay`), which checks every result, the match rules
//! between rounds and the final scores and points against the log.

pub mod action;
pub mod determinize;
pub mod drive;
pub mod game;
pub mod mjai;
pub mod play;
pub mod position;
pub mod round;
pub mod rules;
pub mod seat_round;
mod tiles;
pub mod view;
pub mod wall;

pub use action::{Action, IllegalAction, Seat, SeatSet};
pub use drive::{Driven, Observer, Seats, Stop, drive, drive_with};
pub use game::{Match, MatchResult, WallSource};
pub use mjai::{Event, MjaiTile};
pub use play::{BUILTIN_BOTS, Bot, BotEntry, Played, RandomBot, TsumogiriBot, play};
pub use position::Position;
pub use round::hongzhong::{HONGZHONG_WILD, bird_offset, hongzhong_hu_rules};
pub use round::mcr::{MCR_TILES, McrWall, McrWallError, mcr_hands, mcr_next_setup};
pub use round::sichuan::sichuan_hu_rules;
pub use round::{
    ActionList, DrawKind, Payments, Phase, Round, RoundEnd, RoundResult, RoundSetup, SettleItem,
    SettleKind, SichuanResult, WinRecord, WinScore,
};
pub use rules::{Exchange, Flow, GameRules, Length, SichuanTable};
pub use seat_round::{SeatError, SeatRound};
pub use tiles::{END_FLOWER, FIRST_FLOWER, id_of_mjai, is_flower, mjai_name};
pub use view::{Observation, Offer, SeatView};

/// The MCR wall sequence was called `McrState`.
#[deprecated(note = "renamed `McrWall`: it is the MCR wall, flowers included")]
pub type McrState = McrWall;
pub use wall::{Wall, WallError};
