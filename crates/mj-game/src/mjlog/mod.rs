//! Tenhou's mjlog XML: [`parse_mjlog`] reads a whole game into plain data ([`GameLog`]), with
//! each round's wall rebuilt from the log's shuffle seed ([`wall`] documents the layout).
//!
//! The format is flat: one `<mjloggm>` element holding self-closing tags in game order.
//!
//! | tag | meaning | read into |
//! |---|---|---|
//! | `<SHUFFLE seed ref>` | the game's wall seed | [`GameLog::shuffle_seed`], [`RoundLog::wall`] |
//! | `<GO type lobby csrule>` | rules bits: 0x10 three players, 0x08 hanchan, 0x02 no red fives, 0x04 no open tanyao (the room: [`room`]) | [`GameLog`] flags, [`GameLog::lobby`], [`GameLog::csrule`] |
//! | `<UN n0..n3 dan rate sx>` | players (names percent-encoded UTF-8); later a lone `nX` = seat X reconnected | [`GameLog::names`], [`LogEvent::Reconnect`] |
//! | `<TAIKYOKU oya>` | game start | |
//! | `<INIT seed ten oya hai0..hai3 [shuffle]>` | round start: `seed` = round, honba, sticks, dice0, dice1, dora indicator; `ten` = scores in hundreds | [`RoundLog`] |
//! | `<T12/>` `<U..>` `<V..>` `<W..>` | seat 0..3 draws tile 12 | [`LogEvent::Draw`] |
//! | `<D12/>` `<E..>` `<F..>` `<G..>` | seat 0..3 discards tile 12 | [`LogEvent::Discard`] |
//! | `<N who m>` | a call, `m` as in [`LogMeld`]'s decoder | [`LogEvent::Call`] |
//! | `<REACH who step [ten]>` | riichi declared (1) / accepted (2) | [`LogEvent::Riichi`] |
//! | `<DORA hai>` | a new dora indicator (after a kan) | [`LogEvent::Dora`] |
//! | `<AGARI ...>` | a win | [`LogEvent::Agari`] |
//! | `<RYUUKYOKU ...>` | a draw | [`LogEvent::Ryuukyoku`] |
//! | `<BYE who>` | seat disconnected | [`LogEvent::Disconnect`] |
//! | `owari="..."` on the last result | final scores | [`GameLog::final_scores`] |
//!
//! `BYE` and a reconnecting `UN` may come anywhere: before the first `INIT` (a player lost
//! before the deal) they open the first round's events, after a result they close its round.
//!
//! Tiles are Tenhou's 136-ids ([`TileId`]): `id / 4` is the kind (1m..9m, 1p.., 1s.., then
//! east, south, west, north, white, green, red), ids 16, 52, 88 the red fives. Points are in
//! points (the log's hundreds times 100). Seats are absolute (0 = the seat of `hai0`).
//!
//! # Event order (checked on every standard-room log of `../shared/logs` by
//! `tests/mjlog_corpus.rs`; the engine replays it)
//!
//! * Riichi: `REACH step=1`, the declarer's discard, then `REACH step=2` before anything else
//!   (the stick is placed), unless that discard is won on (then no step 2).
//! * A closed kan's dora indicator: right after its `N` (after any still pending), before the
//!   replacement draw.
//! * An open or added kan's: after the replacement draw, just before the kanner's next discard,
//!   or right after the kanner's next kan / kita `N`; never if the round ends first (a win on
//!   the replacement tile, or the added kan robbed; an indicator due after a kan call is not
//!   turned when that kan is robbed). Chip rooms (`GO type` bit 0x200) turn
//!   an added kan's indicator at once.
//! * A replacement draw follows each kan and kita `N` of the same seat (a `Draw` right after the
//!   call); the other draws come from the live wall ([`wall`]).
//!
//! * Scores: a result's `sc` scores-before are the round's start less 1,000 per accepted
//!   riichi; a double ron's second `AGARI` sees the first's payments; only the first winner
//!   collects the sticks; the next `INIT` starts from the last result; sticks still on the
//!   table at the end go to the first-placed seat in `owari`.
//!
//! Robustness: [`parse_mjlog`] never panics; every error names the tag, the attribute and the
//! byte offset where it went wrong. Tags it does not know are errors, not silently skipped.

