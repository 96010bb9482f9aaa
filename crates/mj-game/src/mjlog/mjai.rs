//! mjai logs: one JSON event per line, as the original mjai wrote them
//! (`mjai-golden/test.mjlog.golden.log`), optionally each followed by a dump of the board.
//!
//! [`parse_mjai_log`] reads every event line (a line starting with `{`) into an [`MjaiEvent`]
//! and, when the lines after it hold a board dump (the golden format: a header line, then per
//! seat `tehai:` and `ho:` lines, ended by a line of dashes), that board as an [`MjaiBoard`]. Other
//! lines (comments `#`, separators) are skipped. Tiles are mjai names (`1m`..`9s`, `5mr`
//! red, `E S W N P F C`) read as [`Piece`]s; `?` (a hidden tile) is `None`.
//!
//! The older format this file uses has `haipai` events (each seat's deal) and `hora` /
//! `ryukyoku` without `deltas`; the newer fields (`deltas`, `scores`, `tehais`, ...) are read
//! when present. An event type this reader does not know is kept as [`MjaiEvent::Other`] with
//! its JSON, so nothing is lost.

use mj_tiles::{Piece, Suit, Tile};
use serde_json::Value;

/// One mjai event.
#[derive(Clone, Debug, PartialEq)]
pub enum MjaiEvent {
    /// `start_game`.
    StartGame { names: Vec<String> },
    /// `start_kyoku` (`tehais` when the log has them).
    StartKyoku {
        oya: u8,
        dora_marker: Option<Piece>,
        bakaze: Option<Piece>,
        kyoku: Option<u8>,
        honba: Option<u8>,
        kyotaku: Option<u8>,
        scores: Option<Vec<i32>>,
        tehais: Option<Vec<Vec<Option<Piece>>>>,
    },
    /// `haipai`: one seat's deal (old format).
    Haipai { actor: u8, pais: Vec<Option<Piece>> },
    /// `tsumo`.
    Tsumo { actor: u8, pai: Option<Piece> },
    /// `dahai`.
    Dahai {
        actor: u8,
        pai: Piece,
        tsumogiri: Option<bool>,
    },
    /// `chi`.
    Chi {
        actor: u8,
        target: u8,
        pai: Piece,
        consumed: Vec<Piece>,
    },
    /// `pon`.
    Pon {
        actor: u8,
        target: u8,
        pai: Piece,
        consumed: Vec<Piece>,
    },
    /// `daiminkan`.
    Daiminkan {
        actor: u8,
        target: u8,
        pai: Piece,
        consumed: Vec<Piece>,
    },
    /// `kakan`.
    Kakan {
        actor: u8,
        pai: Piece,
        consumed: Vec<Piece>,
    },
    /// `ankan`.
    Ankan { actor: u8, consumed: Vec<Piece> },
    /// `dora`.
    Dora { dora_marker: Piece },
    /// `nukidora`: a north set aside (kita, three-player games; the three-player mjai
    /// extensions' name, as `mj_game::Event::Nukidora` writes it).
    Nukidora { actor: u8, pai: Piece },
    /// `reach`.
    Reach { actor: u8 },
    /// `reach_accepted`.
    ReachAccepted { actor: u8 },
    /// `hora`.
    Hora {
        actor: u8,
        target: u8,
        pai: Option<Piece>,
        deltas: Option<Vec<i32>>,
        scores: Option<Vec<i32>>,
    },
    /// `ryukyoku`.
    Ryukyoku {
        reason: Option<String>,
        deltas: Option<Vec<i32>>,
        scores: Option<Vec<i32>>,
    },
    /// `end_kyoku`.
    EndKyoku,
    /// `end_game`.
    EndGame,
    /// Any other type, as read.
    Other(Value),
}

/// A call shown on the board: `[9p(3)/9p 9p]` = the called tile, the seat it came from, the
/// tiles from the hand; a closed kan is `[# 5sr 5s #]` (`#` face down: `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardMeld {
    /// The called tile (`None` when hidden).
    pub pai: Option<Piece>,
    /// The seat it came from (`None` for a closed kan).
    pub target: Option<u8>,
    /// The tiles from the hand.
    pub consumed: Vec<Option<Piece>>,
}

/// One seat on the board.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BoardSeat {
    /// The concealed tiles as shown (the drawn tile last when there is one).
    pub tehai: Vec<Option<Piece>>,
    /// The calls.
    pub melds: Vec<BoardMeld>,
    /// The discards still in the river, each with `true` for the riichi declaration tile
    /// (`=2p`).
    pub ho: Vec<(Option<Piece>, bool)>,
}

