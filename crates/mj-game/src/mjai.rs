//! The game as mjai events (the JSON Lines format of Mortal and mjai.app), and each seat's
//! view of them.
//!
//! Tiles use mjai's names: `1m`..`9m`, `1p`..`9p`, `1s`..`9s`, `5mr`/`5pr`/`5sr` for red
//! fives, `E S W N` for the winds, `P F C` for white, green and red dragons, and `?` for a
//! tile the viewer cannot see.
//!
//! Three players: every per-seat array keeps four entries, seat 3 being the empty seat
//! (`start_game` names `seat3`, `start_kyoku` and `end_game` scores 0, a hand of `?`, `deltas`
//! 0, `tenpais` false), so `scores[seat]` means the same in both games and a reader built for
//! four seats (mjai, Mortal) reads a three-player log without a second schema; the number of
//! players is the rules' (`GameRules::players`). Three-entry arrays would need one type per
//! table size for every event, and no three-player mjai dialect is common enough to follow.

use core::fmt;

use mj_tiles::Tile;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use smallvec::SmallVec;

use crate::action::Seat;
use crate::tiles::{id_of_mjai, is_red_id, mjai_name};

/// A tile in an mjai event: its kind and redness (kept as a canonical Tenhou id), or hidden.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MjaiTile(u8);

impl MjaiTile {
    /// A tile the viewer cannot see (`?`).
    pub const HIDDEN: MjaiTile = MjaiTile(255);

    /// The tile of an id; with `reds` off a red-five id is written as a plain five.
    /// Two tiles with the same mjai name are equal: the id kept is the canonical one.
    pub fn id(id: u8, reds: bool) -> MjaiTile {
        if crate::tiles::is_flower(id) {
            return MjaiTile(id);
        }
        let id = id.min(135);
        if reds && is_red_id(id) {
            MjaiTile(id)
        } else {
            let k = id / 4;
            MjaiTile(k * 4 + u8::from(matches!(k, 4 | 13 | 22)))
        }
    }

    /// A plain tile of a kind.
    pub fn kind(t: Tile) -> MjaiTile {
        MjaiTile(t.as_u8() * 4 + u8::from(t.rank() == 5 && !t.is_honor()))
    }

    /// `true` for `?`.
    pub fn is_hidden(self) -> bool {
        self.0 == 255
    }

    /// The Tenhou id (a canonical copy of the kind when read from text; 136..144 for the MCR
    /// flowers); `None` when hidden.
    pub fn tile_id(self) -> Option<u8> {
        (self.0 < crate::tiles::END_FLOWER).then_some(self.0)
    }
}

impl fmt::Display for MjaiTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_hidden() {
            f.write_str("?")
        } else {
            f.write_str(&mjai_name(self.0, true))
        }
    }
}

impl fmt::Debug for MjaiTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for MjaiTile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for MjaiTile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        if text == "?" {
            return Ok(MjaiTile::HIDDEN);
        }
        id_of_mjai(&text)
            .map(MjaiTile)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown mjai tile {text:?}")))
    }
}