mod meld;
pub mod mjai;
pub mod room;
pub mod wall;
mod xml;
mod yaku;

pub use meld::{LogMeld, MeldKind};
pub use wall::{RoundWall, SeedError, TenhouShuffle, TenhouWallLayout};
pub use yaku::{TENHOU_YAKU, is_yakuman, yaku_name};

use xml::{Settlement, Tag, Tags, percent_decode};

use mj_tiles::TileId;

/// A whole game from an mjlog.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLog {
    /// 4, or 3 for a three-player (sanma) game (`GO type` bit 0x10).
    pub players: u8,
    /// The `GO type` attribute as written.
    pub go_type: u32,
    /// The `GO lobby` attribute: 0 for the public rooms, a private lobby's number otherwise;
    /// `None` in logs from before the attribute existed (2009 and early 2010).
    pub lobby: Option<u32>,
    /// The `GO csrule` attribute of a private lobby with its own rules, as written (`None`
    /// when absent or empty); [`room::room_rules`] reads it.
    pub csrule: Option<String>,
    /// East and south rounds (`type` bit 0x08); `false`: east only.
    pub hanchan: bool,
    /// Red fives in play (`type` bit 0x02 clear).
    pub aka: bool,
    /// Open tanyao allowed (`type` bit 0x04 clear).
    pub kuitan: bool,
    /// The `SHUFFLE seed` attribute, when the log has one (logs from 2009 have a per-round
    /// shuffle in `INIT` instead).
    pub shuffle_seed: Option<String>,
    /// Player names by seat, percent-decoded (`players` entries).
    pub names: Vec<String>,
    /// The rounds in order.
    pub rounds: Vec<RoundLog>,
    /// The final result (`owari`), absent from a truncated log.
    pub final_scores: Option<FinalScores>,
}

/// The `owari` attribute: the end of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct FinalScores {
    /// Final scores in points, by seat.
    pub points: Vec<i32>,
    /// The uma- and oka-adjusted results as written (e.g. `52.0`), by seat.
    pub uma: Vec<f64>,
    /// Chip totals by seat in a chip game (`owari` values 9..16, every other one).
    pub chips: Option<Vec<i32>>,
}

/// Chips (祝儀) of a chip game, by seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chips {
    /// Chips before.
    pub before: Vec<i32>,
    /// The change.
    pub deltas: Vec<i32>,
}

/// One round (kyoku).
#[derive(Clone, Debug, PartialEq)]
pub struct RoundLog {
    /// 0 = East 1, 3 = East 4, 4 = South 1, 8 = West 1, ...
    pub round: u8,
    /// Repeat counters (本場).
    pub honba: u8,
    /// Riichi sticks on the table at the start (供託).
    pub sticks: u8,
    /// The dice as written: each die's face minus one (0..=5).
    pub dice: [u8; 2],
    /// The first dora indicator.
    pub dora_indicator: TileId,
    /// Scores in points before the round, by seat (`players` entries).
    pub scores: Vec<i32>,
    /// The dealer's seat.
    pub dealer: u8,
    /// The 13 tiles dealt to each seat, in dealing order (`players` entries).
    pub hands: Vec<Vec<TileId>>,
    /// The four-player wall from the shuffle (see [`wall`]): 136 ids in Tenhou's layout.
    /// `None` for three-player games (see [`sanma_wall`](Self::sanma_wall)) and for a log
    /// without a usable seed.
    pub wall: Option<Box<[u8; 136]>>,
    /// The three-player wall from the shuffle: 108 ids (136-id numbering) in Tenhou's layout.
    pub sanma_wall: Option<Box<[u8; 108]>>,
    /// The dice the shuffle gives (each face minus one), beside the wall; equal to
    /// [`dice`](Self::dice) in every real log.
    pub wall_dice: Option<[u8; 2]>,
    /// Everything that happened, in order.
    pub events: Vec<LogEvent>,
}