/// The board dump after an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MjaiBoard {
    /// The header as written (`E-1 kyoku 0 honba  dora_marker: 6s`).
    pub header: String,
    /// The seats.
    pub seats: Vec<BoardSeat>,
}

/// One event line with the board after it, if the log has one.
#[derive(Clone, Debug, PartialEq)]
pub struct MjaiRecord {
    /// The 1-based line number of the event.
    pub line: usize,
    /// The event.
    pub event: MjaiEvent,
    /// The board after it.
    pub board: Option<MjaiBoard>,
}

/// Why an mjai log could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct MjaiError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

/// An mjai tile name as a piece: `Ok(None)` for `?`.
pub fn mjai_piece(name: &str) -> Result<Option<Piece>, String> {
    let honor = |i: u8| Tile::from_suit_rank(Suit::Honor, i).map(Piece::new);
    let p = match name {
        "?" => return Ok(None),
        "E" => honor(1),
        "S" => honor(2),
        "W" => honor(3),
        "N" => honor(4),
        "P" => honor(5),
        "F" => honor(6),
        "C" => honor(7),
        _ => {
            let b = name.as_bytes();
            let suit = b
                .get(1)
                .and_then(|&c| Suit::from_letter(c as char))
                .filter(|s| s.is_numbered());
            let rank = b.first().filter(|c| c.is_ascii_digit()).map(|c| c - b'0');
            match (suit, rank, &b[b.len().min(2)..]) {
                (Some(s), Some(5), b"r") => Piece::red_five(s),
                (Some(s), Some(r), b"") => Tile::from_suit_rank(s, r).map(Piece::new),
                _ => None,
            }
        }
    };
    p.map(Some)
        .ok_or_else(|| format!("{name:?} is not an mjai tile"))
}

fn field<'a>(v: &'a Value, k: &str) -> Result<&'a Value, String> {
    v.get(k).ok_or_else(|| format!("no `{k}`"))
}

fn seat(v: &Value, k: &str) -> Result<u8, String> {
    field(v, k)?
        .as_u64()
        .and_then(|x| u8::try_from(x).ok())
        .filter(|&x| x < 4)
        .ok_or_else(|| format!("`{k}` is not a seat"))
}

fn tile(v: &Value, k: &str) -> Result<Option<Piece>, String> {
    mjai_piece(
        field(v, k)?
            .as_str()
            .ok_or_else(|| format!("`{k}` is not a string"))?,
    )
}

fn known_tile(v: &Value, k: &str) -> Result<Piece, String> {
    tile(v, k)?.ok_or_else(|| format!("`{k}` is hidden"))
}

fn tiles(v: &Value) -> Result<Vec<Option<Piece>>, String> {
    v.as_array()
        .ok_or("not a tile list")?
        .iter()
        .map(|t| mjai_piece(t.as_str().ok_or("tile is not a string")?))
        .collect()
}

fn consumed(v: &Value) -> Result<Vec<Piece>, String> {
    tiles(field(v, "consumed")?)?
        .into_iter()
        .map(|t| t.ok_or_else(|| "hidden consumed tile".to_owned()))
        .collect()
}