/// One mjai event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The match starts.
    StartGame {
        /// Player names.
        names: [String; 4],
    },
    /// A round starts.
    StartKyoku {
        /// Round wind.
        bakaze: MjaiTile,
        /// First dora indicator.
        dora_marker: MjaiTile,
        /// 1..=4: the dealer's seat plus one.
        kyoku: u8,
        /// Honba.
        honba: u32,
        /// Riichi sticks on the table.
        kyotaku: u32,
        /// Dealer.
        oya: Seat,
        /// Scores.
        scores: [i32; 4],
        /// Starting hands (others hidden in a seat's view).
        tehais: [[MjaiTile; 13]; 4],
    },
    /// A draw.
    Tsumo {
        /// Who.
        actor: Seat,
        /// The tile (hidden to others).
        pai: MjaiTile,
    },
    /// A discard.
    Dahai {
        /// Who.
        actor: Seat,
        /// The tile.
        pai: MjaiTile,
        /// The tile just drawn.
        tsumogiri: bool,
    },
    /// A chi.
    Chi {
        /// Who called.
        actor: Seat,
        /// Who discarded.
        target: Seat,
        /// The called tile.
        pai: MjaiTile,
        /// The tiles from the hand.
        consumed: [MjaiTile; 2],
    },
    /// A pon.
    Pon {
        /// Who called.
        actor: Seat,
        /// Who discarded.
        target: Seat,
        /// The called tile.
        pai: MjaiTile,
        /// The tiles from the hand.
        consumed: [MjaiTile; 2],
    },
    /// An open kan on a discard.
    Daiminkan {
        /// Who called.
        actor: Seat,
        /// Who discarded.
        target: Seat,
        /// The called tile.
        pai: MjaiTile,
        /// The tiles from the hand.
        consumed: [MjaiTile; 3],
    },
    /// An added kan.
    Kakan {
        /// Who.
        actor: Seat,
        /// The added tile.
        pai: MjaiTile,
        /// The pon's tiles.
        consumed: [MjaiTile; 3],
    },
    /// A closed kan.
    Ankan {
        /// Who.
        actor: Seat,
        /// The four tiles.
        consumed: [MjaiTile; 4],
    },
    /// A north set aside (抜きドラ, three players), as the three-player mjai extensions write
    /// it: `{"type":"nukidora","actor":s,"pai":"N"}`.
    Nukidora {
        /// Who.
        actor: Seat,
        /// The north.
        pai: MjaiTile,
    },
    /// MCR 补花 (an extension): `actor` sets the flower `pai` (`H1`..`H8`) aside; the
    /// replacement follows as a `tsumo` from the wall's far end. A flower drawn shows as a
    /// `tsumo` of it first; dealt flowers are in `start_kyoku`'s `tehais` (after the other
    /// tiles), set aside seat by seat from the dealer before the dealer's first draw.
    /// `{"type":"hua","actor":1,"pai":"H3"}`.
    Hua {
        /// Who.
        actor: Seat,
        /// The flower.
        pai: MjaiTile,
    },
    /// A new dora indicator.
    Dora {
        /// The indicator.
        dora_marker: MjaiTile,
    },
    /// Riichi declared (the discard follows).
    Reach {
        /// Who.
        actor: Seat,
    },
    /// Riichi accepted: the stick is on the table.
    ReachAccepted {
        /// Who.
        actor: Seat,
        /// Score changes (the deposit).
        deltas: [i32; 4],
        /// Scores after.
        scores: [i32; 4],
    },
    /// A win.
    Hora {
        /// The winner.
        actor: Seat,
        /// Who dealt in (the winner on a tsumo).
        target: Seat,
        /// The winning tile.
        pai: MjaiTile,
        /// Ura dora indicators (riichi only).
        uradora_markers: SmallVec<[MjaiTile; 5]>,
        /// The yaku with their han (this project's names, `mj_score::riichi::Yaku::name`;
        /// yakuman with 0).
        #[serde(default)]
        yakus: Vec<(String, u32)>,
        /// Fu.
        fu: u32,
        /// Han (0 for a yakuman hand).
        fan: u32,
        /// Number of yakuman.
        #[serde(default)]
        yakuman: u32,
        /// Everything the winner receives.
        hora_points: u32,
        /// Every seat's change from this win (a double ron has one `hora` per winner).
        deltas: [i32; 4],
        /// Scores after.
        scores: [i32; 4],
        /// The seat liable for the hand (包), as a log states it (Tenhou's `paoWho`); written
        /// only when present, and the engine leaves it out (its `WinRecord` has its own).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pao: Option<Seat>,
    },
    /// A draw or an abort.
    Ryukyoku {
        /// Which kind (`exhaustive`, `nagashi_mangan`, `nine_terminals`, ...).
        reason: String,
        /// Seats in tenpai.
        tenpais: [bool; 4],
        /// Every seat's change.
        deltas: [i32; 4],
        /// Scores after.
        scores: [i32; 4],
    },
    /// Sichuan 换三张 (an extension): `actor` passes three tiles of one suit to `target`;
    /// `direction` is `next`, `across` or `previous` (the dice's choice under `dice`). One
    /// event per seat once all four have chosen; the tiles are hidden from the other two seats.
    /// `{"type":"huansanzhang","actor":0,"target":1,"pai":["1m","1m","7m"],"direction":"next"}`.
    Huansanzhang {
        /// Who passes.
        actor: Seat,
        /// Who receives.
        target: Seat,
        /// The three tiles.
        pai: [MjaiTile; 3],
        /// Where the tiles went.
        direction: String,
    },
    /// Sichuan 定缺 (an extension): `actor` gives up a suit (`m`, `p` or `s`). One event per
    /// seat once all four have declared. `{"type":"dingque","actor":2,"suit":"p"}`.
    Dingque {
        /// Who.
        actor: Seat,
        /// The suit given up.
        suit: String,
    },
    /// Sichuan payments outside a win (an extension): kong income (`gang_open`, `gang_added`,
    /// `gang_concealed`: 刮风下雨), `call_transfer` (呼叫转移: a 杠上炮 winner takes the kong's
    /// income from `actor`), and at an exhaustive draw `flower_pig` (查花猪), `not_ready`
    /// (查大叫) and `refund` (退税), one event per paying seat (`actor`).
    /// `{"type":"settle","reason":"gang_concealed","actor":1,"deltas":[-2,6,-2,-2],"scores":[..]}`.
    /// In Sichuan a `hora` does not end the round: `end_kyoku` follows only when one seat is
    /// left or the wall is empty (after a `ryukyoku` with the draw's settlement).
    Settle {
        /// Why.
        reason: String,
        /// The seat the payment is about (the kong's owner, the paying seat).
        actor: Seat,
        /// Every seat's change.
        deltas: [i32; 4],
        /// Scores after.
        scores: [i32; 4],
    },
    /// Hongzhong 抓鸟 (an extension): after `actor`'s win the tiles `pai` were turned over from
    /// the live wall; `hits` of them point at the winner (each adds a payment, `deltas`).
    /// `{"type":"zhuaniao","actor":2,"pai":["1m","4p","7z","9s"],"hits":3,"deltas":[..],"scores":[..]}`.
    Zhuaniao {
        /// The winner.
        actor: Seat,
        /// The birds, in the order turned over.
        pai: Vec<MjaiTile>,
        /// Birds that point at the winner.
        hits: u8,
        /// Every seat's change.
        deltas: [i32; 4],
        /// Scores after.
        scores: [i32; 4],
    },
    /// The round ends.
    EndKyoku,
    /// The match ends.
    EndGame {
        /// Final scores.
        scores: [i32; 4],
    },
}

impl Event {
    /// The event as `seat` sees it: other seats' starting hands and draws are hidden.
    pub fn view(&self, seat: Seat) -> Event {
        match self {
            Event::StartKyoku { tehais, .. } => {
                let mut ev = self.clone();
                if let Event::StartKyoku { tehais: t, .. } = &mut ev {
                    for (s, hand) in t.iter_mut().enumerate() {
                        if s != usize::from(seat) {
                            *hand = [MjaiTile::HIDDEN; 13];
                        }
                    }
                }
                let _ = tehais;
                ev
            }
            Event::Huansanzhang {
                actor,
                target,
                direction,
                ..
            } if *actor != seat && *target != seat => Event::Huansanzhang {
                actor: *actor,
                target: *target,
                pai: [MjaiTile::HIDDEN; 3],
                direction: direction.clone(),
            },
            Event::Tsumo { actor, .. } if *actor != seat => Event::Tsumo {
                actor: *actor,
                pai: MjaiTile::HIDDEN,
            },
            _ => self.clone(),
        }
    }

    /// One JSON line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