impl RoundLog {
    /// The round's wall, four- or three-player, with its layout.
    ///
    /// ```
    /// # fn f(round: &mj_game::mjlog::RoundLog) {
    /// if let Some((layout, wall)) = round.wall_with_layout() {
    ///     let first_draw = layout.live_index(0, 0).map(|i| wall[i]);
    /// #   let _ = first_draw;
    /// }
    /// # }
    /// ```
    pub fn wall_with_layout(&self) -> Option<(TenhouWallLayout, &[u8])> {
        match (&self.wall, &self.sanma_wall) {
            (Some(w), _) => Some((TenhouWallLayout::FOUR, &w[..])),
            (None, Some(w)) => Some((TenhouWallLayout::THREE, &w[..])),
            (None, None) => None,
        }
    }
}

/// One thing that happened in a round.
#[derive(Clone, Debug, PartialEq)]
pub enum LogEvent {
    /// A seat draws a tile (live or replacement draw).
    Draw { seat: u8, tile: TileId },
    /// A seat discards a tile.
    Discard { seat: u8, tile: TileId },
    /// A seat calls (chi, pon, kan, kita).
    Call { seat: u8, meld: LogMeld },
    /// Riichi: `step` 1 = declared (before the discard), 2 = accepted (after it passed).
    Riichi { seat: u8, step: u8 },
    /// A new dora indicator is turned.
    Dora { tile: TileId },
    /// A win (a double ron is two of these in a row).
    Agari(AgariLog),
    /// A draw (exhaustive or abortive).
    Ryuukyoku(DrawLog),
    /// A seat disconnected (`BYE`).
    Disconnect { seat: u8 },
    /// A seat reconnected (a lone `UN nX`).
    Reconnect { seat: u8 },
}

/// `ten`'s third value: the limit of a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Below mangan.
    None,
    /// 満貫.
    Mangan,
    /// 跳満.
    Haneman,
    /// 倍満.
    Baiman,
    /// 三倍満.
    Sanbaiman,
    /// 役満 (and counted yakuman).
    Yakuman,
}

/// One `AGARI`.
#[derive(Clone, Debug, PartialEq)]
pub struct AgariLog {
    /// The winner.
    pub who: u8,
    /// The discarder; equal to `who` for a tsumo.
    pub from_who: u8,
    /// The concealed tiles (`hai`), the winning tile included.
    pub hand: Vec<TileId>,
    /// The calls (`m`), decoded.
    pub melds: Vec<LogMeld>,
    /// The winning tile (`machi`).
    pub win_tile: TileId,
    /// Fu (`ten[0]`).
    pub fu: u32,
    /// The points of the hand as Tenhou writes them (`ten[1]`: without honba and sticks).
    pub points: i32,
    /// `ten[2]`.
    pub limit: Limit,
    /// `(Tenhou yaku id, han)` pairs ([`yaku_name`] gives the names), dora included.
    pub yaku: Vec<(u8, u8)>,
    /// Tenhou yakuman ids.
    pub yakuman: Vec<u8>,
    /// The dora indicators at the time (`doraHai`).
    pub dora: Vec<TileId>,
    /// The ura-dora indicators (`doraHaiUra`), shown for a riichi win.
    pub ura: Vec<TileId>,
    /// Scores in points before the win, by seat.
    pub scores_before: Vec<i32>,
    /// Each seat's change in points (honba and sticks included).
    pub deltas: Vec<i32>,
    /// The seat liable (pao, `paoWho`).
    pub pao: Option<u8>,
    /// Repeat counters at the win (`ba[0]`).
    pub honba: u8,
    /// Riichi sticks on the table at the win (`ba[1]`).
    pub sticks: u8,
    /// Chips (祝儀) in a chip game (`sc` values 9..16).
    pub chips: Option<Chips>,
}