fn ints(v: &Value, k: &str) -> Result<Option<Vec<i32>>, String> {
    match v.get(k) {
        None => Ok(None),
        Some(a) => a
            .as_array()
            .ok_or_else(|| format!("`{k}` is not a list"))?
            .iter()
            .map(|x| {
                x.as_i64()
                    .and_then(|x| i32::try_from(x).ok())
                    .ok_or_else(|| format!("`{k}` holds a non-integer"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
    }
}

fn small(v: &Value, k: &str) -> Option<u8> {
    v.get(k)
        .and_then(Value::as_u64)
        .and_then(|x| u8::try_from(x).ok())
}

/// Reads one event object.
pub fn parse_mjai_event(v: &Value) -> Result<MjaiEvent, String> {
    let ty = field(v, "type")?.as_str().ok_or("`type` is not a string")?;
    Ok(match ty {
        "start_game" => MjaiEvent::StartGame {
            names: v
                .get("names")
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .map(|n| n.as_str().unwrap_or("").to_owned())
                        .collect()
                })
                .unwrap_or_default(),
        },
        "start_kyoku" => MjaiEvent::StartKyoku {
            oya: seat(v, "oya")?,
            dora_marker: tile(v, "dora_marker")?,
            bakaze: match v.get("bakaze") {
                Some(_) => tile(v, "bakaze")?,
                None => None,
            },
            kyoku: small(v, "kyoku"),
            honba: small(v, "honba"),
            kyotaku: small(v, "kyotaku"),
            scores: ints(v, "scores")?,
            tehais: match v.get("tehais") {
                Some(t) => Some(
                    t.as_array()
                        .ok_or("`tehais` is not a list")?
                        .iter()
                        .map(tiles)
                        .collect::<Result<_, _>>()?,
                ),
                None => None,
            },
        },
        "haipai" => MjaiEvent::Haipai {
            actor: seat(v, "actor")?,
            pais: tiles(field(v, "pais")?)?,
        },
        "tsumo" => MjaiEvent::Tsumo {
            actor: seat(v, "actor")?,
            pai: tile(v, "pai")?,
        },
        "dahai" => MjaiEvent::Dahai {
            actor: seat(v, "actor")?,
            pai: known_tile(v, "pai")?,
            tsumogiri: v.get("tsumogiri").and_then(Value::as_bool),
        },
        "chi" | "pon" | "daiminkan" => {
            let (actor, target, pai, consumed) = (
                seat(v, "actor")?,
                seat(v, "target")?,
                known_tile(v, "pai")?,
                consumed(v)?,
            );
            match ty {
                "chi" => MjaiEvent::Chi {
                    actor,
                    target,
                    pai,
                    consumed,
                },
                "pon" => MjaiEvent::Pon {
                    actor,
                    target,
                    pai,
                    consumed,
                },
                _ => MjaiEvent::Daiminkan {
                    actor,
                    target,
                    pai,
                    consumed,
                },
            }
        }
        "kakan" => MjaiEvent::Kakan {
            actor: seat(v, "actor")?,
            pai: known_tile(v, "pai")?,
            consumed: consumed(v)?,
        },
        "ankan" => MjaiEvent::Ankan {
            actor: seat(v, "actor")?,
            consumed: consumed(v)?,
        },
        "dora" => MjaiEvent::Dora {
            dora_marker: known_tile(v, "dora_marker")?,
        },
        "nukidora" => {
            let pai = known_tile(v, "pai")?;
            if pai.tile() != Tile::NORTH {
                return Err(format!("nukidora of {pai}: only a north (N) is set aside"));
            }
            MjaiEvent::Nukidora {
                actor: seat(v, "actor")?,
                pai,
            }
        }
        "reach" => MjaiEvent::Reach {
            actor: seat(v, "actor")?,
        },
        "reach_accepted" => MjaiEvent::ReachAccepted {
            actor: seat(v, "actor")?,
        },
        "hora" => MjaiEvent::Hora {
            actor: seat(v, "actor")?,
            target: seat(v, "target")?,
            pai: match v.get("pai") {
                Some(_) => tile(v, "pai")?,
                None => None,
            },
            deltas: ints(v, "deltas")?,
            scores: ints(v, "scores")?,
        },
        "ryukyoku" => MjaiEvent::Ryukyoku {
            reason: v.get("reason").and_then(Value::as_str).map(str::to_owned),
            deltas: ints(v, "deltas")?,
            scores: ints(v, "scores")?,
        },
        "end_kyoku" => MjaiEvent::EndKyoku,
        "end_game" => MjaiEvent::EndGame,
        _ => MjaiEvent::Other(v.clone()),
    })
}

/// Tiles written in 3-character cells (`1m 5pr6p E  `), each possibly marked by a leading
/// `=` (the riichi declaration tile of a river): (tile, marked).
fn cells(s: &str) -> Result<Vec<(Option<Piece>, bool)>, String> {
    let chars: Vec<char> = s.trim_start().chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let marked = chars[i] == '=';
        if marked {
            i += 1;
        }
        let end = (i + 3).min(chars.len());
        let name: String = chars[i..end].iter().collect();
        let name = name.trim();
        if !name.is_empty() {
            out.push((mjai_piece(name)?, marked));
        }
        i = end;
    }
    Ok(out)
}

/// `[9p(3)/9p 9p]`.
fn board_meld(s: &str) -> Result<BoardMeld, String> {
    let inner = s
        .trim()
        .strip_prefix('[')
        .and_then(|x| x.strip_suffix(']'))
        .ok_or("meld without brackets")?;
    let Some((called, rest)) = inner.split_once('/') else {
        // A closed kan: `[# 5sr 5s #]`, `#` a tile shown face down.
        let consumed = inner
            .split_whitespace()
            .map(|t| if t == "#" { Ok(None) } else { mjai_piece(t) })
            .collect::<Result<_, _>>()?;
        return Ok(BoardMeld {
            pai: None,
            target: None,
            consumed,
        });
    };
    let open = called.find('(').ok_or("meld without its seat")?;
    let pai = mjai_piece(&called[..open])?;
    let target = called[open + 1..]
        .strip_suffix(')')
        .and_then(|t| t.parse::<u8>().ok())
        .filter(|&t| t < 4)
        .ok_or("meld seat is not 0..4")?;
    let consumed = rest
        .split_whitespace()
        .map(mjai_piece)
        .collect::<Result<_, _>>()?;
    Ok(BoardMeld {
        pai,
        target: Some(target),
        consumed,
    })
}

fn board_seat(tehai: &str, ho: &str) -> Result<BoardSeat, String> {
    let (hand, melds) = match tehai.find('[') {
        Some(i) => (&tehai[..i], &tehai[i..]),
        None => (tehai, ""),
    };
    let melds = melds
        .split_inclusive(']')
        .filter(|m| !m.trim().is_empty())
        .map(board_meld)
        .collect::<Result<Vec<_>, _>>()?;
    let ho = cells(ho)?;
    let tehai = cells(hand)?.into_iter().map(|(p, _)| p).collect();
    Ok(BoardSeat { tehai, melds, ho })
}

/// Reads an mjai log (see the module docs).
pub fn parse_mjai_log(text: &str) -> Result<Vec<MjaiRecord>, MjaiError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let no = i + 1;
        i += 1;
        if !line.starts_with('{') {
            continue;
        }
        let v: Value = serde_json::from_str(line).map_err(|e| MjaiError {
            line: no,
            why: e.to_string(),
        })?;
        let event = parse_mjai_event(&v).map_err(|why| MjaiError { line: no, why })?;
        // A board: a header, then `tehai:` / `ho:` line pairs, until a line of dashes.
        let mut board = None;
        if i < lines.len()
            && !lines[i].starts_with('{')
            && !lines[i].starts_with('-')
            && !lines[i].trim().is_empty()
        {
            let header = lines[i].trim_end().to_owned();
            let mut seats = Vec::new();
            let mut j = i + 1;
            while j + 1 < lines.len() && lines[j].contains("tehai:") {
                let tehai = lines[j].split_once("tehai:").map_or("", |(_, t)| t);
                let ho = lines[j + 1]
                    .split_once("ho:")
                    .map(|(_, h)| h)
                    .ok_or_else(|| MjaiError {
                        line: j + 2,
                        why: "a `tehai:` line without its `ho:` line".into(),
                    })?;
                seats.push(board_seat(tehai, ho).map_err(|why| MjaiError { line: j + 1, why })?);
                j += 2;
            }
            if !seats.is_empty() {
                board = Some(MjaiBoard { header, seats });
                i = j;
            }
        }
        out.push(MjaiRecord {
            line: no,
            event,
            board,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_names() {
        assert_eq!(
            mjai_piece("5pr").map(|p| p.map(|p| p.to_string())),
            Ok(Some("0p".to_owned()))
        );
        assert_eq!(
            mjai_piece("C").map(|p| p.map(|p| p.to_string())),
            Ok(Some("7z".to_owned()))
        );
        assert_eq!(mjai_piece("?"), Ok(None));
        for bad in ["", "0m", "5z", "6mr", "10m", "x", "5mrr"] {
            assert!(mjai_piece(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn nukidora_is_read() {
        let ev = |t: &str| parse_mjai_event(&serde_json::from_str(t).unwrap());
        assert_eq!(
            ev(r#"{"type":"nukidora","actor":2,"pai":"N"}"#),
            Ok(MjaiEvent::Nukidora {
                actor: 2,
                pai: Piece::new(Tile::NORTH)
            })
        );
        assert!(ev(r#"{"type":"nukidora","actor":2,"pai":"E"}"#).is_err());
        assert!(ev(r#"{"type":"nukidora","pai":"N"}"#).is_err());
    }

    #[test]
    fn board_cells_and_melds() {
        let s = board_seat(
            " 4m 8m 7p E  N   [9p(3)/9p 9p] [W(0)/W W]",
            "    1p =4m 5pr7s ",
        )
        .unwrap_or_default();
        assert_eq!(s.tehai.len(), 5);
        assert_eq!(s.melds.len(), 2);
        assert_eq!(s.melds[0].target, Some(3));
        assert_eq!(s.ho.len(), 4);
        assert!(s.ho[1].1);
        let s = board_seat("5pr6p 4s ", "").unwrap_or_default();
        assert_eq!(s.tehai.len(), 3);
    }
}