/// The kind of an abortive draw or of nagashi mangan (`RYUUKYOKU type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawKind {
    /// `yao9`: nine terminals and honors (九種九牌).
    NineTerminals,
    /// `reach4`: four riichi (四家立直).
    FourRiichi,
    /// `ron3`: triple ron (三家和了).
    TripleRon,
    /// `kan4`: four kans by more than one seat (四槓散了).
    FourKans,
    /// `kaze4`: four same winds discarded (四風連打).
    FourWinds,
    /// `nm`: nagashi mangan (流し満貫) at an exhaustive draw.
    NagashiMangan,
}

impl DrawKind {
    /// The `type` value Tenhou writes.
    pub const fn tenhou_name(self) -> &'static str {
        match self {
            DrawKind::NineTerminals => "yao9",
            DrawKind::FourRiichi => "reach4",
            DrawKind::TripleRon => "ron3",
            DrawKind::FourKans => "kan4",
            DrawKind::FourWinds => "kaze4",
            DrawKind::NagashiMangan => "nm",
        }
    }
}

/// One `RYUUKYOKU`.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawLog {
    /// `None` for an exhaustive draw.
    pub kind: Option<DrawKind>,
    /// Scores in points before the payments, by seat.
    pub scores_before: Vec<i32>,
    /// Each seat's change in points (tenpai payments, nagashi mangan).
    pub deltas: Vec<i32>,
    /// The hands shown (`hai0..hai3`): the tenpai hands at an exhaustive draw, the nine
    /// terminals hand, ...; `None` for a seat whose hand was not shown.
    pub shown: Vec<Option<Vec<TileId>>>,
    /// Repeat counters (`ba[0]`).
    pub honba: u8,
    /// Riichi sticks on the table (`ba[1]`).
    pub sticks: u8,
    /// Chips (祝儀) in a chip game (`sc` values 9..16).
    pub chips: Option<Chips>,
}

/// Why an mjlog could not be read. Every variant says where (byte offset of the tag) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// The markup itself is broken.
    #[error("byte {offset}: {why}")]
    Syntax {
        /// Byte offset in the text.
        offset: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// A required attribute is missing.
    #[error("<{tag}> at byte {offset}: attribute `{attr}` missing")]
    MissingAttribute {
        /// The tag's name.
        tag: String,
        /// The attribute's name.
        attr: &'static str,
        /// Byte offset of the tag.
        offset: usize,
    },
    /// An attribute's value is not valid.
    #[error("<{tag}> at byte {offset}: attribute `{attr}`={value:?}: {why}")]
    BadAttribute {
        /// The tag's name.
        tag: String,
        /// The attribute's name.
        attr: &'static str,
        /// The value (cut to 40 characters).
        value: String,
        /// What is wrong.
        why: String,
        /// Byte offset of the tag.
        offset: usize,
    },
    /// A tag that is not allowed here (unknown, or an event before the first `INIT`).
    #[error("<{tag}> at byte {offset}: {why}")]
    BadTag {
        /// The tag's name (cut to 40 characters).
        tag: String,
        /// What is wrong.
        why: &'static str,
        /// Byte offset of the tag.
        offset: usize,
    },
}

/// Reads an mjlog (the XML text; gzip must be undone first).
///
/// ```
/// let log = mj_game::mjlog::parse_mjlog(r#"<mjloggm ver="2.3"><GO type="169"/>
///   <UN n0="A" n1="B" n2="C" n3="D"/><TAIKYOKU oya="0"/>
///   <INIT seed="0,0,0,1,2,93" ten="250,250,250,250" oya="0"
///     hai0="1,24,67,91,42,76,6,104,26,130,49,72,99" hai1="89,43,123,46,2,116,39,77,45,25,81,17,44"
///     hai2="71,103,100,73,34,18,80,9,32,35,87,101,108" hai3="14,5,4,129,60,20,63,13,105,117,15,74,90"/>
///   <T97/><D104/></mjloggm>"#).unwrap();
/// assert_eq!(log.players, 4);
/// assert!(log.hanchan);
/// assert_eq!(log.rounds[0].events.len(), 2);
/// ```
pub fn parse_mjlog(text: &str) -> Result<GameLog, LogError> {
    let mut game = GameLog {
        players: 4,
        go_type: 0,
        lobby: None,
        csrule: None,
        hanchan: false,
        aka: true,
        kuitan: true,
        shuffle_seed: None,
        names: Vec::new(),
        rounds: Vec::new(),
        final_scores: None,
    };
    let mut shuffle: Option<TenhouShuffle> = None;
    let mut seen_root = false;
    let mut seen_go = false;
    // Disconnections and reconnections before the first INIT, for the first round's events.
    let mut before_deal: Vec<LogEvent> = Vec::new();
    for tag in (Tags { text, pos: 0 }) {
        let tag = tag?;
        let name = tag.name;
        let p = game.players;
        if name == "mjloggm" {
            seen_root = true;
            continue;
        }
        if !seen_root {
            return Err(tag.bad_tag("before <mjloggm>: not an mjlog"));
        }
        let (alpha, digits) = name.split_at(
            name.find(|c: char| c.is_ascii_digit())
                .unwrap_or(name.len()),
        );
        if !digits.is_empty() {
            let seat = match alpha {
                "T" | "D" => 0,
                "U" | "E" => 1,
                "V" | "F" => 2,
                "W" | "G" => 3,
                _ => return Err(tag.bad_tag("unknown tag")),
            };
            if seat >= p {
                return Err(tag.bad_tag("seat outside a three-player table"));
            }
            let tile = digits
                .parse::<u8>()
                .ok()
                .and_then(TileId::new)
                .ok_or_else(|| tag.bad_tag("tile id not below 136"))?;
            let ev = if matches!(alpha, "T" | "U" | "V" | "W") {
                LogEvent::Draw { seat, tile }
            } else {
                LogEvent::Discard { seat, tile }
            };
            current(&mut game, &tag)?.events.push(ev);
            continue;
        }
        match name {
            "SHUFFLE" => {
                let seed = tag.req("seed")?;
                shuffle = Some(
                    TenhouShuffle::from_seed(seed)
                        .map_err(|e| tag.bad("seed", seed, e.describe()))?,
                );
                game.shuffle_seed = Some(seed.to_owned());
            }
            "GO" => {
                let t: u32 = tag.num("type")?;
                game.go_type = t;
                game.players = if t & 0x10 != 0 { 3 } else { 4 };
                game.hanchan = t & 0x08 != 0;
                game.aka = t & 0x02 == 0;
                game.kuitan = t & 0x04 == 0;
                game.lobby = match tag.get("lobby") {
                    Some(_) => Some(tag.num("lobby")?),
                    None => None,
                };
                game.csrule = tag
                    .get("csrule")
                    .filter(|v| !v.is_empty())
                    .map(str::to_owned);
                seen_go = true;
            }
            "UN" => {
                let names: Vec<(u8, &str)> = (0..4u8)
                    .filter_map(|i| {
                        tag.get(["n0", "n1", "n2", "n3"][i as usize])
                            .map(|n| (i, n))
                    })
                    .collect();
                if game.rounds.is_empty() && game.names.is_empty() {
                    game.names = (0..p)
                        .map(|i| {
                            names
                                .iter()
                                .find(|(s, _)| *s == i)
                                .map(|(_, n)| percent_decode(n))
                                .unwrap_or_default()
                        })
                        .collect();
                } else {
                    match names[..] {
                        [(seat, _)] if seat < p => {
                            let ev = LogEvent::Reconnect { seat };
                            match game.rounds.last_mut() {
                                Some(r) => r.events.push(ev),
                                None => before_deal.push(ev),
                            }
                        }
                        _ => return Err(tag.bad_tag("a reconnection names one seat")),
                    }
                }
            }
            "TAIKYOKU" => {}
            "INIT" => {
                if !seen_go {
                    return Err(tag.bad_tag("INIT before GO"));
                }
                let mut round = init_round(&tag, p, &mut shuffle)?;
                if game.rounds.is_empty() {
                    round.events.append(&mut before_deal);
                }
                game.rounds.push(round);
            }
            "N" => {
                let who = tag.seat("who", p)?;
                let meld = tag.meld(who, p, tag.req("m")?)?;
                current(&mut game, &tag)?
                    .events
                    .push(LogEvent::Call { seat: who, meld });
            }
            "REACH" => {
                let seat = tag.seat("who", p)?;
                let step: u8 = tag.num("step")?;
                if !(1..=2).contains(&step) {
                    return Err(tag.bad("step", tag.req("step")?, "not 1 or 2"));
                }
                current(&mut game, &tag)?
                    .events
                    .push(LogEvent::Riichi { seat, step });
            }
            "DORA" => {
                let tile = tag.tile("hai")?;
                current(&mut game, &tag)?
                    .events
                    .push(LogEvent::Dora { tile });
            }
            "AGARI" => {
                let a = agari(&tag, p)?;
                read_owari(&tag, &mut game)?;
                current(&mut game, &tag)?.events.push(LogEvent::Agari(a));
            }
            "RYUUKYOKU" => {
                let d = ryuukyoku(&tag, p)?;
                read_owari(&tag, &mut game)?;
                current(&mut game, &tag)?
                    .events
                    .push(LogEvent::Ryuukyoku(d));
            }
            "BYE" => {
                let ev = LogEvent::Disconnect {
                    seat: tag.seat("who", p)?,
                };
                match game.rounds.last_mut() {
                    Some(r) => r.events.push(ev),
                    None => before_deal.push(ev),
                }
            }
            _ => return Err(tag.bad_tag("unknown tag")),
        }
    }
    if !seen_root {
        return Err(LogError::Syntax {
            offset: 0,
            why: "no <mjloggm> tag: not an mjlog",
        });
    }
    Ok(game)
}

fn current<'g>(game: &'g mut GameLog, tag: &Tag<'_>) -> Result<&'g mut RoundLog, LogError> {
    game.rounds
        .last_mut()
        .ok_or_else(|| tag.bad_tag("event before the first INIT"))
}

fn read_owari(tag: &Tag<'_>, game: &mut GameLog) -> Result<(), LogError> {
    let Some(v) = tag.get("owari") else {
        return Ok(());
    };
    let all: Vec<f64> = tag.ints("owari", v)?;
    let p = game.players as usize;
    let (n, chips) = match all.len() {
        8 => (&all[..], None),
        16 => (&all[..8], Some(&all[8..])),
        l if l == 2 * p => (&all[..], None),
        _ => return Err(tag.bad("owari", v, "not a score and a result per seat")),
    };
    let chips = match chips {
        None => None,
        Some(c) => Some(
            c.iter()
                .step_by(2)
                .take(p)
                .map(|&x| {
                    if x.fract() == 0.0 && x.abs() < 1e7 {
                        Ok(x as i32)
                    } else {
                        Err(tag.bad("owari", v, "chips are not whole"))
                    }
                })
                .collect::<Result<Vec<i32>, _>>()?,
        ),
    };
    let points = n
        .iter()
        .step_by(2)
        .take(p)
        .map(|&x| {
            if x.fract() == 0.0 && x.abs() < 1e7 {
                Ok((x as i32) * 100)
            } else {
                Err(tag.bad("owari", v, "score is not a whole number of hundreds"))
            }
        })
        .collect::<Result<_, _>>()?;
    let uma = n.iter().skip(1).step_by(2).take(p).copied().collect();
    game.final_scores = Some(FinalScores { points, uma, chips });
    Ok(())
}

fn init_round(
    tag: &Tag<'_>,
    p: u8,
    shuffle: &mut Option<TenhouShuffle>,
) -> Result<RoundLog, LogError> {
    let seed_v = tag.req("seed")?;
    let seed: Vec<u8> = tag.ints("seed", seed_v)?;
    let [round, honba, sticks, d0, d1, dora] = seed[..] else {
        return Err(tag.bad("seed", seed_v, "not six numbers"));
    };
    if d0 > 5 || d1 > 5 {
        return Err(tag.bad("seed", seed_v, "a die is not 0..=5"));
    }
    let dora_indicator =
        TileId::new(dora).ok_or_else(|| tag.bad("seed", seed_v, "dora indicator not below 136"))?;
    let ten: Vec<i32> = tag.req_ints("ten")?;
    if ten.len() < p as usize || ten.len() > 4 {
        return Err(tag.bad("ten", tag.req("ten")?, "not a score per seat"));
    }
    let scores = ten
        .iter()
        .take(p as usize)
        .map(|x| x.saturating_mul(100))
        .collect();
    let dealer = tag.seat("oya", p)?;
    let mut hands = Vec::with_capacity(p as usize);
    for attr in ["hai0", "hai1", "hai2", "hai3"]
        .into_iter()
        .take(p as usize)
    {
        let v = tag.req(attr)?;
        let h = tag.tiles(attr, v)?;
        if h.len() != 13 {
            return Err(tag.bad(attr, v, "not 13 tiles"));
        }
        hands.push(h);
    }
    let rw = match (tag.get("shuffle"), shuffle.as_mut()) {
        (Some(legacy), _) => match RoundWall::legacy(legacy, p) {
            Ok(w) => Some(w),
            Err(SeedError::UnknownAlgorithm) if p == 3 => None,
            Err(e) => return Err(tag.bad("shuffle", legacy, e.describe())),
        },
        (None, Some(s)) => Some(s.next_round(p)),
        (None, None) => None,
    };
    let (mut wall, mut sanma_wall) = (None, None);
    let wall_dice = rw.as_ref().map(|w| w.dice);
    if let Some(rw) = rw {
        if p == 4 {
            wall = <[u8; 136]>::try_from(rw.tiles.as_slice())
                .ok()
                .map(Box::new);
        } else {
            sanma_wall = <[u8; 108]>::try_from(rw.tiles.as_slice())
                .ok()
                .map(Box::new);
        }
    }
    Ok(RoundLog {
        round,
        honba,
        sticks,
        dice: [d0, d1],
        dora_indicator,
        scores,
        dealer,
        hands,
        wall,
        sanma_wall,
        wall_dice,
        events: Vec::new(),
    })
}

fn agari(tag: &Tag<'_>, p: u8) -> Result<AgariLog, LogError> {
    let who = tag.seat("who", p)?;
    let from_who = tag.seat("fromWho", p)?;
    let (honba, sticks) = tag.ba()?;
    let hand = tag.tiles("hai", tag.req("hai")?)?;
    let melds = match tag.get("m") {
        Some(v) if !v.is_empty() => v
            .split(',')
            .map(|m| tag.meld(who, p, m))
            .collect::<Result<_, _>>()?,
        _ => Vec::new(),
    };
    let win_tile = tag.tile("machi")?;
    let ten_v = tag.req("ten")?;
    let ten: Vec<i32> = tag.ints("ten", ten_v)?;
    let [fu, points, limit] = ten[..] else {
        return Err(tag.bad("ten", ten_v, "not fu,points,limit"));
    };
    let fu = u32::try_from(fu).map_err(|_| tag.bad("ten", ten_v, "negative fu"))?;
    let limit = match limit {
        0 => Limit::None,
        1 => Limit::Mangan,
        2 => Limit::Haneman,
        3 => Limit::Baiman,
        4 => Limit::Sanbaiman,
        5 => Limit::Yakuman,
        _ => return Err(tag.bad("ten", ten_v, "limit not 0..=5")),
    };
    let yaku_v = tag.get("yaku").unwrap_or("");
    let flat: Vec<u8> = tag.ints("yaku", yaku_v)?;
    if !flat.len().is_multiple_of(2) {
        return Err(tag.bad("yaku", yaku_v, "not id,han pairs"));
    }
    let yaku: Vec<(u8, u8)> = flat.chunks_exact(2).map(|c| (c[0], c[1])).collect();
    if let Some(&(id, _)) = yaku.iter().find(|(id, _)| yaku_name(*id).is_none()) {
        return Err(tag.bad("yaku", yaku_v, format!("unknown yaku id {id}")));
    }
    let yakuman: Vec<u8> = tag.ints("yakuman", tag.get("yakuman").unwrap_or(""))?;
    if let Some(&id) = yakuman.iter().find(|&&id| !is_yakuman(id)) {
        return Err(tag.bad(
            "yakuman",
            tag.get("yakuman").unwrap_or(""),
            format!("{id} is not a yakuman id"),
        ));
    }
    let Settlement {
        before: scores_before,
        deltas,
        chips,
    } = tag.sc(p)?;
    let pao = match tag.get("paoWho") {
        Some(_) => Some(tag.seat("paoWho", p)?),
        None => None,
    };
    Ok(AgariLog {
        who,
        from_who,
        hand,
        melds,
        win_tile,
        fu,
        points,
        limit,
        yaku,
        yakuman,
        dora: tag.opt_tiles("doraHai")?,
        ura: tag.opt_tiles("doraHaiUra")?,
        scores_before,
        deltas,
        pao,
        honba,
        sticks,
        chips,
    })
}

fn ryuukyoku(tag: &Tag<'_>, p: u8) -> Result<DrawLog, LogError> {
    let kind = match tag.get("type") {
        None => None,
        Some(v) => Some(match v {
            "yao9" => DrawKind::NineTerminals,
            "reach4" => DrawKind::FourRiichi,
            "ron3" => DrawKind::TripleRon,
            "kan4" => DrawKind::FourKans,
            "kaze4" => DrawKind::FourWinds,
            "nm" => DrawKind::NagashiMangan,
            _ => return Err(tag.bad("type", v, "unknown draw kind")),
        }),
    };
    let (honba, sticks) = tag.ba()?;
    let Settlement {
        before: scores_before,
        deltas,
        chips,
    } = tag.sc(p)?;
    let mut shown = Vec::with_capacity(p as usize);
    for attr in ["hai0", "hai1", "hai2", "hai3"]
        .into_iter()
        .take(p as usize)
    {
        shown.push(match tag.get(attr) {
            Some(v) => Some(tag.tiles(attr, v)?),
            None => None,
        });
    }
    Ok(DrawLog {
        kind,
        scores_before,
        deltas,
        shown,
        honba,
        sticks,
        chips,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_names() {
        assert_eq!(percent_decode("%E3%81%82b%4"), "あb%4");
        assert_eq!(percent_decode("%"), "%");
        assert_eq!(percent_decode("%zz"), "%zz");
    }

    #[test]
    fn errors_name_tag_and_attribute() {
        let e = parse_mjlog(r#"<mjloggm><GO type="1"/><INIT seed="0,0" ten="1,1,1,1" oya="0"/>"#);
        assert_eq!(
            e.err().map(|e| e.to_string()),
            Some("<INIT> at byte 23: attribute `seed`=\"0,0\": not six numbers".to_owned())
        );
        let e = parse_mjlog(r#"<mjloggm><T12/>"#);
        assert!(matches!(e, Err(LogError::BadTag { .. })), "{e:?}");
        let e = parse_mjlog("<mjloggm><GO type=\"x\"/>");
        assert!(
            matches!(e, Err(LogError::BadAttribute { attr: "type", .. })),
            "{e:?}"
        );
        assert!(parse_mjlog("").is_err());
        assert!(parse_mjlog("<mjloggm><GO").is_err());
    }
}
